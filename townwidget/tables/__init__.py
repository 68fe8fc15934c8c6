"""Tables: people play each other (and bots) on a real server that loses nothing and lets no one cheat.

- :class:`Server` (``townwidget serve``): the HTTP JSON API and the WebSockets of docs/tables.md, on Starlette
  and uvicorn, over one SQLite file where every accepted move is committed before it is acknowledged.
- :class:`Client` and :class:`Seat`: create tables, join a seat, see its view, move, follow the table live, and
  read every finished game as a :class:`~townwidget.core.registry.GameRecord`.

Needs the extra: ``pip install "townwidget[tables]"``. A seat sees exactly the engine's ``to_dict(viewer=seat)``;
a spectator the engine's public view (``to_dict(viewer=PUBLIC)``).
"""

from __future__ import annotations

from typing import Any

from townwidget.tables.client import Client, Seat
from townwidget.tables.server import Server, serve
from townwidget.tables.store import SCHEMA_VERSION, StoreError
from townwidget.tables.table import TableError

__all__ = ["SCHEMA_VERSION", "Client", "Lobby", "Seat", "Server", "StoreError", "TableError", "serve"]


def __getattr__(name: str) -> Any:
    """``Lobby`` (an anywidget) is imported when asked for: the server runs without the widget extra."""
    if name == "Lobby":
        from townwidget.tables.lobby import Lobby

        return Lobby
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
