"""The 95% intervals the lessons report where the arena's textbook ones mislead: a mean of bounded, skewed scores
(a percentile bootstrap, which stays inside the scores' range), and a rate measured on games that are not
independent (Wilson's interval on the effective number of games, clustered by deal).

A normal interval on the mean of scores that cannot pass a maximum may pass it: 8.97 tiles on Town 33, where 9 is
the most, came out as [8.91, 9.03]. The bootstrap resamples the scores themselves, so its interval cannot leave
their range:

>>> low, high = bootstrap_mean_interval([9] * 97 + [7, 8, 8])
>>> 8.9 < low < high <= 9.0
True

The clustered Wilson interval is the arena's: :func:`townwidget.arena.intervals.clustered_wilson_interval`.
"""

from __future__ import annotations

from collections.abc import Sequence

from townwidget.arena.intervals import clustered_wilson_interval as clustered_wilson_interval  # the lessons' one name
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
