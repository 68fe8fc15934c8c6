"""The arena's shared intervals (townwidget.arena.intervals): the clustered Wilson interval that the arena's
summaries and the lessons both use."""

from __future__ import annotations

import pytest

from townwidget.arena import GameRecord, summarize
from townwidget.arena.intervals import clustered_wilson_interval, wilson_interval
from townwidget.exercises import intervals as lesson_intervals


def test_games_of_one_deal_each_get_the_plain_wilson_interval() -> None:
    assert clustered_wilson_interval([1, 0, 0, 1, 1], [1] * 5) == wilson_interval(3, 5)


def test_deals_that_decide_every_game_widen_the_interval() -> None:
    low, high = clustered_wilson_interval([4, 0] * 8, [4] * 16)
    plain_low, plain_high = wilson_interval(32, 64)
    assert high - low > 1.5 * (plain_high - plain_low)


def test_clustering_never_narrows_the_interval() -> None:
    assert clustered_wilson_interval([2] * 16, [4] * 16) == wilson_interval(32, 64)


@pytest.mark.parametrize(
    ("successes", "trials", "error"),
    [
        ([1, 2], [2], ValueError),
        ([3], [2], ValueError),
        ([0], [0], ValueError),
        ([], [], ValueError),
        ([0.5], [1], TypeError),
    ],
)
def test_bad_clusters_are_refused_in_words(successes: list, trials: list, error: type) -> None:
    with pytest.raises(error, match="cluster"):
        clustered_wilson_interval(successes, trials)


def test_the_lessons_use_the_arenas_interval() -> None:
    assert lesson_intervals.clustered_wilson_interval is clustered_wilson_interval


def _four_seat_deal(seed: int, a_wins: bool) -> list[GameRecord]:
    """The four rotated games of one deal between agents a, b, c, d: a wins all four, or none."""
    labels = ["a", "b", "c", "d"]
    records = []
    for turn in range(4):
        players = labels[turn:] + labels[:turn]
        winner = "a" if a_wins else "b"
        ranks = [1 if label == winner else 2 for label in players]
        result = {"ranks": ranks, "tiles_left": [0 if rank == 1 else 3 for rank in ranks]}
        records.append(GameRecord("town44", seed, players, [], result, [1 if r == 1 else 0 for r in ranks], {}))
    return records


def test_the_arena_clusters_win_rates_by_deal() -> None:
    records = [record for deal in range(16) for record in _four_seat_deal(deal, a_wins=deal % 2 == 0)]
    row = next(row for row in summarize(records) if row["agent"] == "a")
    assert row["win_rate"] == 0.5
    assert row["win_ci"] == clustered_wilson_interval([4, 0] * 8, [4] * 16)
    assert row["win_ci"][0] < wilson_interval(32, 64)[0]
