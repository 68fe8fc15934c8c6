"""The bots of a table server: agents of :func:`townwidget.agents.make_agent` by name, played in threads beside the
server's event loop, and submission files from the server's agents folder, each played isolated in its own
process as in the arena (:class:`townwidget.arena.IsolatedAgent`). A bot that raises, answers no legal action or
takes longer than its time forfeits, as in the arena; the table goes on.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from townwidget.agents import agent_name, make_agent
from townwidget.arena import IsolatedAgent
from townwidget.core import action_data, asks_to_peek
from townwidget.core.checks import shown
from townwidget.tables.table import TableError

BOT_SECONDS = 10.0  # wall-clock seconds a bot has for one move
BOT_THREADS = 4


class BotFault(Exception):
    """A bot's move failed: ``reason`` is one of the arena's (timeout, error, invalid, crash, memory)."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail[-500:]


class Bots:
    """Makes, keeps and asks the bots of every table (``agents_dir``: where submission files may be named from)."""

    def __init__(self, agents_dir: str | Path | None = None, seconds: float = BOT_SECONDS) -> None:
        self.agents_dir = Path(agents_dir).resolve() if agents_dir is not None else None
        self.seconds = seconds
        self._agents: dict[tuple[str, int, str], Any] = {}
        self._threads = ThreadPoolExecutor(BOT_THREADS, thread_name_prefix="townwidget-bot")

    def check(self, spec: Any) -> str:
        """The label of the bot ``spec`` names (an agent's name or a file of the agents folder), or a 400."""
        if isinstance(spec, str) and spec.endswith(".py"):
            return Path(self._file(spec)).stem
        try:
            name = agent_name(spec)
        except ValueError as error:
            raise TableError(400, f"bots: {error}, or a submission file (.py) of the server's agents folder") from None
        if asks_to_peek(make_agent(name, seed=0)):
            raise TableError(400, f"bots: {name!r} peeks at hidden tiles: it may not sit at a table")
        return name

    def _file(self, spec: str) -> str:
        if self.agents_dir is None:
            raise TableError(400, "this server takes no submission files (start it with --agents DIR)")
        if Path(spec).name != spec or spec.startswith("."):
            raise TableError(400, f"a submission is named by its file name in the agents folder, not {shown(spec)}")
        path = self.agents_dir / spec
        if not path.is_file():
            raise TableError(400, f"no submission {spec!r} in the server's agents folder")
        return str(path)

    def agent(self, table: str, seat: int, spec: str, seed: int) -> Any:
        """The bot of ``seat`` at ``table`` (made once; a stand-in is keyed by its name)."""
        key = (table, seat, spec)
        if key not in self._agents:
            if spec.endswith(".py"):
                self._agents[key] = IsolatedAgent(self._file(spec), move_seconds=self.seconds)
            else:
                self._agents[key] = make_agent(spec, seed=_seat_seed(seed, seat))
        return self._agents[key]

    async def choose(self, agent: Any, view: Any) -> Any:
        """The bot's action as plain JSON data; a fault is a :class:`BotFault`."""
        loop = asyncio.get_running_loop()
        try:
            action = await asyncio.wait_for(loop.run_in_executor(self._threads, agent.act, view), self.seconds)
        except asyncio.TimeoutError:
            raise BotFault("timeout", f"no move within {self.seconds:g} s") from None
        except Exception as error:  # an isolated agent's forfeit carries its reason
            reason = getattr(error, "reason", "error")
            raise BotFault(reason if isinstance(reason, str) else "error", f"{type(error).__name__}: {error}") from None
        data = action_data(action)
        try:
            plain = json.loads(json.dumps(data))
        except (TypeError, ValueError, RecursionError) as error:
            raise BotFault("invalid", f"returned an action that is no JSON data: {error}") from None
        if not isinstance(plain, dict):
            raise BotFault("invalid", f"returned {shown(plain)}: an action is an object")
        return plain

    def forget(self, table: str) -> None:
        """The table is over: its bots go (isolated ones stop their processes)."""
        for key in [key for key in self._agents if key[0] == table]:
            close = getattr(self._agents.pop(key), "close", None)
            if callable(close) and key[2].endswith(".py"):
                close()

    def close(self) -> None:
        for table in {key[0] for key in self._agents}:
            self.forget(table)
        self._threads.shutdown(wait=False, cancel_futures=True)


def _seat_seed(seed: int, seat: int) -> int:
    """A bot's seed: fixed by the table's and the seat, and no way back to the deal's."""
    return int.from_bytes(hashlib.sha256(f"townwidget-table-bot:{seed}:{seat}".encode()).digest()[:8], "big")
