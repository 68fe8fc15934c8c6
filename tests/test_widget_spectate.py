"""A widget watching a table without a seat (``TownWidget(table=URL, spectate=True)``), against a real server on
127.0.0.1, driven through its comm as a browser would (tests/widget_comm.py): the public view only, pushed live as
the seats move, nobody's hand in any message, and every intent refused in words with nothing changed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from hidden_tiles import hidden_cards, hidden_shapes  # noqa: E402
from table_play import legal_moves  # noqa: E402
from test_widget_tables import wait_until  # noqa: E402
from widget_comm import assert_refused, browser_of, use_front_ends  # noqa: E402

from townwidget.core.errors import IllegalAction  # noqa: E402
from townwidget.tables import Client, Server  # noqa: E402
from townwidget.widget import LittleTownWidget, TownWidget  # noqa: E402

NOBODY = -1  # hidden_shapes' seat for a spectator: every hand is another's


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    use_front_ends(monkeypatch)
    with Server(tmp_path / "tables.sqlite", port=0, rate=1000, burst=1000) as running:  # the tests poll
        yield running


def test_a_spectator_sees_the_public_view_pushed_live_and_moves_nothing(server: Server) -> None:
    client = Client(server.url)
    table = client.create("town44", players=2, bots={1: "greedy"}, seed=7)
    ana = client.join(table, "Ana")
    watcher = TownWidget(table=f"{server.url}/tables/{table}", spectate=True, lang="fr")
    browser = browser_of(watcher)
    model = browser.model
    wait_until(lambda: model()["names"] == ["Ana (absent)", "greedy (robot)"], "the seats by name")
    assert (
        model()["view"] == client.table(table)["view"]
        and model()["status"] == "Vous regardez : à Ana (absent) de jouer."
    )
    assert_refused(watcher, browser, {"intent": "select", "tile": [0, 0]}, "Vous regardez cette table")
    assert_refused(watcher, browser, {"intent": "step", "step": 0}, "un spectateur ne peut pas jouer")
    with pytest.raises(IllegalAction, match="a spectator cannot move"):
        watcher.apply(legal_moves("town44", ana.view(), 0)[0])
    moves = 0
    while not client.table(table)["status"]["finished"]:
        if client.table(table)["status"]["turn"] == 0:
            ana.act(legal_moves("town44", ana.view(), 0)[0])
            moves += 1
        # pushed by the server: no intent, no polling by the widget
        wait_until(lambda: model()["view"] == client.table(table)["view"], "the public view, pushed")
    wait_until(lambda: bool(model()["outcome"]), "the end box")
    assert moves > 3 and model()["status"].startswith("Partie finie : ")
    assert {row["name"] for row in model()["outcome"]["rows"]} == {"Ana (absent)", "greedy (robot)"}
    assert not any(hidden_shapes(message, NOBODY) for message in browser.messages)
    assert model()["buttons"] == {} and model()["fits"] == [] and model()["suggestion"] == {}
    watcher.close()


def test_a_spectator_of_little_town_sees_no_objective_card(server: Server) -> None:
    client = Client(server.url)
    table = client.create("littletown", players=2, bots={1: "greedy"}, seed=3)
    ana = client.join(table, "Ana")
    watcher = LittleTownWidget(table=f"{server.url}/tables/{table}", spectate=True)
    browser = browser_of(watcher)
    for _move in range(3):
        wait_until(lambda: client.table(table)["status"]["turn"] == 0, "Ana's turn")
        ana.act(legal_moves("littletown", ana.view(), 0)[0])
    wait_until(lambda: browser.model()["view"] == client.table(table)["view"], "the public view, pushed")
    assert browser.model()["status"].startswith("You are watching: ")
    assert browser.model()["cards"] == {} and browser.model()["choices"] == []
    assert not any(hidden_cards(message, NOBODY) for message in browser.messages)
    assert_refused(watcher, browser, {"intent": "act", "action": {"type": "gather", "resource": "wood"}}, "watching")
    watcher.close()
