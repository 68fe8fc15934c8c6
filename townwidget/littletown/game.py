"""Little Town as a game of the core registry (:mod:`townwidget.core.registry`): ``"littletown"``, 2 to 4 players."""

from __future__ import annotations

from townwidget.core.protocol import State
from townwidget.core.registry import Game
from townwidget.littletown.data import MAX_PLAYERS, MIN_PLAYERS
from townwidget.littletown.format import from_dict
from townwidget.littletown.setup import new_game, start_of
from townwidget.littletown.state import FORMAT
from townwidget.littletown.view import LittleTownView


def _start(name: str, players: int, seed: int) -> State:
    return new_game(players=players, seed=seed)


GAME = Game(
    family="littletown",
    plays=lambda name: name == "littletown",
    players=range(MIN_PLAYERS, MAX_PLAYERS + 1),
    start=_start,
    load=from_dict,
    formats=(FORMAT,),
    score=lambda result, seat: result["scores"][seat],
    view_from_dict=LittleTownView.from_dict,
    score_name=lambda players: "VP",
    start_of=start_of,
)
