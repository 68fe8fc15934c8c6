"""Town actions: small immutable values, their JSON form, and the parsing of untrusted action dicts.

A tile is ``(colour, shape)`` and a cell is ``(row, column)``, all integers from 0 to n-1.

>>> Place(tile=(2, 5), cell=(0, 1)).to_dict()
{'type': 'place', 'tile': [2, 5], 'cell': [0, 1]}
>>> parse_action({"type": "discard", "tile": [1, 1]}, n=7)
Discard(tile=(1, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from townwidget.core.checks import require_integer, shown
from townwidget.core.errors import IllegalAction

Tile = tuple[int, int]
Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Place:
    """Place ``tile`` at ``cell``; in solo the tile is the top of ``pile``; ``flip`` places it as colour only."""

    tile: Tile
    cell: Cell
    pile: int | None = None
    flip: bool = False

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "place"}
        if self.pile is not None:
            out["pile"] = self.pile
        out["tile"] = list(self.tile)
        out["cell"] = list(self.cell)
        if self.flip:
            out["flip"] = True
        return out


@dataclass(frozen=True, slots=True)
class Exchange:
    """Return these alike tiles (sorted) to the bag and draw as many."""

    tiles: tuple[Tile, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "exchange", "tiles": [list(tile) for tile in self.tiles]}


@dataclass(frozen=True, slots=True)
class Discard:
    """Return one tile of the hand to the bag (only just after a draw)."""

    tile: Tile

    def to_dict(self) -> dict[str, Any]:
        return {"type": "discard", "tile": list(self.tile)}


@dataclass(frozen=True, slots=True)
class Pass:
    """Stop exchanging, or keep the hand instead of discarding."""

    def to_dict(self) -> dict[str, Any]:
        return {"type": "pass"}


Action = Place | Exchange | Discard | Pass
ACTION_TYPES = (Place, Exchange, Discard, Pass)
_RECORD_KEYS = {"player", "phase"}  # written in game records, checked by the state against its own
_KEYS = {
    "place": {"type", "tile", "cell", "pile", "flip"} | _RECORD_KEYS,
    "exchange": {"type", "tiles"} | _RECORD_KEYS,
    "discard": {"type", "tile"} | _RECORD_KEYS,
    "pass": {"type"} | _RECORD_KEYS,
}


def parse_action(data: Any, n: int) -> Action:
    """An action from an untrusted value (a dict or an action object), checked key by key.

    Raises :class:`IllegalAction` naming the key at fault. The optional keys ``"player"`` and ``"phase"`` (written
    in game records) are accepted here and checked by the state against the player to act and the phase.
    """
    if isinstance(data, ACTION_TYPES):  # an object made elsewhere: check it as its dict, return a checked copy
        try:
            data = data.to_dict()
        except TypeError:
            raise IllegalAction(f"malformed action object {shown(data)}") from None
    if not isinstance(data, dict):
        raise IllegalAction(f"an action must be a dict or an action object, not {type(data).__name__}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _KEYS:  # the type first: a list or a dict is no key of _KEYS
        raise IllegalAction(f"action 'type' must be one of {sorted(_KEYS)}, not {shown(kind)}")
    unknown = set(data) - _KEYS[kind]
    if unknown:
        raise IllegalAction(f"unknown key(s) {shown(sorted(unknown, key=shown))} in a {kind!r} action")
    if kind == "place":
        pile = data.get("pile")
        if pile is not None:
            pile = require_integer(pile, "action 'pile'", error=IllegalAction)
        flip = data.get("flip", False)
        if not isinstance(flip, bool):
            raise IllegalAction(f"action 'flip' must be true or false, not {shown(flip)}")
        return Place(parse_pair(data, "tile", n), parse_pair(data, "cell", n), pile, flip)
    if kind == "exchange":
        tiles = data.get("tiles")
        if not isinstance(tiles, list):
            raise IllegalAction(f"action 'tiles' must be a list of tiles, not {shown(tiles)}")
        parsed = [_pair(tile, f"tiles[{i}]", n) for i, tile in enumerate(tiles)]
        return Exchange(tuple(sorted(parsed)))
    if kind == "discard":
        return Discard(parse_pair(data, "tile", n))
    return Pass()


def parse_pair(data: dict[str, Any], key: str, n: int) -> tuple[int, int]:
    if key not in data:
        raise IllegalAction(f"action is missing key {key!r}")
    return _pair(data[key], key, n)


def _pair(value: Any, where: str, n: int) -> tuple[int, int]:
    names = ("row", "column") if where == "cell" else ("colour", "shape")
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise IllegalAction(f"action {where!r} must be a pair [{names[0]}, {names[1]}], not {shown(value)}")
    first, second = (
        require_integer(v, f"action '{where} {name}'", error=IllegalAction)
        for v, name in zip(value, names, strict=True)
    )
    for number, name in ((first, names[0]), (second, names[1])):
        if not 0 <= number < n:
            raise IllegalAction(f"action {where!r}: {name} {shown(number)} is out of range 0..{n - 1}")
    return first, second
