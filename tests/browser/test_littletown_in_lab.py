"""LittleTownWidget in a real JupyterLab, clicked by a real chromium: the whole loop browser -> Python -> browser.

The notebook shows one widget twice (two views of one model) and, after every update the widget publishes, writes
the full Python state to ``record.json``: the test checks the game through that file, never through the browser's
copy. It places a worker by clicking a grass space, gathers and ends the turn with the choices in words, builds a
market building on a space, clicks a forest (refused with its reason, nothing changed), and saves a screenshot
under ``build/browser/``. A second notebook shows the widget once, as a player has it, for the latency a player
meets over enough clicks; both medians are printed.
"""

from __future__ import annotations

import statistics
from typing import Any

import pytest
from lab import SCREENSHOTS, STEP_TIMEOUT_S, Record, open_and_run, timed_click, wait_drawn, write_notebook

from townwidget import littletown
from townwidget.littletown.board import NEIGHBOURS

pytestmark = pytest.mark.browser

SEED = 5
LATENCY_CLICKS = 24  # the median printed is over this many clicks


class Game(Record):
    """The record of this test's game."""

    def settled(self, data: dict[str, Any]) -> bool:
        return data["state"]["current_player"] in (0, None)

    def state(self) -> littletown.State:
        return littletown.from_dict(self.read()["state"])


def richest_space(state: littletown.State) -> tuple[int, int]:
    """The legal worker space that gathers the most cubes (so the gathering shows in the player's stock)."""
    spaces = [action.cell for action in state.legal_actions() if isinstance(action, littletown.PlaceWorker)]
    return max(spaces, key=lambda cell: sum(state.terrain.yields[cell[0] * 9 + cell[1]]))


def test_play_little_town_in_jupyterlab(lab: Any, browser: Any, report_figure: Any) -> None:
    game = Game(
        write_notebook(
            lab.root, "littletown.ipynb", "LittleTownWidget", f'LittleTownWidget(opponents=["greedy"], seed={SEED})'
        )
    )
    page = browser.new_page(viewport={"width": 1280, "height": 1300})
    page_errors: list[str] = []  # uncaught exceptions: none are allowed
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    open_and_run(page, lab, "littletown.ipynb", ".ltw-root", page_errors)
    first, second = page.locator(".ltw-root").nth(0), page.locator(".ltw-root").nth(1)
    latencies: list[float] = []

    def click(target: Any, what: str) -> dict[str, Any]:
        return timed_click(page, first, target, game, what, latencies)

    # place a worker: click a lit grass space; the status says first what feeding will cost if nothing changes
    start = game.state()
    assert start.current_player == 0 and start.phase == "turn"
    status = first.locator(".ltw-status").inner_text()
    assert "eats a fish or a wheat" in status and " go hungry, -" in status and " VP." in status, status
    assert first.locator(".ltw-badge").all_inner_texts() == ["1", "2"]  # players counted from 1, as their names
    guide = first.locator(".ltw-guide").inner_text()
    assert "How to win: Have the most victory points" in guide and "This turn: Your turn" in guide, guide
    row, column = richest_space(start)
    placed = click(first.locator(f'.ltw-legal[data-cell="{row},{column}"]'), "clicking a grass space")
    assert {"cell": [row, column], "player": 0} in placed["state"]["workers"], placed["error"]
    assert placed["state"]["phase"] == "act"
    second.locator('[data-worker="0"]').first.wait_for(timeout=STEP_TIMEOUT_S * 1000)  # the other view follows

    # gather one resource now, then end the turn (the rest is gathered then); the opponent plays its turn
    gather = first.locator('.ltw-choice[data-kind="gather"]').first
    resource = gather.inner_text().split()[2]
    gathered = click(gather, "choosing to gather")
    assert gathered["state"]["players"][0]["resources"][resource] > 0, gathered["error"]
    before_done = len(gathered["state"]["history"])
    ended = click(first.locator('.ltw-choice[data-kind="done"]'), "ending the turn")
    assert ended["error"] == "", ended["error"]
    assert [entry["player"] for entry in ended["state"]["history"][before_done:]][:2] == [0, 1], "no opponent move"
    assert ended["state"]["current_player"] == 0 and ended["state"]["phase"] == "turn"

    # an illegal click: a forest space says why, and nothing changes
    terrain = ended["state"]["terrain"]
    forest = next((r, c) for r, line in enumerate(terrain) for c, ground in enumerate(line) if ground == "F")
    target = first.locator(f'[data-cell="{forest[0]},{forest[1]}"]')
    target.hover()
    row, column = forest[0] + 1, forest[1] + 1  # counted from 1, as the board's labels
    # the hover text names the space in words, numbered as the board's labels are
    reason = first.locator(".ltw-reason").inner_text()
    assert reason.startswith(f"Row {row}, column {column}: forest"), reason
    assert f"the space at row {row}, column {column} is forest, not grass" in reason, reason
    refused = click(target, "clicking a forest space")
    assert refused["state"] == ended["state"], "an illegal click changed the game"
    assert "is forest, not grass" in refused["error"]
    assert "is forest, not grass" in first.locator(".ltw-error").inner_text()

    # build: a market building the player can pay for, then a lit space for it
    offer = first.locator(".ltw-offer.ltw-buildable").first
    building = offer.get_attribute("data-building")
    chosen = click(offer, f"choosing the {building} in the market")
    if chosen["state"]["phase"] == "pay":
        chosen = click(first.locator('.ltw-choice[data-kind="pay"]').first, "paying")
    assert chosen["state"]["phase"] == "site", chosen["error"]
    site = first.locator(".ltw-cell.ltw-legal").first
    cell = [int(number) for number in (site.get_attribute("data-cell") or "").split(",")]
    built = click(site, "placing the building")
    assert {"cell": cell, "building": building, "owner": 0} in built["state"]["buildings"], built["error"]
    second.locator(f'[data-building-cell="{cell[0]},{cell[1]}"]').wait_for(timeout=STEP_TIMEOUT_S * 1000)

    # a second worker next to the new building: the choices offer to activate it
    state = game.state()
    near = [index for index in NEIGHBOURS[cell[0] * 9 + cell[1]] if index in state.empty_grass()]
    assert near, "no empty grass space next to the new building: choose another SEED"
    beside = click(first.locator(f'.ltw-legal[data-cell="{near[0] // 9},{near[0] % 9}"]'), "placing a second worker")
    assert beside["state"]["phase"] == "act", beside["error"]
    assert first.locator('.ltw-choice[data-kind="activate"]').count() == 1

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    first.scroll_into_view_if_needed()  # scroll before pointing: a scroll under a still pointer hovers another space
    page.mouse.move(0, 0)
    target.hover()
    first.screenshot(path=str(SCREENSHOTS / "little-town-widget.png"))

    assert not page_errors, f"errors in the page: {page_errors}"
    report_figure(
        f"Little Town click -> Python -> re-render latency, two views of one model, over {len(latencies)} clicks: "
        f"median {statistics.median(latencies):.1f} ms, max {max(latencies):.1f} ms"
    )
    report_figure(f"screenshot: {SCREENSHOTS / 'little-town-widget.png'}")


def test_the_click_latency_a_little_town_player_meets(lab: Any, browser: Any, report_figure: Any) -> None:
    """The latency a player meets, one view on the page: over LATENCY_CLICKS clicks, a lit space, then the choices
    until the next turn (the median is printed; the goal, under 60 ms on an idle machine, is checked by reading it:
    a timed assertion would fail on a busy machine)."""
    game = Game(
        write_notebook(
            lab.root,
            "player.ipynb",
            "LittleTownWidget",
            f'LittleTownWidget(opponents=["greedy"], seed={SEED})',
            views=1,
        )
    )
    page = browser.new_page(viewport={"width": 1280, "height": 1300})
    page_errors: list[str] = []
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    open_and_run(page, lab, "player.ipynb", ".ltw-root", page_errors, views=1)
    view, latencies = page.locator(".ltw-root"), []
    while len(latencies) < LATENCY_CLICKS:
        record = game.read()
        wait_drawn(page, view, record["revision"])  # the choices on show are Python's latest
        data = record["state"]
        assert data["current_player"] == 0, f"the game ended before {LATENCY_CLICKS} clicks: choose another SEED"
        if data["phase"] == "turn":
            target, what = view.locator(".ltw-cell.ltw-legal").first, "placing a worker"
        else:  # ending the turn where the choices offer it, else the first choice (pay, feed...)
            done = view.locator('.ltw-choice[data-kind="done"]')
            target, what = (done if done.count() else view.locator(".ltw-choice").first), f"a {data['phase']} choice"
        after = timed_click(page, view, target, game, what, latencies)
        assert after["error"] == "", after["error"]
    assert page.locator(".ltw-root").count() == 1 and not page_errors, page_errors
    report_figure(
        f"Little Town click -> Python -> re-render latency, one view (a player's), over {len(latencies)} clicks: "
        f"median {statistics.median(latencies):.1f} ms, max {max(latencies):.1f} ms"
    )
