"""The widget behind a table's page: one :class:`~townwidget.widget.TownWidget` or
:class:`~townwidget.widget.LittleTownWidget` per open page, seated at the table with the page's token, its comm
relayed over the page's WebSocket (``/tables/ID/page``) in place of a kernel's.

The page sends ``{"token": T, "lang": "en"}`` first, then the messages a front end sends a widget's comm
(``{"method": "custom", "content": intent}``, ``{"method": "update", "state": {"drawn": n}}``); it receives
``{"method": "open", "widget": "town", "state": {...}}`` (every synced trait) and then the comm's ``update``
messages. The widget is the one of a notebook: it checks every intent as untrusted input, and what it sends is built
from the seat's view only. It runs on threads (a move is a request to this same server), never on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from townwidget.core.language import check_language
from townwidget.core.registry import lookup

FIRST_MESSAGE_SECONDS = 10.0


class PageComm:
    """Stands in for a kernel's comm: what the widget sends goes to the page, from whichever thread sends it."""

    kernel = "a table's page"  # ipywidgets sends only on comms that have one
    comm_id = "page"

    def __init__(self, loop: asyncio.AbstractEventLoop, outbox: asyncio.Queue[str | None]) -> None:
        self.loop, self.outbox = loop, outbox
        self.handler: Any = None

    def send(self, data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        self.put(json.dumps(data, separators=(",", ":"), ensure_ascii=False))

    def put(self, text: str | None) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has closed: the page is gone
            self.loop.call_soon_threadsafe(self.outbox.put_nowait, text)

    def on_msg(self, callback: Any) -> None:
        self.handler = callback

    def close(self, *args: Any, **kwargs: Any) -> None:
        pass


def checked_first(text: str) -> tuple[str, str]:
    """The page's first message: the seat's token and the language to speak."""
    try:
        first = json.loads(text)
    except ValueError:
        first = None
    if not isinstance(first, dict) or not isinstance(first.get("token"), str):
        raise ValueError('the first message is {"token": T, "lang": "en"}')
    return first["token"], check_language(first.get("lang", "en"))


def checked_message(text: str) -> dict[str, Any]:
    """A message of the page as a front end's comm would send it (the widget checks what is inside)."""
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if not isinstance(data, dict) or data.get("method") not in ("custom", "update"):
        raise ValueError("a page sends {'method': 'custom', 'content': ...} or {'method': 'update', 'state': ...}")
    return data


def open_widget(server: str, table: str, token: str, lang: str, page: PageComm) -> Any:
    """The widget of the seat whose token this is, its comm the page's (its first message carries every trait)."""
    from townwidget.tables import Client, Seat
    from townwidget.widget.replay import front_end_class

    client = Client(server)
    seat_number = int(client.request("GET", f"/api/tables/{table}", token=token)["seat"])
    game = lookup(client.table(table)["status"]["game"])
    widget_type: Any = front_end_class(game)  # a game's widget takes ``table=`` and ``lang=`` (docs/tables.md)
    widget = widget_type(table=Seat(client, table, seat_number, token), lang=lang)
    widget.comm = page  # ipywidgets registers its handler on the new comm
    # the game's bundle in townwidget/widget/static/ is named after its family (town.js, littletown.js)
    page.send({"method": "open", "widget": game.family, "state": widget.get_state()})
    return widget


async def relay(socket: WebSocket) -> None:
    """``/tables/ID/page``: a seat's widget for the page on the other end of ``socket``."""
    await socket.accept()
    loop = asyncio.get_running_loop()
    outbox: asyncio.Queue[str | None] = asyncio.Queue()
    page = PageComm(loop, outbox)
    host, port = socket.scope["server"]
    server = f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"
    widget = None
    try:
        token, lang = checked_first(await asyncio.wait_for(socket.receive_text(), FIRST_MESSAGE_SECONDS))
        widget = await asyncio.to_thread(open_widget, server, socket.path_params["table"], token, lang, page)
    except Exception as error:  # a forged token, an unknown table, a malformed message: said, and closed
        words = getattr(error, "words", None) or str(error)
        status = getattr(error, "status", 400)
        with contextlib.suppress(Exception):
            await socket.send_text(json.dumps({"error": words, "status": status}))
            await socket.close(4000 + status if 400 <= status < 500 else 4400)
        return
    sender = asyncio.create_task(_send_all(socket, outbox))
    try:
        while True:
            text = await socket.receive_text()
            try:
                data = checked_message(text)
            except ValueError as error:
                page.put(json.dumps({"error": str(error), "status": 400}))
                continue
            await asyncio.to_thread(page.handler, {"content": {"data": data}, "buffers": []})
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:  # at once, even when the server stops: the widget's own live connection goes with the page
        widget.close()
        page.put(None)
        with contextlib.suppress(Exception):
            await sender


async def _send_all(socket: WebSocket, outbox: asyncio.Queue[str | None]) -> None:
    while (text := await outbox.get()) is not None:
        try:
            await socket.send_text(text)
        except Exception:  # the page is gone
            return
