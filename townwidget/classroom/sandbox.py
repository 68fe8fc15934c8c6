"""The sandbox a course's autograder runs each submission in: bubblewrap (``bwrap``), seeing the system's programs
and libraries, the Python that runs townwidget (read only), and the submission's own folder; not the course's
``source/`` (the worked solutions), ``release/``, the gradebook, nor any other student's work.

``townwidget course`` writes, into the course folder:

* ``sandbox/run-sandboxed.sh``: runs a command inside the sandbox, in the current folder (refused in one sentence,
  exit status 2, where ``bwrap`` is missing or cannot start);
* ``sandbox/kernels/townwidget-sandboxed/kernel.json``: a Jupyter kernel that starts Python through that script;
  the course's ``nbgrader_config.py`` adds ``sandbox/`` to ``JUPYTER_PATH`` and names this kernel for every
  notebook nbgrader runs (``autograde``, ``validate``);
* ``autograde.sh``: ``nbgrader autograde`` behind a check that the sandbox works.

The kernel talks to nbgrader through the connection file Jupyter writes (bound read only) over the loopback
network, so the network is shared; the processes (a PID namespace: no grader's process, its folder or its command
line is visible), IPC and host name are not. The kernel's watch on its parent (``JPY_PARENT_PID``) is off, as its
parent is not visible in the sandbox; ``--die-with-parent`` ends the sandbox with the grader instead.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from pathlib import Path

KERNEL_NAME = "townwidget-sandboxed"
#: What a missing bubblewrap says: the autograder refuses rather than run a submission that sees the course.
NO_BWRAP = (
    "townwidget course: bubblewrap (bwrap) is missing or cannot start here, so a submission cannot be run seeing "
    "only itself; install it (apt-get install bubblewrap, dnf install bubblewrap) and grade again: grading refused"
)


def python_folders() -> list[str]:
    """The folders the sandboxed Python needs, read only: its prefixes and every folder on its path (an editable
    install's source too), none inside another."""
    candidates = [sys.prefix, sys.base_prefix, sys.exec_prefix, str(Path(sys.executable).resolve().parents[1])]
    candidates += [entry for entry in sys.path if entry and os.path.isabs(entry)]
    folders = sorted({os.path.realpath(path) for path in candidates if os.path.isdir(path)})
    return [folder for folder in folders if not any(folder.startswith(other + os.sep) for other in folders)]


def _system_binds() -> list[str]:
    """bwrap arguments for /usr and the folders that link into it (a symlink on merged-/usr systems)."""
    arguments = ["--ro-bind", "/usr", "/usr"]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64"):
        if os.path.islink(top):
            arguments += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            arguments += ["--ro-bind", top, top]
    for optional in ("/etc/ld.so.cache", "/etc/fonts", "/etc/alternatives"):
        arguments += ["--ro-bind-try", optional, optional]
    return arguments


def sandbox_script() -> str:
    """The shell script that runs ``"$@"`` (after the connection file, ``$1``) inside the sandbox."""
    python = [argument for folder in python_folders() for argument in ("--ro-bind", folder, folder)]
    fixed = " ".join(shlex.quote(argument) for argument in [*_system_binds(), *python])
    return f"""#!/bin/sh
# Written by townwidget course: runs a command seeing only the current folder (a submission), the system's programs
# and the Python that runs townwidget. Usage: run-sandboxed.sh CONNECTION-FILE COMMAND...
connection="$1"
shift
here="$(pwd -P)"
if ! command -v bwrap >/dev/null 2>&1 || ! bwrap --ro-bind / / true 2>/dev/null; then
  echo {shlex.quote(NO_BWRAP)} >&2
  exit 2
fi
exec bwrap --die-with-parent --new-session --unshare-pid --unshare-ipc --unshare-uts \\
  {fixed} \\
  --proc /proc --dev /dev --tmpfs /tmp --setenv HOME /tmp --setenv MPLCONFIGDIR /tmp \\
  --setenv JPY_PARENT_PID 1 \\
  --ro-bind "$connection" "$connection" \\
  --bind "$here" "$here" --chdir "$here" \\
  "$@"
"""


def write_sandbox(course: Path) -> list[Path]:
    """Write the sandbox's script, its kernel and ``autograde.sh`` into ``course``; the files written."""
    script = course / "sandbox" / "run-sandboxed.sh"
    kernel = course / "sandbox" / "kernels" / KERNEL_NAME / "kernel.json"
    kernel.parent.mkdir(parents=True, exist_ok=True)
    script.write_text(sandbox_script(), encoding="utf-8")
    script.chmod(0o755)
    argv = ["/bin/sh", str(script.resolve()), "{connection_file}", sys.executable]
    argv += ["-m", "ipykernel_launcher", "-f", "{connection_file}"]
    spec = {"argv": argv, "display_name": "Python 3 (townwidget, sandboxed)", "language": "python"}
    kernel.write_text(json.dumps(spec, indent=1) + "\n", encoding="utf-8")
    autograde = course / "autograde.sh"
    autograde.write_text(
        f"""#!/bin/sh
# Written by townwidget course: nbgrader autograde, each submission run in the sandbox (sandbox/run-sandboxed.sh),
# seeing only itself. Usage, in this folder: ./autograde.sh ASSIGNMENT [nbgrader's options, e.g. --student NAME]
cd "$(dirname "$0")" || exit 2
if ! command -v bwrap >/dev/null 2>&1 || ! bwrap --ro-bind / / true 2>/dev/null; then
  echo {shlex.quote(NO_BWRAP)} >&2
  exit 2
fi
exec {shlex.quote(sys.executable)} -m nbgrader autograde "$@"
""",
        encoding="utf-8",
    )
    autograde.chmod(0o755)
    return [script, kernel, autograde]
