"""Moves in words for hints and reviews: 'green tower to [2, 3]', 'a worker at [1, 4]', 'build the Bakery'.

>>> from townwidget.town import Place
>>> move_words(Place((2, 2), (2, 3), pile=0))
'green tower to [2, 3]'
"""

from __future__ import annotations

from typing import Any

from townwidget.littletown import data as little_town_data
from townwidget.town.style import COLOUR_NAMES, SHAPE_NAMES

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def tile_words(tile: tuple[int, int]) -> str:
    return f"{COLOUR_NAMES[tile[0]]} {SHAPE_NAMES[tile[1]]}"


def count_words(count: int, noun: str) -> str:
    """'no tiles', 'one tile', 'four tiles', '12 tiles'."""
    number = NUMBERS[count] if count < len(NUMBERS) else str(count)
    return f"{number} {noun}{'' if count == 1 else 's'}"


def move_words(action: Any, phase: str = "", restaurant_gives: str = "vp") -> str:
    """A Town or Little Town action in a few words (``phase`` tells a Town 'pass' apart: no exchange or keep)."""
    data = action.to_dict()
    kind = data["type"]
    cell = data.get("cell")
    if kind == "place" and "tile" in data:
        turned = " turned over" if data.get("flip") else ""
        return f"{tile_words(action.tile)}{turned} to {cell}"
    if kind == "exchange":
        return "exchange " + ", ".join(tile_words(tile) for tile in action.tiles)
    if kind == "discard":
        return f"discard {tile_words(action.tile)}"
    if kind == "pass":
        return "keep your hand" if phase == "discard" else "no exchange"
    if kind == "place_worker":
        return f"a worker at {cell}"
    if kind == "build":
        name = little_town_data.kind_by_id(restaurant_gives)[data["building"]].name
        return f"build the {name}"
    if kind == "place_building":
        return f"the new building at {cell}"
    if kind == "gather":
        return f"gather {data['resource']} now"
    if kind == "activate":
        return f"activate the building at {cell}"
    if kind == "done":
        return "end the turn"
    if kind == "pay":
        bought = data["coins_for"]
        return f"pay, buying {', '.join(bought)} for coins" if bought else "pay with your cubes"
    if kind in ("give", "take"):
        return f"{kind} {' and '.join(data['resources'])}"
    if kind == "feed":
        return f"feed {count_words(data['fish'], 'worker')} with fish"
    if kind == "complete":
        return f"complete objective {data['card']}"
    return str(kind)
