"""Two JupyterLab notebooks (two kernels) share one Little Town table with a bot, and play two whole rounds by clicks.

A table server runs in this process on 127.0.0.1; Ana's and Bob's seats are taken here and handed to two notebooks,
each showing ``LittleTownWidget(table=Seat.from_dict(...))`` in its own kernel and its own browser page. Each click
is a real mouse click on that page's board; the server's answer reaches the other kernel by its live connection and
the other page redraws. The table gives hints: Ana's Hint button asks the server. After every step each page's DOM
holds its own objective cards and never the text of another seat's hidden ones.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from lab import STEP_TIMEOUT_S, Record, open_and_run, wait_drawn, write_notebook

from townwidget.core.registry import new_game
from townwidget.littletown import CARDS

pytestmark = pytest.mark.browser

SEED = 5
PLAYERS = 3  # Ana, Bob and a greedy bot
ROUNDS = 2  # whole rounds played by clicks
HINT_WAIT_S = 60  # the hint's first worker process imports the search on a busy machine


@pytest.fixture
def tables_server(tmp_path: Path) -> Any:
    from townwidget.tables import Server

    with Server(tmp_path / "tables.sqlite", port=0, rate=1000, burst=1000) as server:  # the test polls
        yield server


def hidden_texts(seat: int, players: list[dict[str, Any]]) -> set[str]:
    """The texts of the objective cards ``seat`` may not read: the others' cards, not completed (revealed)."""
    truth = new_game("littletown", PLAYERS, SEED).objectives  # type: ignore[attr-defined]
    revealed = {card for player in players for card in player["completed"]}
    own = set(truth[seat])
    return {CARDS[card].text for other, cards in enumerate(truth) if other != seat for card in cards} - {
        CARDS[card].text for card in own | revealed
    }


def click_on(view: Any) -> str:
    """Click what moves the game on in a seat's view: end the turn, else its first choice, else its first lit
    space; returns what was clicked."""
    for selector in ('.ltw-choice[data-kind="done"]', ".ltw-choice", ".ltw-cell.ltw-legal"):
        target = view.locator(selector)
        if target.count():
            target.first.click(timeout=STEP_TIMEOUT_S * 1000)
            return selector
    raise AssertionError(f"nothing to click on the seat's turn: {view.inner_text()[:500]}")


def test_two_kernels_play_little_town_rounds_at_one_table(lab: Any, browser: Any, tables_server: Any) -> None:
    from townwidget.tables import Client

    client = Client(tables_server.url)
    table = client.create("littletown", players=PLAYERS, bots={2: "greedy"}, seed=SEED, hints=True)
    seats = [client.join(table, name) for name in ("Ana", "Bob")]
    pages, views, records = [], [], []
    for seat in seats:
        name = f"seat{seat.seat}.ipynb"
        call = f"LittleTownWidget(table=Seat.from_dict({seat.to_dict()!r}))"
        records.append(
            Record(
                write_notebook(
                    lab.root, name, "LittleTownWidget", call, before="from townwidget.tables import Seat", views=1
                )
            )
        )
        page = browser.new_context(viewport={"width": 1100, "height": 1300}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        open_and_run(page, lab, name, ".ltw-root", errors, views=1)
        pages.append(page)
        views.append(page.locator(".ltw-root").first)

    deadline = time.monotonic() + STEP_TIMEOUT_S
    while not all(entry["connected"] for entry in client.table(table)["status"]["seats"]):  # both kernels follow
        assert time.monotonic() < deadline, "a kernel never connected to the table"
        time.sleep(0.05)

    def settled(index: int) -> dict[str, Any]:
        """Seat ``index``'s view once its kernel holds the server's latest and its page has drawn it."""
        deadline = time.monotonic() + STEP_TIMEOUT_S
        while True:
            view = seats[index].view()
            shown = records[index].read()
            if len(shown["state"]["history"]) == len(view["history"]) and shown["state"]["phase"] == view["phase"]:
                wait_drawn(pages[index], views[index], shown["revision"])
                return view
            assert time.monotonic() < deadline, f"seat {index}'s kernel never caught up with the table"
            time.sleep(0.02)

    hinted = False
    clicks = 0
    while (status := client.table(table)["status"])["turn"] is not None:
        view = client.table(table)["view"]
        if view["round"] > ROUNDS:
            break
        if status["turn"] not in (0, 1):  # the bot's turn: the server plays it
            time.sleep(0.02)
            continue
        mover = status["turn"]
        seen = settled(mover)
        if seen["current_player"] != mover:
            continue
        for index in (0, 1):  # each page: its own objectives on show, never the text of another's hidden ones
            text = views[index].inner_text()
            leaked = [card for card in hidden_texts(index, seen["players"]) if card in text]
            assert not leaked, f"seat {index}'s page shows another seat's objective: {leaked}"
        if not hinted and mover == 0 and seen["phase"] == "turn":
            views[0].locator('[data-key="hint"]').click()  # the server's first hint may start its worker process
            deadline = time.monotonic() + HINT_WAIT_S
            while not views[0].locator(".gw-suggestion").count():
                error = records[0].read()["error"]
                assert time.monotonic() < deadline and not error, f"no hint on Ana's page: {error!r}"
                time.sleep(0.05)
            hinted = True
        revision = client.table(table)["revision"]
        click_on(views[mover])
        clicks += 1
        deadline = time.monotonic() + STEP_TIMEOUT_S
        while client.table(table)["revision"] == revision:  # the move reached the server through the kernel
            assert time.monotonic() < deadline, (
                f"a click on seat {mover}'s page did not move: {views[mover].inner_text()[:300]}"
            )
            time.sleep(0.01)
    final = client.table(table)["view"]
    assert final["round"] > ROUNDS and hinted and clicks >= 4 * ROUNDS, (final["round"], hinted, clicks)
    names = views[0].locator(".ltw-name").all_inner_texts()
    assert any("Bob" in name for name in names) and any("greedy" in name for name in names), names
