"""Progress bars for long computations, notebook-aware (``tqdm.auto``), with one switch to silence them all.

Anything that can take more than a few seconds (tournaments, solvers, counts, big batches) wraps its loop in
:func:`progress`. Users turn every bar off with ``set_progress(False)`` or the environment variable
``TOWNWIDGET_PROGRESS=0``; a function may also take its own ``progress=`` argument and pass it on.

>>> set_progress(False)
>>> sum(progress(range(4), desc="adding"))
6
>>> set_progress(None)  # back to the default: on unless TOWNWIDGET_PROGRESS=0
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")

_enabled: bool | None = None  # None: follow the environment variable


def set_progress(enabled: bool | None) -> None:
    """Show (``True``) or hide (``False``) every progress bar; ``None`` follows ``TOWNWIDGET_PROGRESS``."""
    global _enabled
    _enabled = enabled


def progress_enabled(override: bool | None = None) -> bool:
    """Whether to draw a bar: a function's own ``progress=`` argument first, then :func:`set_progress`, then the
    environment variable ``TOWNWIDGET_PROGRESS`` (``0``, ``false`` or ``no`` turn bars off)."""
    if override is not None:
        return override
    if _enabled is not None:
        return _enabled
    return os.environ.get("TOWNWIDGET_PROGRESS", "1").strip().lower() not in ("0", "false", "no", "off")


def progress(
    iterable: Iterable[T],
    *,
    total: int | None = None,
    desc: str = "",
    unit: str = "it",
    enabled: bool | None = None,
    delay: float = 0.0,
) -> Iterator[T]:
    """``iterable`` with a ``tqdm.auto`` bar when bars are on (see :func:`progress_enabled`), else unchanged.

    With ``delay`` (seconds) the bar appears only once the loop has run that long, so that a function which is
    usually quick but can be slow (large arguments) shows a bar only when it is slow. Before that no bar exists at
    all: a quick call made many times in a loop creates no notebook widget."""
    if not progress_enabled(enabled):
        yield from iterable
        return
    items, done = iter(iterable), 0
    if delay > 0:
        start = time.monotonic()
        for item in items:
            yield item
            done += 1
            if time.monotonic() - start >= delay:
                break
        else:
            return  # over within the delay: no bar
    from tqdm.auto import tqdm  # type: ignore[import-untyped]

    bar: Any = tqdm(items, total=total, initial=done, desc=desc or None, unit=unit, leave=False)
    try:
        yield from bar
    finally:
        bar.close()
