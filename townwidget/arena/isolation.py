"""Isolated agents: each in an operating-system process of its own, bounded in time and memory.

An isolated agent runs in :mod:`townwidget.arena.agent_process`, a clean interpreter started in a fresh working
directory before it hears of any game. Only the seat's viewer form (``state.to_dict(viewer=seat)``, as JSON)
crosses to it; it rebuilds the view with the game's own code and answers plain JSON data, which the game parses
itself. No state, deal seed, other agent or memory of this process is reachable from it. Limits per agent:

- ``move_seconds``: wall-clock seconds per move, enforced here (past it the process is killed: a ``"timeout"``
  forfeit; a new process serves the next game);
- ``agent_memory_mb``: its address space, enforced by the operating system (``RLIMIT_AS``: a ``"memory"`` forfeit).

A process serves one agent (its slot in the tournament) for many games, and is rebuilt from its description at
the start of each game. Processes end with the run that started them, or when their parent is gone.
"""

from __future__ import annotations

import base64
import contextlib
import ctypes
import json
import math
import os
import pickle
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from townwidget.arena.players import Forfeit
from townwidget.core import agent_label, home_module, is_agent
from townwidget.core.checks import shown
from townwidget.core.protocol import State

DEFAULT_MOVE_SECONDS = 5.0  # as in other agent competitions
DEFAULT_MEMORY_MB = 1024
MIN_MEMORY_MB = 256  # below this the interpreter and the games' code do not fit
START_SECONDS = 60.0  # to start the interpreter and build the agent (a search compiles its kernels): no move
MAX_ANSWER_BYTES = 1 << 20
KEPT_PROCESSES = 8  # idle agent processes kept by one worker of a run (the oldest is stopped beyond)
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


def source_of(spec: Any, budget: dict[str, Any]) -> AgentSource:
    """The description an isolated process builds ``spec`` from (a name, a submission file, an agent object)."""
    if is_submission(spec):
        path = Path(spec).resolve()
        if not path.is_file():
            raise ValueError(f"submission file {str(spec)!r} does not exist (or is no file)")
        return _source(path.stem, {"kind": "file", "path": str(path)})
    if isinstance(spec, str):
        return _source(spec, {"kind": "name", "name": spec, "budget": budget})
    if not (is_agent(spec) or callable(spec)):
        raise ValueError(
            f"an agent is a name, a submission file (.py) or an object with an act(view) method, not {spec!r}"
        )
    data = base64.b64encode(_pickled(spec)).decode("ascii")
    return _source(agent_label(spec), {"kind": "pickle", "data": data})


def _source(label: str, description: dict[str, Any]) -> AgentSource:
    return AgentSource(label, description, json.dumps(description, sort_keys=True))


def _pickled(agent: Any) -> bytes:
    """The agent object's bytes: cloudpickle's when installed (it carries classes and functions defined in a
    notebook, ``__main__``, by value), else the standard library's (importable classes only)."""
    try:
        import cloudpickle  # type: ignore[import-untyped]
    except ImportError:
        if home_module(agent) == "__main__":
            raise ValueError(
                "an agent defined in a notebook or script (__main__) is sent to its process by cloudpickle: "
                "pip install 'townwidget[league]'"
            ) from None
        return pickle.dumps(agent)
    try:
        return bytes(cloudpickle.dumps(agent))
    except Exception as error:
        raise ValueError(f"agent {agent_label(agent)!r} cannot be sent to its own process: {error}") from None


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


@dataclass
class _Guard:
    reasons: int = 0  # to keep this process unreadable: runs under way, live agent processes
    before: int | None = None  # the dumpable flag before the first reason


_GUARD = _Guard()


def _guard(change: int) -> None:
    """While any agent process may run, this process (which holds the states and the deals) is unreadable by
    them: an agent runs as the same user, who could otherwise read ``/proc/PARENT/mem``."""
    previous, _GUARD.reasons = _GUARD.reasons, _GUARD.reasons + change
    if previous == 0 and change > 0:
        _GUARD.before = set_dumpable(0)
    elif _GUARD.reasons == 0 and _GUARD.before is not None:
        set_dumpable(_GUARD.before)


class AgentProcess:
    """One isolated agent process, started on first use and again after it was stopped."""

    def __init__(self, memory_mb: int) -> None:
        self.memory_mb = memory_mb
        self._process: subprocess.Popen[bytes] | None = None
        self._directory: str | None = None
        self._buffer = b""

    def launch(self) -> None:
        """Start the process if it is not running (several start at once; each is asked when its turn comes)."""
        self._running()

    def request(self, message: dict[str, Any], seconds: float) -> dict[str, Any]:
        """Send ``message`` and return the answer, or raise :class:`Forfeit` (timeout, crash) after stopping it."""
        process = self._running()
        assert process.stdin is not None
        try:
            process.stdin.write(json.dumps(message).encode() + b"\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._died() from None
        line = self._read_line(time.monotonic() + seconds, seconds)
        try:
            answer = json.loads(line)
        except ValueError:
            self.close()
            raise Forfeit("crash", f"the agent's process answered no JSON: {line[:200]!r}") from None
        if not isinstance(answer, dict):
            self.close()
            raise Forfeit("crash", f"the agent's process answered {shown(answer)}")
        return answer

    def _running(self) -> subprocess.Popen[bytes]:
        if self._process is not None and self._process.poll() is None:
            return self._process
        self.close()
        _guard(+1)
        self._directory = tempfile.mkdtemp(prefix="townwidget-agent-")
        command = [sys.executable, "-m", "townwidget.arena.agent_process", str(self.memory_mb), str(os.getpid())]
        self._process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=self._directory,
            env=_environment(),
            start_new_session=True,  # Ctrl-C in a terminal reaches this process only, which stops the agents
        )
        self._buffer = b""
        return self._process

    def _read_line(self, deadline: float, seconds: float) -> bytes:
        process = self._process
        assert process is not None and process.stdout is not None
        descriptor = process.stdout.fileno()
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                self.close()
                raise Forfeit("timeout", f"no move within {seconds:g} s (wall clock)")
            ready, _, _ = select.select([descriptor], [], [], min(left, 0.5))  # wakes for Ctrl-C
            if ready:
                chunk = os.read(descriptor, 1 << 20)
                if not chunk:
                    raise self._died()
                self._buffer += chunk
                if (
                    len(self._buffer) > MAX_ANSWER_BYTES
                ):  # an action is a few dozen bytes: this one would only fill memory
                    self.close()
                    raise Forfeit("invalid", f"the agent's answer exceeds {MAX_ANSWER_BYTES} bytes")
        line, self._buffer = self._buffer.split(b"\n", 1)
        return line

    def _died(self) -> Forfeit:
        process = self._process
        assert process is not None
        try:
            code = process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            code = None
        self.close()
        if code is not None and code < 0:
            number = -code
            if number == signal.SIGKILL:
                return Forfeit("memory", "the agent's process was killed (SIGKILL: the system was out of memory?)")
            words = CRASH_SIGNALS.get(signal.Signals(number), signal.Signals(number).name)
            return Forfeit("crash", f"the agent's process died: {words}")
        return Forfeit("crash", f"the agent's process exited (code {code})")

    def close(self) -> None:
        """Stop the process (at once) and remove its working directory."""
        process, self._process = self._process, None
        if process is not None:
            with contextlib.suppress(OSError):
                process.kill()
            process.wait()
            for stream in (process.stdin, process.stdout):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()
            _guard(-1)
        if self._directory is not None:
            shutil.rmtree(self._directory, ignore_errors=True)
            self._directory = None


def _environment() -> dict[str, str]:
    """The agent process's environment: this one's, one thread per numerical library, and the import path of this
    process (the package, and the modules an agent's class comes from, import there as here)."""
    environment = {**os.environ, **SINGLE_THREADED}
    root = str(Path(__file__).resolve().parents[2])  # the directory that holds the package
    paths = [root, *(path for path in sys.path if path and os.path.isdir(path)), os.getcwd()]
    environment["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(os.path.abspath(path) for path in paths))
    return environment


# --- the processes of a run ---------------------------------------------------------------------------------
_PROCESSES: OrderedDict[tuple[str, int, int], AgentProcess] = OrderedDict()
_RUNS = 0  # runs under way in this process (agent_processes() entered and not left)


@contextlib.contextmanager
def agent_processes() -> Iterator[None]:
    """The isolated processes started inside stop when the outermost of these blocks ends."""
    global _RUNS
    _RUNS += 1
    _guard(+1)  # the run's deals are here, and its workers' agents run as this user
    try:
        yield
    finally:
        _RUNS -= 1
        if _RUNS == 0:
            while _PROCESSES:
                _PROCESSES.popitem()[1].close()
        _guard(-1)


def process_for(source: AgentSource, slot: int, memory_mb: int) -> AgentProcess:
    """The process serving ``source`` in tournament slot ``slot`` (kept between games; the oldest idle one stops
    past :data:`KEPT_PROCESSES`)."""
    key = (source.key, slot, memory_mb)
    if key in _PROCESSES:
        _PROCESSES.move_to_end(key)
        return _PROCESSES[key]
    while len(_PROCESSES) >= KEPT_PROCESSES:
        _PROCESSES.popitem(last=False)[1].close()
    process = _PROCESSES[key] = AgentProcess(memory_mb)
    return process


@dataclass
class IsolatedPlayer:
    """A seat played by an isolated agent process (see the module's notes)."""

    source: AgentSource
    process: AgentProcess
    limits: Limits
    seed: int  # of an agent made from a package name
    cpu_seconds: float = 0.0
    started: bool = False

    def start(self) -> None:
        """Build the agent anew for this game; a fault here is a forfeit at the seat's first move."""
        self.started = True
        message = {"op": "start", "agent": self.source.description, "seed": self.seed}
        answer = self.process.request(message, START_SECONDS)
        if "fault" in answer:
            self.stop()
            raise _forfeit(answer)

    def choose(self, state: State, seat: int) -> Any:
        return self.ask(state.to_dict(viewer=seat), seat)

    def ask(self, viewer_form: dict[str, Any], seat: int) -> Any:
        """The agent's action (plain JSON data) for the view of ``seat`` whose JSON form is ``viewer_form``."""
        if not self.started:
            self.start()
        answer = self.process.request({"op": "act", "player": seat, "view": viewer_form}, self.limits.move_seconds)
        cpu = answer.get("cpu")
        if isinstance(cpu, (int, float)) and not isinstance(cpu, bool) and math.isfinite(cpu) and cpu >= 0:
            self.cpu_seconds += cpu
        if "fault" in answer:
            self.stop()  # a fresh process for the next game: nothing of a failed one carries over
            raise _forfeit(answer)
        if "action" not in answer:
            raise Forfeit("invalid", f"the agent's process answered no action: {shown(answer)}")
        return answer["action"]

    def stop(self) -> None:
        """Stop the process; the next question starts a new one and builds the agent again."""
        self.process.close()
        self.started = False

    def close(self) -> None:
        """The process is kept for the next game of the run (see :func:`agent_processes`)."""


class IsolatedAgent:
    """An agent object or submission file (``.py``) in a process of its own, usable wherever an agent is (a widget
    opponent, a lesson's checker): ``act(view)`` sends the view's JSON form and returns the answer as plain JSON
    data, which the game parses. A fault raises :class:`~townwidget.arena.players.Forfeit` naming its reason (the
    next move starts a new process). ``close()``, or the end of a ``with`` block, stops the process."""

    def __init__(
        self, agent: Any, move_seconds: float = DEFAULT_MOVE_SECONDS, agent_memory_mb: int = DEFAULT_MEMORY_MB
    ) -> None:
        limits = Limits(move_seconds, agent_memory_mb)
        source = source_of(agent, {})
        self.name = source.label
        self._player = IsolatedPlayer(source, AgentProcess(limits.memory_mb), limits, seed=0)

    def act(self, view: Any) -> Any:
        return self._player.ask(view.to_dict(), view.player)

    def close(self) -> None:
        self._player.stop()

    def __enter__(self) -> IsolatedAgent:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()


def _forfeit(answer: dict[str, Any]) -> Forfeit:
    reason = answer["fault"] if answer.get("fault") in ("error", "memory", "invalid") else "error"
    return Forfeit(reason, str(answer.get("detail", "")))


def check_submission(spec: Any, limits: Limits) -> str | None:
    """Why the agent ``spec`` cannot play (it does not load in its own process), in words; ``None`` if it loads."""
    process = AgentProcess(limits.memory_mb)
    try:
        answer = process.request({"op": "start", "agent": source_of(spec, {}).description, "seed": 0}, START_SECONDS)
    except Forfeit as forfeit:
        return f"{forfeit.reason}: {forfeit.detail}"
    finally:
        process.close()
    if "fault" not in answer:
        return None
    lines = [line for line in str(answer.get("detail", "")).splitlines() if line.strip()]
    return lines[-1].strip() if lines else "it did not load"  # the traceback's last line names the fault
