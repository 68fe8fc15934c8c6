"""Paying and feeding: the ways to pay a cost with cubes and coins, the Shop's choices, and the ways to feed workers.

A cube may always be replaced by 3 coins when it is spent (the rulebook: "you may exchange 3 Coins for any Resource
cube in the reserve ... only if you immediately spend all of the substituted Resources"): the cube is bought from
the reserve and spent at once, so the reserve must hold it at that moment (all the cubes bought for one payment are
bought together, then spent). Cubes are spent on a building's cost, an activated effect's input, the Shop's cubes
and the workers' food; a cube may be bought even when one is at hand (the one at hand is kept). Objective cards
spend nothing, so no cube is bought for them.

>>> payments(cost=(0, 2, 0, 0), cost_coins=0, have=(0, 1, 0, 0), coins=6, reserve=(15, 15, 15, 15))
[(0, 1, 0, 0), (0, 2, 0, 0)]
>>> payments(cost=(0, 2, 0, 0), cost_coins=0, have=(0, 1, 0, 0), coins=6, reserve=(15, 0, 15, 15))
[]
>>> can_pay(cost=(3, 0, 0, 0), cost_coins=0, have=(1, 0, 0, 0), coins=5, reserve=(15, 15, 15, 15))
False
>>> feedings(workers=3, have=(0, 0, 2, 2), coins=0, reserve=(15, 15, 15, 15))
[(1, (0, 0, 0, 0)), (2, (0, 0, 0, 0))]
>>> feedings(workers=2, have=(0, 0, 0, 1), coins=3, reserve=(15, 15, 15, 15))  # buy the 2nd food, or lose 3 VP
[(0, (0, 0, 0, 0)), (0, (0, 0, 0, 1)), (1, (0, 0, 1, 0))]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations_with_replacement, product

from townwidget.littletown.data import COINS_PER_SUBSTITUTE, FISH, RESOURCES, WHEAT

Cubes = tuple[int, int, int, int]


def names(cubes: Sequence[int]) -> tuple[str, ...]:
    """Cube counts as resource names, one per cube: ``(0, 2, 0, 0)`` -> ``('stone', 'stone')``."""
    return tuple(name for name, count in zip(RESOURCES, cubes, strict=True) for _ in range(count))


def counts(resources: Sequence[str]) -> Cubes:
    """The inverse of :func:`names` (names in any order)."""
    wood, stone, fish, wheat = (sum(1 for name in resources if name == kind) for kind in RESOURCES)
    return wood, stone, fish, wheat


def payments(
    cost: Sequence[int], cost_coins: int, have: Sequence[int], coins: int, reserve: Sequence[int]
) -> list[Cubes]:
    """Every way to pay ``cost`` cubes and ``cost_coins`` coins: per resource, how many of its cubes are replaced by
    coins. The list is empty when the player cannot pay; the way with fewest coins comes first."""
    return list(_payments(tuple(cost), cost_coins, tuple(have), coins, tuple(reserve)))


@lru_cache(maxsize=4096)  # asked at every payment and, through feedings, at every round's end
def _payments(
    cost: tuple[int, ...], cost_coins: int, have: tuple[int, ...], coins: int, reserve: tuple[int, ...]
) -> tuple[Cubes, ...]:
    budget = coins - cost_coins
    if budget < 0:
        return ()
    ranges = []
    for need, held, left in zip(cost, have, reserve, strict=True):
        low, high = max(0, need - held), min(need, left)
        if low > high:
            return ()
        ranges.append(range(low, high + 1))
    return tuple(ways for ways in product(*ranges) if COINS_PER_SUBSTITUTE * sum(ways) <= budget)  # type: ignore[misc]


def can_pay(cost: Sequence[int], cost_coins: int, have: Sequence[int], coins: int, reserve: Sequence[int]) -> bool:
    """Whether :func:`payments` has some way (buying only the missing cubes, the cheapest way, is checked)."""
    missing = 0
    for resource in range(4):  # an index loop: this is the hottest check of legal_actions()
        short = cost[resource] - have[resource]
        if short > 0:
            if short > reserve[resource]:
                return False
            missing += short
    return cost_coins + COINS_PER_SUBSTITUTE * missing <= coins


@cache
def pairs() -> tuple[Cubes, ...]:
    """The 10 pairs of cubes (as counts per resource), in a stable order."""
    out = []
    for first, second in combinations_with_replacement(range(4), 2):
        counts = [0, 0, 0, 0]
        counts[first] += 1
        counts[second] += 1
        out.append((counts[0], counts[1], counts[2], counts[3]))
    return tuple(out)


def shop_takes(given: Sequence[int], reserve: Sequence[int]) -> list[Cubes]:
    """The pairs the Shop may give back for the cubes ``given``: other types than those given, held by the reserve."""
    return [
        pair
        for pair in pairs()
        if all(count <= left for count, left in zip(pair, reserve, strict=True))
        and not any(count and gave for count, gave in zip(pair, given, strict=True))
    ]


def shop_gives(have: Sequence[int], coins: int, reserve: Sequence[int]) -> list[Cubes]:
    """The pairs of cubes a player can give to the Shop (paying with cubes and coins) and get two others for."""
    return list(_shop_gives(tuple(have), coins, tuple(reserve)))


@lru_cache(maxsize=4096)  # asked whenever a worker stands next to the Shop: 100 pair checks each time
def _shop_gives(have: Cubes, coins: int, reserve: Cubes) -> tuple[Cubes, ...]:
    return tuple(pair for pair in pairs() if can_pay(pair, 0, have, coins, reserve) and shop_takes(pair, reserve))


def unfed_workers(workers: int, have: Sequence[int]) -> int:
    """How many of ``workers`` the food at hand (fish and wheat cubes) leaves hungry, if no food is bought.

    >>> unfed_workers(5, (3, 0, 1, 2)), unfed_workers(2, (0, 0, 4, 0))
    (2, 0)
    """
    return max(0, workers - have[FISH] - have[WHEAT])


def feedings(workers: int, have: Sequence[int], coins: int, reserve: Sequence[int]) -> list[tuple[int, Cubes]]:
    """Every way to feed ``workers``: (how many eat fish, the food cubes bought for coins). The others eat wheat.

    Every worker that the cubes at hand and those bought can feed must be fed: ``min(workers, food held + bought)``
    eat; the others cost 3 VP each. Buying is a choice (coins may be kept and the points lost), and every cube bought
    is eaten. The ways buying fewer cubes come first; then by fish eaten.
    """
    return list(_feedings(workers, tuple(have), coins, tuple(reserve)))


@lru_cache(maxsize=4096)  # every playout feeds at each round's end, mostly with the same few holdings
def _feedings(workers: int, have: Cubes, coins: int, reserve: Cubes) -> tuple[tuple[int, Cubes], ...]:
    held = have[FISH] + have[WHEAT]
    ways = []
    for bought in range(workers + 1):
        fed = min(workers, held + bought)
        ways += [
            (fish, way)
            for fish in range(fed + 1)
            for way in payments((0, 0, fish, fed - fish), 0, have, coins, reserve)
            if sum(way) == bought
        ]
    return tuple(ways)
