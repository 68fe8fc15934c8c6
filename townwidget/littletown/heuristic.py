"""A quick position estimate for Little Town, used by greedy agents and to cut rollouts short.

It reads only what the evaluated player may know: every player's points, coins and cubes and the board (all
public), and the evaluated player's own objective cards, never the other players' hidden ones. The turn under way
is counted as finished: the cubes its worker will gather, the building chosen with its points and its cost.

>>> from townwidget.littletown import new_game
>>> game = new_game(players=2, seed=0)
>>> 0.0 < game.heuristic(0) < 1.0
True
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from townwidget.littletown import objectives as obj
from townwidget.littletown.data import CARDS, COINS_PER_END_VP, COINS_PER_SUBSTITUTE, FISH, UNFED_PENALTY, WHEAT

if TYPE_CHECKING:
    from townwidget.littletown.state import State

CUBE_VP = 0.6  # a cube is worth a little more than the 1/3 VP its 3 coins would score at the end
SCALE = 8.0  # a lead of 8 expected points gives an estimate of about 0.88


def _turn_under_way(state: State, player: int) -> tuple[list[int], float, float]:
    """The player's cubes once the turn under way is done, and the points and coins it adds (or costs)."""
    cubes, points, coins = list(state.cubes[player]), 0.0, 0.0
    turn = state.turn
    if state.current_player != player:
        return cubes, points, coins
    if turn.worker is not None:
        yields = state.terrain.yields[turn.worker]
        for resource in range(3):
            if resource not in turn.gathered:
                cubes[resource] += min(yields[resource], state.reserve[resource])
    if turn.building is not None:
        kind = state.kinds[turn.building]
        points += kind.vp
        if state.phase == "pay":  # not paid yet: the cheapest way, cubes first
            coins -= kind.cost_coins
            for resource, need in enumerate(kind.cost):
                short = max(0, need - cubes[resource])
                cubes[resource] -= need - short
                coins -= COINS_PER_SUBSTITUTE * short
    return cubes, points, coins


def expected_points(state: State, player: int) -> float:
    """Points now (and from the turn under way), the coins' end-of-game points, the cubes' worth, and what the next
    feeding would cost with the food at hand (halved: the round may still bring food): 3 VP per unfed worker, or the
    end-of-game point of the 3 coins that buy its food."""
    cubes, points, coins = _turn_under_way(state, player)
    coins += state.coins[player]
    unfed = max(0, state.seats.workers - cubes[FISH] - cubes[WHEAT])
    bought = min(unfed, max(0, int(coins)) // COINS_PER_SUBSTITUTE)
    cost = UNFED_PENALTY * (unfed - bought) + bought * COINS_PER_SUBSTITUTE / COINS_PER_END_VP
    worth = sum(state.vp[player].values()) + points + coins / COINS_PER_END_VP + CUBE_VP * sum(cubes)
    return worth - 0.5 * cost


def evaluate(state: State, player: int) -> float:
    """An estimate in [0, 1] of how well ``player`` stands (1 = best): the game's returns once it is over, else
    the lead in expected points over the best opponent (with the player's own objectives that hold now), squashed."""
    if state.is_terminal():
        return state.returns()[player]
    mine = expected_points(state, player)
    mine += sum(CARDS[card].vp for card in obj.fulfilled_cards(state, player))
    best = max(expected_points(state, other) for other in range(state.num_players) if other != player)
    return 0.5 + 0.5 * math.tanh((mine - best) / SCALE)
