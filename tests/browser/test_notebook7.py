"""A smoke test in Jupyter Notebook 7: both widgets render, answer a click and a key, with no page errors."""

from __future__ import annotations

from typing import Any

import pytest
from lab import STEP_TIMEOUT_S, Record, open_and_run, write_notebook

pytestmark = pytest.mark.browser


def test_both_widgets_play_in_notebook_7(notebook7: Any, browser: Any) -> None:
    town = Record(write_notebook(notebook7.root, "town.ipynb", "TownWidget", 'TownWidget("town77", seed=11)'))
    little = Record(
        write_notebook(notebook7.root, "little.ipynb", "LittleTownWidget", 'LittleTownWidget(opponents=["greedy"])')
    )
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"{error}\n{error.stack}"))
    # Notebook 7 itself raises this once as it starts, with or without widgets (a plugin's settings missing from
    # the test server's private data directory): not ours, so it is the one error let through
    startup = "Cannot read properties of undefined (reading 'schema')"

    open_and_run(page, notebook7, "town.ipynb", ".tw-root", errors)
    view = page.locator(".tw-root").first
    view.locator('[data-pile="0"]').click()  # a mouse pick, then Enter on the board
    page.wait_for_function("() => document.activeElement && document.activeElement.classList.contains('tw-cell')")
    revision = town.read()["revision"]
    page.keyboard.press("Enter")
    placed = town.wait(revision, "Enter after a pick in Notebook 7")
    assert len(placed["state"]["history"]) == 1, placed["error"]

    open_and_run(page, notebook7, "little.ipynb", ".ltw-root", errors)
    view = page.locator(".ltw-root").first
    space = view.locator(".ltw-cell.ltw-legal").first
    cell = [int(number) for number in (space.get_attribute("data-cell") or "").split(",")]
    revision = little.read()["revision"]
    space.click()
    worker = little.wait(revision, "a click on a grass space in Notebook 7")
    assert {"cell": cell, "player": 0} in worker["state"]["workers"], worker["error"]
    view.locator(".ltw-choice").first.wait_for(timeout=STEP_TIMEOUT_S * 1000)
    assert not [error for error in errors if not error.startswith(startup)], errors
