"""Why an action is not legal now: the rule, the space, the building or the cost at fault, in words and as data.

The state decides legality by membership in ``legal_actions()``; this module only explains a refusal. Its English
sentence is for programmers (``IllegalAction``); :func:`explain` gives the same as data (:class:`Refusal`: a
``rule`` name and its ``facts``), from which the widget words it in the player's language.

>>> from townwidget.littletown import new_game, Gather
>>> refusal(new_game(seed=1), Gather("wood"))
"a 'gather' action is not allowed in phase 'turn' (player 1 may: 'place_worker', 'build' or 'complete')"
>>> explain(new_game(seed=1), Gather("wood")).rule
'phase'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from townwidget.littletown.actions import Action, Activate, Build, Complete, Gather, PlaceBuilding, PlaceWorker
from townwidget.littletown.board import NEIGHBOURS, TERRAIN_RESOURCE, cell_of, index_of
from townwidget.littletown.data import BUILDING_IDS, CARDS, END_OF_GAME, END_OF_ROUND, RESOURCES
from townwidget.littletown.effects import activation_fee
from townwidget.littletown.turn import ALLOWED

if TYPE_CHECKING:
    from townwidget.littletown.state import State

TERRAIN_NAMES = {"F": "forest", "M": "mountain", "L": "lake", ".": "grass"}


@dataclass(frozen=True)
class Refusal:
    """Why an action is refused: ``rule`` names the rule at fault and ``facts`` its particulars (``player``,
    ``cell`` as ``[row, column]``, ``building`` id, ``resource`` name, ``terrain`` letter, ``card``, ``fee``...);
    ``text`` says it in English."""

    rule: str
    text: str
    facts: dict[str, Any] = field(default_factory=dict, hash=False)


def refusal(state: State, action: Action) -> str:
    """The reason ``action`` is refused in ``state`` (which it is), in English."""
    return explain(state, action).text


def explain(state: State, action: Action) -> Refusal:
    """Why ``action`` is refused in ``state`` (which it is), as data and in English."""
    player, phase = state.current_player, state.phase
    assert player is not None
    kind = action.to_dict()["type"]
    if isinstance(action, Complete):
        return _objective(state, player, action.card)
    if kind not in ALLOWED[phase]:
        may = ", ".join(repr(name) for name in ALLOWED[phase])
        text = f"a {kind!r} action is not allowed in phase {phase!r} (player {player} may: {may} or 'complete')"
        return Refusal("phase", text, {"action": kind, "phase": phase, "player": player})
    if isinstance(action, (PlaceWorker, PlaceBuilding)):
        return _not_empty(state, index_of(action.cell))
    if isinstance(action, Build):
        return _unbuildable(state, player, BUILDING_IDS.index(action.building))
    if isinstance(action, Gather):
        return _ungatherable(state, RESOURCES.index(action.resource))
    if isinstance(action, Activate):
        return _inactive(state, player, index_of(action.cell))
    legal = [step.to_dict() for step in state.step_actions()]
    return Refusal("choice", f"{action.to_dict()} is not one of the choices now: {legal}", {"player": player})


def _objective(state: State, player: int, card: int) -> Refusal:
    facts = {"card": card, "player": player}
    if card not in state.objectives[player]:
        return Refusal(
            "objective_held", f"objective card {card} is not among player {player}'s cards still to complete", facts
        )
    text = f"objective card {card} ({CARDS[card].text!r}): its condition does not hold for player {player}"
    return Refusal("objective_unmet", text, facts)


def _not_empty(state: State, cell: int) -> Refusal:
    where = list(cell_of(cell))
    ground = state.terrain.kinds[cell]
    if ground != ".":
        return Refusal(
            "not_grass", f"space {where} is {TERRAIN_NAMES[ground]}, not grass", {"cell": where, "terrain": ground}
        )
    building = state.buildings[cell]
    if building is not None:
        kind = state.kinds[building[0]]
        return Refusal(
            "building_there", f"space {where} holds a building ({kind.name})", {"cell": where, "building": kind.id}
        )
    owner = state.workers[cell]
    return Refusal(
        "worker_there", f"space {where} already holds a worker (player {owner}'s)", {"cell": where, "player": owner}
    )


def _unbuildable(state: State, player: int, index: int) -> Refusal:
    kind = state.kinds[index]
    facts: dict[str, Any] = {"building": kind.id, "player": player}
    if not state.market[index]:
        return Refusal("not_in_market", f"the {kind.name} is not in the market", facts)
    if not state.houses_left[player]:
        return Refusal("no_house", f"player {player} has no house token left", facts)
    cost = [f"{n} {name}" for n, name in zip(kind.cost, RESOURCES, strict=True) if n]
    cost += [f"{kind.cost_coins} coins"] if kind.cost_coins else []
    text = f"player {player} cannot pay for the {kind.name} ({', '.join(cost)}; a cube may be bought for 3 coins)"
    return Refusal("cannot_pay", text, {**facts, "cost": list(kind.cost), "coins": kind.cost_coins})


def _ungatherable(state: State, resource: int) -> Refusal:
    name = RESOURCES[resource]
    worker = state.turn.worker
    assert worker is not None
    facts: dict[str, Any] = {"resource": name, "cell": list(cell_of(worker))}
    ground = next((t for t, r in TERRAIN_RESOURCE.items() if r == resource), None)
    if ground is None:
        return Refusal("no_terrain", f"no space gives {name}", facts)
    if not state.terrain.yields[worker][resource]:
        text = f"there is no {TERRAIN_NAMES[ground]} around the worker at {list(cell_of(worker))}"
        return Refusal("none_around", text, {**facts, "terrain": ground})
    if resource in state.turn.gathered:
        return Refusal("gathered", f"the {name} around the worker was already gathered this turn", facts)
    return Refusal("reserve_empty", f"the reserve has no {name} left", facts)


def _inactive(state: State, player: int, cell: int) -> Refusal:
    where = list(cell_of(cell))
    building = state.buildings[cell]
    if building is None:
        return Refusal("no_building", f"there is no building at {where}", {"cell": where})
    kind = state.kinds[building[0]]
    facts: dict[str, Any] = {"cell": where, "building": kind.id, "player": player}
    turn = state.turn
    centre = turn.worker if turn.source == "worker" else state.cell_of_kind(BUILDING_IDS.index("residence"))
    if cell not in NEIGHBOURS[centre]:  # type: ignore[index]
        what = "worker" if turn.source == "worker" else "Residence"
        around = list(cell_of(centre))  # type: ignore[arg-type]
        text = f"the {kind.name} at {where} is not next to the {what} at {around}"
        return Refusal("not_next", text, {**facts, "centre": around, "source": turn.source})
    if cell in turn.activated:
        return Refusal("activated", f"the {kind.name} at {where} was already activated", facts)
    if kind.timing in (END_OF_ROUND, END_OF_GAME):
        moment = "a round" if kind.timing == END_OF_ROUND else "the game"
        text = f"the {kind.name} takes effect at the end of {moment}: it cannot be activated"
        return Refusal("at_the_end", text, {**facts, "timing": kind.timing})
    if kind.timing is None:
        return Refusal("no_effect", f"the {kind.name} has no effect to activate", facts)
    fee = activation_fee(state, player, cell)
    facts["fee"] = fee
    if kind.takes_any:
        text = (
            f"player {player} cannot pay {fee} coin(s) to the owner and give the {kind.name} 2 cubes (held, or bought "
            "for 3 coins each) for 2 cubes of other types that the reserve holds"
        )
        return Refusal("cannot_trade", text, facts)
    text = f"player {player} cannot pay for the {kind.name}'s effect ({fee} coin(s) to its owner, then its input)"
    return Refusal("cannot_pay_effect", text, facts)
