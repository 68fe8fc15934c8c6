"""Every text a player reads names cells in words ("row 2, column 3", « rangée 2, colonne 3 »), counted as the
boards' coordinate labels are (from 1: the engines' cell (1, 2)): the hint's sentence, the hover texts, the log and
the review, in English and in French, in both widgets."""

from __future__ import annotations

import re

import pytest
from widget_comm import browser_of, use_front_ends

from townwidget import hint, review, town
from townwidget.advice.render import costliest_words
from townwidget.core.language import speaking
from townwidget.core.words import cell_words
from townwidget.widget import LittleTownWidget, TownWidget
from townwidget.widget.texts import front_end_texts

BRACKETED = re.compile(r"\[\d+, \d+\]")  # a cell in the programmer's form, which no text may show
WORDS = {"en": ("row", "column"), "fr": ("rangée", "colonne")}


def in_words(lang: str, cell: tuple[int, int] | list[int]) -> str:
    """The engine's ``cell`` (from 0) as a player reads it (from 1)."""
    row, column = WORDS[lang]
    return f"{row} {cell[0] + 1}, {column} {cell[1] + 1}"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_one_function_names_a_cell_and_the_front_ends_get_its_message(lang: str) -> None:
    with speaking(lang):
        assert cell_words((2, 3)) == in_words(lang, (2, 3)) == f"{WORDS[lang][0]} 3, {WORDS[lang][1]} 4"
        assert front_end_texts({})["cell"].format(row=3, column=4) == in_words(lang, (2, 3))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_hint_names_its_cell_in_words(lang: str) -> None:
    game = town.new_solo("town44", seed=3)
    game.apply(game.legal_actions()[0])
    with speaking(lang):
        advice = hint(game.view(0), iterations=50)
    assert in_words(lang, advice.action.cell) in advice.text and not BRACKETED.search(advice.text), advice.text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_town_hover_texts_and_log_name_cells_in_words(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    use_front_ends(monkeypatch)
    widget = TownWidget("town44", seed=3, lang=lang)
    browser = browser_of(widget)
    first = widget.state.legal_actions()[0]
    browser.intent(intent="select", pile=first.pile)
    browser.intent(intent="place", cell=list(first.cell))
    browser.intent(intent="select", pile=0)
    reasons = [note["text"] for row in widget.reasons for note in row if note]
    taken = widget.reasons[first.cell[0]][first.cell[1]]["text"]
    assert reasons and not any(BRACKETED.search(text) for text in reasons), reasons
    assert in_words(lang, first.cell) in taken, taken
    assert in_words(lang, first.cell) in widget.moves[-1] and not BRACKETED.search(widget.moves[-1]), widget.moves


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_little_town_hover_texts_and_log_name_cells_in_words(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    use_front_ends(monkeypatch)
    widget = LittleTownWidget(seed=1, lang=lang)
    browser = browser_of(widget)
    clicks = {(r, c): note["click"] for r, row in enumerate(widget.notes) for c, note in enumerate(row)}
    refused = [(cell, text) for cell, text in clicks.items() if text and list(cell) not in widget.legal]
    offered = [(cell, text) for cell, text in clicks.items() if list(cell) in widget.legal]
    assert refused and offered
    for cell, text in refused + offered:  # each says where it is, in words
        assert in_words(lang, cell) in text and not BRACKETED.search(text), text
    cell = widget.legal[0]
    browser.intent(intent="cell", cell=cell)
    said = [line for line in widget.moves if in_words(lang, cell) in line]
    assert said and not any(BRACKETED.search(line) for line in widget.moves), widget.moves


def finished_solo(rules: str, seed: int) -> town.SoloState:
    game = town.new_solo(rules, seed=seed)
    while not game.is_terminal():
        game.apply(game.legal_actions()[-1])  # a poor player: some moves cost tiles
    return game


@pytest.mark.parametrize(
    ("lang", "solo", "costliest", "about"),
    [
        ("en", "Town 44, solo: ", "Costliest: move ", "about "),
        ("fr", "Town 44, solo : ", "Les plus coûteux : coup ", "environ "),
    ],
)
def test_the_review_names_the_game_and_its_costliest_moves(lang: str, solo: str, costliest: str, about: str) -> None:
    game = finished_solo("town44", 2)
    with speaking(lang):
        report = review(game, samples=8, par_seconds=0, progress=False)
        named, summary = costliest_words(report), report.summary
    assert summary.startswith(solo), summary
    worst = report.costliest(1)[0]
    assert named.startswith(f"{costliest}{worst.number + 1}, {worst.words}"), named
    assert named.count(about) == len(report.costliest(3)), named
    assert in_words(lang, worst.action.cell) in named and not BRACKETED.search(named)
    assert named.count(f"{WORDS[lang][1]} ") == len(report.costliest(3)), named  # one cell per move named
    assert named.count(";") == len(report.costliest(3)) - 1 and (lang == "en" or " ; " in named), named
