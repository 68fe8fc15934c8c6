"""The bots of a table server: agents of :func:`townwidget.agents.make_agent` by name, played in worker processes
beside the server's event loop (a bot's search never slows the other tables), and submission files from the
server's agents folder, each played isolated in its own process as in the arena
(:class:`townwidget.arena.IsolatedAgent`). A bot that raises, answers no legal action or takes longer than its
time forfeits, as in the arena; the table goes on.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import multiprocessing
import os
import time
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from townwidget.agents import agent_name, make_agent
from townwidget.arena import IsolatedAgent
from townwidget.core import action_data, asks_to_peek
from townwidget.core.checks import shown
from townwidget.core.language import speaking
from townwidget.core.protocol import State
from townwidget.core.registry import families
from townwidget.tables.table import HINT_SECONDS, TableError

BOT_SECONDS = 10.0  # wall-clock seconds a bot has for one move
BOT_THREADS = 4
BOT_PROCESSES = max(1, min(4, (os.cpu_count() or 2) - 1))


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
        self._threads = ThreadPoolExecutor(BOT_THREADS, thread_name_prefix="townwidget-bot")  # isolated agents
        self._pool: ProcessPoolExecutor | None = None
        self._starting = asyncio.Lock()

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

    async def choose(self, table: str, seat: int, spec: str, seed: int, state: State) -> Any:
        """The move of the bot ``spec`` in ``seat`` (plain JSON data); a fault is a :class:`BotFault`.

        A package agent thinks in a worker process (its search holds no lock the server's event loop needs),
        made afresh for each move from the seat's view alone and seeded from the table's seed, the seat and the
        move; a submission file in its isolated process, asked from a thread."""
        loop = asyncio.get_running_loop()
        if spec.endswith(".py"):
            key = (table, seat, spec)
            if key not in self._agents:
                self._agents[key] = IsolatedAgent(self._file(spec), move_seconds=self.seconds)
            asked = loop.run_in_executor(self._threads, self._agents[key].act, state.view(seat))
        else:
            form = state.to_dict(viewer=seat)
            move_seed = _seat_seed(seed, seat, len(state.history))
            asked = asyncio.wrap_future((await self._workers()).submit(_think, spec, move_seed, form, seat))
        try:
            action = await asyncio.wait_for(asked, self.seconds)
        except asyncio.TimeoutError:
            raise BotFault("timeout", f"no move within {self.seconds:g} s") from None
        except BrokenExecutor as error:  # a worker died: the next move gets a new pool
            self._pool = None
            raise BotFault("crash", f"the bot's worker process died: {error}") from None
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

    async def hint(self, form: dict[str, Any], seat: int, lang: str) -> dict[str, Any]:
        """The hint for ``seat`` from its view's JSON form alone (:func:`seat_hint`), in a worker process; a
        :class:`TableError` (503) past :data:`HINT_SECONDS`."""
        asked = asyncio.wrap_future((await self._workers()).submit(seat_hint, form, seat, lang))
        try:
            return await asyncio.wait_for(asked, HINT_SECONDS)
        except asyncio.TimeoutError:
            raise TableError(503, f"the hint took longer than {HINT_SECONDS:g} s: try again in a moment") from None
        except BrokenExecutor:
            self._pool = None
            raise TableError(503, "the hint's worker process died: try again") from None

    def forget(self, table: str) -> None:
        """The table is over: its bots go (isolated ones stop their processes)."""
        for key in [key for key in self._agents if key[0] == table]:
            self._agents.pop(key).close()

    async def _workers(self) -> ProcessPoolExecutor:
        """The worker processes, started at the first bot's move (a server without bots starts none); each is
        ready (the package imported) before any move is timed."""
        async with self._starting:
            if self._pool is None:
                spawn = multiprocessing.get_context("spawn")  # the server has threads: no fork
                pool = ProcessPoolExecutor(BOT_PROCESSES, mp_context=spawn)
                await asyncio.gather(*(asyncio.wrap_future(pool.submit(_ready)) for _ in range(BOT_PROCESSES)))
                self._pool = pool
            return self._pool

    def close(self) -> None:
        for table in {key[0] for key in self._agents}:
            self.forget(table)
        self._threads.shutdown(wait=False, cancel_futures=True)
        if self._pool is not None:  # stopped at once: a search under way is no reason to keep a server up
            workers = list((getattr(self._pool, "_processes", None) or {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for worker in workers:
                worker.kill()
                worker.join(1)


def _ready() -> None:
    """In a new worker process: import what every bot needs (its start is no bot's time)."""
    import townwidget.agents.greedy  # noqa: F401

    time.sleep(0.1)  # busy a moment: the pool gives each warm-up its own worker


def _think(spec: str, seed: int, form: dict[str, Any], seat: int) -> Any:
    """In a worker process: the move of a package agent from the seat's view (its JSON form) alone."""
    view = _view_of(form, seat)
    return action_data(make_agent(spec, seed=seed).act(view))


def seat_hint(form: dict[str, Any], seat: int, lang: str) -> dict[str, Any]:
    """The advice layer's hint (:func:`townwidget.advice.hint`, as a widget asks it) for ``seat``, from its view's
    JSON form alone, worded in ``lang``: its JSON form (``Hint.to_dict()``). Two positions the seat cannot tell apart
    get the same hint."""
    from townwidget.advice import hint

    with speaking(lang):
        return hint(_view_of(form, seat)).to_dict()


def _view_of(form: dict[str, Any], seat: int) -> Any:
    for family in families():
        if form.get("format") in family.formats and family.view_from_dict is not None:
            return family.view_from_dict(form, seat)
    raise ValueError(f"no game rebuilds a view of format {shown(form.get('format'))}")


def _seat_seed(seed: int, seat: int, move: int) -> int:
    """A bot's seed for one move: fixed by the table's seed, the seat and the move, with no way back to the deal."""
    digest = hashlib.sha256(f"townwidget-table-bot:{seed}:{seat}:{move}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
