"""Long runs on local processes: a worker that dies loses nothing, Ctrl-C stops at once keeping the finished
games, workers die with their parent, and results stream in as games finish."""

from __future__ import annotations

import _thread
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

from townwidget import arena
from townwidget.arena import workers

OPTIONS: dict[str, Any] = {"game": "town44", "games": 8, "seed": 5, "progress": False, "iterations": 20}
AGENTS = ["mcts", "greedy"]


def dicts(records: list[arena.GameRecord]) -> list[dict[str, Any]]:
    return [record.to_dict() for record in records]


@pytest.fixture(scope="module")
def serial() -> arena.Tournament:
    return arena.tournament(AGENTS, workers=1, **OPTIONS)


def alive_workers() -> list[multiprocessing.Process]:
    return [process for process in multiprocessing.active_children() if process.is_alive()]


def gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (an unreaped zombie counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")


def wait_until(condition: Any, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


class PoolBrokenAtSubmit(ProcessPoolExecutor):
    """A pool that says it is broken when the third job is sent, as a real one does when a worker has just died and
    no future has told the parent yet."""

    sent = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        PoolBrokenAtSubmit.sent += 1
        if PoolBrokenAtSubmit.sent == 3:
            raise BrokenProcessPool("a child process terminated abruptly")
        return super().submit(fn, *args, **kwargs)


def test_a_pool_broken_when_a_job_is_sent_loses_no_record(
    serial: arena.Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(workers, "ProcessPoolExecutor", PoolBrokenAtSubmit)
    hurt = arena.tournament(AGENTS, workers=2, **OPTIONS)
    assert PoolBrokenAtSubmit.sent > 3
    assert dicts(hurt.records) == dicts(serial.records)


def test_every_executor_gives_the_records_of_one_process(serial: arena.Tournament) -> None:
    local = arena.tournament(AGENTS, workers=2, **OPTIONS)
    with ThreadPoolExecutor(max_workers=2) as threads:
        threaded = arena.tournament(AGENTS, executor=threads, **OPTIONS)
    assert dicts(local.records) == dicts(serial.records) == dicts(threaded.records)
    assert local.summary == serial.summary == threaded.summary


def test_a_worker_killed_mid_run_loses_no_record(serial: arena.Tournament) -> None:
    killed: list[int] = []

    def kill_a_worker(record: arena.GameRecord) -> None:
        if not killed:  # the first game is finished, the other worker is playing or waiting for its next
            killed.append(alive_workers()[0].pid or 0)
            os.kill(killed[0], signal.SIGKILL)

    hurt = arena.tournament(AGENTS, workers=2, on_record=kill_a_worker, **OPTIONS)
    assert killed and wait_until(lambda: gone(killed[0]), 5)
    assert dicts(hurt.records) == dicts(serial.records)


def tenfold_unless_fatal(job: int) -> int:
    """A job for the pool: job 3 kills its own worker process every time it runs."""
    if job == 3:
        os._exit(1)
    time.sleep(0.05)
    return job * 10


def test_a_game_that_kills_its_worker_each_time_is_reported_by_seed_and_the_others_are_kept() -> None:
    with pytest.raises(arena.GamesLost, match=r"deal\(s\) \[103\]") as lost:
        arena.run_jobs(tenfold_unless_fatal, range(7), seeds=range(100, 107), workers=2, progress=False)
    assert lost.value.seeds == [103]
    assert lost.value.records == [0, 10, 20, 40, 50, 60]


@pytest.mark.parametrize("threads", [False, True], ids=["local-processes", "thread-executor"])
def test_results_stream_in_as_they_finish(threads: bool, tmp_path: Path) -> None:
    # job 1 ends only once the caller has seen job 0's result: without streaming, this run would never end
    flag = tmp_path / "zero-seen"
    with ThreadPoolExecutor(max_workers=2) as pool:
        options: dict[str, Any] = {"executor": pool} if threads else {"workers": 2}
        seen = []
        for _, result in arena.iter_jobs(ends_once_zero_is_seen, [(0, str(flag)), (1, str(flag))], **options):
            seen.append(result)
            flag.touch()
    assert seen == [0, 1]


def ends_once_zero_is_seen(job: tuple[int, str]) -> int:
    number, flag = job
    deadline = time.monotonic() + 30
    while number == 1 and not Path(flag).exists():
        if time.monotonic() > deadline:
            raise TimeoutError("job 0's result never reached the caller while job 1 ran")
        time.sleep(0.02)
    return number


def test_iter_tournament_yields_the_tournament_records_as_they_finish(serial: arena.Tournament) -> None:
    streamed = list(arena.iter_tournament(AGENTS, workers=2, **OPTIONS))
    assert sorted(map(json.dumps, dicts(streamed))) == sorted(map(json.dumps, dicts(serial.records)))
    first = next(arena.iter_tournament(AGENTS, workers=2, **OPTIONS))  # left unfinished: its workers stop
    assert first.to_dict() in dicts(serial.records)
    assert wait_until(lambda: not alive_workers(), 5)


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupt_keeps_the_finished_records_and_stops_the_workers(workers: int, serial: arena.Tournament) -> None:
    def interrupt_after_two(record: arena.GameRecord) -> None:
        finished.append(record)
        if len(finished) == 2:
            raise KeyboardInterrupt

    finished: list[arena.GameRecord] = []
    with pytest.raises(arena.TournamentInterrupted) as stop:
        arena.tournament(AGENTS, workers=workers, on_record=interrupt_after_two, **OPTIONS)
    assert isinstance(stop.value, KeyboardInterrupt)
    assert sorted(map(json.dumps, dicts(stop.value.records))) == sorted(map(json.dumps, dicts(finished)))
    assert all(record.to_dict() in dicts(serial.records) for record in stop.value.records)
    assert wait_until(lambda: not alive_workers(), 5)


@pytest.fixture
def ctrl_c_raises() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt here, as in a terminal or a notebook kernel, even when the tests run in the
    background of a shell, which starts them with SIGINT ignored."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


@pytest.mark.usefixtures("ctrl_c_raises")
def test_ctrl_c_during_a_game_in_this_process_stops_it_at_once() -> None:
    timer = threading.Timer(1.0, _thread.interrupt_main)  # as the notebook's interrupt button does
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(arena.TournamentInterrupted) as stop:
            arena.tournament(["mcts", "greedy"], game="town55", games=200, progress=False, iterations=100)
    finally:
        timer.cancel()  # never let the interrupt land in pytest itself
    assert time.monotonic() - start < 10  # the 200 games take minutes
    assert all(arena.replay(record).is_terminal() for record in stop.value.records)


LONG_RUN = """
import json, multiprocessing, signal, sys
from townwidget import arena

signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal, even if started with SIGINT ignored

def announce(record):
    if not announce.done:
        print(json.dumps([process.pid for process in multiprocessing.active_children()]), flush=True)
        announce.done = True
announce.done = False

try:
    arena.tournament(["mcts", "greedy"], game="town55", games=400, seed=1, workers=2, progress=False,
                     iterations=150, on_record=announce)
except arena.TournamentInterrupted as stop:
    print(json.dumps([record.to_dict() for record in stop.records]), flush=True)
"""


def start_long_run() -> tuple[subprocess.Popen[str], list[int]]:
    """A tournament of minutes in a child process (its own session) that has just finished its first game."""
    run = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(LONG_RUN)],
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert run.stdout is not None
    workers = json.loads(run.stdout.readline())
    assert len(workers) == 2, workers
    return run, workers


@pytest.mark.parametrize("to_group", [False, True], ids=["notebook-interrupt", "terminal-ctrl-c"])
def test_sigint_stops_a_parallel_tournament_within_seconds_keeping_its_records(to_group: bool) -> None:
    run, workers = start_long_run()
    try:
        start = time.monotonic()
        (os.killpg if to_group else os.kill)(run.pid, signal.SIGINT)
        out, _ = run.communicate(timeout=30)
        assert time.monotonic() - start < 8  # about a second when idle; the 400 games would take minutes
        records = json.loads(out)
        assert records and all(arena.replay(record).is_terminal() for record in records)
        assert wait_until(lambda: all(map(gone, workers)), 5)
    finally:
        run.kill()
        run.communicate()


def test_workers_die_with_their_parent_killed_by_sigterm() -> None:
    run, workers = start_long_run()
    try:
        run.terminate()
        run.wait(timeout=30)
        assert wait_until(lambda: all(map(gone, workers)), 5), "a worker outlived its parent"
    finally:
        for pid in workers:
            if not gone(pid):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"executor": ThreadPoolExecutor(1), "workers": 2}, "either executor= .* or workers="),
        ({"executor": "tcp://127.0.0.1:8786"}, "executor must be a concurrent.futures.Executor"),
        ({"workers": 0}, "workers must be an integer from 1 to"),
        ({"workers": True}, "workers must be an integer from 1 to"),
    ],
)
def test_bad_run_options_are_refused_before_any_game(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        arena.tournament(AGENTS, game="town44", games=2, progress=False, **options)
    with pytest.raises(ValueError, match=message):
        arena.iter_tournament(AGENTS, game="town44", games=2, progress=False, **options)
