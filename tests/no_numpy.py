"""Run Python code in a fresh interpreter where numpy and numba cannot be imported (as in a browser's Python).

A ``sys.meta_path`` finder placed first refuses both packages and their submodules, so any import of them, direct
or deep inside a dependency, raises ``ImportError`` as it would where they are not installed; and
``time.thread_time`` is gone, as in Pyodide.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BLOCKED = ("numpy", "numba")

HOOK = f"""
import importlib.abc, sys, time

del time.thread_time  # Pyodide has no thread clock

class _Blocked(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {BLOCKED!r}:
            raise ImportError(f"{{name}} is blocked: this run plays without numpy and numba")
        return None

sys.meta_path.insert(0, _Blocked())
"""


def run_without_numpy(code: str, timeout: float = 300) -> str:
    """Run ``code`` after the blocking hook in a new interpreter with this checkout first on the path; its
    standard output (a failure raises ``AssertionError`` with the interpreter's error output)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests")])}
    done = subprocess.run(
        [sys.executable, "-c", HOOK + code], capture_output=True, text=True, timeout=timeout, env=env, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    return done.stdout
