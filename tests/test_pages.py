"""The table server's pages (townwidget.pages) without a browser: the HTML, the files served, and the seat's widget
over the page's WebSocket, which refuses forged tokens and malformed messages and tells only the seat's view."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")

from websockets.sync.client import connect  # noqa: E402

from townwidget.pages import routes  # noqa: E402
from townwidget.tables import Client, Server  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server(tmp_path_factory.mktemp("pages") / "tables.sqlite", port=0, pages=routes()) as running:
        yield running


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {})) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


def page_data(text: str) -> dict[str, Any]:
    start = text.index('id="page-data">') + len('id="page-data">')
    return dict(json.loads(text[start : text.index("</script>", start)]))


def test_pages_speak_the_asked_language_and_keep_names_as_text(server: Server) -> None:
    status, lobby = get(server.url + "/")
    assert status == 200 and page_data(lobby)["kind"] == "lobby" and page_data(lobby)["words"]["sit"] == "Sit down"
    _, french = get(server.url + "/", {"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5"})
    assert page_data(french)["words"]["sit"] == "S’asseoir" and '<html lang="fr">' in french
    _, asked = get(server.url + "/tables/x/watch?lang=fr")
    town_style = page_data(asked)["styles"]["town-state/1"]  # the Town adapter's, for Town's public view
    assert page_data(asked)["lang"] == "fr" and town_style["colour_names"][0] == "orange"
    _, hostile = get(server.url + "/tables/%3C%5Cscript%3E%3Cb%3E/join")
    assert "<b>" not in hostile and page_data(hostile)["table"] == "<\\script><b>"


def test_only_the_front_ends_are_served(server: Server) -> None:
    for name in ("town.js", "town.css", "littletown.js", "littletown.css", "page.js"):
        assert get(f"{server.url}/static/{name}")[0] == 200
    for name in ("base.py", "..%2Fbase.py", "front_end.json", "%2E%2E%2F__init__.py"):
        status, body = get(f"{server.url}/static/{name}")
        assert status == 404 and "error" in json.loads(body)


def next_with(socket: Any, key: str) -> dict[str, Any]:
    """The next message holding ``key`` (the widget also publishes by itself: who is connected, the others' moves)."""
    while True:
        message = json.loads(socket.recv(timeout=10))
        if key in message or key in message.get("state", {}):
            return dict(message)


def page_socket(server: Server, table: str) -> Any:
    return connect(server.url.replace("http", "ws", 1) + f"/tables/{table}/page", open_timeout=10)


def test_the_page_socket_refuses_what_is_not_a_seat(server: Server) -> None:
    client = Client(server.url)
    table = client.create("town44", players=2, seed=1)
    for first, status in ((json.dumps({"token": "forged"}), 401), ("not json", 400), (json.dumps({"lang": "en"}), 400)):
        with page_socket(server, table) as socket:
            socket.send(first)
            answer = json.loads(socket.recv(timeout=10))
            assert answer["status"] == status and answer["error"], answer
    token = client.join(table, "Ana").token
    with page_socket(server, table) as socket:
        socket.send(json.dumps({"token": token, "lang": "xx"}))
        assert "language" in json.loads(socket.recv(timeout=10))["error"]


def test_the_page_socket_is_the_seats_widget(server: Server) -> None:
    client = Client(server.url)
    table = client.create("town44", players=2, bots={1: "greedy"}, seed=3)  # seat 0 places first
    seat = client.join(table, "Ana")
    with page_socket(server, table) as socket:
        socket.send(json.dumps({"token": seat.token, "lang": "fr"}))
        opened = json.loads(socket.recv(timeout=10))
        assert (opened["method"], opened["widget"]) == ("open", "town")
        assert opened["state"]["view"] == seat.view() and opened["state"]["names"][0] == "Vous"
        socket.send(json.dumps({"method": "delete"}))  # not a comm message: said, and the page goes on
        assert next_with(socket, "error")["status"] == 400
        tile = opened["state"]["view"]["hands"][0][0]
        socket.send(json.dumps({"method": "custom", "content": {"intent": "select", "tile": tile}}))
        assert next_with(socket, "selection")["state"]["selection"]["tile"] == tile
        socket.send(json.dumps({"method": "update", "state": {"view": {}}}))  # a forged trait: refused, not taken
        assert "ignored" in next_with(socket, "error")["state"]["error"]
        assert seat.view() == opened["state"]["view"]
        assert client.table(table)["status"]["seats"][0]["connected"] is True  # the page's widget follows the table
    deadline = time.monotonic() + 10
    while client.table(table)["status"]["seats"][0]["connected"]:  # the page gone, its widget's connection too
        assert time.monotonic() < deadline, "the seat still shows connected after its page closed"
        time.sleep(0.02)


def test_the_notebooks_lobby_follows_the_tables(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    from widget_comm import browser_of, use_front_ends

    from townwidget.tables import Lobby

    use_front_ends(monkeypatch)
    client = Client(server.url)
    lobby = Lobby(server.url, lang="fr", every=0.05)
    try:
        browser = browser_of(lobby)
        table = client.create("littletown", players=3, bots={2: "greedy"}, seed=4)
        client.join(table, "<b>Ana</b>")

        def listed() -> list[Any]:
            return [entry for entry in browser.model()["tables"] if entry["table"] == table]

        deadline = time.monotonic() + 10
        while not (listed() and listed()[0]["seats"][0]["name"] == "<b>Ana</b>"):
            assert time.monotonic() < deadline, "the lobby did not show the new table"
            time.sleep(0.02)
        assert listed()[0]["open"] == [1] and listed()[0]["seats"][2]["bot"] is True
        assert browser.model()["words"]["join"] == "Rejoindre" and browser.model()["url"] == server.url
    finally:
        lobby.close()
    with pytest.raises(ValueError, match="language"):
        Lobby(server.url, lang="xx")
