"""Issue 49's held-out answers, each a test: checkers judge behaviour on cases drawn afresh (so near misses and
look-ups fail), numbers by value in every form (text refused in one sentence), sequences of every kind, no reply that
lets anyone bisect to the answer, and forbidden helpers unreachable while a student's function runs."""

from __future__ import annotations

import importlib
import re
from collections import deque
from collections.abc import Callable, Iterator
from decimal import Decimal
from fractions import Fraction
from itertools import product
from typing import Any

import numpy as np
import pytest

from townwidget import latin, town
from townwidget.exercises import (
    Verdict,
    check_completion_count,
    check_completion_function,
    check_first_row_count,
    check_games_needed,
    check_hidden_hands_count,
    check_latin_function,
    check_latin_square,
    check_legal_move_count,
    check_orthogonal_mate,
    check_row_by_row_probability,
    check_solo_line,
    check_transversal,
    check_win_rate_interval,
)
from townwidget.search import ExactCover, TownSearch

TEXT = "is text, not a number: write the number itself, without quotes"
CYCLIC_4 = [[(r + k) % 4 for k in range(4)] for r in range(4)]
BOARD: list[list[Any]] = [[[0, 0], [1, 1], [2, 2], [3, 3]], [None] * 4, [None] * 4, [None] * 4]
VIEW = town.new_game("town44", players=2, seed=0).view(0)
POSITION = town.new_solo("town44", seed=0)


def refused(verdict: Verdict, words: str) -> None:
    assert not verdict, str(verdict)
    assert any(words in problem for problem in verdict.problems), str(verdict)


# --- is_latin: the near misses of the issue ------------------------------------------------------------------------
def lines_as_sets(grid: Any) -> bool:  # never measures a line: true on [[0, 1, 0], [1, 0, 1]]
    symbols = set(range(len(grid)))
    return all(set(line) == symbols for line in [*grid, *zip(*grid, strict=False)])


def shape_of_row_0_only(grid: Any) -> bool:
    n = len(grid)
    return len(grid[0]) == n and lines_as_sets(grid)


def columns_in_the_top_rows_only(grid: Any) -> bool:
    n = len(grid)
    rows_ok = all(len(row) == n and sorted(row) == list(range(n)) for row in grid)
    return rows_ok and all(len(set(column[:2])) == min(n, 2) for column in zip(*grid, strict=True))


SHOWN = [[[0, 1], [1, 0]], [[0, 1, 2], [1, 2, 0], [2, 0, 1]]]


def looks_up_the_shown_grids(grid: Any) -> bool:  # right on every grid a lesson shows, and only there
    return [list(row) for row in grid] in SHOWN


def says_one_or_zero(grid: Any) -> int:
    return 1 if latin.is_latin_square(grid) else 0


def says_numpy_truth(grid: Any) -> Any:
    return np.bool_(latin.is_latin_square(grid))


@pytest.mark.parametrize("function", [says_one_or_zero, says_numpy_truth, latin.is_latin_square])
def test_a_right_latin_test_is_accepted_in_any_truth(function: Callable[[Any], Any]) -> None:
    assert check_latin_function(function)


@pytest.mark.parametrize(
    ("function", "words"),
    [
        (lines_as_sets, "says True for a grid"),
        (shape_of_row_0_only, "says True for a grid whose rows have different lengths below the first"),
        (columns_in_the_top_rows_only, "says True for a grid whose last two rows are the same"),
        (looks_up_the_shown_grids, "says False for a Latin square"),
        (lambda grid: "yes", "it returned 'yes', not True or False"),
    ],
)
def test_near_miss_latin_tests_are_refused(function: Callable[[Any], Any], words: str) -> None:
    refused(check_latin_function(function), words)


def test_the_latin_test_cases_are_drawn_afresh_at_each_call() -> None:
    shown = {str(check_latin_function(lambda grid: False)) for _ in range(3)}
    assert len(shown) == 3  # the Latin squares named in the verdict differ from call to call


# --- numbers by value, text refused in one sentence, no bisecting -------------------------------------------------
WHOLE_FORMS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint64, np.float16, np.float32]


@pytest.mark.parametrize("form", [*WHOLE_FORMS, np.float64, float, Fraction, Decimal, int])
def test_whole_numbers_are_read_by_value_in_every_form(form: Callable[[int], Any]) -> None:
    truths = [
        (lambda answer: check_first_row_count(5, answer), 1344),
        (lambda answer: check_hidden_hands_count(VIEW, answer), 24),
        (lambda answer: check_legal_move_count(POSITION, answer), 3),
        (lambda answer: check_completion_count(BOARD, answer), TownSearch(BOARD).count()),
    ]
    for checker, truth in truths:
        if isinstance(form, type) and issubclass(form, np.integer) and truth > np.iinfo(form).max:
            continue  # 1344 is no int8: that form cannot write it
        assert checker(form(truth)), (form, truth)


@pytest.mark.parametrize(
    "answer",
    [
        Fraction(1, 432),
        1 / 432,
        np.float16(1) / 432,
        np.float32(1) / 432,
        np.float64(1) / 432,
        np.longdouble(1) / 432,
        Decimal(1) / Decimal(432),
        np.array(1 / 432),
    ],
)
def test_a_chance_is_read_by_value_in_every_width(answer: Any) -> None:
    assert check_row_by_row_probability(CYCLIC_4, answer)


CHECKERS_OF_NUMBERS: list[Callable[[Any], Verdict]] = [
    lambda answer: check_first_row_count(5, answer),
    lambda answer: check_hidden_hands_count(VIEW, answer),
    lambda answer: check_legal_move_count(POSITION, answer),
    lambda answer: check_completion_count(BOARD, answer),
    lambda answer: check_games_needed(0.05, answer),
    lambda answer: check_row_by_row_probability(CYCLIC_4, answer),
]


@pytest.mark.parametrize("checker", CHECKERS_OF_NUMBERS)
@pytest.mark.parametrize("text", ["1344", "1/432", "1/432.0", "24", " 3 "])
def test_text_is_refused_in_one_sentence_by_every_number_checker(checker: Callable[[Any], Verdict], text: str) -> None:
    verdict = checker(text)
    assert verdict.problems == (f"{text!r} {TEXT}",)


def test_text_is_refused_in_intervals_and_cells_too() -> None:
    refused(check_win_rate_interval(10, 10, ("0.72", "1.0")), f"'0.72' {TEXT}")
    refused(check_win_rate_interval(10, 10, "0.72, 1.0"), "expected two numbers (low, high)")
    refused(check_latin_square([[0, "1"], [1, 0]]), f"'1' {TEXT}")
    refused(check_transversal(CYCLIC_4[:3] + [[3, 0, 1, 2]], [0, 1, 2, "3"]), f"'3' {TEXT}")


def without_the_number(verdict: Verdict, number: Any) -> str:
    return re.sub(re.escape(str(number)), "N", str(verdict))


@pytest.mark.parametrize(
    ("checker", "truth"),
    [
        (CHECKERS_OF_NUMBERS[0], 1344),
        (CHECKERS_OF_NUMBERS[1], 24),
        (CHECKERS_OF_NUMBERS[3], TownSearch(BOARD).count()),
        (CHECKERS_OF_NUMBERS[4], 381),
    ],
)
def test_a_wrong_number_never_says_which_way_it_is_off(checker: Callable[[Any], Verdict], truth: int) -> None:
    below, above = checker(truth - 1), checker(truth + 7)
    assert not below and not above
    assert without_the_number(below, truth - 1) == without_the_number(above, truth + 7)
    assert not any(
        word in str(below) + str(above) for word in ("too small", "too large", "too few", "too many", "between the")
    )


def test_a_wrong_chance_never_says_which_way_it_is_off() -> None:
    below, above = (check_row_by_row_probability(CYCLIC_4, Fraction(1, d)) for d in (433, 431))
    assert without_the_number(below, "1/433") == without_the_number(above, "1/431")
    rounded, far = check_row_by_row_probability(CYCLIC_4, 0.0023), check_row_by_row_probability(CYCLIC_4, 0.5)
    assert without_the_number(rounded, 0.0023) == without_the_number(far, 0.5)  # a near decimal is not told apart


# --- sequences of any kind -----------------------------------------------------------------------------------------
DEAL = town.new_solo("town33", seed=17)
LINE = [(0, (0, 0)), (0, (0, 1)), (0, (1, 1)), (1, (2, 1)), (1, (0, 2)), (2, (1, 2)), (2, (2, 0)), (1, (2, 2))]
LINE += [(2, (1, 0))]


def generated(items: list[Any]) -> Iterator[Any]:
    yield from items


@pytest.mark.parametrize("form", [list, tuple, deque, generated, lambda items: map(tuple, items)])
def test_a_line_of_play_is_read_from_any_sequence(form: Callable[[list[Any]], Any]) -> None:
    assert check_solo_line(DEAL, form(LINE))


@pytest.mark.parametrize("form", [list, tuple, deque, generated, np.array])
def test_an_interval_is_read_from_any_sequence(form: Callable[[list[Any]], Any]) -> None:
    assert check_win_rate_interval(10, 10, form([0.72, 1.0]))
    assert check_win_rate_interval(10, 10, form([np.float32(0.72), Fraction(1)]))


# --- forbidden helpers made unreachable ----------------------------------------------------------------------------
SAVED_INIT = TownSearch.__init__  # saved before any checker runs, as a student's earlier cell might


def through_a_saved_init(board: Any) -> Any:
    search = TownSearch.__new__(TownSearch)
    SAVED_INIT(search, board)
    return search.first()


def through_import_module(board: Any) -> Any:
    return importlib.import_module("townwidget.search").TownSearch(board).first()


def through_dunder_import(board: Any) -> Any:
    return __import__("townwidget.search", fromlist=["TownSearch"]).TownSearch(board).first()


def completions(board: Any) -> Iterator[Any]:  # stands for the lesson's own backtracker, by its name in the lesson
    yield from ()  # were it not refused, the function below would say None everywhere


def through_the_lessons_completions(board: Any) -> Any:
    return next(completions(board), None)


@pytest.mark.parametrize(
    "function", [through_a_saved_init, through_import_module, through_dunder_import, through_the_lessons_completions]
)
def test_the_lessons_search_is_unreachable_from_a_completion_function(function: Callable[[Any], Any]) -> None:
    verdict = check_completion_function(function)
    refused(verdict, "the exercise asks you to write that part yourself")
    assert TownSearch(BOARD).count() > 0  # restored after the checker ran


def transversal_cover(square: list[list[int]]) -> ExactCover:
    n = len(square)
    items = [("row", r) for r in range(n)] + [("column", k) for k in range(n)] + [("symbol", s) for s in range(n)]
    options = {(r, k): [("row", r), ("column", k), ("symbol", square[r][k])] for r, k in product(range(n), repeat=2)}
    return ExactCover(items, options)


def find_mate(square: list[list[int]]) -> list[list[int]] | None:
    """The lesson's two exact covers: the transversals, then n of them that cover every cell."""
    n = len(square)
    found = [tuple(sorted(cells)) for cells in transversal_cover(square).solutions()]
    if not found:
        return None
    chosen = ExactCover(list(product(range(n), repeat=2)), {t: list(t) for t in found}).first()
    if chosen is None:
        return None
    mate = [[0] * n for _ in range(n)]
    for shape, cells in enumerate(chosen):
        for r, k in cells:
            mate[r][k] = shape
    return mate


def mate_by_the_package(square: list[list[int]]) -> Any:
    return importlib.import_module("townwidget.latin").orthogonal_mate(square)


SAVED_MATE = latin.orthogonal_mate


def mate_by_a_saved_reference(square: list[list[int]]) -> Any:
    return SAVED_MATE(square)


def test_a_mate_search_of_ones_own_is_accepted() -> None:
    assert check_orthogonal_mate([[0, 1, 2], [1, 2, 0], [2, 0, 1]], find_mate)


@pytest.mark.parametrize("function", [mate_by_the_package, mate_by_a_saved_reference])
def test_the_packages_mate_search_is_unreachable(function: Callable[[Any], Any]) -> None:
    refused(check_orthogonal_mate([[0, 1, 2], [1, 2, 0], [2, 0, 1]], function), "it calls latin.orthogonal_mate")
    assert latin.orthogonal_mate([[0, 1, 2], [1, 2, 0], [2, 0, 1]]) is not None  # restored


def test_a_mate_search_that_never_admits_defeat_is_refused() -> None:
    def always_a_square(square: list[list[int]]) -> Any:
        return find_mate(square) or [[(r + k) % len(square) for k in range(len(square))] for r in range(len(square))]

    refused(check_orthogonal_mate([[0, 1, 2], [1, 2, 0], [2, 0, 1]], always_a_square), "is wrong: the pair")


# --- the base install: no numpy -------------------------------------------------------------------------------------
def test_every_function_checker_runs_without_numpy() -> None:
    from no_numpy import run_without_numpy

    said = run_without_numpy(
        "from townwidget import latin\n"
        "from townwidget.exercises import check_latin_function, check_orthogonal_mate, check_row_by_row_probability\n"
        "from fractions import Fraction\n"
        "print(bool(check_latin_function(latin.is_latin_square)), bool(check_latin_function(lambda g: True)))\n"
        "print(bool(check_row_by_row_probability([[0, 1], [1, 0]], Fraction(1, 2))))\n"
        "print(bool(check_orthogonal_mate([[0, 1, 2], [1, 2, 0], [2, 0, 1]], lambda square: None)))\n"
    )
    assert said.split() == ["True", "False", "True", "False"]
