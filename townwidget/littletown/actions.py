"""Little Town actions: small immutable values, their JSON form, and the parsing of untrusted action dicts.

A turn is a short sequence of these steps, so that every list of legal actions stays short: place a worker, then
gather and activate the buildings around it one at a time, then ``Done``; or ``Build`` a market building, ``Pay``
for it when there is a choice, and place it. A cell is ``(row, column)`` (rows 0-5, columns 0-8); resources are
named ``"wood"``, ``"stone"``, ``"fish"`` and ``"wheat"``; buildings by their id in the data file.

>>> PlaceWorker(cell=(1, 4)).to_dict()
{'type': 'place_worker', 'cell': [1, 4]}
>>> parse_action({"type": "pay", "coins_for": ["stone", "wood"]})
Pay(coins_for=('wood', 'stone'))
>>> parse_action({"type": "feed", "fish": 1, "coins_for": ["wheat"]})
Feed(fish=1, coins_for=('wheat',))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from townwidget.core.checks import require_integer, shown
from townwidget.core.errors import IllegalAction
from townwidget.littletown.board import COLUMNS, ROWS, Cell
from townwidget.littletown.data import BUILDING_IDS, CARDS, RESOURCES


@dataclass(frozen=True, slots=True)
class PlaceWorker:
    """Place a worker on an empty grass space, to gather and activate around it."""

    cell: Cell

    def to_dict(self) -> dict[str, Any]:
        return {"type": "place_worker", "cell": list(self.cell)}


@dataclass(frozen=True, slots=True)
class Build:
    """Place a worker on the construction site and choose this market building."""

    building: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": "build", "building": self.building}


@dataclass(frozen=True, slots=True)
class PlaceBuilding:
    """Place the building chosen (and paid for) on this empty grass space."""

    cell: Cell

    def to_dict(self) -> dict[str, Any]:
        return {"type": "place_building", "cell": list(self.cell)}


@dataclass(frozen=True, slots=True)
class Gather:
    """Take now the resource of every forest, mountain or lake space of this kind around the worker."""

    resource: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": "gather", "resource": self.resource}


@dataclass(frozen=True, slots=True)
class Activate:
    """Activate the building on this cell (around the worker, or around the Residence at the end of a round)."""

    cell: Cell

    def to_dict(self) -> dict[str, Any]:
        return {"type": "activate", "cell": list(self.cell)}


@dataclass(frozen=True, slots=True)
class Pay:
    """Pay the cubes due, except one cube per name in ``coins_for``: those are bought for 3 coins each and spent."""

    coins_for: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"type": "pay", "coins_for": list(self.coins_for)}


@dataclass(frozen=True, slots=True)
class Give:
    """Shop: the two cubes given."""

    resources: tuple[str, str]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "give", "resources": list(self.resources)}


@dataclass(frozen=True, slots=True)
class Take:
    """Shop: the two cubes received (of other types than those given)."""

    resources: tuple[str, str]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "take", "resources": list(self.resources)}


@dataclass(frozen=True, slots=True)
class Feed:
    """End of a round: buy the food cubes ``coins_for`` for 3 coins each, then feed ``fish`` workers with fish and
    as many others as possible with wheat (every cube bought is eaten; the workers left unfed cost 3 VP each)."""

    fish: int
    coins_for: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"type": "feed", "fish": self.fish, "coins_for": list(self.coins_for)}


@dataclass(frozen=True, slots=True)
class Complete:
    """Reveal this objective card, whose condition holds, and score it."""

    card: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "complete", "card": self.card}


@dataclass(frozen=True, slots=True)
class Done:
    """End the optional steps: the turn of a placed worker, or the Residence's activations."""

    def to_dict(self) -> dict[str, Any]:
        return {"type": "done"}


Action = PlaceWorker | Build | PlaceBuilding | Gather | Activate | Pay | Give | Take | Feed | Complete | Done
ACTION_TYPES = (PlaceWorker, Build, PlaceBuilding, Gather, Activate, Pay, Give, Take, Feed, Complete, Done)
RECORD_KEYS = {"player", "phase"}  # written in game records, checked by the state against its own
_FIELDS: dict[str, str | None] = {  # per action type: its one required key besides "type"
    "place_worker": "cell",
    "build": "building",
    "place_building": "cell",
    "gather": "resource",
    "activate": "cell",
    "pay": "coins_for",
    "give": "resources",
    "take": "resources",
    "feed": "fish",
    "complete": "card",
    "done": None,
}
_OPTIONAL = {"feed": "coins_for"}  # per action type: a key that may be left out (records written before it)
_ON_A_CELL: dict[str, type[PlaceWorker] | type[PlaceBuilding] | type[Activate]] = {
    "place_worker": PlaceWorker,
    "place_building": PlaceBuilding,
    "activate": Activate,
}


def resource_order(names: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Resource names in the canonical order (wood, stone, fish, wheat), so equal multisets compare equal."""
    return tuple(sorted(names, key=RESOURCES.index))


def parse_action(data: Any) -> Action:
    """An action from an untrusted value: an action object is returned as it is, a dict is checked key by key.

    Raises :class:`IllegalAction` naming the key at fault. The optional keys ``"player"`` and ``"phase"`` (written
    in game records) are accepted here and checked by the state.
    """
    if isinstance(data, ACTION_TYPES):
        return data
    if not isinstance(data, dict):
        raise IllegalAction(f"an action must be a dict or an action object, not {type(data).__name__}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise IllegalAction(f"action 'type' must be one of {sorted(_FIELDS)}, not {shown(kind)}")
    field = _FIELDS[kind]
    unknown = set(data) - {"type", field, _OPTIONAL.get(kind)} - RECORD_KEYS
    if unknown:
        raise IllegalAction(f"unknown key(s) {shown(sorted(unknown, key=shown))} in a {kind!r} action")
    if field is None:
        return Done()
    if field not in data:
        raise IllegalAction(f"a {kind!r} action needs the key {field!r}")
    value = data[field]
    if field == "cell":
        return _ON_A_CELL[kind](_cell(value))
    if field == "building":
        if not isinstance(value, str) or value not in BUILDING_IDS:
            raise IllegalAction(f"action 'building' must be a building id such as 'pier', not {shown(value)}")
        return Build(value)
    if field == "resource":
        return Gather(_resource(value, "resource"))
    if field == "coins_for":
        return Pay(resource_order(_resources(value, "coins_for")))
    if field == "resources":
        pair = _resources(value, "resources")
        if len(pair) != 2:
            raise IllegalAction(f"action 'resources' must name exactly 2 cubes, not {shown(value)}")
        return (Give if kind == "give" else Take)(resource_order(pair))  # type: ignore[arg-type]
    number = _integer(value, field)
    if field == "fish":
        return Feed(number, resource_order(_resources(data.get("coins_for", []), "coins_for")))
    if number not in CARDS:
        raise IllegalAction(f"action 'card' must be an objective card number {sorted(CARDS)}, not {shown(number)}")
    return Complete(number)


def _integer(value: Any, key: str) -> int:
    return require_integer(value, f"action {key!r}", error=IllegalAction)


def _cell(value: Any) -> Cell:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise IllegalAction(f"action 'cell' must be a pair [row, column], not {shown(value)}")
    row, column = (_integer(v, f"cell {name}") for v, name in zip(value, ("row", "column"), strict=True))
    if not (0 <= row < ROWS and 0 <= column < COLUMNS):
        raise IllegalAction(
            f"action 'cell' {shown([row, column])} is off the board (rows 0-{ROWS - 1}, columns 0-{COLUMNS - 1})"
        )
    return row, column


def _resource(value: Any, key: str) -> str:
    if not isinstance(value, str) or value not in RESOURCES:
        raise IllegalAction(f"action {key!r}: {shown(value)} is not a resource ({', '.join(RESOURCES)})")
    return str(value)


def _resources(value: Any, key: str) -> list[str]:
    if not isinstance(value, (list, tuple)):
        raise IllegalAction(f"action {key!r} must be a list of resource names, not {shown(value)}")
    return [_resource(item, key) for item in value]
