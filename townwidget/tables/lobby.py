"""``tables.Lobby(url)``: a table server's tables in a notebook, live (the lobby page's list, as an anywidget).

>>> from townwidget.tables import Server
>>> import tempfile, os
>>> with tempfile.TemporaryDirectory() as folder, Server(os.path.join(folder, "t.sqlite"), port=0) as server:
...     lobby = Lobby(server.url, every=0.1)
...     lobby.tables, lobby.close()
([], None)
"""

from __future__ import annotations

import threading
from pathlib import Path

from townwidget.core.extras import require_extra

require_extra("widget", "tables.Lobby (a notebook widget)")

import anywidget  # noqa: E402
import traitlets  # noqa: E402

from townwidget.core.language import _, check_language, default_language, speaking  # noqa: E402
from townwidget.tables.client import Client  # noqa: E402

# The bundle of js/src/lobby.js, built with the widgets' front ends (see js/README.md).
LOBBY_JS = Path(__file__).resolve().parent.parent / "widget" / "static" / "lobby.js"
FOLLOW_SECONDS = 2.0  # how often the list is asked for again


def page_words() -> dict[str, str]:
    """Every word the lobby and the tables' pages show, in the current language (their scripts write none)."""
    return {
        "lobby": _("Tables"),
        "a_table": _("A table"),
        "game": _("Game"),
        "players": _("Players"),
        "seats": _("Seats"),
        "turn": _("Whose turn"),
        "open": _("open"),
        "bot": _("bot"),
        "away": _("away"),
        "finished": _("finished"),
        "join": _("Join"),
        "watch": _("Watch"),
        "create": _("New table"),
        "bots": _("Bots (seats after yours)"),
        "turn_seconds": _("Seconds per turn (empty: no limit)"),
        "hints": _("Hints (the server suggests a move to whoever asks)"),
        "no_tables": _("No table yet: create one."),
        "name": _("Your name"),
        "sit": _("Sit down"),
        "connecting": _("Connecting to the table…"),
        "lost": _("The connection to the table is lost: trying again…"),
        "refused": _("The table refused this page: {error}"),
        "spectating": _("You are watching: the hands stay hidden."),
        "bag": _("Tiles in the bag: {count}"),
        "hand": _("Hand"),
        "log": _("Table log"),
        "revision": _("Moves so far: {count}"),
        "waiting": _("Waiting for players to sit down."),
    }


class Lobby(anywidget.AnyWidget):
    """Every table of the server at ``url`` (game, seats with names, bot or away, whose turn), with links to join
    an open seat or watch, kept up to date every ``every`` seconds while the widget is open; ``lang`` as the widgets'.
    """

    _esm = LOBBY_JS
    url = traitlets.Unicode(read_only=True).tag(sync=True)
    lang = traitlets.Unicode(read_only=True).tag(sync=True)
    words = traitlets.Dict(read_only=True).tag(sync=True)
    tables: traitlets.List[dict] = traitlets.List(read_only=True).tag(sync=True)
    error = traitlets.Unicode("", read_only=True).tag(sync=True)

    def __init__(self, url: str, lang: str | None = None, every: float = FOLLOW_SECONDS) -> None:
        self._every, self._closed = every, threading.Event()  # first: a refused widget is closed too
        lang = default_language() if lang is None else check_language(lang)
        self._client = Client(url, retry_seconds=0)
        super().__init__()
        with speaking(lang):
            self.set_trait("words", page_words())
        self.set_trait("url", self._client.url)
        self.set_trait("lang", lang)
        self.refresh()
        threading.Thread(target=self._follow, daemon=True, name="townwidget: lobby").start()

    def refresh(self) -> None:
        """Ask the server for its tables now (an absent server is said in ``error``)."""
        try:
            self.set_trait("tables", self._client.tables())
            self.set_trait("error", "")
        except (ConnectionError, ValueError) as error:
            self.set_trait("error", str(error))

    def close(self) -> None:
        self._closed.set()
        super().close()

    def _follow(self) -> None:
        while not self._closed.wait(self._every):
            self.refresh()
