"""The tables' store: one SQLite file (the standard library's), every accepted move committed before it is
acknowledged, so that a server killed at any moment resumes each table at its last acknowledged move.

A table is kept as what it was created with (game, players, seed, options: turn seconds, stand-in, hints), its
seats (name, bot, the hash of the seat's token) and its events in order (a move, or a forfeit, each saying who
played it: the person, a bot, the stand-in bot), each with the public log lines it adds. The game
itself is not stored: it is dealt again from the seed and the events replayed by the engine, which checks each one
(:mod:`townwidget.tables.table`), so the hidden tiles to come are the same after a restart.

The file carries its schema's version (``PRAGMA user_version``); :data:`MIGRATIONS` brings an older file up to
:data:`SCHEMA_VERSION` when it is opened, and a file from a newer server is refused in words.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; one server per file is then the user's care
    fcntl = None  # type: ignore[assignment]

SCHEMA_VERSION = 2
# MIGRATIONS[v] brings a file of version v to v + 1 (version 0: a new, empty file)
MIGRATIONS: dict[int, str] = {
    0: """
        CREATE TABLE tables (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            players INTEGER NOT NULL,
            seed INTEGER NOT NULL,
            turn_seconds REAL,
            stand_in TEXT NOT NULL,
            created REAL NOT NULL
        );
        CREATE TABLE seats (
            table_id TEXT NOT NULL REFERENCES tables(id),
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            bot TEXT,
            token_hash TEXT,
            PRIMARY KEY (table_id, seat)
        );
        CREATE UNIQUE INDEX seats_by_token ON seats(token_hash);
        CREATE TABLE events (
            table_id TEXT NOT NULL REFERENCES tables(id),
            number INTEGER NOT NULL,
            kind TEXT NOT NULL,
            seat INTEGER NOT NULL,
            data TEXT NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (table_id, number)
        );
        CREATE TABLE log (
            table_id TEXT NOT NULL REFERENCES tables(id),
            number INTEGER NOT NULL,
            revision INTEGER NOT NULL,
            text TEXT NOT NULL,
            PRIMARY KEY (table_id, number)
        );
    """,
    1: "ALTER TABLE tables ADD COLUMN hints INTEGER NOT NULL DEFAULT 0",  # tables before hints had none
}


class StoreError(ValueError):
    """The store's file cannot be used (not a database, from a newer server, held by another server)."""


@dataclass
class StoredTable:
    """One table as the store holds it."""

    id: str
    game: str
    players: int
    seed: int
    turn_seconds: float | None
    stand_in: str
    created: float
    seats: dict[int, dict[str, Any]] = field(default_factory=dict)  # seat -> {"name", "bot", "token_hash"}
    events: list[dict[str, Any]] = field(default_factory=list)  # {"kind", "seat", "data", "at"}, in order
    log: list[dict[str, Any]] = field(default_factory=list)  # {"revision", "text"}
    hints: bool = False  # a seat may ask the server for a hint (docs/tables.md)


class Store:
    """The SQLite file at ``path``, opened (created, or brought up to :data:`SCHEMA_VERSION`) for one server.

    Another server holding the same file is refused (an advisory lock, freed by the system when a server dies).
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = _lock(self.path)
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")  # committed = on disk, even on a power cut
            self._db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except sqlite3.DatabaseError as error:
            self.close()
            raise StoreError(f"{str(self.path)!r} is not a tables store: {error}") from None

    def _migrate(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{str(self.path)!r} was written by a newer server (store version {version}; this one reads up to "
                f"{SCHEMA_VERSION}): upgrade townwidget"
            )
        while version < SCHEMA_VERSION:
            with self._transaction():
                for statement in MIGRATIONS[version].split(";"):  # one by one: executescript would commit
                    if statement.strip():
                        self._db.execute(statement)
                version += 1
                self._db.execute(f"PRAGMA user_version = {version}")

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def version(self) -> int:
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def create(self, table: StoredTable) -> None:
        """A new table with its bot seats, committed."""
        with self._transaction():
            self._db.execute(
                "INSERT INTO tables (id, game, players, seed, turn_seconds, stand_in, created, hints) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table.id,
                    table.game,
                    table.players,
                    table.seed,
                    table.turn_seconds,
                    table.stand_in,
                    table.created,
                    int(table.hints),
                ),  # fmt: skip
            )
            for seat, entry in table.seats.items():
                self._insert_seat(table.id, seat, entry)
            self._insert_log(table.id, table.log)

    def take_seat(self, table_id: str, seat: int, entry: dict[str, Any], log: list[dict[str, Any]]) -> None:
        """A person takes ``seat`` (name and token hash), committed with the log lines it adds."""
        with self._transaction():
            self._insert_seat(table_id, seat, entry)
            self._insert_log(table_id, log)

    def append(self, table_id: str, number: int, event: dict[str, Any], log: list[dict[str, Any]]) -> None:
        """Event ``number`` of a table (a move or a forfeit) with its log lines, committed: only then is it told."""
        with self._transaction():
            self._db.execute(
                "INSERT INTO events (table_id, number, kind, seat, data, at) VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, number, event["kind"], event["seat"], json.dumps(event["data"]), event["at"]),
            )
            self._insert_log(table_id, log)

    def _insert_seat(self, table_id: str, seat: int, entry: dict[str, Any]) -> None:
        self._db.execute(
            "INSERT INTO seats (table_id, seat, name, bot, token_hash) VALUES (?, ?, ?, ?, ?)",
            (table_id, seat, entry["name"], entry.get("bot"), entry.get("token_hash")),
        )

    def _insert_log(self, table_id: str, lines: list[dict[str, Any]]) -> None:
        start = self._db.execute("SELECT COUNT(*) FROM log WHERE table_id = ?", (table_id,)).fetchone()[0]
        self._db.executemany(
            "INSERT INTO log (table_id, number, revision, text) VALUES (?, ?, ?, ?)",
            [(table_id, start + index, line["revision"], line["text"]) for index, line in enumerate(lines)],
        )

    def tables(self) -> list[StoredTable]:
        """Every table, with its seats, events and log, in the order they were created."""
        found: dict[str, StoredTable] = {}
        columns = "id, game, players, seed, turn_seconds, stand_in, created, hints"
        for table_id, game, players, seed, turn, stand_in, created, hints in self._db.execute(
            f"SELECT {columns} FROM tables ORDER BY created, id"
        ):
            found[table_id] = StoredTable(table_id, game, players, seed, turn, stand_in, created, hints=bool(hints))
        for table_id, seat, name, bot, token_hash in self._db.execute(
            "SELECT table_id, seat, name, bot, token_hash FROM seats"
        ):
            found[table_id].seats[seat] = {"name": name, "bot": bot, "token_hash": token_hash}
        events = "SELECT table_id, kind, seat, data, at FROM events ORDER BY table_id, number"
        for table_id, kind, seat, data, at in self._db.execute(events):
            found[table_id].events.append({"kind": kind, "seat": seat, "data": json.loads(data), "at": at})
        for table_id, revision, text in self._db.execute(
            "SELECT table_id, revision, text FROM log ORDER BY table_id, number"
        ):
            found[table_id].log.append({"revision": revision, "text": text})
        return list(found.values())

    def close(self) -> None:
        database = getattr(self, "_db", None)
        if database is not None:
            database.close()
            self._db = None  # type: ignore[assignment]
        if self._lock is not None:
            self._lock.close()
            self._lock = None


def _lock(path: Path) -> Any:
    """An exclusive lock beside the store's file, held while the server runs (two servers on one file would
    each deal from their own memory); ``None`` where the system has no such locks."""
    if fcntl is None:
        return None
    handle = open(f"{path}.lock", "a")  # noqa: SIM115  # held open for the server's life
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise StoreError(f"{str(path)!r} is in use by another table server") from None
    return handle


def now() -> float:
    """The wall clock's time: events carry it, so that a turn's limit runs on across a restart."""
    return time.time()
