"""A hot-seat Town game in a real JupyterLab (``TownWidget(mode="multi", humans=2)``), clicked by chromium: two people
take turns at one view, the screen is covered each time it passes, and the DOM never shows a person the other's
tiles (the hand's buttons are exactly the screen's person's tiles; while covered there is no board and no hand)."""

from __future__ import annotations

from typing import Any

import pytest
from lab import STEP_TIMEOUT_S, Record, open_and_run, timed_click, write_notebook

from townwidget import town

pytestmark = pytest.mark.browser

PEOPLE = ("Ana", "Bob")
PASSES = 4  # the screen passes this many times (the test then stops: a whole game adds nothing but time)


def shown_tiles(view: Any) -> list[str]:
    """Every tile the view names by colour and shape in a data attribute (hand buttons: "colour,shape")."""
    return sorted(view.evaluate("(root) => [...root.querySelectorAll('[data-tile]')].map((n) => n.dataset.tile)"))


def test_a_hot_seat_game_passes_the_screen_and_never_shows_the_other_hand(lab: Any, browser: Any) -> None:
    call = f'TownWidget("town44", mode="multi", humans=2, names={PEOPLE!r}, seed=5)'
    game = Record(write_notebook(lab.root, "hot-seat.ipynb", "TownWidget", call, views=1))
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page_errors: list[str] = []
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    open_and_run(page, lab, "hot-seat.ipynb", ".tw-root", page_errors, views=1)
    view = page.locator(".tw-root").first
    latencies: list[float] = []
    passes, seat = 0, 0  # who holds the screen

    def click(target: Any, what: str) -> town.State:
        return town.from_dict(timed_click(page, view, target, game, what, latencies)["state"])

    state = town.from_dict(game.read()["state"])
    while passes < PASSES and state.current_player is not None:
        person = state.current_player
        if person != seat:  # covered: the cover names the next person, and nothing of anybody's hand is drawn
            cover = view.locator(".gw-cover")
            cover.wait_for(timeout=STEP_TIMEOUT_S * 1000)
            assert f"Pass to {PEOPLE[person]}: press to show your hand." in cover.inner_text()
            assert shown_tiles(view) == [] and view.locator(".tw-board, .tw-hand, .tw-cell").count() == 0
            state = click(view.locator("[data-key='uncover']"), f"{PEOPLE[person]} shows the hand")
            seat, passes = person, passes + 1
        view.locator(".tw-hand").wait_for(timeout=STEP_TIMEOUT_S * 1000)
        own = sorted(f"{colour},{shape}" for colour, shape in state.hands[seat])
        assert shown_tiles(view) == own, f"the DOM shows {shown_tiles(view)}, {PEOPLE[seat]} holds {own}"
        assert PEOPLE[seat] in view.locator(".gw-status").first.inner_text()
        action = next((a for a in state.legal_actions() if isinstance(a, town.Place)), state.legal_actions()[0])
        if isinstance(action, town.Place):
            click(view.locator(f'[data-tile="{action.tile[0]},{action.tile[1]}"]'), "picking a hand tile")
            lit = view.locator(f'.tw-legal[data-cell="{action.cell[0]},{action.cell[1]}"]')
            lit.wait_for(timeout=STEP_TIMEOUT_S * 1000)
            state = click(lit, "placing it")
        elif isinstance(action, town.Pass):
            state = click(view.locator("[data-key='pass']"), "no exchange, or keeping the hand")
        else:
            assert isinstance(action, town.Discard), action
            click(view.locator(f'[data-tile="{action.tile[0]},{action.tile[1]}"]'), "picking the tile to discard")
            state = click(view.locator("[data-key='discard']"), "discarding it")
    assert passes == PASSES, f"the screen passed {passes} times"
    if view.locator(".gw-cover").count():  # a one-click turn passed the screen on: the next person shows the hand
        click(view.locator("[data-key='uncover']"), "the next person shows the hand")
    assert "Ana" in view.locator(".tw-log").inner_text() and "Bob" in view.locator(".tw-log").inner_text()
    assert not page_errors, page_errors
    page.close()
