"""TownWidget: play Town 77 / Town 66 in JupyterLab, solo or against AI opponents, and inspect the rules at work.

Python holds the truth. The synced traits are built from ``state.to_dict(viewer=seat)`` (what the seated player may
know) plus what Python computes for that player: the cells where the picked tile may go, why it may not go
elsewhere, how many hand tiles fit each cell. The browser only draws them and sends *intents* (see
:mod:`townwidget.widget.intents`), which are checked as untrusted input and played through the engine; a refused
intent shows its reason and changes nothing. After the seated player's move, AI opponents move on their own views.

Undo restores a snapshot (``clone()``) taken before the seated player's last decision, and makes sure the undone
move cannot be used to peek: in solo the tiles below the pile tops are dealt again (``view.sample_state``), so
the next tile of a pile is not known in advance; in multiplayer the bag's future draws get fresh randomness
(the opponents keep their hands, so tiles they showed after the undone move stay known).

>>> widget = TownWidget("town44", seed=3)
>>> widget
TownWidget(town44 solo, seat 0: your turn to place, 0/16 tiles placed)
>>> widget.apply(widget.state.legal_actions()[0])
>>> widget.view["board"][0][0] is not None, len(widget.history)
(True, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import traitlets

from townwidget.core.checks import require_integer, shown
from townwidget.core.errors import IllegalAction
from townwidget.core.language import _
from townwidget.town import Discard, Exchange, Pass, Place, Rules, State, Tile
from townwidget.town.actions import parse_pair
from townwidget.town.rules import resolve_rules
from townwidget.town.style import COLOUR_NAMES, tile_style
from townwidget.town.words import colour_name, ranking_words, shape_name, tile_colour
from townwidget.widget.base import (
    GameWidget,
    Refused,
    check_front_end,
    noted,
    synced,
)
from townwidget.widget.front_end import FRONT_END, STATIC
from townwidget.widget.intents import INTENT_KEYS, Intent, common_intent, intent_kind, require_keys
from townwidget.widget.screens import check_people, people_opponents
from townwidget.widget.session import MOVE_SECONDS, check_seed
from townwidget.widget.town_modes import MODES, Departures, TownMode, mode_of, own_tile
from townwidget.widget.words import describe_move, humanize, leaving_words, refusal_words, tile_back

MAX_PILES = 9  # far above any rules' pile count; the state checks the real range


def parse_intent(content: Any, n: int) -> Intent:
    """Check one message from the Town front end for board size ``n``; raise :class:`IllegalAction` naming the
    fault.

    >>> parse_intent({"intent": "place", "cell": [2, 3]}, n=7)
    Intent(kind='place', cell=(2, 3))
    >>> parse_intent({"intent": "place", "cell": [2, 9]}, n=7)
    Traceback (most recent call last):
    ...
    townwidget.core.errors.IllegalAction: action 'cell': column 9 is out of range 0..6
    """
    kind = intent_kind(content, INTENT_KEYS)
    if kind == "select":
        keys = set(content) - {"intent"}
        if len(keys) != 1:
            raise IllegalAction("a 'select' intent names exactly one of 'pile' or 'tile'")
        if "pile" in keys:
            return Intent(kind, pile=require_integer(content["pile"], "'pile'", 0, MAX_PILES - 1, error=IllegalAction))
        return Intent(kind, tile=parse_pair(content, "tile", n))
    require_keys(content, kind, INTENT_KEYS)
    if kind == "place":
        return Intent(kind, cell=parse_pair(content, "cell", n))
    if kind == "choose":
        return Intent(kind, tile=parse_pair(content, "tile", n))
    if kind in ("flip", "inspect"):
        if not isinstance(content["on"], bool):
            raise IllegalAction(f"'on' must be true or false, not {shown(content['on'])}")
        return Intent(kind, on=content["on"])
    return common_intent(kind, content)


@dataclass
class _Picks:
    """What the seated player has picked or asked to see (kept in Python, published with the game)."""

    pile: int | None = None
    tile: Tile | None = None
    flip: bool = False
    chosen: list[Tile] = field(default_factory=list)  # tiles chosen for an exchange
    inspect: bool = False  # show fit counts


class TownWidget(GameWidget):
    """A Town game in a notebook: a board to play on, the seated player's tiles, opponents, a log and a history.

    ``game`` is a rules preset or :class:`~townwidget.town.Rules`; ``mode`` is ``"solo"`` (the Challenge Rule) or
    ``"multi"`` (the seated player against ``opponents``: agent names for :func:`townwidget.agents.make_agent`, or
    agent objects with ``act(view)``; by default ``"greedy"`` and ``"mcts"``). ``state`` shows and continues any
    engine state instead of a new game (its rules and mode win over ``game`` and ``mode``; the default opponents
    are repeated to fill its other seats). ``seed`` makes the deals and the agents reproducible. ``lang`` is the
    language of every word the player reads (``"en"``, ``"fr"``; default :func:`townwidget.set_language`'s, else the
    environment variable ``TOWNWIDGET_LANG``, else English); an unknown one raises ValueError. An opponent that thinks
    longer than ``move_seconds`` about a move forfeits it (its first legal move is played, the log says so).
    ``table`` plays a seat at a table server instead (a :class:`townwidget.tables.Seat`, or a table's address
    ``"http://HOST:PORT/tables/ID"`` where ``name`` sits down; see :mod:`townwidget.widget.table_session`);
    ``spectate=True`` watches that table without a seat (the public view). ``humans`` people (``names``) take turns
    at this one widget in the first seats, the screen covered between two of them (:mod:`townwidget.widget.screens`).
    """

    _esm = STATIC / "town.js"  # paths, not text: anywidget reloads them when they change (see js/README.md)
    _css = STATIC / "town.css"
    GAME = "Town"
    FAMILY = "town"
    DEFAULT_OPPONENTS = ("greedy", "mcts")
    LOOKING = ("step", "inspect", "deselect", "review")
    FRAME_OMITS = ("history", "unseen")

    tile_style = synced(traitlets.Dict(read_only=True))  # not "style": DOMWidget views read that as a Style model
    selection = synced(traitlets.Dict(read_only=True))
    flip = synced(traitlets.Bool(False, read_only=True))
    legal = synced(traitlets.List(read_only=True))
    reasons = synced(traitlets.List(read_only=True))
    fits = synced(traitlets.List(read_only=True))
    inspect = synced(traitlets.Bool(False, read_only=True))
    chosen = synced(traitlets.List(read_only=True))
    _mode: TownMode  # solo or multiplayer: what differs between them (chosen when a game loads)

    def __init__(
        self,
        game: str | Rules = "town77",
        mode: str = "solo",
        opponents: Sequence[Any] | None = None,
        seat: int = 0,
        seed: int | None = None,
        state: State | None = None,
        lang: str | None = None,
        move_seconds: float = MOVE_SECONDS,
        table: Any = None,
        name: str | None = None,
        humans: int = 1,
        names: Sequence[str] | None = None,
        spectate: bool = False,
    ) -> None:
        if not isinstance(mode, str) or mode not in MODES:
            raise ValueError(f"mode must be 'solo' or 'multi', not {mode!r}")
        check_seed(seed)
        self._check_given(state)
        self._picks = _Picks()
        people = len(check_people(humans, names, table))  # a new game seats them besides the opponents
        if people > 1 and mode == "solo" and state is None:
            raise ValueError("people share a screen in a multiplayer game: give mode='multi' with humans=")
        if state is None:  # a new game of people only unless opponents are named (a loaded one fills its seats)
            opponents = people_opponents(people, opponents)
        if state is None and table is None:
            chosen = MODES[mode]
            players = chosen.seats(opponents, self.DEFAULT_OPPONENTS) + people - 1
            state = chosen.deal(resolve_rules(game), players, seed)
        super().__init__(state, seat, opponents, seed, lang, move_seconds, table, name, humans, names, spectate)

    @classmethod
    def holding(cls, state: Any, opponents: Sequence[Any], seat: int, lang: str) -> TownWidget:
        mode = "solo" if state.num_players == 1 else "multi"
        return cls(state.rules, mode, list(opponents) or None, seat, state=state, lang=lang)

    # --- the game's part of the widget -----------------------------------------------------------------------
    def _loaded(self) -> None:
        self._mode = mode_of(self._state)  # chosen once per game loaded, from the state's own mode
        super()._loaded()

    def _new_state(self, seed: int) -> State:
        return self._mode.deal(self._state.rules, self._state.num_players, seed)

    def _parse_intent(self, content: Any) -> Intent:
        return parse_intent(content, self._state.rules.n)

    def _words(self, reason: str) -> str:
        return humanize(reason, self._state.rules.n)

    def _why_not(self, action: Any, reason: str) -> str:
        """A placement is refused by the board's rule (worded from its data) or by the turn."""
        if isinstance(action, Place):
            refused = self._state.board.refusal(action.tile, action.cell, action.flip)
            if refused is not None:
                return refusal_words(refused, action.cell)
            blocker = self._blocker()
            if blocker is not None:
                return blocker
        return super()._why_not(action, reason)

    def _texts(self) -> dict[str, Any]:
        colours = range(len(COLOUR_NAMES))
        return {
            "tile_backs": [_("{tile} (shape not shown)").format(tile=tile_back(colour)) for colour in colours],
            "tile_back_titles": [
                _("{colour} tile, shape not shown").format(colour=tile_colour(colour)) for colour in colours
            ],
        }

    def _drop_picks(self) -> None:
        self._picks = _Picks(inspect=self._picks.inspect)

    def _review_extras(self, report: Any, final: State) -> dict[str, Any]:
        return mode_of(final).review_extras(report, final, self._frame)

    def _undo_is_practice(self) -> bool:
        return self._mode.undo_is_practice

    def _restore(self, before: State) -> State:
        """Undo must not let the player peek (see :mod:`townwidget.widget.town_modes`)."""
        return self._mode.restore(before, self.seat, self._rng)

    def _label(self) -> str:
        return self._mode.label(self._state)

    def _progress(self) -> str:
        return f"{self._state.board.placed()}/{self._state.rules.tiles} tiles placed"

    def _describe(self, entry: dict[str, Any], who: str, view: dict[str, Any]) -> str:
        return describe_move(entry, who)

    def _log(self, view: dict[str, Any], names: list[str]) -> list[str]:
        """The moves the seat saw in words, each noted with the players who left after it and why, and the last one
        with why the game ended."""
        lines = [describe_move(entry, names[entry["player"]]) for entry in view["history"]]
        notes = self._forfeit_notes(names)
        for move, player, order, tiles_left in self._departures():
            notes.setdefault(move, []).append(leaving_words(names[player], order, tiles_left))
        if self._state.current_player is None:
            notes.setdefault(len(lines), []).append(_("Game over: {reason}.").format(reason=self._end_reason()))
        return noted(lines, notes)

    def _departures(self) -> Departures:
        """Who left after which move, the moves counted as the seat saw them (as the slider and the log do)."""
        return self._mode.departures([self._frames[index] for index in self._shown])

    def _end_reason(self) -> str:
        return self._mode.end_reason(self._state)

    # --- intents from the browser ----------------------------------------------------------------------------
    def _intent_handlers(self) -> dict[str, Callable[[Any], None]]:
        """Town's intents (``front_end.json``) and their handlers, besides every widget's."""
        return {
            **super()._intent_handlers(),
            "select": self._on_select,
            "deselect": self._on_deselect,
            "flip": self._on_flip,
            "place": self._on_place,
            "choose": self._on_choose,
            "exchange": self._on_exchange,
            "discard": self._on_discard,
            "pass": self._on_pass,
            "inspect": self._on_inspect,
        }

    def _on_select(self, intent: Intent) -> None:
        state, picks = self._state, self._picks
        tile = self._mode.picked(state, intent, self.seat)
        if state.phase == "exchange" and state.current_player == self.seat:  # a tile of the hand, for the exchange
            self._on_choose(intent)
            return
        same = (picks.pile, picks.tile) == (intent.pile, tile)
        picks.pile, picks.tile = (None, None) if same else (intent.pile, tile)  # picking it again drops it
        picks.flip = False

    def _on_deselect(self, _intent: Intent) -> None:
        self._drop_picks()  # Escape: drop the picks, leave the history
        self._step = None

    def _on_flip(self, intent: Intent) -> None:
        if intent.on and not self._mode.flips_left(self._state):
            raise Refused(_("no flip is available (only Town 66 solo allows flips, two per game)"))
        self._picks.flip = bool(intent.on)

    def _on_place(self, intent: Intent) -> None:
        picks = self._picks
        if picks.tile is None:
            raise Refused(_("pick a tile first, then a cell"))
        assert intent.cell is not None
        self._seat_decides(Place(picks.tile, intent.cell, picks.pile, picks.flip))

    def _on_choose(self, intent: Intent) -> None:
        chosen, tile = self._picks.chosen, own_tile(self._mode, self._state, intent, self.seat)
        self._picks.chosen = [other for other in chosen if other != tile] if tile in chosen else [*chosen, tile]

    def _on_exchange(self, _intent: Intent) -> None:
        self._seat_decides(Exchange(tuple(sorted(self._picks.chosen))))

    def _on_discard(self, _intent: Intent) -> None:
        if self._picks.tile is None:
            raise Refused(_("pick the tile to discard first"))
        self._seat_decides(Discard(self._picks.tile))

    def _on_pass(self, _intent: Intent) -> None:
        self._seat_decides(Pass())

    def _on_inspect(self, intent: Intent) -> None:
        self._picks.inspect = bool(intent.on)

    # --- publishing ------------------------------------------------------------------------------------------
    def _publish_game(self, view: dict[str, Any], names: list[str]) -> None:
        picks = self._picks
        legal = self._legal_cells()
        style = tile_style()
        colours, shapes = range(len(style["colour_names"])), range(len(style["shape_names"]))
        style["colour_names"] = [colour_name(colour) for colour in colours]
        style["shape_names"] = [shape_name(shape) for shape in shapes]
        self.set_trait("tile_style", style)
        self.set_trait("selection", {"pile": picks.pile, "tile": list(picks.tile)} if picks.tile else {})
        self.set_trait("flip", picks.flip)
        self.set_trait("legal", [list(cell) for cell in legal])
        self.set_trait("reasons", self._reasons(legal))
        self.set_trait("fits", self._fits())
        self.set_trait("inspect", picks.inspect)
        self.set_trait("chosen", [list(tile) for tile in picks.chosen])

    def _legal_cells(self) -> list[tuple[int, int]]:
        picks = self._picks
        if picks.tile is None:
            return []
        return [
            action.cell
            for action in self._seat_actions()
            if isinstance(action, Place)
            and (action.tile, action.pile, action.flip) == (picks.tile, picks.pile, picks.flip)
        ]

    def _reasons(self, legal: list[tuple[int, int]]) -> list[list[dict[str, Any] | None]]:
        """For the picked tile, per cell: why it may not go there (and the tile in the way), ``None`` where it may."""
        tile, board, n = self._picks.tile, self._state.board, self._state.rules.n
        if tile is None:
            return []
        blocker = self._blocker()
        grid: list[list[dict[str, Any] | None]] = []
        for row in range(n):
            grid.append([])
            for column in range(n):
                if (row, column) in legal:
                    grid[-1].append(None)
                    continue
                refused = board.refusal(tile, (row, column), self._picks.flip)
                reason = refusal_words(refused, (row, column)) if refused else blocker
                assert reason is not None, "a cell is closed by the board or by the turn"
                clash = refused.blocker if refused else None
                grid[-1].append({"text": reason, "conflict": list(clash) if clash else None})
        return grid

    def _blocker(self) -> str | None:
        """Why the seated player may not place now, if the board is not the reason."""
        state = self._state
        elsewhere = self._session.turn_elsewhere()
        if elsewhere:
            return elsewhere
        if state.phase == "exchange":
            return _("first exchange 3 alike tiles, or press 'No exchange'")
        if state.phase == "discard":
            return _("you have placed this turn: discard a tile or keep your hand")
        return None

    def _fits(self) -> list[list[int | None]]:
        """Per open cell (empty and next to the city), how many of the hand's tiles (solo: pile tops) may go there;
        ``None`` elsewhere, where nothing can go."""
        board = self._state.board
        masks = [board.legal_cells(colour, shape) for colour, shape in self._mode.offered(self._state, self.seat)]
        n = board.n
        return [
            [
                sum(mask >> index & 1 for mask in masks) if board.frontier >> index & 1 else None
                for index in range(row * n, row * n + n)
            ]
            for row in range(n)
        ]

    def _game_buttons(self) -> dict[str, Any]:
        state, picks = self._state, self._picks
        actions = self._seat_actions()
        pass_label = {"exchange": _("No exchange"), "discard": _("Keep hand")}.get(state.phase, "")
        return {
            "exchange": Exchange(tuple(sorted(picks.chosen))) in actions,
            "pass": pass_label if Pass() in actions else "",
            "discard": state.phase == "discard" and picks.tile is not None and bool(actions),
            "flip": bool(self._mode.flips_left(state)) and bool(actions),
        }

    def _outcome(self, names: list[str]) -> dict[str, Any]:
        state = self._state
        result = state.result()
        if result is None:
            return {}
        reason = _("The game ended: {reason}.").format(reason=self._end_reason())
        outcome = self._mode.outcome(state, result, names, self._departures())
        if "rows" in outcome:  # a ranking: the end box says why it is what it is
            reason += " " + ranking_words()
        return {**outcome, "reason": reason}

    def _final_status(self, names: list[str]) -> str:
        result = self._state.result()
        assert result is not None
        return self._mode.final_status(self._state, result, self.seat, self._practice)

    def _prompt(self) -> str:
        state = self._state
        if state.phase == "exchange":
            return _("Exchange? Choose 3 alike tiles and press Exchange, or press No exchange.")
        if state.phase == "discard":
            return _("You drew a tile: pick one and press Discard, or press Keep hand.")
        practice = _("Practice game (Undo was used). ") if self._practice else ""
        if self._picks.tile is not None:
            return practice + _("Now click a lit cell (or move with the arrow keys and press Enter).")
        return practice + self._mode.move_prompt()


check_front_end(TownWidget, FRONT_END["town"]["traits"])
