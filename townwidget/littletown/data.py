"""Little Town's components, read once from the package's ``data.json`` into the shapes the engine uses.

Resources are indexed in the order of :data:`RESOURCES`; a cost or a gain of cubes is a 4-tuple in that order.

>>> [kind.id for kind in building_kinds("vp")[:3]]
['wheat_field', 'workshop', 'tavern']
>>> kind_by_id("vp")["pier"].gives
(0, 0, 2, 0)
>>> CARDS[12].text, CARDS[12].vp
('Have 0 coins', 3)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

RESOURCES = ("wood", "stone", "fish", "wheat")
WOOD, STONE, FISH, WHEAT = range(4)
TOTAL_COINS = 16 * 1 + 8 * 3  # the rulebook's components: 16 "1" coins and 8 "3" coins
# The building effects that do not happen on activation but at these moments (the rulebook's special symbol).
END_OF_ROUND, END_OF_GAME = "end_of_round", "end_of_game"


@cache
def raw() -> dict[str, Any]:
    """The data file as written (component counts, boards, buildings, objective cards, open questions)."""
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data.json").read_text(encoding="utf-8"))
    return data


@dataclass(frozen=True)
class Kind:
    """A kind of building tile: its cost, victory points and effect, with cubes as 4-tuples (wood, stone, fish, wheat).

    An activated effect takes ``takes`` cubes, ``takes_coins`` coins and ``takes_any`` cubes of the player's choice,
    then gives ``gives`` cubes, ``gives_coins`` coins, ``gives_vp`` points and ``gives_any`` cubes of the player's
    choice. ``timing`` is ``"activate"`` for a building a worker activates, ``END_OF_ROUND`` / ``END_OF_GAME`` for
    the special buildings, ``None`` for a building without effect (the Statue).
    """

    index: int
    id: str
    name: str
    count: int
    cost: tuple[int, int, int, int]
    cost_coins: int
    vp: int
    bird: bool
    timing: str | None
    takes: tuple[int, int, int, int] = (0, 0, 0, 0)
    takes_coins: int = 0
    takes_any: int = 0
    gives: tuple[int, int, int, int] = (0, 0, 0, 0)
    gives_coins: int = 0
    gives_vp: int = 0
    gives_any: int = 0

    @property
    def activatable(self) -> bool:
        return self.timing == "activate"

    def involves(self, resource: int) -> bool:
        """Whether its effect takes or gives cubes of ``resource`` (a choice of any cube includes every type)."""
        return bool(self.takes[resource] or self.gives[resource] or self.takes_any or self.gives_any)

    @property
    def involves_coins(self) -> bool:
        return bool(self.takes_coins or self.gives_coins)


def _cubes(amounts: dict[str, int]) -> tuple[int, int, int, int]:
    return (amounts.get("wood", 0), amounts.get("stone", 0), amounts.get("fish", 0), amounts.get("wheat", 0))


def _kind(index: int, entry: dict[str, Any], restaurant_gives: str) -> Kind:
    effect = entry["effect"]
    common = {
        "index": index,
        "id": entry["id"],
        "name": entry["name"],
        "count": entry["count"],
        "cost": _cubes(entry["cost"]),
        "cost_coins": entry["cost"].get("coins", 0),
        "vp": entry["vp"],
        "bird": entry["bird"],
    }
    if effect is None:
        return Kind(timing=None, **common)
    if "when" in effect:
        return Kind(timing=effect["when"], **common)
    takes, gives = dict(effect["in"]), dict(effect["out"])
    if entry["id"] == "restaurant" and restaurant_gives == "coins":
        gives = {"coins": gives.pop("vp")}
    return Kind(
        timing="activate",
        takes=_cubes(takes),
        takes_coins=takes.get("coins", 0),
        takes_any=takes.get("any_resource", 0),
        gives=_cubes(gives),
        gives_coins=gives.get("coins", 0),
        gives_vp=gives.get("vp", 0),
        gives_any=gives.get("any_resource", 0),
        **common,
    )


@cache
def building_kinds(restaurant_gives: str) -> tuple[Kind, ...]:
    """The 25 building kinds in the data file's order; ``restaurant_gives`` is ``"vp"`` or ``"coins"``."""
    return tuple(_kind(i, entry, restaurant_gives) for i, entry in enumerate(raw()["buildings"]))


@cache
def kind_by_id(restaurant_gives: str) -> dict[str, Kind]:
    return {kind.id: kind for kind in building_kinds(restaurant_gives)}


BUILDING_IDS = tuple(entry["id"] for entry in raw()["buildings"])
WHEAT_FIELD, RESIDENCE, CATHEDRAL, CASTLE, WATCHTOWER = (
    BUILDING_IDS.index(building) for building in ("wheat_field", "residence", "cathedral", "castle", "watchtower")
)


@dataclass(frozen=True)
class Card:
    """An objective card; ``market``: it carries the market symbol (redrawn at setup when the market rules it out)."""

    id: int
    text: str
    vp: int
    market: bool


CARDS = {
    entry["id"]: Card(entry["id"], entry["text"], entry["vp"], entry["market"])
    for entry in raw()["objectives"]["cards"]
}
CARD_IDS = tuple(sorted(CARDS))


@dataclass(frozen=True)
class Seats:
    """What each player receives for a player count."""

    workers: int
    houses: int
    objectives: int


SEATS = {int(count): Seats(**entry) for count, entry in raw()["players"].items()}
MIN_PLAYERS, MAX_PLAYERS = min(SEATS), max(SEATS)
CUBES_PER_RESOURCE: tuple[int, ...] = tuple(raw()["resources"][name] for name in RESOURCES)
START_COINS: int = raw()["coins_per_player_at_start"]
ROUNDS: int = raw()["rounds"]
MARKET_SLOTS: int = raw()["market_slots"]
UNFED_PENALTY: int = raw()["unfed_worker_penalty_vp"]
COINS_PER_SUBSTITUTE: int = raw()["coins_per_substituted_resource"]
COINS_PER_END_VP: int = raw()["coins_per_end_vp"]
BOARDS = {1: tuple(raw()["boards"]["side1"]), 2: tuple(raw()["boards"]["side2"])}
