"""A shared game's page opens from a file in Chromium, with no server and no network: the slider steps through
the positions (the log follows), the log and the plot are there, and no request leaves the page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from townwidget.widget import TownWidget

pytestmark = pytest.mark.browser

# One call reads the page at a slider position: set it, let the page's input handler draw, read what shows.
AT_STEP = """(step) => {
  const slider = document.getElementById("rp-step");
  slider.value = String(step);
  slider.dispatchEvent(new Event("input"));
  const board = document.getElementById("rp-board");
  return {
    where: document.getElementById("rp-where").textContent,
    placed: board.querySelectorAll("svg g.tw-tile, svg g.tw-back, svg g.tw-blank").length,
    svg: board.querySelectorAll(":scope > svg").length,
    tops: board.querySelectorAll("svg g.tw-held g.tw-held-tile").length,
    max: Number(slider.max),
    log: document.querySelectorAll(".rp-log li").length,
    later: document.querySelectorAll(".rp-log li.rp-later").length,
    current: [...document.querySelectorAll(".rp-log li")].findIndex((line) => line.getAttribute("aria-current")),
    plot: document.querySelectorAll(".rp-plot svg").length,
  };
}"""


def test_the_page_steps_through_the_game_from_a_file(browser: Any, tmp_path: Path) -> None:
    widget = TownWidget("town44", seed=6)
    for _ in range(4):
        widget.apply(widget.state.legal_actions()[0])
    path = widget.export_html(tmp_path / "shared.html")
    page = browser.new_page()
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(path.as_uri())
    seen = [page.evaluate(AT_STEP, step) for step in (0, 2, 4, 1)]
    assert [shown["where"] for shown in seen] == ["Move 0 of 4", "Move 2 of 4", "Move 4 of 4", "Move 1 of 4"]
    assert all(shown["svg"] == 1 and shown["max"] == 4 and shown["log"] == 4 for shown in seen)
    assert [shown["placed"] for shown in seen] == [0, 2, 4, 1], seen  # one more tile on the board per move
    assert all(shown["tops"] == 3 for shown in seen), seen  # the three pile tops below the board at every move
    # the log follows: the move on show is marked (none before the first), the later ones greyed
    assert [(shown["current"], shown["later"]) for shown in seen] == [(-1, 4), (1, 2), (3, 0), (0, 3)], seen
    assert requests == [path.as_uri()] and errors == [], (requests, errors)


def test_a_finished_multiplayer_game_marks_the_move_on_show(browser: Any, tmp_path: Path) -> None:
    """A finished game's log notes who left and why under a move and ends with the game's end: still a line per
    move, so the page marks the move on show at every position, numbered from 1 as the slider counts."""
    widget = TownWidget("town44", mode="multi", opponents=["random"], seed=4)
    while widget.state.current_player is not None:
        widget.apply(widget.state.legal_actions()[-1])
    page = browser.new_page()
    page.goto(widget.export_html(tmp_path / "finished.html").as_uri())
    last = widget.steps
    seen = [page.evaluate(AT_STEP, step) for step in (1, last // 2, last)]
    assert all(shown["max"] == last == shown["log"] for shown in seen), seen
    assert [shown["current"] for shown in seen] == [0, last // 2 - 1, last - 1], seen
    assert [shown["where"] for shown in seen] == [f"Move {step} of {last}" for step in (1, last // 2, last)]
    notes = page.locator(".rp-log li").last.locator(".rp-note").all_inner_texts()
    assert notes[-1].startswith("Game over: every player has left"), notes


def test_a_reviewed_page_says_the_review_of_the_move_on_show(browser: Any, tmp_path: Path) -> None:
    widget = TownWidget("town44", seed=6)
    for _ in range(3):
        widget.apply(widget.state.legal_actions()[0])
    shown = {key: {"mean": 9.0, "se": 0.5} for key in ("before", "after", "loss")}
    move = {"label_words": "mistake", "words": "a move", "best_words": "another", "shown": shown, "notes": []}
    moves = [{**move, "number": 1, "action": {"type": "a"}, "best": {"type": "b"}}]
    widget.set_trait("reviewed", {"unit": "tiles", "moves": moves, "summary": "Town 44, solo", "svg": "<svg></svg>"})
    page = browser.new_page()
    page.goto(widget.export_html(tmp_path / "reviewed.html").as_uri())
    said = [page.evaluate(AT_STEP, step) and page.inner_text("#rp-said") for step in (1, 2, 3)]
    assert said[0] == said[2] == "" and said[1].startswith("Move 2 (mistake): you played a move."), said
