"""Town 77 and Town 66: the rules, the states, the JSON format, views for players, and pictures; the placement
rule on the board's bit masks in :mod:`~townwidget.town.bits`. Plain Python: no numpy, no AI. The solvers and the
batched simulator sit above the rules, in :mod:`townwidget.solvers`; the players in :mod:`townwidget.agents`.

>>> from townwidget import town
>>> game = town.new_solo(town.TOWN77, seed=42)
>>> while not game.is_terminal():
...     game.apply(game.legal_actions()[0])   # always the first legal action: a poor strategy
>>> game.result()
{'placed': 13, 'level': 'Some days are just like that...'}
"""

from townwidget.core.errors import IllegalAction, InvalidState
from townwidget.core.registry import register
from townwidget.town.actions import Action, Cell, Discard, Exchange, Pass, Place, Tile, parse_action
from townwidget.town.board import BLANK, Board
from townwidget.town.format import from_dict
from townwidget.town.game import GAME
from townwidget.town.render import board_svg, boards_row_svg, state_svg
from townwidget.town.rules import TOWN66, TOWN77, Rules, play_level, resolve_rules
from townwidget.town.state import MultiState, SoloState, State, new_game, new_solo
from townwidget.town.view import TownView

register(GAME)

__all__ = [
    "BLANK",
    "TOWN66",
    "TOWN77",
    "Action",
    "Board",
    "Cell",
    "Discard",
    "Exchange",
    "IllegalAction",
    "InvalidState",
    "MultiState",
    "Pass",
    "Place",
    "Rules",
    "SoloState",
    "State",
    "Tile",
    "TownView",
    "board_svg",
    "boards_row_svg",
    "from_dict",
    "new_game",
    "new_solo",
    "parse_action",
    "play_level",
    "resolve_rules",
    "state_svg",
]
