"""The objective cards' conditions, and which cards the market makes possible (the market-symbol redraw).

Conditions about a moment ("in the same turn", "activate", "feed") are *achievements*: the state records them for
each player when they happen (:data:`ACHIEVEMENTS`) and they stay achieved, so the card may be completed then or at
any later moment. "Build a building that ..." means owning such a building (every building a player owns was built
by them). A building "produces and/or consumes" a resource when its effect names it; the Shop, which takes and
gives cubes of the player's choice, counts for every resource. "Harvest" is taking cubes from the reserve in a
turn, by gathering or from a building's effect: no grass space touches more than 3 forests, mountains and lakes, so
card 17 (harvest 5), which has no market symbol, must count what buildings produce. Resources are the four kinds
of cubes; coins are not resources.

>>> sorted(possible_cards(["wheat_field", "well"], "vp"))
[1, 2, 3, 4, 6, 12, 15, 17]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import permutations
from typing import TYPE_CHECKING, Any

from townwidget.littletown.board import FOREST, LAKE, MOUNTAIN, NEIGHBOURS, SIDE_NEIGHBOURS
from townwidget.littletown.data import CARDS, FISH, STONE, WHEAT, WOOD, Kind, kind_by_id

if TYPE_CHECKING:
    from townwidget.littletown.state import State

TWO_TYPES_CONSUMED = "two_types_consumed"  # card 5
FED_WITH_FISH = "fed_with_fish"  # card 6
SPENT_HARVEST = "spent_harvest"  # card 14
FOUR_ACTIVATIONS = "four_activations"  # card 15
VP_FROM_TWO = "vp_from_two_buildings"  # card 16
HARVEST_FIVE = "harvest_five"  # card 17
ACHIEVEMENTS = (TWO_TYPES_CONSUMED, FED_WITH_FISH, SPENT_HARVEST, FOUR_ACTIVATIONS, VP_FROM_TWO, HARVEST_FIVE)


def owned_kinds(state: State, player: int) -> list[Kind]:
    return [state.kinds[kind] for kind, owner in state.placed_buildings() if owner == player]


def _touching_three(state: State, player: int) -> bool:
    """Three of the player's buildings connected through shared sides."""
    mine = {cell for cell, (_, owner) in state.buildings_by_cell().items() if owner == player}
    seen: set[int] = set()
    for start in mine:
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            for near in SIDE_NEIGHBOURS[todo.pop()]:
                if near in mine and near not in group:
                    group.add(near)
                    todo.append(near)
        if len(group) >= 3:
            return True
        seen |= group
    return False


def _lake_mountain_forest(state: State, player: int) -> bool:
    """Three different buildings of the player: one next to a lake, one to a mountain, one to a forest."""
    kinds = state.terrain.kinds
    around = [
        {kinds[near] for near in NEIGHBOURS[cell]}
        for cell, (_, owner) in state.buildings_by_cell().items()
        if owner == player
    ]
    return any(LAKE in a and MOUNTAIN in b and FOREST in c for a, b, c in permutations(around, 3))


def _food(state: State, player: int) -> int:
    cubes = state.cubes[player]
    return cubes[FISH] + cubes[WHEAT]


CONDITIONS: dict[int, Callable[[State, int], bool]] = {
    1: _touching_three,
    2: lambda s, p: len(owned_kinds(s, p)) > s.seats.workers,
    3: lambda s, p: _food(s, p) >= 2 * s.seats.workers,
    4: _lake_mountain_forest,
    5: lambda s, p: TWO_TYPES_CONSUMED in s.achievements[p],
    6: lambda s, p: FED_WITH_FISH in s.achievements[p],
    8: lambda s, p: any(kind.involves(FISH) for kind in owned_kinds(s, p)),
    9: lambda s, p: sum(kind.involves_coins for kind in owned_kinds(s, p)) >= 2,
    10: lambda s, p: any(kind.involves(WOOD) or kind.involves(STONE) for kind in owned_kinds(s, p)),
    11: lambda s, p: any(kind.cost[STONE] >= 3 for kind in owned_kinds(s, p)),
    12: lambda s, p: s.coins[p] == 0,
    13: lambda s, p: s.coins[p] >= 6,
    14: lambda s, p: SPENT_HARVEST in s.achievements[p],
    15: lambda s, p: FOUR_ACTIVATIONS in s.achievements[p],
    16: lambda s, p: VP_FROM_TWO in s.achievements[p],
    17: lambda s, p: HARVEST_FIVE in s.achievements[p],
    18: lambda s, p: any(kind.cost[WOOD] >= 3 for kind in owned_kinds(s, p)),
}
"""Per card number: whether ``player`` fulfils its condition in ``state`` now."""


BOARD_CARDS = frozenset({1, 2, 4, 8, 9, 10, 11, 18})
"""The cards whose condition reads only the buildings on the board (and the rules and the seats)."""
_BOARD_ANSWERS: dict[tuple[Any, ...], bool] = {}  # their answers by board: a playout asks again after every step
_BOARD_ANSWERS_KEPT = 100_000


def fulfilled_cards(state: State, player: int) -> list[int]:
    """The cards ``player`` holds and fulfils now, in the order held."""
    board = tuple(state.buildings)
    return [card for card in state.objectives[player] if fulfilled(state, player, card, board)]


def fulfilled(state: State, player: int, card: int, board: tuple[Any, ...] | None = None) -> bool:
    """Whether ``player`` fulfils card ``card`` now (``board``: ``tuple(state.buildings)``, where the caller asks
    of several cards in one position)."""
    if card not in BOARD_CARDS:
        return CONDITIONS[card](state, player)
    rules = state.rules  # what else the conditions read: the building kinds, the terrain, the seats
    board = tuple(state.buildings) if board is None else board
    key = (card, player, rules.restaurant_gives, rules.side, state.num_players, board)
    answer = _BOARD_ANSWERS.get(key)
    if answer is None:
        if len(_BOARD_ANSWERS) >= _BOARD_ANSWERS_KEPT:
            _BOARD_ANSWERS.clear()
        answer = _BOARD_ANSWERS[key] = CONDITIONS[card](state, player)
    return answer


# What the market must offer for a market-symbol card to be possible (cards without the symbol always are).
POSSIBLE: dict[int, Callable[[list[Kind]], bool]] = {
    5: lambda kinds: any(sum(map(bool, k.takes)) >= 2 or k.takes_any >= 2 for k in kinds),
    8: lambda kinds: any(k.involves(FISH) for k in kinds),
    9: lambda kinds: sum(k.involves_coins for k in kinds) >= 2,
    10: lambda kinds: any(k.involves(WOOD) or k.involves(STONE) for k in kinds),
    11: lambda kinds: any(k.cost[STONE] >= 3 for k in kinds),
    13: lambda kinds: any(k.gives_coins for k in kinds),
    14: lambda kinds: any(any(k.takes) or k.takes_any for k in kinds),
    16: lambda kinds: sum(bool(k.gives_vp) for k in kinds) >= 2,
    18: lambda kinds: any(k.cost[WOOD] >= 3 for k in kinds),
}


def possible_cards(market: Iterable[str], restaurant_gives: str) -> set[int]:
    """The cards a player may keep when the market at setup holds these building kinds (ids, repeats allowed)."""
    table = kind_by_id(restaurant_gives)
    kinds = [table[building] for building in set(market)]
    return {card.id for card in CARDS.values() if not card.market or POSSIBLE[card.id](kinds)}
