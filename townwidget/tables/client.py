"""The Python client of a table server: :class:`Client` (tables, records) and :class:`Seat` (one seat's view,
moves and live updates, reconnecting by itself when the server restarts).

>>> from townwidget.tables import Client, Server
>>> import tempfile, os
>>> with tempfile.TemporaryDirectory() as folder, Server(os.path.join(folder, "t.sqlite"), port=0) as server:
...     client = Client(server.url)
...     table = client.create("town44", players=2, bots={1: "greedy"}, seed=3)
...     ana = client.join(table, "Ana")
...     view = ana.view()
...     ana.seat, view["current_player"], ana.revision
(0, 0, 0)
"""

from __future__ import annotations

import http.client
import json
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from typing import Any

from townwidget.core.registry import GameRecord
from townwidget.tables.table import HINT_SECONDS, TableError

RETRY_SECONDS = 15.0  # how long a request or a live connection keeps trying while the server is away
REFUSED_CLOSES = range(4000, 5000)  # a live connection the server refused (bad token, unknown table): no retry


class Client:
    """The tables of the server at ``url`` (e.g. ``http://127.0.0.1:8765``)."""

    def __init__(self, url: str, timeout: float = 10.0, retry_seconds: float = RETRY_SECONDS) -> None:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError(f"a table server's address is http(s)://HOST:PORT, not {url!r}")
        self.url = f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"
        self.timeout, self.retry_seconds = timeout, retry_seconds

    def create(
        self,
        game: str = "town77",
        players: int = 2,
        bots: dict[int, str] | None = None,
        turn_seconds: float | None = None,
        seed: int | None = None,
        stand_in: str | None = None,
        hints: bool = False,
    ) -> str:
        """A new table; returns its id. ``bots``: {seat: agent name or submission file of the server's folder};
        ``hints``: whether a seat may ask the server for a hint (:meth:`Seat.hint`)."""
        body: dict[str, Any] = {"game": game, "players": players, "turn_seconds": turn_seconds, "seed": seed}
        if hints:
            body["hints"] = True
        body["bots"] = {str(seat): agent for seat, agent in (bots or {}).items()}
        if stand_in is not None:
            body["stand_in"] = stand_in
        return str(self.request("POST", "/api/tables", body)["table"])

    def join(self, table: str, name: str, seat: int | None = None) -> Seat:
        """Take an open seat (``seat``, or the first) under ``name``."""
        body: dict[str, Any] = {"name": name} if seat is None else {"name": name, "seat": seat}
        answer = self.request("POST", f"/api/tables/{_quoted(table)}/join", body)
        return Seat(self, table, answer["seat"], answer["token"])

    def tables(self) -> list[dict[str, Any]]:
        """Every table: game, seats (name, bot, connected), whose turn, finished, revision."""
        return list(self.request("GET", "/api/tables")["tables"])

    def table(self, table: str) -> dict[str, Any]:
        """What a spectator sees: ``{"revision", "view", "status", ...}``."""
        return self.request("GET", f"/api/tables/{_quoted(table)}")

    def record(self, table: str) -> GameRecord:
        """A finished table's game (``registry.replay`` plays it to the same final state)."""
        return GameRecord.from_dict(self.request("GET", f"/api/tables/{_quoted(table)}/record"))

    def records(self) -> list[GameRecord]:
        """Every finished game of the server, as records (the review, the arena's summaries, the lessons)."""
        return [self.record(entry["table"]) for entry in self.tables() if entry["finished"]]

    def watch(self, table: str, timeout: float | None = None) -> Iterator[dict[str, Any]]:
        """A spectator's live messages (``{"revision", "view", "status"}``), until the game is over."""
        return _live(self, table, None, timeout)

    def request(
        self, method: str, path: str, body: Any = None, token: str | None = None, timeout: float | None = None
    ) -> dict[str, Any]:
        """One API call (``timeout``: seconds to wait for its answer, default the client's); a refusal raises
        :class:`TableError` (status and words); the server away is retried for ``retry_seconds``."""
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = {"Content-Type": "application/json"}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        deadline = time.monotonic() + self.retry_seconds
        while True:
            request = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=timeout or self.timeout) as response:
                    return dict(json.loads(response.read()))
            except urllib.error.HTTPError as error:
                raise _refusal(error) from None
            except (urllib.error.URLError, http.client.HTTPException, ConnectionError) as error:
                if time.monotonic() > deadline:
                    raise ConnectionError(f"the table server at {self.url} does not answer: {error}") from None
                time.sleep(0.1)


class Seat:
    """A seat at a table: ``view()``, ``act(action)``, ``updates()``. The token is this seat's only key: keep it
    (``to_dict()``) and give it to no one."""

    def __init__(self, client: Client, table: str, seat: int, token: str) -> None:
        self.client, self.table, self.seat, self.token = client, table, seat, token
        self.revision: int | None = None  # of the last view seen
        self.status: dict[str, Any] | None = None  # the table's public summary with the last view

    def view(self) -> dict[str, Any]:
        """This seat's view now: the engine's ``to_dict(viewer=seat)``."""
        return self._seen(self.client.request("GET", f"/api/tables/{_quoted(self.table)}", token=self.token))

    def act(self, action: Any, revision: int | None = None) -> int:
        """Play ``action`` (the engine's JSON form, or an action object) at ``revision`` (default: the last one
        seen); returns the new revision. A refusal raises :class:`TableError` in the engine's or the server's words."""
        revision = self._at(revision)
        data = action.to_dict() if callable(getattr(type(action), "to_dict", None)) else action
        body = {"revision": revision, "action": data}
        answer = self.client.request("POST", f"/api/tables/{_quoted(self.table)}/move", body, token=self.token)
        self.revision = int(answer["revision"])
        return self.revision

    def hint(self, lang: str = "en", revision: int | None = None) -> dict[str, Any]:
        """The server's hint for this seat on its turn, from its view alone (``Hint.to_dict()``: ``action``,
        ``text`` in ``lang``, ``value``...), at ``revision`` (default: the last one seen); refused (a
        :class:`TableError`) where the table was created without hints."""
        revision = self._at(revision)
        path = f"/api/tables/{_quoted(self.table)}/hint"
        body = {"revision": revision, "lang": lang}
        answer = self.client.request("POST", path, body, token=self.token, timeout=HINT_SECONDS + self.client.timeout)
        return dict(answer["hint"])

    def _at(self, revision: int | None) -> int | None:
        """``revision``, or the last one seen (the view is asked for if none was)."""
        if revision is None and self.revision is None:
            self.view()
        return self.revision if revision is None else revision

    def messages(self, timeout: float | None = None) -> Iterator[dict[str, Any]]:
        """Every live message to this seat (a new view, or a change of who is connected), reconnecting by itself,
        until the game is over; ``timeout``: seconds without a message before ``TimeoutError``."""
        for message in _live(self.client, self.table, self.token, timeout):
            self._seen(message)
            yield message

    def updates(self, timeout: float | None = None) -> Iterator[dict[str, Any]]:
        """Each new view of this seat as it happens (the current one first), until the game is over."""
        shown = -1
        for message in self.messages(timeout):
            if message["revision"] > shown:
                shown = message["revision"]
                yield message["view"]

    def _seen(self, message: dict[str, Any]) -> dict[str, Any]:
        self.revision, self.status = int(message["revision"]), message.get("status")
        return dict(message["view"])

    def to_dict(self) -> dict[str, Any]:
        """What rejoins this seat later (a kernel restart): the server, the table, the seat and its token."""
        return {"url": self.client.url, "table": self.table, "seat": self.seat, "token": self.token}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        return cls(Client(data["url"]), data["table"], int(data["seat"]), data["token"])

    def __repr__(self) -> str:
        return f"Seat(table={self.table!r}, seat={self.seat}, url={self.client.url!r})"


def _live(client: Client, table: str, token: str | None, timeout: float | None) -> Iterator[dict[str, Any]]:
    """The live messages of a table for ``token`` (None: a spectator), reconnecting while the server is away."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake
    from websockets.sync.client import connect

    address = client.url.replace("http", "ws", 1) + f"/api/tables/{_quoted(table)}/live"
    away_since: float | None = None
    while True:
        try:
            with connect(address, open_timeout=client.timeout, max_size=None) as socket:
                socket.send(json.dumps({"token": token}))
                away_since = None
                while True:
                    message = json.loads(socket.recv(timeout=timeout))
                    if "error" in message:
                        raise TableError(int(message.get("status", 400)), message["error"])
                    yield message
                    if message["status"]["finished"]:
                        return
        except TimeoutError:
            raise TimeoutError(f"no message from table {table} in {timeout} s") from None
        except (ConnectionClosed, InvalidHandshake, OSError) as error:
            code = getattr(getattr(error, "rcvd", None), "code", None)
            if isinstance(code, int) and code in REFUSED_CLOSES:
                raise TableError(code - 4000, f"the server closed the live connection ({code})") from None
            away_since = away_since or time.monotonic()
            if time.monotonic() - away_since > client.retry_seconds:
                raise ConnectionError(f"the table server at {client.url} is away: {error}") from None
            time.sleep(0.1)


def _refusal(error: urllib.error.HTTPError) -> TableError:
    try:
        words = json.loads(error.read())["error"]
    except (ValueError, KeyError, TypeError):
        words = f"HTTP {error.code} {error.reason}"
    return TableError(error.code, str(words))


def _quoted(table: str) -> str:
    return urllib.parse.quote(str(table), safe="")
