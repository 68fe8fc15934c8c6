"""The pages a table server serves besides its API: the lobby (``/``), a table's join page (``/tables/ID/join``),
its spectator's page (``/tables/ID/watch``), the widgets' front ends (``/static/...``) and the seat's widget
(``/tables/ID/page``, :mod:`townwidget.pages.relay`).

Each page is one small HTML document drawn by ``page.js`` (bundled from ``js/src/page.js`` with the widgets' own
front ends). Every word on it comes from the gettext catalogs in the page's language (``?lang=fr``, else the
browser's ``Accept-Language``, else English), put in the page as JSON: the script writes none of its own. Names typed
by people are text everywhere (``textContent``), never markup.
"""

from __future__ import annotations

import html
import json
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute

from townwidget.core import registry
from townwidget.core.language import languages, speaking
from townwidget.pages.relay import relay
from townwidget.tables.lobby import page_words
from townwidget.widget.front_end import STATIC

# The files of townwidget/widget/static/ a page may load (nothing else of the package is served).
STATIC_FILES = {
    "town.js": "text/javascript",
    "town.css": "text/css",
    "littletown.js": "text/javascript",
    "littletown.css": "text/css",
    "page.js": "text/javascript",
}
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def routes() -> list[BaseRoute]:
    """The pages' routes, for ``tables.Server(pages=routes())`` (``townwidget serve`` serves them)."""
    return [
        Route("/", lobby, methods=["GET"]),
        Route("/tables/{table}/join", join_page, methods=["GET"]),
        Route("/tables/{table}/watch", watch_page, methods=["GET"]),
        Route("/static/{name}", static, methods=["GET"]),
        WebSocketRoute("/tables/{table}/page", relay),
    ]


def page_language(request: Request) -> str:
    """``?lang=`` if the package speaks it, else the first language of ``Accept-Language`` it speaks, else English."""
    spoken = languages()
    asked = request.query_params.get("lang")
    if asked in spoken:
        return str(asked)
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in spoken:
            return code
    return "en"


def page(request: Request, kind: str, title: str, data: dict[str, Any]) -> HTMLResponse:
    """One page: ``kind`` tells ``page.js`` what to draw, ``data`` what with (as JSON inside the page); ``title``:
    the key of its title in :func:`~townwidget.tables.lobby.page_words`."""
    lang = page_language(request)
    with speaking(lang):
        payload = {"kind": kind, "lang": lang, "words": page_words(), **data}
    shown_title = payload["words"][title]
    text = json.dumps(payload, ensure_ascii=False).replace("<", "\\u003c")  # never ends the script element
    body = f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(shown_title)}</title>
<script type="application/json" id="page-data">{text}</script>
<script type="module" src="/static/page.js"></script>
</head>
<body class="gw-page">
<main id="page" aria-live="polite"></main>
</body>
</html>
"""
    return HTMLResponse(body, headers=SECURITY_HEADERS)


async def lobby(request: Request) -> Response:
    return page(request, "lobby", "lobby", {"games": ["town77", "town66", "town44", "littletown"]})


async def join_page(request: Request) -> Response:
    return page(request, "join", "a_table", {"table": request.path_params["table"]})


async def watch_page(request: Request) -> Response:
    with speaking(page_language(request)):
        styles = page_styles()
    return page(request, "watch", "a_table", {"table": request.path_params["table"], "styles": styles})


def page_styles() -> dict[str, dict[str, Any]]:
    """What the spectator's page draws each game's pieces with, by the ``format`` of its public view: each game's
    adapter's ``style`` (:class:`townwidget.core.registry.Game`), in the speaking language."""
    return {form: game.style() for game in registry.families() if game.style is not None for form in game.formats}


async def static(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in STATIC_FILES:
        return JSONResponse({"error": f"no such file: {name!r}"}, status_code=404)
    return FileResponse(STATIC / name, media_type=STATIC_FILES[name], headers={"Cache-Control": "no-cache"})
