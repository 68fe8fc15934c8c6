"""Widgets as seats at a table server (``TownWidget(table=seat)``, ``LittleTownWidget(table=seat)``), driven through
their comm as a browser would (tests/widget_comm.py): the seat's view only, the others' moves pushed, refusals in
words with nothing changed, Undo and New game off, a saved seat rejoining, a restarted server followed by itself."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from hidden_tiles import hidden_shapes  # noqa: E402
from table_play import legal_moves  # noqa: E402
from widget_comm import browser_of, use_front_ends  # noqa: E402

from townwidget.tables import Client, Seat, Server  # noqa: E402
from townwidget.widget import LittleTownWidget, TownWidget  # noqa: E402


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    use_front_ends(monkeypatch)
    with Server(tmp_path / "tables.sqlite", port=0, rate=1000, burst=1000) as running:  # the tests poll
        yield running


def wait_until(condition: Callable[[], Any], what: str, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        time.sleep(0.01)


def play_by_intents(widget: Any, move: dict[str, Any]) -> None:
    """A Town move as the browser sends it: a tile then a cell, or the pass button."""
    browser = browser_of(widget)
    if move["type"] == "place":
        browser.intent_now(intent="select", tile=move["tile"])
        browser.intent_now(intent="place", cell=move["cell"])
    else:
        assert move["type"] == "pass", move
        browser.intent_now(intent="pass")


def test_two_widgets_play_a_whole_town_game_each_seeing_only_its_seat(server: Server) -> None:
    client = Client(server.url)
    table = client.create("town44", players=2, seed=7)
    ana = TownWidget(table=client.join(table, "Ana"))
    bob = TownWidget(table=f"{server.url}/tables/{table}", name="Bob", lang="fr")
    seats = {0: ana, 1: bob}
    connected = (["You", "Bob"], ["Ana", "Vous"])  # each live connection is told to the other seat
    wait_until(lambda: (browser_of(ana).model()["names"], browser_of(bob).model()["names"]) == connected, "names")
    while not client.table(table)["status"]["finished"]:
        revision = client.table(table)["revision"]
        turn = client.table(table)["status"]["turn"]
        mover, other = seats[turn], seats[1 - turn]
        seat = mover._session.table_seat
        moves = legal_moves("town44", seat.view(), turn)
        playable = [move for move in moves if move["type"] == "place" or move["type"] == "pass"]
        play_by_intents(mover, next((move for move in playable if move["type"] == "place"), playable[0]))
        assert mover.error == "", mover.error
        wait_until(lambda: other._session.table_revision > revision, "the other seat sees the move")  # noqa: B023
        for widget in seats.values():  # each browser holds exactly its seat's view of the table
            wait_until(lambda w=widget: browser_of(w).model()["view"] == w._session.table_seat.view(), "a redraw")
            assert (
                browser_of(widget).model()["view"]
                == client.request("GET", f"/api/tables/{table}", token=widget._session.table_seat.token)["view"]
            )
    for number, widget in seats.items():
        wait_until(lambda w=widget: bool(browser_of(w).model()["outcome"]), "the end box")
        assert not any(hidden_shapes(message, number) for message in browser_of(widget).messages)
        model = browser_of(widget).model()
        # every frame, from the record; the slider steps through the moves the seat saw
        assert None not in widget._frames and model["steps"] == len(widget._session.shown_frames()) - 1
        assert len(widget._session.decisions()) == sum(move["player"] == number for move in client.record(table).moves)


def test_refusals_are_worded_and_change_nothing_at_the_table(server: Server) -> None:
    client = Client(server.url)
    table = client.create("town44", players=2, seed=3)
    ana, bob = (TownWidget(table=client.join(table, name)) for name in ("Ana", "Bob"))
    seen = client.table(table)
    before = (seen["revision"], seen["view"])
    mover, waiting = (ana, bob) if seen["status"]["turn"] == 0 else (bob, ana)
    browser_of(waiting).intent_now(intent="pass")
    assert "not your turn" in waiting.error
    browser_of(mover).intent_now(intent="undo")
    assert "Undo is off at a shared table" in mover.error
    browser_of(mover).intent_now(intent="new_game")
    assert "New game is off at a shared table" in mover.error
    browser_of(mover).intent_now(intent="hint")
    assert "Hints are off at this table" in mover.error
    browser_of(mover).intent_now(intent="place", cell=[0, 1])  # no tile picked: the widget's own words
    assert mover.error
    seen = client.table(table)
    assert (seen["revision"], seen["view"]) == before
    assert browser_of(mover).model()["buttons"]["undo"] is False and mover.buttons["new_game"] is False
    with pytest.raises(ValueError, match="/tables/ID"):
        TownWidget(table=f"{server.url}/nowhere", name="Cleo")
    with pytest.raises(ValueError, match="name="):
        TownWidget(table=f"{server.url}/tables/{table}")
    other = client.create("littletown", players=2, seed=1)
    with pytest.raises(ValueError, match="plays littletown"):
        TownWidget(table=client.join(other, "Dan"))


def test_a_saved_seat_rejoins_and_a_restarted_server_is_followed(server: Server, tmp_path: Path) -> None:
    client = Client(server.url)
    table = client.create("littletown", players=2, bots={1: "greedy"}, seed=5)
    saved = client.join(table, "Ana").to_dict()
    widget = LittleTownWidget(table=Seat.from_dict(saved))  # as after a kernel restart
    assert widget.names == ["You", "greedy (bot)"]
    first = client.table(table)["revision"]
    server.stop()
    wait_until(lambda: "connection to the table is lost" in widget.error, "the lost connection is shown")
    server.start()  # the same store and port
    move = legal_moves("littletown", Seat.from_dict(saved).view(), 0)[0]
    Seat.from_dict(saved).act(move)
    wait_until(lambda: widget._session.table_revision > first, "the widget follows the restarted server")
    wait_until(lambda: widget.error == "", "the lost connection is no more shown")
    wait_until(lambda: browser_of(widget).model()["view"] == Seat.from_dict(saved).view(), "the seat's view redrawn")
