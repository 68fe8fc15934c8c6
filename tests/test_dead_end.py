"""The exact chance of a Town solo game's end within the next draws, and the expert's guard against dead ends."""

from __future__ import annotations

import pytest
from town_positions import solo

from townwidget import town
from townwidget.agents import make_agent
from townwidget.agents.dead_end import end_risks
from townwidget.agents.expert import END_DRAWS, END_MARGIN, ExpertAgent
from townwidget.core import Rng

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
