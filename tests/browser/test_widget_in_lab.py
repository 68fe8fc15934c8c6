"""TownWidget in a real JupyterLab, clicked by a real chromium: the whole loop browser -> Python -> browser.

The notebook shows one widget twice (two views of one model) and, after every update the widget publishes,
writes the full Python state to ``record.json``: the test checks the game through that file, never through the
browser's copy. It clicks pile tops and lit cells, plays by keyboard, hovers and clicks an illegal cell, measures
the click -> Python -> re-render latency, and saves screenshots under ``build/browser/``.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import pytest
from lab import SCREENSHOTS, STEP_TIMEOUT_S, TIMEOUT_MS, Record, open_and_run, timed_click, write_notebook

from townwidget import town

pytestmark = pytest.mark.browser

SEED = 11


class Game(Record):
    """The record of this test's game."""

    def state(self) -> town.State:
        return town.from_dict(self.read()["state"])


def playable(state: town.State) -> town.Place:
    action = state.legal_actions()[0]
    assert isinstance(action, town.Place), action
    return action


def conflicting_choice(state: town.SoloState) -> tuple[int, tuple[int, int], str]:
    """A pile and a cell next to the city where its top may not go because of a colour or shape already in line."""
    board = state.board
    for pile, tiles in enumerate(state.piles):
        for index in board.cells_in(board.frontier):
            cell = board.cell_of(index)
            reason = board.why_illegal(tiles[-1], cell)
            if reason and "is already in" in reason:
                return pile, cell, reason
    raise AssertionError("no pile top conflicts with a line next to the city: choose another SEED")


def test_play_in_jupyterlab(lab: Any, browser: Any, report_figure: Any) -> None:
    game = Game(write_notebook(lab.root, "play.ipynb", "TownWidget", f'TownWidget("town77", seed={SEED})'))
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page_errors: list[str] = []  # uncaught exceptions: none are allowed
    console_errors: list[str] = []  # reported when a step fails (JupyterLab may log harmless ones)
    page.on("pageerror", lambda error: page_errors.append(str(error)))

    def on_console(message: Any) -> None:
        if message.type == "error":
            console_errors.append(message.text[:500])

    page.on("console", on_console)
    open_and_run(page, lab, "play.ipynb", ".tw-root", page_errors, console_errors)
    first, second = page.locator(".tw-root").nth(0), page.locator(".tw-root").nth(1)
    latencies: list[float] = []

    def click(target: Any, what: str) -> dict[str, Any]:
        return timed_click(page, first, target, game, what, latencies)

    def place(pile: int, cell: tuple[int, int]) -> dict[str, Any]:
        click(first.locator(f'[data-pile="{pile}"]'), f"picking pile {pile}")
        first.locator(f'.tw-legal[data-cell="{cell[0]},{cell[1]}"]').wait_for(timeout=STEP_TIMEOUT_S * 1000)
        return click(first.locator(f'[data-cell="{cell[0]},{cell[1]}"]'), f"placing at {cell}")

    # a pile top, then the one lit cell of an empty board: the pioneer
    start = game.state()
    assert isinstance(start, town.SoloState) and not start.history
    pioneer = start.piles[0][-1]
    click(first.locator('[data-pile="0"]'), "picking pile 0")
    lit = first.locator(".tw-cell.tw-legal")
    lit.first.wait_for(timeout=STEP_TIMEOUT_S * 1000)
    assert [lit.nth(i).get_attribute("data-cell") for i in range(lit.count())] == ["0,0"]
    after = click(lit.first, "placing the pioneer")
    assert after["state"]["board"][0][0] == list(pioneer), "Python's board did not get the clicked tile"
    assert len(after["state"]["history"]) == 1
    # the second view of the same widget follows
    second.locator(".tw-placed").first.wait_for(timeout=STEP_TIMEOUT_S * 1000)
    assert second.locator(".tw-placed").count() == 1

    for _ in range(5):
        move = playable(game.state())
        assert move.pile is not None
        data = place(move.pile, move.cell)
        assert data["state"]["board"][move.cell[0]][move.cell[1]] == list(move.tile)

    # keyboard: Escape, a digit picks a pile, an arrow puts the cursor on the first lit cell, Enter places there
    move = playable(game.state())
    assert move.pile is not None
    first.focus()
    page.keyboard.press("Escape")
    revision = game.read()["revision"]
    page.keyboard.press(str(move.pile + 1))
    game.wait(revision, "pressing a digit")
    first.locator(".tw-legal").first.wait_for(timeout=STEP_TIMEOUT_S * 1000)
    page.keyboard.press("ArrowDown")
    revision = game.read()["revision"]
    page.keyboard.press("Enter")
    by_keyboard = game.wait(revision, "pressing Enter")
    assert len(by_keyboard["state"]["history"]) == 7, by_keyboard["error"]

    # an illegal cell: hovering says why and outlines the tile in the way; clicking shows the reason, changes nothing
    state = game.state()
    assert isinstance(state, town.SoloState)
    pile, cell, reason = conflicting_choice(state)
    click(first.locator(f'[data-pile="{pile}"]'), f"picking pile {pile}")
    first.locator(".tw-pick.tw-picked").wait_for(timeout=STEP_TIMEOUT_S * 1000)
    target = first.locator(f'[data-cell="{cell[0]},{cell[1]}"]')
    target.hover()
    hovered = first.locator(".tw-reason").inner_text()  # the cell in words, numbered as the board's labels are
    assert hovered.startswith(f"Not at row {cell[0] + 1}, column {cell[1] + 1}: ") and "is already in" in hovered, (
        hovered
    )
    assert first.locator(".tw-conflict").count() == 1
    before = game.read()
    refused = click(target, "clicking an illegal cell")
    assert refused["state"] == before["state"], "an illegal click changed the game"
    assert "is already in" in refused["error"]
    assert "is already in" in first.locator(".tw-error").inner_text()

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    first.scroll_into_view_if_needed()  # scroll before pointing: a scroll under a still pointer hovers another cell
    page.mouse.move(0, 0)
    target.hover()
    first.screenshot(path=str(SCREENSHOTS / "town-widget.png"))
    page.screenshot(path=str(SCREENSHOTS / "jupyterlab.png"))
    # running the cell again makes a new game whose views replace the old ones and answer clicks
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    deadline = time.monotonic() + STEP_TIMEOUT_S
    while game.read()["state"]["history"] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not game.read()["state"]["history"], "re-running the cell did not start a new game"
    page.wait_for_function("() => document.querySelectorAll('.tw-root .tw-placed').length === 0", timeout=TIMEOUT_MS)
    assert page.locator(".tw-root").count() == 2
    page.locator(".tw-root").nth(0).locator('[data-pile="1"]').click()
    page.locator(".tw-root").nth(1).locator('.tw-legal[data-cell="0,0"]').wait_for(timeout=STEP_TIMEOUT_S * 1000)

    assert not page_errors, f"errors in the page: {page_errors}"
    report_figure(
        f"click -> Python -> re-render latency over {len(latencies)} clicks: "
        f"median {statistics.median(latencies):.1f} ms, max {max(latencies):.1f} ms (goal < 100 ms)"
    )
    report_figure(f"screenshots: {SCREENSHOTS / 'town-widget.png'}, {SCREENSHOTS / 'jupyterlab.png'}")
