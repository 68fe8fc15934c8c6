"""Little Town as a game of the core registry (:mod:`townwidget.core.registry`): ``"littletown"``, 2 to 4 players;
and its adapter, what advice, widgets and tables read of it.

>>> game = new_game(players=2, seed=1)
>>> GAME.title(game), GAME.rules(game)["side"], GAME.parse_action(game, {"type": "done"})
('Little Town', 1, Done())
"""

from __future__ import annotations

from typing import Any, cast

from townwidget.core.language import N_
from townwidget.core.protocol import State
from townwidget.core.registry import Game
from townwidget.littletown import costs, words
from townwidget.littletown.actions import Action, parse_action
from townwidget.littletown.data import MAX_PLAYERS, MIN_PLAYERS
from townwidget.littletown.format import from_dict
from townwidget.littletown.render import state_svg
from townwidget.littletown.setup import new_game, start_of
from townwidget.littletown.state import FORMAT
from townwidget.littletown.state import State as LittleTownState
from townwidget.littletown.view import LittleTownView


def _start(name: str, players: int, seed: int) -> State[Action]:  # Little Town's states play its actions
    return new_game(players=players, seed=seed)


def _little_town(state: State[Any]) -> LittleTownState:
    return cast(LittleTownState, state)  # the registry hands a family only its own states (game_of)


GAME = Game(
    family="littletown",
    plays=lambda name: name == "littletown",
    players=range(MIN_PLAYERS, MAX_PLAYERS + 1),
    start=_start,
    load=from_dict,
    formats=(FORMAT,),
    score=lambda result, seat: result["scores"][seat],
    view_from_dict=LittleTownView.from_dict,
    score_name=lambda players: N_("VP"),  # marked: a review shows it translated
    start_of=start_of,
    state_types=(LittleTownState,),
    title=lambda state: words.TITLE,
    move_words=lambda state, action: words.move_words(action, _little_town(state).rules.restaurant_gives),
    phase_words=lambda phase: words.PHASE_WORDS.get(phase, phase),
    rules=lambda state: _little_town(state).rules.to_dict(),
    parse_action=lambda state, data: parse_action(data),
    picture=state_svg,
    goal=lambda state: words.goal_words(),
    reviews_in_score=True,
    move_notes=lambda before, action, better, player: costs.move_notes(_little_town(before), action, better, player),
    cost_words=lambda final, player, moves: costs.cost_words(_little_town(final), player, moves),
    front_end="townwidget.widget.little_town_widget:LittleTownWidget",
)
