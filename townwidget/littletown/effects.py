"""Buildings at work: gathering, activating a building (its owner's coin, its input, its output), and paying.

An activation is a short sequence of steps: ``Activate`` pays the owner, then the input is paid (phase ``"pay"``
when there is a choice, after the Shop's ``Give``), then the output is taken (the Shop's ``Take``). These functions
move cubes, coins and points of a :class:`~townwidget.littletown.state.State` and record the moments objective
cards ask for; the phases between the steps are :mod:`~townwidget.littletown.rounds`' business.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from townwidget.littletown import objectives as obj
from townwidget.littletown.data import COINS_PER_SUBSTITUTE, Kind
from townwidget.littletown.economy import Cubes, can_pay, payments, shop_gives

if TYPE_CHECKING:
    from townwidget.littletown.state import State


def activation_fee(state: State, player: int, cell: int) -> int:
    """Coins ``player`` pays the owner to activate the building on ``cell`` now (0 for their own)."""
    building = state.buildings[cell]
    assert building is not None
    if building[1] == player or (state.turn.source == "residence" and not state.rules.residence_pays_owners):
        return 0
    return 1


def can_activate(state: State, player: int, cell: int) -> bool:
    """Whether the building on ``cell`` (next to this turn's worker or Residence) can be activated now."""
    building = state.buildings[cell]
    if building is None or cell in state.turn.activated or not state.kinds[building[0]].activatable:
        return False
    kind, coins = state.kinds[building[0]], state.coins[player] - activation_fee(state, player, cell)
    if kind.takes_any:
        return bool(shop_gives(state.cubes[player], coins, state.reserve))
    return can_pay(kind.takes, kind.takes_coins, state.cubes[player], coins, state.reserve)


def due(state: State) -> tuple[Cubes, int]:
    """What the pending payment is: a building's cost, the Shop's cubes, or an activated effect's input."""
    turn = state.turn
    if turn.building is not None:
        kind = state.kinds[turn.building]
        return kind.cost, kind.cost_coins
    if turn.give is not None:
        return turn.give, 0
    assert turn.activating is not None
    building = state.buildings[turn.activating]
    assert building is not None
    kind = state.kinds[building[0]]
    return kind.takes, kind.takes_coins


def payment_ways(state: State, player: int) -> list[Cubes]:
    """In phase ``"pay"``: the ways to pay what is due (cubes bought for coins, per resource)."""
    cost, cost_coins = due(state)
    return payments(cost, cost_coins, state.cubes[player], state.coins[player], state.reserve)


def gather(state: State, player: int, resource: int) -> None:
    """Take one cube per space of this terrain around the worker, as far as the reserve allows."""
    turn = state.turn
    assert turn.worker is not None
    turn.gathered.append(resource)
    cubes = [0, 0, 0, 0]
    cubes[resource] = state.terrain.yields[turn.worker][resource]
    receive(state, player, cubes)


def receive(state: State, player: int, cubes: Sequence[int]) -> None:
    """Take (harvest) cubes from the reserve, as many as it holds."""
    harvested = state.turn.harvested
    for resource, amount in enumerate(cubes):
        taken = min(amount, state.reserve[resource])
        state.reserve[resource] -= taken
        state.cubes[player][resource] += taken
        harvested[resource] += taken
    if sum(harvested) >= 5:
        state.achieve(player, obj.HARVEST_FIVE)


def activate(state: State, player: int, cell: int) -> Kind:
    """Pay the owner and record the activation; the building's kind is returned (its input is paid next)."""
    building = state.buildings[cell]
    assert building is not None
    fee = activation_fee(state, player, cell)
    state.coins[player] -= fee
    state.coins[building[1]] += fee
    turn = state.turn
    turn.activated.append(cell)
    turn.activating = cell
    if len(turn.activated) >= 4:
        state.achieve(player, obj.FOUR_ACTIVATIONS)
    return state.kinds[building[0]]


def pay(state: State, player: int, bought: Cubes) -> None:
    """Pay what is due, buying the cubes ``bought`` for coins."""
    cost, cost_coins = due(state)
    spend(state, player, cost, cost_coins, bought)
    if state.turn.building is None and sum(map(bool, cost)) >= 2:
        state.achieve(player, obj.TWO_TYPES_CONSUMED)


def spend(state: State, player: int, cost: Sequence[int], cost_coins: int, bought: Sequence[int]) -> None:
    """Spend ``cost`` cubes and ``cost_coins`` coins, buying the cubes ``bought`` (part of the cost) for 3 coins
    each: they come from the reserve and go straight back."""
    cubes, turn = state.cubes[player], state.turn
    for resource in range(4):
        spent = cost[resource] - bought[resource]
        cubes[resource] -= spent
        state.reserve[resource] += spent
        if spent and turn.harvested[resource]:
            state.achieve(player, obj.SPENT_HARVEST)
    paid = cost_coins + COINS_PER_SUBSTITUTE * sum(bought)
    state.coins[player] -= paid
    state.reserve_coins += paid


def produce(state: State, player: int) -> None:
    """The activated effect's output: cubes and coins as far as the reserve holds them, victory points."""
    turn = state.turn
    assert turn.activating is not None
    building = state.buildings[turn.activating]
    assert building is not None
    kind = state.kinds[building[0]]
    receive(state, player, kind.gives)
    gained = min(kind.gives_coins, state.reserve_coins)
    state.coins[player] += gained
    state.reserve_coins -= gained
    if kind.gives_vp:
        state.gain_vp(player, kind.gives_vp, "effects")
        turn.vp_buildings += 1
        if turn.vp_buildings >= 2:
            state.achieve(player, obj.VP_FROM_TWO)
