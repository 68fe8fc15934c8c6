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
'You placed a worker at row 2, column 5'
>>> from townwidget.core.language import speaking
>>> with speaking("fr"):
...     amount_words(kinds["restaurant"].cost), effect_words(kinds["pier"])
('2 bois, 2 pierres', 'gagner 2 poissons')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from townwidget.core.language import N_, N_plural, _, ngettext
from townwidget.core.words import cell_words, cells_in_words
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
from townwidget.littletown.economy import counts, payments, unfed_workers
from townwidget.littletown.effects import activation_fee, due
from townwidget.littletown.refusals import TERRAIN_NAMES, Refusal

TERRAIN_GIVES = {"F": "wood", "M": "stone", "L": "fish"}
AMOUNTS = {  # a number of cubes of each resource, singular and plural (French: "2 pierres" but "2 bois")
    resource: (f"{{count}} {resource}", f"{{count}} {resource}") for resource in RESOURCES
}


def amount(count: int, resource: str) -> str:
    """'2 stone' (French '2 pierres')."""
    return ngettext(*AMOUNTS[resource], count).format(count=count)


def amount_words(cubes: Sequence[int], coins: int = 0, vp: int = 0) -> str:
    """Cubes (per resource, in the order of ``RESOURCES``), coins and victory points in words ('' for nothing)."""
    parts = [amount(count, name) for count, name in zip(cubes, RESOURCES, strict=True) if count]
    parts += [ngettext("{count} coin", "{count} coins", coins).format(count=coins)] if coins else []
    parts += [_("{vp} VP").format(vp=vp)] if vp else []
    return ", ".join(parts)


def building_name(kind: Kind | str) -> str:
    """A building's name ('Pier'; French 'Ponton'), from its kind or its id."""
    return _(kind_by_id("vp")[kind].name if isinstance(kind, str) else kind.name)


def effect_words(kind: Kind) -> str:
    """What activating the building does (or, for the special buildings, when and what they score)."""
    if kind.timing is None:
        return _("no effect")
    if kind.timing in (END_OF_ROUND, END_OF_GAME):
        what = _(raw()["buildings"][kind.index]["effect"]["what"])
        moment = (
            _("at the end of each round, {what}")
            if kind.timing == END_OF_ROUND
            else _("at the end of the game, {what}")
        )
        return moment.format(what=what)
    takes = amount_words(kind.takes, kind.takes_coins)
    if kind.takes_any:
        takes = _("{count} cubes of your choice").format(count=kind.takes_any)
    gives = amount_words(kind.gives, kind.gives_coins, kind.gives_vp)
    if kind.gives_any:
        gives = _("{count} cubes of other types").format(count=kind.gives_any)
    return f"{takes} → {gives}" if takes else _("gain {gains}").format(gains=gives)


def owner_words(name: str) -> str:
    """Whose a building is: 'yours', "Player 1 (greedy)'s"."""
    return _("yours") if name == _("You") else _("{name}'s").format(name=name)


def terrain_words(ground: str) -> str:
    """A terrain by its letter: 'forest' (French 'forêt')."""
    return _(TERRAIN_NAMES[ground])


def seat_words(reason: str, seat: int, names: list[str]) -> str:
    """An engine message with the players named as the view names them, the seat as 'you', and cells in words.

    >>> seat_words("player 0 has no house token left; player 1's worker", 0, ["You", "Player 1 (greedy)"])
    "you have no house token left; Player 1 (greedy)'s worker"
    >>> seat_words("'cell' must be a pair, not 'player 9'", 0, ["You", "Player 1 (greedy)"])
    "'cell' must be a pair, not 'player 9'"
    """
    for after, words in (("'s", "your"), (" has", "you have"), (" is", "you are")):
        reason = re.sub(rf"\bplayer {seat}{after}\b", words, reason)
    reason = re.sub(r"\bplayer (\d)\b", lambda m: _player_name(int(m[1]), seat, names) or m[0], reason)
    return cells_in_words(reason)


def _player_name(player: int, seat: int, names: list[str]) -> str | None:
    """The view's name of a player of this game (``None`` for a number that is no player, as in browser input)."""
    if player == seat:
        return "you"
    return names[player] if player < len(names) else None


def action_words(action: Action, state: State, player: int, names: list[str]) -> str:
    """One of ``player``'s legal actions in ``state``, in words: what choosing it does."""
    if isinstance(action, Gather):
        gathered = amount(_gathered(state, RESOURCES.index(action.resource)), action.resource)
        return _("Gather {amount} now").format(amount=gathered)
    if isinstance(action, Activate):
        return _activation(state, player, index_of(action.cell), names)
    if isinstance(action, Done):
        if state.phase == "residence":
            return _("Finish with the Residence")
        rest = amount_words(_still_to_gather(state))
        return _("End the turn (gathering {rest})").format(rest=rest) if rest else _("End the turn")
    if isinstance(action, Pay):
        return _payment(state, action)
    if isinstance(action, Give):
        given = counts(action.resources)
        words = _("Give the Shop {amount}").format(amount=amount_words(given))
        return words + payment_preview(given, 0, state, player)
    if isinstance(action, Take):
        return _("Take {amount} from the Shop").format(amount=amount_words(counts(action.resources)))
    if isinstance(action, Feed):
        return _feeding(state, player, action)
    if isinstance(action, Complete):
        card = CARDS[action.card]
        return _("Complete your objective “{card}” (+{vp} VP)").format(card=_(card.text), vp=card.vp)
    if isinstance(action, PlaceBuilding):
        return _("Build the {building} at {where}").format(
            building=building_name(_chosen(state)), where=cell_words(action.cell)
        )
    if isinstance(action, PlaceWorker):
        placement = _placement(state, index_of(action.cell), names)
        return _("Place a worker at {where}: {placement}").format(where=cell_words(action.cell), placement=placement)
    return _("Build the {building}").format(building=building_name(action.building))


def space_words(state: State, cell: int, names: list[str]) -> str:
    """What is on a space: its terrain, or the building (with its owner and effect) or worker on the grass."""
    worker = state.workers[cell]
    if state.buildings[cell] is not None:
        return f"{_owned(state, cell, names)}: {effect_words(_kind_at(state, cell))}"
    ground = state.terrain.kinds[cell]
    if worker is not None and names[worker] == _("You"):
        return _("grass with your worker")
    if worker is not None:
        return _("grass with {name}'s worker").format(name=names[worker])
    if ground in TERRAIN_GIVES:
        return f"{terrain_words(ground)} ({_(TERRAIN_GIVES[ground])})"
    return _("empty grass")


def refusal_words(refused: Refusal, seat: int, names: list[str]) -> str:
    """Why an action is refused, worded from the engine's :class:`~townwidget.littletown.refusals.Refusal` data.

    >>> from townwidget.littletown import new_game, PlaceWorker
    >>> from townwidget.littletown.refusals import explain
    >>> from townwidget.core.language import speaking
    >>> game = new_game(seed=1)
    >>> forest = next(c for c in range(len(game.terrain.kinds)) if game.terrain.kinds[c] == "F")
    >>> refused = explain(game, PlaceWorker(cell_of(forest)))
    >>> with speaking("fr"):
    ...     refusal_words(refused, 0, ["Vous", "Joueur 1 (greedy)"]).endswith("n’est pas une prairie (forêt)")
    True
    """
    facts = dict(refused.facts)
    if "cell" in facts:
        facts["cell"] = cell_words(facts["cell"])
    if "centre" in facts:
        facts["centre"] = cell_words(facts["centre"])
    if "building" in facts:
        facts["building"] = building_name(facts["building"])
    if "resource" in facts:
        facts["resource"] = _(facts["resource"])
    if "terrain" in facts:
        facts["terrain"] = terrain_words(facts["terrain"])
    if "cost" in facts:
        facts["cost"] = amount_words(facts["cost"], facts.pop("coins", 0))
    if "card" in facts:
        facts["card"] = f"“{_(CARDS[facts['card']].text)}”"
    you = facts.get("player") == seat
    if "player" in facts:
        facts["player"] = names[facts["player"]] if facts["player"] < len(names) else str(facts["player"])
    message = (REFUSALS_TO_YOU if you else {}).get(refused.rule) or REFUSALS.get(refused.rule)
    if message is None:
        return _("This is not possible now.")
    if refused.rule == "not_next":
        facts["what"] = _("your worker") if facts.get("source") == "worker" else _("the Residence")
    if refused.rule == "at_the_end":
        facts["moment"] = _("a round") if facts.get("timing") == END_OF_ROUND else _("the game")
    return _(message).format(**facts)


REFUSALS = {  # the rule of each engine refusal, in the words of the widget (facts in braces)
    "phase": N_("this is not the moment for that"),
    "choice": N_("this is not one of the choices now"),
    "objective_held": N_("this objective is not among {player}'s cards still to complete"),
    "objective_unmet": N_("the objective {card} is not met"),
    "not_grass": N_("the space at {cell} is {terrain}, not grass"),
    "building_there": N_("the space at {cell} holds a building (the {building})"),
    "worker_there": N_("the space at {cell} already holds a worker ({player}'s)"),
    "not_in_market": N_("the {building} is not in the market"),
    "no_house": N_("{player} has no house token left"),
    "cannot_pay": N_("{player} cannot pay for the {building} ({cost}; a cube may be bought for 3 coins)"),
    "no_terrain": N_("no space gives {resource}"),
    "none_around": N_("there is no {terrain} around the worker at {cell}"),
    "gathered": N_("the {resource} around the worker was already gathered this turn"),
    "reserve_empty": N_("the reserve has no {resource} left"),
    "no_building": N_("there is no building at {cell}"),
    "not_next": N_("the {building} at {cell} is not next to {what} at {centre}"),
    "activated": N_("the {building} at {cell} was already activated"),
    "at_the_end": N_("the {building} takes effect at the end of {moment}: it cannot be activated"),
    "no_effect": N_("the {building} has no effect to activate"),
    "cannot_trade": N_(
        "{player} cannot pay {fee} coin(s) to the owner and give the {building} 2 cubes (held, or bought for 3 coins "
        "each) for 2 cubes of other types that the reserve holds"
    ),
    "cannot_pay_effect": N_(
        "{player} cannot pay for the {building}'s effect ({fee} coin(s) to its owner, then its input)"
    ),
}
REFUSALS_TO_YOU = {  # the same said to the seated player
    "objective_held": N_("this objective is not among your cards still to complete"),
    "worker_there": N_("the space at {cell} already holds your worker"),
    "no_house": N_("you have no house token left"),
    "cannot_pay": N_("you cannot pay for the {building} ({cost}; a cube may be bought for 3 coins)"),
    "cannot_trade": N_(
        "you cannot pay {fee} coin(s) to the owner and give the {building} 2 cubes (held, or bought for 3 coins "
        "each) for 2 cubes of other types that the reserve holds"
    ),
    "cannot_pay_effect": N_("you cannot pay for the {building}'s effect ({fee} coin(s) to its owner, then its input)"),
}


def feeding_warning(workers: int, have: Sequence[int], coins: int) -> str:
    """What the round's feeding will cost if nothing changes ("" when the food at hand feeds every worker): each
    worker eats a fish or a wheat at the end of the round, a hungry one costs :data:`UNFED_PENALTY` VP, and 3 coins
    buy a food cube then (the player's choice).

    >>> print(feeding_warning(5, (0, 0, 1, 1), 3))  # doctest: +NORMALIZE_WHITESPACE
    At the end of the round each of your 5 workers eats a fish or a wheat, and you hold 2: if nothing changes, 3 go
    hungry, -9 VP. You may buy 1 food then, for 3 coins.
    >>> feeding_warning(2, (0, 0, 1, 1), 0)
    ''
    """
    hungry = unfed_workers(workers, have)
    if not hungry:
        return ""
    message = ngettext(
        "At the end of the round each of your {workers} workers eats a fish or a wheat, and you hold {food}: if "
        "nothing changes, {hungry} goes hungry, -{vp} VP.",
        "At the end of the round each of your {workers} workers eats a fish or a wheat, and you hold {food}: if "
        "nothing changes, {hungry} go hungry, -{vp} VP.",
        hungry,
    )
    food = have[FISH] + have[WHEAT]
    message = message.format(workers=workers, food=food, hungry=hungry, vp=hungry * UNFED_PENALTY)
    affordable = min(hungry, coins // COINS_PER_SUBSTITUTE)
    if affordable:
        buy = _(" You may buy {count} food then, for {coins} coins.")
        message += buy.format(count=affordable, coins=affordable * COINS_PER_SUBSTITUTE)
    return message


def round_end_warning(state: State, seat: int) -> str:
    """The warning shown beside the choices when the seat's next decisions close its part of the round (its last
    worker to place, that worker's turn, the Residence before the feeding): what feeding will take if nothing changes
    (:func:`feeding_warning`, counting what ending the turn still gathers); "" when the food feeds every worker or the
    round's end is not near.

    >>> from townwidget.littletown import new_game
    >>> game = new_game(seed=1)
    >>> seat = game.current_player
    >>> game.workers_left[seat] = 1
    >>> print(round_end_warning(game, seat))  # doctest: +NORMALIZE_WHITESPACE
    Your last worker of this round. At the end of the round each of your 5 workers eats a fish or a wheat, and you
    hold 0: if nothing changes, 5 go hungry, -15 VP. You may buy 1 food then, for 3 coins.
    """
    if state.current_player != seat:
        return ""
    have, left, phase = list(state.cubes[seat]), state.workers_left[seat], state.phase
    if phase == "turn" and left == 1 or phase in ("pay", "give", "take", "site") and left == 0:
        lead = _("Your last worker of this round.")
    elif phase == "act" and left == 0:
        have = [held + more for held, more in zip(have, _still_to_gather(state), strict=True)]
        lead = _("When you end this turn, your part of the round is over.")
    elif phase == "residence":
        lead = _("The round ends after the Residence.")
    else:
        return ""
    warning = feeding_warning(state.seats.workers, have, state.coins[seat])
    return f"{lead} {warning}" if warning else ""


def payment_preview(cost: Sequence[int], cost_coins: int, state: State, player: int, fee: int = 0) -> str:
    """What a payment will take in coins, said before it is made: when the only way to pay buys missing cubes for 3
    coins each, the game pays so at once (:func:`~townwidget.littletown.rounds.settle`), so the player reads it first;
    "" otherwise (nothing bought, or several ways: the player then chooses among them). ``fee`` is paid first (an
    activation's coins to the owner).

    >>> from townwidget.littletown import new_game
    >>> game = new_game(seed=1)
    >>> game.cubes[0], game.coins[0]
    ([0, 0, 0, 0], 3)
    >>> payment_preview((0, 1, 0, 0), 0, game, 0)
    ' (you lack 1 stone: you pay 3 coins instead)'
    >>> game.cubes[0] = [0, 1, 0, 0]
    >>> payment_preview((0, 1, 0, 0), 0, game, 0)  # with the stone or 3 coins: the player will choose
    ''
    """
    ways = payments(cost, cost_coins, state.cubes[player], state.coins[player] - fee, state.reserve)
    if len(ways) != 1 or not any(ways[0]):
        return ""
    bought = ways[0]
    message = _(" (you lack {cubes}: you pay {coins} coins instead)")
    return message.format(cubes=amount_words(bought), coins=COINS_PER_SUBSTITUTE * sum(bought))


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
    if kind == "complete":
        return _("{text} at the end of the game").format(text=text)
    return _("{text} (the only way)").format(text=text)


def _decision(entry: dict[str, Any], who: str, view: dict[str, Any]) -> str:
    kind = entry["type"]
    if kind == "place_worker":
        return _("{who} placed a worker at {where}").format(who=who, where=cell_words(entry["cell"]))
    if kind == "build":
        building = building_name(entry["building"])
        return _("{who} went to the construction site to build the {building}").format(who=who, building=building)
    if kind == "place_building":
        building = building_name(_building_at(entry["cell"], view))
        return _("{who} built the {building} at {where}").format(
            who=who, building=building, where=cell_words(entry["cell"])
        )
    if kind == "gather":
        return _("{who} gathered {resource}").format(who=who, resource=_(entry["resource"]))
    if kind == "activate":
        return _activated(entry, who, view)
    if kind == "pay":
        bought = ", ".join(_(resource) for resource in entry["coins_for"])
        if not bought:
            return _("{who} paid").format(who=who)
        return _("{who} paid, {coins} coins for each of: {bought}").format(
            who=who, coins=COINS_PER_SUBSTITUTE, bought=bought
        )
    if kind in ("give", "take"):
        verb = _("{who} gave the Shop {cubes}") if kind == "give" else _("{who} took {cubes} from the Shop")
        return verb.format(who=who, cubes=_(" and ").join(_(resource) for resource in entry["resources"]))
    if kind == "feed":
        bought = entry.get("coins_for", [])
        fed = _("{who} fed {fish} worker(s) with fish, the others with wheat")
        if bought:
            fed = _("{who} bought {cubes} for {coins} coins and fed {fish} worker(s) with fish, the others with wheat")
        cubes, coins = amount_words(counts(bought)), COINS_PER_SUBSTITUTE * len(bought)
        return fed.format(who=who, cubes=cubes, coins=coins, fish=entry["fish"])
    if kind == "complete":
        card = CARDS[entry["card"]]
        return _("{who} completed the objective “{card}” (+{vp} VP)").format(who=who, card=_(card.text), vp=card.vp)
    if entry["phase"] == "residence":
        return _("{who} finished with the Residence").format(who=who)
    return _("{who} ended the turn").format(who=who)


def _activated(entry: dict[str, Any], who: str, view: dict[str, Any]) -> str:
    """An activation; around the Residence (at the end of a round), with the coin paid to the owner."""
    building = building_name(_building_at(entry["cell"], view))
    if entry["phase"] != "residence":
        return _("{who} activated the {building} at {where}").format(
            who=who, building=building, where=cell_words(entry["cell"])
        )
    owner = next(b["owner"] for b in view["buildings"] if b["cell"] == entry["cell"])
    pays = owner != entry["player"] and view["rules"]["residence_pays_owners"]
    text = _("{who} activated the {building} at {where} around the Residence")
    if pays:
        text = _("{who} activated the {building} at {where} around the Residence (paying its owner 1 coin)")
    return text.format(who=who, building=building, where=cell_words(entry["cell"]))


COUNTED_EVENTS = {  # the events that count something (workers, tokens, spaces, coins) and score points for it
    "cathedral": N_plural(
        "{who} scored {vp} VP with the Cathedral ({count} worker around it)",
        "{who} scored {vp} VP with the Cathedral ({count} workers around it)",
    ),
    "unfed": N_plural("{who} could not feed {count} worker: {vp} VP", "{who} could not feed {count} workers: {vp} VP"),
    "castle": N_plural(
        "{who} scored {vp} VP with the Castle ({count} house token around it)",
        "{who} scored {vp} VP with the Castle ({count} house tokens around it)",
    ),
    "watchtower": N_plural(
        "{who} scored {vp} VP with the Watchtower ({count} empty grass space around it)",
        "{who} scored {vp} VP with the Watchtower ({count} empty grass spaces around it)",
    ),
    "coins": N_plural(
        "{who} scored {vp} VP for {count} coin at the end of the game",
        "{who} scored {vp} VP for {count} coins at the end of the game",
    ),
}


def _counted(singular: str, plural: str) -> Callable[[dict[str, Any], str], str]:
    return lambda e, who: ngettext(singular, plural, e["count"]).format(who=who, vp=e["vp"], count=e["count"])


def _round(e: dict[str, Any], who: str) -> str:
    if who == _("You"):
        return _("Round {round} begins: you have the first player token").format(round=e["count"])
    return _("Round {round} begins: {who} has the first player token").format(round=e["count"], who=who)


EVENT_WORDS: dict[str, Callable[[dict[str, Any], str], str]] = {
    **{kind: _counted(*message) for kind, message in COUNTED_EVENTS.items()},
    "round": _round,
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
    gathers = amount_words(state.terrain.yields[cell])
    text = _("gathers {amount}").format(amount=gathers) if gathers else _("nothing to gather")
    around = [_owned(state, near, names) for near in NEIGHBOURS[cell] if state.buildings[near] is not None]
    return text + (_("; next to {buildings}").format(buildings=", ".join(around)) if around else "")


def _kind_at(state: State, cell: int) -> Kind:
    building = state.buildings[cell]
    assert building is not None
    return state.kinds[building[0]]


def _owned(state: State, cell: int, names: list[str]) -> str:
    """'the Pier (yours)' / 'the Pier (Player 1 (greedy)'s)'."""
    owner = state.buildings[cell][1]  # type: ignore[index]
    whose = owner_words(names[owner])
    return _("the {building} ({whose})").format(building=building_name(_kind_at(state, cell)), whose=whose)


def _activation(state: State, player: int, cell: int, names: list[str]) -> str:
    kind, owner = _kind_at(state, cell), state.buildings[cell][1]  # type: ignore[index]
    fee = activation_fee(state, player, cell)
    paying = _(" (paying {fee} coin to {owner})").format(fee=fee, owner=names[owner]) if fee else ""
    words = _("Activate the {building} at {where}{paying}: {effect}").format(
        building=building_name(kind), where=cell_words(cell_of(cell)), paying=paying, effect=effect_words(kind)
    )
    return words + payment_preview(kind.takes, kind.takes_coins, state, player, fee)


def _payment(state: State, action: Pay) -> str:
    cost, cost_coins = due(state)
    bought = counts(action.coins_for)
    spent = [need - extra for need, extra in zip(cost, bought, strict=True)]
    coins = cost_coins + COINS_PER_SUBSTITUTE * sum(bought)
    turn = state.turn
    if turn.building is not None:
        purpose = _("the {building}").format(building=building_name(_chosen(state)))
    elif turn.give is not None:
        purpose = _("the Shop")
    else:
        assert turn.activating is not None
        purpose = _("the {building}'s effect").format(building=building_name(_kind_at(state, turn.activating)))
    buying = ""
    if sum(bought):
        buying = _(" (buying {cubes} for {coins} coins each)").format(
            cubes=amount_words(bought), coins=COINS_PER_SUBSTITUTE
        )
    paid = amount_words(spent, coins) or _("nothing")
    return _("Pay {paid} for {purpose}{buying}").format(paid=paid, purpose=purpose, buying=buying)


def _feeding(state: State, player: int, action: Feed) -> str:
    """'Buy 1 wheat for 3 coins and feed 0 worker(s) with fish and 5 with wheat' (with the points lost, if any)."""
    workers, cubes, bought = state.seats.workers, state.cubes[player], counts(action.coins_for)
    fed = min(workers, cubes[FISH] + cubes[WHEAT] + sum(bought))
    unfed = workers - fed
    penalty = _("; {count} unfed: -{vp} VP").format(count=unfed, vp=UNFED_PENALTY * unfed) if unfed else ""
    feed = _("Feed {fish} worker(s) with fish and {wheat} with wheat{penalty}")
    if any(bought):
        feed = _("Buy {cubes} for {coins} coins and feed {fish} worker(s) with fish and {wheat} with wheat{penalty}")
    coins = COINS_PER_SUBSTITUTE * sum(bought)
    return feed.format(
        cubes=amount_words(bought), coins=coins, fish=action.fish, wheat=fed - action.fish, penalty=penalty
    )


def _chosen(state: State) -> Kind:
    assert state.turn.building is not None
    return state.kinds[state.turn.building]


def _building_at(cell: list[int], view: dict[str, Any]) -> str:
    """The id of the building on ``cell``."""
    return str(next(entry["building"] for entry in view["buildings"] if entry["cell"] == cell))
