"""Two people play a whole Town 77 game through the table server's own pages (no Jupyter), a third watches.

Each person opens the join link in a browser context of their own, types a name and plays by clicks on the widget's
own board; the test reads whose turn it is and a legal move from the server with the token the page keeps. After
every click that moves, all three pages must show the move: the time from the click to every page redrawn is
printed (median and 95th percentile). Every DOM shows only its own hand, and no message a page receives holds
another seat's shapes. Mid-game the server stops and starts again on the same store: the pages say so, reconnect by
themselves and the game goes on.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the shared checks
from hidden_tiles import hidden_shapes  # noqa: E402

from townwidget import town
from townwidget.core.registry import lookup

pytestmark = pytest.mark.browser

WAIT_MS = 20_000
LOG_LINES = "(n) => document.querySelectorAll('.tw-root .tw-log li').length >= n"
WATCHED = "(n) => Number(document.querySelector('.gw-page-watch')?.dataset.revision) >= n"
# Timed in the pages themselves (one clock: the contexts run in one browser): every click, and when what a page shows
# of the game grows (a seat's move log, the spectator's move count).
TIMING = """
window.clicks = [];
window.shown = [];
document.addEventListener("click", () => window.clicks.push(Date.now()), true);
new MutationObserver(() => {
  const watch = document.querySelector(".gw-page-watch");
  const count = watch ? Number(watch.dataset.revision) : document.querySelectorAll(".tw-root .tw-log li").length;
  const last = window.shown[window.shown.length - 1];
  if (!last || last[0] !== count) window.shown.push([count, Date.now()]);
}).observe(document, { subtree: true, childList: true, attributes: true });
"""
RESTART_AT = 10  # moves played when the server is restarted
LOST_WORDS = "The connection to the table is lost"
LOST = "(words) => document.querySelector('.gw-page-status').textContent.includes(words)"
SHOWN_AT = "(n) => window.shown.find(([count]) => count >= n)[1]"


@pytest.fixture
def tables_server(tmp_path: Path) -> Any:
    """A table server in this process, with its pages."""
    from townwidget.pages import routes
    from townwidget.tables import Server

    with Server(tmp_path / "tables.sqlite", port=0, pages=routes()) as server:
        yield server


def sit_down(browser: Any, url: str, name: str) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": 420, "height": 900})  # a phone's narrow screen
    context.add_init_script(TIMING)
    page = context.new_page()
    frames: list[str] = []
    page.on("websocket", lambda socket: socket.on("framereceived", lambda payload: frames.append(str(payload))))
    page.goto(url)
    page.fill("#gw-page-name", name)
    page.keyboard.press("Enter")  # the form works from the keyboard
    page.locator(".tw-root").wait_for(timeout=WAIT_MS)
    return context, page, frames


def test_two_people_play_town77_through_the_pages_and_a_third_watches(
    tables_server: Any, browser: Any, report_figure: Any, tmp_path: Path
) -> None:
    from townwidget.tables import Client, Seat

    client = Client(tables_server.url)
    table = client.create("town77", players=2, seed=11)
    join = f"{tables_server.url}/tables/{table}/join"
    people = [sit_down(browser, join, name) for name in ("Ana", "Bob")]
    watching = browser.new_context()
    watching.add_init_script(TIMING)
    watcher = watching.new_page()
    watcher.goto(f"{tables_server.url}/tables/{table}/watch")
    seats = []
    for _context, page, _frames in people:
        token = page.evaluate(f"localStorage.getItem({json.dumps('townwidget-seat:' + table)})")
        answer = client.request("GET", f"/api/tables/{table}", token=token)
        seats.append(Seat(client, table, answer["seat"], token))
    assert sorted(seat.seat for seat in seats) == [0, 1]
    game = lookup("town77")
    redrawn: list[float] = []
    moves = 0
    while True:
        summary = client.table(table)["status"]
        if summary["finished"]:
            break
        if moves == RESTART_AT:  # the server stops and starts again (same store, same port): the pages carry on
            tables_server.stop()
            for _context, other, _frames in people:
                other.wait_for_function(LOST, arg=LOST_WORDS, timeout=WAIT_MS)
            tables_server.start()
            for _context, other, _frames in people:
                other.wait_for_function(f"() => !({LOST})({json.dumps(LOST_WORDS)})", timeout=WAIT_MS)
        mover = next(index for index, seat in enumerate(seats) if seat.seat == summary["turn"])
        seat, page = seats[mover], people[mover][1]
        view = seat.view()
        known = game.view_from_dict(view, seat.seat)
        actions = known.legal_actions()
        if view["phase"] == "exchange":  # a click places at once (one-click turn): the placements after no exchange
            declined = known.sample_state(0)  # declining draws nothing: only what the seat knows is read
            declined.apply(town.Pass())
            actions = declined.legal_actions() if declined.current_player == seat.seat else actions
        places = [action for action in actions if isinstance(action, town.Place) and not action.flip]
        before = client.table(table)["revision"]
        if view["phase"] in ("place", "exchange") and places:
            move = places[0]
            page.locator(f'.tw-root [data-tile="{move.tile[0]},{move.tile[1]}"]').first.click()
            page.locator(f'.tw-root .tw-legal[data-cell="{move.cell[0]},{move.cell[1]}"]').click()
        else:
            assert town.Pass() in actions, f"no placement and no pass in {view['phase']}: {actions}"
            page.locator(".tw-root [data-key='pass']").click()
        moves += 1
        while (revision := client.table(table)["revision"]) <= before:  # accepted: each log has a known length
            time.sleep(0.002)
        shown = []
        for index, (_context, other, _frames) in enumerate(people):
            lines = len(seats[index].view()["history"])
            other.wait_for_function(LOG_LINES, arg=lines, timeout=WAIT_MS)
            shown.append(other.evaluate(SHOWN_AT, lines))
        watcher.wait_for_function(WATCHED, arg=revision, timeout=WAIT_MS)
        shown.append(watcher.evaluate(SHOWN_AT, revision))
        redrawn.append(max(shown) - page.evaluate("window.clicks[window.clicks.length - 1]"))
        for index, (_context, other, _frames) in enumerate(people):
            hand = seats[index].view()["hands"][seats[index].seat]
            shown = other.locator(".tw-root .tw-hand [data-tile]").evaluate_all("(s) => s.map((b) => b.dataset.tile)")
            assert sorted(shown) == sorted(f"{tile[0]},{tile[1]}" for tile in hand), "a page shows another hand"
    for index, (_context, _page, frames) in enumerate(people):
        for frame in frames:
            assert not hidden_shapes(json.loads(frame), seats[index].seat), "a message told another hand"
    for _context, page, _frames in people:
        page.locator(".tw-root .tw-outcome").first.wait_for(timeout=WAIT_MS)
    record = client.record(table)
    assert len(record.moves) == client.table(table)["revision"] and record.players == ["Ana", "Bob"]
    ms = sorted(redrawn)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    half = 0.98 * len(ms) ** 0.5  # ranks of the median's 95% interval (order statistics)
    low, high = ms[max(0, int(len(ms) / 2 - half))], ms[min(len(ms) - 1, int(len(ms) / 2 + half))]
    report_figure(
        f"table pages, Town 77, 2 people + 1 spectator: click -> every page redrawn, median "
        f"{statistics.median(ms):.0f} ms (95% interval {low:.0f}-{high:.0f}), 95th percentile {p95:.0f} ms over "
        f"{len(ms)} moves"
    )


def test_the_lobby_lists_tables_and_creates_one_to_join(tables_server: Any, browser: Any) -> None:
    from townwidget.tables import Client

    client = Client(tables_server.url)
    waiting = client.create("littletown", players=2, seed=1)
    client.join(waiting, "<i>Cleo</i>")
    page = browser.new_context(viewport={"width": 360, "height": 800}, locale="fr-FR").new_page()
    page.goto(f"{tables_server.url}/")
    row = page.locator(f'tr[data-table="{waiting}"]')
    row.wait_for(timeout=WAIT_MS)
    assert "<i>Cleo</i>" in row.inner_text() and row.locator("i").count() == 0  # a name is text, never markup
    assert page.locator("html").get_attribute("lang") == "fr" and row.get_by_text("Rejoindre").count() == 1
    page.select_option("#gw-game", "town44")
    page.fill("#gw-bots", "1")
    page.check("#gw-hints")  # the table gives hints
    page.locator("#gw-seconds").focus()
    page.keyboard.press("Enter")  # the form works from the keyboard
    page.wait_for_url("**/join?lang=fr", timeout=WAIT_MS)
    page.fill("#gw-page-name", "Dan")
    page.keyboard.press("Enter")
    page.locator(".tw-root").wait_for(timeout=WAIT_MS)
    created = [entry for entry in client.tables() if entry["game"] == "town44"]
    assert [seat["name"] for seat in created[0]["seats"]] == ["Dan", "greedy"] and created[0]["hints"] is True
    page.reload()  # the token kept in the browser's storage: the same seat, no name asked
    page.locator(".tw-root").wait_for(timeout=WAIT_MS)
    assert page.locator("#gw-page-name").count() == 0 and "Vous" in page.locator(".tw-root").inner_text()
