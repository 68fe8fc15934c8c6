"""The sandbox an isolated agent's processes run in: Debian's bubblewrap (``bwrap``), and control groups where the
machine lets this process make them.

Inside (``isolate="sandbox"``) an agent's fork server and every process it or its games start have their own PID,
network, IPC, UTS and mount namespaces: they see no other process (not the arena, not another agent), reach no
address, and see a file system made of the system's directories, the interpreter and the import path, read-only,
with a private ``/tmp`` and ``/dev/shm`` (emptied after every game), and nothing else: not the submissions (a
submission's code is sent through the control socket), not the arena's records or output files (the paths in
:attr:`~townwidget.arena.isolation.Limits.hidden` are covered). Under root the processes run as ``nobody`` (uid
65534), who owns nothing of the arena's; under another user, as that user inside a user namespace. The environment
is emptied but for what the interpreter needs. When the sandbox's first process ends, the kernel kills every other
process of its PID namespace: nothing an agent starts outlives it.

Bounds for the agent's whole process tree: a control group (memory, process count, one CPU's time) where this
process may make one (root, cgroup v1 or v2), else per-process limits set inside the sandbox (``prlimit``:
address space, and the process count of the sandbox's user namespace). :func:`bounds` says which applies.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

NOBODY = 65534  # the user the agents of a root arena run as
PROCESSES = 64  # processes and threads of one agent's sandbox
CPU_PERIOD_US = 100_000  # one CPU's time for the agent's whole tree (cgroup cpu quota = period)
SYSTEM_DIRECTORIES = ("/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
CGROUP_ROOT = Path("/sys/fs/cgroup")
TRIAL_SECONDS = 20.0  # for the trial run that tells whether the sandbox works here
_GROUPS = itertools.count()


@functools.cache
def sandbox_problem() -> str | None:
    """Why agents cannot run in the sandbox on this machine, in words; ``None`` where they can (checked once: a
    trial run of the interpreter inside it, importing the package)."""
    if not sys.platform.startswith("linux"):
        return f"the sandbox (bubblewrap) runs on Linux only, not {sys.platform}"
    if shutil.which("bwrap") is None:
        return "bubblewrap is not installed (apt-get install bubblewrap)"
    trial = [*command(()), sys.executable, "-c", "import townwidget.arena.agent_process"]
    try:
        done = subprocess.run(trial, capture_output=True, timeout=TRIAL_SECONDS, env=launch_environment())
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"bubblewrap did not start: {error}"
    if done.returncode != 0:
        words = done.stderr.decode(errors="replace").strip().splitlines()
        return f"bubblewrap failed here: {words[-1] if words else done.returncode}"
    return None


def resolve(isolate: str) -> str:
    """The isolation that runs for ``isolate`` (``"auto"``: the sandbox where it works, else ``"process"``); a
    ``ValueError`` in words for a sandbox asked for where it does not work, or an unknown mode."""
    if isolate not in ("auto", "sandbox", "process"):
        raise ValueError(f"isolate must be 'sandbox', 'process' or True (the best here), not {isolate!r}")
    if isolate == "process":
        return isolate
    problem = sandbox_problem()
    if problem is not None and isolate == "sandbox":
        raise ValueError(f"isolate='sandbox' cannot run here: {problem}")
    return "process" if problem is not None else "sandbox"


@functools.cache
def bounds() -> str:
    """How the sandbox bounds an agent's process tree here: ``"cgroup"`` or ``"prlimit"``."""
    group = ControlGroup.create(256, trial=True)
    if group is None:
        return "prlimit"
    group.remove()
    return "cgroup"


def package_root() -> str:
    """The directory that holds the package (what the agent's interpreter imports it from)."""
    return str(Path(__file__).resolve().parents[2])


def _readable_roots() -> list[str]:
    """What the sandbox shows read-only besides the system: the interpreter's installations and the import path
    (the package, and the modules an agent object's class comes from), nested ones dropped."""
    candidates = [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix, package_root()]
    candidates += [path for path in sys.path if path]
    found = sorted({os.path.realpath(path) for path in candidates if os.path.isdir(path)})
    roots: list[str] = []
    for path in found:
        if path != "/" and not any(_inside(path, root) for root in roots):
            roots.append(path)
    return roots


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip("/") + "/")


def command(hidden: Sequence[str]) -> list[str]:
    """The ``bwrap`` command line that runs what follows it in a sandbox, the ``hidden`` paths (directories
    and files) covered: empty directories, files that read as empty."""
    arguments = ["bwrap", "--die-with-parent", "--new-session"]
    if os.geteuid() == 0:  # no user namespace: the agent process itself becomes nobody (agent_process.main)
        arguments += ["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try"]
        arguments += ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    else:
        arguments += ["--unshare-all"]
    for directory in SYSTEM_DIRECTORIES:
        if os.path.islink(directory):
            arguments += ["--symlink", os.readlink(directory), directory]
        elif os.path.isdir(directory):
            arguments += ["--ro-bind", directory, directory]
    made: set[str] = set(SYSTEM_DIRECTORIES)
    roots = _readable_roots()
    for root in roots:
        arguments += _parents(root, made) + ["--ro-bind", root, root]
    for path in sorted({os.path.realpath(path) for path in hidden}):
        if not any(_inside(path, root) for root in roots):
            continue  # not shown anyway
        if os.path.isdir(path):
            arguments += ["--tmpfs", path]
        elif os.path.isfile(path):
            arguments += ["--ro-bind", "/dev/null", path]
    package = os.path.join(package_root(), "townwidget")
    if any(_inside(package, os.path.realpath(path)) for path in hidden):
        arguments += ["--ro-bind", package, package]  # a hidden folder that holds the package shows it still
    arguments += ["--proc", "/proc", "--dev", "/dev", "--perms", "1777", "--tmpfs", "/dev/shm"]
    arguments += ["--perms", "1777", "--tmpfs", "/tmp", "--chdir", "/tmp", "--clearenv"]
    for name, value in sandbox_environment(roots).items():
        arguments += ["--setenv", name, value]
    return arguments


def _parents(path: str, made: set[str]) -> list[str]:
    """Directories above ``path`` made readable and searchable by anyone (bwrap would make them its own)."""
    arguments = []
    parts = Path(path).parts
    for depth in range(2, len(parts)):
        parent = str(Path(*parts[:depth]))
        if parent not in made:
            made.add(parent)
            arguments += ["--perms", "0755", "--dir", parent]
    return arguments


def sandbox_environment(roots: Sequence[str]) -> dict[str, str]:
    """The agent's whole environment: no variable of the arena's (a seed, a token) crosses."""
    path = [package_root()] + [entry for entry in sys.path if entry and os.path.isdir(entry)]
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": "/tmp",
        "LANG": "C.UTF-8",
        "PYTHONPATH": os.pathsep.join(dict.fromkeys(os.path.realpath(entry) for entry in path)),
        "PYTHONDONTWRITEBYTECODE": "1",
        **{name: "1" for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS")},
    }


def launch_environment() -> dict[str, str]:
    """The environment ``bwrap`` itself starts with (it clears it for the agent)."""
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}


def _remove_orphans() -> None:
    """Remove the empty groups of arenas that were killed before they could (their process is gone)."""
    for directory in [*CGROUP_ROOT.glob("townwidget-*"), *CGROUP_ROOT.glob("*/townwidget-*")]:
        owner = directory.name.split("-")[1]
        if owner.isdigit() and not Path(f"/proc/{owner}").exists():
            with contextlib.suppress(OSError):
                directory.rmdir()  # refused while a process is still in it


class ControlGroup:
    """A control group of one agent's sandbox (memory, processes, CPU), made by this process where it may."""

    def __init__(self, directories: list[Path], events: Path) -> None:
        self.directories = directories
        self.events = events  # where the kernel counts the group's out-of-memory kills
        self.kills_seen = self.oom_kills()

    @classmethod
    def create(cls, memory_mb: int, trial: bool = False) -> ControlGroup | None:
        """A new group bounded to ``memory_mb`` megabytes, :data:`PROCESSES` processes and one CPU; ``None``
        where none can be made (not root, a read-only hierarchy, a controller missing)."""
        if os.geteuid() != 0 or not sys.platform.startswith("linux"):
            return None
        _remove_orphans()
        name = f"townwidget-{os.getpid()}-{'trial' if trial else next(_GROUPS)}"
        memory = str(memory_mb * 2**20)
        if (CGROUP_ROOT / "cgroup.controllers").exists():  # cgroup v2: one hierarchy
            directory = CGROUP_ROOT / name
            settings = {
                directory: {
                    "memory.max": memory,
                    "memory.swap.max": "0",
                    "pids.max": str(PROCESSES),
                    "cpu.max": f"{CPU_PERIOD_US} {CPU_PERIOD_US}",
                }
            }
            events = directory / "memory.events"
        else:  # cgroup v1: a hierarchy per controller
            settings = {
                CGROUP_ROOT / "memory" / name: {"memory.limit_in_bytes": memory, "memory.memsw.limit_in_bytes": memory},
                CGROUP_ROOT / "pids" / name: {"pids.max": str(PROCESSES)},
                CGROUP_ROOT / "cpu" / name: {"cpu.cfs_quota_us": str(CPU_PERIOD_US)},
            }
            events = CGROUP_ROOT / "memory" / name / "memory.oom_control"
        made: list[Path] = []
        try:
            for directory, files in settings.items():
                directory.mkdir()
                made.append(directory)
                for file, value in files.items():
                    if file.startswith("memory.memsw") and not (directory / file).exists():
                        continue  # no swap accounting: no swap to escape to
                    (directory / file).write_text(value)
            return cls(made, events)
        except OSError:
            for directory in reversed(made):
                with contextlib.suppress(OSError):
                    directory.rmdir()
            return None

    def wrap(self, command: list[str]) -> list[str]:
        """``command`` started inside this group (the shell joins it, then becomes the command)."""
        joins = "; ".join(f"echo $$ > {shlex.quote(str(path / 'cgroup.procs'))}" for path in self.directories)
        return ["/bin/sh", "-c", f'{joins}; exec "$@"', "sandbox", *command]

    def oom_kills(self) -> int:
        """How many of the group's processes the kernel killed for memory so far."""
        try:
            lines = self.events.read_text().splitlines()
        except OSError:
            return 0
        counts = [int(line.split()[1]) for line in lines if line.startswith("oom_kill ")]
        return counts[0] if counts else 0

    def killed_for_memory(self) -> bool:
        """Whether a process of the group was killed for memory since the last call."""
        kills = self.oom_kills()
        new, self.kills_seen = kills > self.kills_seen, kills
        return new

    def remove(self) -> None:
        """Remove the group once its processes are gone (any left are killed)."""
        deadline = time.monotonic() + 2
        for directory in reversed(self.directories):
            while directory.exists():
                try:
                    directory.rmdir()
                except OSError:
                    if time.monotonic() > deadline:
                        break
                    with contextlib.suppress(OSError):
                        for pid in (directory / "cgroup.procs").read_text().split():
                            os.kill(int(pid), 9)
                    time.sleep(0.01)
