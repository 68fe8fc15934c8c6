"""A table server: :class:`Server` in Python (its own thread: a notebook's kernel stays responsive) and
:func:`serve` for ``townwidget serve`` (in the foreground, stopped by Ctrl-C or SIGTERM).
"""

from __future__ import annotations

import signal
import socket
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import uvicorn
from starlette.routing import BaseRoute

from townwidget.tables.app import BURST, MAX_BODY, RATE, create_app
from townwidget.tables.bots import BOT_SECONDS
from townwidget.tables.hub import Hub

DEFAULT_DB = "townwidget-tables.sqlite"
DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8765
STOP_SECONDS = 1  # open connections are closed after this when the server stops
START_SECONDS = 30.0


class Server:
    """A table server on ``host:port`` (``port=0``: a free one) over the store ``db``; ``start()`` runs it in a
    thread of this process, ``stop()`` ends it; a context manager does both.

    ``agents``: a folder whose submission files (``.py``) may be named as bots; ``rate``/``burst``: the requests a
    second allowed per seat (or per address), see docs/tables.md; ``pages``: routes served besides the API (the
    pages of :func:`townwidget.pages.routes`: a join page per table, a lobby).
    """

    def __init__(
        self,
        db: str | Path = DEFAULT_DB,
        host: str = DEFAULT_HOST,
        port: int = DEFAULT_PORT,
        *,
        agents: str | Path | None = None,
        rate: float = RATE,
        burst: int = BURST,
        bot_seconds: float = BOT_SECONDS,
        pages: Sequence[BaseRoute] = (),
    ) -> None:
        self.db, self.host, self.port = Path(db), host, port
        self.options: dict[str, Any] = {"agents": agents, "rate": rate, "burst": burst, "bot_seconds": bot_seconds}
        self.options["pages"] = pages
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The server's address, e.g. ``http://127.0.0.1:8765``."""
        return _url(self.host, self.port)

    def start(self) -> Server:
        if self._thread is not None:
            raise RuntimeError("this server is already running")
        sock = _bound(self.host, self.port)
        self.port = sock.getsockname()[1]
        try:
            self._server = _uvicorn(self.db, self.options)
        except Exception:
            sock.close()
            raise
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [sock]}, name="townwidget-tables", daemon=True
        )
        self._thread.start()
        deadline = time.monotonic() + START_SECONDS
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the table server did not start on {self.url}")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            self._thread.join(STOP_SECONDS + 5)
        self._server, self._thread = None, None

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exception: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = "running" if self._thread is not None else "stopped"
        return f"Server({self.url}, db={str(self.db)!r}, {state})"


def serve(
    db: str | Path = DEFAULT_DB,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    ready: Callable[[str], None] = print,
    **options: Any,
) -> None:
    """Run a table server in the foreground until Ctrl-C or SIGTERM; ``ready(url)`` once it listens."""
    sock = _bound(host, port)
    defaults = {"agents": None, "rate": RATE, "burst": BURST, "bot_seconds": BOT_SECONDS, "pages": ()}
    server = _uvicorn(Path(db), {**defaults, **options})
    ready(_url(host, sock.getsockname()[1]))  # the socket listens: a client's first request waits for the loop
    previous = signal.signal(signal.SIGTERM, _stopped)  # uvicorn shuts down, then hands the signal back here
    try:
        server.run(sockets=[sock])
    except (KeyboardInterrupt, Stopped):  # Ctrl-C or SIGTERM, once the server has shut down cleanly
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)


class Stopped(Exception):
    """SIGTERM reached the foreground server (after its shutdown)."""


def _stopped(number: int, frame: Any) -> None:
    raise Stopped()


def _uvicorn(db: Path, options: dict[str, Any]) -> uvicorn.Server:
    """The uvicorn server of a new hub over ``db`` (the store opened here: a refusal is said at once)."""
    hub = Hub(db, options["agents"], options["bot_seconds"])
    app = create_app(hub, options["rate"], options["burst"], options["pages"])
    config = uvicorn.Config(
        app,
        log_level="warning",
        ws="websockets-sansio",
        ws_max_size=MAX_BODY,
        timeout_graceful_shutdown=STOP_SECONDS,
        lifespan="on",
    )
    return uvicorn.Server(config)


def _bound(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``, bound here so that port 0 tells its number before the server runs."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # no Nagle: an answer's headers and body go out at once (else the client's delayed ACK adds ~40 ms to each);
    # accepted connections inherit it on Linux
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        raise OSError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def _url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"
