"""Games and tournaments between agents, with records that replay and a summary with confidence intervals.

- The arena plays every game of the core registry (:mod:`townwidget.core.registry`): ``"littletown"`` (2 to 4
  players) and Town, whose rules are named as in :mod:`townwidget.town` (``"town77"``, ``"town66"``, ``"townNN"``;
  one player: a solo deal).
- :func:`play_game` plays one game (one agent: a solo deal; several: a multiplayer game, seat i to agent i) and
  returns a :class:`GameRecord`: the game, the seed, the players and every move as JSON. :func:`replay` turns a
  record back into the final state, move by move.
- :func:`tournament` plays many games with rotated seats: deal ``d`` is played once per rotation, so every
  agent sits in every seat on the same tiles. :func:`solo_run` plays one agent on fixed solo deals;
  :func:`solo_par` computes their par (the clairvoyant solver's score).
- Where the games run: here, on ``workers=`` local processes, or on ``executor=`` (any
  :class:`concurrent.futures.Executor`, such as a Dask cluster's); the records depend only on the seed. Results
  stream in as games finish (``on_record=``, :func:`iter_tournament`) under a progress bar. A local worker that
  dies loses nothing (its games are re-run, or reported in :class:`GamesLost`); Ctrl-C stops at once and raises
  :class:`TournamentInterrupted` with the finished records; workers die with their parent (:func:`run_jobs`).
- :func:`summarize` gives per agent: games, win rate, mean rank and mean score, each with a 95% confidence
  interval; :func:`format_summary` makes the table. The score is the game's own: Town solo, the tiles placed;
  Town multiplayer, the tiles left in hand (fewer is better); Little Town, the victory points (VP) at the end.

Agents are given by name (made with :func:`~townwidget.agents.make_agent`, seeded per game and seat so a run
replays exactly, in parallel or not), as agent objects, or as submission files. An agent sees only
``state.view(seat)``; only the package's clairvoyant solo solver is handed the full state, and only with
``allow_peeking=True``.

>>> record = play_game(["greedy", "random"], game="town44", seed=3)
>>> replay(record).to_dict() == record.final  # the moves lead to the position the game ended in
True
>>> result = tournament(["greedy", "random"], game="town44", games=4, seed=1, progress=False)
>>> [row["agent"] for row in result.summary]
['greedy', 'random']
>>> result = tournament(["greedy", "random"], game="littletown", games=2, seed=1, progress=False)
>>> [(row["agent"], row["score_name"]) for row in result.summary]
[('greedy', 'VP'), ('random', 'VP')]
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import multiprocessing
import os
import secrets
import signal
import statistics
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from multiprocessing.process import BaseProcess
from pathlib import Path
from queue import Empty, SimpleQueue
from typing import Any, cast

from townwidget import town
from townwidget.agents import agent_name
from townwidget.agents.clairvoyant import ClairvoyantAgent
from townwidget.arena.intervals import T95 as T95  # re-exported: the intervals are the arena's
from townwidget.arena.intervals import Z95 as Z95
from townwidget.arena.intervals import clustered_wilson_interval as clustered_wilson_interval
from townwidget.arena.intervals import mean_interval as mean_interval
from townwidget.arena.intervals import t95 as t95
from townwidget.arena.intervals import wilson_interval as wilson_interval
from townwidget.arena.isolation import (
    DEFAULT_MEMORY_MB,
    DEFAULT_MOVE_SECONDS,
    AgentSource,
    IsolatedPlayer,
    Limits,
    agent_processes,
    is_submission,
    process_for,
    source_of,
)
from townwidget.arena.isolation import IsolatedAgent as IsolatedAgent  # re-exported: an agent in its own process
from townwidget.arena.players import REASONS, Forfeit, InProcessPlayer, check_peeking, in_process_player
from townwidget.core import Rng, agent_label, is_agent
from townwidget.core.checks import is_integer, require_integer, require_seconds, shown
from townwidget.core.progress import progress as show_progress
from townwidget.core.registry import RECORD_FORMAT as RECORD_FORMAT  # re-exported: records are the arena's output
from townwidget.core.registry import GameRecord, lookup, new_game
from townwidget.core.registry import replay as replay

CLAIRVOYANT = "clairvoyant"  # the package's one peeking agent, by name

AgentSpec = Any  # a name for make_agent, or an object with act(view) (see townwidget.agents.Agent)


def play_game(
    agents: Sequence[AgentSpec],
    game: str = "town77",
    seed: int = 0,
    *,
    isolate: bool = False,
    move_seconds: float = DEFAULT_MOVE_SECONDS,
    agent_memory_mb: int = DEFAULT_MEMORY_MB,
    allow_peeking: bool = False,
    **budget: Any,
) -> GameRecord:
    """Play one game, seat ``i`` to ``agents[i]`` (names are made into agents seeded from ``seed`` and the seat).

    ``budget`` (``iterations=``, ``seconds=``) is passed to the agents made from names. An agent that raises,
    returns no legal action or (isolated) exceeds ``move_seconds`` or ``agent_memory_mb`` forfeits (see
    :attr:`GameRecord.forfeits`). With ``isolate`` every agent runs in a process of its own (see
    :mod:`townwidget.arena.isolation`); submission files always do. ``allow_peeking`` hands the package's
    clairvoyant solver the full state of a solo deal; no other agent ever sees more than its view.
    """
    settings = Settings(isolate, Limits(move_seconds, agent_memory_mb), allow_peeking, budget)
    seated = _prepared(agents, settings)
    with agent_processes():
        return _play(list(enumerate(seated)), game, seed, settings)


@dataclass(frozen=True)
class Settings:
    """How the agents of a run are played: isolated or not, their limits, whether the clairvoyant may peek, and
    the budget of agents made from names."""

    isolate: bool = False
    limits: Limits = field(default_factory=Limits)
    allow_peeking: bool = False
    budget: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, options: dict[str, Any]) -> Settings:
        """The settings from a call's keyword arguments (``isolate``, ``move_seconds``, ``agent_memory_mb``,
        ``allow_peeking``; the others are the budget of agents made from names)."""
        budget = dict(options)
        limits = Limits(
            budget.pop("move_seconds", DEFAULT_MOVE_SECONDS), budget.pop("agent_memory_mb", DEFAULT_MEMORY_MB)
        )
        return cls(bool(budget.pop("isolate", False)), limits, bool(budget.pop("allow_peeking", False)), budget)


def _prepared(agents: Sequence[AgentSpec], settings: Settings) -> list[Any]:
    """Each agent as it is sent to the games: isolated ones as their :class:`AgentSource` (pickled once, here);
    peeking checked before any game (only the clairvoyant solver, in solo, when allowed)."""
    if not agents or isinstance(agents, (str, bytes)):
        raise ValueError(f"give a list of one or more agents, not {shown(agents)}")
    solo = len(agents) == 1
    prepared = []
    for spec in agents:
        if isinstance(spec, str) and not is_submission(spec):
            agent_name(spec)  # an unknown name is said here, not as a forfeit of every game in its process
            peeks = spec == CLAIRVOYANT and check_peeking(ClairvoyantAgent(), solo, settings.allow_peeking)
            isolated = settings.isolate and not peeks
        elif is_submission(spec):
            isolated = True
        else:
            if not (is_agent(spec) or (settings.isolate and callable(spec))):
                raise ValueError(
                    f"an agent is a name, a submission file (.py) or an object with act(view), not {spec!r}"
                )
            isolated = settings.isolate and not check_peeking(spec, solo, settings.allow_peeking)
        prepared.append(source_of(spec, settings.budget) if isolated else spec)
    return prepared


def _play(seated: list[tuple[int, Any]], game: str, seed: int, settings: Settings) -> GameRecord:
    """One game between the prepared agents (``(slot, agent)`` per seat), faults made forfeits."""
    solo = len(seated) == 1
    players = [
        _player(slot, spec, game, _seat_seed(seed, seat), solo, settings) for seat, (slot, spec) in enumerate(seated)
    ]
    for player in players:
        if isinstance(player, IsolatedPlayer):
            player.process.launch()
    state = new_game(game, len(players), seed)
    resign = lookup(game).resign
    moves: list[dict[str, Any]] = []
    forfeits: list[dict[str, Any]] = []
    standing_in: set[int] = set()  # forfeited seats of a game without resignation: they play their first action
    try:
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            if seat in standing_in:
                state.apply(state.legal_actions()[0])
            else:
                try:
                    _apply(state, players[seat].choose(state, seat))
                except Forfeit as forfeit:
                    label = _label(seated[seat][1])
                    forfeits.append(
                        {
                            "seat": seat,
                            "agent": label,
                            "move": len(moves),
                            "reason": forfeit.reason,
                            "detail": forfeit.detail,
                        }
                    )
                    if resign is None:
                        standing_in.add(seat)
                    else:
                        resign(state)
                    continue
            moves.append({**state.history[-1][2].to_dict(), "player": seat})
    finally:
        for player in players:
            player.close()
    result = state.result()
    assert result is not None  # the game is over
    labels = [_label(spec) for _, spec in seated]
    peeked = [isinstance(player, InProcessPlayer) and player.peeks for player in players]
    cpu = [round(player.cpu_seconds, 6) for player in players]
    return GameRecord(game, seed, labels, moves, result, state.returns(), state.to_dict(), forfeits, peeked, cpu)


def _player(slot: int, spec: Any, game: str, seed: int, solo: bool, settings: Settings) -> Any:
    if isinstance(spec, AgentSource):
        return IsolatedPlayer(spec, process_for(spec, slot, settings.limits.memory_mb), settings.limits, seed)
    return in_process_player(spec, seed, settings.budget, solo, settings.allow_peeking)


def _apply(state: Any, action: Any) -> None:
    """The agent's action played by the game, which parses it; one it refuses is an ``"invalid"`` forfeit."""
    try:
        state.apply(action)
    except Exception as error:  # the engine's refusal (IllegalAction) or anything a forged value provokes
        raise Forfeit("invalid", f"{type(error).__name__}: {error}") from None


@dataclass
class Tournament:
    """The records of every game, the per-agent summary (see :func:`summarize`) and the run's ``seed`` (drawn
    when none was given, told only here, once the games are over: it replays the run)."""

    records: list[GameRecord]
    summary: list[dict[str, Any]] = field(default_factory=list)
    seed: int | None = None

    def table(self) -> str:
        return format_summary(self.summary) + ("" if self.seed is None else f"\nseed {self.seed}")


def tournament(
    agents: Sequence[AgentSpec],
    game: str = "town77",
    games: int = 100,
    seed: int | None = 0,
    rotate: bool = True,
    workers: int = 1,
    progress: bool | None = None,
    *,
    executor: Executor | None = None,
    on_record: Callable[[GameRecord], Any] | None = None,
    isolate: bool = False,
    move_seconds: float = DEFAULT_MOVE_SECONDS,
    agent_memory_mb: int = DEFAULT_MEMORY_MB,
    allow_peeking: bool = False,
    **budget: Any,
) -> Tournament:
    """Play ``games`` games between ``agents`` (one agent: ``games`` solo deals).

    With ``rotate``, game ``g`` uses deal ``seed + g // P`` with the seats turned by ``g % P`` (P players), so each
    deal is played from every seat. With ``seed=None`` a fresh 128-bit seed is drawn and each deal's seed is a
    hash of it and the deal's number (no agent can enumerate the deals); it is told in the result's ``seed`` once
    the games are over, and given again as ``seed`` it replays the run (see :func:`deal_seed`).
    Where the games run (see :func:`run_jobs`): here; on ``workers`` local processes; or on ``executor``, any
    :class:`concurrent.futures.Executor` such as a Dask cluster's ``Client(...).get_executor()``. The records and
    the summary depend only on the seed, never on where the games ran. ``on_record(record)`` is called as each
    game finishes (in the order they finish), e.g. to redraw a plot; ``progress`` shows a bar over finished games
    (``None``: see :func:`townwidget.core.progress.set_progress`). ``isolate``, ``move_seconds``,
    ``agent_memory_mb``, ``allow_peeking``: as in :func:`play_game`; a faulty agent forfeits its game and the
    tournament goes on.

    Ctrl-C raises :class:`TournamentInterrupted` holding the finished records; games whose worker died every time
    raise :class:`GamesLost` naming their deals.
    """
    settings = Settings(isolate, Limits(move_seconds, agent_memory_mb), allow_peeking, budget)
    run = _run(agents, game, games, seed, rotate, settings)
    with agent_processes():
        records = _gathered(_played(run, executor, workers, progress), len(run.jobs), on_record)
    return Tournament(records, summarize(records, run.labels), run.seed)


def iter_tournament(
    agents: Sequence[AgentSpec],
    game: str = "town77",
    games: int = 100,
    seed: int | None = 0,
    rotate: bool = True,
    workers: int = 1,
    progress: bool | None = None,
    *,
    executor: Executor | None = None,
    **options: Any,
) -> Iterator[GameRecord]:
    """The games of :func:`tournament` (same arguments, same records; ``options``: ``isolate``, ``move_seconds``,
    ``agent_memory_mb``, ``allow_peeking`` and the budget), yielded as they finish, so a notebook can redraw the
    table while it grows. Stopping early (``break``) stops the games still running.

    >>> records = []
    >>> for record in iter_tournament(["greedy", "random"], game="town44", games=4, seed=1, progress=False):
    ...     records.append(record)
    >>> summarize(records) == tournament(["greedy", "random"], game="town44", games=4, seed=1, progress=False).summary
    True
    """
    run = _run(agents, game, games, seed, rotate, Settings.of(options))
    return _results(_played(run, executor, workers, progress))


def _played(
    run: _Run, executor: Executor | None, workers: int, progress: bool | None
) -> Generator[tuple[int, GameRecord], None, None]:
    """The games of ``run`` as they finish, each with its number: what both :func:`tournament` (which puts them
    back in order) and :func:`iter_tournament` read."""
    return iter_jobs(_play_job, run.jobs, seeds=run.deals, executor=executor, workers=workers, progress=progress)


def _results(stream: Generator[tuple[int, Any], None, None]) -> Iterator[Any]:
    try:
        with agent_processes():
            for _, result in stream:
                yield result
    finally:
        stream.close()  # at once, not when garbage is collected: it stops the workers


def solo_run(agent: AgentSpec, game: str = "town77", deals: int = 100, seed: int = 0, **options: Any) -> Tournament:
    """Play one agent on the solo deals ``seed``, ``seed + 1``, ... (the same deals for every agent); ``options``
    are those of :func:`tournament` (``workers``, ``executor``, ``progress``, ``on_record``, the search budget)."""
    return tournament([agent], game=game, games=deals, seed=seed, rotate=False, **options)


@dataclass(frozen=True)
class Par:
    """The par of one Town solo deal (see :func:`solo_par`): ``score`` (tiles placed with the piles' order known),
    ``exact`` (the search finished, so no play does better) and the proven ``upper_bound``."""

    seed: int
    score: int
    exact: bool
    upper_bound: int


def solo_par(
    game: str = "town77",
    deals: int = 100,
    seed: int = 0,
    seconds: float | None = None,
    workers: int = 1,
    progress: bool | None = None,
    *,
    executor: Executor | None = None,
    on_par: Callable[[Par], Any] | None = None,
) -> list[Par]:
    """The par of the Town solo deals ``seed``, ``seed + 1``, ...: the clairvoyant solver's score, run like a
    tournament (``workers``, ``executor``, ``progress``, interrupts: see :func:`tournament`; ``on_par`` as
    ``on_record``). With ``seconds`` (CPU seconds) each search stops then (``exact=False`` where it had not
    finished, and the result then depends on the machine's speed, not on its load); without, every par is exact
    and depends only on the seed, but an exact search can take hours on a Town 77 deal.

    >>> [(par.seed, par.score, par.exact) for par in solo_par("town44", deals=2, seed=2, progress=False)]
    [(2, 16, True), (3, 16, True)]
    """
    require_integer(deals, "deals", 1, error=ValueError)
    require_seconds(seconds, "seconds")
    if not isinstance(game, str) or not game.startswith("town"):
        raise ValueError(f"par is computed for Town solo deals ('town77', 'town66', ...), not {shown(game)}")
    jobs = [(game, deal, seconds) for deal in range(seed, seed + deals)]
    options: dict[str, Any] = {"executor": executor, "workers": workers, "progress": progress}
    return run_jobs(_solve_job, jobs, seeds=[job[1] for job in jobs], on_result=on_par, unit="deal", **options)


MAX_GAMES = 1_000_000  # a run's jobs are listed before it starts: beyond this, run several


@dataclass
class _Run:
    jobs: list[tuple[Any, ...]]  # per game: (seated (slot, agent) pairs, game, deal, settings)
    deals: list[int]
    labels: list[str]
    seed: int | None  # drawn here when none was given


def _run(
    agents: Sequence[AgentSpec], game: str, games: int, seed: int | None, rotate: bool, settings: Settings
) -> _Run:
    """The games of a tournament: deal ``seed + d`` (or, with no seed, a hash of a drawn one), seats turned."""
    require_integer(games, "games", 1, MAX_GAMES, error=ValueError)
    run_seed = run_seed_of(seed)
    lookup(game)  # an unknown game is refused before any agent is prepared
    prepared = _prepared(agents, settings)
    count = len(prepared)
    jobs, deals = [], []
    for number in range(games):
        turn = number % count if rotate else 0
        deal = deal_seed(run_seed, number // count if rotate else number)
        seated = [((seat + turn) % count, prepared[(seat + turn) % count]) for seat in range(count)]
        jobs.append((seated, game, deal, settings))
        deals.append(deal)
    return _Run(jobs, deals, [_label(spec) for spec in agents], None if seed is not None else run_seed)


HASHED_SEEDS = 2**64  # a run seed from here up (every drawn one) has its deals hashed: seed + g would wrap


def run_seed_of(seed: int | None) -> int:
    """``seed``, or a fresh 128-bit one (at least :data:`HASHED_SEEDS`) when it is ``None``."""
    if seed is not None and (not is_integer(seed) or seed < 0):
        raise ValueError(f"seed must be a non-negative integer or None (a fresh one is drawn), not {shown(seed)}")
    return secrets.randbits(127) | 1 << 127 if seed is None else int(seed)


def deal_seed(seed: int, deal: int) -> int:
    """Deal ``deal`` of a run: ``seed + deal``, or for a seed of :data:`HASHED_SEEDS` or more (those drawn when
    none is given), 64 bits of a hash of both, so that no deal leads to another or to the seed."""
    if seed < HASHED_SEEDS:
        return seed + deal
    digest = hashlib.blake2b(f"{seed}:{deal}".encode(), digest_size=8, person=b"townwidget-deal").digest()
    return int.from_bytes(digest, "big")


def _play_job(job: tuple[Any, ...]) -> GameRecord:
    seated, game, deal, settings = job
    return _play(seated, game, deal, settings)


def _solve_job(job: tuple[str, int, float | None]) -> Par:
    from townwidget.solvers.clairvoyant import solve

    game, deal, seconds = job
    best = solve(town.new_solo(game, seed=deal), seconds=seconds, progress=False)
    return Par(deal, best.score, best.exact, best.upper_bound)


# --- running many games: here, on local processes, or on any Executor (a Dask cluster) ------------------------
MAX_ATTEMPTS = 3  # a game whose local worker process dies this many times is reported lost (GamesLost)
MAX_WORKERS = 4 * (os.cpu_count() or 1)  # local processes: more than this only share the cores ever thinner
NO_WORKER_SECONDS = 60.0  # a Dask cluster with no worker this long has lost the games it was to play
WORKER_CHECK_SECONDS = 2.0  # how often a waiting parent asks the Dask scheduler for its workers
POLL_SECONDS = 0.5  # the longest a waiting parent sleeps between two looks (keeps Ctrl-C prompt everywhere)


class TournamentInterrupted(KeyboardInterrupt):
    """Ctrl-C (or a notebook's interrupt) stopped a run: its games still running were stopped and ``records``
    holds the results finished so far, in game order (their seeds say which they are; ``summarize(records)``
    gives their table). A :class:`KeyboardInterrupt`, so code that does not catch it stops as on any Ctrl-C."""

    def __init__(self, records: list[Any], total: int) -> None:
        super().__init__(f"interrupted with {len(records)} of {total} finished; they are in .records")
        self.records = records


class GamesLost(RuntimeError):
    """Some games were never finished because the worker process playing them died each time they were run
    (:data:`MAX_ATTEMPTS` times on local processes; on Dask, the cluster's ``allowed-failures`` retries), because
    the executor broke, or because a Dask cluster had no worker left for :data:`NO_WORKER_SECONDS`. ``seeds``
    names their deals; ``records`` holds every finished result, in order."""

    def __init__(self, records: list[Any], seeds: list[int]) -> None:
        super().__init__(
            f"{len(seeds)} game(s) lost, on deal(s) {seeds}: their worker process died each time they ran (or the "
            f"executor broke); the {len(records)} finished are in .records"
        )
        self.records = records
        self.seeds = seeds


def run_jobs(
    function: Callable[[Any], Any],
    jobs: Sequence[Any],
    *,
    seeds: Sequence[int] | None = None,
    executor: Executor | None = None,
    workers: int = 1,
    progress: bool | None = None,
    on_result: Callable[[Any], Any] | None = None,
    unit: str = "game",
) -> list[Any]:
    """``[function(job) for job in jobs]``, run the way the arena runs games: here (``workers=1``), on ``workers``
    local processes, or on ``executor`` (any :class:`concurrent.futures.Executor`, e.g. Dask's). ``function`` and
    the jobs must pickle (a module-level function; agents given by name or as importable classes).

    - A local worker process that dies (killed, out of memory) loses nothing: the games it was running are run
      again, each alone; one that kills its worker :data:`MAX_ATTEMPTS` times is reported by seed in
      :class:`GamesLost` (``seeds``: what names the jobs there, by default their positions). On Dask the scheduler
      re-runs the games of a worker that died.
    - ``on_result(result)`` is called here as each job finishes; a bar counts the finished jobs (``progress``).
    - Ctrl-C stops the local workers at once (on an executor, cancels the queued jobs) and raises
      :class:`TournamentInterrupted` with the finished results. Local workers also die with their parent.

    >>> run_jobs(abs, [-3, 1, -2], workers=2, progress=False)
    [3, 1, 2]
    """
    stream = iter_jobs(function, jobs, seeds=seeds, executor=executor, workers=workers, progress=progress, unit=unit)
    return _gathered(stream, len(jobs), on_result)


def _gathered(
    stream: Generator[tuple[int, Any], None, None], total: int, on_result: Callable[[Any], Any] | None
) -> list[Any]:
    """The results of :func:`iter_jobs`'s ``stream`` in the jobs' order, ``on_result`` called as each finishes;
    Ctrl-C stops the workers, then raises :class:`TournamentInterrupted` with the finished results."""
    finished: dict[int, Any] = {}
    try:
        for index, result in stream:
            finished[index] = result
            if on_result is not None:
                on_result(result)
    except KeyboardInterrupt:
        stream.close()  # stops the workers before the caller hears of it
        raise TournamentInterrupted(_in_order(finished), total) from None
    return _in_order(finished)


def iter_jobs(
    function: Callable[[Any], Any],
    jobs: Sequence[Any],
    *,
    seeds: Sequence[int] | None = None,
    executor: Executor | None = None,
    workers: int = 1,
    progress: bool | None = None,
    unit: str = "game",
) -> Generator[tuple[int, Any], None, None]:
    """``(position, result)`` of each job of :func:`run_jobs` as it finishes; closing it stops the workers."""
    require_integer(workers, "workers", 1, MAX_WORKERS, error=ValueError)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ValueError(f"executor must be a concurrent.futures.Executor, not {shown(executor)}")
    if executor is not None and workers != 1:
        raise ValueError("give either executor= (where the games run) or workers= (local processes), not both")
    names = list(range(len(jobs))) if seeds is None else list(seeds)
    return _stream(function, jobs, names, executor, workers, progress, unit)


def _stream(
    function: Callable[[Any], Any],
    jobs: Sequence[Any],
    names: list[int],
    executor: Executor | None,
    workers: int,
    progress: bool | None,
    unit: str,
) -> Generator[tuple[int, Any], None, None]:
    lost: list[int] = []
    finished: dict[int, Any] = {}
    source: Generator[tuple[int, Any], None, None]
    if executor is not None:
        source = _on_executor(executor, function, jobs, lost)
    elif workers > 1 and len(jobs) > 1:
        source = _on_local_processes(function, jobs, min(workers, len(jobs)), lost)
    else:
        source = ((index, function(job)) for index, job in enumerate(jobs))
    # progress() is a generator: closing it closes the bar
    shown = cast(
        Generator[tuple[int, Any], None, None], show_progress(source, total=len(jobs), unit=unit, enabled=progress)
    )
    try:
        for index, result in shown:
            finished[index] = result
            yield index, result
    except KeyboardInterrupt:
        raise TournamentInterrupted(_in_order(finished), len(jobs)) from None
    finally:
        shown.close()
        source.close()
    if lost:
        raise GamesLost(_in_order(finished), sorted(names[index] for index in lost))


def _in_order(finished: dict[int, Any]) -> list[Any]:
    return [finished[index] for index in sorted(finished)]


def _on_executor(
    executor: Executor, function: Callable[[Any], Any], jobs: Sequence[Any], lost: list[int]
) -> Generator[tuple[int, Any], None, None]:
    """Every job submitted at once (the executor schedules them; Dask re-runs those of a dead worker)."""
    done: SimpleQueue[Future[Any]] = SimpleQueue()
    waiting: dict[Future[Any], int] = {}
    try:
        for index, job in enumerate(jobs):
            future = executor.submit(function, job)
            waiting[future] = index
            future.add_done_callback(done.put)
        watch = _WorkerWatch(executor)
        while waiting:
            found = _next_done(done, waiting, watch.abandoned)
            if found is None:  # no worker left for a minute: the games still waiting are lost
                lost.extend(waiting.values())
                break
            future = found
            index = waiting.pop(future)
            if _worker_died(future):
                lost.append(index)
            else:
                yield index, future.result()
    finally:
        for future in waiting:
            future.cancel()  # queued jobs only: a job already running on a Dask worker runs to its end


def _on_local_processes(
    function: Callable[[Any], Any], jobs: Sequence[Any], size: int, lost: list[int]
) -> Generator[tuple[int, Any], None, None]:
    """A pool of ``size`` processes, fed at most ``2 * size`` jobs at a time (one queued per worker, so that none
    waits for the parent), so that when a worker dies, and the pool with it, the jobs it may have been running
    are known: those are run again, each alone, on a new pool, and one that kills its worker alone is the culprit."""
    waiting = deque(range(len(jobs)))  # not tried yet
    suspects: deque[int] = deque()  # were sent to the pool when a worker died
    attempts = [0] * len(jobs)
    while waiting or suspects:
        pool = ProcessPoolExecutor(max_workers=size, initializer=_worker_started)
        done: SimpleQueue[Future[Any]] = SimpleQueue()
        running: dict[Future[Any], int] = {}
        try:
            while waiting or suspects or running:
                while len(running) < 2 * size and not any(attempts[index] for index in running.values()):
                    queue = suspects if suspects else waiting  # a suspect runs alone, to learn if it kills
                    if not queue or (queue is suspects and running):
                        break
                    index = queue.popleft()
                    try:
                        future = pool.submit(function, jobs[index])
                    except BrokenExecutor:  # a worker died and the pool knows before any future says so
                        queue.appendleft(index)  # never sent: it goes first on the next pool
                        break
                    running[future] = index
                    future.add_done_callback(done.put)
                if not running:  # the pool broke with nothing in flight: start a new one
                    break
                future = cast(Future[Any], _next_done(done, running))  # a local pool always finishes its jobs
                if not isinstance(future.exception(), BrokenExecutor):
                    yield running.pop(future), future.result()
                    continue
                wait(running)  # the pool is broken: every running job ends now, finished or failed
                for future, index in list(running.items()):
                    del running[future]
                    if future.exception() is None:
                        yield index, future.result()
                        continue
                    attempts[index] += 1
                    (lost if attempts[index] >= MAX_ATTEMPTS else suspects).append(index)
                break
        finally:
            _stop(pool, kill=bool(running))


def _next_done(
    done: SimpleQueue[Future[Any]], pending: dict[Future[Any], int], give_up: Callable[[], bool] | None = None
) -> Future[Any] | None:
    """The next finished future of ``pending`` (waking every POLL_SECONDS, where Ctrl-C can land), or ``None`` once
    ``give_up()`` says that none will finish."""
    while True:
        try:
            future = done.get(timeout=POLL_SECONDS)
        except Empty:
            if give_up is not None and give_up():
                return None
            continue
        if future in pending:
            return future


class _WorkerWatch:
    """On a Dask cluster, whether it has had no worker for :data:`NO_WORKER_SECONDS` (its queued games would wait
    for ever); other executors always have their workers."""

    def __init__(self, executor: Executor) -> None:
        dask = sys.modules.get("distributed.cfexecutor")  # imported by whoever made a Dask executor
        is_dask = dask is not None and isinstance(executor, dask.ClientExecutor)
        self.client = getattr(executor, "_client", None) if is_dask else None
        self.seen = self.checked = time.monotonic()

    def abandoned(self) -> bool:
        now = time.monotonic()
        if self.client is None or now - self.checked < WORKER_CHECK_SECONDS:
            return False
        self.checked = now
        try:
            alive = bool(self.client.nthreads())
        except Exception:  # the scheduler is gone: its futures fail on their own (GamesLost)
            alive = True
        if alive:
            self.seen = now
        return now - self.seen > NO_WORKER_SECONDS


def _worker_died(future: Future[Any]) -> bool:
    """Whether ``future`` failed because its worker or the executor did, not because of the job itself."""
    if future.cancelled():
        return True
    distributed = sys.modules.get("distributed")  # Dask's KilledWorker: the job's worker died too often
    deaths = (BrokenExecutor, *((distributed.KilledWorker,) if distributed is not None else ()))
    return isinstance(future.exception(), deaths)


def _stop(pool: ProcessPoolExecutor, kill: bool) -> None:
    """Shut ``pool`` down; with ``kill``, at once: its running jobs are abandoned and its processes killed."""
    # the pool's own processes: before Python 3.14 (terminate_workers) no public call stops a running job
    processes = list((getattr(pool, "_processes", None) or {}).values()) if kill else []
    pool.shutdown(wait=not kill, cancel_futures=True)
    for process in processes:
        process.kill()


def _worker_started() -> None:
    """Run in each local worker process as it starts: leave Ctrl-C to the parent (which stops the workers), and
    die with the parent (killed with SIGTERM or SIGKILL, it cannot stop them itself)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            pr_set_pdeathsig = 1  # Linux: the kernel kills this process when its parent dies
            ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent,), daemon=True).start()


def _exit_with(parent: BaseProcess) -> None:
    """Exit once ``parent`` is gone (its sentinel closes): on every platform, and if it died before prctl."""
    parent.join()
    os._exit(1)
    return True


# --- statistics ----------------------------------------------------------------------------------------------
def summarize(records: Sequence[GameRecord], labels: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Per agent label: ``games``, ``win_rate`` (rank 1; solo: a full board) with its 95% Wilson interval
    clustered by deal (the games of one deal, played from every seat, share its luck:
    :func:`~townwidget.arena.intervals.clustered_wilson_interval`),
    ``mean_rank`` and ``mean_score`` (the game's score, named by ``score_name``: Town solo, tiles placed; Town
    multiplayer, tiles left in hand; Little Town, VP), each with a 95% interval; ``forfeits`` (count per reason,
    see :data:`~townwidget.arena.players.REASONS`) and ``peeked`` (whether the agent was ever handed a full state).
    The records are of one game; the rows depend on nothing else (CPU times are the league's, :mod:`.league`).

    >>> record = GameRecord("town44", 0, ["a", "b"], [], {"ranks": [1, 2], "tiles_left": [0, 3]}, [1, 0], {})
    >>> rows = summarize([record])
    >>> rows[0]["agent"], rows[0]["win_rate"], rows[1]["mean_score"], rows[1]["score_name"]
    ('a', 1.0, 3.0, 'tiles left')
    """
    by_label: dict[str, dict[str, list[float]]] = {}
    by_deal: dict[str, dict[int, list[int]]] = {}  # per label, per deal: [wins, games]
    for record in records:
        solo = len(record.players) == 1
        game = lookup(record.game)
        for seat, label in enumerate(record.players):
            stats = by_label.setdefault(label, {"wins": [], "ranks": [], "scores": []})
            stats["scores"].append(game.score(record.result, seat))
            if solo:
                stats["wins"].append(float(record.returns[0] == 1.0))
                stats["ranks"].append(1.0)
            else:
                rank = record.result["ranks"][seat]
                stats["wins"].append(float(rank == 1))
                stats["ranks"].append(rank)
            deal = by_deal.setdefault(label, {}).setdefault(record.seed, [0, 0])
            deal[0] += int(stats["wins"][-1])
            deal[1] += 1
    forfeits = {label: dict.fromkeys(REASONS, 0) for label in by_label}
    peeked = {label: False for label in by_label}
    for record in records:
        for forfeit in record.forfeits:
            forfeits[forfeit["agent"]][forfeit["reason"]] += 1
        for label, peek in zip(record.players, record.peeked, strict=False):  # records before 'peeked' have none
            peeked[label] = peeked[label] or peek
    order = list(labels) if labels is not None else list(by_label)
    rows = []
    for label in dict.fromkeys(order):
        if label not in by_label:
            continue
        stats = by_label[label]
        wins = sum(stats["wins"])
        games = len(stats["wins"])
        rows.append(
            {
                "agent": label,
                "solo": len(records[0].players) == 1,
                "games": games,
                "win_rate": wins / games,
                "win_ci": clustered_wilson_interval(*zip(*by_deal[label].values(), strict=True)),
                "mean_rank": statistics.fmean(stats["ranks"]),
                "rank_ci": mean_interval(stats["ranks"], bounds=(1, len(records[0].players))),
                "mean_score": statistics.fmean(stats["scores"]),
                "score_ci": mean_interval(stats["scores"]),
                "score_name": lookup(records[0].game).score_name(len(records[0].players)),
                "forfeits": {reason: count for reason, count in forfeits[label].items() if count},
                "peeked": peeked[label],
            }
        )
    return rows


def format_summary(rows: Sequence[dict[str, Any]]) -> str:
    """The summary as a plain-text table; the score column is headed by what it counts (e.g. "VP [95% CI]"), an
    agent that peeked is marked so, and where any agent forfeited a last column counts the forfeits by reason."""
    solo = any(row["solo"] for row in rows)
    score_head = f"{rows[0]['score_name'] if rows else 'score'} [95% CI]"
    faults = any(row.get("forfeits") for row in rows)
    last = 24 if faults else 0  # the last column's width: padded only when the forfeits follow it
    if solo:
        head = f"{'agent':<16} {'deals':>6}  {score_head:<24} {'full boards':>11}"
    else:
        head = f"{'agent':<16} {'games':>6}  {'win rate [95% CI]':<22} {'mean rank [95% CI]':<22} {score_head:<{last}}"
    head += "  forfeits" if faults else ""
    lines = [head, "-" * len(head)]
    for row in rows:
        agent = f"{row['agent']} (peeked)" if row.get("peeked") else row["agent"]
        score = f"{row['mean_score']:.2f} [{row['score_ci'][0]:.2f}, {row['score_ci'][1]:.2f}]"
        if solo:
            line = f"{agent:<16} {row['games']:>6}  {score:<24} {row['win_rate']:>11.1%}"
        else:
            win = f"{row['win_rate']:.3f} [{row['win_ci'][0]:.3f}, {row['win_ci'][1]:.3f}]"
            rank = f"{row['mean_rank']:.2f} [{row['rank_ci'][0]:.2f}, {row['rank_ci'][1]:.2f}]"
            line = f"{agent:<16} {row['games']:>6}  {win:<22} {rank:<22} {score:<{last}}"
        if faults:
            line += "  " + (", ".join(f"{reason} {count}" for reason, count in row.get("forfeits", {}).items()) or "-")
        lines.append(line)
    return "\n".join(lines)


# --- helpers -------------------------------------------------------------------------------------------------
def _seat_seed(deal: int, seat: int) -> int:
    """The seed of the agent in ``seat`` for deal ``deal``: fixed, and unrelated to the deal's own stream."""
    return Rng(deal * 16 + seat).next64()


def _label(spec: AgentSpec) -> str:
    if isinstance(spec, AgentSource):
        return spec.label
    if is_submission(spec):
        return Path(spec).stem
    return agent_label(spec)


# the league plays through the tournament's machinery above, so it is imported once that is defined
from townwidget.arena.league import League as League  # noqa: E402
from townwidget.arena.league import league as league  # noqa: E402
