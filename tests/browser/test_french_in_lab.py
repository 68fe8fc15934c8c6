"""Both widgets in French (``lang="fr"``) in a real JupyterLab: a whole game of each, clicked by a real chromium,
and the page searched for English words at every step.

The words searched are what a player reads or hears: the views' text, every ``aria-label`` and ``title``, and the
SVG ``<title>`` of tiles and spaces (see ``tests/english_words.py``). Town 66 solo is played to its end with the pile
tops and the lit cells (a refused click, the fit counts and the New game confirmation on the way); Little Town
with the lit spaces, the choices in words and the market, until the end box. Hints and the review are searched too:
a Town 44 game finished by following the hints, then its review (the plot, a move's estimates, the par line), and
in Little Town a hint at the start and the review at the end.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import pytest
from lab import SCREENSHOTS, STEP_TIMEOUT_S, Record, open_and_run, timed_click, write_notebook

from townwidget import littletown, town

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the shared list of English words
from english_words import english_in  # noqa: E402

pytestmark = pytest.mark.browser

# Everything a player reads or hears in a view: its text, the names given to screen readers and the tooltips.
WORDS = """(root) => [
  root.innerText,
  ...[...root.querySelectorAll("[aria-label]")].map((node) => node.getAttribute("aria-label")),
  ...[...root.querySelectorAll("[title]")].map((node) => node.getAttribute("title")),
  ...[...root.querySelectorAll("title")].map((node) => node.textContent),
]"""


REVIEW_WAIT_MS = 240_000  # a review measures every decision (a whole Little Town game: about 20 CPU seconds)
NEARLY_DONE = "while widget.state.board.placed() < 11:\n    widget.apply(widget.state.legal_actions()[0])"


class Game(Record):
    def settled(self, data: dict[str, Any]) -> bool:
        return data["state"]["current_player"] in (0, None)


def drawn(view: Any, data: dict[str, Any]) -> dict[str, Any]:
    """Wait until the view has drawn Python's record ``data`` (opponents' moves arrive after the click's redraw)."""
    deadline = time.monotonic() + STEP_TIMEOUT_S
    while int(view.get_attribute("data-revision") or 0) < data["revision"]:
        assert time.monotonic() < deadline, f"the view did not draw revision {data['revision']}"
        time.sleep(0.05)
    return data


def no_english(view: Any, when: str) -> None:
    found = english_in(view.evaluate(WORDS))
    assert not found, f"English words {when}: {found}"


def play(
    page: Any, view: Any, game: Game, target: Any, what: str, latencies: list[float], scan: bool
) -> dict[str, Any]:
    """Click ``target`` for a move Python accepts; once the view has drawn it (and the opponents' moves), search it
    for English when ``scan``."""
    data = drawn(view, timed_click(page, view, target, game, what, latencies))
    assert data["error"] == "", f"{what}: {data['error']}"
    if scan:
        no_english(view, f"after {what}")
    return data


def at_the_end(view: Any, prefix: str) -> None:
    """The game is over: the end box and the status say so, in French (a screenshot in build/browser/)."""
    view.locator(f".{prefix}-outcome").wait_for(timeout=STEP_TIMEOUT_S * 1000)
    assert view.locator(f".{prefix}-status").inner_text().startswith("Partie finie")
    no_english(view, "at the end")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    view.screenshot(path=str(SCREENSHOTS / f"{prefix}-french-end.png"))


def hint_in_french(view: Any, when: str) -> None:
    """Ask a hint: its sentence is French, and so is everything else on show."""
    view.locator("[data-key='hint']").click()
    view.locator(".gw-suggestion").wait_for(timeout=STEP_TIMEOUT_S * 1000)
    assert view.locator(".gw-suggestion").inner_text().startswith("Conseil : ")
    no_english(view, f"with a hint on show {when}")


def review_in_french(page: Any, view: Any, prefix: str) -> None:
    """Ask the review of the finished game: its summary, plot and what it says of the first move (on the history
    slider)."""
    view.locator("[data-key='review']").click()
    view.locator(".gw-review").wait_for(timeout=REVIEW_WAIT_MS)
    no_english(view, "with the review on show")
    shown = f".{prefix}-root .gw-review-move"
    before = view.locator(".gw-review-move").inner_text()
    view.locator("[data-key='history']").evaluate(
        "(slider) => { slider.value = 0; slider.dispatchEvent(new Event('input', { bubbles: true })); }"
    )
    page.wait_for_function(
        "([shown, before]) => document.querySelector(shown).textContent !== before", arg=[shown, before]
    )
    no_english(view, "with the estimates of move 1 on show")
    view.locator("[data-key='back']").click()


def open_french(
    lab: Any, browser: Any, name: str, widget: str, call: str, selector: str, setup: str = ""
) -> tuple[Any, Any, Game]:
    game = Game(write_notebook(lab.root, name, widget, call, setup=setup))
    page = browser.new_page(viewport={"width": 1280, "height": 1300})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_and_run(page, lab, name, selector, errors)
    return page, page.locator(selector).nth(0), game


def test_town_66_solo_in_french_to_the_end(lab: Any, browser: Any) -> None:
    page, view, game = open_french(
        lab, browser, "ville.ipynb", "TownWidget", 'TownWidget("town66", seed=4, lang="fr")', ".tw-root"
    )
    latencies: list[float] = []
    no_english(view, "at the start")
    assert view.locator(".tw-status").inner_text().startswith("À vous")
    view.locator('[data-key="inspect"]').check()  # the fit counts and their legend
    view.locator(".tw-legend").wait_for(timeout=STEP_TIMEOUT_S * 1000)
    data = game.read()
    moves = 0
    while data["state"]["current_player"] is not None:
        state = town.from_dict(data["state"])
        action = state.legal_actions()[0]
        assert isinstance(action, town.Place)
        timed_click(page, view, view.locator(f'[data-pile="{action.pile}"]'), game, "picking a pile", latencies)
        if action.flip:
            view.locator('[data-key="flip"]').check()
            view.locator(f'.tw-legal[data-cell="{action.cell[0]},{action.cell[1]}"]').wait_for()
        if moves == 2:  # hover a closed cell (its reason), click it (refused), then the New game question
            closed = view.locator(".tw-cell:not(.tw-legal)").last
            closed.hover()
            no_english(view, "with a reason on show")
            timed_click(page, view, closed, game, "a refused click", latencies)
            assert view.locator(".tw-error").inner_text(), "the refusal is not shown"
            view.locator('[data-key="new-game"]').click()
            view.locator('[data-key="new-game-cancel"]').wait_for()
            no_english(view, "asking to confirm a new game")
            view.locator('[data-key="new-game-cancel"]').click()
        cell = view.locator(f'[data-cell="{action.cell[0]},{action.cell[1]}"]')
        moves += 1
        data = play(page, view, game, cell, f"move {moves}, at {action.cell}", latencies, scan=moves % 6 == 0)
    at_the_end(view, "tw")
    view.locator('input[data-key="history"]').fill("3")
    view.locator(".tw-step").filter(has_text="lecture seule").wait_for(timeout=STEP_TIMEOUT_S * 1000)
    no_english(view, "on an earlier move")


def test_little_town_in_french_to_the_end(lab: Any, browser: Any) -> None:
    page, view, game = open_french(
        lab,
        browser,
        "petite-ville.ipynb",
        "LittleTownWidget",
        'LittleTownWidget(opponents=["greedy"], seed=6, lang="fr")',
        ".ltw-root",
    )
    latencies: list[float] = []
    no_english(view, "at the start")
    hint_in_french(view, "at the start")
    data = game.read()
    steps, refused = 0, False
    while data["state"]["current_player"] is not None:
        state = littletown.from_dict(data["state"])
        if steps > 0 and not refused and state.phase == "turn":  # a forest: its reason on hover, then refused
            refused = True
            forest = next(
                (r, c) for r, line in enumerate(data["state"]["terrain"]) for c, g in enumerate(line) if g == "F"
            )
            target = view.locator(f'[data-cell="{forest[0]},{forest[1]}"]')
            target.hover()
            no_english(view, "with a reason on show")
            timed_click(page, view, target, game, "clicking a forest", latencies)
            assert "prairie" in view.locator(".ltw-error").inner_text()
        if view.locator(".ltw-cell.ltw-legal").count():
            target = view.locator(".ltw-cell.ltw-legal").last
        elif view.locator(".ltw-choice").count():
            target = view.locator(".ltw-choice").last
        else:
            target = view.locator(".ltw-offer.ltw-buildable").first
        steps += 1
        data = play(page, view, game, target, f"step {steps}, in phase {state.phase}", latencies, scan=steps % 10 == 0)
    at_the_end(view, "ltw")
    review_in_french(page, view, "ltw")


def test_hints_and_the_review_in_french(lab: Any, browser: Any) -> None:
    call = 'TownWidget("town44", seed=2, lang="fr")'
    page, view, game = open_french(lab, browser, "conseils.ipynb", "TownWidget", call, ".tw-root", NEARLY_DONE)
    for hint in range(1, 7):  # follow the hints to the end: the pile and the cell they point at
        hint_in_french(view, f"(hint {hint})")
        pile = view.locator(".tw-pick.gw-hinted").get_attribute("data-pile")
        cell = view.locator(".tw-cell[aria-label$='(le coup montré)']").get_attribute("data-cell")
        view.locator(f"[data-pile='{pile}']").click()
        data = play(page, view, game, view.locator(f".tw-cell[data-cell='{cell}']"), f"hint {hint}", [], scan=False)
        if data["state"]["current_player"] is None:
            break
    at_the_end(view, "tw")
    review_in_french(page, view, "tw")
    view.locator("[data-key='par-show']").click()
    view.locator("[data-key='par-next']").click()
    assert view.locator(".gw-par-step").inner_text().startswith("Ligne de référence, coup 1 sur ")
    no_english(view, "on the par line")
