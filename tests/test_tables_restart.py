"""Nothing lost: ``townwidget serve`` killed with SIGKILL at random moments during whole games, restarted on the same
store, resumes every table at its last acknowledged move with the same views and the same tiles to come, and a
connected Seat reconnects by itself. The store's schema carries its version; older files are brought up to date."""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from table_play import random_move

from townwidget.core.registry import new_game, replay
from townwidget.tables import SCHEMA_VERSION, Client, Seat, Server, StoreError, TableError
from townwidget.tables import store as store_module

ROOT = Path(__file__).resolve().parent.parent
KILLS = 8
SECONDS = 20.0  # the whole kill loop's bound


def start(db: Path, port: int = 0) -> tuple[subprocess.Popen[str], str]:
    """``townwidget serve`` as a user runs it; its address read from what it prints."""
    process = subprocess.Popen(
        [sys.executable, "-m", "townwidget", "serve", "--db", str(db), "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert "serving http://" in line, line
    return process, line.split("serving ")[1].split()[0]


def test_kill_9_at_random_moments_loses_no_acknowledged_move(tmp_path: Path) -> None:
    db = tmp_path / "class.sqlite"
    process, url = start(db)
    port = int(url.rsplit(":", 1)[1])
    client = Client(url, retry_seconds=0)
    games = [("town77", 3, 41), ("littletown", 2, 42), ("town66", 2, 43)]
    tables: dict[str, dict[str, Any]] = {}
    for game, players, seed in games:
        table = client.create(game, players=players, seed=seed)
        seats = [client.join(table, f"p{seat}") for seat in range(players)]
        tables[table] = {"game": game, "seats": seats, "twin": new_game(game, players, seed), "acked": 0}
    follower = Follower(Seat(Client(url), *_seat_args(tables)))  # reconnects by itself after every kill
    rng = random.Random(7)
    deadline = time.monotonic() + SECONDS
    kills = 0
    try:
        while kills < KILLS and time.monotonic() < deadline:
            killer = threading.Timer(rng.uniform(0.05, 0.4), process.kill)
            killer.start()
            _play_until_gone(tables, rng)
            killer.join()
            process.wait(10)
            kills += 1
            process, _ = start(db, port)
            _check_resumed(client, tables)
        while not all(entry["twin"].is_terminal() for entry in tables.values()):  # the games end normally
            assert time.monotonic() < deadline + 10, "the games did not end in time"
            _play_until_gone(tables, rng, moves=50)
        _check_resumed(client, tables)
        for table, entry in tables.items():
            record = client.record(table)
            assert replay(record).to_dict() == entry["twin"].to_dict() == record.final
        follower.thread.join(20)
        assert follower.revisions[-1] == tables[follower.seat.table]["twin"].history.__len__()
    finally:
        process.kill()
        process.wait(10)
    assert kills >= 5, f"only {kills} kills in {SECONDS} s"


def _seat_args(tables: dict[str, dict[str, Any]]) -> tuple[str, int, str]:
    table, entry = next(iter(tables.items()))
    seat = entry["seats"][0]
    return table, seat.seat, seat.token


class Follower:
    """A seat's live updates, read in a thread while the server is killed and restarted."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.revisions: list[int] = []
        self.thread = threading.Thread(target=self._follow, daemon=True)
        self.thread.start()

    def _follow(self) -> None:
        for _ in self.seat.updates():
            assert self.seat.revision is not None
            self.revisions.append(self.seat.revision)


def _play_until_gone(tables: dict[str, dict[str, Any]], rng: random.Random, moves: int = 10**6) -> None:
    """Random legal moves at every table until the server goes away (or ``moves`` were played)."""
    for _ in range(moves):
        playing = [entry for entry in tables.values() if not entry["twin"].is_terminal()]
        if not playing:
            return
        entry = rng.choice(playing)
        twin = entry["twin"]
        seat = entry["seats"][twin.current_player]
        action = random_move(entry["game"], twin.to_dict(viewer=seat.seat), seat.seat, rng)
        entry["sent"] = action  # in flight: the server may have committed it and died before answering
        try:
            seat.act(action, revision=entry["acked"])
        except (ConnectionError, OSError):
            return
        twin.apply(action)
        entry["acked"] += 1
        entry["sent"] = None


def _check_resumed(client: Client, tables: dict[str, dict[str, Any]]) -> None:
    """Each table is at its last acknowledged move (or one further: the move in flight, committed before the
    kill) and every seat's view is its twin's."""
    for entry in tables.values():
        seat = entry["seats"][0]
        revision = _retrying(seat.view) and seat.revision
        assert revision in (entry["acked"], entry["acked"] + 1), (revision, entry["acked"])
        if revision == entry["acked"] + 1:
            entry["twin"].apply(entry["sent"])
            entry["acked"] += 1
        for other in entry["seats"]:
            assert other.view() == entry["twin"].to_dict(viewer=other.seat)


def _retrying(call: Any) -> Any:
    for _ in range(100):
        try:
            return call()
        except (ConnectionError, OSError):
            time.sleep(0.05)
    raise AssertionError("the restarted server never answered")


# --- the store's file ----------------------------------------------------------------------------------------
def test_the_store_carries_its_version_and_refuses_a_newer_or_foreign_file(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    with Server(db, port=0), pytest.raises(StoreError, match="in use by another table server"):
        Server(db, port=0).start()
    assert sqlite3.connect(db).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    newer = sqlite3.connect(db)
    newer.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    newer.close()
    with pytest.raises(StoreError, match="newer server"):
        Server(db, port=0).start()
    foreign = tmp_path / "notes.sqlite"
    foreign.write_bytes(b"these are my notes, not a database" * 100)
    with pytest.raises(StoreError, match="not a tables store"):
        Server(foreign, port=0).start()
    assert foreign.read_bytes() == b"these are my notes, not a database" * 100


def test_a_newer_server_reads_an_older_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "old.sqlite"
    with Server(db, port=0) as old:
        client = Client(old.url, retry_seconds=0)
        table = client.create("town44", players=2, seed=3)
        ana, bob = client.join(table, "Ana"), client.join(table, "Bob")
        view = ana.view()
        mover = ana if view["current_player"] == 0 else bob
        mover.act(random_move("town44", mover.view(), mover.seat, random.Random(1)))
        before = ana.view(), bob.view()
    # the next version of the schema adds a column: the file is brought up to it, nothing else changes
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    monkeypatch.setitem(store_module.MIGRATIONS, SCHEMA_VERSION, "ALTER TABLE seats ADD COLUMN colour TEXT")
    with Server(db, port=0) as new:
        assert (
            Seat(Client(new.url), table, 0, ana.token).view(),
            Seat(Client(new.url), table, 1, bob.token).view(),
        ) == before
        with pytest.raises(TableError, match="stale revision"):
            mover.client = Client(new.url)
            mover.act({"type": "done"}, revision=0)
    assert sqlite3.connect(db).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
    assert os.path.exists(db)
