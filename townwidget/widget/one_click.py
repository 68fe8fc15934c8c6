"""A multiplayer Town turn in one click: the player picks a tile and a cell; the exchange and the discard wait beside
the board, and not using them is the default.

The engine plays a turn as steps (:class:`~townwidget.town.MultiState`): an ``"exchange"`` phase when the hand holds 3
alike tiles (``Exchange`` or ``Pass``: no exchange), the ``Place``, then after the draw a ``"discard"`` phase
(``Discard`` or ``Pass``: keep the hand). A player who only places meets them as two extra clicks. In one click
(the widget's default; ``TownWidget(..., explicit_steps=True)`` or its toggle asks for the steps), a placement plays
the turn: "no exchange" first where the phase asks it, the placement, then the discard chosen beforehand beside the
board (a tile of the hand, or the tile the draw brings) or "keep". These are the very engine actions of the steps:
the opponents' views are the same either way (a declined exchange is hidden from them, the discard shows its colour
only), and the seat's log tells the same moves. Undo takes the turn back as one. A hint asked in the exchange phase
(:func:`hint`) answers what a click plays: the exchange where the search rates it best, else the best placement
after no exchange.

>>> from townwidget import town
>>> game = town.new_game("town44", players=2, seed=1)
>>> plan_words(None), plan_words(DRAWN)
('you keep your hand', 'you discard the tile you draw')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from townwidget.core.checks import shown
from townwidget.core.errors import IllegalAction
from townwidget.core.language import _
from townwidget.town import Discard, Pass, Place, Tile
from townwidget.town.actions import parse_pair
from townwidget.widget.base import Refused
from townwidget.widget.intents import Intent
from townwidget.widget.words import tile_name

DRAWN = "drawn"  # the discard planned is the tile the draw brings
Plan = Tile | str | None  # what to discard after the draw: a tile of the hand, DRAWN, or None (keep the hand)


def plan_intent(value: Any, n: int) -> Intent:
    """A ``plan_discard`` intent's ``tile``: ``[colour, shape]``, ``"drawn"`` or ``null`` (keep the hand).

    >>> plan_intent("drawn", 7), plan_intent(None, 7)
    (Intent(kind='plan_discard', choice='drawn'), Intent(kind='plan_discard', choice='keep'))
    >>> plan_intent([1, 2], 7)
    Intent(kind='plan_discard', tile=(1, 2), choice='tile')
    >>> plan_intent("all", 7)
    Traceback (most recent call last):
    ...
    townwidget.core.errors.IllegalAction: 'tile' must be [colour, shape], "drawn" or null, not 'all'
    """
    if value is None:
        return Intent("plan_discard", choice="keep")
    if value == DRAWN:
        return Intent("plan_discard", choice=DRAWN)
    if isinstance(value, str):
        raise IllegalAction(f"'tile' must be [colour, shape], \"drawn\" or null, not {shown(value)}")
    return Intent("plan_discard", tile=parse_pair({"tile": value}, "tile", n), choice="tile")


def plan_of(intent: Intent) -> Plan:
    """The plan an intent parsed by :func:`plan_intent` asks for."""
    return {"keep": None, DRAWN: DRAWN}.get(intent.choice or "", intent.tile)


def can_plan(view: dict[str, Any], seat: int, phase: str) -> bool:
    """Whether a discard may follow the seat's placement this turn: the bag holds a tile to draw, and the hand keeps
    a tile after placing (placing the last one leaves the game)."""
    return phase in ("exchange", "place") and view["bag_size"] > 0 and len(view["hands"][seat]) >= 2


def check_plan(plan: Plan, hand: list[Tile]) -> None:
    """A planned tile must be in the hand (worded for the player)."""
    if plan not in (None, DRAWN) and plan not in hand:
        raise Refused(_("{tile} is not in your hand").format(tile=tile_name(plan)))


def check_place(tile: Tile, plan: Plan) -> None:
    """The tile placed cannot be the one planned for the discard (worded for the player)."""
    if plan == tile:
        message = _("{tile} is your discard after the draw: place another tile, or choose another discard")
        raise Refused(message.format(tile=tile_name(tile)))


def placements_after_no_exchange(state: Any) -> list[Any]:
    """In the exchange phase, the placements the seat may make once it declines to exchange (what a click plays)."""
    trial = state.clone()
    player = trial.current_player
    trial.apply(Pass())
    return trial.legal_actions() if trial.current_player == player and trial.phase == "place" else []


def hint(view: Any, advise: Callable[[Any], Any]) -> Any:
    """The hint of a one-click turn's exchange phase, from the seat's ``view``: ``advise`` (the widget's
    :func:`townwidget.advice.hint`) weighs the exchanges against no exchange as the engine's phase asks; where no
    exchange wins and a placement follows, the hint is the best placement after it, its text followed by that
    verdict (so a click on the hinted cell plays what the hint says). Only the seat's view is read: the position
    after no exchange is the view's, its hidden parts drawn (declining draws nothing)."""
    exchange = advise(view)
    if exchange.action != Pass():
        return exchange
    after = view.sample_state(0)
    after.apply(Pass())
    if after.current_player != view.player or after.phase != "place":  # no tile fits: declining is leaving
        return exchange
    placing = advise(after.view(view.player))
    text = _("{placement}. Before placing: {exchange}").format(placement=placing.text, exchange=exchange.text)
    return replace(placing, text=text)


def play_turn(session: Any, place: Place, plan: Plan) -> None:
    """Play the seat's whole turn for one placement (see the module docstring), as one decision for Undo; a turn
    the engine refuses (checked on a copy first) plays nothing."""
    state, seat = session.state, session.seat
    trial = state.clone()
    if trial.phase == "exchange":
        trial.apply(Pass())
    trial.apply(place)  # the engine's own refusal, before anything is played
    with session.one_turn():
        if session.state.phase == "exchange":
            session.play_seat(Pass())
        kept = [tile for tile in session.state.hands[seat] if tile != place.tile]
        session.play_seat(place)
        after = session.state
        if after.current_player == seat and after.phase == "discard":
            session.play_seat(after_the_draw(plan, kept, after.hands[seat]))


def after_the_draw(plan: Plan, kept: list[Tile], hand: list[Tile]) -> Discard | Pass:
    """The discard planned (the drawn tile is the one of ``hand`` not ``kept``), or keep the hand.

    >>> after_the_draw(DRAWN, [(0, 1)], [(0, 1), (3, 3)]), after_the_draw(None, [(0, 1)], [(0, 1), (3, 3)])
    (Discard(tile=(3, 3)), Pass())
    """
    if plan is None:
        return Pass()
    if plan == DRAWN:
        return Discard(next(tile for tile in hand if tile not in kept))
    assert not isinstance(plan, str)
    return Discard(plan)


def plan_words(plan: Plan) -> str:
    """What follows the draw, in words."""
    if plan is None:
        return _("you keep your hand")
    if plan == DRAWN:
        return _("you discard the tile you draw")
    assert not isinstance(plan, str)
    return _("you discard {tile}").format(tile=tile_name(plan))


def prompt(picked: bool, may_exchange: bool, may_plan: bool, placeable: bool, plan: Plan) -> str:
    """What the seat does now in a one-click turn."""
    if not placeable:
        return _("None of your tiles fits the city: exchange 3 alike tiles, or press No exchange (you then leave).")
    if picked:
        words = _("Now click a lit cell (or move with the arrow keys and press Enter).")
    else:
        words = _("Your move: pick a tile of your hand, then a lit cell.")
    if may_exchange:
        words += " " + _("Beside the board you may first exchange 3 alike tiles.")
    if may_plan:
        words += " " + _("After placing you draw a tile: {then}.").format(then=plan_words(plan))
    return words


def plan_data(plan: Plan) -> Any:
    """The plan as the view reads it: ``[colour, shape]``, ``"drawn"`` or ``None``."""
    return list(plan) if isinstance(plan, tuple) else plan
