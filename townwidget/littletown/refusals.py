"""Why an action is not legal now, in words: the rule, the space, the building or the cost at fault.

The state decides legality by membership in ``legal_actions()``; this module only explains a refusal.

>>> from townwidget.littletown import new_game, Gather
>>> refusal(new_game(seed=1), Gather("wood"))
"a 'gather' action is not allowed in phase 'turn' (player 1 may: 'place_worker', 'build' or 'complete')"
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from townwidget.littletown.actions import Action, Activate, Build, Complete, Gather, PlaceBuilding, PlaceWorker
from townwidget.littletown.board import NEIGHBOURS, TERRAIN_RESOURCE, cell_of, index_of
from townwidget.littletown.data import BUILDING_IDS, CARDS, END_OF_GAME, END_OF_ROUND, RESOURCES
from townwidget.littletown.effects import activation_fee

if TYPE_CHECKING:
    from townwidget.littletown.state import State

TERRAIN_NAMES = {"F": "forest", "M": "mountain", "L": "lake", ".": "grass"}


def refusal(state: State, action: Action) -> str:
    """The reason ``action`` is refused in ``state`` (which it is)."""
    from townwidget.littletown.state import ALLOWED

    player, phase = state.current_player, state.phase
    assert player is not None
    kind = action.to_dict()["type"]
    if isinstance(action, Complete):
        return _objective(state, player, action.card)
    if kind not in ALLOWED[phase]:
        may = ", ".join(repr(name) for name in ALLOWED[phase])
        return f"a {kind!r} action is not allowed in phase {phase!r} (player {player} may: {may} or 'complete')"
    if isinstance(action, (PlaceWorker, PlaceBuilding)):
        return _not_empty(state, index_of(action.cell))
    if isinstance(action, Build):
        return _unbuildable(state, player, BUILDING_IDS.index(action.building))
    if isinstance(action, Gather):
        return _ungatherable(state, RESOURCES.index(action.resource))
    if isinstance(action, Activate):
        return _inactive(state, player, index_of(action.cell))
    legal = [step.to_dict() for step in state.step_actions()]
    return f"{action.to_dict()} is not one of the choices now: {legal}"


def _objective(state: State, player: int, card: int) -> str:
    if card not in state.objectives[player]:
        return f"objective card {card} is not among player {player}'s cards still to complete"
    return f"objective card {card} ({CARDS[card].text!r}): its condition does not hold for player {player}"


def _not_empty(state: State, cell: int) -> str:
    where = list(cell_of(cell))
    ground = state.terrain.kinds[cell]
    if ground != ".":
        return f"space {where} is {TERRAIN_NAMES[ground]}, not grass"
    building = state.buildings[cell]
    if building is not None:
        return f"space {where} holds a building ({state.kinds[building[0]].name})"
    return f"space {where} already holds a worker (player {state.workers[cell]}'s)"


def _unbuildable(state: State, player: int, index: int) -> str:
    kind = state.kinds[index]
    if not state.market[index]:
        return f"the {kind.name} is not in the market"
    if not state.houses_left[player]:
        return f"player {player} has no house token left"
    cost = [f"{n} {name}" for n, name in zip(kind.cost, RESOURCES, strict=True) if n]
    cost += [f"{kind.cost_coins} coins"] if kind.cost_coins else []
    return f"player {player} cannot pay for the {kind.name} ({', '.join(cost)}; a cube may be bought for 3 coins)"


def _ungatherable(state: State, resource: int) -> str:
    name = RESOURCES[resource]
    worker = state.turn.worker
    assert worker is not None
    terrain = next((TERRAIN_NAMES[t] for t, r in TERRAIN_RESOURCE.items() if r == resource), None)
    if terrain is None:
        return f"no space gives {name}"
    if not state.terrain.yields[worker][resource]:
        return f"there is no {terrain} around the worker at {list(cell_of(worker))}"
    if resource in state.turn.gathered:
        return f"the {name} around the worker was already gathered this turn"
    return f"the reserve has no {name} left"


def _inactive(state: State, player: int, cell: int) -> str:
    where = list(cell_of(cell))
    building = state.buildings[cell]
    if building is None:
        return f"there is no building at {where}"
    kind = state.kinds[building[0]]
    turn = state.turn
    centre = turn.worker if turn.source == "worker" else state.cell_of_kind(BUILDING_IDS.index("residence"))
    if cell not in NEIGHBOURS[centre]:  # type: ignore[index]
        what = "worker" if turn.source == "worker" else "Residence"
        return f"the {kind.name} at {where} is not next to the {what} at {list(cell_of(centre))}"  # type: ignore[arg-type]
    if cell in turn.activated:
        return f"the {kind.name} at {where} was already activated"
    if kind.timing in (END_OF_ROUND, END_OF_GAME):
        moment = "a round" if kind.timing == END_OF_ROUND else "the game"
        return f"the {kind.name} takes effect at the end of {moment}: it cannot be activated"
    if kind.timing is None:
        return f"the {kind.name} has no effect to activate"
    fee = activation_fee(state, player, cell)
    if kind.takes_any:
        return (
            f"player {player} cannot pay {fee} coin(s) to the owner and give the {kind.name} 2 cubes (held, or bought "
            "for 3 coins each) for 2 cubes of other types that the reserve holds"
        )
    return f"player {player} cannot pay for the {kind.name}'s effect ({fee} coin(s) to its owner, then its input)"
