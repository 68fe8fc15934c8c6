"""Compiling the numba kernels before a click needs them.

numba compiles a kernel the first time it is called: the search's rollouts take 10-30 CPU seconds on a fresh
install, the solo batches' playouts 5-10 more. It keeps the machine code in its cache (every kernel here is
``cache=True``): beside the module where the package's directory can be written, else in the user's cache directory
(``~/.cache/numba``: numba chooses; ``NUMBA_CACHE_DIR`` overrides both), and loading them from there takes a
fraction of a second. So:

- :func:`warm_up` compiles (or loads) every kernel now: ``townwidget warm-up`` runs it, for a hub image or a
  class's machines, once after installing;
- :func:`warm_up_in_background` compiles the search's rollouts into the cache in a child process and then loads
  them: a widget calls it when it opens. A hint asked for meanwhile does not wait: while :func:`compiling`,
  the search rolls out in Python (:func:`townwidget.advice.hint` says so in its sentence).

The compiler runs in a child process, not on a thread of this one: it holds the interpreter's lock for much of its
work, and a hint's search beside it ran four times slower. The child runs at a lower priority (``nice``), so that
the player's clicks come first. Without numba there is nothing to compile: no child starts (nor in Pyodide, which
has neither numba nor threads).
"""

from __future__ import annotations

import atexit
import importlib.util
import os
import subprocess
import sys
import threading
from pathlib import Path

_lock = threading.Lock()
_thread: threading.Thread | None = None
_child: subprocess.Popen[bytes] | None = None
_ready = threading.Event()  # the search's rollouts are loaded in this process

# the child compiles only what a search needs, so that the widget's process has it soonest
CHILD = "import os; hasattr(os, 'nice') and os.nice(10); import townwidget.solvers.warm as w; w.warm_up_rollouts()"


def available() -> bool:
    """Whether numba and numpy are installed (found without importing them)."""
    try:
        return all(importlib.util.find_spec(name) is not None for name in ("numpy", "numba"))
    except ImportError:  # a finder that refuses them (as tests/no_numpy.py does)
        return False


def warm_up_rollouts() -> None:
    """Compile the search's rollouts in this process now, or load them from numba's cache
    (:func:`townwidget.solvers.rollout.warm_up`); needs numpy."""
    from townwidget.solvers import rollout

    rollout.warm_up()
    _ready.set()


def warm_up() -> None:
    """Compile every kernel of the package now, or load it from numba's cache, if numba is installed: the search's
    rollouts and the solo batches' playouts (:mod:`townwidget.solvers.vector`)."""
    if not available():
        return
    from townwidget.solvers import vector

    warm_up_rollouts()
    vector.SoloBatch.new("town44", 1, seed=0).random_rollout(backend="numba")
    vector.random_playouts("town44", 1, seed=0, backend="numba")


def warm_up_in_background() -> None:
    """Compile the search's rollouts into numba's cache in a child process, then load them here, all on a daemon
    thread; once per process (later calls, or calls once the rollouts are loaded, do nothing)."""
    global _thread
    with _lock:
        if _thread is not None or _ready.is_set() or not available():
            return
        _thread = threading.Thread(target=_compile_then_load, daemon=True, name="townwidget: compiling the kernels")
        _thread.start()


def compiling() -> bool:
    """Whether the background compilation is under way (a search that needs the kernels should not wait)."""
    thread = _thread
    return thread is not None and thread.is_alive()


def ready() -> bool:
    """Whether the search's rollouts are loaded in this process."""
    return _ready.is_set()


def _compile_then_load() -> None:
    """The background thread: the child compiles the rollouts into the cache, then this process loads them from it
    (had the child failed, this compiles them here, and an error shows as the thread's)."""
    global _child
    package_root = str(Path(__file__).resolve().parents[2])
    path = os.pathsep.join(filter(None, (package_root, os.environ.get("PYTHONPATH"))))
    with _lock:
        _child = child = subprocess.Popen(
            [sys.executable, "-c", CHILD],
            env={**os.environ, "PYTHONPATH": path},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    child.wait()
    warm_up_rollouts()


@atexit.register
def _stop_child() -> None:
    """A process that ends takes its compiler with it: no process is left computing."""
    with _lock:
        if _child is not None and _child.poll() is None:
            _child.kill()
