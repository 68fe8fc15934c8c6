"""Playing as a person does, in a real JupyterLab with a real chromium: keys after mouse clicks, narrow columns,
light and dark themes, words for screen readers, opponents who think while the view answers, save and load, a new
game and the end of one.

Each notebook shows a widget twice and records the Python truth after every update (see ``lab.py``); the checks
read the game from that record and the page from the browser.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from lab import (
    CONTRAST_PROBE,
    OVERFLOW_PROBE,
    STEP_TIMEOUT_S,
    Record,
    open_and_run,
    set_theme,
    write_notebook,
)

pytestmark = pytest.mark.browser

WAIT_MS = STEP_TIMEOUT_S * 1000
MINIMUM_CONTRAST = 4.5


def open_page(browser: Any, lab: Any, name: str, selector: str, width: int = 1280) -> tuple[Any, list[str]]:
    page = browser.new_page(viewport={"width": width, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_and_run(page, lab, name, selector, errors)
    return page, errors


def active(page: Any, attribute: str) -> str | None:
    """An attribute of the focused element (None when it has none)."""
    return page.evaluate(f"() => document.activeElement && document.activeElement.getAttribute('{attribute}')")


def history(record: Record) -> list[Any]:
    return list(record.read()["state"]["history"])


def first_style(view: Any, selector: str, property: str) -> str:
    """A computed style of the first ``selector`` inside the view, found and read in one call.

    Reading it through a located node can race a redraw: a node replaced in between has no computed style.
    """
    return view.evaluate(
        "(root, [selector, property]) => getComputedStyle(root.querySelector(selector))[property]",
        [selector, property],
    )


def wait_for(condition: Any, what: str, seconds: float = STEP_TIMEOUT_S) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def check_fits_and_contrast(page: Any, view: Any, prefix: str) -> None:
    """No sideways scrolling at 600 px and in a 320 px column; every text at least 4.5:1 in light and dark."""
    page.set_viewport_size({"width": 600, "height": 1000})
    page.wait_for_timeout(300)
    beyond, culprit = view.evaluate(OVERFLOW_PROBE)
    assert beyond <= 1, f"in a 600 px window the widget overflows its output area by {beyond} px ({culprit})"
    page.set_viewport_size({"width": 1280, "height": 1000})
    view.evaluate("(root) => { root.closest('.jp-OutputArea-output').style.maxWidth = '320px'; }")
    page.wait_for_timeout(300)
    beyond, culprit = view.evaluate(OVERFLOW_PROBE)
    assert beyond <= 1, f"the widget overflows a 320 px column by {beyond} px ({culprit})"
    board = view.locator(f".{prefix}-board").bounding_box()
    assert board is not None and board["width"] <= 320
    view.evaluate("(root) => { root.closest('.jp-OutputArea-output').style.maxWidth = ''; }")
    check_contrast(page, view)


def check_contrast(page: Any, view: Any) -> None:
    """Every text of the view at least 4.5:1 on what is painted under it, in the light and the dark theme."""
    for dark in (False, True):
        set_theme(page, dark)
        result = view.evaluate(CONTRAST_PROBE, MINIMUM_CONTRAST)
        theme = "dark" if dark else "light"
        assert result["checked"] > 20, result
        assert not result["failures"], f"texts below {MINIMUM_CONTRAST}:1 in the {theme} theme: {result['failures']}"
    set_theme(page, False)


def drawn(page: Any, game: Record) -> None:
    """Wait until the Town view has drawn Python's latest answer (its data-revision has caught up)."""
    revision = game.read()["revision"]
    page.wait_for_function(f"() => Number(document.querySelector('.tw-root').dataset.revision) >= {revision}")


def test_town_mouse_then_keys_words_narrow_and_themes(lab: Any, browser: Any) -> None:
    game = Record(write_notebook(lab.root, "keys.ipynb", "TownWidget", 'TownWidget("town77", seed=11)'))
    page, errors = open_page(browser, lab, "keys.ipynb", ".tw-root")
    view = page.locator(".tw-root").first

    # a pile picked with the mouse: the keyboard goes on on the board, at a cell where the tile may go
    view.locator('[data-pile="0"]').click()
    page.wait_for_function("() => document.activeElement && document.activeElement.classList.contains('tw-cell')")
    assert active(page, "data-cell") == "0,0"
    page.keyboard.press("Enter")
    wait_for(lambda: len(history(game)) == 1, "Enter to place after a mouse pick")
    drawn(page, game)  # a click on a view still being redrawn may lose its focus move
    # again, with arrows: over, back, Enter; the tile lands on the focused cell
    view.locator('[data-pile="1"]').click()
    page.wait_for_function("() => document.activeElement && document.activeElement.classList.contains('tw-cell')")
    page.keyboard.press("ArrowRight")  # shows the cursor where the pick put it
    start = active(page, "data-cell")
    page.keyboard.press("ArrowDown")
    assert active(page, "data-cell") != start
    page.keyboard.press("ArrowUp")
    assert active(page, "data-cell") == start
    page.keyboard.press("Enter")
    wait_for(lambda: len(history(game)) == 2, "Enter to place after arrows")
    row, column = (int(number) for number in (start or "").split(","))
    assert game.read()["state"]["board"][row][column] is not None
    # the focus stays on the board after the move; a digit picks, the focus goes to the board again
    page.keyboard.press("3")
    page.wait_for_function("() => document.querySelector('.tw-root .tw-picked') !== null")
    assert "tw-cell" in (active(page, "class") or "")

    # words: cells, piles and controls are named; the coordinates are not read out as digits
    page.wait_for_function(  # the cells where the pick may go are named once Python's answer is drawn
        """() => [...document.querySelectorAll('.tw-root .tw-cell')].some((cell) =>
             (cell.getAttribute('aria-label') || '').endsWith('the picked tile may go here'))"""
    )
    labels = view.locator(".tw-cell").evaluate_all("(cells) => cells.map((cell) => cell.getAttribute('aria-label'))")
    assert len(labels) == 49 and all(label.startswith("Row ") and ", column " in label for label in labels)
    assert any(label.endswith("the picked tile may go here") for label in labels)
    pile = view.locator('[data-pile="0"]').get_attribute("aria-label") or ""
    assert pile.startswith("Pile 1: ") and " on top, " in pile and "(key 1)" in pile  # counted from 1, as its key
    assert view.locator(".tw-coord[aria-hidden='true']").count() == 14
    guide = view.locator(".tw-guide")  # the "How to win" and "This turn" panel, open, from the game's adapter
    assert guide.get_attribute("open") is not None
    assert "How to win: Place as many tiles as you can" in guide.inner_text() and "This turn: " in guide.inner_text()
    coordinates = view.locator(".tw-coord").evaluate_all("(labels) => labels.map((label) => label.textContent)")
    assert coordinates == [str(number) for number in range(1, 8) for _label in ("column", "row")], coordinates
    assert labels[0].startswith("Row 1, column 1: ") and labels[-1].startswith("Row 7, column 7: "), labels
    unnamed = view.evaluate(
        """(root) => [...root.querySelectorAll('button, input, [role=button]')].filter((node) =>
             !(node.getAttribute('aria-label') || node.textContent.trim() || node.closest('label'))).length"""
    )
    assert unnamed == 0
    assert view.locator(".tw-cell[tabindex='0']").count() == 1  # one stop for Tab on the board, arrows inside
    # a second cue besides colour: the colour's number on each tile, larger than 10 px
    assert float(first_style(view, ".tw-placed text", "fontSize").removesuffix("px")) >= 14

    # the picked tile's ghost on a cell where it may go; the fits and their legend; a numbered log
    legal = view.locator(".tw-cell.tw-legal").first
    legal.hover()
    assert view.locator(".tw-ghost").count() == 1
    view.locator(".tw-cell:not(.tw-legal)").last.hover()
    assert view.locator(".tw-ghost").count() == 0
    view.locator("[data-key='inspect']").check()
    view.locator(".tw-legend").wait_for(timeout=WAIT_MS)
    assert "how many of your pile tops may go there" in view.locator(".tw-legend").inner_text()
    assert view.locator(".tw-fit").count() > 0
    assert first_style(view, ".tw-log li", "listStyleType") == "decimal"

    page.mouse.move(0, 0)
    check_fits_and_contrast(page, view, "tw")
    assert not errors, errors


def test_little_town_by_keyboard_words_narrow_and_themes(lab: Any, browser: Any) -> None:
    class Game(Record):
        def settled(self, data: dict[str, Any]) -> bool:
            return data["state"]["current_player"] in (0, None)

    game = Game(
        write_notebook(lab.root, "lt-keys.ipynb", "LittleTownWidget", 'LittleTownWidget(opponents=["greedy"], seed=5)')
    )
    page, errors = open_page(browser, lab, "lt-keys.ipynb", ".ltw-root")
    view = page.locator(".ltw-root").first
    legal = [cell.split(",") for cell in view.locator(".ltw-legal").evaluate_all("(s) => s.map((c) => c.dataset.cell)")]
    target = [int(legal[0][0]), int(legal[0][1])]

    # the board by keys: focus the view, an arrow enters the board, arrows walk to a lit space, Enter places
    view.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.activeElement && document.activeElement.classList.contains('ltw-cell')")
    for _ in range(20):
        row, column = (int(number) for number in (active(page, "data-cell") or "").split(","))
        if [row, column] == target:
            break
        if row != target[0]:
            page.keyboard.press("ArrowDown" if row < target[0] else "ArrowUp")
        else:
            page.keyboard.press("ArrowRight" if column < target[1] else "ArrowLeft")
    assert (active(page, "aria-label") or "").startswith(f"Row {target[0] + 1}, column {target[1] + 1}: ")
    page.keyboard.press("Enter")
    wait_for(lambda: {"cell": target, "player": 0} in game.read()["state"]["workers"], "Enter to place a worker")
    # Tab reaches the choices in words; Enter on "End the turn" ends it, and the opponent plays
    for _ in range(200):
        page.keyboard.press("Tab")
        if active(page, "data-kind") == "done":
            break
    assert active(page, "data-kind") == "done"
    before = len(history(game))
    page.keyboard.press("Enter")
    wait_for(lambda: len(history(game)) > before + 1 and game.read()["state"]["current_player"] == 0, "the turn")
    labels = view.locator(".ltw-cell").evaluate_all("(cells) => cells.map((cell) => cell.getAttribute('aria-label'))")
    assert len(labels) == 54 and all(label.startswith("Row ") and ": " in label for label in labels)
    assert float(first_style(view, ".ltw-piece-number", "fontSize").removesuffix("px")) >= 14

    # the market's buildable look (the card to click) must be readable in both themes, like everything else
    view.locator(".ltw-offer").first.evaluate("(node) => node.classList.add('ltw-buildable')")
    page.mouse.move(0, 0)
    check_fits_and_contrast(page, view, "ltw")
    assert not errors, errors


SLOW_AGENT = """\
import time
from townwidget import town


class Slow:
    name = "slow"
    delay = 0.0  # seconds to think; set once the game is under way

    def act(self, view):
        time.sleep(self.delay)
        return view.legal_actions()[0]


slow = Slow()"""


def test_opponents_think_while_the_view_answers_and_new_game_interrupts(lab: Any, browser: Any) -> None:
    setup = "if widget.state.phase == 'exchange':\n    widget.apply(town.Pass())\nslow.delay = 4.0"
    call = 'TownWidget(mode="multi", opponents=[slow], seed=3)'
    game = Record(write_notebook(lab.root, "think.ipynb", "TownWidget", call, setup=setup, before=SLOW_AGENT))
    page, errors = open_page(browser, lab, "think.ipynb", ".tw-root")
    view = page.locator(".tw-root").first
    from townwidget import town

    state = town.from_dict(game.read()["state"])
    move = next(action for action in state.legal_actions() if isinstance(action, town.Place))
    view.locator(f'[data-tile="{move.tile[0]},{move.tile[1]}"]').click()
    view.locator(f'.tw-legal[data-cell="{move.cell[0]},{move.cell[1]}"]').click()
    wait_for(lambda: len(history(game)) >= len(state.history) + 1, "the seat's placement")
    if game.read()["state"]["phase"] == "discard":  # with the steps asked for (a click places and keeps by default)
        view.locator("[data-key='pass']").click()  # keep the hand: the slow opponent's turn
    # it thinks for 4 s: the status names it and shows it is working, the Python side keeps answering
    view.locator(".gw-thinking").wait_for(timeout=WAIT_MS)
    assert "Player 2 (slow) is thinking" in view.locator(".tw-status").inner_text()
    assert view.locator("[data-key='undo']").is_disabled()
    started = time.monotonic()
    revision = game.read()["revision"]
    view.locator("[data-key='inspect']").check()
    game.wait(revision, "Show fits while the opponent thinks")
    view.locator(".tw-fit").first.wait_for(timeout=WAIT_MS)
    answered = time.monotonic() - started
    view.focus()
    page.keyboard.press("1")  # a move while it thinks: refused with the reason
    page.wait_for_function("() => document.querySelector('.tw-root .tw-error').textContent.includes('is thinking')")
    assert answered < 2.0, f"Show fits took {answered:.1f} s while the opponent was thinking"
    # New game (confirmed) interrupts the thinking; the old game's move never reaches the new one
    view.locator("[data-key='new-game']").click()
    view.locator("[data-key='new-game-yes']").click()
    wait_for(lambda: history(game) == [], "the new game", seconds=2.5)  # well before the old thinking ends
    assert time.monotonic() - started < 4.0, "New game waited for the opponent's move"
    time.sleep(4.5)  # the old thinking has ended by now
    data = game.read()
    moves = len(data["state"]["history"])
    page.wait_for_function(f"() => document.querySelector('.tw-root .tw-step').textContent.includes('of {moves}')")
    assert data["error"] == "" and not errors, (data["error"], errors)


def test_save_and_load_undo_and_new_game_confirmation(lab: Any, browser: Any) -> None:
    before = (
        "from townwidget import town\n"
        "played = town.new_solo('town77', seed=3)\n"
        "for _ in range(5):\n"
        "    played.apply(played.legal_actions()[0])\n"
        "saved = played.to_dict()"
    )
    call = "TownWidget(state=town.SoloState.from_dict(saved))"
    game = Record(write_notebook(lab.root, "saved.ipynb", "TownWidget", call, before=before))
    page, errors = open_page(browser, lab, "saved.ipynb", ".tw-root")
    view = page.locator(".tw-root").first
    assert view.locator(".tw-step").inner_text() == "move 5 of 5"
    assert view.locator("[data-key='history']").get_attribute("max") == "5"
    view.locator("[data-key='history']").fill("2")  # an earlier position of the saved game can be shown
    page.wait_for_function(
        "() => document.querySelector('.tw-root .tw-step').textContent === 'move 2 of 5 (read only)'"
    )
    assert view.locator(".tw-placed").count() == 2
    view.locator("[data-key='back']").click()
    view.locator("[data-key='undo']").click()
    wait_for(lambda: len(history(game)) == 4, "undo in the loaded game")
    page.wait_for_function("() => document.querySelector('.tw-root .tw-step').textContent === 'move 4 of 4'")
    view.locator(".gw-practice").wait_for(timeout=WAIT_MS)  # a solo undo: this game is practice now
    # New game asks first; Cancel keeps the game
    view.locator("[data-key='new-game']").click()
    assert "Start a new game?" in view.locator(".gw-confirm").inner_text()
    assert active(page, "data-key") == "new-game-cancel"
    view.locator("[data-key='new-game-cancel']").click()
    assert view.locator(".gw-confirm").count() == 0 and len(history(game)) == 4
    view.locator("[data-key='new-game']").click()
    view.locator("[data-key='new-game-yes']").click()
    wait_for(lambda: history(game) == [], "the new game")
    page.wait_for_function("() => document.querySelector('.tw-root .gw-practice') === null")
    assert not errors, errors


def test_the_end_says_who_left_when_why_and_offers_to_play_again(lab: Any, browser: Any) -> None:
    play_out = "while widget.state.current_player is not None:\n    widget.apply(widget.state.legal_actions()[0])"
    call = 'TownWidget(mode="multi", opponents=["random", "random"], seed=4)'
    town_game = Record(write_notebook(lab.root, "end.ipynb", "TownWidget", call, setup=play_out))
    page, errors = open_page(browser, lab, "end.ipynb", ".tw-root")
    view = page.locator(".tw-root").first
    assert view.locator(".tw-end-reason").inner_text().startswith("The game ended: every player has left")
    assert "The ranking: fewer tiles left in hand ranks higher" in view.locator(".tw-end-reason").inner_text()
    cells = view.locator(".tw-outcome td:nth-child(4)").all_inner_texts()
    assert len(cells) == 3 and all(" after move " in text for text in cells), cells
    log = view.locator(".tw-log").inner_text()
    assert "left the game (1st to leave)" in log and "Game over: every player has left" in log
    check_contrast(page, view)  # the end box's texts too
    view.locator("[data-key='play-again']").click()
    wait_for(lambda: town_game.read()["state"]["current_player"] is not None, "a new game from Play again")
    page.wait_for_function("() => document.querySelector('.tw-root .tw-outcome') === null")
    page.close()

    call = 'LittleTownWidget(opponents=["random"], seed=2)'
    little = Record(write_notebook(lab.root, "lt-end.ipynb", "LittleTownWidget", call, setup=play_out))
    page, errors = open_page(browser, lab, "lt-end.ipynb", ".ltw-root")
    view = page.locator(".ltw-root").first
    assert view.locator(".ltw-end-reason").inner_text().startswith("The game ended after round 4 of 4")
    assert view.locator(".ltw-round.ltw-past").count() == 3
    check_contrast(page, view)  # past rounds, buildings of every player, the end box
    view.locator("[data-key='play-again']").click()
    wait_for(lambda: little.read()["state"]["current_player"] is not None, "a new Little Town game")
    assert not errors, errors
