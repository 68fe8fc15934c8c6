"""Town as a game of the core registry (:mod:`townwidget.core.registry`): any ``"townNN"`` rules name, one player for
a solo deal, two to five for the multiplayer game."""

from __future__ import annotations

from typing import Any, cast

from townwidget.core.protocol import State
from townwidget.core.registry import Game
from townwidget.town.format import from_dict
from townwidget.town.start import start_of
from townwidget.town.state import FORMAT, MAX_PLAYERS, new_game, new_solo
from townwidget.town.state import State as TownState
from townwidget.town.view import TownView


def _start(name: str, players: int, seed: int) -> State:
    return new_solo(name, seed=seed) if players == 1 else new_game(name, players=players, seed=seed)


def _score(result: dict[str, Any], seat: int) -> float:
    return result["placed"] if "placed" in result else result["tiles_left"][seat]


GAME = Game(
    family="town",
    plays=lambda name: name.startswith("town") and name != "town",  # the engine checks the rules name itself
    players=range(1, MAX_PLAYERS + 1),
    start=_start,
    load=from_dict,
    formats=(FORMAT,),
    score=_score,
    view_from_dict=TownView.from_dict,
    resign=lambda state: cast(TownState, state).resign(),
    score_name=lambda players: "tiles placed" if players == 1 else "tiles left",
    start_of=start_of,
)
