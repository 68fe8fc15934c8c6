"""Words for people: moves for the log, and the engine's reasons with colour and shape names instead of numbers.

The engine names colours and shapes by number (``colour 3``); the pictures show names' colours and silhouettes,
so the widget says ``yellow`` and ``a tower`` using the same names as :mod:`townwidget.town.style`. Everything here
is worded in the language of the enclosing :func:`~townwidget.core.language.speaking` block (English outside any).

>>> humanize("tile [4, 2] at [1, 0]: colour 4 is already in column 0 (at [3, 0])", n=7)
'blue tower at row 2, column 1: blue is already in column 1 (at row 4, column 1)'
>>> humanize("action 'tile': colour 7 is out of range 0..6", n=7)  # no such colour: it stays a number
"action 'tile': colour 7 is out of range 0..6"
>>> describe_move({"type": "place", "pile": 1, "tile": [0, 0], "cell": [0, 0], "player": 0}, "You")
'You placed orange gable (pile 2) at row 1, column 1'
>>> with speaking("fr"):
...     describe_move({"type": "place", "pile": 1, "tile": [0, 0], "cell": [0, 0], "player": 0}, "Vous")
'Vous : pignon orange (pile 2) posé en rangée 1, colonne 1'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from townwidget.core.language import _, ngettext, speaking
from townwidget.core.words import cell_words, cells_in_words
from townwidget.town.board import Refusal
from townwidget.town.style import COLOUR_NAMES, SHAPE_NAMES
from townwidget.town.words import colour_name, shape_name, tile_colour, tile_words

# Numbers of one or two digits: longer ones are no colour or shape of any game (and may be too long to convert).
_TILE = re.compile(r"\btile \[(\d{1,2}), (\d{1,2})\]")
_COLOUR = re.compile(r"\bcolour (\d{1,2})\b")
_SHAPE = re.compile(r"\bshape (\d{1,2})\b")


def tile_back(colour: int) -> str:
    """A tile seen from its coloured back: 'an orange tile'."""
    message = _("an {colour} tile") if COLOUR_NAMES[colour][0] in "aeiou" else _("a {colour} tile")
    return message.format(colour=tile_colour(colour))


def tile_name(tile: Any) -> str:
    """``[c, s]`` as 'orange gable'; ``[c, None]`` (shape unseen or turned over) as 'an orange tile'."""
    colour, shape = tile
    return tile_back(colour) if shape is None else tile_words((colour, shape))


def humanize(reason: str, n: int) -> str:
    """An engine message with the cells, tiles, colours and shapes of an ``n`` x ``n`` game named in words (a number
    that is no colour or shape of the game, as in "colour 7 is out of range", stays)."""

    def words(match: re.Match[str], name: Callable[..., str]) -> str:
        numbers = [int(number) for number in match.groups()]
        return name(*numbers) if all(number < n for number in numbers) else match[0]

    with speaking("en"):  # the engine's English sentence, with English names
        reason = _TILE.sub(lambda m: words(m, lambda colour, shape: tile_name((colour, shape))), reason)
        reason = _COLOUR.sub(lambda m: words(m, lambda colour: COLOUR_NAMES[colour]), reason)
        reason = cells_in_words(reason)
        return _SHAPE.sub(lambda m: words(m, lambda shape: f"a {SHAPE_NAMES[shape]} house"), reason)


def refusal_words(refused: Refusal, cell: tuple[int, int]) -> str:
    """Why a tile may not go on ``cell``, worded from the board's :class:`~townwidget.town.board.Refusal` data.

    >>> from townwidget.town.board import Board
    >>> board = Board(3)
    >>> board.put((0, 0), (1, 2))
    >>> refusal_words(board.refusal((1, 0), (0, 1)), (0, 1))
    'sky blue is already in row 1 (at row 1, column 1)'
    >>> with speaking("fr"):
    ...     refusal_words(board.refusal((1, 0), (0, 1)), (0, 1))
    'la couleur bleu ciel est déjà dans la rangée 1 (en rangée 1, colonne 1)'
    """
    here = cell_words(cell)
    if refused.rule in ("colour", "shape") and refused.value is not None and refused.line and refused.blocker:
        kind, number = refused.line
        line = (_("row {number}") if kind == "row" else _("column {number}")).format(number=number + 1)
        blocker = cell_words(refused.blocker)
        if refused.rule == "colour":
            message = _("{colour} is already in {line} (at {blocker})")
            return message.format(colour=colour_name(refused.value), line=line, blocker=blocker)
        message = _("a {shape} house is already in {line} (at {blocker})")
        return message.format(shape=shape_name(refused.value), line=line, blocker=blocker)
    rules = {
        "taken": _("the cell at {cell} already holds a tile"),
        "pioneer": _("the first tile (the pioneer) goes to {pioneer}, not {cell}"),
        "detached": _("the cell at {cell} touches no placed tile (a tile must share a side with the city)"),
        "flip": _("a flip is only allowed where the shape conflicts, and this tile fits at {cell} as it is"),
    }
    if refused.rule in rules:
        return rules[refused.rule].format(cell=here, pioneer=cell_words((0, 0)))
    return humanize(refused.reason, 99)


def describe_move(entry: dict[str, Any], who: str) -> str:
    """One history entry (an item of a viewer form's ``history``) in words."""
    kind = entry.get("type")
    if kind == "place":
        where = cell_words(entry["cell"])
        source = _(" (pile {pile})").format(pile=entry["pile"] + 1) if "pile" in entry else ""
        turned = _(" turned over (colour only)") if entry.get("flip") else ""
        tile = tile_name(entry["tile"])
        return _("{who} placed {tile}{source}{turned} at {where}").format(
            who=who, tile=tile, source=source, turned=turned, where=where
        )
    if kind == "exchange":
        return _("{who} exchanged {tiles}").format(who=who, tiles=", ".join(tile_name(tile) for tile in entry["tiles"]))
    if kind == "discard":
        return _("{who} discarded {tile}").format(who=who, tile=tile_name(entry["tile"]))
    if kind == "pass":
        kept = entry.get("phase") == "discard"
        return (_("{who} kept the hand") if kept else _("{who} did not exchange")).format(who=who)
    return f"{who}: {kind}"


def ordinal(number: int) -> str:
    """1 -> '1st', 2 -> '2nd', 11 -> '11th'.

    >>> [ordinal(k) for k in (1, 2, 3, 4, 11, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '22nd']
    """
    if number == 1:
        return _("1st")
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    ordinals = {"st": _("{number}st"), "nd": _("{number}nd"), "rd": _("{number}rd"), "th": _("{number}th")}
    return ordinals[suffix].format(number=number)


def leaving_words(who: str, order: int, tiles_left: int) -> str:
    """Why a player left a multiplayer game: the hand is empty, or none of its tiles fits the city.

    >>> leaving_words("Player 2 (greedy)", 1, 3)
    'Player 2 (greedy) left the game (1st to leave): none of the 3 tiles in hand fits the city'
    >>> leaving_words("You", 2, 0)
    'You left the game (2nd to leave): the last tile of the hand is placed'
    """
    if not tiles_left:
        message = _("{who} left the game ({order} to leave): the last tile of the hand is placed")
        return message.format(who=who, order=ordinal(order))
    message = ngettext(
        "{who} left the game ({order} to leave): none of the {count} tile in hand fits the city",
        "{who} left the game ({order} to leave): none of the {count} tiles in hand fits the city",
        tiles_left,
    )
    return message.format(who=who, order=ordinal(order), count=tiles_left)
