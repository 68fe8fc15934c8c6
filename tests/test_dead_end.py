"""The exact chance of a Town solo game's end within the next draws, and the expert's guard against dead ends."""

from __future__ import annotations

from itertools import combinations

import pytest
from town_positions import solo

from townwidget import town
from townwidget.agents import make_agent
from townwidget.agents.dead_end import _Position, end_risks, unavoidable_end
from townwidget.agents.expert import END_DRAWS, END_MARGIN, ExpertAgent
from townwidget.core import Rng
from townwidget.town.board import Board
from townwidget.town.state import all_tiles, pile_sizes

# Town 77 deal 4 after 25 tiles of make_agent("best", seed=1): without the guard, the search of every seed tried
# (2000 iterations) placed tile (4, 0) on (2, 6), which ends the game within two draws with chance 0.105, rather
# than on (4, 3), with chance 0.007.
DEAL_4_BOARD = {
    (0, 0): (4, 4), (0, 3): (1, 2),
    (1, 0): (3, 0), (1, 1): (0, 2), (1, 2): (6, 3), (1, 3): (5, 1),
    (2, 1): (5, 3), (2, 3): (0, 5), (2, 4): (3, 2), (2, 5): (6, 4),
    (3, 1): (6, 0), (3, 3): (2, 3), (3, 4): (0, 4),
    (4, 0): (0, 6), (4, 1): (1, 4), (4, 4): (5, 5),
    (5, 1): (3, 1), (5, 2): (2, 2), (5, 4): (1, 3), (5, 5): (0, 0), (5, 6): (5, 4),
    (6, 2): (0, 1), (6, 3): (3, 4), (6, 4): (2, 0), (6, 5): (5, 6),
}  # fmt: skip
DEAL_4_UNSEEN = [
    (1, 0), (1, 1), (1, 5), (1, 6), (2, 1), (2, 5), (2, 6), (3, 3), (3, 5), (3, 6), (4, 1),
    (4, 2), (4, 3), (4, 5), (4, 6), (5, 0), (5, 2), (6, 1), (6, 2), (6, 5), (6, 6),
]  # fmt: skip


def deal_4_position() -> town.SoloState:
    below = iter(DEAL_4_UNSEEN)
    piles = [[next(below) for _ in range(size)] + [top] for size, top in ((5, (4, 0)), (8, (0, 3)), (8, (2, 4)))]
    return solo(DEAL_4_BOARD, piles)


def sampled_end(view: town.TownView, move: town.Place, samples: int, seed: int) -> float:
    """How often the game is over right after ``move`` on states drawn from the view (the next top is drawn)."""
    rng, ended = Rng(seed), 0
    for _ in range(samples):
        state = view.sample_state(rng.spawn())
        state.apply(move)
        ended += state.is_terminal()
    return ended / samples


def positions_with_some_risk() -> list[town.TownView]:
    """Views from greedy play on a few deals (flips in Town 66) where some move may end the game at once."""
    found = []
    for rules, deal in (("town77", 3), ("town66", 1), ("town55", 2)):
        game, greedy = town.new_solo(rules, seed=deal), make_agent("greedy", seed=deal)
        wanted = len(found) + 2
        while not game.is_terminal() and len(found) < wanted:
            view = game.view(0)
            if any(end_risks(view, 1).values()):
                found.append(view)
            game.apply(greedy.act(view))
    return found


def test_the_end_risk_of_one_draw_is_how_often_drawn_states_end_after_the_move() -> None:
    views = positions_with_some_risk() + [deal_4_position().view(0)]
    assert len(views) >= 5
    for view in views:
        for move, risk in end_risks(view, 1).items():
            sampled = sampled_end(view, move, 600, seed=len(view.to_dict()["unseen"]))
            spread = max((risk * (1 - risk) / 600) ** 0.5, 1 / 600)
            assert abs(sampled - risk) <= 4.5 * spread, (move, risk, sampled)


def test_two_draws_risk_at_least_one_and_the_deal_4_figures() -> None:
    view = deal_4_position().view(0)
    one, two = end_risks(view, 1), end_risks(view, 2)
    assert all(two[move] >= one[move] for move in one)
    chosen, safe = town.Place((4, 0), (2, 6), 0), town.Place((4, 0), (4, 3), 0)
    assert round(two[chosen], 3) == 0.105 and round(two[safe], 3) == 0.007


def test_end_risks_read_only_the_view() -> None:
    state = deal_4_position()
    twin = deal_4_position()
    for pile in twin.piles:
        pile[:-1] = pile[-2::-1]  # the tiles below each top in the reverse order
    assert twin.piles != state.piles and twin.view(0).to_dict() == state.view(0).to_dict()
    assert end_risks(twin.view(0)) == end_risks(state.view(0))


def test_end_risks_refuse_a_multiplayer_view() -> None:
    with pytest.raises(ValueError, match="solo"):
        end_risks(town.new_game("town44", players=2, seed=0).view(0))


@pytest.mark.parametrize("seed", [0, 1])
def test_the_expert_never_picks_a_move_far_likelier_to_end_the_game(seed: int) -> None:
    view = deal_4_position().view(0)
    risks = end_risks(view, END_DRAWS)
    move = ExpertAgent(seed, iterations=2000).act(view)
    assert risks[move] <= min(risks.values()) + END_MARGIN


def test_the_unavoidable_end_at_one_tile_is_what_the_engine_gives_the_best_pioneer() -> None:
    # Town 44 solo, every opening: the engine plays each pioneer against each tile that can come up below it.
    deck, sizes = all_tiles(4), pile_sizes("town44")
    total = 0.0
    openings = list(combinations(deck, 3))
    for tops in openings:
        unseen = [tile for tile in deck if tile not in tops]
        chances = []
        for pile in range(3):
            ended = 0
            for drawn in unseen:
                rest = iter(tile for tile in unseen if tile != drawn)
                piles = [[next(rest) for _ in range(size - 1 - (i == pile))] for i, size in enumerate(sizes)]
                piles[pile].append(drawn)
                state = solo({}, [below + [top] for below, top in zip(piles, tops, strict=True)], rules="town44")
                state.apply(next(a for a in state.legal_actions() if isinstance(a, town.Place) and a.pile == pile))
                ended += state.is_terminal()
            chances.append(ended / len(unseen))
        total += min(chances)
    assert unavoidable_end("town44", tiles=1) == pytest.approx(total / len(openings))
    assert total > 0


@pytest.mark.parametrize("rules", ["town44", "town55"])
def test_openings_of_one_pattern_share_their_unavoidable_end(rules: str) -> None:
    # unavoidable_end solves one opening per pattern of repeated colours and shapes; here every opening is solved.
    spec, deck = town.resolve_rules(rules), all_tiles(town.resolve_rules(rules).n)
    below = tuple(size - 1 for size in pile_sizes(rules))
    openings = list(combinations(deck, 3))
    every = [
        _Position(Board(spec.n), tops, below, tuple(t for t in deck if t not in tops), spec.flips).risk(2)
        for tops in openings
    ]
    assert unavoidable_end(rules, tiles=2) == pytest.approx(sum(every) / len(openings))


def test_the_unavoidable_end_grows_with_the_tiles_and_refuses_what_it_cannot_count() -> None:
    assert 0 < unavoidable_end("town77", tiles=1) <= unavoidable_end("town77", tiles=3) < 0.01
    with pytest.raises(ValueError, match="tiles must be from 1 to 11 for town66"):
        unavoidable_end("town66", tiles=12)
