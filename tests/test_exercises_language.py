"""The checkers of the French lessons (01, ``notebooks/fr/01-jouer.ipynb``, and the three parts of 02) word their
verdicts in the package language: French after ``townwidget.set_language("fr")``, with no English word, right or
wrong; English otherwise."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from english_words import english_in

import townwidget
from townwidget import town
from townwidget.core import language
from townwidget.exercises import (
    check_first_row_count,
    check_latin_function,
    check_latin_square,
    check_legal_move_count,
    check_reduction,
    check_row_by_row_probability,
    check_solo_line,
)
from townwidget.exercises.running import Outcome


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
        "la case en rangée 1, colonne 1 porte déjà une tuile" in texts[10]
    )  # the board's rule, worded as the widgets word it
    assert "la couleur bleu ciel est déjà dans la rangée 1 (en rangée 1, colonne 1)" in texts[11]


def test_by_default_they_stay_english() -> None:
    found = verdicts()
    texts = [str(verdict) for verdict in found]
    assert texts[0] == "Right: it is the number of legal moves of player 0 in the given position."
    assert texts[10].splitlines()[1] == (
        "- move 1, (0, (0, 0)): the engine refused it: tile [2, 2] at [0, 0]: cell [0, 0] is already taken by "
        "tile [1, 1]"
    )
    assert {"the", "tile", "move"} <= set(english_in(texts))


# --- lesson 02: Latin squares ------------------------------------------------------------------------------------
CYCLIC_3 = [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
GIVENS = [[0, None, None], [None] * 3, [None] * 3]
CYCLIC_SQUARE_4 = [[(r + k) % 4 for k in range(4)] for r in range(4)]


def forgets_negatives(grid: list[list[int]]) -> bool:
    n = len(grid)
    return all(len(line) == len(set(line)) == n and max(line) < n for line in [*grid, *zip(*grid, strict=False)])


def is_latin(grid: list[list[int]]) -> bool:
    in_order = list(range(len(grid)))
    return all(sorted(line) == in_order for line in [*grid, *zip(*grid, strict=False)])


def fails(grid: list[list[int]]) -> bool:
    raise KeyError(len(grid))


def latin_verdicts() -> list[Any]:
    """Right and wrong answers to every checker of lesson 02, with every kind of problem they report (wrong first)."""
    original = [[2, 0, 1], [0, 1, 2], [1, 2, 0]]
    return [
        check_latin_square([[0, 1, 2], [1, 0, 2], [2, 2, 0]], givens=GIVENS),  # repeats in a row and a column
        check_latin_square([[1, 2, 0], [2, 0, 1], [0, 1, 2]], givens=GIVENS),  # a given cell changed
        check_latin_square([[0, 1], [1, 5]]),  # a symbol out of range
        check_latin_square([[0, 1.5], [1, 0]]),  # not a whole number
        check_latin_square([[0, 1], [1, None]]),  # an empty cell
        check_latin_square([[0, 1], [1]], n=2),  # a short row
        check_latin_square([[0, 1]], n=2),  # a missing row
        check_latin_square([[0, 1], 7], n=2),  # a row that is no list
        check_latin_square(5, n=2),  # no list at all
        check_latin_square(None, n=3),
        check_latin_function(forgets_negatives),
        check_latin_function(lambda grid: None),  # a return missing
        check_latin_function(fails),
        check_latin_function(3),
        check_reduction(original, [[0, 1, 2], [2, 0, 1], [1, 2, 0]]),  # first column out of order
        check_reduction(original, [[1, 2, 0], [0, 1, 2], [2, 0, 1]]),  # neither row nor column in order
        check_reduction([[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 1, 0], [3, 2, 0, 1]], CYCLIC_SQUARE_4),  # another square
        check_first_row_count(3, 1),
        check_first_row_count(3, 2.5),
        check_row_by_row_probability(CYCLIC_3, 0.083),  # rounded
        check_row_by_row_probability([[0, 1], [1, 0]], 0.25),
        check_row_by_row_probability(
            CYCLIC_SQUARE_4, Fraction(1, 576)
        ),  # one over the number of squares: the uniform chance
        check_row_by_row_probability(CYCLIC_3, "one sixth"),
        check_row_by_row_probability(CYCLIC_3, [1, 6]),
        check_latin_square(CYCLIC_3, givens=GIVENS),
        check_latin_function(is_latin),
        check_reduction(original, CYCLIC_3),
        check_first_row_count(3, 2),
        check_row_by_row_probability(CYCLIC_3, Fraction(1, 12)),
    ]


def case_failures() -> list[str | None]:
    """What the case runner says of a slow function, a forbidden helper and an error, on a checker's case."""
    case = "a grid whose last two rows are the same"
    return [
        Outcome(case, seconds=3.0).failure(),
        Outcome(case, forbidden="TownSearch").failure(),
        Outcome(case, error="KeyError: 2").failure(),
    ]


def test_after_set_language_fr_lesson_02_verdicts_are_french() -> None:
    townwidget.set_language("fr")
    found = latin_verdicts()
    rights = [verdict.right for verdict in found]
    assert rights == [False] * 24 + [True] * 5
    texts = [str(verdict).replace("None", "") for verdict in found]
    with language.speaking("fr"):
        texts += [str(failure) for failure in case_failures()]
    assert english_in(texts) == {}
    assert all(text.startswith("Pas encore juste : ") for text in texts[:24])
    assert all(text.startswith("Juste : ") for text in texts[24:29])
    assert "- la ligne 2 contient deux fois le symbole 2 (colonnes 0 et 1)" in texts[0]
    assert "- la case [1, 1] contient 5, mais les symboles vont de 0 à 1" in texts[2]
    assert "elle a levé l’erreur KeyError: 1 sur un carré d’ordre 1" in texts[12]
    assert texts[29].startswith("elle est trop lente sur une grille dont les deux dernières lignes sont identiques : ")


def test_by_default_lesson_02_verdicts_stay_english() -> None:
    found = latin_verdicts()
    texts = [str(verdict) for verdict in found]
    assert texts[0].splitlines() == [
        "Not yet right: it should be a Latin square of order 3 that keeps the given cells.",
        "- row 2 holds symbol 2 twice (columns 0 and 1)",
        "- column 2 holds symbol 2 twice (rows 0 and 1)",
    ]
    assert texts[5].splitlines()[1] == "- row 1 of the square has 1 cell, but it needs 2"
    assert texts[24] == "Right: it is a Latin square of order 3 that keeps the given cells."
    assert case_failures()[0] == (
        "it is too slow on a grid whose last two rows are the same: no answer after 3 s "
        "(the cases after it were not tried)"
    )
    assert {"the", "row", "column", "is"} <= set(english_in(texts))


def test_a_broken_exercise_is_refused_in_english_even_in_french() -> None:
    townwidget.set_language("fr")  # a ValueError is for programmers: the lesson's own square is wrong
    with pytest.raises(ValueError, match=r"the original square is not a Latin square: row 0 holds symbol 0 twice"):
        check_reduction([[0, 0], [1, 0]], [[0, 1], [1, 0]])
