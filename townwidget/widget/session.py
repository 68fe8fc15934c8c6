"""A game session in plain Python: the seated player against AI opponents, without anywidget or a kernel.

A :class:`Session` holds an engine state (any game on the core protocol), the seat, the opponents and the thread they
think on, the undo snapshots and the history frames, and the words said about the moves (``error``: an opponent that
could not move, an interrupt, a callback that failed; the log's forfeits). The widget over it
(:class:`~townwidget.widget.base.GameWidget`) only maps traits and intents to it; what the session needs from whoever
shows it is a small :class:`Host` (publish, drop the picks, the game's undo rules and its refusals in words). The
session checks whose turn it is (:meth:`Session.require_turn`, :meth:`Session.decide`).

An opponent thinks on a helper thread of its own: whatever it raises (``SystemExit`` too) it "could not move", and
the game stops there in plain view (``apply`` may play a move for it); one that thinks longer than ``move_seconds``
forfeits its move (its first legal move is played, the log says so, the game goes on) and its late answer is never
read. A kernel interrupt in the middle of a move drops that move (the session goes back to the position before it
and says so); an interrupted opponent moves again at the next intent (:meth:`Session.resume`).

>>> from townwidget import town
>>> session = Session(town.new_game("town44", players=2, seed=5), 0, ["random"], ("greedy",), seed=1)
>>> session.advance()
>>> session.state.current_player, len(session.frames) == len(session.state.history) + 1
(0, True)
"""

from __future__ import annotations

import math
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from itertools import cycle, islice
from typing import Any, Protocol

from townwidget.core import agent_label, is_agent, registry
from townwidget.core.checks import is_integer, shown
from townwidget.core.errors import IllegalAction
from townwidget.core.language import _, default_language, speaking
from townwidget.core.rng import Rng

MoveCallback = Callable[[int, Any], Any]
Asking = Callable[[Any, Callable[[Any], Any]], Any]  # a presenter's hint: (view, the advice layer's hint) -> Hint
# Pyodide (JupyterLite: Python in the browser) cannot start a thread: there the opponents move before the answer,
# and an agent that hangs cannot be left behind.
THREADS = sys.platform != "emscripten"
MOVE_SECONDS = 30.0  # how long an opponent may think about one move before it forfeits it (``move_seconds=``)
# The opponents' thread waits this long before it thinks: an agent computing at once holds the interpreter lock the
# kernel needs to send the seat's move to the browser, which then showed it 10-25 ms later (the view animates the
# opponents' moves 300 ms apart, so they lose nothing to it).
HAND_OVER_SECONDS = 0.03


class WidgetBusy(RuntimeError):
    """A call the widget cannot take now: it came from an ``on_move`` callback or an agent while the opponents are
    moving, or the opponents are thinking. Nothing was changed."""


class Refused(IllegalAction):
    """A refusal already worded for the player, in the session's language (the widget shows it as it is)."""


class TooSlow(Exception):
    """An opponent did not answer within ``move_seconds`` (what :meth:`Session.choose` returns then)."""


class Host(Protocol):
    """What a session asks of the one who shows it."""

    def publish(self) -> None:
        """Show the session as it is now (called under the session's lock)."""

    def drop_picks(self) -> None:
        """Forget what the seat picked in the view (after a move, an undo, a new game)."""

    def restore(self, before: Any) -> Any:
        """The state to go on from after undoing to ``before`` (a game with hidden chance deals it again)."""

    def undo_is_practice(self) -> bool:
        """Whether an undo makes the result practice (it showed what should have stayed hidden)."""

    def why_not(self, action: Any, reason: str) -> str:
        """Why the engine refused the seat's ``action`` (it said ``reason``, in English), in the player's words."""


def check_move_seconds(seconds: Any) -> float:
    """``move_seconds`` as a float: a finite number of seconds above 0."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds < math.inf:
        raise ValueError(f"move_seconds must be a finite number of seconds above 0, not {shown(seconds)}")
    return float(seconds)


def check_seed(seed: Any) -> None:
    if seed is not None and not is_integer(seed):
        raise ValueError(f"seed must be an integer or None, not {shown(seed)}")


def opponent_list(opponents: Sequence[Any] | None, seats: int | None, defaults: Sequence[str]) -> list[Any]:
    """The opponents for ``seats`` other seats (``None``: as many as given, or the defaults for a new game); the
    defaults are repeated to fill the seats when no opponents are given.

    >>> opponent_list(None, 3, ("greedy", "mcts"))
    ['greedy', 'mcts', 'greedy']
    >>> opponent_list(["random"], 2, ("greedy",))
    Traceback (most recent call last):
    ...
    ValueError: this game has 2 other seat(s) but 1 opponent(s) were given
    """
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


class _Quiet:
    """A host that shows nothing (a session used on its own, in scripts and tests)."""

    def publish(self) -> None:
        pass

    def drop_picks(self) -> None:
        pass

    def restore(self, before: Any) -> Any:
        return before

    def undo_is_practice(self) -> bool:
        return False

    def why_not(self, action: Any, reason: str) -> str:
        return reason


class Session:
    """The seated player's game and everything that moves it (see the module docstring)."""

    def __init__(
        self,
        state: Any,
        seat: int,
        opponents: Sequence[Any] | None,
        defaults: Sequence[str],
        seed: int | None = None,
        lang: str | None = None,
        move_seconds: float = MOVE_SECONDS,
        frame_omits: tuple[str, ...] = ("history",),
        host: Host | None = None,
    ) -> None:
        check_seed(seed)
        self.move_seconds = check_move_seconds(move_seconds)
        self.lang = default_language() if lang is None else lang
        self.rng = Rng(seed)  # seeds the agents, later games and undo's re-deals
        self.opponents = opponent_list(opponents, len(self.agent_seats(state, seat)), defaults)
        self.frame_omits = frame_omits  # keys of the viewer form left out of history frames
        self.host: Host = host or _Quiet()
        self.callbacks: list[MoveCallback] = []
        self.error = ""
        self.refused = False  # the error on show refused an intent (stale once an opponent has moved)
        self.lock = threading.RLock()  # one change at a time: intents, Python calls and the opponents' moves
        self.thinker: threading.Thread | None = None  # the opponents' (or the review's) worker thread
        self.generation = 0  # counts loaded games: a thinker's move for an older game is dropped
        self.movers: set[int] = set()  # threads running an agent or a callback now (to refuse re-entrant calls)
        self.background = False  # the opponents think on a worker thread (while an intent is handled)
        self.load(state, seat)

    # --- loading ---------------------------------------------------------------------------------------------
    def load(self, state: Any, seat: int) -> None:
        """Play ``state`` from the ``seat`` (its history's earlier positions recalled where the game can tell them;
        a history that does not replay raises ValueError and changes nothing)."""
        if not is_integer(seat) or not 0 <= seat < state.num_players:
            raise ValueError(f"seat must be a player number from 0 to {state.num_players - 1}, not {shown(seat)}")
        positions = earlier_positions(state)
        self.state, self.seat = state, seat
        self.step: int | None = None  # the move on show in the history slider (its position); None: the game itself
        self.generation += 1  # an opponent still thinking about the previous game will find it gone
        self.thinker = None
        self.practice = False
        self.stalled: int | None = None  # the opponent to move who did not (it failed or was interrupted)
        self.interrupted = False  # ... because of an interrupt: it moves again at the next intent
        self.forfeits: dict[int, int] = {}  # move number -> the opponent that forfeited it (too slow)
        self.agents = self._make_agents(state, seat)
        self.undo: list[tuple[Any, int]] = []  # (state before a decision of the seat, frames at that time)
        self.joined: set[int] = set()  # indices of undo snapshots taken back with the one before (see one_turn)
        self.frames: list[dict[str, Any] | None] = [None] * len(state.history) + [self.frame()]
        self.seen: list[int | None] = [None] * len(state.history) + [self.moves_seen()]
        if positions:
            self.frames = [*map(self.frame, positions), self.frame()]
            self.seen = [*map(self.moves_seen, positions), self.moves_seen()]
            moves = enumerate(zip(positions, state.history, strict=True))
            self.undo = [(position, index + 1) for index, (position, (player, *_)) in moves if player == seat]
        self.error = ""

    def _make_agents(self, state: Any, seat: int) -> dict[int, Any]:
        from townwidget.agents import make_agent
        from townwidget.arena import IsolatedAgent
        from townwidget.arena.isolation import is_submission

        def made(spec: Any) -> Any:  # a submission file (.py) plays in a process of its own
            if is_submission(spec):
                return IsolatedAgent(spec, move_seconds=self.move_seconds)
            return make_agent(spec, seed=self.rng.next64()) if isinstance(spec, str) else spec

        others = self.agent_seats(state, seat)
        return {player: made(spec) for player, spec in zip(others, self.opponents, strict=True)}

    def agent_seats(self, state: Any, seat: int) -> list[int]:
        """The seats the opponents play: every seat but the person's."""
        return [player for player in range(state.num_players) if player != seat]

    @property
    def viewer(self) -> Any:
        """Whose view the screen shows (``to_dict(viewer=...)``): the seat's (a spectator's: the public one)."""
        return self.seat

    def frame(self, state: Any = None) -> dict[str, Any]:
        """The seated player's view of ``state`` (default: now), for the history slider (without the log)."""
        frame: dict[str, Any] = (self.state if state is None else state).to_dict(viewer=self.viewer)
        for key in self.frame_omits:
            frame.pop(key, None)
        return frame

    at_table = False  # a seat at a table server (townwidget.widget.table_session): no undo, no new game

    def off_at_table(self, what: str) -> str:
        """Why ``what`` ("hint", "new_game") is off where the game is shared ("": it is on, as in every local game)."""
        return ""

    def hint(self, lang: str, through: Asking) -> tuple[Any, dict[str, Any]]:
        """The advice layer's hint for the seat now, from its view only, in ``lang``, asked ``through`` the game's
        presenter (given the view and the advice layer's hint: a one-click Town turn's hint is of what a click plays):
        the :class:`~townwidget.advice.Hint` and its JSON form (a quick one while the search's kernels compile)."""
        from townwidget.advice import hint

        with speaking(lang):
            advice = through(self.state.view(self.seat), partial(hint, quick=True))
        return advice, advice.to_dict()

    def close(self) -> None:
        """Let go of what the session holds outside Python (a table's live connection)."""

    # --- what a screen shared by several people keeps off it (townwidget.widget.screens) ------------------------
    def mask(self, widget: Any) -> None:
        """Change the traits ``widget`` has just built (in the same message) where the screen is shared: the
        hot-seat's cover, a spectator's public screen. A player's own screen shows them as they are."""

    def refused_intent(self, kind: str) -> str:
        """Why an intent of ``kind`` is refused whatever it asks ("": it goes on to its handler)."""
        return ""

    def uncover(self) -> str:
        """Show the hand of the person the screen was passed to; returns why not ("" once done)."""
        return _("Nothing is covered: this screen is not passed between people.")

    def view_of_seat(self) -> dict[str, Any]:
        """What the seat may know now (the engine's viewer form): every synced trait is built from it."""
        return dict(self.state.to_dict(viewer=self.viewer))

    def no_undo(self) -> str:
        """Why Undo has nothing to take back."""
        return _("nothing to undo: you have not decided anything yet in this game")

    def moves_seen(self, state: Any = None) -> int:
        """How many moves of ``state`` (default: now) the seat's view lists (a move hidden from the seat, as an
        opponent's declined exchange in Town, is not one)."""
        return len((self.state if state is None else state).to_dict(viewer=self.viewer)["history"])

    def shown_frames(self) -> list[int]:
        """The frames the history slider steps through, as the seat counts moves: the first, and each after a move
        the seat's view lists (a frame that cannot be told is kept). Its position k is the board after move k, the
        log's line k and the review's move k."""
        shown = [0]
        for index, (before, after) in enumerate(zip(self.seen, self.seen[1:], strict=False), start=1):
            if before is None or after is None or after > before:
                shown.append(index)
        return shown

    # --- the seat's moves and undo ---------------------------------------------------------------------------
    def play(self, action: Any) -> None:
        """Play ``action`` for the player to act (the seat keeps an undo snapshot); the engine checks it."""
        with self.dropped_if_interrupted(None):
            if self.state.current_player == self.seat:
                self.play_seat(action)
            else:
                self.state.apply(action)
                self.after_move()

    def play_seat(self, action: Any) -> None:
        """Apply the seated player's decision (the turn checked here, the move by the engine), keeping a snapshot for
        undo."""
        elsewhere = self.turn_elsewhere()
        if elsewhere:
            raise IllegalAction(elsewhere)
        before = self.state.clone()
        self.state.apply(action)
        self.undo.append((before, len(self.frames)))
        self.after_move()

    def decide(self, action: Any, play: Callable[[], None] | None = None) -> None:
        """The seated player's decision from the view: the turn checked, the action played by the engine (its refusal
        worded for the player by the host, :meth:`Host.why_not`) and shown at once while the opponents think; then
        they move. ``play`` plays it instead where one click plays several of the seat's actions (``action`` is the
        one a refusal is about)."""
        self.require_turn()
        try:
            if play is None:
                self.play_seat(action)
            else:
                play()
        except IllegalAction as error:
            raise Refused(self.host.why_not(action, str(error))) from error
        if not self.background and self.opponent_to_move() is not None:
            self.host.publish()
        self.advance()

    def require_turn(self) -> None:
        """Refuse, in the player's words, a decision of the seat when it is not to play (:meth:`turn_elsewhere`)."""
        elsewhere = self.turn_elsewhere()
        if elsewhere:
            raise Refused(elsewhere)

    def seat_actions(self) -> list[Any]:
        """The seated player's legal actions now ([] on another player's turn or while the slider shows an earlier
        move)."""
        state = self.state
        return state.legal_actions() if state.current_player == self.seat and self.step is None else []

    def turn_elsewhere(self) -> str | None:
        """Why the seated player may not act now, in the session's language: the game is over, or another player is
        to act (``None``: the seat is to play)."""
        player = self.state.current_player
        if player is None:
            return _("the game is over")
        if player != self.seat:
            return _("it is not your turn: {who} is to play").format(who=self.names()[player])
        return None

    @contextmanager
    def one_turn(self) -> Iterator[None]:
        """The seat's decisions played inside are one for Undo (taken back together, as the player made one click);
        if one of them is refused, a local game goes back to before the first (a table's server keeps what it took)."""
        state, frames, undo = self.state.clone(), len(self.frames), len(self.undo)
        try:
            yield
        except BaseException:
            if not self.at_table:
                self.state = state
                del self.frames[frames:], self.seen[frames:], self.undo[undo:]
                self.joined = {index for index in self.joined if index < undo}
            raise
        self.joined.update(range(undo + 1, len(self.undo)))

    def undo_last(self) -> None:
        """Go back to before the seat's last decision (or the last turn played as one, see :meth:`one_turn`) and the
        opponents' moves after it."""
        if not self.undo:
            raise IllegalAction("nothing to undo: the seat has not decided anything yet in this game")
        while len(self.undo) - 1 in self.joined:  # the later decisions of a turn played as one
            self.joined.discard(len(self.undo) - 1)
            self.undo.pop()
        before, frames = self.undo.pop()
        self.state = self.host.restore(before)
        self.forfeits = {move: player for move, player in self.forfeits.items() if move <= len(before.history)}
        self.stalled, self.interrupted = None, False
        self.practice = self.practice or self.host.undo_is_practice()
        del self.frames[frames:], self.seen[frames:]
        self.host.drop_picks()

    def decisions(self) -> list[tuple[int, Any, Any]]:
        """The seat's decisions in the finished game: (move number, position before, action), from the undo
        snapshots."""
        if self.state.current_player is not None:
            raise IllegalAction("the game is not over: a review looks back at a finished game (hint() helps now)")
        history = self.state.history
        return [(len(before.history), before, history[len(before.history)][2]) for before, _frames in self.undo]

    def after_move(self) -> None:
        """Record the frame after the last move, drop the picks, and tell the callbacks who played what."""
        player, _phase, action = self.state.history[-1]
        self.frames.append(self.frame())
        self.seen.append(self.moves_seen())
        self.stalled, self.interrupted = None, False
        self.host.drop_picks()
        for callback in list(self.callbacks):
            try:
                with self.moving():
                    callback(player, action)
            except Exception as error:  # shown in the view; the move stands
                self.error = f"on_move callback {agent_label(callback)} failed: {type(error).__name__}: {error}"
                traceback.print_exc()

    # --- the opponents ---------------------------------------------------------------------------------------
    def opponent_to_move(self) -> int | None:
        player = self.state.current_player
        return None if player in (None, self.seat) else player

    def advance(self) -> None:
        """Let the AI opponents move until it is the seated player's turn or the game is over: here and now, or on
        a worker thread when ``background`` (so that the view keeps answering while they think)."""
        if self.opponent_to_move() is None:
            return
        if self.background:
            self.thinker = threading.Thread(target=self._think, args=(self.generation,), daemon=True)
            self.thinker.start()
            return
        while (player := self.opponent_to_move()) is not None:
            with self.dropped_if_interrupted(player):
                moved = self.play_opponent(player, self.choose(player, self.state.view(player)))
            if not moved:
                return

    def resume(self) -> None:
        """An opponent interrupted in the middle of its move moves again (at the next intent)."""
        if self.interrupted and self.opponent_to_move() == self.stalled:
            self.stalled, self.interrupted = None, False
            self.advance()

    @contextmanager
    def dropped_if_interrupted(self, player: int | None) -> Iterator[None]:
        """A kernel interrupt (KeyboardInterrupt) in the middle of ``player``'s move (``None``: the seat's) drops the
        move: the session goes back to the position before it, says so, and lets the interrupt go on."""
        before, frames, undo, forfeits = self.state.clone(), len(self.frames), len(self.undo), dict(self.forfeits)
        try:
            yield
        except KeyboardInterrupt:
            self.state, self.forfeits = before, forfeits
            del self.frames[frames:], self.seen[frames:], self.undo[undo:]
            self.joined = {index for index in self.joined if index < undo}
            self.host.drop_picks()
            with speaking(self.lang):
                if player is None:
                    self.error = _("Your move was interrupted: it was not played.")
                else:
                    self.stalled, self.interrupted = player, True
                    who = self.names()[player]
                    self.error = _("{who} was interrupted: its move was dropped.").format(who=who)
            self.host.publish()
            raise

    def _think(self, generation: int) -> None:
        """The worker thread: each opponent chooses on its own view outside the lock, and its move is applied and
        published under the lock, unless a new game was loaded meanwhile. However it ends, it leaves the session
        idle (a bug is still printed, by the thread's excepthook)."""
        try:
            with speaking(self.lang):
                self._think_on(generation)
        finally:
            self.stop_thinking(generation)

    def stop_thinking(self, generation: int) -> None:
        """The worker thread of ``generation`` is done: the session is idle again (unless a new game came since)."""
        with self.lock:
            if generation == self.generation and self.thinker is threading.current_thread():
                self.thinker = None
                self.host.publish()

    def _think_on(self, generation: int) -> None:
        time.sleep(HAND_OVER_SECONDS)
        while True:
            with self.lock:
                if generation != self.generation:
                    return
                player = self.opponent_to_move()
                if player is None:
                    break
                view = self.state.view(player)
            choice = self.choose(player, view)
            with self.lock:
                if generation != self.generation:
                    return
                if self.refused:  # a refusal of an intent made while this opponent thought is stale now
                    self.error, self.refused = "", False
                if not self.play_opponent(player, choice):
                    break
                self.host.publish()

    def choose(self, player: int, view: Any) -> Any:
        """The agent's action for ``view``, the exception it raised (any: ``SystemExit`` too), or :class:`TooSlow`
        after ``move_seconds``. The agent thinks on a thread of its own, so that one that hangs can be left behind:
        its late answer goes to a list nobody reads any more."""
        agent, answer = self.agents[player], []

        def think() -> None:
            with self.moving():
                try:
                    answer.append(agent.act(view))
                except BaseException as error:  # whatever stops an agent, it could not move
                    answer.append(error)

        if not THREADS:
            think()
            return answer[0]
        helper = threading.Thread(target=think, daemon=True, name=f"townwidget: {agent_label(agent)} chooses")
        helper.start()
        helper.join(self.move_seconds)
        return answer[0] if answer else TooSlow(f"no move after {self.move_seconds:g} s")

    def play_opponent(self, player: int, choice: Any) -> bool:
        """Apply an opponent's choice; an agent's failure stops the game here, in plain view (``False``); one too
        slow forfeits its move (the game goes on)."""
        if isinstance(choice, TooSlow):
            self.state.apply(self.state.legal_actions()[0])
            self.forfeits[len(self.state.history)] = player
            self.after_move()
            return True
        try:
            if isinstance(choice, BaseException):
                raise choice
            self.state.apply(choice)
        except BaseException as error:  # the agent's own exception, or the engine refusing its choice
            if isinstance(error, KeyboardInterrupt) and error is not choice:
                raise  # the kernel's interrupt, not the agent's failure
            with speaking(self.lang):
                who = self.names()[player]
                could_not = _("{who} could not move: {error}").format(who=who, error=type(error).__name__)
            self.error = f"{could_not}: {error}" if self.lang == "en" else could_not
            self.stalled = player
            traceback.print_exception(error)
            return False
        self.after_move()
        return True

    def forfeit_lines(self, move: int, names: list[str]) -> list[str]:
        """The log's line after move ``move`` (1 = the first) if an opponent forfeited it."""
        if move not in self.forfeits:
            return []
        words = _("{who} took longer than {seconds} s: its move was forfeited (its first legal move was played).")
        return [words.format(who=names[self.forfeits[move]], seconds=f"{self.move_seconds:g}")]

    def forfeit_notes(self, names: list[str]) -> dict[int, list[str]]:
        """The forfeits' words by the log line (from 1) of the move forfeited."""
        notes: dict[int, list[str]] = {}
        for move in sorted(self.forfeits):
            seen = self.seen[move]
            notes.setdefault(max(1, move if seen is None else seen), []).extend(self.forfeit_lines(move, names))
        return notes

    def names(self) -> list[str]:
        """Each player as the seat reads them ("You", "Player 1 (greedy)"), in the current language."""
        return [
            _("You")
            if player == self.seat
            else _("Player {number} ({agent})").format(number=player + 1, agent=agent_label(self.agents[player]))
            for player in range(self.state.num_players)
        ]

    # --- who may call now ------------------------------------------------------------------------------------
    @contextmanager
    def moving(self) -> Iterator[None]:
        """The current thread runs an agent or a callback: calls back into the session from it are refused (they
        would change the game in the middle of a move)."""
        me = threading.get_ident()
        self.movers.add(me)
        try:
            yield
        finally:
            self.movers.discard(me)

    def refuse_reentry(self, what: str) -> None:
        """Refuse a call from an agent or an on_move callback (before taking the lock: an agent thinks on a thread
        of its own while the move's thread holds it)."""
        if threading.get_ident() in self.movers:
            raise WidgetBusy(
                f"{what}() was called from an on_move callback or an agent while a move is being played: "
                "call it once the widget is idle (after wait())"
            )

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the opponents have moved; ``True`` once idle, ``False`` if ``timeout`` seconds passed first."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while (thinker := self.thinker) is not None and thinker is not threading.current_thread():
            thinker.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
            if thinker.is_alive():
                return False
        return self.thinker is None


def earlier_positions(state: Any) -> list[Any] | None:
    """The positions before each move of a loaded game's history, when the game can tell its start
    (:func:`townwidget.core.registry.positions`; ``None`` otherwise: only the log shows the earlier moves and the
    slider says they cannot be shown). A history that does not replay to ``state`` raises ValueError."""
    if not state.history:
        return []
    try:
        start = registry.start_of(state)
    except ValueError:  # the game cannot tell it (multiplayer Town: the draws are not in the history)
        return None
    try:
        return registry.replay_history(start, state)[:-1]
    except ValueError as error:
        raise ValueError(f"state: {error}") from None
