"""What the game widgets share: the seated player against AI opponents, with Python holding the truth.

A :class:`GameWidget` holds an engine state (any game on the core protocol) and one seated player. The synced traits
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

Each game's widget (:class:`~townwidget.widget.TownWidget`, :class:`~townwidget.widget.LittleTownWidget`) adds its
own traits, intents and words through the hooks at the end of :class:`GameWidget`.

Every word the widget publishes is in its language (``lang``; :mod:`townwidget.core.language`): the traits are
built, and the browser's intents answered, inside ``speaking(lang)``, and the front end's own labels arrive
translated in ``texts``. A refusal is worded from the rule's data (:meth:`GameWidget._why_not`); exceptions raised to
Python callers, ``repr`` and the engine's messages stay English, for programmers.

>>> opponent_list(None, 3, ("greedy", "mcts"))
['greedy', 'mcts', 'greedy']
>>> opponent_list(["random"], 2, ("greedy",))
Traceback (most recent call last):
...
ValueError: this game has 2 other seat(s) but 1 opponent(s) were given
"""

from __future__ import annotations

import json
import sys
import threading
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from itertools import cycle, islice
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from townwidget.core import agent_label, is_agent
from townwidget.core.checks import is_integer, shown
from townwidget.core.errors import IllegalAction
from townwidget.core.language import N_, _, check_language, default_language, ngettext, speaking
from townwidget.core.rng import Rng
from townwidget.widget.texts import front_end_texts

MoveCallback = Callable[[int, Any], Any]
REVIEWER = N_("the review")  # who thinks (the ``thinking`` trait) while a finished game is reviewed


class Refused(IllegalAction):
    """A refusal the widget has already worded for the player, in the widget's language."""


class WidgetBusy(RuntimeError):
    """A call the widget cannot take now: it came from an ``on_move`` callback or an agent while the opponents are
    moving, or the opponents are thinking. Nothing was changed."""


def synced(trait: traitlets.TraitType) -> traitlets.TraitType:
    """A trait the browser reads and nobody else writes (Python sets it with ``set_trait`` when publishing)."""
    return trait.tag(sync=True)


def check_seed(seed: Any) -> None:
    if seed is not None and not is_integer(seed):
        raise ValueError(f"seed must be an integer or None, not {shown(seed)}")


def opponent_list(opponents: Sequence[Any] | None, seats: int | None, defaults: Sequence[str]) -> list[Any]:
    """The opponents for ``seats`` other seats (``None``: as many as given, or the defaults for a new game); the
    defaults are repeated to fill the seats when no opponents are given."""
    if opponents is None:
        return list(islice(cycle(defaults), len(defaults) if seats is None else seats))
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        raise ValueError(f"opponents must be a list of agent names or agents, not {opponents!r}")
    for spec in opponents:
        if not isinstance(spec, str) and not is_agent(spec):
            raise ValueError(f"an opponent must be an agent name or an object with act(view), not {spec!r}")
    if seats is not None and len(opponents) != seats:
        raise ValueError(f"this game has {seats} other seat(s) but {len(opponents)} opponent(s) were given")
    return list(opponents)


STATIC = Path(__file__).parent / "static"  # the front ends, bundled by esbuild from js/ (see js/README.md)
# What Python and the front ends share (trait lists, board geometry, names): one file, also bundled into the JS.
FRONT_END: dict[str, Any] = json.loads((Path(__file__).parent / "front_end.json").read_text(encoding="utf-8"))


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


# Pyodide (JupyterLite: Python in the browser) cannot start a thread: there the opponents move before the answer.
THREADS = sys.platform != "emscripten"


def in_kernel() -> bool:
    """Whether this code runs in a Jupyter kernel (the widget is shown in a live notebook)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    return getattr(get_ipython(), "kernel", None) is not None


def name_of(thing: Any) -> str:
    """An agent's or a callback's name for messages."""
    return agent_label(thing)


class GameWidget(anywidget.AnyWidget):
    """The seated player's game in a notebook (see the module docstring); subclasses name the game and draw it."""

    GAME = "game"  # in messages: "state must be a <GAME> state"
    STATE_TYPES: tuple[type, ...] = ()
    DEFAULT_OPPONENTS: tuple[str, ...] = ("random",)
    LOOKING: tuple[str, ...] = ("step", "review")  # intents allowed while the history slider shows an earlier move
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
    frame = synced(traitlets.Dict(read_only=True))
    outcome = synced(traitlets.Dict(read_only=True))
    thinking = synced(traitlets.Unicode(read_only=True))  # who is choosing a move now ("" when the widget is idle)
    practice = synced(traitlets.Bool(False, read_only=True))  # the result does not count (solo with undos)
    revision = synced(traitlets.Int(0, read_only=True))
    suggestion = synced(traitlets.Dict(read_only=True))  # the hint on show: text, action, cells to highlight
    assisted = synced(traitlets.Bool(False, read_only=True))  # a hint was asked for in this game
    reviewed = synced(traitlets.Dict(read_only=True))  # the review of the finished game, once asked for (to_dict)
    texts = synced(traitlets.Dict(read_only=True))  # the words the front end draws itself, in the widget's language
    _hints: int  # hints asked for in this game
    _suggested: tuple[tuple[int, int], dict[str, Any]] | None  # (the position it was asked in, the hint on show)
    _reviewed: tuple[tuple[int, int], dict[str, Any]] | None  # (the position it was asked in, the review)

    def __init__(
        self, state: Any, seat: int, opponents: Sequence[Any] | None, seed: int | None, lang: str | None = None
    ) -> None:
        check_seed(seed)
        self._lang = default_language() if lang is None else check_language(lang)
        self._rng = Rng(seed)  # seeds the agents, later games and undo's re-deals
        self._callbacks: list[MoveCallback] = []
        self._error = ""
        self._step: int | None = None  # the history frame on show; None: the game itself
        self._lock = threading.RLock()  # one change at a time: intents, Python calls and the opponents' moves
        self._thinker: threading.Thread | None = None  # the opponents' worker thread while they think
        self._generation = 0  # counts loaded games: a thinker's move for an older game is dropped
        self._movers: set[int] = set()  # threads running an agent or a callback now (to refuse re-entrant calls)
        self._background = False  # while handling an intent: the opponents think on a worker thread
        self._practice = False
        self._opponents = opponent_list(opponents, state.num_players - 1, self.DEFAULT_OPPONENTS)
        super().__init__()  # opens the comm: only once the arguments are known to be good
        self._load(state, seat)
        self.on_msg(self._receive_intent)

    # --- public API ------------------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The engine state being played (the whole truth; the browser sees only the seated player's view)."""
        return self._state

    @state.setter
    def state(self, state: Any) -> None:
        players, of_this_game = self._state.num_players, isinstance(state, self.STATE_TYPES)
        if not of_this_game or state.num_players != players:
            raise ValueError(f"state must be a {self.GAME} state with {players} player(s), not {state!r}")
        with self._lock:
            self._require_idle("setting state", interrupts=True)
            self._load(state, self.seat)

    @property
    def lang(self) -> str:
        """The language of the words the player reads ("en", "fr"; see :mod:`townwidget.core.language`)."""
        return self._lang

    @property
    def history(self) -> list[tuple[int, Any]]:
        """The moves so far as ``(player, action)`` pairs, oldest first."""
        return [(player, action) for player, _phase, action in self._state.history]

    def apply(self, action: Any) -> None:
        """Play ``action`` for the player to act (an action object or its dict), then let AI opponents move.

        An illegal action raises :class:`~townwidget.core.errors.IllegalAction` (a ValueError) and changes nothing;
        a call while the opponents are moving raises :class:`WidgetBusy`.
        """
        with self._lock:
            self._require_idle("apply")
            self._step = None
            if self._state.current_player == self.seat:
                self._play_seat(action)
            else:
                self._state.apply(action)
                self._after_move()
            self._advance()
            self._publish()

    def undo(self) -> None:
        """Take back the seated player's last decision and the opponents' moves after it (as the Undo button does).

        Raises :class:`~townwidget.core.errors.IllegalAction` when there is nothing to undo, :class:`WidgetBusy`
        while the opponents are moving.
        """
        with self._lock:
            self._require_idle("undo")
            self._step = None
            self._undo_last()
            self._publish()

    def hint(self) -> Any:
        """A suggested move for the seated player (a :class:`townwidget.advice.Hint`, its text in the widget's
        language), measured from their view only; the widget highlights it until the position changes. A game played
        with hints is marked ``assisted``.

        Raises :class:`~townwidget.core.errors.IllegalAction` (a ValueError) when it is not the seat's turn.
        """
        from townwidget.advice import hint

        self._require_turn()
        with speaking(self._lang):  # the sentence in the player's words (the Hint keeps them too)
            advice = hint(self._state.view(self.seat))
        self._hints += 1
        action = advice.action.to_dict()
        shown = {"text": advice.text, "action": action, "cells": [action["cell"]] if "cell" in action else []}
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

        return review_decisions(self._decisions(), self._state, self.seat, **options)

    def _decisions(self) -> list[tuple[int, Any, Any]]:
        """The seat's decisions in the finished game: (move number, position before, action), from the undo
        snapshots."""
        if self._state.current_player is not None:
            raise IllegalAction("the game is not over: a review looks back at a finished game (hint() helps now)")
        history = self._state.history
        return [(len(before.history), before, history[len(before.history)][2]) for before, _frames in self._undo]

    def new_game(self, seed: int | None = None) -> None:
        """Start a new game like this one, with the same seat and opponents (``seed=None``: drawn from the widget's
        own generator, so a seeded widget replays its sequence of games). Opponents still thinking about the old
        game are interrupted (their move is dropped); from an ``on_move`` callback or an agent it raises
        :class:`WidgetBusy`."""
        check_seed(seed)
        with self._lock:
            self._require_idle("new_game", interrupts=True)
            self._load(self._new_state(self._rng.next64() if seed is None else seed), self.seat)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the opponents have moved (after a move from the browser they think on a worker thread);
        ``True`` once the widget is idle, ``False`` if ``timeout`` seconds passed first."""
        while (thinker := self._thinker) is not None and thinker is not threading.current_thread():
            thinker.join(timeout)
            if thinker.is_alive():
                return False
        return self._thinker is None

    def on_move(self, callback: MoveCallback, remove: bool = False) -> None:
        """Call ``callback(player, action)`` after every move (the seated player's, an opponent's, or ``apply``'s).

        An exception in a callback does not undo the move: it is shown in the view and its traceback printed.
        """
        if not callable(callback):
            raise ValueError(f"callback must be callable, not {callback!r}")
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def __repr__(self) -> str:
        state, seat = self._state, self.seat
        if state.current_player is None:
            turn = "game over"
        elif state.current_player == seat:
            turn = f"your turn to {self._doing()}"
        else:
            turn = f"player {state.current_player} to {self._doing()}"
        return f"{type(self).__name__}({self._label()}, seat {seat}: {turn}, {self._progress()})"

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Refuse trait writes from the browser: it sends intents, and a tampered or stale view must not change what
        Python holds. The true values are sent back."""
        keys = sorted(sync_data, key=shown) if isinstance(sync_data, dict) else []
        with self._lock:  # an opponent's thread may be publishing
            self._error = f"the view tried to change {shown(keys)}: ignored (the view sends intents)"
            self.send_state([key for key in keys if key in self.keys])
            self._publish()

    # --- loading and moving ----------------------------------------------------------------------------------
    def _load(self, state: Any, seat: int) -> None:
        if not is_integer(seat) or not 0 <= seat < state.num_players:
            raise ValueError(f"seat must be a player number from 0 to {state.num_players - 1}, not {shown(seat)}")
        self._state = state
        self._generation += 1  # an opponent still thinking about the previous game will find it gone
        self._thinker = None
        self._practice = False
        self.set_trait("seat", seat)
        self._agents = self._make_agents(state, seat)
        self._undo: list[tuple[Any, int]] = []  # (state before a decision of the seat, frames at that time)
        self._frames: list[dict[str, Any] | None] = [None] * len(state.history) + [self._frame()]
        if state.history:
            self._recall(state)
        self._step, self._error = None, ""
        self._hints, self._suggested, self._reviewed = 0, None, None
        self._drop_picks()
        self._advance()
        self._publish()

    def _make_agents(self, state: Any, seat: int) -> dict[int, Any]:
        from townwidget.agents import make_agent

        others = [player for player in range(state.num_players) if player != seat]
        return {
            player: make_agent(spec, seed=self._rng.next64()) if isinstance(spec, str) else spec
            for player, spec in zip(others, self._opponents, strict=True)
        }

    def _play_seat(self, action: Any) -> None:
        """Apply the seated player's decision (the engine checks it), keeping a snapshot for undo."""
        before = self._state.clone()
        self._state.apply(action)
        self._undo.append((before, len(self._frames)))
        self._after_move()

    def _after_move(self) -> None:
        """Record the frame after the last move, drop the picks, and tell the callbacks who played what."""
        player, _phase, action = self._state.history[-1]
        self._frames.append(self._frame())
        self._drop_picks()
        for callback in list(self._callbacks):
            try:
                with self._moving():
                    callback(player, action)
            except Exception as error:  # shown in the view; the move stands
                self._error = f"on_move callback {name_of(callback)} failed: {type(error).__name__}: {error}"
                traceback.print_exc()

    def _advance(self) -> None:
        """Let the AI opponents move until it is the seated player's turn or the game is over: here and now for a
        call from Python, on a worker thread for an intent (so that the view keeps answering while they think)."""
        if self._opponent_to_move() is None:
            return
        if self._background:
            self._thinker = threading.Thread(target=self._think, args=(self._generation,), daemon=True)
            self._thinker.start()
            return
        while (player := self._opponent_to_move()) is not None:
            if not self._play_opponent(player, self._choose(player, self._state.view(player))):
                return

    def _think(self, generation: int) -> None:
        """The worker thread: each opponent chooses on its own view outside the lock, and its move is applied and
        published under the lock, unless a new game was loaded meanwhile."""
        with speaking(self._lang):
            self._think_on(generation)

    def _think_on(self, generation: int) -> None:
        while True:
            with self._lock:
                if generation != self._generation:
                    return
                player = self._opponent_to_move()
                if player is None:
                    break
                view = self._state.view(player)
            choice = self._choose(player, view)
            with self._lock:
                if generation != self._generation:
                    return
                if not self._play_opponent(player, choice):
                    break
                self._publish()
        with self._lock:
            if generation == self._generation:
                self._thinker = None
                self._publish()

    def _opponent_to_move(self) -> int | None:
        player = self._state.current_player
        return None if player in (None, self.seat) else player

    def _choose(self, player: int, view: Any) -> Any:
        """The agent's action for ``view``, or the exception it raised."""
        try:
            with self._moving():
                return self._agents[player].act(view)
        except Exception as error:
            return error

    def _play_opponent(self, player: int, choice: Any) -> bool:
        """Apply an opponent's choice; an agent's failure stops the game here, in plain view (``False``)."""
        try:
            if isinstance(choice, Exception):
                raise choice
            self._state.apply(choice)
        except Exception as error:
            could_not = _("{who} could not move: {error}").format(who=self._names()[player], error=type(error).__name__)
            self._error = f"{could_not}: {error}" if self._lang == "en" else could_not
            traceback.print_exception(error)
            return False
        self._after_move()
        return True

    @contextmanager
    def _moving(self) -> Iterator[None]:
        """The current thread runs an agent or a callback: calls back into the widget from it are refused (they
        would change the game in the middle of a move)."""
        me = threading.get_ident()
        self._movers.add(me)
        try:
            yield
        finally:
            self._movers.discard(me)

    def _require_idle(self, what: str, interrupts: bool = False) -> None:
        """Refuse a call from Python made while the opponents are moving (``interrupts``: allowed from outside the
        move, where it stops the thinking)."""
        if threading.get_ident() in self._movers:
            raise WidgetBusy(
                f"{what}() was called from an on_move callback or an agent while a move is being played: "
                "call it once the widget is idle (after wait())"
            )
        if self._thinker is not None and not interrupts:
            who = self._thinker_name(self._names())
            raise WidgetBusy(f"{what}() refused: {who} is thinking; call widget.wait() first")

    def _frame(self, state: Any = None) -> dict[str, Any]:
        """The seated player's view of ``state`` (default: now), for the history slider (the log is not repeated in
        each frame)."""
        frame = (self._state if state is None else state).to_dict(viewer=self.seat)
        for key in self.FRAME_OMITS:
            frame.pop(key, None)
        return frame

    def _recall(self, state: Any) -> None:
        """A loaded game with a history: rebuild the slider's frames and the undo snapshots from the positions
        before each move, when the game can tell them (:meth:`_positions`); otherwise only the log shows the earlier
        moves and the slider says they cannot be shown."""
        positions = self._positions(state)
        if positions is None:
            return
        self._frames = [*map(self._frame, positions), self._frame()]
        self._undo = [
            (position, index + 1)
            for index, (position, (player, _phase, _action)) in enumerate(zip(positions, state.history, strict=True))
            if player == self.seat
        ]

    def _seat_decides(self, action: Any) -> None:
        """The seated player's move from the browser: checked, applied, shown; then the opponents move."""
        self._require_turn()
        try:
            self._play_seat(action)
        except IllegalAction as error:  # worded from the rule's data where the game can (in any language)
            raise Refused(self._why_not(action, str(error))) from error
        if not self._background and self._opponent_to_move() is not None:
            self._publish()  # show the player's own move at once, while the opponents think
        self._advance()

    def _require_turn(self) -> None:
        elsewhere = self._turn_elsewhere()
        if elsewhere:
            raise Refused(elsewhere)

    def _turn_elsewhere(self) -> str | None:
        """Why the seated player may not act now: the game is over, or another player is to act."""
        state = self._state
        if state.current_player is None:
            return _("the game is over")
        if state.current_player != self.seat:
            return _("it is not your turn: {who} is to play").format(who=self._names()[state.current_player])
        return None

    def _seat_actions(self) -> list[Any]:
        """The seated player's legal actions now ([] on another player's turn or while a history frame is shown)."""
        state = self._state
        return state.legal_actions() if state.current_player == self.seat and self._step is None else []

    # --- intents from the browser ----------------------------------------------------------------------------
    def _receive_intent(self, _widget: Any, content: Any, _buffers: Any) -> None:
        with self._lock, speaking(self._lang):
            by_default = THREADS and in_kernel()
            self._background = by_default if self.background_thinking is None else self.background_thinking
            try:
                self._handle_intent(content)
            finally:
                self._background = False

    def _handle_intent(self, content: Any) -> None:
        """Act on one message from the browser: accepted, or refused with the reason in ``error`` and nothing
        changed; nothing raised here leaves the handler."""
        self._error = ""
        try:
            intent = self._parse_intent(content)
            if self._thinker is not None and intent.kind not in (*self.LOOKING, "new_game"):
                who = self._thinker_name(self._names())
                raise Refused(_("{who} is thinking: wait for its move (New game stops it)").format(who=who))
            if self._step is not None and intent.kind not in self.LOOKING:
                last = len(self._frames) - 1
                on_show = _("move {step} of {last} is on show (read only): press Escape to play")
                raise Refused(on_show.format(step=self._step, last=last))
            getattr(self, f"_on_{intent.kind}")(intent)
        except Refused as error:  # refused by the widget, already in the player's words
            self._error = str(error)
        except IllegalAction as error:  # a refused intent: its reason is shown, nothing changed
            self._error = self._refusal(str(error))
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
            return self._words(reason)
        except Exception:  # the reason matters more than its words
            traceback.print_exc()
            return reason

    def _on_undo(self, _intent: Any) -> None:
        self._undo_last()

    def _undo_last(self) -> None:
        if not self._undo:
            raise Refused(_("nothing to undo: you have not decided anything yet in this game"))
        before, frames = self._undo.pop()
        self._state = self._restore(before)
        self._practice = self._practice or self._undo_is_practice()
        del self._frames[frames:]
        self._drop_picks()

    def _on_step(self, intent: Any) -> None:
        last = len(self._frames) - 1
        if intent.step is not None and intent.step > last:
            raise Refused(_("'step' must be at most {last}, the number of moves so far").format(last=last))
        if intent.step is not None and self._frames[intent.step] is None:
            first = next(index for index, frame in enumerate(self._frames) if frame is not None)
            before = _("move {step} was played before this game was loaded: moves {first} to {last} can be shown")
            raise Refused(before.format(step=intent.step, first=first, last=last))
        self._drop_picks()
        self._step = None if intent.step in (None, last) else intent.step

    def _on_new_game(self, _intent: Any) -> None:
        self.new_game()

    def _on_hint(self, _intent: Any) -> None:
        self.hint()

    def _on_review(self, _intent: Any) -> None:
        """Review the finished game; it takes seconds, so in a kernel it runs on a worker thread (as the opponents
        think): meanwhile ``thinking`` says so and the view keeps answering (history; New game drops the review)."""
        if self._thinker is not None:  # once the game is over, only a review thinks
            raise Refused(_("the review is under way: it shows here when it is ready"))
        args = (self._generation, self._position(), self._decisions(), self._state)
        if not self._background:
            self._review_game(*args)
            return
        self._thinker = threading.Thread(target=self._review_game, args=args, daemon=True)
        self._thinker.start()

    def _review_game(self, generation: int, position: tuple[int, int], decisions: list[Any], final: Any) -> None:
        """The review, computed outside the lock (on the worker thread) and published under it, unless a new game
        was loaded meanwhile."""
        from townwidget.advice.review import review_decisions

        try:
            with speaking(self._lang):  # a worker thread starts in English: the sentences in the player's words
                report = review_decisions(decisions, final, self.seat, progress=False)
                shown_review: dict[str, Any] | Exception = {**report.to_dict(), **self._review_extras(report, final)}
        except Exception as error:  # a bug must be seen, not swallowed
            shown_review = error
        with self._lock:
            if generation != self._generation:
                return
            self._thinker = None
            if isinstance(shown_review, Exception):
                self._error = f"internal error in the review: {type(shown_review).__name__}: {shown(str(shown_review))}"
                traceback.print_exception(shown_review)
            else:
                self._reviewed = (position, shown_review)
            self._publish()

    def _position(self) -> tuple[int, int]:
        """Which position is on show (a hint or a review is shown only there): the state object, the moves made."""
        return id(self._state), len(self._state.history)

    # --- publishing ------------------------------------------------------------------------------------------
    def _publish(self) -> None:
        """Rebuild every synced trait from the seated player's view and the picks, in one message, in the widget's
        language."""
        with speaking(self._lang):
            self._publish_all()

    def _publish_all(self) -> None:
        view = self._state.to_dict(viewer=self.seat)
        names = self._names()
        last = len(self._frames) - 1
        with self.hold_sync():
            self.set_trait("view", view)
            self.set_trait("names", names)
            self._publish_game(view, names)
            self.set_trait("buttons", self._buttons())
            self.set_trait("error", self._error)
            self.set_trait("moves", self._log(view, names))
            self.set_trait("steps", last)
            self.set_trait("step", -1 if self._step is None else self._step)
            self.set_trait("frame", {} if self._step is None else self._frames[self._step])
            outcome = self._outcome(names)
            self.set_trait("outcome", {**outcome, "hints": self._hints} if outcome and self._hints else outcome)
            self.set_trait("status", self._status(names))
            here = self._position()
            current = self._suggested is not None and self._suggested[0] == here and self._step is None
            self.set_trait("suggestion", self._suggested[1] if current and self._suggested else {})
            self.set_trait("reviewed", self._reviewed[1] if self._reviewed and self._reviewed[0] == here else {})
            self.set_trait("assisted", self._hints > 0)
            self.set_trait("thinking", self._thinker_name(names))
            self.set_trait("practice", self._practice)
            if not self.texts:
                self.set_trait("texts", front_end_texts(self._texts()))
            self.set_trait("revision", self.revision + 1)

    def _names(self) -> list[str]:
        return [
            _("You")
            if player == self.seat
            else _("Player {number} ({agent})").format(number=player, agent=name_of(self._agents[player]))
            for player in range(self._state.num_players)
        ]

    def _thinker_name(self, names: list[str]) -> str:
        """Who is thinking now: the opponent to move, or once the game is over the review ("" when idle)."""
        if self._thinker is None:
            return ""
        player = self._state.current_player
        return _(REVIEWER) if player is None else names[player]

    def _buttons(self) -> dict[str, Any]:
        live, idle = self._step is None, self._thinker is None
        return {**self._game_buttons(), "undo": live and idle and bool(self._undo), "new_game": live}

    def _status(self, names: list[str]) -> str:
        state = self._state
        if self._step is not None:
            message = _("Move {step} of {last} (read only): Escape returns to the game.")
            return message.format(step=self._step, last=len(self._frames) - 1)
        if state.current_player is None:
            helped = ngettext(" Played with {count} hint.", " Played with {count} hints.", self._hints)
            helped = helped.format(count=self._hints) if self._hints else ""
            reviewing = _(" Reviewing your moves…") if self._thinker is not None else ""
            return self._final_status(names).rstrip() + helped + reviewing
        if state.current_player != self.seat:
            return _("{who} is thinking…").format(who=names[state.current_player])
        return self._prompt()

    # --- what each game provides -----------------------------------------------------------------------------
    def _new_state(self, seed: int) -> Any:
        """A new game like the one on show, dealt from ``seed``."""
        raise NotImplementedError

    def _parse_intent(self, content: Any) -> Any:
        """The checked intent (with ``kind``, and ``step`` for the slider); raises IllegalAction naming the fault."""
        raise NotImplementedError

    def _publish_game(self, view: dict[str, Any], names: list[str]) -> None:
        """Set the game's own traits (inside the publishing ``hold_sync``)."""
        raise NotImplementedError

    def _describe(self, entry: dict[str, Any], who: str, view: dict[str, Any]) -> str:
        """One history entry of the viewer form in words."""
        raise NotImplementedError

    def _log(self, view: dict[str, Any], names: list[str]) -> list[str]:
        """The move log in words: by default one line per history entry of the viewer form."""
        return [self._describe(entry, names[entry["player"]], view) for entry in view["history"]]

    def _outcome(self, names: list[str]) -> dict[str, Any]:
        """The final result for the view ({} until the game is over)."""
        raise NotImplementedError

    def _final_status(self, names: list[str]) -> str:
        raise NotImplementedError

    def _prompt(self) -> str:
        """What the seated player may do now, on their turn."""
        raise NotImplementedError

    def _label(self) -> str:
        """The game in a few words, for ``repr``."""
        raise NotImplementedError

    def _progress(self) -> str:
        """How far the game is, for ``repr``."""
        raise NotImplementedError

    def _doing(self) -> str:
        """What the player to act is doing, for ``repr`` ("your turn to ...")."""
        return str(self._state.phase)

    def _game_buttons(self) -> dict[str, Any]:
        return {}

    def _review_extras(self, report: Any, final: Any) -> dict[str, Any]:
        """What the view needs besides the review's JSON form (e.g. the boards along the par line)."""
        return {}

    def _drop_picks(self) -> None:
        """Forget what the seat picked in the view (after a move, an undo, a new game)."""

    def _undo_is_practice(self) -> bool:
        """Whether an undo makes the result practice (it showed what should have stayed hidden, e.g. solo tiles)."""
        return False

    def _positions(self, state: Any) -> list[Any] | None:
        """The positions before each move of a loaded ``state``'s history, oldest first (``None``: unknown)."""
        return None

    def _restore(self, before: Any) -> Any:
        """The state to go on from after undoing to ``before`` (a game with hidden chance deals it again)."""
        return before

    def _words(self, reason: str) -> str:
        """An engine message in the words the view uses."""
        return reason

    def _why_not(self, action: Any, reason: str) -> str:
        """Why the seat's ``action`` was refused (the engine said ``reason``), in the view's words."""
        return self._refusal(reason)

    def _texts(self) -> dict[str, Any]:
        """Words the front end needs besides ``texts.json`` (names of the game's things), in the current language."""
        return {}


check_front_end(GameWidget, FRONT_END["game_traits"])
