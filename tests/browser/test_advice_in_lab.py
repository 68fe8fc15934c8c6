"""Hints and reviews in a real JupyterLab: the Hint button rings the suggested move and says why, a small solo game
is played to its end by following the hints (mouse and keys), and the end box's Review shows the plot, the estimates
of the move on the history slider, and the par line stepped through on the board."""

from __future__ import annotations

from typing import Any

import pytest
from lab import Record, write_notebook
from test_play_in_lab import WAIT_MS, check_fits_and_contrast, history, open_page, wait_for

pytestmark = pytest.mark.browser

# most of the game is played from Python, so that a few hints finish it
NEARLY_DONE = "while widget.state.board.placed() < 11:\n    widget.apply(widget.state.legal_actions()[0])"


def hinted_move(view: Any) -> tuple[str, str]:
    """The pile and the cell the hint on show points at (its outlined pile button, its ringed cell)."""
    pile = view.locator(".tw-pick.gw-hinted").get_attribute("data-pile") or ""
    cell = view.locator(".tw-cell[aria-label$='(the move shown)']").get_attribute("data-cell") or ""
    return pile, cell


def test_hints_ring_the_move_and_the_review_steps_the_par_line(lab: Any, browser: Any) -> None:
    call = 'TownWidget("town44", seed=2)'
    game = Record(write_notebook(lab.root, "advice.ipynb", "TownWidget", call, setup=NEARLY_DONE))
    page, errors = open_page(browser, lab, "advice.ipynb", ".tw-root")
    view = page.locator(".tw-root").first
    assert game.read()["state"]["current_player"] == 0

    # the Hint button is named in words and reached by the keyboard: Enter asks for a hint
    hint = view.locator("[data-key='hint']")
    assert (hint.get_attribute("aria-label") or "").startswith("Hint: suggest a move")
    hint.focus()
    page.keyboard.press("Enter")
    view.locator(".gw-suggestion").wait_for(timeout=WAIT_MS)
    assert view.locator(".gw-suggestion").inner_text().startswith("Hint: ")
    assert " expected " in view.locator(".gw-suggestion").inner_text()
    assert view.locator(".gw-hint-mark").count() == 1 and view.locator(".tw-pick.gw-hinted").count() == 1
    assert view.locator(".gw-assisted").count() == 1  # the game is marked as played with hints
    pile, cell = hinted_move(view)
    suggested = view.locator(".gw-suggestion").inner_text()
    row, column = (int(number) + 1 for number in cell.split(","))  # data-cell is the engine's, from 0
    assert f"to row {row}, column {column}" in suggested  # the cell in words, as the board's labels number it

    # follow the hints to the end: the pile and the cell they point at, by mouse
    for _ in range(6):
        moves = len(history(game))
        view.locator(f"[data-pile='{pile}']").click()
        view.locator(f".tw-cell[data-cell='{cell}']").click()
        wait_for(lambda: len(history(game)) == moves + 1, "the hinted move")  # noqa: B023
        last = history(game)[-1]
        assert last["pile"] == int(pile) and last["cell"] == [int(n) for n in cell.split(",")]
        if game.read()["state"]["current_player"] is None:
            break
        page.wait_for_function("() => document.querySelector('.tw-root .gw-suggestion') === null")
        view.locator("[data-key='hint']").click()
        view.locator(".gw-suggestion").wait_for(timeout=WAIT_MS)
        pile, cell = hinted_move(view)
    assert game.read()["state"]["current_player"] is None, "six hints did not finish the game"

    # the end box: the hints are counted, Review works behind a thinking mark and shows the review
    view.locator(".tw-outcome").wait_for(timeout=WAIT_MS)
    assert "marked as assisted" in view.locator(".gw-assisted-note").inner_text()
    view.locator("[data-key='review']").click()
    view.locator(".gw-review").wait_for(timeout=WAIT_MS)
    assert view.locator(".gw-review-plot svg polyline").count() == 2
    assert (
        "par " in view.locator(".gw-review").inner_text()
        and "sees the piles" in view.locator(".gw-review").inner_text()
    )
    assert view.locator(".gw-review-move").inner_text().startswith("Move the history slider")
    # the estimates of the move on the history slider, the best move measured ringed on the board
    view.locator("[data-key='history']").evaluate(
        "(slider) => { slider.value = 3; slider.dispatchEvent(new Event('input', { bubbles: true })); }"
    )
    # the slider's "move 3" is the board after move 3: the review speaks of that move, the log marks its line 3
    page.wait_for_function("() => document.querySelector('.tw-root .gw-review-move').textContent.startsWith('Move 3')")
    text = view.locator(".gw-review-move").inner_text()
    label = text.removeprefix("Move 3 (").split("): you played ", 1)[0]  # the move's label, from its loss
    assert label in ("best", "as good as the best", "good", "inaccuracy", "mistake", "blunder"), text
    assert " ± " in text and "(cost " in text and "(cost -" not in text
    assert view.locator(".tw-step").inner_text().startswith("move 3 of ")
    assert view.locator(".tw-log li").nth(2).get_attribute("class").split().count("gw-current") == 1
    assert view.locator(".gw-hint-mark").count() == 1
    view.locator("[data-key='back']").click()
    page.wait_for_function("() => document.querySelector('.tw-root [data-key=\"back\"]') === null")

    # the par line on the board: the deal, then move by move with Enter, then back to the game
    placed = view.locator(".tw-placed").count()
    view.locator("[data-key='par-show']").click()
    assert view.locator(".gw-par-step").inner_text().startswith("Par line, the deal")
    assert view.locator(".tw-placed").count() == 0
    assert active_key(page) == "par-next"
    page.keyboard.press("Enter")
    assert view.locator(".gw-par-step").inner_text().startswith("Par line, move 1 of ")
    assert view.locator(".tw-placed").count() == 1 and view.locator(".gw-hint-mark").count() == 1
    page.keyboard.press("Enter")
    assert view.locator(".tw-placed").count() == 2
    view.locator("[data-key='par-hide']").click()
    assert view.locator(".tw-placed").count() == placed and view.locator(".gw-par-step").count() == 0

    page.mouse.move(0, 0)
    check_fits_and_contrast(page, view, "tw")
    assert not errors, errors


def active_key(page: Any) -> str | None:
    return page.evaluate("() => document.activeElement && document.activeElement.getAttribute('data-key')")


def test_a_little_town_hint_marks_its_space_building_or_choice(lab: Any, browser: Any) -> None:
    call = 'LittleTownWidget(opponents=["random"], seed=3)'
    game = Record(write_notebook(lab.root, "lt-advice.ipynb", "LittleTownWidget", call))
    page, errors = open_page(browser, lab, "lt-advice.ipynb", ".ltw-root")
    view = page.locator(".ltw-root").first
    view.locator("[data-key='hint']").click()
    view.locator(".gw-suggestion").wait_for(timeout=WAIT_MS)
    text = view.locator(".gw-suggestion").inner_text()
    assert text.startswith("Hint: ") and " expected " in text
    marked = view.locator(".gw-hint-mark").count() + view.locator(".gw-hinted").count()
    assert marked == 1, f"the hint should mark one space, building or choice: {text}"
    assert view.locator(".gw-assisted").count() == 1
    assert game.read()["state"]["history"] == []  # a hint plays nothing
    assert not errors, errors
