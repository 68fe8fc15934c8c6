"""Moves in words for hints and reviews: 'green tower to row 2, column 3', 'a worker at row 1, column 4'.

Everything here is worded in the language of the enclosing :func:`~townwidget.core.language.speaking` block
(English outside any), from gettext catalogs: the widgets word their hints and reviews so, in their language. The
names of tiles (:func:`tile_words`) are the widgets' too (:mod:`townwidget.widget.words`).

>>> from townwidget.town import Place
>>> move_words(Place((2, 2), (2, 3), pile=0))
'green tower to row 2, column 3'
>>> from townwidget.core.language import speaking
>>> with speaking("fr"):
...     move_words(Place((2, 2), (2, 3), pile=0))
'clocher vert en rangée 2, colonne 3'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from townwidget.core.language import N_, _, ngettext, pgettext
from townwidget.core.protocol import State
from townwidget.littletown import State as LittleTownState
from townwidget.littletown import data as little_town_data
from townwidget.town.style import COLOUR_NAMES, SHAPE_NAMES

TILE_CONTEXT = "of a tile"  # a colour qualifying the word "tile" (French: "une tuile verte", but "un pignon vert")
CELL = N_("row {row}, column {column}")  # numbered from 0, as the boards' coordinate labels are
_TOWN_PRESET = re.compile(r"town(\d+)")
_CELL = re.compile(r"\[(\d{1,2}), (\d{1,2})\]")  # a cell as the engines' messages write it


def cell_words(cell: Sequence[int]) -> str:
    """A cell of either game's board as the player reads it: 'row 1, column 2' (French 'rangée 1, colonne 2').
    Every text of the widgets, hints and reviews names cells with it (the front ends with the same message)."""
    return _(CELL).format(row=cell[0], column=cell[1])


def cells_in_words(text: str) -> str:
    """An engine's message with its cells (``[1, 2]``) named in words.

    >>> cells_in_words("space [0, 3] is forest, not grass")
    'space row 0, column 3 is forest, not grass'
    """
    return _CELL.sub(lambda match: cell_words((int(match[1]), int(match[2]))), text)


def colour_name(colour: int) -> str:
    """A colour as it qualifies a house shape ("orange", French "vert")."""
    return _(COLOUR_NAMES[colour])


def tile_colour(colour: int) -> str:
    """A colour as it qualifies the word "tile" (French "verte")."""
    return pgettext(TILE_CONTEXT, COLOUR_NAMES[colour])


def shape_name(shape: int) -> str:
    return _(SHAPE_NAMES[shape])


def tile_words(tile: tuple[int, int]) -> str:
    """``(colour, shape)`` as 'orange gable' (French 'pignon orange')."""
    return _("{colour} {shape}").format(colour=colour_name(tile[0]), shape=shape_name(tile[1]))


def game_title(state: State) -> str:
    """The game's name as a player reads it: "Town 77" (from the preset "town77"; other rules by their name) or
    "Little Town".

    >>> from townwidget import town
    >>> game_title(town.new_solo("town77", seed=1))
    'Town 77'
    """
    if isinstance(state, LittleTownState):
        return "Little Town"
    name = str(state.rules.name)  # type: ignore[attr-defined]
    preset = _TOWN_PRESET.fullmatch(name)
    return f"Town {preset[1]}" if preset else name


def words_for(state: State, action: Any) -> str:
    """``action``, about to be played in ``state``, in a few words (the phase and the rules tell what it means)."""
    restaurant = state.rules.restaurant_gives if isinstance(state, LittleTownState) else "vp"
    return move_words(action, state.phase, restaurant)


def move_words(action: Any, phase: str = "", restaurant_gives: str = "vp") -> str:
    """A Town or Little Town action in a few words (``phase`` tells a Town 'pass' apart: no exchange or keep)."""
    data = action.to_dict()
    kind = data["type"]
    cell = cell_words(data["cell"]) if "cell" in data else None
    if kind == "place" and "tile" in data:
        placed = _("{tile} turned over to {cell}") if data.get("flip") else _("{tile} to {cell}")
        return placed.format(tile=tile_words(action.tile), cell=cell)
    if kind == "exchange":
        return _("exchange {tiles}").format(tiles=", ".join(tile_words(tile) for tile in action.tiles))
    if kind == "discard":
        return _("discard {tile}").format(tile=tile_words(action.tile))
    if kind == "pass":
        return _("keep your hand") if phase == "discard" else _("no exchange")
    if kind == "place_worker":
        return _("a worker at {cell}").format(cell=cell)
    if kind == "build":
        name = little_town_data.kind_by_id(restaurant_gives)[data["building"]].name
        return _("build the {building}").format(building=_(name))
    if kind == "place_building":
        return _("the new building at {cell}").format(cell=cell)
    if kind == "gather":
        return _("gather {resource} now").format(resource=_(data["resource"]))
    if kind == "activate":
        return _("activate the building at {cell}").format(cell=cell)
    if kind == "done":
        return _("end the turn")
    if kind == "pay":
        bought = ", ".join(_(resource) for resource in data["coins_for"])
        return _("pay, buying {resources} for coins").format(resources=bought) if bought else _("pay with your cubes")
    if kind in ("give", "take"):
        resources = _(" and ").join(_(resource) for resource in data["resources"])
        return (_("give {resources}") if kind == "give" else _("take {resources}")).format(resources=resources)
    if kind == "feed":
        fed = ngettext("feed {count} worker with fish", "feed {count} workers with fish", data["fish"])
        return fed.format(count=data["fish"])
    if kind == "complete":
        return _("complete objective {card}").format(card=data["card"])
    return str(kind)
