"""A saved state's history played again from its start (``registry.positions``), and ``from_dict`` refusing a history
that does not replay to the saved position or holds more moves than a game can (issues 31 and 33)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from townwidget import littletown, town
from townwidget.advice import review
from townwidget.core import registry
from townwidget.core.errors import InvalidState
from townwidget.core.rng import Rng


def finished(game: Any, seed: int = 1) -> Any:
    """``game`` played to its end by random moves, every position kept (the first is the start)."""
    rng, seen = Rng(seed), [game.clone()]
    while not game.is_terminal():
        actions = game.legal_actions()
        game.apply(actions[rng.randbelow(len(actions))])
        seen.append(game.clone())
    return game, seen


@pytest.mark.parametrize(
    "make",
    [
        lambda: town.new_solo("town44", seed=3),
        lambda: town.new_solo("town66", seed=4),
        lambda: littletown.new_game(3, 5),
    ],
)
def test_every_position_is_played_again_from_the_start(make: Callable[[], Any]) -> None:
    game, seen = finished(make())
    again = registry.positions(registry.load_state(game.to_dict()))
    assert [position.to_dict() for position in again] == [position.to_dict() for position in seen]


def test_a_multiplayer_town_game_has_no_start_and_says_why() -> None:
    game = town.new_game("town44", players=2, seed=3)
    game.apply(game.legal_actions()[0])
    with pytest.raises(ValueError, match="draws from the bag are not in its history"):
        registry.positions(game)


def test_a_loaded_little_town_game_tells_its_log_again() -> None:
    game, _seen = finished(littletown.new_game(2, 7))
    assert littletown.from_dict(game.to_dict()).log == game.log != []


def _solo() -> dict[str, Any]:
    game, _seen = finished(town.new_solo("town44", seed=2))
    return game.to_dict()


def _little_town() -> dict[str, Any]:
    game, _seen = finished(littletown.new_game(2, 3))
    return game.to_dict()


@pytest.mark.parametrize(
    ("saved", "forge", "words"),
    [
        (_solo, lambda history: history[:3], "the history holds 3 move"),
        (_solo, lambda history: history * 2, "more than a solo game of town44 can"),
        (_solo, lambda history: history[:1] * len(history), "does not start from a deal"),
        (_solo, lambda history: history[::-1], "does not replay"),
        (_solo, lambda history: [{**history[0], "pile": 2}, *history[1:]], "does not"),
        (_solo, lambda history: history * 50_000, "moves, more than a solo game of town44 can \\(16\\)"),
        (_little_town, lambda history: history[:-1], "does not replay to this position"),
        (_little_town, lambda history: history[1:], "history\\[0\\] does not replay"),
        (_little_town, lambda history: history * 1_000, "more than a game can"),
    ],
)
def test_a_history_that_does_not_replay_is_refused_naming_the_fault(
    saved: Callable[[], dict[str, Any]], forge: Callable[[list[Any]], list[Any]], words: str
) -> None:
    data = saved()
    assert len(data["history"]) > 3
    data["history"] = forge(data["history"])
    with pytest.raises(InvalidState, match=words):
        registry.load_state(data)


def test_a_multiplayer_history_longer_than_any_game_is_refused() -> None:
    game = town.new_game("town44", players=2, seed=3)
    game.apply(game.legal_actions()[0])
    data = game.to_dict()
    data["history"] = data["history"] * 100_000
    with pytest.raises(InvalidState, match="holds 100000 moves, more than a multi game of town44 can"):
        town.from_dict(data)


def test_an_emptied_history_loads_as_a_position_but_is_not_reviewed() -> None:
    data = _solo()
    placed, data["history"] = len(data["history"]), []
    state = town.from_dict(data)  # a position typed in from a physical game, without its moves
    with pytest.raises(ValueError, match=f"holds 0 move\\(s\\) but {placed} tile\\(s\\) are on the board"):
        review(state, samples=1, progress=False)
