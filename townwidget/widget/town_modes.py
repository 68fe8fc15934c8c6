"""The two ways to play Town in :class:`~townwidget.widget.TownWidget`, each an object holding what differs.

A game is solo (the Challenge Rule: the seat places pile tops, Town 66 allows flips, the result is a level; an undo
deals the tiles below the pile tops again and makes the game practice) or multiplayer (the seat places from a hand,
exchanges and discards; the result is a ranking; an undo gives the bag's future draws fresh randomness). The widget
picks the mode once, when a game starts or loads (:func:`mode_of`), and asks it instead of testing the state's type.

>>> from townwidget import town
>>> mode_of(town.new_solo("town44", seed=1)).label(town.new_solo("town44", seed=1))
'town44 solo'
>>> MODES["multi"].seats(None, ("greedy", "mcts"))
3
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from townwidget.core.language import _
from townwidget.core.rng import Rng
from townwidget.town import MultiState, Rules, SoloState, State, Tile, new_game, new_solo
from townwidget.widget.base import Refused
from townwidget.widget.intents import Intent
from townwidget.widget.session import opponent_list
from townwidget.widget.words import ordinal

Departures = list[tuple[int, int, int, int]]  # (move, player, order of leaving, tiles left): see departures()
Frames = Sequence[dict[str, Any] | None]  # the seat's view after each move (None: played before the game loaded)


class TownMode(Protocol):
    """What a solo game and a multiplayer game do differently in the widget."""

    undo_is_practice: bool  # an undo shows what should have stayed hidden, so the result no longer counts
    has_steps: bool  # a turn may ask an exchange before placing and a discard after (see widget.one_click)

    def seats(self, opponents: Sequence[Any] | None, defaults: Sequence[str]) -> int:
        """How many players a new game has, given the opponents asked for."""

    def deal(self, rules: Rules, players: int, seed: int | None) -> State:
        """A new game of these rules."""

    def label(self, state: Any) -> str:
        """The game in a few words, for ``repr``."""

    def picked(self, state: Any, intent: Intent, seat: int) -> Tile:
        """The tile a 'select' intent picks (refused in the player's words when it cannot be picked)."""

    def held(self, state: Any, seat: int) -> Sequence[Tile]:
        """The tiles in the seat's hand (solo: none, the tiles wait on piles)."""

    def offered(self, state: Any, seat: int) -> list[Tile]:
        """The tiles the seat may place from now (solo: the pile tops)."""

    def flips_left(self, state: Any) -> int:
        """How many times the seat may still turn a tile over."""

    def restore(self, before: Any, seat: int, rng: Rng) -> Any:
        """The state to go on from after an undo to ``before``, with nothing the undone move showed of it."""

    def review_extras(self, report: Any, final: Any, frame: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
        """What the view needs besides the review's JSON form."""

    def departures(self, frames: Frames) -> Departures:
        """``(move, player, order, tiles left)`` for each player who left, from the seat's history frames: the move
        after which they left (1 = the first move), the order of leaving, and their tiles then (0: the hand was
        emptied). Nobody leaves a solo game."""

    def end_reason(self, state: Any) -> str:
        """Why the game ended, in words."""

    def outcome(self, state: Any, result: dict[str, Any], names: list[str], departures: Departures) -> dict[str, Any]:
        """The final result for the view (besides the reason)."""

    def final_status(self, state: Any, result: dict[str, Any], seat: int, practice: bool) -> str:
        """The status line once the game is over."""

    def move_prompt(self) -> str:
        """What the seat does on its turn to place, before picking a tile."""


class Solo:
    """The Challenge Rule: one player, the pile tops, flips in Town 66, a level at the end."""

    undo_is_practice = True  # an undo shows the player what a pile top hid
    has_steps = False

    def seats(self, opponents: Sequence[Any] | None, defaults: Sequence[str]) -> int:
        return 1

    def deal(self, rules: Rules, players: int, seed: int | None) -> State:
        return new_solo(rules, seed)

    def label(self, state: SoloState) -> str:
        return f"{state.rules.name} solo"

    def picked(self, state: SoloState, intent: Intent, seat: int) -> Tile:
        if intent.pile is None:
            raise Refused(_("in solo you pick the top of a pile, not a tile"))
        if intent.pile >= len(state.piles) or not state.piles[intent.pile]:
            raise Refused(_("pile {pile} is empty or does not exist").format(pile=intent.pile + 1))
        return state.piles[intent.pile][-1]

    def held(self, state: SoloState, seat: int) -> Sequence[Tile]:
        return ()

    def offered(self, state: SoloState, seat: int) -> list[Tile]:
        return [pile[-1] for pile in state.piles if pile]

    def flips_left(self, state: SoloState) -> int:
        return state.flips_left

    def restore(self, before: SoloState, seat: int, rng: Rng) -> Any:
        """The tiles below the pile tops are dealt again, so the next tile of a pile is not known in advance."""
        dealt = before.view(seat).sample_state(rng.spawn())
        dealt.history = before.history  # solo records hold placements only: all public, and the same here
        return dealt

    def review_extras(self, report: Any, final: Any, frame: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
        """The seat's view of each position along the par line (``par_frames``), for stepping through it on the
        board (the line sees the piles, and the game is over: nothing is left to hide)."""
        from townwidget.advice.review import par_positions

        if report.par_line is None:
            return {}
        return {"par_frames": [frame(position) for position in par_positions(final, report.par_line)]}

    def departures(self, frames: Frames) -> Departures:
        return []

    def end_reason(self, state: SoloState) -> str:
        if state.board.placed() == state.rules.tiles:
            return _("every tile is placed")
        if state.flips_left:
            return _("no pile top fits an open cell, even turned over")
        if state.rules.flips:
            return _("no pile top fits an open cell, and no flip is left")
        return _("no pile top fits an open cell")

    def outcome(
        self, state: SoloState, result: dict[str, Any], names: list[str], departures: Departures
    ) -> dict[str, Any]:
        level = _(result["level"]) if result["level"] else ""
        return {"placed": result["placed"], "tiles": state.rules.tiles, "level": level}

    def final_status(self, state: SoloState, result: dict[str, Any], seat: int, practice: bool) -> str:
        practice_words = " " + _("Practice: Undo was used, so this score does not count.") if practice else ""
        level = f" {_(result['level'])}" if result["level"] else ""
        over = _("Game over: {placed} of {tiles} tiles placed.")
        over = over.format(placed=result["placed"], tiles=state.rules.tiles)
        return f"{over}{level}{practice_words}"

    def move_prompt(self) -> str:
        return _("Your move: pick a pile top, then a lit cell.")


class Multi:
    """The seat against opponents: a hand, exchanges and discards, a ranking at the end."""

    undo_is_practice = False  # the opponents keep their hands: what they showed after the undone move stays known
    has_steps = True

    def seats(self, opponents: Sequence[Any] | None, defaults: Sequence[str]) -> int:
        return 1 + len(opponent_list(opponents, None, defaults))

    def deal(self, rules: Rules, players: int, seed: int | None) -> State:
        return new_game(rules, players, seed)

    def label(self, state: MultiState) -> str:
        return f"{state.rules.name} {state.num_players} players"

    def picked(self, state: MultiState, intent: Intent, seat: int) -> Tile:
        if intent.pile is not None:
            raise Refused(_("there are no piles in a multiplayer game: pick a tile of your hand"))
        return own_tile(self, state, intent, seat)

    def held(self, state: MultiState, seat: int) -> Sequence[Tile]:
        return state.hands[seat]

    def offered(self, state: MultiState, seat: int) -> list[Tile]:
        return list(state.hands[seat])

    def flips_left(self, state: MultiState) -> int:
        return 0

    def restore(self, before: MultiState, seat: int, rng: Rng) -> Any:
        """The bag's future draws get fresh randomness, so the undone move's draw is not known in advance."""
        before.rng = rng.spawn()
        return before

    def review_extras(self, report: Any, final: Any, frame: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
        return {}

    def departures(self, frames: Frames) -> Departures:
        found = []
        for move in range(1, len(frames)):
            before, after = frames[move - 1], frames[move]
            if before is None or after is None:  # played before the game was loaded
                continue
            for player, order in enumerate(after["out"]):
                if order is not None and before["out"][player] is None:
                    found.append((move, player, order, len(after["hands"][player])))
        return sorted(found, key=lambda item: (item[0], item[2]))

    def end_reason(self, state: MultiState) -> str:
        return _("every player has left (a player leaves when the hand is empty or none of its tiles fits)")

    def outcome(
        self, state: MultiState, result: dict[str, Any], names: list[str], departures: Departures
    ) -> dict[str, Any]:
        when = {player: (move, tiles_left) for move, player, _order, tiles_left in departures}
        rows = [
            {
                "rank": rank,
                "name": names[player],
                "tiles_left": left,
                "left": _leaving(state.out[player], when.get(player)),
            }
            for player, (rank, left) in enumerate(zip(result["ranks"], result["tiles_left"], strict=True))
        ]
        return {"rows": sorted(rows, key=lambda row: row["rank"])}

    def final_status(self, state: MultiState, result: dict[str, Any], seat: int, practice: bool) -> str:
        rank = ordinal(result["ranks"][seat])
        return _("Game over: you finished {rank} of {players}.").format(rank=rank, players=state.num_players)

    def move_prompt(self) -> str:
        return _("Your move: pick a tile of your hand, then a lit cell.")


MODES: dict[str, TownMode] = {"solo": Solo(), "multi": Multi()}


def mode_of(state: State) -> TownMode:
    """The mode of a Town state (its ``mode`` is ``"solo"`` or ``"multi"``)."""
    return MODES[state.mode]


def own_tile(mode: TownMode, state: Any, intent: Intent, seat: int) -> Tile:
    """The intent's tile, which must be in the seated player's hand."""
    if intent.tile is None or intent.tile not in mode.held(state, seat):
        raise Refused(_("tile {tile} is not in your hand").format(tile=list(intent.tile or ())))
    return intent.tile


def _leaving(order: int | None, when: tuple[int, int] | None) -> str:
    """When and why a player left, for the final table ('' for a player who never left)."""
    if not order:
        return ""
    if when is None:  # before the frames this widget holds
        return ordinal(order)
    move, tiles_left = when
    why = _("hand emptied") if not tiles_left else _("no tile fitted")
    return _("{order}, after move {move}: {why}").format(order=ordinal(order), move=move, why=why)
