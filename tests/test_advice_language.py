"""Hints and reviews in the widget's language: the `suggestion` and `reviewed` traits a French widget sends hold no
English word (every sentence is worded from the measured data, in French), and an English widget's still read
English."""

from __future__ import annotations

import re
from typing import Any

import pytest
from english_words import english_in
from widget_comm import FrontEnd, browser_of, use_front_ends

from townwidget.advice import estimate
from townwidget.widget import LittleTownWidget, TownWidget

# Keys whose values are data for the front end, not words: engine actions, boards, the unit's name.
DATA = ("action", "best", "alternative", "runner_up", "par_line", "par_frames", "unit")
SVG_TEXT = re.compile(r">([^<>]+)<")  # what a drawing shows: the text between its tags (labels and titles)


def words_in(value: Any, key: str = "") -> list[str]:
    """Every text of a trait, recursively (a drawing's labels and tooltips, not its markup)."""
    if key in DATA:
        return []
    if key == "svg":
        return SVG_TEXT.findall(value)
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for inner, item in value.items() for text in words_in(item, inner)]
    if isinstance(value, list):
        return [text for item in value for text in words_in(item)]
    return []


@pytest.fixture(autouse=True)
def quick_advice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Widgets on a stand-in comm, and few drawn states per move (the words, not the estimates, are tested)."""
    use_front_ends(monkeypatch)
    monkeypatch.setitem(estimate.SAMPLES, "littletown", 1)
    monkeypatch.setitem(estimate.SAMPLES, "town", 2)
    monkeypatch.setattr(estimate, "SOLO_SAMPLES", (2, 4))


WIDGETS = {
    "town solo": lambda lang: TownWidget("town44", seed=6, lang=lang),
    "town multi": lambda lang: TownWidget("town55", mode="multi", opponents=["random", "random"], seed=2, lang=lang),
    "little town": lambda lang: LittleTownWidget(opponents=["random"], seed=3, lang=lang),
}


def hints_and_review(widget: Any) -> tuple[FrontEnd, list[str]]:
    """Ask a hint on each of the seat's turns through the comm, play the hinted move, then ask the review of the
    finished game: every text the `suggestion` and `reviewed` traits showed."""
    browser = browser_of(widget)
    widget.background_thinking = False
    shown: list[str] = []
    while widget.state.current_player is not None:
        assert widget.state.current_player == widget.seat, widget.error
        browser.intent(intent="hint")
        assert widget.error == "", widget.error
        suggestion = browser.model()["suggestion"]
        shown += words_in(suggestion)
        widget.apply(suggestion["action"])
    browser.intent(intent="review")
    reviewed = browser.model()["reviewed"]
    assert widget.error == "" and reviewed["moves"], widget.error
    return browser, shown + words_in(reviewed)


@pytest.mark.parametrize("name", WIDGETS)
def test_a_french_widget_words_its_hints_and_its_review_in_french(name: str) -> None:
    widget = WIDGETS[name]("fr")
    browser, texts = hints_and_review(widget)
    assert english_in(texts) == {}
    model = browser.model()
    assert model["suggestion"] == {} and model["reviewed"]["summary"] and model["reviewed"]["svg"]
    hinted = [text for text in texts if "attendu" in text]  # each hint's sentence says what was measured
    assert hinted, texts[:5]


@pytest.mark.parametrize("name", WIDGETS)
def test_an_english_widget_words_them_in_english(name: str) -> None:
    _browser, texts = hints_and_review(WIDGETS[name]("en"))
    found = english_in(texts)
    assert {"the", "move"} <= set(found) or {"tiles", "move"} <= set(found), found
    assert any("expected" in text for text in texts)
