"""What the game widgets share: the seated player against AI opponents, with Python holding the truth.

A :class:`GameWidget` is a small anywidget class over a :class:`~townwidget.widget.session.Session`, which holds the
engine state (any game on the core protocol), the seated player, the opponents and their thread, the undo snapshots
and the history frames in plain Python; the widget maps traits and intents to it. The synced traits
are rebuilt from ``state.to_dict(viewer=seat)`` in one ``hold_sync()`` after every change, so several views of the
widget stay in step and nothing hidden from the seat reaches the browser. The browser sends *intents*
(:mod:`townwidget.widget.intents`), checked as untrusted input: a refused intent shows its reason in the view and
changes nothing; any other error is shown too, with its traceback printed, never swallowed. AI opponents
(:func:`townwidget.agents.make_agent` names or objects with ``act(view)``) move on their own views. Undo restores a
snapshot taken before the seat's last decision; a history slider shows earlier positions, read only.

After a move from the browser the opponents think on a worker thread, each on its own view, and their moves are
applied and published one by one under the widget's lock: meanwhile the view keeps answering (hover, fits, history),
``thinking`` names who is choosing, moves are refused with that reason, and New game drops the thinking (its move is
discarded). Calls from Python (``apply``, ``undo``, ``new_game``) let the opponents move before they return; called
from an ``on_move`` callback or an agent while the opponents are moving, they raise :class:`WidgetBusy`.

An opponent that fails in any way "could not move", one slower than ``move_seconds`` forfeits its move, and a kernel
interrupt drops the move it falls in (see :mod:`townwidget.widget.session`).

A widget is composed of three parts: its game's adapter (:func:`townwidget.core.registry.game_of`: the title, the
goal), the session, and its game's :class:`Presenter` (Town's and Little Town's are in their widgets' modules): the
game's own traits, its intents and their handlers, its words. The widget's class is a thin anywidget class that
names its front end, its traits and its presenter (``PRESENTER``); every intent kind has one handler, in the one
table of :meth:`GameWidget._intent_handlers`.

Every word the widget publishes is in its language (``lang``; :mod:`townwidget.core.language`): the traits are
built, and the browser's intents answered, inside ``speaking(lang)``, and the front end's own labels arrive
translated in ``texts``. A refusal is worded from the rule's data (:meth:`Presenter.why_not`); exceptions raised to
Python callers, ``repr`` and the engine's messages stay English, for programmers.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, Protocol

import anywidget
import traitlets

from townwidget.core import registry
from townwidget.core.checks import is_integer, shown
from townwidget.core.errors import IllegalAction
from townwidget.core.language import N_, _, check_language, default_language, ngettext, speaking
from townwidget.core.rng import Rng
from townwidget.solvers import warm
from townwidget.widget import session as sessions
from townwidget.widget.front_end import FRONT_END
from townwidget.widget.intents import Intent
from townwidget.widget.replay import export
from townwidget.widget.screens import check_people, local_session
from townwidget.widget.session import MOVE_SECONDS, MoveCallback, Refused, Session, WidgetBusy, check_seed
from townwidget.widget.table_session import open_table_session
from townwidget.widget.texts import front_end_texts

REVIEWER = N_("the review")  # who thinks (the ``thinking`` trait) while a finished game is reviewed
LOOKING = ("step", "review")  # the intents every widget takes while the history slider shows an earlier move


def synced(trait: traitlets.TraitType) -> traitlets.TraitType:
    """A trait the browser reads and nobody else writes (Python sets it with ``set_trait`` when publishing)."""
    return trait.tag(sync=True)


def synced_names(cls: type) -> list[str]:
    """The traits ``cls`` declares itself (not inherited) that the browser reads, in order."""
    return [
        name
        for name, trait in vars(cls).items()
        if isinstance(trait, traitlets.TraitType) and trait.metadata.get("sync")
    ]


def check_front_end(cls: type, traits: list[str]) -> None:
    """The traits a class publishes must be those its front end redraws on (``front_end.json``)."""
    if synced_names(cls) != traits:
        raise TypeError(f"{cls.__name__} syncs {synced_names(cls)} but front_end.json lists {traits}")


def in_kernel() -> bool:
    """Whether this code runs in a Jupyter kernel (the widget is shown in a live notebook)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    return getattr(get_ipython(), "kernel", None) is not None


class Presenter(Protocol):
    """What a game's widget shows and does that no other game's widget does, over the widget's session: its own
    synced traits, its intents and their handlers, its words (Town's:
    :class:`~townwidget.widget.town_widget.TownPresenter`). A plain class, made with the session
    (``PRESENTER(session)``) when the widget is; every word in the speaking language (the widget speaks the
    player's while it publishes or answers an intent)."""

    looking: tuple[str, ...]  # its intents allowed while the slider shows an earlier move (besides every widget's)

    def handlers(self) -> dict[str, Callable[[Intent], None]]:
        """Each of the game's own intent kinds (``front_end.json``) and its handler (refusing with :class:`Refused`
        in the player's words, the seat's decisions played by :meth:`Session.decide`)."""

    def parse_intent(self, content: Any) -> Intent:
        """A message from the browser checked (:mod:`townwidget.widget.intents`); IllegalAction names the fault."""

    def hint(self, view: Any, advise: Callable[[Any], Any]) -> Any:
        """The seat's hint from its ``view`` (an engine view): ``advise(view)`` (:func:`townwidget.advice.hint`), or
        where a click plays more than the engine's next action, the hint of what the click plays."""

    def traits(self, view: dict[str, Any], names: list[str]) -> dict[str, Any]:
        """The game's own synced traits and their values now, from the seat's ``view``."""

    def buttons(self) -> dict[str, Any]:
        """The game's own buttons: which are on (or their labels)."""

    def log(self, view: dict[str, Any], names: list[str]) -> list[str]:
        """The move log in words, one line a move (see :func:`noted`)."""

    def outcome(self, names: list[str]) -> dict[str, Any]:
        """The final result for the view ({} until the game is over)."""

    def final_status(self, names: list[str]) -> str:
        """The status line once the game is over."""

    def prompt(self) -> str:
        """What the seated player may do now, on their turn."""

    def label(self) -> str:
        """The game in a few words, for ``repr``."""

    def progress(self) -> str:
        """How far the game is, for ``repr``."""

    def texts(self) -> dict[str, Any]:
        """Words the front end needs besides ``texts.json`` (names of the game's things)."""

    def new_state(self, seed: int) -> Any:
        """A new game like the one on show, dealt from ``seed``."""

    def drop_picks(self) -> None:
        """Forget what the seat picked in the view (after a move, an undo, a new game)."""

    def restore(self, before: Any) -> Any:
        """The state to go on from after undoing to ``before`` (a game with hidden chance deals it again)."""

    def undo_is_practice(self) -> bool:
        """Whether an undo makes the result practice (it showed what should have stayed hidden, e.g. solo tiles)."""

    def words(self, reason: str) -> str:
        """An engine message in the words the view uses."""

    def why_not(self, action: Any, reason: str) -> str | None:
        """Why the seat's ``action`` was refused (the engine said ``reason``) in the player's words, where the game
        can word it from the rule's data (``None``: the engine's reason, as any refusal)."""

    def review_extras(self, report: Any, final: Any) -> dict[str, Any]:
        """What the view needs besides the review's JSON form (e.g. the boards along the par line)."""


class _Host:
    """What the session asks of the widget: publish, and from the game's presenter the picks, the undo rules and
    the words of a refusal."""

    def __init__(self, widget: GameWidget) -> None:
        self.widget = widget

    def publish(self) -> None:
        self.widget._publish()

    def drop_picks(self) -> None:
        self.widget._presenter.drop_picks()

    def restore(self, before: Any) -> Any:
        return self.widget._presenter.restore(before)

    def undo_is_practice(self) -> bool:
        return self.widget._presenter.undo_is_practice()

    def why_not(self, action: Any, reason: str) -> str:
        return self.widget._presenter.why_not(action, reason) or self.widget._refusal(reason)


class GameWidget(anywidget.AnyWidget):
    """The seated player's game in a notebook (see the module docstring); subclasses name the game, its front end,
    its traits and its presenter."""

    GAME = "game"  # in messages: "state must be a <GAME> state"
    FAMILY = ""  # the registry's family of the game it draws (core.registry.game_of tells a state's)
    PRESENTER: Callable[[Session], Presenter]  # the game's part of the widget, made with the session
    DEFAULT_OPPONENTS: tuple[str, ...] = ("random",)
    FRAME_OMITS: tuple[str, ...] = ("history",)  # keys of the viewer form left out of history frames

    # After a move from the browser, do the opponents think on a worker thread? None: inside a Jupyter kernel only
    # (where the view must keep answering); True or False forces it (tests, scripts driving the comm themselves).
    background_thinking: bool | None = None

    view = synced(traitlets.Dict(read_only=True))
    seat = synced(traitlets.Int(0, read_only=True))
    names = synced(traitlets.List(traitlets.Unicode(), read_only=True))
    status = synced(traitlets.Unicode(read_only=True))
    buttons = synced(traitlets.Dict(read_only=True))
    error = synced(traitlets.Unicode(read_only=True))
    moves = synced(traitlets.List(traitlets.Unicode(), read_only=True))  # the log in words (Widget.log is a logger)
    step = synced(traitlets.Int(-1, read_only=True))
    steps = synced(traitlets.Int(0, read_only=True))
    goal = synced(traitlets.Unicode("", read_only=True))  # how the game is won, from its adapter (the "How to win")
    frame = synced(traitlets.Dict(read_only=True))
    outcome = synced(traitlets.Dict(read_only=True))
    thinking = synced(traitlets.Unicode(read_only=True))  # who is choosing a move now ("" when the widget is idle)
    practice = synced(traitlets.Bool(False, read_only=True))  # the result does not count (solo with undos)
    revision = synced(traitlets.Int(0, read_only=True))
    suggestion = synced(traitlets.Dict(read_only=True))  # the hint on show: text, action, cells to highlight
    assisted = synced(traitlets.Bool(False, read_only=True))  # a hint was asked for in this game
    reviewed = synced(traitlets.Dict(read_only=True))  # the review of the finished game, once asked for (to_dict)
    texts = synced(traitlets.Dict(read_only=True))  # the words the front end draws itself, in the widget's language
    cover = synced(traitlets.Unicode("", read_only=True))  # hot-seat: who is to take the screen ("": not covered)
    # The one trait the browser writes: after drawing a change of the game, the revision it drew. marimo re-runs the
    # cells that read a widget only when its front end changes a trait, so this makes them follow every move; Python
    # never reads it, so a forged value changes nothing.
    drawn = traitlets.Int(0).tag(sync=True)
    _hints: int  # hints asked for in this game
    _suggested: tuple[tuple[int, int], dict[str, Any]] | None  # (the position it was asked in, the hint on show)
    _reviewed: tuple[tuple[int, int], dict[str, Any]] | None  # (the position it was asked in, the review)
    _review_progress: tuple[int, int] | None = None  # (moves judged, moves to judge) while a review runs

    def __init__(
        self,
        state: Any,
        seat: int,
        opponents: Sequence[Any] | None,
        seed: int | None,
        lang: str | None = None,
        move_seconds: float = MOVE_SECONDS,
        table: Any = None,
        name: str | None = None,
        humans: int = 1,
        names: Sequence[str] | None = None,
        spectate: bool = False,
    ) -> None:
        lang = default_language() if lang is None else check_language(lang)
        people = check_people(humans, names, table)
        self._lang = lang
        warm.warm_up_in_background()  # no hint waits on numba's compiler (see townwidget.solvers.warm)
        host = _Host(self)
        shared = None
        if table is not None:
            shared = open_table_session(table, name, self.FAMILY, lang, self.FRAME_OMITS, host, spectate)
        elif spectate:
            raise ValueError("spectate=True watches a table: give table='http://HOST:PORT/tables/ID' too")
        self._session = shared or local_session(
            state, seat, opponents, self.DEFAULT_OPPONENTS, people, seed, lang, move_seconds, self.FRAME_OMITS, host
        )
        self._game = registry.game_of(self._session.state)  # the game's adapter: what only the game knows
        self._presenter = self.PRESENTER(self._session)
        self._looking = (*LOOKING, *self._presenter.looking)
        super().__init__()  # opens the comm: only once the arguments are known to be good
        self._handlers = self._intent_handlers()
        self._loaded()
        self.on_msg(self._receive_intent)
        if shared is not None:  # a seat at a table server (townwidget.widget.table_session): its pushes from now on
            shared.follow()

    @classmethod
    def holding(cls, state: Any, opponents: Sequence[Any], seat: int, lang: str) -> GameWidget:
        """A widget of this game holding ``state`` for ``seat`` (a replay page builds its widget so, by the class
        the game's adapter names)."""
        raise NotImplementedError

    @classmethod
    def _check_given(cls, state: Any) -> None:
        """A ``state`` given to the constructor must be one of this game's (``None``: a new game)."""
        if state is not None and not cls._of_this_game(state):
            raise ValueError(f"state must be a {cls.GAME} state, not {type(state).__name__}")

    @classmethod
    def _of_this_game(cls, state: Any) -> bool:
        try:
            return registry.game_of(state).family == cls.FAMILY
        except ValueError:  # not a state of any registered game
            return False

    # --- the session's parts the game widgets read ------------------------------------------------------------
    @property
    def _state(self) -> Any:
        return self._session.state

    @property
    def _frames(self) -> list[dict[str, Any] | None]:
        return self._session.frames

    @property
    def _shown(self) -> list[int]:
        """The frames the slider steps through (``Session.shown_frames``): its position k shows ``_frames[k]``."""
        return self._session.shown_frames()

    @property
    def _undo(self) -> list[tuple[Any, int]]:
        return self._session.undo

    @property
    def _thinker(self) -> threading.Thread | None:
        return self._session.thinker

    @property
    def _practice(self) -> bool:
        return self._session.practice

    @property
    def _rng(self) -> Rng:
        return self._session.rng

    @property
    def _error(self) -> str:
        return self._session.error

    @_error.setter
    def _error(self, words: str) -> None:
        self._session.error = words

    # --- public API ------------------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The engine state being played (the whole truth; the browser sees only the seated player's view)."""
        return self._state

    @state.setter
    def state(self, state: Any) -> None:
        players, of_this_game = self._state.num_players, self._of_this_game(state)
        if not of_this_game or state.num_players != players:
            raise ValueError(f"state must be a {self.GAME} state with {players} player(s), not {state!r}")
        self._session.refuse_reentry("setting state")
        with self._session.lock:
            self._load(state, self.seat)

    @property
    def lang(self) -> str:
        """The language of the words the player reads ("en", "fr"; see :mod:`townwidget.core.language`)."""
        return self._lang

    @property
    def history(self) -> list[tuple[int, Any]]:
        """The moves so far as ``(player, action)`` pairs, oldest first."""
        return [(player, action) for player, _phase, action in self._state.history]

    def export_html(self, path: str | Path) -> Path:
        """Write the game as one self-contained HTML page at ``path``, to share: the board at every move behind a
        slider, the log and the review's plot (if one was asked for), as the seat sees them, in the widget's language;
        it opens from a file in any browser, with no server or network (:mod:`townwidget.widget.replay`)."""
        return export(self, path)

    def apply(self, action: Any) -> None:
        """Play ``action`` for the player to act (an action object or its dict), then let AI opponents move.

        An illegal action raises :class:`~townwidget.core.errors.IllegalAction` (a ValueError) and changes nothing;
        a call while the opponents are moving raises :class:`WidgetBusy`.
        """
        self._session.refuse_reentry("apply")
        with self._session.lock:
            self._require_idle("apply")
            self._session.step = None
            self._session.play(action)
            self._session.advance()
            self._publish()

    def undo(self) -> None:
        """Take back the seated player's last decision and the opponents' moves after it (as the Undo button does).

        Raises :class:`~townwidget.core.errors.IllegalAction` when there is nothing to undo, :class:`WidgetBusy`
        while the opponents are moving.
        """
        self._session.refuse_reentry("undo")
        with self._session.lock:
            self._require_idle("undo")
            self._session.step = None
            self._undo_last()
            self._publish()

    def hint(self) -> Any:
        """A suggested move for the seated player (a :class:`townwidget.advice.Hint`, its text in the widget's
        language), measured from their view only, asked through the game's presenter (in a one-click Town turn, the
        move a click plays); the widget highlights it until the position changes. A game played with hints is marked
        ``assisted``. At a table the server works it out from the seat's view, where the table gives hints: its JSON
        form (``Hint.to_dict()``).

        Raises :class:`~townwidget.core.errors.IllegalAction` (a ValueError) when it is not the seat's turn.
        """
        if off := self._session.off_at_table("hint"):
            raise Refused(off)
        self._session.require_turn()
        advice, data = self._session.hint(self._lang, self._presenter.hint)  # in the player's words
        self._hints += 1
        action = data["action"]
        shown = {"text": data["text"], "action": action, "cells": [action["cell"]] if "cell" in action else []}
        self._suggested = (self._position(), shown)
        self._publish()
        return advice

    def review(self, **options: Any) -> Any:
        """The review of the seated player's moves in this finished game (a :class:`townwidget.advice.Review`, which
        draws itself in a notebook), from the positions kept for undo, each read through the seat's view; ``options``
        as for :func:`townwidget.review` (``seed``, ``samples``, ``par_seconds``, ``progress``).

        Raises :class:`~townwidget.core.errors.IllegalAction` (a ValueError) while the game goes on.
        """
        from townwidget.advice.review import review_decisions

        return review_decisions(self._session.decisions(), self._state, self.seat, **options)

    def new_game(self, seed: int | None = None) -> None:
        """Start a new game like this one, with the same seat and opponents (``seed=None``: drawn from the widget's
        own generator, so a seeded widget replays its sequence of games). Opponents still thinking about the old
        game are interrupted (their move is dropped); from an ``on_move`` callback or an agent it raises
        :class:`WidgetBusy`."""
        check_seed(seed)
        if off := self._session.off_at_table("new_game"):
            raise Refused(off)
        self._session.refuse_reentry("new_game")
        with self._session.lock:
            self._load(self._presenter.new_state(self._rng.next64() if seed is None else seed), self.seat)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the opponents have moved (after a move from the browser they think on a worker thread);
        ``True`` once the widget is idle, ``False`` if ``timeout`` seconds passed first."""
        return self._session.wait(timeout)

    def on_move(self, callback: MoveCallback, remove: bool = False) -> None:
        """Call ``callback(player, action)`` after every move (the seated player's, an opponent's, or ``apply``'s).

        An exception in a callback does not undo the move: it is shown in the view and its traceback printed.
        """
        if not callable(callback):
            raise ValueError(f"callback must be callable, not {callback!r}")
        if remove:
            self._session.callbacks.remove(callback)
        else:
            self._session.callbacks.append(callback)

    def close(self) -> None:
        """Close the view (and, at a table, stop following it: the seat stays taken)."""
        if hasattr(self, "_session"):  # a widget whose arguments were refused has none
            self._session.close()
        super().close()

    def __repr__(self) -> str:
        state, seat = self._state, self.seat
        if state.current_player is None:
            turn = "game over"
        elif state.current_player == seat:
            turn = f"your turn to {self._doing()}"
        else:
            turn = f"player {state.current_player} to {self._doing()}"
        presenter = self._presenter
        return f"{type(self).__name__}({presenter.label()}, seat {seat}: {turn}, {presenter.progress()})"

    def _doing(self) -> str:
        """What the player to act is doing, for ``repr`` ("your turn to ..."), in its game's words."""
        return self._game.phase_words(self._state.phase)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Refuse trait writes from the browser but ``drawn`` (a revision it has drawn): it sends intents, and a
        tampered or stale view must not change what Python holds. The true values are sent back."""
        if self._drawn_only(sync_data):
            super().set_state(sync_data)
            return
        keys = sorted(sync_data, key=shown) if isinstance(sync_data, dict) else []
        with self._session.lock:  # an opponent's thread may be publishing
            self._error = f"the view tried to change {shown(keys)}: ignored (the view sends intents)"
            self.send_state([key for key in keys if key in self.keys])
            self._publish()

    def _drawn_only(self, sync_data: Any) -> bool:
        """Whether a trait write from the browser sets only ``drawn``, to a revision Python has published."""
        if not isinstance(sync_data, dict) or list(sync_data) != ["drawn"]:
            return False
        revision = sync_data["drawn"]
        return is_integer(revision) and 0 <= revision <= self.revision

    # --- loading and moving ----------------------------------------------------------------------------------
    def _load(self, state: Any, seat: int) -> None:
        self._session.load(state, seat)
        self._loaded()

    def _loaded(self) -> None:
        """What the widget shows of a game just loaded: the game itself, no hint or review; then the opponents move."""
        self.set_trait("seat", self._session.seat)
        self._session.step = None
        self._hints, self._suggested, self._reviewed = 0, None, None
        self._presenter.drop_picks()
        self._session.advance()
        self._publish()

    def _require_idle(self, what: str) -> None:
        """Refuse a call from Python made while the opponents think (``new_game`` and setting ``state`` may: they
        stop the thinking)."""
        if self._thinker is not None:
            who = self._thinker_name(self._names())
            raise WidgetBusy(f"{what}() refused: {who} is thinking; call widget.wait() first")

    # --- intents from the browser ----------------------------------------------------------------------------
    def _receive_intent(self, _widget: Any, content: Any, _buffers: Any) -> None:
        session = self._session
        with session.lock, speaking(self._lang):
            by_default = sessions.THREADS and in_kernel()  # Pyodide cannot start a thread
            session.background = by_default if self.background_thinking is None else self.background_thinking
            try:
                self._handle_intent(content)
            finally:
                session.background = False

    def _handle_intent(self, content: Any) -> None:
        """Act on one message from the browser: accepted, or refused with the reason in ``error`` and nothing
        changed; nothing raised here leaves the handler."""
        self._error, self._session.refused = "", False
        try:
            self._session.resume()
            intent = self._presenter.parse_intent(content)
            if refusal := self._session.refused_intent(intent.kind):  # a covered screen, a spectator
                raise Refused(refusal)
            if self._thinker is not None and intent.kind not in (*self._looking, "new_game"):
                who = self._thinker_name(self._names())
                raise Refused(_("{who} is thinking: wait for its move (New game stops it)").format(who=who))
            if self._session.step is not None and intent.kind not in self._looking:
                last = len(self._shown) - 1
                on_show = _("move {step} of {last} is on show (read only): press Escape to play")
                raise Refused(on_show.format(step=self._session.step, last=last))
            self._handlers[intent.kind](intent)
        except Refused as error:  # refused by the widget, already in the player's words
            self._error, self._session.refused = str(error), True
        except IllegalAction as error:  # a refused intent: its reason is shown, nothing changed
            self._error, self._session.refused = self._refusal(str(error)), True
        except Exception as error:  # a bug must be seen, not swallowed
            self._error = _("internal error: {error}").format(error=f"{type(error).__name__}: {shown(str(error))}")
            traceback.print_exc()
        self._publish()

    def _refusal(self, reason: str) -> str:
        """The engine's reason in the view's words (or as the engine wrote it, should the wording fail). The engine
        writes English for programmers: in another language, a refusal the widget cannot word from data (a
        malformed message from the browser, which the widget's own controls never send) is said in general."""
        if self._lang != "en":
            return _("This is not possible now (the game refused the message from the view).")
        try:
            return self._presenter.words(reason)
        except Exception:  # the reason matters more than its words
            traceback.print_exc()
            return reason

    def _intent_handlers(self) -> dict[str, Callable[[Intent], None]]:
        """The one table of the widget's intents: each kind every widget takes (``front_end.json``'s "common") and
        its handler here, then each of the game's own kinds and its handler, from its presenter's table
        (:meth:`Presenter.handlers`: Town's "select", "place"... in :mod:`townwidget.widget.town_widget`)."""
        return {
            "new_game": self._on_new_game,
            "undo": self._on_undo,
            "step": self._on_step,
            "hint": self._on_hint,
            "review": self._on_review,
            "uncover": self._on_uncover,
            **self._presenter.handlers(),
        }

    def _on_undo(self, _intent: Any) -> None:
        self._undo_last()

    def _undo_last(self) -> None:
        if not self._session.undo:
            raise Refused(self._session.no_undo())
        self._session.undo_last()

    def _on_step(self, intent: Any) -> None:
        shown = self._shown
        last = len(shown) - 1
        if intent.step is not None and intent.step > last:
            raise Refused(_("'step' must be at most {last}, the number of moves so far").format(last=last))
        if intent.step is not None and self._frames[shown[intent.step]] is None:
            first = next(step for step, index in enumerate(shown) if self._frames[index] is not None)
            before = _("move {step} was played before this game was loaded: moves {first} to {last} can be shown")
            raise Refused(before.format(step=intent.step, first=first, last=last))
        self._presenter.drop_picks()
        self._session.step = None if intent.step in (None, last) else intent.step

    def _on_uncover(self, _intent: Any) -> None:
        if refusal := self._session.uncover():
            raise Refused(refusal)
        self.set_trait("seat", self._session.seat)
        self._session.step = None

    def _on_new_game(self, _intent: Any) -> None:
        self.new_game()

    def _on_hint(self, _intent: Any) -> None:
        self.hint()

    def _on_review(self, _intent: Any) -> None:
        """Review the finished game; it takes seconds, so in a kernel it runs on a worker thread (as the opponents
        think): meanwhile ``thinking`` says so and the view keeps answering (history; New game drops the review)."""
        if self._state.current_player is not None:
            raise Refused(_("the game is not over: the review looks back at a finished game"))
        if self._thinker is not None:  # once the game is over, only a review thinks
            raise Refused(_("the review is under way: it shows here when it is ready"))
        session = self._session
        args = (session.generation, self._position(), session.decisions(), self._state)
        if not session.background:
            self._review_game(*args)
            return
        session.thinker = threading.Thread(target=self._review_game, args=args, daemon=True)
        session.thinker.start()

    def _review_game(self, generation: int, position: tuple[int, int], decisions: list[Any], final: Any) -> None:
        """The review, computed outside the lock (on the worker thread) and published under it, unless a new game
        was loaded meanwhile."""
        try:
            self._publish_review(generation, position, decisions, final)
        finally:  # however the review ends, the widget is idle again
            self._session.stop_thinking(generation)

    def _publish_review(self, generation: int, position: tuple[int, int], decisions: list[Any], final: Any) -> None:
        from townwidget.advice.review import review_decisions

        try:
            with speaking(self._lang):  # a worker thread starts in English: the sentences in the player's words
                moved = partial(self._review_moved, generation)
                report = review_decisions(decisions, final, self.seat, progress=False, par_aside=True, on_move=moved)
                data = {**report.to_dict(), **self._presenter.review_extras(report, final)}
                data["summary"] += self._unreviewed(final, decisions)
            shown_review: dict[str, Any] | Exception = data
        except Exception as error:  # a game that cannot be reviewed (ValueError), or a bug, which must be seen
            shown_review = error
        with self._session.lock:
            if generation != self._session.generation:
                return
            self._session.thinker, self._review_progress = None, None
            if isinstance(shown_review, ValueError):  # the review() of this game refuses it too, in these words
                self._error = self._cannot_review(str(shown_review))
            elif isinstance(shown_review, Exception):
                self._error = f"internal error in the review: {type(shown_review).__name__}: {shown(str(shown_review))}"
                traceback.print_exception(shown_review)
            else:
                self._reviewed = (position, shown_review)
            self._publish()

    def _review_moved(self, generation: int, done: int, total: int) -> None:
        """The review has judged ``done`` of the ``total`` moves: the status says so (that trait alone)."""
        with self._session.lock:
            if generation == self._session.generation:
                self._review_progress = (done, total)
                with speaking(self._lang):
                    self.set_trait("status", self._status(self._names()))

    def _cannot_review(self, reason: str) -> str:
        with speaking(self._lang):
            cannot = _("This game cannot be reviewed: its history does not lead to the position on show.")
        return f"this game cannot be reviewed: {reason}" if self._lang == "en" else cannot

    def _unreviewed(self, final: Any, decisions: list[Any]) -> str:
        """Why some of the seat's moves are not in the review: played before the game was loaded, where the
        positions before them cannot be told ("" when every move is reviewed)."""
        missing = sum(player == self.seat for player, _phase, _action in final.history) - len(decisions)
        if not missing:
            return ""
        words = ngettext(
            " {count} of your moves was played before this game was loaded: the position before it cannot be told "
            "(a multiplayer Town game does not save its draws), so it is not reviewed.",
            " {count} of your moves were played before this game was loaded: the positions before them cannot be "
            "told (a multiplayer Town game does not save its draws), so they are not reviewed.",
            missing,
        )
        return words.format(count=missing)

    def _position(self) -> tuple[int, int]:
        """Which position is on show (a hint or a review is shown only there): the state object, the moves made."""
        return id(self._state), len(self._state.history)

    # --- publishing ------------------------------------------------------------------------------------------
    def _publish(self) -> None:
        """Rebuild every synced trait from the seated player's view and the picks, in one message, in the widget's
        language."""
        with speaking(self._lang), self.hold_sync():
            self._publish_all()
            self._session.mask(self)  # a shared screen: the hot-seat's cover, a spectator's (one message)

    def _publish_all(self) -> None:
        view = self._session.view_of_seat()
        names = self._names()
        shown = self._shown
        presenter, step = self._presenter, self._session.step  # step: the move on show in the slider (None: now)
        with self.hold_sync():
            self.set_trait("view", view)
            self.set_trait("names", names)
            for name, value in presenter.traits(view, names).items():
                self.set_trait(name, value)
            self.set_trait("buttons", self._buttons())
            self.set_trait("error", self._error)
            self.set_trait("moves", presenter.log(view, names))
            self.set_trait("steps", len(shown) - 1)
            self.set_trait("step", -1 if step is None else step)
            self.set_trait("frame", {} if step is None else self._frames[shown[step]])
            outcome = presenter.outcome(names)
            self.set_trait("outcome", {**outcome, "hints": self._hints} if outcome and self._hints else outcome)
            self.set_trait("status", self._status(names))
            self.set_trait("goal", self._game.goal(self._state))
            here = self._position()
            current = self._suggested is not None and self._suggested[0] == here and step is None
            self.set_trait("suggestion", self._suggested[1] if current and self._suggested else {})
            self.set_trait("reviewed", self._reviewed[1] if self._reviewed and self._reviewed[0] == here else {})
            self.set_trait("assisted", self._hints > 0)
            self.set_trait("thinking", self._thinker_name(names))
            self.set_trait("practice", self._practice)
            if not self.texts:
                self.set_trait("texts", front_end_texts(presenter.texts()))
            self.set_trait("revision", self.revision + 1)

    def _names(self) -> list[str]:
        return self._session.names()

    def _thinker_name(self, names: list[str]) -> str:
        """Who is thinking now: the opponent to move, or once the game is over the review ("" when idle)."""
        if self._thinker is None:
            return ""
        player = self._state.current_player
        return _(REVIEWER) if player is None else names[player]

    def _buttons(self) -> dict[str, Any]:
        live, idle, at_table = self._session.step is None, self._thinker is None, self._session.at_table
        undo = live and idle and bool(self._session.undo)
        return {**self._presenter.buttons(), "undo": undo, "new_game": live and not at_table}

    def _status(self, names: list[str]) -> str:
        state, step = self._state, self._session.step
        if step is not None:
            message = _("Move {step} of {last} (read only): Escape returns to the game.")
            return message.format(step=step, last=len(self._shown) - 1)
        if state.current_player is None:
            helped = ngettext(" Played with {count} hint.", " Played with {count} hints.", self._hints)
            helped = helped.format(count=self._hints) if self._hints else ""
            reviewing = _(" Reviewing your moves…") if self._thinker is not None else ""
            if self._thinker is not None and self._review_progress:
                done, total = self._review_progress
                reviewing = _(" Reviewing your moves: {done} of {total}…").format(done=done, total=total)
            return self._presenter.final_status(names).rstrip() + helped + reviewing
        stalled = self._session.stalled
        if stalled is not None and state.current_player == stalled:
            interrupted = _("{who} was interrupted: it moves again at your next click.")
            words = interrupted if self._session.interrupted else _("{who} did not move: New game starts again.")
            return words.format(who=names[stalled])
        if state.current_player != self.seat:
            return _("{who} is thinking…").format(who=names[state.current_player])
        return self._presenter.prompt()


def noted(lines: list[str], notes: dict[int, list[str]]) -> list[str]:
    """The log's lines: move k's words (k from 1), then its ``notes[k]`` (what followed it: a departure, a forfeit,
    a step the game took on its own), each after a newline. One line a move, so that line k of the log is move k
    of the slider and of the review; notes for no move (0, or past the last) go with the first or last move.

    >>> noted(["You placed", "Player 2 placed"], {2: ["Game over"], 0: ["Round 1 begins"]})
    ['You placed\\nRound 1 begins', 'Player 2 placed\\nGame over']
    """
    if not lines:
        return []
    last = len(lines)
    placed: dict[int, list[str]] = {}
    for move in sorted(notes):
        placed.setdefault(min(max(move, 1), last), []).extend(notes[move])
    return ["\n".join([line, *placed.get(move, [])]) for move, line in enumerate(lines, start=1)]


check_front_end(GameWidget, FRONT_END["game_traits"] + FRONT_END["browser_traits"])
