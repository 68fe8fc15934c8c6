"""Every Town position that ``from_dict`` accepts can be played to the end, by every agent, without an exception.

Saved states of played games are mutated (tiles moved between hands, bag, piles and board; players marked out or
in; the player to act and the phase changed), as a careless editor or an attacker would. ``from_dict`` either
refuses the result with :class:`InvalidState`, or the game it loads is played to the end by random, greedy, mcts
and ismcts agents (small budgets) with no other exception and within a bounded number of moves.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from random_play import played

from townwidget import agents, town
from townwidget.town import InvalidState
from townwidget.town.heuristic import evaluate

AGENTS = ("random", "greedy", "mcts", "ismcts")
MAX_MOVES = 2_000  # far above any game's length: a game still going after this many moves is stuck
GAMES = ["town44", "town55", "town77"]


@st.composite
def saved_states(draw: st.DrawFn) -> dict[str, Any]:
    """The full form of a game played a few random moves, from a new game of any size and mode."""
    rules, seed = draw(st.sampled_from(GAMES)), draw(st.integers(0, 2**32))
    if draw(st.booleans()):
        state: town.State = town.new_solo("town66" if rules == "town55" else rules, seed)
    else:
        players = draw(st.integers(2, 3 if rules == "town44" else 5))
        state = town.new_game(rules, players, seed)
    return played(state, draw(st.integers(0, 60)), seed).to_dict()


def places(data: dict[str, Any]) -> list[list[Any]]:
    """Every list of tiles in the form: the hands and the bag, or the piles."""
    return [*data.get("hands", []), data["bag"]] if data["mode"] == "multi" else list(data["piles"])


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    data = draw(saved_states())
    for _ in range(draw(st.integers(1, 4))):
        change = draw(st.sampled_from(["move", "empty", "unplace", "place", "out", "current", "phase", "flips"]))
        lists = places(data)
        if change in ("move", "empty"):
            source, target = draw(st.sampled_from(lists)), draw(st.sampled_from(lists))
            while source and source is not target:
                target.append(source.pop(draw(st.integers(0, len(source) - 1))))
                if change == "move":
                    break
        elif change in ("unplace", "place"):
            n = data["n"]
            row, column = draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1))
            cell, tiles = data["board"][row][column], draw(st.sampled_from(lists))
            if change == "unplace" and isinstance(cell, list) and cell[1] is not None:
                tiles.append(cell)
                data["board"][row][column] = None
            elif change == "place" and cell is None and tiles:
                data["board"][row][column] = tiles.pop()
        elif change == "out" and "out" in data:
            player = draw(st.integers(0, len(data["out"]) - 1))
            data["out"][player] = draw(st.none() | st.integers(1, len(data["out"])))
        elif change == "current":
            data["current_player"] = draw(st.none() | st.integers(0, len(data.get("hands", [0])) - 1))
        elif change == "phase":
            data["phase"] = draw(st.sampled_from(["exchange", "place", "discard", "over"]))
        elif change == "flips" and "flips_left" in data:
            data["flips_left"] = draw(st.integers(0, 2))
    if "bag" in data:
        data["bag_size"] = len(data["bag"])
    return data


def play_to_the_end(state: town.State, names: list[str], seed: int) -> None:
    seats = [agents.make_agent(names[p % len(names)], seed=seed + p, iterations=8) for p in range(state.num_players)]
    for _ in range(MAX_MOVES):
        player = state.current_player
        if player is None:
            assert state.is_terminal() and state.result() is not None
            return
        state.apply(seats[player].act(state.view(player)))
    raise AssertionError(f"the game is not over after {MAX_MOVES} moves")


@settings(max_examples=200, deadline=None)
@given(data=mutated(), names=st.permutations(AGENTS), seed=st.integers(0, 2**16))
def test_every_position_from_dict_accepts_plays_to_the_end(data: dict[str, Any], names: list[str], seed: int) -> None:
    try:
        state = town.from_dict(data)
    except InvalidState:
        event("refused")
        return
    event(f"loaded: {state.mode}")
    assert town.from_dict(state.to_dict()).to_dict() == state.to_dict()
    play_to_the_end(state, names, seed)


@pytest.mark.parametrize("players", [2, 3])
def test_the_estimate_needs_no_next_hand(players: int) -> None:
    """The heuristic reads the next player's hand colours: an empty hand (a position built by hand) divides by
    nothing."""
    state = town.new_game("town55", players, seed=1)
    state.hands[1] = []
    assert 0.0 <= evaluate(state, 0) <= 1.0
