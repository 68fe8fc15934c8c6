"""The tables of one server, on its event loop: requests, live connections, bots and turn limits.

Every change of a table runs on the server's one event loop, one at a time per table (its lock): it is checked
and tried on a copy of the game, committed to the store (in the store's own thread, while the loop serves the other
tables), and only then made the table's, pushed to every live connection of the table, and answered.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from townwidget.core.checks import shown
from townwidget.core.language import check_language
from townwidget.tables.bots import BOT_SECONDS, BotFault, Bots
from townwidget.tables.store import Store, now
from townwidget.tables.table import Outcome, Table, TableError, dumps, message, table_options, token_hash

QUEUED_MESSAGES = 64  # a live connection this far behind is closed (it reconnects and gets the latest view)
MOVE_KEYS = {"revision", "action"}
JOIN_KEYS = {"name", "seat"}
HINT_KEYS = {"revision", "lang"}


class Connection:
    """One live WebSocket of a seat (or a spectator, ``seat`` None): its messages go out in order."""

    def __init__(self, send: Any, close: Any, seat: int | None) -> None:
        self.seat = seat
        self._send, self._close = send, close
        self._queue: asyncio.Queue[str] = asyncio.Queue(QUEUED_MESSAGES)
        self._task = asyncio.get_running_loop().create_task(self._sending())

    def push(self, text: str) -> None:
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self._task.cancel()
            asyncio.get_running_loop().create_task(self._close(1013))  # try again later: it reconnects

    async def _sending(self) -> None:
        with contextlib.suppress(Exception):
            while True:
                await self._send(await self._queue.get())

    def stop(self) -> None:
        self._task.cancel()


class Hub:
    """Every table of the store at ``db``; ``agents``: the folder submission files may be named from."""

    def __init__(self, db: str | Path, agents: str | Path | None = None, bot_seconds: float = BOT_SECONDS) -> None:
        self.connections: dict[str, list[Connection]] = {}
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="townwidget-store")  # one writer: one transaction
        self._locks: dict[str, asyncio.Lock] = {}
        self._waits: dict[str, asyncio.TimerHandle | asyncio.Task[None]] = {}
        self._hints: dict[tuple[str, int], tuple[int, str, dict[str, Any]]] = {}  # the last hint of each seat
        self._hinting: set[tuple[str, int]] = set()  # the seats whose hint is being worked out
        self.store = Store(db)
        self.bots = Bots(agents, bot_seconds)
        try:
            self.tables = {stored.id: Table(stored) for stored in self.store.tables()}
        except Exception:
            self.close()
            raise
        self.tokens = {digest: table.id for table in self.tables.values() for digest in table.by_token}

    def start(self) -> None:
        """On the event loop: every unfinished table's bots and turn limits resume."""
        for table in self.tables.values():
            self._next(table)

    def close(self) -> None:
        for wait in self._waits.values():
            wait.cancel()
        self._waits.clear()
        for connections in self.connections.values():
            for connection in connections:
                connection.stop()
        self.bots.close()
        self._writer.shutdown(wait=True)  # a write begun is finished before the file closes
        self.store.close()

    # --- requests -------------------------------------------------------------------------------------------
    def table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise TableError(404, f"no table {shown(table_id)} on this server")
        return table

    def known_token(self, token: str | None) -> bool:
        """Whether ``token`` is a seat's somewhere (the rate limit counts a seat's requests on its own)."""
        return token is not None and token_hash(token) in self.tokens

    async def create(self, body: Any) -> dict[str, Any]:
        options = table_options(body, self.bots.check)
        await self._write(self.store.create, options)
        table = self.tables[options.id] = Table(options)
        self._next(table)
        return {"table": table.id}

    async def join(self, table_id: str, body: Any) -> dict[str, Any]:
        table = self.table(table_id)
        if not isinstance(body, dict) or set(body) - JOIN_KEYS or "name" not in body:
            raise TableError(400, f"a join is {{'name': text}} (and optionally 'seat'), not {shown(body)}")
        return await asyncio.shield(self._joining(table, body))

    async def _joining(self, table: Table, body: dict[str, Any]) -> dict[str, Any]:
        async with self._lock(table):
            seat, token, entry, log = table.join(body["name"], body.get("seat"))
            await self._write(self.store.take_seat, table.id, seat, entry, log)
            table.seated(seat, entry, log)
        self.tokens[entry["token_hash"]] = table.id
        self._changed(table)
        if table.full:  # the game begins: a bot to act moves, a person's turn limit runs
            table.started = now()
            self._next(table)
        return {"table": table.id, "seat": seat, "token": token}

    def look(self, table_id: str, token: str | None) -> dict[str, Any]:
        table = self.table(table_id)
        seat = None if token is None else table.seat_of(token)
        return self._message(table, seat)

    async def move(self, table_id: str, token: str | None, body: Any) -> dict[str, Any]:
        table = self.table(table_id)
        seat = table.seat_of(token)
        if not isinstance(body, dict) or set(body) != MOVE_KEYS:
            raise TableError(400, f"a move is {{'revision': r, 'action': {{...}}}}, not {shown(body)}")

        def played() -> Outcome:
            table.check_move(seat, body["revision"], body["action"])  # against the table as it is now
            return table.move(seat, body["action"], "player")

        return {"table": table.id, "revision": await self._change(table, played)}

    async def hint(self, table_id: str, token: str | None, body: Any) -> dict[str, Any]:
        """A hint for the seat of ``token`` on its turn, worked out in a worker process from that seat's view alone;
        one at a time per seat, and asked again at the same revision it is the same answer (no new search)."""
        table = self.table(table_id)
        seat = table.seat_of(token)
        if not isinstance(body, dict) or set(body) - HINT_KEYS or "revision" not in body:
            raise TableError(400, f"a hint is asked as {{'revision': r}} (and optionally 'lang'), not {shown(body)}")
        try:
            lang = check_language(body.get("lang", "en"))
        except ValueError as error:
            raise TableError(400, f"lang: {error}") from None
        if not table.stored.hints:
            raise TableError(403, f"hints are off at table {table.id}: a table gives hints if it is created with them")
        table.check_turn(seat, body["revision"])
        key, revision = (table.id, seat), table.revision
        kept = self._hints.get(key)
        if kept is not None and kept[:2] == (revision, lang):
            return {"table": table.id, "revision": revision, "seat": seat, "hint": kept[2]}
        if key in self._hinting:
            raise TableError(429, f"a hint for seat {seat} is being worked out: wait for it")
        self._hinting.add(key)
        try:
            found = await self.bots.hint(table.view(seat), seat, lang)
        finally:
            self._hinting.discard(key)
        self._hints[key] = (revision, lang, found)
        return {"table": table.id, "revision": revision, "seat": seat, "hint": found}

    def listing(self) -> dict[str, Any]:
        return {"tables": [table.summary(self._connected(table)) for table in self.tables.values()]}

    def record(self, table_id: str) -> dict[str, Any]:
        return self.table(table_id).record().to_dict()

    # --- live connections -----------------------------------------------------------------------------------
    def connect(self, table: Table, connection: Connection) -> None:
        self.connections.setdefault(table.id, []).append(connection)
        connection.push(dumps(self._message(table, connection.seat)))
        if connection.seat is not None:
            self._changed(table)  # every seat sees who is connected

    def disconnect(self, table: Table, connection: Connection) -> None:
        connection.stop()
        connections = self.connections.get(table.id, [])
        if connection in connections:
            connections.remove(connection)
            if connection.seat is not None:
                self._changed(table)

    def _connected(self, table: Table) -> set[int]:
        return {connection.seat for connection in self.connections.get(table.id, ()) if connection.seat is not None}

    def _message(self, table: Table, seat: int | None) -> dict[str, Any]:
        return message(table, seat, self._connected(table))

    def _changed(self, table: Table) -> None:
        """Push the table's new state to every live connection (each seat's view computed once)."""
        connections = self.connections.get(table.id, [])
        if not connections:
            return
        connected = self._connected(table)
        texts: dict[int | None, str] = {}
        for connection in connections:
            if connection.seat not in texts:
                texts[connection.seat] = dumps(message(table, connection.seat, connected))
            connection.push(texts[connection.seat])

    # --- moves, bots, turn limits ---------------------------------------------------------------------------
    async def _write(self, write: Callable[..., None], *args: Any) -> None:
        """A write to the store, committed in the store's own thread (the event loop serves on meanwhile)."""
        await asyncio.get_running_loop().run_in_executor(self._writer, write, *args)

    def _lock(self, table: Table) -> asyncio.Lock:
        """One change of a table at a time (a change waits for the store between its checks and its effect)."""
        return self._locks.setdefault(table.id, asyncio.Lock())

    async def _change(self, table: Table, change: Callable[[], Outcome | None]) -> int:
        """``change()`` (checked against the table as it is once its turn comes; ``None``: nothing to do) committed
        to the store, then made the table's and pushed; returns the revision it made. Shielded: once begun, a
        change is committed and applied even if the one who asked for it goes away."""
        return await asyncio.shield(self._changing(table, change))

    async def _changing(self, table: Table, change: Callable[[], Outcome | None]) -> int:
        async with self._lock(table):
            outcome = change()
            if outcome is None:
                return table.revision
            if outcome.state.is_terminal():
                outcome.log.append({"revision": table.revision + 1, "text": "the game is over"})
            await self._write(self.store.append, table.id, table.revision, outcome.event, outcome.log)
            table.accept(outcome)  # committed before it is told
            revision = table.revision
        self._changed(table)
        self._next(table)
        return revision

    def _next(self, table: Table) -> None:
        """What the table waits for now: a bot's move, or a person's until the turn's limit."""
        waiting = self._waits.pop(table.id, None)
        if waiting is not None:
            waiting.cancel()
        if table.finished:
            self.bots.forget(table.id)
            return
        if not table.full:
            return
        seat = table.state.current_player
        assert seat is not None
        loop = asyncio.get_running_loop()
        entry = table.stored.seats[seat]
        if seat in table.standing_in or entry["bot"] is not None:
            self._waits[table.id] = loop.create_task(self._bot_move(table, seat, table.revision))
        elif table.stored.turn_seconds is not None:
            due = table.last_change + table.stored.turn_seconds - now()
            self._waits[table.id] = loop.call_later(max(due, 0.0), self._stand_in, table, seat, table.revision)

    def _stand_in(self, table: Table, seat: int, revision: int) -> None:
        loop = asyncio.get_running_loop()
        self._waits[table.id] = loop.create_task(self._bot_move(table, seat, revision, stand_in=True))

    async def _bot_move(self, table: Table, seat: int, revision: int, stand_in: bool = False) -> None:
        await asyncio.sleep(0)  # let the change that led here be answered first
        entry = table.stored.seats[seat]
        if seat in table.standing_in:  # a forfeited seat of a game without resignation: its first legal action
            chosen: Any = table.state.legal_actions()[0]
        else:
            spec = table.stored.stand_in if stand_in else entry["bot"]
            try:
                chosen = await self.bots.choose(table.id, seat, spec, table.stored.seed, table.state)
            except BotFault as fault:
                chosen = fault

        def played() -> Outcome | None:
            if table.revision != revision:  # the person moved while the stand-in thought
                return None
            if seat in table.standing_in:
                return table.move(seat, chosen, "forfeited")
            return self._bot_outcome(table, seat, chosen, stand_in)

        self._done_waiting(table)
        await self._change(table, played)

    def _bot_outcome(self, table: Table, seat: int, chosen: Any, stand_in: bool) -> Outcome:
        """A bot's (or the stand-in's) move, or what its fault becomes."""
        name = table.stored.seats[seat]["name"]
        fault = chosen if isinstance(chosen, BotFault) else None
        if fault is None:
            try:
                if not stand_in:
                    return table.move(seat, chosen, "bot")
                spec = table.stored.stand_in
                words = f"{name} (seat {seat}) did not move in time: the stand-in bot {spec} played for them"
                return table.move(seat, chosen, "stand-in", (words,))
            except TableError as refused:
                fault = BotFault("invalid", refused.words)
        if stand_in:  # the stand-in never forfeits a person's game: the first legal action instead
            text = f"the stand-in bot failed; {name} (seat {seat}) plays the first legal move"
            return table.move(seat, table.state.legal_actions()[0], "stand-in", (text,))
        return table.forfeit(seat, name, fault.reason, fault.detail)

    def _done_waiting(self, table: Table) -> None:
        """The running bot's task is no longer what the table waits for (so committing does not cancel it)."""
        if self._waits.get(table.id) is asyncio.current_task():
            del self._waits[table.id]
