"""Properties over random Little Town games: cubes and coins conserved, workers only on empty grass, scores equal
the sum of their sources, games always end after 4 rounds, views never hold other players' hidden objectives, a
round trip through the JSON form plays on identically, and the same seed gives the same game."""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import played

from townwidget import littletown
from townwidget.littletown import Build, PlaceWorker
from townwidget.littletown.data import CARDS, SEATS, building_kinds
from townwidget.littletown.objectives import possible_cards

RULES = st.fixed_dictionaries(
    {
        "side": st.sampled_from([1, 2]),
        "bird_market": st.booleans(),
        "residence_pays_owners": st.booleans(),
        "cathedral_counts": st.sampled_from(["any", "own"]),
        "castle_counts": st.sampled_from(["any", "own"]),
        "restaurant_gives": st.sampled_from(["vp", "coins"]),
        "workers_block_watchtower": st.booleans(),
    }
)
MAX_ACTIONS = 2000  # a game takes 100 to 300


def check_conserved(state: littletown.State) -> None:
    for resource in range(4):
        held = [cubes[resource] for cubes in state.cubes]
        assert min(held) >= 0 and state.reserve[resource] >= 0
        assert state.reserve[resource] + sum(held) == 15
    assert min(state.coins) >= 0 and state.reserve_coins >= 0
    assert state.reserve_coins + sum(state.coins) == 40


def check_workers(state: littletown.State) -> None:
    """Workers stand only on grass without a building (one per space, by construction), and none is lost."""
    for cell, player in enumerate(state.workers):
        if player is not None:
            assert state.terrain.kinds[cell] == "." and state.buildings[cell] is None
    for player in range(state.num_players):
        out = state.workers.count(player) + state.on_site[player] + state.workers_left[player]
        assert out == SEATS[state.num_players].workers


def check_scores(state: littletown.State) -> None:
    """The score is the sum of its sources, and each source matches what the table shows."""
    kinds = building_kinds(state.rules.restaurant_gives)
    for player in range(state.num_players):
        vp = state.vp[player]
        assert state.score[player] == sum(vp.values())
        owned = [kinds[kind] for kind, owner in state.placed_buildings() if owner == player]
        assert vp["buildings"] == sum(kind.vp for kind in owned)
        assert state.houses_left[player] == SEATS[state.num_players].houses - len(owned)
        assert vp["objectives"] == sum(CARDS[card].vp for card in state.completed[player])
        assert vp["feeding"] <= 0 and vp["feeding"] % 3 == 0
        assert min(vp["effects"], vp["cathedral"], vp["castle"], vp["watchtower"]) >= 0
        assert vp["coins"] == (state.coins[player] // 3 if state.is_terminal() else 0)


def check_views_hide(state: littletown.State) -> None:
    for viewer in range(state.num_players):
        seen = state.to_dict(viewer=viewer)
        assert "objectives_unused" not in seen and "rng" not in seen
        for player, entry in enumerate(seen["players"]):
            hidden = player != viewer
            assert all((card is None) == hidden for card in entry["objectives"])
            assert len(entry["objectives"]) == len(state.objectives[player])


def play_checked(state: littletown.State, rng: random.Random) -> int:
    """Play at random to the end, checking every invariant; the number of worker turns taken."""
    worker_turns = 0
    for step in range(MAX_ACTIONS):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert legal, "a game that is not over always offers an action"
        action = rng.choice(legal)
        worker_turns += isinstance(action, (PlaceWorker, Build))
        state.apply(action)
        check_conserved(state)
        check_workers(state)
        check_scores(state)
        if step % 11 == 0:
            check_views_hide(state)
    assert state.is_terminal() and state.round == 4 and state.current_player is None and state.legal_actions() == []
    return worker_turns


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 4), rules=RULES, seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_random_games_keep_every_invariant_and_end_after_4_rounds(
    players: int, rules: dict[str, Any], seed: int, choices: int
) -> None:
    game = littletown.new_game(players, seed=seed, rules=rules)
    assert play_checked(game, random.Random(choices)) == 4 * players * SEATS[players].workers
    result = game.result()
    assert result is not None and result["scores"] == game.score
    assert max(game.returns()) > 0 and all(0 <= value <= 1 for value in game.returns())
    assert all(result["ranks"][winner] == 1 for winner in result["winners"])


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), steps=st.integers(0, 250))
def test_a_round_trip_through_the_json_form_plays_on_identically(players: int, seed: int, steps: int) -> None:
    original = played(littletown.new_game(players, seed=seed), steps, seed)
    data = original.to_dict()
    loaded = littletown.from_dict(copy.deepcopy(data))
    assert loaded.to_dict() == data and loaded.legal_actions() == original.legal_actions()
    assert played(original, 400, 1).to_dict() == played(loaded, 400, 1).to_dict()


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_the_same_seed_and_choices_give_the_same_game(players: int, seed: int, choices: int) -> None:
    first = played(littletown.new_game(players, seed=seed), 400, choices)
    second = played(littletown.new_game(players, seed=seed), 400, choices)
    assert first.to_dict() == second.to_dict()
    other = littletown.new_game(players, seed=seed + 1)
    assert other.to_dict() != littletown.new_game(players, seed=seed).to_dict()


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), steps=st.integers(0, 200))
def test_a_view_does_not_depend_on_other_players_hidden_cards(players: int, seed: int, steps: int) -> None:
    """Swap another player's hidden card for an unused card the market allows: the viewer sees no difference."""
    game = played(littletown.new_game(players, seed=seed), steps, seed)
    viewer = seed % players
    view = game.view(viewer)
    dealt = [b for b, count in game.to_dict()["market"].items() if count] + [
        e["building"] for e in game.to_dict()["buildings"]
    ]
    possible = possible_cards(dealt, game.rules.restaurant_gives)
    for other in range(players):
        swaps = [card for card in game.unused if card in possible]
        if other == viewer or not game.objectives[other] or not swaps:
            continue
        twin = game.clone()
        hidden = twin.objectives[other][0]
        twin.objectives[other] = sorted(twin.objectives[other][1:] + [swaps[0]])
        twin.unused = sorted([card for card in twin.unused if card != swaps[0]] + [hidden])
        assert twin.to_dict(viewer=viewer) == game.to_dict(viewer=viewer)
        twin_view = twin.view(viewer)
        assert twin_view.legal_actions() == view.legal_actions()
        assert twin_view.sample_state(3).to_dict() == view.sample_state(3).to_dict()
        assert twin.heuristic(viewer) == game.heuristic(viewer)


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), steps=st.integers(0, 250))
def test_the_quick_heuristic_after_a_step_is_the_one_on_a_full_copy(players: int, seed: int, steps: int) -> None:
    """``heuristic_after`` plays the step on the position alone, without the record of play: every legal step of a
    random position rates as on a played copy, for every player, and the position does not change."""
    game = played(littletown.new_game(players, seed=seed), steps, seed)
    saved = game.to_dict()
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        for player in range(players):
            assert game.heuristic_after(action, player) == child.heuristic(player)
    assert game.to_dict() == saved and len(game.log) >= len(game.history)


def without_record(state: littletown.State) -> dict[str, Any]:
    return {key: value for key, value in state.to_dict().items() if key != "history"}


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), steps=st.integers(0, 250))
def test_the_rated_child_is_the_position_apply_leaves_and_plays_on_alike(players: int, seed: int, steps: int) -> None:
    """``rated_child`` hands a playout the position it rated, to go on from instead of applying the step again: for
    every legal step, the state ``apply`` leaves (its record of play aside, the generator included), rated as
    ``heuristic_after`` rates it; played on by the same moves to the end, both end alike."""
    game = played(littletown.new_game(players, seed=seed), steps, seed)
    mover = game.current_player
    if mover is None:
        return
    saved = game.to_dict()
    for action in game.legal_actions():
        applied = game.clone()
        applied.apply(action)
        value, child = game.rated_child(action, mover)
        assert value == game.heuristic_after(action, mover) == applied.heuristic(mover)
        assert without_record(child) == without_record(applied)
    assert game.to_dict() == saved
    moves = random.Random(seed)
    while not applied.is_terminal():
        assert child.legal_actions() == applied.legal_actions()
        step = moves.choice(applied.legal_actions())
        applied.apply(step)
        child.apply(step)
    assert without_record(child) == without_record(applied) and child.result() == applied.result()
