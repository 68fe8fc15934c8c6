"""Little Town views: what a player may know, determinization, and the heuristic reading only that."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from random_play import played

from townwidget import littletown
from townwidget.core import State, View
from townwidget.littletown.objectives import possible_cards


def public_part(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key != "history"}


def test_states_and_views_follow_the_core_protocol() -> None:
    game = littletown.new_game(3, seed=1)
    assert isinstance(game, State) and isinstance(game.view(0), View)


@pytest.mark.parametrize("steps", [0, 9, 40, 130])
def test_sampled_states_look_the_same_to_the_viewer(steps: int) -> None:
    game = played(littletown.new_game(3, seed=steps), steps, steps)
    for viewer in range(3):
        view = game.view(viewer)
        for seed in range(8):
            sample = view.sample_state(seed)
            assert public_part(sample.to_dict(viewer=viewer)) == public_part(view.to_dict())
            assert sample.history == [] and sample.current_player == game.current_player
            assert sample.objectives[viewer] == game.objectives[viewer]


def test_the_viewer_acts_with_the_same_legal_actions_others_see_none() -> None:
    game = played(littletown.new_game(4, seed=2), 25, 2)
    player = game.current_player
    assert player is not None
    assert game.view(player).legal_actions() == game.legal_actions()
    assert all(game.view(other).legal_actions() == [] for other in range(4) if other != player)


def test_a_view_keeps_no_link_to_the_state() -> None:
    game = littletown.new_game(2, seed=3)
    view = game.view(0)
    before = view.to_dict()
    played(game, 30, 3)
    assert view.to_dict() == before and "rng" not in before and "objectives_unused" not in before


def test_sampled_hidden_cards_are_possible_unseen_and_drawn_uniformly() -> None:
    game = littletown.new_game(2, seed=4)
    view = game.view(0)
    data = view.to_dict()
    possible = possible_cards(list(data["market"]), "vp")
    candidates = [card for card in sorted(possible) if card not in game.objectives[0]]
    counts: Counter[int] = Counter()
    for seed in range(400):
        hand = view.sample_state(seed).objectives[1]
        assert len(hand) == 4 and set(hand) <= set(candidates)
        counts.update(hand)
    assert set(counts) == set(candidates)
    assert max(counts.values()) < 1.6 * min(counts.values())


def test_sampling_is_seeded() -> None:
    view = played(littletown.new_game(3, seed=5), 20, 5).view(2)
    assert view.sample_state(7).to_dict() == view.sample_state(7).to_dict()
    assert len({tuple(view.sample_state(seed).objectives[0]) for seed in range(20)}) > 5


def test_a_sampled_state_plays_on_to_the_end() -> None:
    sample = played(littletown.new_game(2, seed=6), 50, 6).view(1).sample_state(1)
    played(sample, 1000, 1)
    assert sample.is_terminal()


def test_the_heuristic_is_in_0_1_and_rewards_points() -> None:
    game = littletown.new_game(2, seed=7)
    assert game.heuristic(0) == pytest.approx(0.5) == game.heuristic(1)
    data = game.to_dict()
    data["players"][0]["score"] = data["players"][0]["vp"]["effects"] = 12
    ahead = littletown.from_dict(data)
    assert 0.5 < ahead.heuristic(0) < 1 and 0 < ahead.heuristic(1) < 0.5
    over = played(game, 1000, 7)
    assert [over.heuristic(p) for p in range(2)] == over.returns()


def test_the_heuristic_counts_the_turn_under_way() -> None:
    """A worker next to a forest, a mountain and a lake will gather 3 cubes: the estimate says so at once."""
    data = littletown.new_game(2, seed=8).to_dict()
    player = data["current_player"]
    quiet = littletown.from_dict(data)
    quiet.apply(littletown.PlaceWorker((2, 3)))
    rich = littletown.from_dict(data)
    rich.apply(littletown.PlaceWorker((1, 1)))
    before = rich.heuristic(player)
    assert before > quiet.heuristic(player)
    rich.apply(littletown.Done())  # the cubes are gathered now: they were counted already
    assert rich.heuristic(player) == pytest.approx(before)
