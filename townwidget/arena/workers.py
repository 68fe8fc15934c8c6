"""Running many jobs (games, par searches) here, on local worker processes, or on any Executor (a Dask cluster),
and supervising those workers: a local worker that dies loses nothing (its jobs are run again, or reported in
:class:`GamesLost`); Ctrl-C stops the workers at once and raises :class:`TournamentInterrupted` with the finished
results; workers die with their parent. The isolated agents' own processes are :mod:`townwidget.arena.isolation`'s.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor, wait
from multiprocessing.process import BaseProcess
from queue import Empty, SimpleQueue
from typing import Any, cast

from townwidget.core.checks import require_integer, shown
from townwidget.core.progress import progress as show_progress

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
    return gather(stream, len(jobs), on_result)


def gather(
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
