"""The clock of a search's time budget: CPU seconds of the thinking thread, wherever Python runs.

:func:`thread_seconds` is ``time.thread_time`` where the platform has it: a budget then does not shrink when other
processes load the machine, and a widget's thinking thread counts only its own work. Pyodide (JupyterLite: Python
in the browser) has no ``time.thread_time``; there the clock is ``time.perf_counter``, which measures the same
thing: one thread runs, and nothing beside it in that interpreter.

>>> start = thread_seconds()
>>> thread_seconds() >= start
True
>>> import types
>>> choose_clock(types.SimpleNamespace(perf_counter=lambda: 2.5))()
2.5
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def choose_clock(clocks: Any = time) -> Callable[[], float]:
    """``clocks.thread_time`` if it is there and answers, else ``clocks.perf_counter`` (``clocks``: the ``time``
    module, or a stand-in with these names)."""
    thread_time: Callable[[], float] | None = getattr(clocks, "thread_time", None)
    if thread_time is not None:
        try:
            thread_time()
        except OSError:  # declared but refused by the platform
            pass
        else:
            return thread_time
    perf_counter: Callable[[], float] = clocks.perf_counter
    return perf_counter


thread_seconds: Callable[[], float] = choose_clock()
"""CPU seconds of the calling thread (wall seconds where threads have no clock of their own: Pyodide)."""
