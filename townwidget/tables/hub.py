"""The tables of one server, on its event loop: requests, live connections, bots and turn limits.

Every change runs on the server's one event loop (no locks): it is tried on a copy of the game, committed to the
store, and only then made the table's, pushed to every live connection of the table, and answered.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

from townwidget.core.checks import shown
from townwidget.tables.bots import BOT_SECONDS, BotFault, Bots
from townwidget.tables.store import Store, now
from townwidget.tables.table import Outcome, Table, TableError, dumps, message, store_table, table_options, token_hash

QUEUED_MESSAGES = 64  # a live connection this far behind is closed (it reconnects and gets the latest view)
MOVE_KEYS = {"revision", "action"}
JOIN_KEYS = {"name", "seat"}


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
        self._waits: dict[str, asyncio.TimerHandle | asyncio.Task[None]] = {}
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

    def create(self, body: Any) -> dict[str, Any]:
        table = store_table(self.store, table_options(body, self.bots.check))
        self.tables[table.id] = table
        self._next(table)
        return {"table": table.id}

    def join(self, table_id: str, body: Any) -> dict[str, Any]:
        table = self.table(table_id)
        if not isinstance(body, dict) or set(body) - JOIN_KEYS or "name" not in body:
            raise TableError(400, f"a join is {{'name': text}} (and optionally 'seat'), not {shown(body)}")
        seat, token, entry, log = table.join(body["name"], body.get("seat"))
        self.store.take_seat(table.id, seat, entry, log)
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

    def move(self, table_id: str, token: str | None, body: Any) -> dict[str, Any]:
        table = self.table(table_id)
        seat = table.seat_of(token)
        if not isinstance(body, dict) or set(body) != MOVE_KEYS:
            raise TableError(400, f"a move is {{'revision': r, 'action': {{...}}}}, not {shown(body)}")
        table.check_move(seat, body["revision"], body["action"])
        self._commit(table, table.move(seat, body["action"], "player"))
        return {"table": table.id, "revision": table.revision}

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
    def _commit(self, table: Table, outcome: Outcome) -> None:
        if outcome.state.is_terminal():
            outcome.log.append({"revision": table.revision + 1, "text": "the game is over"})
        self.store.append(table.id, table.revision, outcome.event, outcome.log)  # committed before it is told
        table.accept(outcome)
        self._changed(table)
        self._next(table)

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
            self._done_waiting(table)
            self._commit(table, table.move(seat, table.state.legal_actions()[0], "forfeited"))
            return
        spec = table.stored.stand_in if stand_in else entry["bot"]
        agent = self.bots.agent(table.id, seat, spec, table.stored.seed)
        try:
            action = await self.bots.choose(agent, table.state.view(seat))
            if table.revision != revision:  # the person moved while the stand-in thought
                return
            words = (f"{entry['name']} (seat {seat}) did not move in time: the stand-in bot {spec} played for them",)
            outcome = table.move(seat, action, "stand-in" if stand_in else "bot", words if stand_in else ())
        except (BotFault, TableError) as fault:
            if table.revision != revision:
                return
            if stand_in:  # the stand-in never forfeits a person's game: the first legal action instead
                first = table.state.legal_actions()[0]
                text = (f"the stand-in bot failed; {entry['name']} (seat {seat}) plays the first legal move",)
                outcome = table.move(seat, first, "stand-in", text)
            else:
                reason, detail = (
                    (fault.reason, fault.detail) if isinstance(fault, BotFault) else ("invalid", str(fault))
                )
                outcome = table.forfeit(seat, entry["name"], reason, detail)
        self._done_waiting(table)
        self._commit(table, outcome)

    def _done_waiting(self, table: Table) -> None:
        """The running bot's task is no longer what the table waits for (so committing does not cancel it)."""
        if self._waits.get(table.id) is asyncio.current_task():
            del self._waits[table.id]
