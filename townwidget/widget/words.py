"""Words for people: moves for the log, and the engine's reasons with colour and shape names instead of numbers.

The engine names colours and shapes by number (``colour 3``); the pictures show names' colours and silhouettes,
so the widget says ``yellow`` and ``a tower`` using the same names as :mod:`townwidget.town.style`.

>>> humanize("tile [4, 2] at [1, 0]: colour 4 is already in column 0 (at [3, 0])", n=7)
'blue tower at [1, 0]: blue is already in column 0 (at [3, 0])'
>>> humanize("action 'tile': colour 7 is out of range 0..6", n=7)  # no such colour: it stays a number
"action 'tile': colour 7 is out of range 0..6"
>>> describe_move({"type": "place", "pile": 1, "tile": [0, 0], "cell": [0, 0], "player": 0}, "You")
'You placed orange gable (pile 1) at row 0, column 0'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from townwidget.town.style import COLOUR_NAMES, SHAPE_NAMES

# Numbers of one or two digits: longer ones are no colour or shape of any game (and may be too long to convert).
_TILE = re.compile(r"\btile \[(\d{1,2}), (\d{1,2})\]")
_COLOUR = re.compile(r"\bcolour (\d{1,2})\b")
_SHAPE = re.compile(r"\bshape (\d{1,2})\b")


def tile_name(tile: Any) -> str:
    """``[c, s]`` as 'orange gable'; ``[c, None]`` (shape unseen or turned over) as 'an orange tile'."""
    colour, shape = tile
    if shape is None:
        return f"{article(COLOUR_NAMES[colour])} {COLOUR_NAMES[colour]} tile"
    return f"{COLOUR_NAMES[colour]} {SHAPE_NAMES[shape]}"


def article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def humanize(reason: str, n: int) -> str:
    """An engine message with the tiles, colours and shapes of an ``n`` x ``n`` game named in words (cells keep their
    [row, column] form; a number that is no colour or shape of the game, as in "colour 7 is out of range", stays)."""

    def words(match: re.Match[str], name: Callable[..., str]) -> str:
        numbers = [int(number) for number in match.groups()]
        return name(*numbers) if all(number < n for number in numbers) else match[0]

    reason = _TILE.sub(lambda m: words(m, lambda colour, shape: tile_name((colour, shape))), reason)
    reason = _COLOUR.sub(lambda m: words(m, lambda colour: COLOUR_NAMES[colour]), reason)
    return _SHAPE.sub(lambda m: words(m, lambda shape: f"a {SHAPE_NAMES[shape]} house"), reason)


def describe_move(entry: dict[str, Any], who: str) -> str:
    """One history entry (an item of a viewer form's ``history``) in words."""
    kind = entry.get("type")
    if kind == "place":
        where = f"row {entry['cell'][0]}, column {entry['cell'][1]}"
        source = f" (pile {entry['pile']})" if "pile" in entry else ""
        turned = " turned over (colour only)" if entry.get("flip") else ""
        return f"{who} placed {tile_name(entry['tile'])}{source}{turned} at {where}"
    if kind == "exchange":
        return f"{who} exchanged {', '.join(tile_name(tile) for tile in entry['tiles'])}"
    if kind == "discard":
        return f"{who} discarded {tile_name(entry['tile'])}"
    if kind == "pass":
        return f"{who} kept the hand" if entry.get("phase") == "discard" else f"{who} did not exchange"
    return f"{who}: {kind}"


def ordinal(number: int) -> str:
    """1 -> '1st', 2 -> '2nd', 11 -> '11th'.

    >>> [ordinal(k) for k in (1, 2, 3, 4, 11, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '22nd']
    """
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def leaving_words(who: str, order: int, tiles_left: int) -> str:
    """Why a player left a multiplayer game: the hand is empty, or none of its tiles fits the city.

    >>> leaving_words("Player 2 (greedy)", 1, 3)
    'Player 2 (greedy) left the game (1st to leave): none of the 3 tiles in hand fits the city'
    >>> leaving_words("You", 2, 0)
    'You left the game (2nd to leave): the last tile of the hand is placed'
    """
    if not tiles_left:
        return f"{who} left the game ({ordinal(order)} to leave): the last tile of the hand is placed"
    tiles = "the 1 tile" if tiles_left == 1 else f"the {tiles_left} tiles"
    return f"{who} left the game ({ordinal(order)} to leave): none of {tiles} in hand fits the city"
