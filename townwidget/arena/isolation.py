"""Isolated agents: each in an operating-system process of its own, bounded in time and memory.

An isolated agent has a fork server (:mod:`townwidget.arena.agent_process`): a clean interpreter started in a
fresh working directory before any game exists, which loads the agent once and never sees a view. Each game is
played by a fresh child of the server, in a fresh working directory, that ends with its game: no game knows
anything of an earlier one. Only the seat's viewer form (``state.to_dict(viewer=seat)``, as JSON) crosses to the
child; it rebuilds the view with the game's own code and answers plain JSON data, which the game parses itself.
No state, deal seed, other agent or memory of this process is reachable from it. Limits per agent:

- ``move_seconds``: wall-clock seconds per move, enforced here (past it the game's child is killed: a
  ``"timeout"`` forfeit);
- ``agent_memory_mb``: its address space, enforced by the operating system (``RLIMIT_AS``: a ``"memory"`` forfeit),
  and in the sandbox the memory of its whole process tree (a control group, where one can be made).

Where ``isolate="sandbox"`` (the default where bubblewrap runs, see :mod:`townwidget.arena.sandbox`) the fork server
and its games run in a sandbox of their own; with ``isolate="process"`` they are processes of the arena's user.
Each agent's standard error goes to a pipe of its own (the last :data:`KEPT_ERROR_BYTES` kept).

A server serves one agent (its slot in the tournament) for many games. Servers end with the run that started
them, or when their parent is gone; a game's child when its game ends, or its server is gone.
"""

from __future__ import annotations

import base64
import contextlib
import ctypes
import dataclasses
import json
import math
import os
import pickle
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from queue import SimpleQueue
from typing import IO, Any

from townwidget.arena import sandbox
from townwidget.arena.players import Forfeit
from townwidget.core import agent_label, home_module, is_agent
from townwidget.core.checks import shown
from townwidget.core.protocol import State

DEFAULT_MOVE_SECONDS = 5.0  # as in other agent competitions
DEFAULT_MEMORY_MB = 1024
MIN_MEMORY_MB = 256  # below this the interpreter and the games' code do not fit
START_SECONDS = 60.0  # to start the interpreter and build the agent (a search compiles its kernels): no move
END_SECONDS = 1.0  # for a server to answer that a game's child ended (past it, the server is stopped)
KEPT_ERROR_BYTES = 16_384  # of an agent's standard error, the last this many
MAX_ANSWER_BYTES = 1 << 20
CRASH_WAIT_SECONDS = 1.0  # for a game's child whose channel closed to be seen dead (its exit code or signal)
KEPT_PROCESSES = 8  # idle agent processes kept by one worker of a run (the oldest is stopped beyond)
DIRECTORY_PREFIX = "townwidget-agent-"  # of the working folder each agent's server gets (removed when it stops)
CRASH_SIGNALS = {signal.SIGSEGV: "segmentation fault", signal.SIGBUS: "bus error", signal.SIGABRT: "abort"}
# thread pools of numerical libraries reserve address space per thread: one thread each keeps the limit for data
SINGLE_THREADED = {
    name: "1" for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS")
}


@dataclass(frozen=True)
class Limits:
    """The bounds of an isolated agent: wall-clock seconds per move and megabytes of address space."""

    move_seconds: float = DEFAULT_MOVE_SECONDS
    memory_mb: int = DEFAULT_MEMORY_MB
    isolate: str = "auto"  # "sandbox", "process", or "auto" (resolved when a process starts: see resolved())
    hidden: tuple[str, ...] = ()  # paths the sandbox covers (the submissions, the arena's records and outputs)
    load_seconds: float = START_SECONDS  # to load the agent for a game (a league sets it from its load check)
    forbidden: tuple[str, ...] = ()  # modules (dotted prefixes) the agent may not import: a checker's rule
    allowed: tuple[str, ...] = ()  # modules among the forbidden that it may import all the same

    def resolved(self) -> Limits:
        """These limits with ``isolate`` made the mode that runs here (see :func:`sandbox.resolve`)."""
        return dataclasses.replace(self, isolate=sandbox.resolve(self.isolate))

    def __post_init__(self) -> None:
        seconds = self.move_seconds
        if (
            isinstance(seconds, bool)
            or not isinstance(seconds, (int, float))
            or not math.isfinite(seconds)
            or seconds <= 0
        ):
            raise ValueError(f"move_seconds must be a finite positive number of seconds, not {shown(seconds)}")
        memory = self.memory_mb
        if isinstance(memory, bool) or not isinstance(memory, int) or memory < MIN_MEMORY_MB:
            raise ValueError(f"agent_memory_mb must be an integer of at least {MIN_MEMORY_MB}, not {shown(memory)}")


@dataclass(frozen=True)
class AgentSource:
    """What an isolated process builds its agent from (JSON data): a package name with its budget, a pickled
    object, or a submission file; ``label`` names it in tables."""

    label: str
    description: dict[str, Any] = field(hash=False, compare=False)
    key: str = ""  # what tells two sources apart (the description without its per-game parts)


def is_submission(spec: Any) -> bool:
    """Whether ``spec`` names a submission file (a path ending in ``.py``)."""
    return isinstance(spec, (str, os.PathLike)) and str(spec).endswith(".py")


def source_of(spec: Any, budget: dict[str, Any], by_value: bool = False) -> AgentSource:
    """The description an isolated process builds ``spec`` from (a name, a submission file, an agent object);
    ``by_value``: an object's class travels as code, not as a name to import there, unless it is the package's
    (for a process where the modules that import the package's players are forbidden)."""
    if is_submission(spec):
        path = Path(spec).resolve()
        if not path.is_file():
            raise ValueError(f"submission file {str(spec)!r} does not exist (or is no file)")
        try:
            code = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise ValueError(f"submission file {str(spec)!r} cannot be read as UTF-8 text: {error}") from None
        return _source(path.stem, {"kind": "file", "path": str(path), "code": code})
    if isinstance(spec, str):
        return _source(spec, {"kind": "name", "name": spec, "budget": budget})
    if not (is_agent(spec) or callable(spec)):
        raise ValueError(
            f"an agent is a name, a submission file (.py) or an object with an act(view) method, not {spec!r}"
        )
    data = base64.b64encode(_pickled(spec, by_value)).decode("ascii")
    return _source(agent_label(spec), {"kind": "pickle", "data": data})


def _source(label: str, description: dict[str, Any]) -> AgentSource:
    return AgentSource(label, description, json.dumps(description, sort_keys=True))


def _pickled(agent: Any, by_value: bool = False) -> bytes:
    """The agent object's bytes: cloudpickle's when installed (it carries classes and functions defined in a
    notebook, ``__main__``, by value; with ``by_value``, those of any module outside the package too), else the
    standard library's (importable classes only)."""
    try:
        import cloudpickle  # type: ignore[import-untyped]
    except ImportError:
        if home_module(agent) == "__main__":
            raise ValueError(
                "an agent defined in a notebook or script (__main__) is sent to its process by cloudpickle: "
                "pip install 'townwidget[league]'"
            ) from None
        return pickle.dumps(agent)
    home = sys.modules.get(home_module(agent))
    carried = by_value and home is not None and home.__name__ not in ("__main__", "builtins")
    carried = carried and home is not None and not home.__name__.startswith("townwidget")
    try:
        if carried:
            cloudpickle.register_pickle_by_value(home)
        return bytes(cloudpickle.dumps(agent))
    except Exception as error:
        raise ValueError(f"agent {agent_label(agent)!r} cannot be sent to its own process: {error}") from None
    finally:
        if carried:
            cloudpickle.unregister_pickle_by_value(home)


PR_GET_DUMPABLE, PR_SET_DUMPABLE = 3, 4  # Linux prctl(2)


def set_dumpable(value: int) -> int | None:
    """Linux: let other processes of the same user read this one's memory (``/proc/PID/mem``, ptrace) or not
    (``0``, as ssh-agent does); the previous value, or ``None`` where the call does not exist."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        previous = int(libc.prctl(PR_GET_DUMPABLE, 0, 0, 0, 0))
        libc.prctl(PR_SET_DUMPABLE, value, 0, 0, 0)
    except (OSError, AttributeError):
        return None
    return previous


_UNREADABLE = [False]  # whether this process has made itself unreadable (for good)


def _guard() -> None:
    """Once any agent process may run, this process (which holds the states and the deals) is unreadable by them,
    for the rest of its life: an agent of ``isolate="process"`` runs as the same user, who could otherwise read
    ``/proc/PARENT/mem``, and an agent's process can outlive its run (a window where the flag came back would
    let it in). A side effect: debuggers of the same user cannot attach to this process any more."""
    if not _UNREADABLE[0]:
        set_dumpable(0)
        _UNREADABLE[0] = True


class AnswerTooLong(Exception):
    """An answer longer than :data:`MAX_ANSWER_BYTES`."""


class Channel:
    """JSON messages, one a line, over a Unix socket, each answer awaited against a deadline."""

    def __init__(self, connection: socket.socket) -> None:
        self.connection = connection
        self._buffer = b""

    def send(self, message: dict[str, Any], attached: tuple[int, ...] = ()) -> None:
        """Send ``message`` (with the descriptors ``attached``); :class:`OSError` if the other end is gone."""
        data = json.dumps(message).encode() + b"\n"
        if attached:
            sent = socket.send_fds(self.connection, [data], list(attached))
            data = data[sent:]
        self.connection.sendall(data)

    def receive(self, seconds: float) -> Any:
        """The next answer, parsed; :class:`TimeoutError` after ``seconds``, :class:`EOFError` if the other end
        closed, :class:`AnswerTooLong`, :class:`ValueError` for no JSON."""
        deadline = time.monotonic() + seconds
        descriptor = self.connection.fileno()
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            ready, _, _ = select.select([descriptor], [], [], min(left, 0.5))  # wakes for Ctrl-C
            if ready:
                try:
                    chunk = self.connection.recv(1 << 20)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise EOFError
                self._buffer += chunk
                if len(self._buffer) > MAX_ANSWER_BYTES:  # an action is a few dozen bytes: this would fill memory
                    raise AnswerTooLong(f"the agent's answer exceeds {MAX_ANSWER_BYTES} bytes")
        line, self._buffer = self._buffer.split(b"\n", 1)
        return json.loads(line)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.connection.close()


class ErrorOutput:
    """An agent's standard error: a pipe of its own, read by a thread of this process, its last
    :data:`KEPT_ERROR_BYTES` kept (no other agent, and not the arena's own standard error, sees it)."""

    def __init__(self, pipe: IO[bytes]) -> None:
        self._kept = bytearray()
        self._lock = threading.Lock()
        threading.Thread(target=self._drain, args=(pipe,), daemon=True).start()

    def _drain(self, pipe: IO[bytes]) -> None:
        with pipe:
            while chunk := os.read(pipe.fileno(), 1 << 16):
                with self._lock:
                    self._kept += chunk
                    del self._kept[:-KEPT_ERROR_BYTES]

    def text(self) -> str:
        """What the agent wrote last, as text (undecodable bytes replaced)."""
        with self._lock:
            return self._kept.decode("utf-8", errors="replace")


_LAUNCHER: list[SimpleQueue[Any]] = []  # the thread that starts agent processes for other threads
_LAUNCHER_LOCK = threading.Lock()


def _launched(command: list[str], **options: Any) -> subprocess.Popen[bytes]:
    """``subprocess.Popen(command, **options)`` from a thread that lives as long as this process: the sandbox dies
    with the thread that started it (``bwrap --die-with-parent`` is the kernel's parent-death signal, which follows
    the thread), and a widget asks its opponents from threads that end."""
    if threading.current_thread() is threading.main_thread():
        return subprocess.Popen(command, **options)
    with _LAUNCHER_LOCK:
        if not _LAUNCHER:
            _LAUNCHER.append(SimpleQueue())
            threading.Thread(target=_launch, args=(_LAUNCHER[0],), daemon=True, name="townwidget: agents").start()
    done: SimpleQueue[Any] = SimpleQueue()
    _LAUNCHER[0].put((command, options, done))
    started = done.get()
    if isinstance(started, BaseException):
        raise started
    return started


def _launch(requests: SimpleQueue[Any]) -> None:
    while True:
        command, options, done = requests.get()
        try:
            done.put(subprocess.Popen(command, **options))
        except BaseException as error:  # said in the thread that asked
            done.put(error)


class AgentProcess:
    """The fork server of one agent (see :mod:`townwidget.arena.agent_process`): started on first use, from a clean
    interpreter, in the sandbox or as a plain process (``limits.isolate``), it loads the agent; each game is played
    by a fresh child of it (:meth:`begin`). A load that fails is kept, and said at every game, without loading
    again."""

    def __init__(self, source: AgentSource, limits: Limits) -> None:
        self.source = source
        self.limits = limits.resolved()
        self.memory_mb = limits.memory_mb
        self.errors: ErrorOutput | None = None  # the agent's standard error, once started
        self._group: sandbox.ControlGroup | None = None
        self._load_seconds = START_SECONDS  # the first load; later ones (a restarted server) limits.load_seconds
        self.load_fault: Forfeit | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._control: Channel | None = None
        self._loading = False  # the load message is sent, its answer not yet read
        self._directory: str | None = None
        self._server_pid: int | None = None  # told once loaded (a server that shed its threads is a fork)
        self.game: GameProcess | None = None

    def launch(self) -> None:
        """Start the server and have it load the agent, without waiting (the seats' servers load at once)."""
        if self.load_fault is None and self._control is None:
            self._start()

    def ready(self) -> None:
        """Wait until the agent is loaded; a :class:`Forfeit` if it does not load (the same at every call)."""
        self.launch()
        if self.load_fault is not None:
            raise self.load_fault
        if self._loading:
            self._loading = False
            answer = self._answer(self._load_seconds)
            self._load_seconds = self.limits.load_seconds
            if "fault" in answer:
                self.load_fault = _forfeit(answer)
                self.close()
                raise self.load_fault
            self._server_pid = int(answer["pid"])

    def begin(self, seed: int | None) -> GameProcess:
        """A fresh child of the server for one game (``seed`` builds a package agent); a :class:`Forfeit` if the
        agent does not load or the server fails."""
        self.ready()
        assert self._control is not None
        mine, theirs = socket.socketpair()
        try:
            self._control.send({"op": "game", "seed": seed}, (theirs.fileno(),))
            answer = self._answer(END_SECONDS)
        except OSError:
            mine.close()
            self.close()
            raise Forfeit("crash", "the agent's process stopped (starting a game)") from None
        except BaseException:
            mine.close()
            raise
        finally:
            theirs.close()
        self.game = GameProcess(self, Channel(mine), int(answer["pid"]))
        return self.game

    def end(self, game: GameProcess, wait: float) -> dict[str, Any]:
        """End ``game``'s child (killed past ``wait`` seconds) and whatever it started; the server's answer
        (``code``: exit code or minus the signal; ``killed``: by the server), empty if the server is gone."""
        if self.game is game:
            self.game = None
        game.channel.close()
        if self._control is None:
            return {}
        try:
            self._control.send({"op": "end", "wait": wait})
            return self._answer(wait + END_SECONDS)
        except (Forfeit, OSError):
            self.close()
            return {}

    def _start(self) -> None:
        _guard()
        mine, theirs = socket.socketpair()
        command = [sys.executable, "-m", "townwidget.arena.agent_process", str(self.memory_mb)]
        if self.limits.isolate == "sandbox":
            self._group = sandbox.ControlGroup.create(self.memory_mb)
            processes = 0 if self._group is not None else sandbox.PROCESSES  # else prlimit inside
            command = [*sandbox.command(self.limits.hidden), *command, "0", "sandbox", str(processes)]
            if self._group is not None:
                command = self._group.wrap(command)
            where, environment = "/", sandbox.launch_environment()
        else:
            self._directory = where = tempfile.mkdtemp(prefix=DIRECTORY_PREFIX)
            command += [str(os.getpid()), "process"]
            environment = _environment()
        try:
            self._process = _launched(
                command,
                stdin=theirs.fileno(),
                stderr=subprocess.PIPE,
                cwd=where,
                env=environment,
                start_new_session=True,  # Ctrl-C in a terminal reaches this process only, which stops the agents
            )
        finally:
            theirs.close()
        assert self._process.stderr is not None
        self.errors = ErrorOutput(self._process.stderr)
        self._control = Channel(mine)
        rules = {"forbid": list(self.limits.forbidden), "allow": list(self.limits.allowed)}
        self._control.send({"op": "load", "agent": self.source.description, **rules})
        self._loading = True

    def killed_for_memory(self) -> bool:
        """Whether the kernel killed a process of the agent's sandbox for memory since the last call (where a
        control group bounds it)."""
        return self._group is not None and self._group.killed_for_memory()

    def _answer(self, seconds: float) -> dict[str, Any]:
        """The server's answer; a ``"crash"`` :class:`Forfeit` (the server stopped) if none comes."""
        assert self._control is not None
        try:
            answer = self._control.receive(seconds)
        except TimeoutError:
            self.close()
            raise Forfeit("timeout", f"the agent's process took over {seconds:g} s to load or start a game") from None
        except (EOFError, AnswerTooLong, ValueError, OSError):
            self.close()
            raise Forfeit("crash", "the agent's process stopped (loading it or starting a game)") from None
        if not isinstance(answer, dict):
            self.close()
            raise Forfeit("crash", f"the agent's process answered {shown(answer)}")
        return answer

    def cpu_pids(self) -> list[int]:
        """The server and its game's child (for a benchmark's CPU seconds); none in the sandbox, whose process ids
        are its own namespace's."""
        if self.limits.isolate == "sandbox":
            return []
        pids = [] if self._server_pid is None else [self._server_pid]
        return pids + ([] if self.game is None else [self.game.pid])

    def close(self) -> None:
        """Stop the server (at once: its game's child too) and remove its working directory."""
        if self.game is not None:
            with contextlib.suppress(OSError):
                os.kill(self.game.pid, signal.SIGKILL)  # not reaped before the server is: the pid is still its
            self.game.channel.close()
            self.game = None
        process, self._process = self._process, None
        server, self._server_pid = self._server_pid, None
        if self._control is not None:
            self._control.close()  # the server sees its input closed: it ends what its games left, and exits
            self._control = None
        self._loading = False
        if process is not None:
            try:
                process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(OSError):
                    process.kill()
                process.wait()
            if server is not None and server != process.pid and self.limits.isolate == "process":
                _stop_fork(server)
        if self._group is not None:
            self._group.remove()
            self._group = None
        if self._directory is not None:
            shutil.rmtree(self._directory, ignore_errors=True)
            self._directory = None


def _stop_fork(pid: int) -> None:
    """Stop a server that shed its threads (a fork, not this process's child): within a second by itself, else
    killed."""
    deadline = time.monotonic() + 1
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except OSError:
            return
        time.sleep(0.01)
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)


@dataclass
class GameProcess:
    """The child of an agent's fork server that plays one game."""

    server: AgentProcess
    channel: Channel
    pid: int

    def ready(self, seconds: float) -> None:
        """Wait until the child has built its agent; a :class:`Forfeit` if it cannot (the agent's fault, or past
        ``seconds``)."""
        answer = self.request(None, seconds, "the agent did not load")
        if "fault" in answer:
            self.end(0)
            raise _forfeit(answer)

    def request(self, message: dict[str, Any] | None, seconds: float, late: str = "no move") -> dict[str, Any]:
        """Send ``message`` (if any) and return the answer, or raise :class:`Forfeit` (timeout, crash, memory)
        after ending the child. An answer to another question (one named by an ``"id"`` other than the message's)
        is never taken for this one's."""
        deadline = time.monotonic() + seconds
        try:
            if message is not None:
                self.channel.send(message)
            answer = self.channel.receive(seconds)
            while message is not None and isinstance(answer, dict) and answer.get("id") != message.get("id"):
                answer = self.channel.receive(max(0.0, deadline - time.monotonic()))
        except TimeoutError:
            self.end(0)
            if self.server.killed_for_memory():
                raise Forfeit("memory", "a process of the agent was killed: out of memory") from None
            raise Forfeit("timeout", f"{late} within {seconds:g} s (wall clock)") from None
        except (EOFError, OSError):
            ended = self.end(CRASH_WAIT_SECONDS)
            if self.server.killed_for_memory():
                raise Forfeit("memory", "a process of the agent was killed: out of memory") from None
            raise _died(ended) from None
        except AnswerTooLong as error:
            self.end(0)
            raise Forfeit("invalid", str(error)) from None
        except ValueError:
            self.end(0)
            raise Forfeit("crash", "the agent's process answered no JSON") from None
        if not isinstance(answer, dict):
            self.end(0)
            raise Forfeit("crash", f"the agent's process answered {shown(answer)}")
        if self.server.killed_for_memory():  # a process it started, killed while the child answered
            self.end(0)
            raise Forfeit("memory", "a process of the agent was killed: out of memory")
        return answer

    def end(self, wait: float = 0) -> dict[str, Any]:
        """End the child (its game is over, or it failed)."""
        return self.server.end(self, wait)


def _died(ended: dict[str, Any]) -> Forfeit:
    """The forfeit of a game's child that stopped answering, from how it ended."""
    code = ended.get("code")
    if ended.get("killed"):
        return Forfeit("crash", "the agent's process closed its channel")
    if isinstance(code, int) and code < 0:
        number = -code
        if number == signal.SIGKILL:
            return Forfeit("memory", "the agent's process was killed (SIGKILL: the system was out of memory?)")
        words = CRASH_SIGNALS.get(signal.Signals(number), signal.Signals(number).name)
        return Forfeit("crash", f"the agent's process died: {words}")
    return Forfeit("crash", f"the agent's process exited (code {code})")


def _environment() -> dict[str, str]:
    """The agent process's environment: this one's, one thread per numerical library, and the import path of this
    process (the package, and the modules an agent's class comes from, import there as here)."""
    environment = {**os.environ, **SINGLE_THREADED}
    root = str(Path(__file__).resolve().parents[2])  # the directory that holds the package
    paths = [root, *(path for path in sys.path if path and os.path.isdir(path)), os.getcwd()]
    environment["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(os.path.abspath(path) for path in paths))
    return environment


def own_directory(directory: str) -> bool:
    """Whether ``directory`` is one an agent's server was started in (a folder of its own in the temporary folder)."""
    path = Path(directory)
    return path.name.startswith(DIRECTORY_PREFIX) and path.parent == Path(tempfile.gettempdir())


# --- the processes of a run ---------------------------------------------------------------------------------
_PROCESSES: OrderedDict[tuple[str, int, str], AgentProcess] = OrderedDict()
_RUNS = 0  # runs under way in this process (agent_processes() entered and not left)


@contextlib.contextmanager
def agent_processes() -> Iterator[None]:
    """The isolated processes started inside stop when the outermost of these blocks ends."""
    global _RUNS
    _RUNS += 1
    _guard()  # the run's deals are here, and its workers' agents may run as this user
    try:
        yield
    finally:
        _RUNS -= 1
        if _RUNS == 0:
            while _PROCESSES:
                _PROCESSES.popitem()[1].close()


def process_for(source: AgentSource, slot: int, limits: Limits) -> AgentProcess:
    """The fork server of ``source`` in tournament slot ``slot`` (kept between games, each game a child of its
    own; the oldest idle one stops past :data:`KEPT_PROCESSES`)."""
    key = (source.key, slot, repr(limits))
    if key in _PROCESSES:
        _PROCESSES.move_to_end(key)
        return _PROCESSES[key]
    while len(_PROCESSES) >= KEPT_PROCESSES:
        _PROCESSES.popitem(last=False)[1].close()
    process = _PROCESSES[key] = AgentProcess(source, limits)
    return process


@dataclass
class IsolatedPlayer:
    """A seat played by an isolated agent: a fresh child of the agent's fork server for each game."""

    source: AgentSource
    process: AgentProcess
    limits: Limits
    seed: int  # of an agent made from a package name (no other agent is told it: it derives from the deal's)
    cpu_seconds: float = 0.0
    game: GameProcess | None = None
    questions: int = 0  # asked so far: each answer names its question

    def start(self) -> None:
        """A child for this game; a fault here (the agent does not load) is a forfeit at the seat's first move."""
        game = self.process.begin(self.seed if self.source.description["kind"] == "name" else None)
        game.ready(self.limits.load_seconds)
        self.game = game

    def choose(self, state: State, seat: int) -> Any:
        return self.ask(state.to_dict(viewer=seat), seat)

    def ask(self, viewer_form: dict[str, Any], seat: int) -> Any:
        """The agent's action (plain JSON data) for the view of ``seat`` whose JSON form is ``viewer_form``."""
        if self.game is None:
            self.start()
        assert self.game is not None
        self.questions += 1
        question = {"op": "act", "id": self.questions, "player": seat, "view": viewer_form}
        try:
            answer = self.game.request(question, self.limits.move_seconds)
        except Forfeit:
            self.game = None  # ended by the failed request
            raise
        cpu = answer.get("cpu")
        if isinstance(cpu, (int, float)) and not isinstance(cpu, bool) and math.isfinite(cpu) and cpu >= 0:
            self.cpu_seconds += cpu
        if "fault" in answer:
            self.stop()
            raise _forfeit(answer)
        if "action" not in answer:
            raise Forfeit("invalid", f"the agent's process answered no action: {shown(answer)}")
        return answer["action"]

    def stop(self) -> None:
        """End this game's child: the next question begins a new game in a new child."""
        game, self.game = self.game, None
        if game is not None:
            game.end()

    def close(self) -> None:
        """The game is over: its child ends (the fork server is kept for the next game of the run, see
        :func:`agent_processes`)."""
        self.stop()


class IsolatedAgent:
    """An agent object or submission file (``.py``) in a process of its own, usable wherever an agent is (a widget
    opponent, a lesson's checker): ``act(view)`` sends the view's JSON form and returns the answer as plain JSON
    data, which the game parses. A view whose history is no longer than the last one's begins a new game, played
    by a new process that knows nothing of the last. A fault raises :class:`~townwidget.arena.players.Forfeit`
    naming its reason. ``close()``, or the end of a ``with`` block, stops the processes.

    ``isolate``: ``"sandbox"``, ``"process"`` or ``"auto"`` (the sandbox where it runs), see
    :mod:`townwidget.arena.sandbox`; :attr:`isolation` says which runs, :meth:`stderr` what the agent printed.
    A submission file's folder is hidden from the agent, as are the paths in ``hidden``. ``forbidden``: modules
    (dotted prefixes) the agent cannot import nor reach, but for those in ``allowed`` (a lesson's checker)."""

    def __init__(
        self,
        agent: Any,
        move_seconds: float = DEFAULT_MOVE_SECONDS,
        agent_memory_mb: int = DEFAULT_MEMORY_MB,
        *,
        isolate: str = "auto",
        hidden: tuple[str, ...] = (),
        forbidden: tuple[str, ...] = (),
        allowed: tuple[str, ...] = (),
    ) -> None:
        source = source_of(agent, {}, by_value=bool(forbidden))
        folders = (str(Path(source.description["path"]).parent),) if source.description["kind"] == "file" else ()
        limits = Limits(move_seconds, agent_memory_mb, isolate, (*folders, *hidden), START_SECONDS, forbidden, allowed)
        limits = limits.resolved()
        self.name = source.label
        self.isolation = limits.isolate
        self._player = IsolatedPlayer(source, AgentProcess(source, limits), limits, seed=0)
        self._moves_seen = -1  # the history's length in the last view
        self._asking = threading.Lock()  # one question at a time (callers may ask from threads)

    def act(self, view: Any) -> Any:
        """The agent's answer for ``view``; a question asked while an earlier one waits (a caller that gave up on
        it, e.g. a widget past its ``move_seconds``) waits its turn, and is never given the earlier one's answer."""
        form = view.to_dict()
        with self._asking:
            moves = len(form.get("history", ()))
            if moves <= self._moves_seen:
                self._player.stop()  # a new game (or an earlier position): a new child
            self._moves_seen = moves
            return self._player.ask(form, view.player)

    def stderr(self) -> str:
        """The end of what the agent wrote to its standard error (its own pipe), as text."""
        errors = self._player.process.errors
        return "" if errors is None else errors.text()

    def close(self) -> None:
        self._player.process.close()

    def __enter__(self) -> IsolatedAgent:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()


def _forfeit(answer: dict[str, Any]) -> Forfeit:
    reason = answer["fault"] if answer.get("fault") in ("error", "memory", "invalid") else "error"
    return Forfeit(reason, str(answer.get("detail", "")))


def check_submission(spec: Any, limits: Limits) -> tuple[str | None, float]:
    """Why the agent ``spec`` cannot play (it does not load in its own process), in words (``None`` if it loads),
    and the seconds it took to start and load."""
    process = AgentProcess(source_of(spec, {}), limits)
    start = time.monotonic()
    try:
        process.ready()
    except Forfeit as forfeit:
        if process.load_fault is None:
            return f"{forfeit.reason}: {forfeit.detail}", time.monotonic() - start
        lines = [line for line in forfeit.detail.splitlines() if line.strip()]
        # the traceback's last line names the fault
        return (lines[-1].strip() if lines else "it did not load"), time.monotonic() - start
    finally:
        process.close()
    return None, time.monotonic() - start
