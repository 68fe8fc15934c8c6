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
replays exactly, in parallel or not) or as agent objects. An agent sees only ``state.view(seat)``, except one that
declares ``peeks = True`` (the clairvoyant solo solver), which is handed the full state.

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
import math
import multiprocessing
import os
import signal
import statistics
import sys
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from multiprocessing.process import BaseProcess
from queue import Empty, SimpleQueue
from typing import Any, cast

from townwidget import town
from townwidget.agents import make_agent
from townwidget.core import Rng, agent_label, is_agent
from townwidget.core.checks import require_integer, require_seconds, shown
from townwidget.core.progress import progress as show_progress
from townwidget.core.registry import RECORD_FORMAT as RECORD_FORMAT  # re-exported: records are the arena's output
from townwidget.core.registry import GameRecord, lookup, new_game
from townwidget.core.registry import replay as replay

Z95 = 1.959964  # two-sided 95% normal quantile

AgentSpec = Any  # a name for make_agent, or an object with act(view) (see townwidget.agents.Agent)


def play_game(agents: Sequence[AgentSpec], game: str = "town77", seed: int = 0, **budget: Any) -> GameRecord:
    """Play one game, seat ``i`` to ``agents[i]`` (names are made into agents seeded from ``seed`` and the seat).

    ``budget`` (``iterations=``, ``seconds=``) is passed to the agents made from names.
    """
    if not agents:
        raise ValueError("play_game needs at least one agent")
    players = [_make(spec, _seat_seed(seed, seat), budget) for seat, spec in enumerate(agents)]
    state = new_game(game, len(players), seed)
    moves = []
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        agent = players[seat]
        action = agent.act(state.clone() if getattr(agent, "peeks", False) else state.view(seat))
        state.apply(action)
        moves.append({**_as_dict(action), "player": seat})
    result = state.result()
    assert result is not None  # the game is over
    labels = [_label(spec) for spec in agents]
    return GameRecord(game, seed, labels, moves, result, state.returns(), state.to_dict())


@dataclass
class Tournament:
    """The records of every game and the per-agent summary (see :func:`summarize`)."""

    records: list[GameRecord]
    summary: list[dict[str, Any]] = field(default_factory=list)

    def table(self) -> str:
        return format_summary(self.summary)


def tournament(
    agents: Sequence[AgentSpec],
    game: str = "town77",
    games: int = 100,
    seed: int = 0,
    rotate: bool = True,
    workers: int = 1,
    progress: bool | None = None,
    *,
    executor: Executor | None = None,
    on_record: Callable[[GameRecord], Any] | None = None,
    **budget: Any,
) -> Tournament:
    """Play ``games`` games between ``agents`` (one agent: ``games`` solo deals).

    With ``rotate``, game ``g`` uses deal ``seed + g // P`` with the seats turned by ``g % P`` (P players), so each
    deal is played from every seat. Where the games run (see :func:`run_jobs`): here; on ``workers`` local
    processes; or on ``executor``, any :class:`concurrent.futures.Executor` such as a Dask cluster's
    ``Client(...).get_executor()``. The records and the summary depend only on the seed, never on where the games
    ran. ``on_record(record)`` is called as each game finishes (in the order they finish), e.g. to redraw a plot;
    ``progress`` shows a bar over finished games (``None``: see :func:`townwidget.core.progress.set_progress`).

    Ctrl-C raises :class:`TournamentInterrupted` holding the finished records; games whose worker died every time
    raise :class:`GamesLost` naming their deals.
    """
    jobs = _tournament_jobs(agents, game, games, seed, rotate, budget)
    seeds = [job[2] for job in jobs]
    options: dict[str, Any] = {"executor": executor, "workers": workers, "progress": progress}
    records = run_jobs(_play_job, jobs, seeds=seeds, on_result=on_record, **options)
    return Tournament(records, summarize(records, [_label(spec) for spec in agents]))


def iter_tournament(
    agents: Sequence[AgentSpec],
    game: str = "town77",
    games: int = 100,
    seed: int = 0,
    rotate: bool = True,
    workers: int = 1,
    progress: bool | None = None,
    *,
    executor: Executor | None = None,
    **budget: Any,
) -> Iterator[GameRecord]:
    """The games of :func:`tournament` (same arguments, same records), yielded as they finish, so a notebook can
    redraw the table while it grows. Stopping early (``break``) stops the games still running.

    >>> records = []
    >>> for record in iter_tournament(["greedy", "random"], game="town44", games=4, seed=1, progress=False):
    ...     records.append(record)
    >>> summarize(records) == tournament(["greedy", "random"], game="town44", games=4, seed=1, progress=False).summary
    True
    """
    jobs = _tournament_jobs(agents, game, games, seed, rotate, budget)
    seeds = [job[2] for job in jobs]
    stream = iter_jobs(_play_job, jobs, seeds=seeds, executor=executor, workers=workers, progress=progress)
    return _results(stream)


def _results(stream: Generator[tuple[int, Any], None, None]) -> Iterator[Any]:
    try:
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


def _tournament_jobs(
    agents: Sequence[AgentSpec], game: str, games: int, seed: int, rotate: bool, budget: dict[str, Any]
) -> list[tuple[Any, ...]]:
    """One job per game: (seated agents, game, deal, budget)."""
    require_integer(games, "games", 1, error=ValueError)
    count = len(agents)
    jobs = []
    for number in range(games):
        turn = number % count if rotate else 0
        deal = seed + (number // count if rotate else number)
        jobs.append(([agents[(seat + turn) % count] for seat in range(count)], game, deal, budget))
    return jobs


def _play_job(job: tuple[Any, ...]) -> GameRecord:
    agents, game, deal, budget = job
    return play_game(agents, game=game, seed=deal, **budget)


def _solve_job(job: tuple[str, int, float | None]) -> Par:
    from townwidget.town.solver import solve

    game, deal, seconds = job
    best = solve(town.new_solo(game, seed=deal), seconds=seconds, progress=False)
    return Par(deal, best.score, best.exact, best.upper_bound)


# --- running many games: here, on local processes, or on any Executor (a Dask cluster) ------------------------
MAX_ATTEMPTS = 3  # a game whose local worker process dies this many times is reported lost (GamesLost)
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
    (:data:`MAX_ATTEMPTS` times on local processes; on Dask, the cluster's ``allowed-failures`` retries), or
    because the executor broke. ``seeds`` names their deals; ``records`` holds every finished result, in order."""

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
    finished: dict[int, Any] = {}
    try:
        for index, result in stream:
            finished[index] = result
            if on_result is not None:
                on_result(result)
    except KeyboardInterrupt:
        stream.close()  # stops the workers before the caller hears of it
        raise TournamentInterrupted(_in_order(finished), len(jobs)) from None
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
    require_integer(workers, "workers", 1, error=ValueError)
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
        while waiting:
            future = _next_done(done, waiting)
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
                future = _next_done(done, running)
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


def _next_done(done: SimpleQueue[Future[Any]], pending: dict[Future[Any], int]) -> Future[Any]:
    """The next finished future of ``pending`` (waking every POLL_SECONDS, where Ctrl-C can land)."""
    while True:
        try:
            future = done.get(timeout=POLL_SECONDS)
        except Empty:
            continue
        if future in pending:
            return future


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
    """Per agent label: ``games``, ``win_rate`` (rank 1; solo: a full board) with its 95% Wilson interval,
    ``mean_rank`` and ``mean_score`` (the game's score, named by ``score_name``: Town solo, tiles placed; Town
    multiplayer, tiles left in hand; Little Town, VP), each with a 95% interval. The records are of one game.

    >>> record = GameRecord("town44", 0, ["a", "b"], [], {"ranks": [1, 2], "tiles_left": [0, 3]}, [1, 0], {})
    >>> rows = summarize([record])
    >>> rows[0]["agent"], rows[0]["win_rate"], rows[1]["mean_score"], rows[1]["score_name"]
    ('a', 1.0, 3.0, 'tiles left')
    """
    by_label: dict[str, dict[str, list[float]]] = {}
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
                "win_ci": wilson_interval(int(wins), games),
                "mean_rank": statistics.fmean(stats["ranks"]),
                "rank_ci": mean_interval(stats["ranks"]),
                "mean_score": statistics.fmean(stats["scores"]),
                "score_ci": mean_interval(stats["scores"]),
                "score_name": lookup(records[0].game).score_name(len(records[0].players)),
            }
        )
    return rows


def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson_interval(50, 100)]
    [0.404, 0.596]
    """
    if trials <= 0:
        raise ValueError(f"trials must be positive, not {trials}")
    p, z2 = successes / trials, Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The 95% normal interval of a mean (a single value gives a zero-width interval)."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean - half, mean + half


def format_summary(rows: Sequence[dict[str, Any]]) -> str:
    """The summary as a plain-text table; the score column is headed by what it counts (e.g. "VP [95% CI]")."""
    solo = any(row["solo"] for row in rows)
    score_head = f"{rows[0]['score_name'] if rows else 'score'} [95% CI]"
    if solo:
        head = f"{'agent':<16} {'deals':>6}  {score_head:<24} {'full boards':>11}"
    else:
        head = f"{'agent':<16} {'games':>6}  {'win rate [95% CI]':<22} {'mean rank [95% CI]':<22} {score_head}"
    lines = [head, "-" * len(head)]
    for row in rows:
        score = f"{row['mean_score']:.2f} [{row['score_ci'][0]:.2f}, {row['score_ci'][1]:.2f}]"
        if solo:
            lines.append(f"{row['agent']:<16} {row['games']:>6}  {score:<24} {row['win_rate']:>11.1%}")
            continue
        win = f"{row['win_rate']:.3f} [{row['win_ci'][0]:.3f}, {row['win_ci'][1]:.3f}]"
        rank = f"{row['mean_rank']:.2f} [{row['rank_ci'][0]:.2f}, {row['rank_ci'][1]:.2f}]"
        lines.append(f"{row['agent']:<16} {row['games']:>6}  {win:<22} {rank:<22} {score}")
    return "\n".join(lines)


# --- helpers -------------------------------------------------------------------------------------------------
def _make(spec: AgentSpec, seed: int, budget: dict[str, Any]) -> Any:
    if isinstance(spec, str):
        return make_agent(spec, seed=seed, **budget)
    if not is_agent(spec):
        raise ValueError(f"an agent is a name or an object with an act(view) method, not {spec!r}")
    return spec


def _seat_seed(deal: int, seat: int) -> int:
    """The seed of the agent in ``seat`` for deal ``deal``: fixed, and unrelated to the deal's own stream."""
    return Rng(deal * 16 + seat).next64()


def _label(spec: AgentSpec) -> str:
    return agent_label(spec)


def _as_dict(action: Any) -> dict[str, Any]:
    return dict(action) if isinstance(action, dict) else action.to_dict()
