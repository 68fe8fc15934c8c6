"""Lesson 06, Little Town: the checker of a win rate's 95% interval (and :func:`check_legal_move_count` of lesson 01,
which serves any game of the engine)."""

from __future__ import annotations

import math
from typing import Any

from townwidget.arena import Z95, wilson_interval
from townwidget.exercises.common import NO_ANSWER, Verdict, _as_list, _check_order, _read_real

#: How far each end of an interval may be from the Wilson interval's (rounding to two decimals is fine).
INTERVAL_TOLERANCE = 0.005


def _read_interval(answer: Any) -> tuple[tuple[float, float] | None, str | None]:
    """Two numbers (low, high) in any sequence (a tuple, list, array, generator), each read by value."""
    if answer is None:
        return None, NO_ANSWER
    ends = _as_list(answer)
    if not isinstance(ends, list) or len(ends) != 2:
        return None, f"expected two numbers (low, high), not {answer!r}"
    read = [_read_real(end) for end in ends]
    problem = next((problem for _value, problem in read if problem), None)
    if problem:
        return None, f"in {answer!r}, {problem}"
    low, high = (float(value[0]) for value, _problem in read if value is not None)
    return (low, high), None


def _normal_interval(wins: int, games: int) -> tuple[float, float]:
    """The textbook interval p +- 1.96 sqrt(p (1 - p) / n), which collapses at 0% and 100%."""
    p = wins / games
    half = Z95 * math.sqrt(p * (1 - p) / games)
    return p - half, p + half


def check_win_rate_interval(wins: int, games: int, answer: Any) -> Verdict:
    """Whether ``answer`` (low, high) is the 95% Wilson interval of a win rate of ``wins`` in ``games`` games, as
    :func:`townwidget.arena.wilson_interval` computes it (each end within 0.005).

    >>> print(check_win_rate_interval(10, 10, (1.0, 1.0)))
    Not yet right: it should be the 95% Wilson interval of a win rate of 10 wins in 10 games.
    - (1.0, 1.0) has no width: that is the normal interval p +- 1.96 sqrt(p (1 - p) / n), which collapses at 0% and \
100%; 10 games cannot make a win rate certain
    >>> print(check_win_rate_interval(10, 10, (0.72, 1.0)))
    Right: it is the 95% Wilson interval of a win rate of 10 wins in 10 games.
    """
    games = _check_order(games, low=1)
    if not isinstance(wins, int) or isinstance(wins, bool) or not 0 <= wins <= games:
        raise ValueError(f"wins must be an integer from 0 to {games}, not {wins!r}")
    task = f"the 95% Wilson interval of a win rate of {wins} wins in {games} games"
    interval, problem = _read_interval(answer)
    if problem or interval is None:
        return Verdict(task, (problem or NO_ANSWER,))
    low, high = interval
    if low > high:  # judged before the tolerance, which would let an end past 0 or 1 pass
        return Verdict(task, (f"{answer!r} has its ends the wrong way round: (low, high)",))
    if low < 0 or high > 1:
        return Verdict(
            task, (f"{answer!r} leaves 0..1: a win rate is a share, and the Wilson interval stays inside it",)
        )
    truth = wilson_interval(wins, games)
    if abs(low - truth[0]) <= INTERVAL_TOLERANCE and abs(high - truth[1]) <= INTERVAL_TOLERANCE:
        return Verdict(task)
    return Verdict(task, (_why_not(interval, wins, games, answer),))


def _why_not(interval: tuple[float, float], wins: int, games: int, answer: Any) -> str:
    """Why an interval inside 0..1 is not the Wilson interval: the normal interval, collapsed or not, or just off."""
    low, high = interval
    normal = _normal_interval(wins, games)
    if high - low < 1e-9:
        return (
            f"{answer!r} has no width: that is the normal interval p +- 1.96 sqrt(p (1 - p) / n), which collapses at "
            f"0% and 100%; {games} games cannot make a win rate certain"
        )
    if abs(low - normal[0]) <= INTERVAL_TOLERANCE and abs(high - normal[1]) <= INTERVAL_TOLERANCE:
        return f"{answer!r} is the normal interval p +- 1.96 sqrt(p (1 - p) / n); the arena reports Wilson's"
    return f"{answer!r} is off: compare each end with Wilson's formula (written out in lesson 05-4), to 2 decimals"
