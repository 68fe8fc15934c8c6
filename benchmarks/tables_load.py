"""The table server under a class's load, on loopback only: simulated people at many tables at once.

    python benchmarks/tables_load.py [--tables 200] [--clients 500] [--seconds 30] [--think 0.5 2.5] [--no-save]

``townwidget serve`` runs in its own process (a fresh store in a temporary folder). ``--tables`` tables of 2 to 4
seats (Town 77 and Little Town alternately) are created, seats beyond ``--clients`` people go to bots ("random",
"greedy"), and each person is a WebSocket client (``{"token": T}``, then every pushed message) that, when its view
says it is to act, thinks for a time drawn from ``--think`` seconds and plays a random legal move (rebuilt from its
view alone) over HTTP with keep-alive. For ``--seconds`` it measures:

- the delivery time: from a move's acknowledgement (its HTTP answer read by the mover) to every person of that
  table having received the new revision (0 when the pushes came first): median and 99th percentile, each with its
  95% interval from order statistics;
- moves per second sustained (people's and bots', from the server's revisions), the mean over 5-second windows
  with its t interval;
- the server's memory per table: its resident memory with every table and client in place, less its memory before
  the first table, divided by the tables;
- errors: any refused move, failed request or live connection lost (0 expected).

The client side runs in this process, one event loop; on a machine with few cores it competes with the server for
them, so the delivery times are an upper bound of the server's own. Last line: the figures as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import results
from websockets.asyncio.client import connect

from townwidget.core.registry import lookup

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("town77", "littletown")
WINDOW = 5.0  # seconds of one moves-per-second window


class Http:
    """One keep-alive HTTP/1.1 connection (a table's people share it, one request at a time)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.lock = asyncio.Lock()
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Length: {len(data)}\r\n"
        head += "Content-Type: application/json\r\n" + (f"Authorization: Bearer {token}\r\n" if token else "")
        async with self.lock:
            for _ in range(2):  # a connection idle past the server's keep-alive is closed: open a new one
                if self.streams is None:
                    self.streams = await asyncio.open_connection(self.host, self.port)
                reader, writer = self.streams
                try:
                    writer.write(head.encode() + b"\r\n" + data)
                    await writer.drain()
                    first = await reader.readline()
                except ConnectionError:
                    first = b""
                if first:
                    break
                writer.close()
                self.streams = None
            status = int(first.split()[1])
            length = 0
            while (line := await reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            return status, json.loads(await reader.readexactly(length))


class Load:
    """The run's measurements, gathered by every client."""

    def __init__(self) -> None:
        self.acked: dict[tuple[str, int], float] = {}  # (table, revision) -> when the mover read the answer
        self.received: dict[tuple[str, int], list[float]] = {}  # -> when each person got that revision
        self.people: dict[str, int] = {}
        self.errors: list[str] = []
        self.measuring = False


async def person(url: str, http: Http, load: Load, table: str, game: str, join: dict[str, Any], think: Any) -> None:
    """One simulated person: follows the table live and plays a random legal move after a think time."""
    rng = random.Random(join["token"])
    seat, acting = join["seat"], -1
    try:
        async with connect(url.replace("http", "ws") + f"/api/tables/{table}/live", max_size=None) as socket:
            await socket.send(json.dumps({"token": join["token"]}))
            async for text in socket:
                message = json.loads(text)
                revision = message["revision"]
                load.received.setdefault((table, revision), []).append(time.perf_counter())
                view = message["view"]
                if message["status"]["finished"] or view["current_player"] != seat or acting == revision:
                    continue
                acting = revision
                asyncio.get_running_loop().create_task(
                    _move(http, load, table, game, seat, join, view, revision, rng, think)
                )
    except Exception as error:  # a live connection lost is an error of the run
        if load.measuring:
            load.errors.append(f"live {table}/{seat}: {error!r}")


async def _move(
    http: Http, load: Load, table: str, game: str, seat: int, join: dict[str, Any], view: Any, revision: int,
    rng: random.Random, think: tuple[float, float],
) -> None:  # fmt: skip
    await asyncio.sleep(rng.uniform(*think))
    actions = lookup(game).view_from_dict(view, seat).legal_actions()  # type: ignore[misc]
    body = {"revision": revision, "action": rng.choice(actions).to_dict()}
    try:
        status, answer = await http.request("POST", f"/api/tables/{table}/move", body, join["token"])
    except Exception as error:
        load.errors.append(f"move {table}: {error!r}")
        return
    if status != 200:
        load.errors.append(f"move {table}: {status} {answer}")
        return
    if load.measuring:
        load.acked[(table, answer["revision"])] = time.perf_counter()


def server_memory_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def quantile_interval(values: list[float], q: float) -> tuple[float, float, float]:
    """The ``q`` quantile and its 95% interval from order statistics (normal approximation of the binomial)."""
    ordered = sorted(values)
    n = len(ordered)
    spread = 1.96 * math.sqrt(n * q * (1 - q))
    at = min(n - 1, int(q * n))
    return ordered[at], ordered[max(0, math.floor(q * n - spread))], ordered[min(n - 1, math.ceil(q * n + spread))]


def seats_of(tables: int, clients: int, rng: random.Random) -> list[tuple[str, int, int]]:
    """(game, players, people) per table: 2 to 4 seats, ``clients`` people in all, the other seats bots."""
    layout = [(GAMES[index % 2], rng.randint(2, 4)) for index in range(tables)]
    people = [1] * tables  # every table has a person; the rest are spread at random over the free seats
    free = [index for index, (_, players) in enumerate(layout) for _ in range(players - 1)]
    rng.shuffle(free)
    for index in free[: max(0, clients - tables)]:
        people[index] += 1
    return [(game, players, count) for (game, players), count in zip(layout, people, strict=True)]


async def run(args: argparse.Namespace, url: str, pid: int) -> dict[str, Any]:
    parts = url.split("//")[1].split(":")
    host, port = parts[0], int(parts[1])
    load = Load()
    rng = random.Random(1)
    memory_before = server_memory_kb(pid)
    began = time.perf_counter()
    setup = Http(host, port)
    followers: list[asyncio.Task[None]] = []
    think = tuple(args.think)
    layout = seats_of(args.tables, args.clients, rng)
    for game, players, people in layout:
        bots = {str(seat): rng.choice(("random", "greedy")) for seat in range(people, players)}
        status, created = await setup.request("POST", "/api/tables", {"game": game, "players": players, "bots": bots})
        assert status == 201, created
        table, http = created["table"], Http(host, port)
        load.people[table] = people
        for _ in range(people):
            status, join = await setup.request("POST", f"/api/tables/{table}/join", {"name": "load"})
            assert status == 201, join
            followers.append(asyncio.create_task(person(url, http, load, table, game, join, think)))
    print(f"{len(layout)} tables and {len(followers)} clients set up in {time.perf_counter() - began:.1f} s", flush=True)
    await asyncio.sleep(2.0)  # every client connected and its first message in
    memory_after = server_memory_kb(pid)
    load.acked.clear()
    load.measuring = True
    windows: list[float] = []
    revisions = await _revisions(setup)
    for _ in range(max(1, int(args.seconds // WINDOW))):
        await asyncio.sleep(WINDOW)
        now = await _revisions(setup)
        windows.append((now - revisions) / WINDOW)
        revisions = now
    load.measuring = False  # no move is timed past here; those acknowledged get a second to arrive
    await asyncio.sleep(1.0)
    for task in followers:
        task.cancel()
    delays = []
    for (table, revision), acked in load.acked.items():
        got = load.received.get((table, revision), [])
        if len(got) == load.people[table]:
            delays.append(max(0.0, max(got) - acked) * 1000)
        else:
            load.errors.append(f"table {table} revision {revision}: {len(got)} of {load.people[table]} got it")
    return {
        "delays": delays,
        "windows": windows,
        "memory_per_table_kb": (memory_after - memory_before) / args.tables,
        "errors": load.errors,
        "clients": sum(people for _, _, people in layout),
    }


async def _revisions(http: Http) -> int:
    status, listing = await http.request("GET", "/api/tables")
    return sum(table["revision"] for table in listing["tables"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--clients", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, nargs=2, default=(0.5, 2.5), help="think time range, seconds")
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "townwidget", "serve", "--db", os.path.join(folder, "load.sqlite")]
        command += ["--port", "0", "--rate", "1000000", "--burst", "1000000"]
        server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None
            url = server.stdout.readline().split("serving ")[1].split()[0]
            found = asyncio.run(run(args, url, server.pid))
        finally:
            server.terminate()
            server.wait(10)
    report(args, found)


def _ms(found: tuple[float, float, float]) -> tuple[float, str, tuple[float, float]]:
    value, low, high = (round(part, 2) for part in found)
    return value, "ms", (low, high)


def report(args: argparse.Namespace, found: dict[str, Any]) -> None:
    delays, windows = found["delays"], found["windows"]
    median, p99 = (quantile_interval(delays, q) for q in (0.5, 0.99))
    label = f"{args.tables} tables, {found['clients']} live clients"
    figures = [
        results.Figure(f"delivery median, ack to every seat ({label})", *_ms(median)),
        results.Figure(f"delivery 99th percentile ({label})", *_ms(p99)),
        results.mean_figure(f"moves per second sustained ({label})", windows, "moves/s"),
        results.Figure(f"server memory per table ({label})", round(found["memory_per_table_kb"], 1), "KiB"),
        results.Figure(f"errors ({label}, {args.seconds:g} s)", len(found["errors"]), "errors"),
    ]  # fmt: skip
    for figure in figures:
        print(f"{figure.label}: {figure.value} {figure.unit} {figure.interval or ''}")
    print(f"{len(delays)} moves timed; first errors: {found['errors'][:3]}")
    if not args.no_save:
        results.save(__file__, figures)
    print(json.dumps({figure.label: figure.value for figure in figures}))


if __name__ == "__main__":
    main()
