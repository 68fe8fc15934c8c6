"""The arena on a Dask cluster (a LocalCluster of 2 worker processes on the loopback address): the same records
as one process, a progress bar over finished games, and no game lost when a worker dies mid-game."""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from distributed import Client, LocalCluster

from townwidget import arena
from townwidget.arena import workers

AGENTS = ["mcts", "greedy"]
OPTIONS: dict[str, Any] = {"game": "town44", "games": 8, "seed": 11, "progress": False, "iterations": 30}


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0")
    with cluster, Client(cluster) as client:
        yield client


def dicts(records: list[Any]) -> list[dict[str, Any]]:
    return [record.to_dict() for record in records]


def test_a_cluster_plays_the_records_of_one_process_and_of_two(client: Any) -> None:
    serial = arena.tournament(AGENTS, **OPTIONS)
    local = arena.tournament(AGENTS, workers=2, **OPTIONS)
    dask = arena.tournament(AGENTS, executor=client.get_executor(), **OPTIONS)
    assert dicts(dask.records) == dicts(serial.records) == dicts(local.records)
    assert dask.summary == serial.summary == local.summary


REMEMBERS = """
import os
from pathlib import Path

LAST = [-1]  # the history's length at the last move: a shorter one begins a new game
MARKS = []


def act(view):
    moves = len(view.to_dict()["history"])
    if moves <= LAST[0] or LAST[0] < 0:
        if MARKS or Path("memory.txt").exists() or os.environ.get("TOWNWIDGET_TEST_MEMORY"):
            raise RuntimeError("remembered an earlier game")
    LAST[0] = moves
    MARKS.append(moves)
    Path("memory.txt").write_text("seen")
    os.environ["TOWNWIDGET_TEST_MEMORY"] = "seen"
    return view.legal_actions()[0]
"""


def test_isolated_agents_on_a_cluster_play_the_records_of_one_process_and_remember_no_game(
    client: Any, tmp_path: Path
) -> None:
    class FirstChoice:
        name = "first"

        def act(self, view: Any) -> Any:
            return view.legal_actions()[0]

    options = {**OPTIONS, "games": 4, "isolate": True}
    serial = arena.tournament([FirstChoice(), "mcts"], **{**OPTIONS, "games": 4})
    dask = arena.tournament([FirstChoice(), "mcts"], executor=client.get_executor(), **options)
    assert dicts(dask.records) == dicts(serial.records)
    submission = tmp_path / "remembers.py"
    submission.write_text(REMEMBERS)
    remembers = arena.tournament([str(submission), "greedy"], executor=client.get_executor(), **options)
    assert [record.forfeits for record in remembers.records] == [[]] * 4


def test_solo_runs_and_par_on_a_cluster_match_one_process(client: Any) -> None:
    solo = {"game": "town44", "deals": 4, "seed": 3, "progress": False}
    assert dicts(arena.solo_run("greedy", executor=client.get_executor(), **solo).records) == dicts(
        arena.solo_run("greedy", **solo).records
    )
    pars = arena.solo_par(executor=client.get_executor(), **solo)
    assert pars == arena.solo_par(**solo) == arena.solo_par(workers=2, **solo)
    assert [par.seed for par in pars] == [3, 4, 5, 6] and all(par.exact for par in pars)


class CountingBar:
    """Stands in for tqdm: remembers the total it was given and how many items went through."""

    made: list[CountingBar] = []

    def __init__(self, iterable: Any, total: int, **options: Any) -> None:
        self.iterable, self.total, self.count, self.closed = iterable, total, 0, False
        CountingBar.made.append(self)

    def __iter__(self) -> Iterator[Any]:
        for item in self.iterable:
            self.count += 1
            yield item

    def close(self) -> None:
        self.closed = True


@pytest.mark.parametrize("where", ["here", "local", "dask"])
def test_every_executor_shows_a_bar_over_finished_games(where: str, client: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr("tqdm.auto.tqdm", CountingBar)
    CountingBar.made.clear()
    options: dict[str, Any] = {"here": {}, "local": {"workers": 2}, "dask": {"executor": client.get_executor()}}[where]
    streamed: list[str] = []
    arena.tournament(AGENTS, **{**OPTIONS, "progress": True}, on_record=lambda r: streamed.append(r.game), **options)
    [bar] = CountingBar.made
    assert (bar.total, bar.count, bar.closed) == (8, 8, True)
    assert len(streamed) == 8


def test_a_worker_killed_mid_game_loses_nothing(client: Any) -> None:
    undisturbed = arena.tournament(AGENTS, **{**OPTIONS, "games": 12})
    pids = client.run(os.getpid)  # worker address -> process id
    killed: list[tuple[str, tuple[str, ...]]] = []

    def kill_a_busy_worker(record: arena.GameRecord) -> None:
        if killed:
            return
        busy = {address: keys for address, keys in client.processing().items() if keys}
        if busy:
            address, keys = next(iter(busy.items()))
            os.kill(pids[address], signal.SIGKILL)
            killed.append((address, tuple(keys)))

    hurt = arena.tournament(
        AGENTS, **{**OPTIONS, "games": 12}, executor=client.get_executor(), on_record=kill_a_busy_worker
    )
    assert killed, "no worker was busy when a game finished"
    assert json.dumps(dicts(hurt.records)) == json.dumps(dicts(undisturbed.records))
    deadline = time.monotonic() + 60  # the nanny brings the killed worker back
    while len(client.scheduler_info()["workers"]) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)


def test_an_interrupt_cancels_the_queued_games_and_keeps_the_finished_ones(client: Any) -> None:
    def interrupt_at_once(record: arena.GameRecord) -> None:
        raise KeyboardInterrupt

    options = {**OPTIONS, "games": 2000}  # minutes of games on 2 workers: only cancelling ends them within the wait
    with pytest.raises(arena.TournamentInterrupted) as stop:
        arena.tournament(AGENTS, **options, executor=client.get_executor(), on_record=interrupt_at_once)
    [record] = stop.value.records
    assert arena.replay(record).to_dict() == record.final
    deadline = time.monotonic() + 60  # a loaded scheduler is slow to forget; an idle one forgets within a second
    while queued_or_running(client) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not queued_or_running(client), (
        f"games still queued on the cluster after the interrupt: {queued_or_running(client)}"
    )


def queued_or_running(client: Any) -> dict[str, str]:
    """The scheduler's tasks that are waiting or running, by key, with their state (a finished game's result that
    some future still holds, state "memory", is neither)."""
    unfinished = {"released", "waiting", "no-worker", "queued", "processing"}
    return client.run_on_scheduler(
        lambda dask_scheduler: {
            str(key): task.state for key, task in dask_scheduler.tasks.items() if task.state in unfinished
        }
    )


def test_a_cluster_left_without_workers_loses_the_waiting_games_with_the_finished_ones(monkeypatch: Any) -> None:
    monkeypatch.setattr(workers, "NO_WORKER_SECONDS", 3.0)
    monkeypatch.setattr(workers, "WORKER_CHECK_SECONDS", 0.5)
    cluster = LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0")
    with cluster, Client(cluster) as client:
        emptied: list[bool] = []

        def retire_every_worker(record: arena.GameRecord) -> None:
            if not emptied:
                emptied.append(True)
                cluster.scale(0)

        started = time.monotonic()
        with pytest.raises(arena.GamesLost) as lost:
            arena.tournament(
                AGENTS, **{**OPTIONS, "games": 40}, executor=client.get_executor(), on_record=retire_every_worker
            )
    assert time.monotonic() - started < 60
    finished = lost.value.records
    assert finished and len(finished) + len(lost.value.seeds) == 40
