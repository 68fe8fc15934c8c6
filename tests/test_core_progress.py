"""A delayed progress bar exists only once its loop has lasted the delay: a quick call creates no bar (in a
notebook, no widget), and a slow one counts from the items already done."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
import tqdm.auto

from townwidget.core.progress import progress


def test_a_quick_loop_creates_no_bar_and_a_slow_one_counts_on(monkeypatch: pytest.MonkeyPatch) -> None:
    bars: list[dict[str, Any]] = []

    class Bar:
        def __init__(self, iterable: Any, **options: Any) -> None:
            self.iterable = iterable
            bars.append(options)

        def __iter__(self) -> Any:
            return iter(self.iterable)

        def close(self) -> None:
            pass

    monkeypatch.setattr(tqdm.auto, "tqdm", Bar)
    assert list(progress(range(5), enabled=True, delay=60)) == list(range(5))
    assert bars == []
    clock = itertools.count(step=0.4)  # each look at the clock is 0.4 s later
    monkeypatch.setattr("townwidget.core.progress.time.monotonic", lambda: next(clock))
    assert list(progress(range(5), total=5, enabled=True, delay=1.0)) == list(range(5))
    assert [(bar["initial"], bar["total"]) for bar in bars] == [(3, 5)]  # shown after 3 items, 1.2 s
