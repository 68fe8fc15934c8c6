"""Town in words, for players: the game's title, its tiles ('orange gable') and its moves ('green tower to row 2,
column 3': rows and columns counted from 1, the engine's cell (1, 2)), in the language of the enclosing
:func:`~townwidget.core.language.speaking` block (English outside any).
The game's adapter (:mod:`townwidget.town.game`) declares them; hints, reviews, widgets and tables read them there.

>>> from townwidget.town import Place
>>> move_words("place", Place((2, 2), (2, 3), pile=0))
'green tower to row 3, column 4'
>>> from townwidget.core.language import speaking
>>> with speaking("fr"):
...     move_words("place", Place((2, 2), (2, 3), pile=0))
'clocher vert en rangée 3, colonne 4'
"""

from __future__ import annotations

import re
from typing import Any

from townwidget.core.language import _, pgettext
from townwidget.core.words import cell_words
from townwidget.town.actions import Action, Discard, Exchange, Place
from townwidget.town.style import COLOUR_NAMES, SHAPE_NAMES, tile_style

TILE_CONTEXT = "of a tile"  # a colour qualifying the word "tile" (French: "une tuile verte", but "un pignon vert")
_PRESET = re.compile(r"town(\d+)")
# the phases as a verb for "your turn to ...", in a programmer's English (repr, logs)
PHASE_WORDS = {"exchange": "exchange", "place": "place", "discard": "discard", "over": "see the end"}


def title(rules_name: str) -> str:
    """The game's name as a player reads it: "Town 77" (from the preset "town77"; other rules by their name).

    >>> title("town77"), title("town5x")
    ('Town 77', 'town5x')
    """
    preset = _PRESET.fullmatch(rules_name)
    return f"Town {preset[1]}" if preset else rules_name


def goal_words(players: int) -> str:
    """How a Town game is won, for a player, in the speaking language.

    >>> goal_words(1)[:44]
    'Place as many tiles as you can: the game end'
    """
    placing = _("Each tile goes next to the city, with no colour and no shape twice in a row or a column.")
    if players == 1:
        goal = _(
            "Place as many tiles as you can: the game ends when no pile top fits, and your level counts the tiles."
        )
    else:
        goal = _(
            "Get rid of your tiles: at the end, fewer tiles left in your hand ranks higher, and between equal hands "
            "the player who left the game later ranks higher."
        )
    return f"{goal} {placing}"


def ranking_words() -> str:
    """Why a multiplayer Town game's ranking is what it is, for the end of the game."""
    return _(
        "The ranking: fewer tiles left in hand ranks higher; between equal hands, the player who left the game "
        "later ranks higher."
    )


def colour_name(colour: int) -> str:
    """A colour as it qualifies a house shape ("orange", French "vert")."""
    return _(COLOUR_NAMES[colour])


def tile_colour(colour: int) -> str:
    """A colour as it qualifies the word "tile" (French "verte")."""
    return pgettext(TILE_CONTEXT, COLOUR_NAMES[colour])


def shape_name(shape: int) -> str:
    return _(SHAPE_NAMES[shape])


def named_style() -> dict[str, Any]:
    """The tiles' drawing data (:func:`~townwidget.town.style.tile_style`) with their colours and shapes named in
    the speaking language: what a front end draws Town's tiles with (the widget, the spectator's page).

    >>> named_style()["shape_names"][:2], named_style()["colour_names"][:2]
    (['gable', 'block'], ['orange', 'sky blue'])
    """
    style = tile_style()
    style["colour_names"] = [colour_name(colour) for colour in range(len(COLOUR_NAMES))]
    style["shape_names"] = [shape_name(shape) for shape in range(len(SHAPE_NAMES))]
    return style


def tile_words(tile: tuple[int, int]) -> str:
    """``(colour, shape)`` as 'orange gable' (French 'pignon orange')."""
    return _("{colour} {shape}").format(colour=colour_name(tile[0]), shape=shape_name(tile[1]))


def move_words(phase: str, action: Action | Any) -> str:
    """A Town action in a few words; ``phase`` tells a 'pass' apart (no exchange, or keep the hand)."""
    if isinstance(action, Place):
        placed = _("{tile} turned over to {cell}") if action.flip else _("{tile} to {cell}")
        return placed.format(tile=tile_words(action.tile), cell=cell_words(action.cell))
    if isinstance(action, Exchange):
        return _("exchange {tiles}").format(tiles=", ".join(tile_words(tile) for tile in action.tiles))
    if isinstance(action, Discard):
        return _("discard {tile}").format(tile=tile_words(action.tile))
    return _("keep your hand") if phase == "discard" else _("no exchange")
