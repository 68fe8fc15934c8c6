"""Helpers of the table server's tests: a seat's legal moves from its view alone, raw HTTP (for bodies no
well-behaved client sends), and a refusal that must change nothing."""

from __future__ import annotations

import http.client
import json
import random
import urllib.parse
from typing import Any

from townwidget.core.registry import lookup
from townwidget.tables import Client, TableError


def legal_moves(game: str, view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The seat's legal actions, rebuilt from its view (what a client has; never the full state)."""
    rebuilt = lookup(game).view_from_dict(view, seat)  # type: ignore[misc]
    return [action.to_dict() for action in rebuilt.legal_actions()]


def random_move(game: str, view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    return rng.choice(legal_moves(game, view, seat))


def raw(url: str, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """One HTTP request as sent (any bytes, any headers): the status and the parsed JSON answer."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    try:
        chunked = body is not None and not isinstance(body, bytes)  # an iterator of chunks: no length told
        connection.request(method, path, body=body, headers=headers or {}, encode_chunked=chunked)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def everything(client: Client, seats: list[Any]) -> Any:
    """All a table server tells: the list, and each seat's view (the spectator's where the game has one)."""
    return client.tables(), [seat.view() for seat in seats]


def refused(client: Client, seats: list[Any], status: int, words: str, call: Any) -> None:
    """``call()`` is refused with ``status`` and words holding ``words``, and nothing the server tells changed."""
    before = everything(client, seats)
    try:
        call()
    except TableError as error:
        assert (error.status, words in error.words) == (status, True), (error.status, error.words)
    else:
        raise AssertionError(f"not refused: expected {status} {words!r}")
    assert everything(client, seats) == before
