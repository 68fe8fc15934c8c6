"""The checkers of the French lesson (01, ``notebooks/fr/01-jouer.ipynb``) word their verdicts in the package
language: French after ``townwidget.set_language("fr")``, with no English word, right or wrong; English otherwise."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from english_words import english_in

import townwidget
from townwidget import town
from townwidget.core import language
from townwidget.exercises import check_legal_move_count, check_solo_line


@pytest.fixture(autouse=True)
def english_afterwards(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv(language.ENVIRONMENT, raising=False)
    yield
    townwidget.set_language(None)


def verdicts() -> list[Any]:
    """Right and wrong answers to both checkers, with every kind of problem they report."""
    empty, started = town.new_solo("town44", seed=0), town.new_solo("town55", seed=1)
    for _move in range(3):
        started.apply(started.legal_actions()[0])
    unchecked = sum(1 for pile in started.piles if pile) * bin(started.board.frontier).count("1")
    deal = town.new_solo("town33", seed=0)
    return [
        check_legal_move_count(empty, 3),
        check_legal_move_count(empty, 1),
        check_legal_move_count(empty, 99),
        check_legal_move_count(started, unchecked),
        check_legal_move_count(started, 0),
        check_legal_move_count(town.new_game("town44", players=2, seed=1), 1),
        check_legal_move_count(empty, "three"),
        check_legal_move_count(empty, None),
        check_solo_line(deal, None),
        check_solo_line(deal, 5),
        check_solo_line(deal, [(0, (0, 0)), (0, (0, 0))]),  # a cell taken
        check_solo_line(deal, [(0, (0, 0)), (1, (0, 1))]),  # a colour twice in a row
        check_solo_line(deal, [(7, (0, 0))]),  # no such pile
    ]


def test_after_set_language_fr_the_verdicts_are_french() -> None:
    townwidget.set_language("fr")
    found = verdicts()
    assert [verdict.right for verdict in found] == [True] + [False] * 12
    texts = [str(verdict).replace("None", "") for verdict in found]  # Python's None is no English word to translate
    assert english_in(texts) == {}
    assert texts[0].startswith("Juste : ") and all(text.startswith("Pas encore juste : ") for text in texts[1:])
    assert (
        "la case en rangée 0, colonne 0 porte déjà une tuile" in texts[10]
    )  # the board's rule, worded as the widgets word it
    assert "la couleur bleu ciel est déjà dans la rangée 0 (en rangée 0, colonne 0)" in texts[11]


def test_by_default_they_stay_english() -> None:
    found = verdicts()
    texts = [str(verdict) for verdict in found]
    assert texts[0] == "Right: it is the number of legal moves of player 0 in the given position."
    assert texts[10].splitlines()[1] == (
        "- move 1, (0, (0, 0)): the engine refused it: tile [2, 2] at [0, 0]: cell [0, 0] is already taken by "
        "tile [1, 1]"
    )
    assert {"the", "tile", "move"} <= set(english_in(texts))
