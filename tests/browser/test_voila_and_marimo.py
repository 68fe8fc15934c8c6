"""The front ends the README promises besides JupyterLab and Notebook 7, in a real chromium, installed as the
README says: Voila (``pip install "townwidget[voila]"``) serving lesson 01 and the play notebook, and marimo
(``pip install "townwidget[marimo]"``) running an app whose cells read the widget and follow every move.

Each check makes a move by clicks and waits for Python's answer to be drawn (waits for conditions, bounded).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from lab import STEP_TIMEOUT_S, TIMEOUT_MS

pytestmark = pytest.mark.browser

WAIT_MS = STEP_TIMEOUT_S * 1000
LESSON_01 = Path(__file__).resolve().parents[2] / "notebooks" / "01-play.ipynb"
PLAY_CELLS = (  # the README's play cell, one widget a cell
    "from townwidget import TownWidget\nfrom townwidget.widget import LittleTownWidget",
    'TownWidget("town77", seed=11)',
    'LittleTownWidget(opponents=["greedy"], seed=5)',
)
MARIMO_APP = """\
import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo

    from townwidget import TownWidget
    from townwidget.widget import LittleTownWidget

    return LittleTownWidget, TownWidget, mo


@app.cell
def _(TownWidget, mo):
    board = mo.ui.anywidget(TownWidget("town44", seed=1))
    board
    return (board,)


@app.cell
def _(board, mo):
    mo.md(f"Town moves: {len(board.widget.state.history)}, drawn revision {board.value['drawn']}")
    return


@app.cell
def _(LittleTownWidget, mo):
    little = mo.ui.anywidget(LittleTownWidget(opponents=["greedy"], seed=5))
    little
    return (little,)


@app.cell
def _(little, mo):
    mo.md(f"Little Town phase: {little.widget.state.phase}")
    return
"""


def new_page(browser: Any) -> tuple[Any, list[str]]:
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


def place_a_town_tile(page: Any, view: Any) -> None:
    """Pick the first pile top, then the first lit cell; the view then says one move was made."""
    view.locator('[data-pile="0"]').click(timeout=WAIT_MS)
    view.locator(".tw-cell.tw-legal").first.click(timeout=WAIT_MS)
    view.locator(".tw-step", has_text="move 1 of 1").wait_for(timeout=WAIT_MS)


def place_a_little_town_worker(view: Any) -> None:
    """Click the first lit grass space; Python's answer offers the choices of a placed worker (End the turn)."""
    view.locator(".ltw-cell.ltw-legal").first.click(timeout=WAIT_MS)
    view.locator('.ltw-choice[data-kind="done"]').wait_for(timeout=WAIT_MS)


def test_voila_serves_lesson_01_and_the_play_notebook(voila: Any, browser: Any) -> None:
    shutil.copy(LESSON_01, voila.root / LESSON_01.name)
    code = {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None}
    play = {
        "cells": [{**code, "id": f"cell-{index}", "source": source} for index, source in enumerate(PLAY_CELLS)],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (voila.root / "play.ipynb").write_text(json.dumps(play))
    page, errors = new_page(browser)

    page.goto(f"{voila.url}/voila/render/{LESSON_01.name}", timeout=TIMEOUT_MS)
    lesson_view = page.locator(".tw-root").first
    lesson_view.wait_for(timeout=TIMEOUT_MS)
    place_a_town_tile(page, lesson_view)

    page.goto(f"{voila.url}/voila/render/play.ipynb", timeout=TIMEOUT_MS)
    town_view = page.locator(".tw-root").first
    town_view.wait_for(timeout=TIMEOUT_MS)
    place_a_town_tile(page, town_view)
    little_view = page.locator(".ltw-root").first
    little_view.wait_for(timeout=TIMEOUT_MS)
    place_a_little_town_worker(little_view)
    assert not errors, errors


def test_marimo_cells_that_read_the_widget_follow_every_move(marimo_app: Any, browser: Any) -> None:
    url = marimo_app(MARIMO_APP)
    page, errors = new_page(browser)
    page.goto(url, timeout=TIMEOUT_MS)
    town_view = page.locator(".tw-root").first  # inside marimo's shadow roots: Playwright's locators pierce them
    town_view.wait_for(timeout=TIMEOUT_MS)
    page.get_by_text("Town moves: 0, drawn revision 0").wait_for(timeout=TIMEOUT_MS)
    place_a_town_tile(page, town_view)
    page.get_by_text("Town moves: 1, drawn revision").wait_for(timeout=WAIT_MS)  # the dependent cell ran again

    page.get_by_text("Little Town phase: turn").wait_for(timeout=TIMEOUT_MS)
    place_a_little_town_worker(page.locator(".ltw-root").first)
    page.get_by_text("Little Town phase: act").wait_for(timeout=WAIT_MS)
    assert not errors, errors
