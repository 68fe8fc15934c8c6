"""The 95% intervals the lessons report where the arena's textbook ones mislead: a mean of bounded, skewed scores
(a percentile bootstrap, which stays inside the scores' range), and a rate measured on games that are not
independent (Wilson's interval on the effective number of games, clustered by deal).

A normal interval on the mean of scores that cannot pass a maximum may pass it: 8.97 tiles on Town 33, where 9 is
the most, came out as [8.91, 9.03]. The bootstrap resamples the scores themselves, so its interval cannot leave
their range:

>>> low, high = bootstrap_mean_interval([9] * 97 + [7, 8, 8])
>>> 8.9 < low < high <= 9.0
True

A tournament that plays each deal from every seat gives games that share their deal: a lucky deal lifts all of an
agent's games on it together. Counted as independent, 64 games of 16 deals look like more evidence than they are;
the clustered interval counts what the deals vary by:

>>> clustered = clustered_wilson_interval([4, 0] * 8, [4] * 16)  # all or nothing, deal by deal
>>> steady = clustered_wilson_interval([2] * 16, [4] * 16)  # two of four, deal after deal
>>> [round(end, 3) for end in clustered], [round(end, 3) for end in steady]
([0.274, 0.726], [0.381, 0.619])
"""

from __future__ import annotations

from collections.abc import Sequence

from townwidget.arena import wilson_interval
from townwidget.core.extras import numpy_for

#: Bootstrap resamples per interval: enough that the ends move by less than a hundredth of a tile between seeds.
RESAMPLES = 4000


def bootstrap_mean_interval(values: Sequence[float], seed: int = 0) -> tuple[float, float]:
    """The 95% percentile bootstrap interval of the mean of ``values`` (seeded: the same values, the same interval).
    It lies inside [min(values), max(values)], so inside any bounds the scores respect."""
    np = numpy_for("Bootstrap intervals")
    data = np.asarray(values, dtype=float)
    if data.ndim != 1 or len(data) < 2:
        raise ValueError(f"a mean's interval needs at least 2 values, not {values!r}")
    means = np.random.default_rng(seed).choice(data, size=(RESAMPLES, len(data))).mean(axis=1)
    low, high = np.quantile(means, [0.025, 0.975])
    return float(low), float(high)


def clustered_wilson_interval(successes: Sequence[int], trials: Sequence[int]) -> tuple[float, float]:
    """The 95% Wilson interval of a rate measured in clusters (``successes[i]`` of ``trials[i]`` in cluster i: the
    games of one deal), on the effective number of trials: all of them divided by the design effect, the clustered
    variance of the rate over the binomial one (at least 1, so clustering never narrows the interval)."""
    np = numpy_for("Clustered intervals")
    wins, games = np.asarray(successes, dtype=float), np.asarray(trials, dtype=float)
    if wins.shape != games.shape or len(games) < 2 or (games <= 0).any() or (wins < 0).any() or (wins > games).any():
        raise ValueError("give, for at least 2 clusters, successes from 0 to trials, and trials above 0")
    total = float(games.sum())
    rate = float(wins.sum()) / total
    clusters = len(games)
    # The ratio estimator's variance, from the spread of each cluster's residual wins - rate * games.
    clustered = clusters / (clusters - 1) * float(((wins - rate * games) ** 2).sum()) / total**2
    binomial = rate * (1 - rate) / total
    effect = max(1.0, clustered / binomial) if binomial > 0 else 1.0
    effective = total / effect
    # Wilson's formula holds for any positive number of trials, whole or not.
    return wilson_interval(rate * effective, effective)  # type: ignore[arg-type]
