"""Town as a game of the core registry (:mod:`townwidget.core.registry`): any ``"townNN"`` rules name, one player for
a solo deal, two to five for the multiplayer game; and its adapter, what advice, widgets and tables read of it.

>>> game = new_solo("town77", seed=1)
>>> GAME.title(game), GAME.rules(game)["n"], GAME.parse_action(game, {"type": "pass"})
('Town 77', 7, Pass())
"""

from __future__ import annotations

from typing import Any, cast

from townwidget.core.protocol import State
from townwidget.core.registry import Game
from townwidget.town import words
from townwidget.town.actions import Action, parse_action
from townwidget.town.format import from_dict
from townwidget.town.render import state_svg
from townwidget.town.start import start_of
from townwidget.town.state import FORMAT, MAX_PLAYERS, new_game, new_solo
from townwidget.town.state import State as TownState
from townwidget.town.view import TownView


def _start(name: str, players: int, seed: int) -> State[Action]:  # Town's states play Town's actions
    return new_solo(name, seed=seed) if players == 1 else new_game(name, players=players, seed=seed)


def _score(result: dict[str, Any], seat: int) -> float:
    return float(result["placed"] if "placed" in result else result["tiles_left"][seat])


def _town(state: State[Any]) -> TownState:
    return cast(TownState, state)  # the registry hands a family only its own states (game_of)


def _parse(state: State[Any], data: Any) -> Any:
    return parse_action(data, _town(state).rules.n)


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
    state_types=(TownState,),
    title=lambda state: words.title(_town(state).rules.name),
    move_words=lambda state, action: words.move_words(state.phase, action),
    phase_words=lambda phase: words.PHASE_WORDS.get(phase, phase),
    rules=lambda state: _town(state).rules.to_dict(),
    parse_action=_parse,
    picture=state_svg,
    goal=lambda state: words.goal_words(state.num_players),
    front_end="townwidget.widget.town_widget:TownWidget",
    style=words.named_style,
)
