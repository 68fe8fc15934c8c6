"""The clairvoyant solo solver: exact against brute force, a lower bound when out of time."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import pytest

from townwidget import town
from townwidget.core import Rng
from townwidget.solvers import clairvoyant as solver
from townwidget.solvers.clairvoyant import BEAM_WIDTH, _Search, _widths, solve


def brute_force(state: town.State) -> int:
    """The best final score of a solo position, by trying every line."""
    if state.is_terminal():
        return state.board.placed()
    best = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        best = max(best, brute_force(child))
    return best


@pytest.mark.parametrize(("rules", "moves", "count"), [("town33", 1, 60), ("town44", 4, 40), ("town44", 7, 40)])
def test_clairvoyant_solver_matches_brute_force(rules: str, moves: int, count: int) -> None:
    rng, scores = Rng(len(rules) * moves), set()
    for deal in range(count):
        game = town.new_solo(rules, seed=deal)
        for _ in range(moves):
            if not game.is_terminal():
                game.apply(rng.choice(game.legal_actions()))
        best = solve(game)
        assert best.exact and best.upper_bound == best.score
        assert best.score == brute_force(game)
        for action in best.actions:
            game.apply(action)
        assert game.is_terminal() and game.board.placed() == best.score
        scores.add(best.score)
    assert len(scores) > 1  # the positions are not all full boards


def test_clairvoyant_solver_out_of_time_reports_a_lower_bound() -> None:
    deal = town.new_solo("town77", seed=0)
    best = solve(deal, seconds=0.2, beam_width=5)
    assert not best.exact
    assert 20 <= best.score <= best.upper_bound <= 49
    for action in best.actions:
        deal.apply(action)
    assert deal.is_terminal() and deal.board.placed() == best.score


def test_clairvoyant_solver_stops_once_a_line_reaches_the_bound() -> None:
    deal = town.new_solo("town44", seed=2)
    best = solve(deal)
    assert best.exact and best.score == 16  # a full board: no wider beam can do better
    every_width = _Search(deal, None)
    for width in _widths(BEAM_WIDTH):
        every_width.beam(width)
    assert best.nodes * 10 < every_width.nodes


def test_solve_hands_its_progress_switch_to_the_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[str, bool | None]] = []

    def spy(iterable: Iterable[Any], *, desc: str, enabled: bool | None, **options: Any) -> Iterator[Any]:
        asked.append((desc, enabled))
        yield from iterable

    monkeypatch.setattr(solver, "progress_bar", spy)
    solve(town.new_solo("town33", seed=1), progress=True)
    solve(town.new_solo("town33", seed=2), progress=False)
    assert asked == [("clairvoyant search", True), ("clairvoyant search", False)]
