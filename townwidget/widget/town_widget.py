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
from townwidget.town.style import COLOUR_NAMES
from townwidget.town.words import named_style, ranking_words, tile_colour
from townwidget.widget import one_click
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
from townwidget.widget.session import MOVE_SECONDS, Session, check_seed
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
    if kind == "plan_discard":
        return one_click.plan_intent(content["tile"], n)
    if kind in ("flip", "inspect", "explicit_steps"):
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
    discard: one_click.Plan = None  # one-click turn: what to discard after the draw (None: keep the hand)


class TownPresenter:
    """Town's part of the widget (a :class:`~townwidget.widget.base.Presenter`): the seat's picks, Town's intents
    and their handlers, its traits and words. What differs between solo and multiplayer is asked of the game's mode
    (:mod:`townwidget.widget.town_modes`), by the state's own mode."""

    looking: tuple[str, ...] = ("inspect", "deselect", "explicit_steps")  # these work on an earlier move too
    explicit: bool = False  # a multiplayer turn asks for the exchange and the discard as steps (else one click)

    def __init__(self, session: Session) -> None:
        self.session = session
        self.picks = _Picks()
        # solo or multiplayer, for the widget's life: its games all have the players of the first
        self.mode: TownMode = mode_of(session.state)

    @property
    def state(self) -> State:
        return self.session.state

    # --- intents from the browser ----------------------------------------------------------------------------
    def handlers(self) -> dict[str, Callable[[Intent], None]]:
        """Town's intents (``front_end.json``) and their handlers, besides every widget's."""
        return {
            "select": self.on_select,
            "deselect": self.on_deselect,
            "flip": self.on_flip,
            "place": self.on_place,
            "choose": self.on_choose,
            "exchange": self.on_exchange,
            "discard": self.on_discard,
            "pass": self.on_pass,
            "inspect": self.on_inspect,
            "plan_discard": self.on_plan_discard,
            "explicit_steps": self.on_explicit_steps,
        }

    def parse_intent(self, content: Any) -> Intent:
        return parse_intent(content, self.state.rules.n)

    def on_select(self, intent: Intent) -> None:
        state, picks, seat = self.state, self.picks, self.session.seat
        tile = self.mode.picked(state, intent, seat)
        if state.phase == "exchange" and state.current_player == seat and not self.one_click():  # to exchange
            self.on_choose(intent)
            return
        same = (picks.pile, picks.tile) == (intent.pile, tile)
        picks.pile, picks.tile = (None, None) if same else (intent.pile, tile)  # picking it again drops it
        picks.flip = False

    def on_deselect(self, _intent: Intent) -> None:
        self.drop_picks()  # Escape: drop the picks, leave the history
        self.session.step = None

    def on_flip(self, intent: Intent) -> None:
        if intent.on and not self.mode.flips_left(self.state):
            raise Refused(_("no flip is available (only Town 66 solo allows flips, two per game)"))
        self.picks.flip = bool(intent.on)

    def on_place(self, intent: Intent) -> None:
        picks = self.picks
        if picks.tile is None:
            raise Refused(_("pick a tile first, then a cell"))
        assert intent.cell is not None
        place = Place(picks.tile, intent.cell, picks.pile, picks.flip)
        if self.one_click():  # the whole turn: no exchange, the placement, the discard planned or keep
            plan = picks.discard
            one_click.check_place(place.tile, plan)
            self.session.decide(place, lambda: one_click.play_turn(self.session, place, plan))
        else:
            self.session.decide(place)

    def on_choose(self, intent: Intent) -> None:
        chosen, tile = self.picks.chosen, own_tile(self.mode, self.state, intent, self.session.seat)
        self.picks.chosen = [other for other in chosen if other != tile] if tile in chosen else [*chosen, tile]

    def on_exchange(self, _intent: Intent) -> None:
        self.session.decide(Exchange(tuple(sorted(self.picks.chosen))))

    def on_discard(self, _intent: Intent) -> None:
        if self.picks.tile is None:
            raise Refused(_("pick the tile to discard first"))
        self.session.decide(Discard(self.picks.tile))

    def on_pass(self, _intent: Intent) -> None:
        self.session.decide(Pass())

    def on_inspect(self, intent: Intent) -> None:
        self.picks.inspect = bool(intent.on)

    def on_plan_discard(self, intent: Intent) -> None:
        session = self.session
        session.require_turn()
        if not self.one_click():
            raise Refused(_("a discard is chosen beside the board only in one-click turns (multiplayer, steps off)"))
        if not one_click.can_plan(session.view_of_seat(), session.seat, self.state.phase):
            raise Refused(_("no discard can follow your placement now (the bag is empty, or your turn is past it)"))
        plan = one_click.plan_of(intent)
        one_click.check_plan(plan, list(self.mode.held(self.state, session.seat)))
        self.picks.discard = plan

    def on_explicit_steps(self, intent: Intent) -> None:
        self.explicit = bool(intent.on)
        self.picks.discard = None

    def one_click(self) -> bool:
        """Whether a placement plays the whole turn (multiplayer, steps not asked for)."""
        return self.mode.has_steps and not self.explicit

    def seat_actions(self) -> list[Any]:
        """The seat's legal actions, and in a one-click turn's exchange phase the placements a click plays."""
        actions = self.session.seat_actions()
        if actions and self.one_click() and self.state.phase == "exchange":
            actions += one_click.placements_after_no_exchange(self.state)
        return actions

    def hint(self, view: Any, advise: Callable[[Any], Any]) -> Any:
        """In a one-click turn's exchange phase, the hint of what a click plays (:func:`one_click.hint`)."""
        if self.one_click() and self.state.phase == "exchange":
            return one_click.hint(view, advise)
        return advise(view)

    # --- the game's part of the widget -----------------------------------------------------------------------
    def new_state(self, seed: int) -> State:
        return self.mode.deal(self.state.rules, self.state.num_players, seed)

    def words(self, reason: str) -> str:
        return humanize(reason, self.state.rules.n)

    def why_not(self, action: Any, reason: str) -> str | None:
        """A placement is refused by the board's rule (worded from its data) or by the turn."""
        if isinstance(action, Place):
            refused = self.state.board.refusal(action.tile, action.cell, action.flip)
            if refused is not None:
                return refusal_words(refused, action.cell)
            return self.blocker()
        return None

    def texts(self) -> dict[str, Any]:
        colours = range(len(COLOUR_NAMES))
        return {
            "tile_backs": [_("{tile} (shape not shown)").format(tile=tile_back(colour)) for colour in colours],
            "tile_back_titles": [
                _("{colour} tile, shape not shown").format(colour=tile_colour(colour)) for colour in colours
            ],
        }

    def drop_picks(self) -> None:
        self.picks = _Picks(inspect=self.picks.inspect)

    def review_extras(self, report: Any, final: State) -> dict[str, Any]:
        return mode_of(final).review_extras(report, final, self.session.frame)

    def undo_is_practice(self) -> bool:
        return self.mode.undo_is_practice

    def restore(self, before: State) -> State:
        """Undo must not let the player peek (see :mod:`townwidget.widget.town_modes`)."""
        return self.mode.restore(before, self.session.seat, self.session.rng)

    def label(self) -> str:
        return self.mode.label(self.state)

    def progress(self) -> str:
        return f"{self.state.board.placed()}/{self.state.rules.tiles} tiles placed"

    def log(self, view: dict[str, Any], names: list[str]) -> list[str]:
        """The moves the seat saw in words, each noted with the players who left after it and why, and the last one
        with why the game ended."""
        lines = [describe_move(entry, names[entry["player"]]) for entry in view["history"]]
        notes = self.session.forfeit_notes(names)
        for move, player, order, tiles_left in self.departures():
            notes.setdefault(move, []).append(leaving_words(names[player], order, tiles_left))
        if self.state.current_player is None:
            notes.setdefault(len(lines), []).append(_("Game over: {reason}.").format(reason=self.end_reason()))
        return noted(lines, notes)

    def departures(self) -> Departures:
        """Who left after which move, the moves counted as the seat saw them (as the slider and the log do)."""
        session = self.session
        return self.mode.departures([session.frames[index] for index in session.shown_frames()])

    def end_reason(self) -> str:
        return self.mode.end_reason(self.state)

    # --- publishing ------------------------------------------------------------------------------------------
    def traits(self, view: dict[str, Any], names: list[str]) -> dict[str, Any]:
        picks = self.picks
        legal = self.legal_cells()
        return {
            "tile_style": named_style(),
            "selection": {"pile": picks.pile, "tile": list(picks.tile)} if picks.tile else {},
            "flip": picks.flip,
            "legal": [list(cell) for cell in legal],
            "reasons": self.reasons(legal),
            "fits": self.fits(),
            "inspect": picks.inspect,
            "chosen": [list(tile) for tile in picks.chosen],
            "turn_options": self.turn_options(view),
        }

    def turn_options(self, view: dict[str, Any]) -> dict[str, Any]:
        """One click or steps, and what the seat may use beside the board now (the exchange, a discard planned)."""
        session, phase = self.session, self.state.phase
        mine = self.one_click() and self.state.current_player == session.seat and session.step is None
        return {
            "multi": self.mode.has_steps,
            "explicit": self.explicit,
            "exchange": mine and phase == "exchange",
            "plan": mine and one_click.can_plan(view, session.seat, phase),
            "discard": one_click.plan_data(self.picks.discard),
        }

    def legal_cells(self) -> list[tuple[int, int]]:
        picks = self.picks
        if picks.tile is None:
            return []
        return [
            action.cell
            for action in self.seat_actions()
            if isinstance(action, Place)
            and (action.tile, action.pile, action.flip) == (picks.tile, picks.pile, picks.flip)
        ]

    def reasons(self, legal: list[tuple[int, int]]) -> list[list[dict[str, Any] | None]]:
        """For the picked tile, per cell: why it may not go there (and the tile in the way), ``None`` where it may."""
        state = self.state
        tile, board, n = self.picks.tile, state.board, state.rules.n
        if tile is None:
            return []
        blocker = self.blocker()
        grid: list[list[dict[str, Any] | None]] = []
        for row in range(n):
            grid.append([])
            for column in range(n):
                if (row, column) in legal:
                    grid[-1].append(None)
                    continue
                refused = board.refusal(tile, (row, column), self.picks.flip)
                reason = refusal_words(refused, (row, column)) if refused else blocker
                assert reason is not None, "a cell is closed by the board or by the turn"
                clash = refused.blocker if refused else None
                grid[-1].append({"text": reason, "conflict": list(clash) if clash else None})
        return grid

    def blocker(self) -> str | None:
        """Why the seated player may not place now, if the board is not the reason."""
        state = self.state
        elsewhere = self.session.turn_elsewhere()
        if elsewhere:
            return elsewhere
        if state.phase == "exchange" and not self.one_click():
            return _("first exchange 3 alike tiles, or press 'No exchange'")
        if state.phase == "discard":
            return _("you have placed this turn: discard a tile or keep your hand")
        return None

    def fits(self) -> list[list[int | None]]:
        """Per open cell (empty and next to the city), how many of the hand's tiles (solo: pile tops) may go there;
        ``None`` elsewhere, where nothing can go."""
        state = self.state
        board = state.board
        masks = [board.legal_cells(colour, shape) for colour, shape in self.mode.offered(state, self.session.seat)]
        n = board.n
        return [
            [
                sum(mask >> index & 1 for mask in masks) if board.frontier >> index & 1 else None
                for index in range(row * n, row * n + n)
            ]
            for row in range(n)
        ]

    def buttons(self) -> dict[str, Any]:
        state, picks = self.state, self.picks
        actions = self.seat_actions()
        pass_label = {"exchange": _("No exchange"), "discard": _("Keep hand")}.get(state.phase, "")
        if self.one_click() and any(isinstance(action, Place) for action in actions):
            pass_label = ""  # placing declines the exchange: the button only stands in the way
        return {
            "exchange": Exchange(tuple(sorted(picks.chosen))) in actions,
            "pass": pass_label if Pass() in actions else "",
            "discard": state.phase == "discard" and picks.tile is not None and bool(actions),
            "flip": bool(self.mode.flips_left(state)) and bool(actions),
        }

    def outcome(self, names: list[str]) -> dict[str, Any]:
        state = self.state
        result = state.result()
        if result is None:
            return {}
        reason = _("The game ended: {reason}.").format(reason=self.end_reason())
        outcome = self.mode.outcome(state, result, names, self.departures())
        if "rows" in outcome:  # a ranking: the end box says why it is what it is
            reason += " " + ranking_words()
        return {**outcome, "reason": reason}

    def final_status(self, names: list[str]) -> str:
        result = self.state.result()
        assert result is not None
        return self.mode.final_status(self.state, result, self.session.seat, self.session.practice)

    def prompt(self) -> str:
        state = self.state
        if self.one_click() and state.phase in ("exchange", "place"):
            options = self.turn_options(self.session.view_of_seat())
            placeable = any(isinstance(action, Place) for action in self.seat_actions())
            picked = self.picks.tile is not None
            return one_click.prompt(picked, options["exchange"], options["plan"], placeable, self.picks.discard)
        if state.phase == "exchange":
            return _("Exchange? Choose 3 alike tiles and press Exchange, or press No exchange.")
        if state.phase == "discard":
            return _("You drew a tile: pick one and press Discard, or press Keep hand.")
        practice = _("Practice game (Undo was used). ") if self.session.practice else ""
        if self.picks.tile is not None:
            return practice + _("Now click a lit cell (or move with the arrow keys and press Enter).")
        return practice + self.mode.move_prompt()


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
    FRAME_OMITS = ("history", "unseen")
    PRESENTER = TownPresenter

    tile_style = synced(traitlets.Dict(read_only=True))  # not "style": DOMWidget views read that as a Style model
    selection = synced(traitlets.Dict(read_only=True))
    flip = synced(traitlets.Bool(False, read_only=True))
    legal = synced(traitlets.List(read_only=True))
    reasons = synced(traitlets.List(read_only=True))
    fits = synced(traitlets.List(read_only=True))
    inspect = synced(traitlets.Bool(False, read_only=True))
    chosen = synced(traitlets.List(read_only=True))
    turn_options = synced(traitlets.Dict(read_only=True))  # one click or steps; the exchange and discard beside
    _presenter: TownPresenter

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
        explicit_steps: bool = False,
        humans: int = 1,
        names: Sequence[str] | None = None,
        spectate: bool = False,
    ) -> None:
        check_steps(explicit_steps)
        if not isinstance(mode, str) or mode not in MODES:
            raise ValueError(f"mode must be 'solo' or 'multi', not {mode!r}")
        check_seed(seed)
        self._check_given(state)
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
        if explicit_steps:
            self.explicit_steps = True

    @classmethod
    def holding(cls, state: Any, opponents: Sequence[Any], seat: int, lang: str) -> TownWidget:
        mode = "solo" if state.num_players == 1 else "multi"
        return cls(state.rules, mode, list(opponents) or None, seat, state=state, lang=lang)

    @property
    def explicit_steps(self) -> bool:
        """Whether a multiplayer turn asks for the exchange and the discard as steps (``False``: one click)."""
        return self._presenter.explicit

    @explicit_steps.setter
    def explicit_steps(self, on: bool) -> None:
        check_steps(on)
        with self._session.lock:
            self._presenter.explicit = on
            self._publish()


def check_steps(on: Any) -> None:
    if not isinstance(on, bool):
        raise ValueError(f"explicit_steps must be True or False, not {on!r}")


check_front_end(TownWidget, FRONT_END["town"]["traits"])
