"""How long a search may think: a number of iterations, a time, or both (whichever runs out first).

Time is **CPU seconds of the thinking thread** (:func:`~townwidget.core.clock.thread_seconds`), not wall time: a
budget then does not shrink when other processes load the machine, and a widget's thinking thread counts only its
own work, not the kernel's or other threads'.

>>> budget = Budget(iterations=3, seconds=None, default_iterations=100)
>>> list(budget.iterate())
[0, 1, 2]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from townwidget.core.checks import require_count, require_seconds
from townwidget.core.clock import thread_seconds


@dataclass(frozen=True)
class Budget:
    """``iterations`` per move, ``seconds`` (CPU seconds of the calling thread) per move, or both; with neither,
    ``default_iterations``."""

    iterations: int | None
    seconds: float | None
    default_iterations: int

    def __post_init__(self) -> None:  # an agent built directly, not by make_agent, is bounded too
        require_count(self.iterations, "iterations")
        require_seconds(self.seconds, "seconds")

    def iterate(self, default_iterations: int | None = None) -> Iterator[int]:
        """Iteration numbers 0, 1, 2, ... until the budget is spent (at least one iteration is always given).
        ``default_iterations`` replaces the budget's own default (a game's advice) when neither bound was given."""
        limit, deadline = self.start(default_iterations)
        done = 0
        while limit is None or done < limit:
            yield done
            done += 1
            if deadline is not None and thread_seconds() >= deadline:
                return

    def start(self, default_iterations: int | None = None) -> tuple[int | None, float | None]:
        """For a move that starts now: the iteration limit and the CPU deadline (on
        :func:`~townwidget.core.clock.thread_seconds`), either ``None`` when unbounded (not both)."""
        limit = self.iterations
        if limit is None and self.seconds is None:
            limit = default_iterations or self.default_iterations
        return limit, None if self.seconds is None else thread_seconds() + self.seconds
