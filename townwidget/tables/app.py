"""The HTTP JSON API and the WebSocket of a table server (Starlette): every route of docs/tables.md.

Untrusted input is refused before it reaches a table: bodies over :data:`MAX_BODY` bytes (413), bodies that are
no JSON (400), floods past the rate limit (429), unknown tables and routes (404); every refusal is a JSON object
``{"error": words}`` with a 4xx status, and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from townwidget.tables.hub import Connection, Hub
from townwidget.tables.table import TableError, dumps

MAX_BODY = 1_000_000  # bytes of a request's body (and of a WebSocket message)
FIRST_MESSAGE_SECONDS = 10.0  # for a live connection's {"token": ...}
RATE, BURST = 20.0, 60  # requests a second per seat's token (or per address without one), and the burst allowed
CLOSE_CODES = {400: 4400, 401: 4401, 404: 4404, 429: 4429}  # a refused live connection's close code: 4000 + status


class RateLimit:
    """A token bucket per key (a seat's token, or the client's address): ``rate`` a second, ``burst`` at once."""

    def __init__(self, rate: float = RATE, burst: int = BURST) -> None:
        self.rate, self.burst = rate, burst
        self._buckets: dict[str, tuple[float, float]] = {}

    def check(self, key: str) -> None:
        moment = time.monotonic()
        level, last = self._buckets.get(key, (float(self.burst), moment))
        level = min(float(self.burst), level + (moment - last) * self.rate)
        if level < 1:
            raise TableError(429, f"too many requests: at most {self.rate:g} a second; wait a moment and try again")
        self._buckets[key] = (level - 1, moment)
        if len(self._buckets) > 100_000:  # forget the full buckets of those gone quiet
            self._buckets = {k: v for k, v in self._buckets.items() if v[0] < self.burst - 1}


def create_app(hub: Hub, rate: float = RATE, burst: int = BURST, pages: Sequence[BaseRoute] = ()) -> Starlette:
    """The server's application over ``hub`` (which it closes when it stops); ``pages``: routes besides the API's
    (the pages of :mod:`townwidget.pages`)."""
    limit = RateLimit(rate, burst)

    def guarded(
        handler: Callable[[Request, str | None], Awaitable[dict[str, Any]]], status: int = 200
    ) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            token = bearer(request)
            limit.check(token if token is not None and hub.known_token(token) else address(request))
            return JSONResponse(await handler(request, token), status_code=status)

        return endpoint

    async def create(request: Request, token: str | None) -> dict[str, Any]:
        return await hub.create(await read_json(request))

    async def listing(request: Request, token: str | None) -> dict[str, Any]:
        return hub.listing()

    async def look(request: Request, token: str | None) -> dict[str, Any]:
        return hub.look(request.path_params["table"], token)

    async def join(request: Request, token: str | None) -> dict[str, Any]:
        hub.table(request.path_params["table"])
        return await hub.join(request.path_params["table"], await read_json(request))

    async def move(request: Request, token: str | None) -> dict[str, Any]:
        hub.table(request.path_params["table"])
        return await hub.move(request.path_params["table"], token, await read_json(request))

    async def hint(request: Request, token: str | None) -> dict[str, Any]:
        hub.table(request.path_params["table"])
        return await hub.hint(request.path_params["table"], token, await read_json(request))

    async def record(request: Request, token: str | None) -> dict[str, Any]:
        return hub.record(request.path_params["table"])

    async def live(socket: WebSocket) -> None:
        await socket.accept()
        try:
            limit.check(address(socket))
            table = hub.table(socket.path_params["table"])
            first = await asyncio.wait_for(socket.receive_text(), FIRST_MESSAGE_SECONDS)
            seat = _seat_of_first(hub, table, first)
        except (TableError, asyncio.TimeoutError, WebSocketDisconnect, KeyError) as error:
            await _refuse(socket, error)
            return
        connection = Connection(socket.send_text, socket.close, seat)
        hub.connect(table, connection)
        try:
            while True:  # nothing is expected after the token: what comes is read and dropped, within the limit
                await socket.receive_text()
                limit.check(address(socket))
        except (WebSocketDisconnect, TableError, KeyError, RuntimeError):
            pass
        finally:
            hub.disconnect(table, connection)
            with contextlib.suppress(Exception):
                await socket.close()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.start()
        try:
            yield
        finally:
            hub.close()

    routes = [
        Route("/api/tables", guarded(create, 201), methods=["POST"]),
        Route("/api/tables", guarded(listing), methods=["GET"]),
        Route("/api/tables/{table}", guarded(look), methods=["GET"]),
        Route("/api/tables/{table}/join", guarded(join, 201), methods=["POST"]),
        Route("/api/tables/{table}/move", guarded(move), methods=["POST"]),
        Route("/api/tables/{table}/hint", guarded(hint), methods=["POST"]),
        Route("/api/tables/{table}/record", guarded(record), methods=["GET"]),
        WebSocketRoute("/api/tables/{table}/live", live),
        *pages,
    ]
    handlers = {TableError: refused, HTTPException: http_refused, Exception: failed}
    return Starlette(routes=routes, exception_handlers=handlers, lifespan=lifespan)


def _seat_of_first(hub: Hub, table: Any, text: str) -> int | None:
    """The seat a live connection's first message names (``{"token": T}``; ``{"token": null}``: a spectator)."""
    try:
        first = json.loads(text)
    except (ValueError, RecursionError):
        first = None
    if not isinstance(first, dict) or set(first) != {"token"}:
        raise TableError(400, 'the first message is {"token": T} (or {"token": null} to watch)')
    token = first["token"]
    if token is None:
        table.view(None)  # a game without a spectator's view says so here
        return None
    seat: int = table.seat_of(token)
    return seat


async def _refuse(socket: WebSocket, error: Exception) -> None:
    if isinstance(error, TableError):
        status, words = error.status, error.words
    elif isinstance(error, asyncio.TimeoutError):
        status, words = 400, f'no {{"token": ...}} within {FIRST_MESSAGE_SECONDS:g} s'
    else:
        return
    with contextlib.suppress(Exception):
        await socket.send_text(dumps({"error": words, "status": status}))
        await socket.close(CLOSE_CODES.get(status, 4000 + status))


def bearer(request: Request) -> str | None:
    """The token of ``Authorization: Bearer T``, or None."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise TableError(401, "the Authorization header is 'Bearer TOKEN'")
    return token.strip()


def address(connection: Request | WebSocket) -> str:
    return connection.client.host if connection.client else "unknown"


async def read_json(request: Request) -> Any:
    """The request's body as JSON, at most :data:`MAX_BODY` bytes (counted as it arrives, whatever the headers say)."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise TableError(413, f"the body is over {MAX_BODY} bytes")
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                raise TableError(413, f"the body is over {MAX_BODY} bytes")
    except ClientDisconnect:
        raise TableError(400, "the body was cut off: the client went away") from None
    try:
        return json.loads(body, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:
        raise TableError(400, f"the body is not JSON: {error}") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


async def refused(request: Request, error: Exception) -> Response:
    assert isinstance(error, TableError)
    headers = {"Retry-After": "1"} if error.status == 429 else None
    return JSONResponse({"error": error.words}, status_code=error.status, headers=headers)


async def http_refused(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    words = {404: "no such route (see docs/tables.md)", 405: f"method {request.method} is not allowed here"}
    return JSONResponse({"error": words.get(error.status_code, error.detail)}, status_code=error.status_code)


async def failed(request: Request, error: Exception) -> Response:
    return JSONResponse({"error": "the server failed on this request (see its log)"}, status_code=500)
