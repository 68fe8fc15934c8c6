"""The processes an isolated agent runs in: ``python -m townwidget.arena.agent_process MEMORY_MB PARENT_PID MODE
PROCESSES`` (``MODE``: ``sandbox`` or ``process``; ``PARENT_PID`` 0 in a sandbox, where the arena is not seen).

The process so started is the agent's fork server: a clean interpreter started by
:mod:`townwidget.arena.isolation` in a fresh working directory before any game exists. It loads the agent once and
never sees a view; for each game it forks a child that plays that one game, in a fresh working directory of its
own, and ends with it. Whatever a game's child keeps (module globals, class attributes, files in its directory,
environment variables, threads, processes it started) dies with the game, so no game knows anything of an earlier
one. The server reads one JSON message per line on its standard input (a Unix socket) and answers one per line:

- ``{"op": "load", "agent": SOURCE}``: load the agent (a package name, a pickled object, or a submission file);
  answers ``{"ok": true}`` or ``{"fault": "error" | "memory", "detail": ...}``.
- ``{"op": "game", "seed": S}`` with a socket attached (``SCM_RIGHTS``): fork the game's child, which talks on
  that socket; answers ``{"pid": PID}``. ``S`` (only for a package agent, built from its name) seeds the agent.
- ``{"op": "end", "wait": SECONDS}``: let the game's child end (killed after ``SECONDS``), and with it whatever
  it started; answers ``{"code": EXIT_CODE_OR_MINUS_SIGNAL, "killed": BOOL}``.

In the sandbox (:mod:`townwidget.arena.sandbox`) the server never runs the agent's own code: it loads a
submission or a pickled object once in a child of its own, to tell whether it loads, and each game's child loads
it afresh; after each game every other process of the sandbox is killed and its ``/tmp``, ``/dev/shm``, System V
IPC objects and keyrings are emptied. So nothing a game does reaches the next, even through the server.

A game's child first answers ``{"ready": true}`` (the agent is built) or a fault. It then reads
``{"op": "act", "player": P, "view": VIEWER_FORM}`` on its socket, rebuilds the view with the
code of the game whose ``"format"`` the viewer form has, asks the agent, and answers ``{"action": JSON, "cpu":
SECONDS}`` or ``{"fault": REASON, "detail": ...}``. The agent's own prints go to standard error. The server ends
when its input closes or its parent is gone; address spaces are bounded by ``MEMORY_MB`` (``RLIMIT_AS``).
"""

from __future__ import annotations

import base64
import contextlib
import ctypes
import gc
import importlib.abc
import json
import os
import pickle
import resource
import select
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from townwidget.agents import make_agent
from townwidget.arena.isolation import own_directory, set_dumpable
from townwidget.arena.players import Forfeit, fault_detail, plain_action
from townwidget.arena.sandbox import NOBODY
from townwidget.core import action_data, is_agent
from townwidget.core.registry import families

PARENT_POLL_SECONDS = 1.0
STANDARD_STREAMS = (0, 1, 2)


@dataclass
class Loaded:
    """What the server holds: the agent loaded once (or, for a package name, what builds it per game)."""

    source: dict[str, Any]
    agent: Any = None
    per_game: bool = False  # the sandbox's server: each game's child loads the agent itself


@dataclass
class Game:
    """The child playing the current game, and its working directory."""

    pid: int
    directory: str


@dataclass
class Server:
    """The fork server's loop: one agent, one game's child at a time."""

    control: socket.socket
    parent: int  # 0: not watched (in the sandbox, which dies with the arena)
    sandboxed: bool = False
    forbidden: Forbidden | None = None  # modules the agent may not import (a checker's rule)
    loaded: Loaded | None = None
    game: Game | None = None
    buffer: bytes = b""
    attached: list[int] = field(default_factory=list)  # sockets received for the games not yet begun

    def serve(self) -> None:
        while (message := self.receive()) is not None:
            op = message.get("op")
            if op == "load":
                self.forbidden = Forbidden(tuple(message.get("forbid", ())), tuple(message.get("allow", ())))
                answer = self.load(message["agent"])
            elif op == "game":
                answer = self.begin(message.get("seed"))
            else:
                answer = self.end(float(message.get("wait", 0)))
            try:
                self.control.sendall(json.dumps(answer).encode() + b"\n")
            except OSError:  # the parent is gone (stopped by Ctrl-C): nobody is left to answer
                break
        self.end(0)

    def receive(self) -> dict[str, Any] | None:
        """The next message, or ``None`` once the input is closed or the parent is gone."""
        while b"\n" not in self.buffer:
            if self.parent and not _alive(self.parent):
                return None
            ready, _, _ = select.select([self.control], [], [], PARENT_POLL_SECONDS)
            if ready:
                try:
                    chunk, descriptors, _, _ = socket.recv_fds(self.control, 1 << 20, 4)
                except OSError:  # the parent is gone (its end reset)
                    return None
                if not chunk:
                    return None
                self.buffer += chunk
                self.attached += descriptors
        line, self.buffer = self.buffer.split(b"\n", 1)
        message = json.loads(line)
        assert isinstance(message, dict)
        return message

    def load(self, source: dict[str, Any]) -> dict[str, Any]:
        if self.forbidden and source["kind"] != "name":
            self.forbidden.install()  # once, here: whatever loads the agent (this server, or its children) after
        if self.sandboxed and source["kind"] != "name":
            return self.trial_load(source)
        before = _process_traits()
        try:
            self.loaded = Loaded(source, load_agent(source))
        except KeyboardInterrupt:
            raise
        except MemoryError as error:
            return {"fault": "memory", "detail": fault_detail(error)}
        except BaseException as error:  # a submission that raises SystemExit while loading does not end the server
            return {"fault": "error", "detail": fault_detail(error)}
        finally:
            _end_children()
        _keep_only(self.control.fileno())  # what the loading opened is closed (the agent's objects may not use it)
        left = _left_running(before)
        if left:
            self.loaded = None
            return {"fault": "error", "detail": f"while loading, the agent {left}: it would outlive its games"}
        if _threads() > 1:
            _shed_threads()
        _privatize(_shared_mappings() - before.shared)
        gc.freeze()  # a game's collector skips what the server holds, so the child copies fewer of its pages
        return {"ok": True, "pid": os.getpid()}

    def trial_load(self, source: dict[str, Any]) -> dict[str, Any]:
        """Whether the agent loads, told by a child that loads it (the server never runs the agent's code)."""
        reading, writing = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(reading)
            answer: dict[str, Any] = {"ok": True}
            try:
                load_agent(source)
            except MemoryError as error:
                answer = {"fault": "memory", "detail": fault_detail(error)}
            except BaseException as error:
                answer = {"fault": "error", "detail": fault_detail(error)}
            with contextlib.suppress(BaseException):
                os.write(writing, json.dumps(answer).encode()[: 1 << 16])
            os._exit(0)
        os.close(writing)
        with os.fdopen(reading, "rb") as pipe:
            told = pipe.read(1 << 16)
        _reaped(pid, 0)
        _empty_sandbox()
        try:
            answer = json.loads(told)
        except ValueError:
            answer = {"fault": "crash", "detail": "the agent's process died while loading"}
        if "fault" in answer:
            return answer
        self.loaded = Loaded(source, per_game=True)
        gc.freeze()  # as after any load: the games' collectors skip what the server holds
        return {"ok": True, "pid": os.getpid()}

    def begin(self, seed: int | None) -> dict[str, Any]:
        self.end(0)
        channel = self.attached.pop(0)
        directory = tempfile.mkdtemp(prefix="game-", dir=os.getcwd())
        pid = os.fork()
        if pid == 0:
            _play_game(self, channel, directory, seed)  # never returns
        os.close(channel)
        self.game = Game(pid, directory)
        return {"pid": pid}

    def end(self, wait: float) -> dict[str, Any]:
        """End the current game's child (after ``wait`` seconds at most) and everything it started."""
        game, self.game = self.game, None
        if game is None:
            return {"code": None, "killed": False}
        status, killed = _reaped(game.pid, wait)
        if self.sandboxed:
            _empty_sandbox()
        else:
            _end_children()
            shutil.rmtree(game.directory, ignore_errors=True)
        return {"code": os.waitstatus_to_exitcode(status), "killed": killed}


def main(argv: list[str]) -> int:
    memory_mb, parent = int(argv[0]), int(argv[1])
    sandboxed = len(argv) > 2 and argv[2] == "sandbox"
    if sandboxed:
        _enter_sandbox(int(argv[3]) if len(argv) > 3 else 0)
    home = os.getcwd()  # before the agent is loaded: its code may change directory
    control = socket.socket(fileno=os.dup(0))
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)  # the agent reads nothing of the channel
    os.close(devnull)
    os.dup2(2, 1)  # the agent's prints (fd 1) go to standard error, never into the answers
    sys.stdout = sys.stderr
    sys.stdin = open(0, closefd=False)  # noqa: SIM115  # /dev/null
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    set_dumpable(0)  # no other process of the user (another agent, a game's child) reads this one's memory
    drop_capabilities()
    become_subreaper()
    families()  # the games' code loaded before the limit, as in any interpreter that plays them
    limit = memory_mb * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    Server(control, parent, sandboxed).serve()
    if own_directory(home):  # the arena removes it when it stops this server, but it may have ended first
        shutil.rmtree(home, ignore_errors=True)
    return 0


def _play_game(server: Server, channel: int, directory: str, seed: int | None) -> None:
    """The game's child: it plays one game on ``channel`` and exits (``os._exit``: never back into the server)."""
    code = 1
    try:
        server.control.detach()  # closed below with every descriptor but the game's
        _keep_only(channel)
        os.chdir(directory)
        _default_signals()
        zygote = os.getppid()
        threading.Thread(target=_exit_without, args=(zygote,), daemon=True).start()
        game = socket.socket(fileno=channel)
        loaded = server.loaded
        agent, fault = _built(loaded, seed)
        game.sendall(json.dumps(fault or {"ready": True}).encode() + b"\n")
        for line in game.makefile("rb"):
            message = json.loads(line)
            answer = _act(agent, message) if fault is None else {**fault, "id": message.get("id")}
            game.sendall(json.dumps(answer).encode() + b"\n")
        code = 0
    except BaseException:  # the arena sees the exit code; the agent's faults were answered above
        pass
    finally:
        os._exit(code)


def _built(loaded: Loaded | None, seed: int | None) -> tuple[Any, dict[str, Any] | None]:
    """The game's agent: the one the server loaded, loaded here (the sandbox's), or built from a package name with
    the game's seed; or the fault that says why there is none."""
    if loaded is None:
        return None, {"fault": "error", "detail": "the agent did not load"}
    if loaded.source["kind"] != "name" and not loaded.per_game:
        return loaded.agent, None
    try:
        if loaded.per_game:
            return load_agent(loaded.source), None
        return build_named(loaded.source, seed or 0), None
    except MemoryError as error:
        return None, {"fault": "memory", "detail": fault_detail(error)}
    except BaseException as error:
        return None, {"fault": "error", "detail": fault_detail(error)}


def _act(agent: Any, message: dict[str, Any]) -> dict[str, Any]:
    view = _view(message["view"], message["player"])
    start = time.process_time()
    try:
        action = plain_action(agent.act(view))
        cpu = time.process_time() - start
        return {"action": action_data(action), "cpu": cpu, "id": message.get("id")}
    except KeyboardInterrupt:
        raise
    except Forfeit as forfeit:
        return {"fault": forfeit.reason, "detail": forfeit.detail, "id": message.get("id")}
    except MemoryError as error:
        return {"fault": "memory", "detail": fault_detail(error), "id": message.get("id")}
    except BaseException as error:  # SystemExit too: the agent forfeits, the process answers
        return {"fault": "error", "detail": fault_detail(error), "id": message.get("id")}


def _view(data: dict[str, Any], player: int) -> Any:
    """The view rebuilt by its own game's code, found by the viewer form's ``"format"``."""
    game = next(game for game in families() if data.get("format") in game.formats)
    assert game.view_from_dict is not None, f"{game.family} views cannot be rebuilt from their JSON form"
    return game.view_from_dict(data, player)


def load_agent(source: dict[str, Any]) -> Any:
    """The agent described by ``source``, loaded once by the server: ``{"kind": "pickle", "data"}`` (base64;
    cloudpickle's where the agent came from a notebook) or ``{"kind": "file", "path"}``; for ``{"kind": "name",
    "name", "budget"}`` an agent is built (its code imported, the name checked) and ``None`` returned: each game
    builds its own with its seed."""
    kind = source["kind"]
    if kind == "name":
        build_named(source, 0)
        return None
    if kind == "pickle":
        return as_agent(pickle.loads(base64.b64decode(source["data"])))
    return load_submission(source["path"], source["code"])


def build_named(source: dict[str, Any], seed: int) -> Any:
    """The package's agent of ``source``'s name and budget, seeded with ``seed``."""
    return make_agent(source["name"], seed=seed, **source["budget"])


def load_submission(path: str, text: str) -> Any:
    """The agent a submission file defines (``text``, the code of the file at ``path``, which the sandbox does
    not show): an object named ``agent`` with ``act(view)``, or a function ``act``."""
    module = types.ModuleType("submission")
    module.__file__ = path
    code = compile(text, path, "exec")
    sys.modules["submission"] = module  # classes defined in the file find their module (dataclasses need it)
    exec(code, module.__dict__)
    candidate = module.__dict__.get("agent", module.__dict__.get("act"))
    if candidate is None:
        raise ValueError("the file defines neither act(view) nor an object named agent with act(view)")
    return as_agent(candidate)


class FunctionAgent:
    """An agent that is a function ``act(view)``."""

    def __init__(self, function: Any) -> None:
        self.act = function
        self.name = function.__name__


def as_agent(candidate: Any) -> Any:
    """``candidate`` if it has ``act(view)``, a function wrapped as an agent, else a ValueError in words."""
    if is_agent(candidate):
        return candidate
    if isinstance(candidate, types.FunctionType):
        return FunctionAgent(candidate)
    raise ValueError(f"an agent has an act(view) method (or is a function act(view)), not {type(candidate).__name__}")


PR_CAPBSET_DROP, PR_SET_NO_NEW_PRIVS, LAST_CAPABILITY = 24, 38, 63  # Linux prctl(2), capabilities(7)
CAPABILITY_VERSION_3 = 0x20080522


def drop_capabilities() -> None:
    """Linux: give up every capability, for good (bounding set emptied, no new privileges on exec), so that even
    an agent process of root cannot read the memory of the arena's processes, which are not dumpable."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return
    for capability in range(LAST_CAPABILITY + 1):
        libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0)  # fails past the kernel's last one: no matter
    libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
    header = (ctypes.c_uint32 * 2)(CAPABILITY_VERSION_3, 0)
    nothing = (ctypes.c_uint32 * 6)()  # effective, permitted, inheritable; twice (64 capabilities)
    libc.capset(header, nothing)


PR_SET_CHILD_SUBREAPER = 36  # Linux prctl(2)


def become_subreaper() -> None:
    """Linux: the processes a game's child starts and leaves behind become this server's children (not init's),
    so that :func:`_end_children` ends them with the game."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def _children() -> list[int]:
    """This process's living children (Linux: read from /proc; elsewhere none are known)."""
    me, found = os.getpid(), []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == me and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def _end_children() -> None:
    """Kill and reap every child of this server: a game's child and whatever it left behind, or whatever loading
    the agent started (a process could otherwise carry one game's knowledge to the next)."""
    for _ in range(1000):  # each round kills the processes orphaned (made this server's) by the round before
        children = _children()
        if not children:
            break
        for pid in children:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
    while True:  # the dead are reaped; one still dying is reaped at the next game's end
        try:
            if os.waitpid(-1, os.WNOHANG)[0] == 0:
                return
        except ChildProcessError:
            return


def _reaped(pid: int, wait: float) -> tuple[int, bool]:
    """The wait status of child ``pid`` once it has ended: by itself within ``wait`` seconds, else killed."""
    deadline = time.monotonic() + wait
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status, False
        if time.monotonic() >= deadline:
            os.kill(pid, signal.SIGKILL)
            return os.waitpid(pid, 0)[1], True
        time.sleep(0.002)


def _keep_only(channel: int) -> None:
    """Close every descriptor of the game's child but the standard streams and ``channel``: none of the server's
    (what loading the agent opened included) may be shared by two games. Standard input is /dev/null, output goes
    to standard error, as in the server before the agent loaded."""
    os.closerange(3, channel)
    os.closerange(channel + 1, os.sysconf("SC_OPEN_MAX"))
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    os.dup2(2, 1)


@dataclass(frozen=True)
class Traits:
    """What the server is before loading the agent, so that what the loading left running can be told."""

    error_stream: tuple[int, int]  # its device and inode
    shared: frozenset[str]  # writable shared memory mappings
    handlers: dict[int, Any]  # signal handlers
    blocked: frozenset[int]  # signals blocked


def _process_traits() -> Traits:
    error = os.fstat(2)
    handlers = {int(number): signal.getsignal(number) for number in signal.valid_signals()}
    blocked = frozenset(signal.pthread_sigmask(signal.SIG_BLOCK, []))
    return Traits((error.st_dev, error.st_ino), _shared_mappings(), handlers, blocked)


def _shared_mappings() -> frozenset[str]:
    """The writable shared mappings of this process (Linux /proc/self/maps: address range and name)."""
    try:
        lines = Path("/proc/self/maps").read_text().splitlines()
    except OSError:
        return frozenset()
    return frozenset(line for line in lines if line.split()[1].startswith("rw") and line.split()[1][3] == "s")


def _left_running(before: Traits) -> str | None:
    """What loading the agent left that games could share, in words (signal handlers are put back silently: a
    handler of the agent's in the server could keep what a game's child signals it)."""
    for number, handler in before.handlers.items():
        if handler is not None:  # set again even if unchanged in Python's eyes: the agent may have used sigaction
            with contextlib.suppress(OSError, ValueError):
                signal.signal(number, handler)
    signal.pthread_sigmask(signal.SIG_SETMASK, before.blocked)
    after = os.fstat(2)
    if (after.st_dev, after.st_ino) != before.error_stream:
        return "replaced its standard error"
    return None


PROT_READ, PROT_WRITE, MAP_PRIVATE, MAP_FIXED, MAP_ANONYMOUS = 1, 2, 0x02, 0x10, 0x20  # Linux mmap(2)


def _privatize(mappings: frozenset[str]) -> None:
    """Make the writable shared memory the loading mapped (a semaphore of a library's lock, an ``mmap``) private,
    with its contents, at the same address: each game's child gets its own copy, so none sees another's writes."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
    for mapping in mappings:
        start, end = (int(bound, 16) for bound in mapping.split()[0].split("-"))
        contents = ctypes.string_at(start, end - start)
        flags = MAP_PRIVATE | MAP_FIXED | MAP_ANONYMOUS
        if libc.mmap(start, end - start, PROT_READ | PROT_WRITE, flags, -1, 0) != start:
            raise OSError(ctypes.get_errno(), "the agent's shared memory could not be made private")
        ctypes.memmove(start, contents, end - start)


def _threads() -> int:
    """The threads of this process (Linux: the kernel's count, native threads included)."""
    return len(os.listdir("/proc/self/task")) if os.path.isdir("/proc/self/task") else threading.active_count()


def _shed_threads() -> None:
    """Go on as a fork of this process, which has only the thread that forks: the threads the loading started end
    with this process before any game (they could otherwise keep what one game's child tells them for the next)."""
    if os.fork() != 0:
        os._exit(0)
    become_subreaper()  # not inherited by a fork


@dataclass(frozen=True)
class Forbidden(importlib.abc.MetaPathFinder):
    """Modules an agent may not import (a lesson's checker forbids the package's own players): dotted prefixes,
    and the modules among them that are allowed all the same (a lesson's building blocks)."""

    prefixes: tuple[str, ...]
    allowed: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.prefixes)

    def covers(self, name: str) -> bool:
        inside = any(name == prefix or name.startswith(prefix + ".") for prefix in self.prefixes)
        return inside and name not in self.allowed

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if self.covers(name):
            raise ImportError(f"{name} may not be imported here: the exercise is an agent of your own", name=name)

    def install(self) -> None:
        """From now on in this process: the forbidden modules cannot be imported, and those already imported are
        gone, with every name other modules had for them or their contents (collected, so none is left to find)."""
        sys.meta_path.insert(0, self)
        for name in [name for name in sys.modules if self.covers(name)]:
            del sys.modules[name]
        for module in list(sys.modules.values()):
            try:
                names = vars(module)
            except TypeError:
                continue
            for key, value in list(names.items()):
                home = value.__name__ if isinstance(value, types.ModuleType) else getattr(value, "__module__", None)
                if isinstance(home, str) and self.covers(home):
                    del names[key]
        gc.collect()


# --- the sandbox's server ------------------------------------------------------------------------------------
UNCATCHABLE = {signal.SIGKILL, signal.SIGSTOP, signal.SIGCHLD}  # SIGCHLD ignored would reap the games unseen
SANDBOX_FOLDERS = ("/tmp", "/dev/shm")  # the sandbox's only writable places
SYSV_IPC = {"shm": 0, "msg": 1, "sem": 2}  # /proc/sysvipc/NAME, and the IPC_RMID call of each below
IPC_RMID, KEYCTL_CLEAR, KEY_SPEC_USER_KEYRING, KEY_SPEC_USER_SESSION_KEYRING = 0, 7, -4, -5
SYS_KEYCTL = 250  # x86-64; elsewhere the call fails and keyrings stay (a user namespace's own, in the sandbox)


def _enter_sandbox(processes: int) -> None:
    """The server's first steps in the sandbox: become nobody (under a root arena), bound the process count
    (where no control group does) and message queues, and ignore what its games could signal it."""
    if os.getuid() == 0:
        os.setgroups([])
        os.setgid(NOBODY)
        os.setuid(NOBODY)
    if processes:
        resource.setrlimit(resource.RLIMIT_NPROC, (processes, processes))
    resource.setrlimit(resource.RLIMIT_MSGQUEUE, (0, 0))  # POSIX message queues outlive processes: none at all
    for number in signal.valid_signals():
        if number not in UNCATCHABLE:
            with contextlib.suppress(OSError, ValueError):
                signal.signal(number, signal.SIG_IGN)


def _default_signals() -> None:
    """A game's child handles signals as any program does (the sandbox's server ignores them)."""
    if signal.getsignal(signal.SIGTERM) == signal.SIG_IGN:
        for number in signal.valid_signals():
            if number not in UNCATCHABLE and number != signal.SIGINT:
                with contextlib.suppress(OSError, ValueError):
                    signal.signal(number, signal.SIG_DFL)


def _empty_sandbox() -> None:
    """After a game (or a trial load) in the sandbox: every other process of it killed (whatever started them),
    its writable folders emptied, its System V IPC objects and keyrings removed; the next game finds what the
    first found."""
    me = os.getpid()
    for _ in range(1000):
        others = [int(entry.name) for entry in Path("/proc").glob("[0-9]*") if int(entry.name) not in (1, me)]
        living = [pid for pid in others if _living(pid)]
        if not living:
            break
        for pid in living:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        _reap_all()
    _reap_all()
    for folder in SANDBOX_FOLDERS:
        for name in os.listdir(folder) if os.path.isdir(folder) else ():
            entry = os.path.join(folder, name)
            if os.path.isdir(entry) and not os.path.islink(entry):
                shutil.rmtree(entry, ignore_errors=True)
            else:
                with contextlib.suppress(OSError):
                    os.unlink(entry)
    _remove_ipc()


def _living(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def _reap_all() -> None:
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(-1, os.WNOHANG)[0] != 0:
            pass


def _remove_ipc() -> None:
    """Remove the System V shared memory, queues and semaphores, and clear the keyrings of the sandbox."""
    libc = ctypes.CDLL(None, use_errno=True)
    calls = {"shm": libc.shmctl, "msg": libc.msgctl, "sem": libc.semctl}
    for kind in SYSV_IPC:
        try:
            lines = Path(f"/proc/sysvipc/{kind}").read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            identifier = int(line.split()[1])
            if kind == "sem":
                calls[kind](identifier, 0, IPC_RMID)
            else:
                calls[kind](identifier, IPC_RMID, None)
    for keyring in (KEY_SPEC_USER_KEYRING, KEY_SPEC_USER_SESSION_KEYRING):
        libc.syscall(SYS_KEYCTL, KEYCTL_CLEAR, keyring)


def _alive(pid: int) -> bool:
    """Whether process ``pid`` exists (the arena: after :func:`_shed_threads` this server is not its child)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # the pid is another user's now: the arena is gone
        return False
    return True


def _exit_without(parent: int) -> None:
    """End this process once its parent is gone (even while the agent is stuck in a move)."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
