"""Views: what a player may know, and determinization (full states sampled consistently with a view)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from random_play import played

from townwidget import town
from townwidget.core import View


def public_part(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in ("history", "phase")}


@pytest.mark.parametrize("steps", [0, 5, 17, 40])
def test_sampled_states_look_the_same_to_the_viewer(steps: int) -> None:
    game = played(town.new_game("town77", players=3, seed=steps), steps, steps)
    for viewer in range(3):
        view = game.view(viewer)
        assert isinstance(view, View)
        for seed in range(10):
            sample = view.sample_state(seed)
            assert public_part(sample.to_dict(viewer=viewer)) == public_part(view.to_dict())
            assert sample.history == [] and sample.current_player == game.current_player


def test_sampling_is_seeded_and_varies_with_the_seed() -> None:
    view = played(town.new_game("town77", players=2, seed=1), 3, 1).view(1)
    assert view.sample_state(4).to_dict() == view.sample_state(4).to_dict()
    hands = {tuple(view.sample_state(seed).hands[0]) for seed in range(30)}  # type: ignore[attr-defined]
    assert len(hands) > 10


def test_sampled_hands_respect_the_public_colours_uniformly() -> None:
    game = town.new_game("town77", players=2, seed=3)
    view = game.view(1)
    colours = [c for c, _ in game.hands[0]]
    counts: Counter[tuple[int, int]] = Counter()
    for seed in range(600):
        hand = view.sample_state(seed).hands[0]  # type: ignore[attr-defined]
        assert [c for c, _ in hand] == colours
        counts.update(hand)
    # each candidate of a colour is drawn about equally often (7 shapes, minus the ones the viewer sees)
    first = colours[0]
    candidates = [count for (c, _), count in counts.items() if c == first]
    assert len(candidates) >= 4 and max(candidates) < 2.2 * min(candidates)


def test_solo_samples_keep_the_tops_and_shuffle_the_rest() -> None:
    game = played(town.new_solo("town77", seed=2), 6, 2)
    view = game.view(0)
    unseen = sorted(t for pile in game.piles for t in pile[:-1])
    assert view.to_dict()["unseen"] == [list(t) for t in unseen]
    orders = set()
    for seed in range(20):
        sample = view.sample_state(seed)
        assert isinstance(sample, town.SoloState)
        assert [p[-1] for p in sample.piles] == [p[-1] for p in game.piles]
        assert [len(p) for p in sample.piles] == [len(p) for p in game.piles]
        assert sorted(t for p in sample.piles for t in p[:-1]) == unseen
        orders.add(tuple(sample.piles[0]))
    assert len(orders) > 15


def test_a_view_answers_for_its_player_only() -> None:
    game = town.new_game("town66", players=3, seed=5)
    assert game.view(0).legal_actions() == game.legal_actions()
    assert game.view(1).legal_actions() == [] and game.view(1).current_player == 0
    assert not hasattr(game.view(1), "__dict__")  # slots only: no stray reference to the state
    with pytest.raises(ValueError, match="viewer must be a player number"):
        game.to_dict(viewer=3)


def test_views_continue_through_a_whole_game() -> None:
    game = town.new_game("town44", players=2, seed=8)
    rng = random.Random(0)
    while not game.is_terminal():
        player = game.current_player
        assert player is not None
        view = game.view(player)
        assert view.legal_actions() == game.legal_actions()
        game.apply(rng.choice(view.legal_actions()))
    assert game.view(0).is_terminal() and game.view(1).legal_actions() == []
