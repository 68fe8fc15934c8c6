"""The 95% intervals the arena, the league and the lessons' checkers share: Wilson's for a rate (plain, and
clustered by deal for games that share their deal), and Student's t for a mean, cut to the bounds a score respects.

A tournament that plays each deal from every seat gives games that share their deal: a lucky deal lifts all of an
agent's games on it together. Counted as independent, 64 games of 16 deals look like more evidence than they are;
the clustered interval counts what the deals vary by:

>>> clustered = clustered_wilson_interval([4, 0] * 8, [4] * 16)  # all or nothing, deal by deal
>>> steady = clustered_wilson_interval([2] * 16, [4] * 16)  # two of four, deal after deal
>>> [round(end, 3) for end in clustered], [round(end, 3) for end in steady]
([0.274, 0.726], [0.381, 0.619])
>>> clustered_wilson_interval([1, 0] * 50, [1] * 100) == wilson_interval(50, 100)  # one game a deal: independent
True
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from numbers import Integral

Z95 = 1.959964  # two-sided 95% normal quantile

# Student's t, two-sided 95%, by degrees of freedom up to 30 (beyond, within 2% of the normal quantile, Z95)
T95 = (
    *(12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131),
    *(2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042),
)


def wilson_interval(successes: float, trials: float) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (``trials`` may be an effective, non-whole number).

    >>> [round(x, 3) for x in wilson_interval(50, 100)]
    [0.404, 0.596]
    >>> wilson_interval(4, 4)[1], wilson_interval(0, 4)[0]  # exactly the bound, not a rounding below it
    (1.0, 0.0)
    """
    if trials <= 0:
        raise ValueError(f"trials must be positive, not {trials}")
    p, z2 = successes / trials, Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # at p = 0 or 1 the bound is exactly 0 or 1; computed, it can round to just inside and leave out p itself
    return (0.0 if p == 0 else max(0.0, centre - half)), (1.0 if p == 1 else min(1.0, centre + half))


def clustered_wilson_interval(successes: Sequence[int], trials: Sequence[int]) -> tuple[float, float]:
    """The 95% Wilson interval of a rate measured in clusters (``successes[i]`` of ``trials[i]`` in cluster i: the
    games of one deal), on the effective number of trials: all of them divided by the design effect, the clustered
    variance of the rate over the binomial one (at least 1, so clustering never narrows the interval). Clusters of
    one trial each are independent games: the plain Wilson interval."""
    wins, games = list(successes), list(trials)
    if not all(isinstance(value, Integral) and not isinstance(value, bool) for value in wins + games):
        raise TypeError("successes and trials must be whole numbers, one of each per cluster")
    if len(wins) != len(games) or not games:
        raise ValueError("give as many successes as trials, one of each per cluster, for at least one cluster")
    if any(n <= 0 or not 0 <= w <= n for w, n in zip(wins, games, strict=True)):
        raise ValueError("each cluster needs trials above 0 and successes from 0 to its trials")
    total = sum(games)
    rate = sum(wins) / total
    binomial = rate * (1 - rate) / total
    if max(games) == 1 or len(games) < 2 or binomial == 0:
        return wilson_interval(sum(wins), total)
    clusters = len(games)
    # The ratio estimator's variance, from the spread of each cluster's residual wins - rate * games.
    residuals = sum((w - rate * n) ** 2 for w, n in zip(wins, games, strict=True))
    clustered = clusters / (clusters - 1) * residuals / total**2
    effective = total / max(1.0, clustered / binomial)
    return wilson_interval(rate * effective, effective)


def t95(degrees: int) -> float:
    """The two-sided 95% quantile of Student's t with ``degrees`` degrees of freedom (at least 1)."""
    return T95[degrees - 1] if degrees <= len(T95) else Z95


def mean_interval(values: Sequence[float], bounds: tuple[float, float] | None = None) -> tuple[float, float]:
    """The 95% Student t interval of a mean (few games get the wider interval they need; a single value gives a
    zero-width one), cut to ``bounds`` where the scores cannot leave them (tiles placed lie in 0 .. n * n).

    >>> [round(end, 2) for end in mean_interval([0, 10])], mean_interval([0, 10], bounds=(0, 16))
    ([-58.53, 68.53], (0, 16))
    """
    mean = statistics.fmean(values)
    half = t95(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    low, high = mean - half, mean + half
    if bounds is not None:
        low, high = max(low, bounds[0]), min(high, bounds[1])
    return low, high
