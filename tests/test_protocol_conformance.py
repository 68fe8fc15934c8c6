"""One conformance suite for the core protocol (:mod:`townwidget.core.protocol`), run on every game behind it.

Agents, the arena, the widgets and the lessons rely on this protocol alone, so each game must keep the same
promises: legal actions in a stable order that all apply; ``apply`` of an action or of its dict alike; a refused
action leaves the state unchanged byte for byte; clones are independent and play on identically; a view per
player says what that player may know and samples full states consistent with it; the JSON form round-trips.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import pytest
from random_play import played

from townwidget import core
from townwidget.core import registry


@dataclass(frozen=True)
class Game:
    """A game behind the protocol, found in the registry: how to start one, and how to load its JSON form."""

    name: str
    players: int

    def new(self, seed: int) -> Any:
        return registry.new_game(self.name, self.players, seed)

    def from_dict(self, data: Any) -> Any:
        return registry.lookup(self.name).load(data)


GAMES = {
    "town solo": Game("town66", 1),
    "town multiplayer": Game("town55", 3),
    "little town": Game("littletown", 3),
}


def test_every_registered_family_is_in_this_suite() -> None:
    assert {registry.lookup(game.name).family for game in GAMES.values()} == {
        family.family for family in registry.families()
    }


STEPS = (0, 1, 7, 25, 80, 10_000)  # from the first move to the end of the game


def positions(game: Game) -> list[Any]:
    """States at several points of a few random games, the finished games included."""
    return [played(game.new(seed), steps, seed) for seed in (1, 2) for steps in STEPS]


def text(state: Any) -> str:
    """The state's full JSON form as text: "unchanged" means unchanged byte for byte."""
    return json.dumps(state.to_dict(), sort_keys=True)


def without_history(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key != "history"}


@pytest.fixture(params=list(GAMES))
def game(request: pytest.FixtureRequest) -> Game:
    return GAMES[request.param]


def test_states_and_views_follow_the_protocol_types(game: Game) -> None:
    for state in positions(game):
        assert isinstance(state, core.State)
        for player in range(state.num_players):
            assert isinstance(state.view(player), core.View)
        assert all(isinstance(action, core.Action) for action in state.legal_actions())


def test_legal_actions_are_stable_and_end_with_the_game(game: Game) -> None:
    for state in positions(game):
        actions = state.legal_actions()
        assert actions == state.legal_actions(), "the order must be stable"
        assert len(set(actions)) == len(actions), "no action twice"
        if state.is_terminal():
            assert actions == [] and state.current_player is None
            returns = state.returns()
            assert len(returns) == state.num_players and all(0.0 <= value <= 1.0 for value in returns)
        else:
            assert actions and 0 <= state.current_player < state.num_players


def test_every_legal_action_applies_and_its_dict_does_the_same(game: Game) -> None:
    for state in positions(game):
        for action in state.legal_actions()[:12]:
            by_object, by_dict = state.clone(), state.clone()
            by_object.apply(action)
            by_dict.apply(json.loads(json.dumps(action.to_dict())))
            assert text(by_object) == text(by_dict)
            assert len(by_object.to_dict()["history"]) == len(state.to_dict()["history"]) + 1


def refused_actions(state: Any, game: Game) -> list[Any]:
    """Actions that are not legal here: other positions' legal actions, and malformed ones."""
    legal = state.legal_actions()
    elsewhere = [action for other in positions(game)[1:4] for action in other.legal_actions()[:5]]
    junk: list[Any] = [None, 7, "place", [], {}, {"type": []}, {"type": {}}, {"type": "x" * 10_000}]
    junk += [{"type": "pass", "player": 99}, {"type": "done", "cell": [10**400, 0]}]
    return [action for action in elsewhere if action not in legal] + junk


def test_a_refused_action_leaves_the_state_unchanged_byte_for_byte(game: Game) -> None:
    for state in positions(game):
        before, views = text(state), [json.dumps(state.to_dict(viewer=p)) for p in range(state.num_players)]
        for action in refused_actions(state, game):
            with pytest.raises(core.IllegalAction):
                state.apply(action)
            assert text(state) == before, f"{action!r:.80} was refused but changed the state"
        assert [json.dumps(state.to_dict(viewer=p)) for p in range(state.num_players)] == views


def test_clones_are_independent_and_play_on_identically(game: Game) -> None:
    for state in positions(game):
        before = text(state)
        first, second = state.clone(), state.clone()
        played(first, 10_000, seed=3)
        assert text(state) == before, "playing a clone changed the original"
        assert text(played(second, 10_000, seed=3)) == text(first), "clones must play on identically"


def test_each_view_holds_what_its_player_may_know(game: Game) -> None:
    for state in positions(game):
        for player in range(state.num_players):
            view = state.view(player)
            assert view.player == player and view.current_player == state.current_player
            assert view.to_dict() == state.to_dict(viewer=player)
            assert json.loads(json.dumps(view.to_dict())) == view.to_dict()
            assert view.legal_actions() == (state.legal_actions() if player == state.current_player else [])
            view.to_dict()["history"] = None  # a copy: changing it changes neither the view nor the state
            assert view.to_dict() == state.to_dict(viewer=player)


def test_a_view_samples_full_states_consistent_with_it(game: Game) -> None:
    for state in positions(game):
        for player in range(state.num_players):
            view = state.view(player)
            for seed in (0, 1):
                sample = view.sample_state(seed)
                assert isinstance(sample, core.State) and sample.num_players == state.num_players
                assert without_history(sample.to_dict(viewer=player)) == without_history(view.to_dict())
                assert sample.legal_actions() == state.legal_actions() or player != state.current_player
                assert text(game.from_dict(sample.to_dict())) == text(sample), "a sample is a loadable state"
            assert text(view.sample_state(5)) == text(view.sample_state(5)), "sampling is seeded"


def test_the_json_form_round_trips_and_plays_on_the_same(game: Game) -> None:
    for state in positions(game):
        copy = game.from_dict(json.loads(json.dumps(state.to_dict())))
        assert text(copy) == text(state)
        assert text(played(copy, 10_000, seed=4)) == text(played(state.clone(), 10_000, seed=4))


def test_the_estimate_is_in_range_for_every_player(game: Game) -> None:
    for state in positions(game):
        assert all(0.0 <= state.heuristic(player) <= 1.0 for player in range(state.num_players))


def test_the_estimate_after_a_move_is_the_estimate_of_the_position_after_it(game: Game) -> None:
    """``core.protocol.heuristic_after`` (a game's quicker way, Town solo's from the masks a placement leaves) gives
    exactly what the estimate says of the position the move leads to, and leaves the state as it was."""
    for state in positions(game):
        before = text(state)
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            for player in range(state.num_players):
                assert core.protocol.heuristic_after(state, action, player) == child.heuristic(player), action
                value, rated = core.protocol.rated_child(state, action, player)
                assert value == child.heuristic(player) and (
                    rated is None or without_history(rated.to_dict()) == without_history(child.to_dict())
                ), action
        assert text(state) == before


def test_bad_saved_states_raise_invalid_state_naming_the_key(game: Game) -> None:
    data = positions(game)[2].to_dict()
    rng = random.Random(0)
    for key in rng.sample(sorted(data), 6):
        for junk in (None, [], {}, "x" * 10_000, 10**400):
            damaged = {**data, key: junk}
            try:
                game.from_dict(damaged)
            except core.InvalidState as error:
                assert len(str(error)) < 600, f"a short message, not {len(str(error))} characters"


def test_history_phase_and_result_tell_the_game_as_it_went(game: Game) -> None:
    state = game.new(6)
    assert state.history == [] and state.result() is None
    while not state.is_terminal():
        assert isinstance(state.phase, str) and state.phase != "over" and state.result() is None
        player, phase, action = state.current_player, state.phase, state.legal_actions()[-1]
        state.apply(action)
        assert state.history[-1] == (player, phase, action)
    assert state.phase == "over"
    result = state.result()
    assert result is not None and json.loads(json.dumps(result)) == result
    family = registry.lookup(game.name)
    scores = [family.score(result, seat) for seat in range(state.num_players)]
    assert all(isinstance(score, (int, float)) for score in scores) and family.score_name(state.num_players)


def test_views_advise_searches_with_data(game: Game) -> None:
    for state in positions(game):
        advice = state.view(0).search_advice()
        assert isinstance(advice, core.SearchAdvice)
        for value in (advice.iterations, advice.rollout_moves):
            assert value is None or (isinstance(value, int) and value >= 0)


def test_the_registry_loads_every_saved_state_by_its_format(game: Game) -> None:
    for state in positions(game):
        assert text(registry.load_state(state.to_dict())) == text(state)
        assert state.to_dict()["format"] in registry.lookup(game.name).formats


def test_a_history_replays_from_the_start_the_game_tells_or_it_says_why(game: Game) -> None:
    """``registry.positions``: the start the engine rebuilds, then one position per move, the last the state itself;
    a game that cannot tell its start says so in a ValueError (never another exception)."""
    for seed in (1, 2):
        state, seen = game.new(seed), []
        while not state.is_terminal():
            seen.append(text(state))
            state.apply(state.legal_actions()[seed % len(state.legal_actions())])
        seen.append(text(state))
        try:
            again = registry.positions(state)
        except ValueError as error:
            assert game.players > 1 and "draws" in str(error), error  # only multiplayer Town hides its draws
            continue
        assert [text(position) for position in again] == seen
