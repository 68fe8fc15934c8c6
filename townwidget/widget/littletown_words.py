"""Little Town in words for the widget: amounts, buildings' effects, the seated player's choices, spaces, the log.

Everything here reads public information (the board, the market, the reserve, the turn under way) and the seated
player's own objective cards, from a state the widget builds out of the seat's view.

>>> from townwidget.littletown import building_kinds
>>> kinds = {kind.id: kind for kind in building_kinds("vp")}
>>> amount_words(kinds["restaurant"].cost), effect_words(kinds["restaurant"])
('2 wood, 2 stone', '1 fish, 1 wheat → 4 VP')
>>> effect_words(kinds["pier"]), effect_words(kinds["shop"])
('gain 2 fish', '2 cubes of your choice → 2 cubes of other types')
>>> describe_move({"type": "place_worker", "cell": [1, 4], "player": 0, "phase": "turn"}, "You", {})
'You placed a worker at row 1, column 4'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from townwidget.littletown import (
    CARDS,
    RESOURCES,
    Action,
    Activate,
    Complete,
    Done,
    Feed,
    Gather,
    Give,
    Kind,
    Pay,
    PlaceBuilding,
    PlaceWorker,
    State,
    Take,
)
from townwidget.littletown.board import NEIGHBOURS, cell_of, index_of
from townwidget.littletown.data import (
    COINS_PER_SUBSTITUTE,
    END_OF_GAME,
    END_OF_ROUND,
    FISH,
    UNFED_PENALTY,
    WHEAT,
    kind_by_id,
    raw,
)
from townwidget.littletown.economy import counts
from townwidget.littletown.effects import activation_fee, due
from townwidget.littletown.refusals import TERRAIN_NAMES

TERRAIN_GIVES = {"F": "wood", "M": "stone", "L": "fish"}


def amount_words(cubes: Sequence[int], coins: int = 0, vp: int = 0) -> str:
    """Cubes (per resource, in the order of ``RESOURCES``), coins and victory points in words ('' for nothing)."""
    parts = [f"{count} {name}" for count, name in zip(cubes, RESOURCES, strict=True) if count]
    parts += [f"{coins} coin{'s' if coins != 1 else ''}"] if coins else []
    parts += [f"{vp} VP"] if vp else []
    return ", ".join(parts)


def effect_words(kind: Kind) -> str:
    """What activating the building does (or, for the special buildings, when and what they score)."""
    if kind.timing is None:
        return "no effect"
    if kind.timing in (END_OF_ROUND, END_OF_GAME):
        moment = "each round" if kind.timing == END_OF_ROUND else "the game"
        return f"at the end of {moment}, {raw()['buildings'][kind.index]['effect']['what']}"
    takes = amount_words(kind.takes, kind.takes_coins)
    if kind.takes_any:
        takes = f"{kind.takes_any} cubes of your choice"
    gives = amount_words(kind.gives, kind.gives_coins, kind.gives_vp)
    if kind.gives_any:
        gives = f"{kind.gives_any} cubes of other types"
    return f"{takes} → {gives}" if takes else f"gain {gives}"


def where(cell: Sequence[int]) -> str:
    return f"row {cell[0]}, column {cell[1]}"


def possessive(name: str) -> str:
    """'You' -> 'your'; 'Player 1 (greedy)' -> "Player 1 (greedy)'s"."""
    return "your" if name == "You" else f"{name}'s"


def seat_words(reason: str, seat: int, names: list[str]) -> str:
    """An engine message with the players named as the view names them, the seat as 'you'.

    >>> seat_words("player 0 has no house token left; player 1's worker", 0, ["You", "Player 1 (greedy)"])
    "you have no house token left; Player 1 (greedy)'s worker"
    >>> seat_words("'cell' must be a pair, not 'player 9'", 0, ["You", "Player 1 (greedy)"])
    "'cell' must be a pair, not 'player 9'"
    """
    for after, words in (("'s", "your"), (" has", "you have"), (" is", "you are")):
        reason = re.sub(rf"\bplayer {seat}{after}\b", words, reason)
    return re.sub(r"\bplayer (\d)\b", lambda m: _player_name(int(m[1]), seat, names) or m[0], reason)


def _player_name(player: int, seat: int, names: list[str]) -> str | None:
    """The view's name of a player of this game (``None`` for a number that is no player, as in browser input)."""
    if player == seat:
        return "you"
    return names[player] if player < len(names) else None


def action_words(action: Action, state: State, player: int, names: list[str]) -> str:
    """One of ``player``'s legal actions in ``state``, in words: what choosing it does."""
    if isinstance(action, Gather):
        return f"Gather {_gathered(state, RESOURCES.index(action.resource))} {action.resource} now"
    if isinstance(action, Activate):
        return _activation(state, player, index_of(action.cell), names)
    if isinstance(action, Done):
        if state.phase == "residence":
            return "Finish with the Residence"
        rest = amount_words(_still_to_gather(state))
        return f"End the turn (gathering {rest})" if rest else "End the turn"
    if isinstance(action, Pay):
        return _payment(state, action)
    if isinstance(action, Give):
        return f"Give the Shop {amount_words(counts(action.resources))}"
    if isinstance(action, Take):
        return f"Take {amount_words(counts(action.resources))} from the Shop"
    if isinstance(action, Feed):
        return _feeding(state, player, action)
    if isinstance(action, Complete):
        card = CARDS[action.card]
        return f"Complete your objective “{card.text}” (+{card.vp} VP)"
    if isinstance(action, PlaceBuilding):
        return f"Build the {_chosen(state).name} at {where(action.cell)}"
    if isinstance(action, PlaceWorker):
        return f"Place a worker at {where(action.cell)}: {_placement(state, index_of(action.cell), names)}"
    return f"Build the {kind_by_id(state.rules.restaurant_gives)[action.building].name}"


def space_words(state: State, cell: int, names: list[str]) -> str:
    """What is on a space: its terrain, or the building (with its owner and effect) or worker on the grass."""
    worker = state.workers[cell]
    if state.buildings[cell] is not None:
        return f"{_owned(state, cell, names)}: {effect_words(_kind_at(state, cell))}"
    ground = state.terrain.kinds[cell]
    if worker is not None:
        return f"grass with {possessive(names[worker])} worker"
    return f"{TERRAIN_NAMES[ground]} ({TERRAIN_GIVES[ground]})" if ground in TERRAIN_GIVES else "empty grass"


def describe_move(entry: dict[str, Any], who: str, view: dict[str, Any]) -> str:
    """One log or history entry (JSON form, see :func:`~townwidget.littletown.rounds.log_entry_to_dict`) in words;
    ``view`` names the buildings on the board (buildings never move, so the latest view names those of earlier
    moves too). A step the game took on its own says so.

    >>> describe_move({"type": "unfed", "vp": -3, "count": 1, "player": 1, "phase": "feed"}, "Player 1", {})
    'Player 1 could not feed 1 worker: -3 VP'
    >>> describe_move({"type": "feed", "fish": 0, "player": 0, "phase": "feed", "automatic": True}, "You", {})
    'You fed 0 worker(s) with fish, the others with wheat (the only way)'
    """
    kind = entry["type"]
    if kind in EVENT_WORDS:
        return EVENT_WORDS[kind](entry, who)
    text = _decision(entry, who, view)
    if not entry.get("automatic"):
        return text
    return f"{text} at the end of the game" if kind == "complete" else f"{text} (the only way)"


def _decision(entry: dict[str, Any], who: str, view: dict[str, Any]) -> str:
    kind = entry["type"]
    if kind == "place_worker":
        return f"{who} placed a worker at {where(entry['cell'])}"
    if kind == "build":
        return f"{who} went to the construction site to build the {_name(entry['building'], view)}"
    if kind == "place_building":
        return f"{who} built the {_building_at(entry['cell'], view)} at {where(entry['cell'])}"
    if kind == "gather":
        return f"{who} gathered {entry['resource']}"
    if kind == "activate":
        return _activated(entry, who, view)
    if kind == "pay":
        bought = entry["coins_for"]
        return f"{who} paid, {COINS_PER_SUBSTITUTE} coins for each of: {', '.join(bought)}" if bought else f"{who} paid"
    if kind in ("give", "take"):
        verb = "gave the Shop" if kind == "give" else "took from the Shop"
        return f"{who} {verb} {' and '.join(entry['resources'])}"
    if kind == "feed":
        bought = entry.get("coins_for", [])
        coins = COINS_PER_SUBSTITUTE * len(bought)
        buying = f"bought {amount_words(counts(bought))} for {coins} coins and " if bought else ""
        return f"{who} {buying}fed {entry['fish']} worker(s) with fish, the others with wheat"
    if kind == "complete":
        card = CARDS[entry["card"]]
        return f"{who} completed the objective “{card.text}” (+{card.vp} VP)"
    return f"{who} finished with the Residence" if entry["phase"] == "residence" else f"{who} ended the turn"


def _activated(entry: dict[str, Any], who: str, view: dict[str, Any]) -> str:
    """An activation; around the Residence (at the end of a round), with the coin paid to the owner."""
    text = f"{who} activated the {_building_at(entry['cell'], view)} at {where(entry['cell'])}"
    if entry["phase"] != "residence":
        return text
    owner = next(b["owner"] for b in view["buildings"] if b["cell"] == entry["cell"])
    pays = owner != entry["player"] and view["rules"]["residence_pays_owners"]
    return f"{text} around the Residence" + (" (paying its owner 1 coin)" if pays else "")


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


EVENT_WORDS: dict[str, Callable[[dict[str, Any], str], str]] = {
    "cathedral": lambda e, who: (
        f"{who} scored {e['vp']} VP with the Cathedral ({_plural(e['count'], 'worker')} around it)"
    ),
    "unfed": lambda e, who: f"{who} could not feed {_plural(e['count'], 'worker')}: {e['vp']} VP",
    "round": lambda e, who: (
        f"Round {e['count']} begins: {who} {'have' if who == 'You' else 'has'} the first player token"
    ),
    "castle": lambda e, who: (
        f"{who} scored {e['vp']} VP with the Castle ({_plural(e['count'], 'house token')} around it)"
    ),
    "watchtower": lambda e, who: (
        f"{who} scored {e['vp']} VP with the Watchtower ({_plural(e['count'], 'empty grass space')} around it)"
    ),
    "coins": lambda e, who: f"{who} scored {e['vp']} VP for {_plural(e['count'], 'coin')} at the end of the game",
}
"""Per event of the log (:data:`~townwidget.littletown.rounds.EVENTS`): its words, given the entry and the player."""


# --- helpers -------------------------------------------------------------------------------------------------
def _gathered(state: State, resource: int) -> int:
    """Cubes of ``resource`` the worker of this turn takes: one per space of its terrain around, if the reserve
    holds them."""
    worker = state.turn.worker
    assert worker is not None
    return min(state.terrain.yields[worker][resource], state.reserve[resource])


def _still_to_gather(state: State) -> list[int]:
    gathered = state.turn.gathered
    return [0 if resource in gathered else _gathered(state, resource) for resource in range(3)] + [0]


def _placement(state: State, cell: int, names: list[str]) -> str:
    """What a worker placed on ``cell`` would gather, and the buildings it could activate."""
    gathers = amount_words(state.terrain.yields[cell]) or "nothing to gather"
    around = [_owned(state, near, names) for near in NEIGHBOURS[cell] if state.buildings[near] is not None]
    return f"gathers {gathers}" + (f"; next to {', '.join(around)}" if around else "")


def _kind_at(state: State, cell: int) -> Kind:
    building = state.buildings[cell]
    assert building is not None
    return state.kinds[building[0]]


def _owned(state: State, cell: int, names: list[str]) -> str:
    """'the Pier (yours)' / 'the Pier (Player 1 (greedy)'s)'."""
    owner = state.buildings[cell][1]  # type: ignore[index]
    return f"the {_kind_at(state, cell).name} ({'yours' if names[owner] == 'You' else possessive(names[owner])})"


def _activation(state: State, player: int, cell: int, names: list[str]) -> str:
    kind, owner = _kind_at(state, cell), state.buildings[cell][1]  # type: ignore[index]
    fee = activation_fee(state, player, cell)
    paying = f" (paying {fee} coin to {names[owner]})" if fee else ""
    return f"Activate the {kind.name} at {where(cell_of(cell))}{paying}: {effect_words(kind)}"


def _payment(state: State, action: Pay) -> str:
    cost, cost_coins = due(state)
    bought = counts(action.coins_for)
    spent = [need - extra for need, extra in zip(cost, bought, strict=True)]
    coins = cost_coins + COINS_PER_SUBSTITUTE * sum(bought)
    turn = state.turn
    if turn.building is not None:
        purpose = f"the {_chosen(state).name}"
    elif turn.give is not None:
        purpose = "the Shop"
    else:
        assert turn.activating is not None
        purpose = f"the {_kind_at(state, turn.activating).name}'s effect"
    buying = f" (buying {amount_words(bought)} for {COINS_PER_SUBSTITUTE} coins each)" if sum(bought) else ""
    return f"Pay {amount_words(spent, coins) or 'nothing'} for {purpose}{buying}"


def _feeding(state: State, player: int, action: Feed) -> str:
    """'Buy 1 wheat for 3 coins and feed 0 worker(s) with fish and 5 with wheat' (with the points lost, if any)."""
    workers, cubes, bought = state.seats.workers, state.cubes[player], counts(action.coins_for)
    fed = min(workers, cubes[FISH] + cubes[WHEAT] + sum(bought))
    unfed = workers - fed
    penalty = f"; {unfed} unfed: -{UNFED_PENALTY * unfed} VP" if unfed else ""
    buying = (
        f"Buy {amount_words(bought)} for {COINS_PER_SUBSTITUTE * sum(bought)} coins and feed" if any(bought) else "Feed"
    )
    return f"{buying} {action.fish} worker(s) with fish and {fed - action.fish} with wheat{penalty}"


def _chosen(state: State) -> Kind:
    assert state.turn.building is not None
    return state.kinds[state.turn.building]


def _name(building: str, view: dict[str, Any]) -> str:
    return str(kind_by_id(view["rules"]["restaurant_gives"])[building].name)


def _building_at(cell: list[int], view: dict[str, Any]) -> str:
    return _name(next(entry["building"] for entry in view["buildings"] if entry["cell"] == cell), view)
