"""Every checker of the lessons, fed the exercise as the lesson poses it: plausible wrong answers (off by one, right
on the easy cases but wrong on an edge case, no better than random) are rejected with a message that says what is
wrong, and the right answer is accepted in each form a student may write it."""

from __future__ import annotations

import copy
import random
import sys
import time
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from townwidget import latin, littletown, town
from townwidget.agents import make_agent
from townwidget.exercises import (
    Verdict,
    check_agent,
    check_bachelor_square,
    check_completion_count,
    check_completion_function,
    check_first_row_count,
    check_games_needed,
    check_graeco_latin,
    check_hidden_hands_count,
    check_latin_exact_cover,
    check_latin_function,
    check_latin_square,
    check_legal_move_count,
    check_orthogonal_mate,
    check_reduction,
    check_row_by_row_probability,
    check_solo_line,
    check_town_board,
    check_town_puzzle,
    check_transversal,
    check_win_rate_interval,
)
from townwidget.exercises.search import SEARCH_OF_THE_LESSON
from townwidget.search import ExactCover, TownSearch, max_town_tiles, random_town_board, town_puzzle

Grid = list[list[Any]]


def rejected(verdict: Verdict, words: str) -> None:
    """The verdict is false and one of its problems says ``words`` (so the student learns what is wrong)."""
    assert not verdict, str(verdict)
    assert any(words in problem for problem in verdict.problems), str(verdict)
    assert str(verdict).startswith("Not yet right: it should be ")


def cyclic(n: int) -> list[list[int]]:
    return [[(r + k) % n for k in range(n)] for r in range(n)]


def as_forms(grid: Grid) -> list[Any]:
    """The same grid as lists, as tuples, and as a numpy array (when its cells are numbers)."""
    return [grid, tuple(tuple(row) for row in grid), np.array(grid)]


# --- lesson 01 and 06: count the legal moves ------------------------------------------------------------------------
def lookahead_position() -> town.SoloState:
    """Lesson 01's exercise: a Town 44 deal after three moves of the lookahead player."""
    game = town.new_solo("town44", seed=5)
    for _ in range(3):
        game.apply(max(game.legal_actions(), key=lambda action: len(after(game, action).legal_actions())))
    return game


def after(state: Any, action: Any) -> Any:
    trial = state.clone()
    trial.apply(action)
    return trial


def little_town_position() -> Any:
    """Lesson 06's exercise: player 1 to move after player 0 gathered at (0, 1)."""
    game = littletown.new_game(players=2, seed=42)
    game.apply(littletown.PlaceWorker(cell=(0, 1)))
    game.apply(littletown.Done())
    return game


@pytest.mark.parametrize(
    ("position", "answer"),
    [
        (lookahead_position(), 5),
        (lookahead_position(), 5.0),
        (little_town_position(), 39),
        (town.new_solo("town66"), 3),
    ],
)
def test_the_legal_move_count_is_accepted(position: Any, answer: Any) -> None:
    assert check_legal_move_count(position, answer)


@pytest.mark.parametrize(
    ("position", "answer", "words"),
    [
        (lookahead_position(), 4, "is not the right number"),  # the open cells, not the moves
        (lookahead_position(), 6, "is not the right number"),
        (lookahead_position(), 12, "every pile top on every open cell"),  # ignores the clashes
        (town.new_solo("town77", seed=1), 1, "each pile top may be the pioneer"),
        (little_town_position(), 38, "is not the right number"),  # forgets that player 1 can build
        (little_town_position(), 40, "is not the right number"),  # forgets player 0's worker
        (little_town_position(), "39", "is text, not a number"),
    ],
)
def test_wrong_legal_move_counts_are_rejected(position: Any, answer: Any, words: str) -> None:
    rejected(check_legal_move_count(position, answer), words)


@pytest.mark.parametrize("answer", [(0.72, 1.0), [0.7225, 0.9999], np.array([0.72, 1.0]), (0.7224671969739421, 1.0)])
def test_the_wilson_interval_is_accepted(answer: Any) -> None:
    assert check_win_rate_interval(10, 10, answer)


@pytest.mark.parametrize(
    ("wins", "games", "answer", "words"),
    [
        (10, 10, (1.0, 1.0), "has no width"),  # the normal interval at 100%
        (7, 10, (0.4160, 0.9840), "is the normal interval"),
        (10, 10, (1.0, 0.72), "the wrong way round"),
        (7, 10, (0.45, 1.05), "leaves 0..1"),
        (10, 10, (0.69, 1.0), "is off"),  # the Wilson interval of 9 or 11 games, near but not it
        (10, 10, 0.72, "expected two numbers"),
    ],
)
def test_wrong_intervals_are_rejected(wins: int, games: int, answer: Any, words: str) -> None:
    rejected(check_win_rate_interval(wins, games, answer), words)


def test_an_interval_exercise_needs_sensible_numbers() -> None:
    with pytest.raises(ValueError, match="wins must be an integer from 0 to 10"):
        check_win_rate_interval(11, 10, (0.0, 1.0))
    with pytest.raises(ValueError, match="must be an engine state"):
        check_legal_move_count("town44", 3)


# --- lesson 02, exercise 1: complete a partial Latin square ------------------------------------------------------
GIVENS_02 = [
    [1, None, 4, None, 2],
    [None, None, 0, None, None],
    [None, 4, None, None, None],
    [4, None, 2, 1, 0],
    [None, 1, None, 0, None],
]


def _complete_latin(givens: Grid) -> list[list[int]]:
    """A plain backtracker: the completion of a partial Latin square (here unique)."""
    square, n = copy.deepcopy(givens), len(givens)
    empty = [(r, k) for r in range(n) for k in range(n) if square[r][k] is None]

    def fill(i: int) -> bool:
        if i == len(empty):
            return True
        r, k = empty[i]
        for symbol in set(range(n)) - set(square[r]) - {row[k] for row in square}:
            square[r][k] = symbol
            if fill(i + 1):
                return True
        square[r][k] = None
        return False

    assert fill(0)
    return square


SQUARE_02 = _complete_latin(GIVENS_02)


@pytest.mark.parametrize("answer", as_forms(SQUARE_02))
def test_the_completed_square_is_accepted_in_every_form(answer: Any) -> None:
    assert check_latin_square(answer, givens=GIVENS_02)


def swap_cells(grid: Grid, r: int, a: int, b: int) -> Grid:
    swapped = copy.deepcopy(grid)
    swapped[r][a], swapped[r][b] = swapped[r][b], swapped[r][a]
    return swapped


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (cyclic(5), "is given as"),  # a Latin square, but not this puzzle's
        ([[symbol + 1 for symbol in row] for row in SQUARE_02], "but the symbols are 0 to 4"),  # off by one
        (swap_cells(SQUARE_02, 1, 0, 1), "holds symbol"),  # rows still fine, two columns broken
        ([row.copy() for row in GIVENS_02], "is empty"),
        (SQUARE_02[:4], "has 4 rows, but it needs 5"),
        ([[float(symbol) + 0.5 for symbol in row] for row in SQUARE_02], "not a whole number"),
    ],
)
def test_wrong_completions_are_rejected(answer: Any, words: str) -> None:
    rejected(check_latin_square(answer, givens=GIVENS_02), words)


# --- lesson 02, exercise 2: a Latin-square test -------------------------------------------------------------------
def is_latin_by_sets(square: Any) -> bool:
    n = len(square)
    symbols = set(range(n))
    rows_ok = n > 0 and all(len(row) == n and set(row) == symbols for row in square)
    return rows_ok and all(set(column) == symbols for column in zip(*square, strict=True))


def is_latin_by_sorting(square: Any) -> bool:
    n = len(square)
    lines = [list(row) for row in square] + [list(column) for column in zip(*square, strict=False)]
    return all(len(row) == n for row in square) and all(sorted(line) == list(range(n)) for line in lines)


def is_latin_numpy(square: Any) -> bool:
    if any(len(row) != len(square) for row in square):
        return False
    grid = np.array(square)
    expected = np.arange(len(grid))
    return bool((expected == np.sort(grid, axis=0).T).all() and (np.sort(grid, axis=1) == expected).all())


def rows_only(square: Any) -> bool:
    return all(sorted(row) == list(range(len(square))) for row in square)


def forgets_negatives(square: Any) -> bool:
    n = len(square)
    return all(len(line) == len(set(line)) == n and max(line) < n for line in [*square, *zip(*square, strict=False)])


def symbols_one_to_n(square: Any) -> bool:  # off by one: allows n, forbids nothing below
    n = len(square)
    return all(
        len(line) == len(set(line)) == n and all(0 <= x <= n for x in line)
        for line in [*square, *zip(*square, strict=False)]
    )


def by_sums(square: Any) -> bool:
    n = len(square)
    return all(len(line) == n and sum(line) == n * (n - 1) // 2 for line in [*square, *zip(*square, strict=False)])


def no_repeats_only(square: Any) -> bool:  # never asks for a square shape
    return all(len(set(line)) == len(line) for line in [*square, *zip(*square, strict=False)]) and all(
        0 <= x < len(square) for row in square for x in row
    )


def forgets_to_return(square: Any) -> None:
    is_latin_by_sets(square)


@pytest.mark.parametrize("function", [is_latin_by_sets, is_latin_by_sorting, is_latin_numpy, latin.is_latin_square])
def test_right_latin_tests_are_accepted(function: Callable[[Any], Any]) -> None:
    assert check_latin_function(function)


@pytest.mark.parametrize(
    ("function", "words"),
    [
        (rows_only, "columns repeat symbols"),
        (forgets_negatives, "a negative symbol"),
        (symbols_one_to_n, "the symbol n in a square of order n"),
        (by_sums, "add up right but repeat"),
        (no_repeats_only, "rows of"),
        (forgets_to_return, "is a return missing?"),
        (lambda square: len(square) > 0, "says True"),
        (lambda square: False, "says False for a square of order 1"),
        (lambda square: square[0][0] == 0, "it says"),  # wrong both ways: the cases drawn decide which is met first
    ],
)
def test_wrong_latin_tests_are_rejected(function: Callable[[Any], Any], words: str) -> None:
    rejected(check_latin_function(function), words)


# --- lesson 02, exercise 3: reduce a square by moving rows and columns ----------------------------------------------
ORIGINAL_02 = [[2, 3, 4, 0, 1], [0, 1, 2, 3, 4], [4, 2, 0, 1, 3], [1, 0, 3, 4, 2], [3, 4, 1, 2, 0]]
REDUCTIONS_02 = [
    latin.reduce([ORIGINAL_02[first]] + ORIGINAL_02[:first] + ORIGINAL_02[first + 1 :]) for first in range(5)
]


@pytest.mark.parametrize("answer", [*REDUCTIONS_02, np.array(REDUCTIONS_02[0])])
def test_every_reduction_of_the_square_is_accepted(answer: Any) -> None:
    assert check_reduction(ORIGINAL_02, answer)


def renamed_then_sorted(square: Grid) -> Grid:  # reduces by renaming symbols: not allowed
    names = {symbol: i for i, symbol in enumerate(square[0])}
    return sorted(([names[x] for x in row] for row in square), key=lambda row: row[0])


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (renamed_then_sorted(ORIGINAL_02), "not the given square with its rows and columns moved"),
        (cyclic(5), "not the given square with its rows and columns moved"),  # reduced, but another square
        (sorted(ORIGINAL_02), None),  # its row 1 reads 0..4 already: sorting the rows is enough
        ([[row[k] for k in (3, 4, 0, 1, 2)] for row in ORIGINAL_02], "the first column reads"),  # columns only
        ([[row[k] for k in (1, 0, 2, 3, 4)] for row in REDUCTIONS_02[0]], "the first row reads"),
        ([REDUCTIONS_02[0][0], *reversed(REDUCTIONS_02[0][1:])], "the first column reads"),
        (ORIGINAL_02, "the first row reads"),
    ],
)
def test_wrong_reductions_are_rejected(answer: Any, words: str | None) -> None:
    if words is None:
        assert check_reduction(ORIGINAL_02, answer)
    else:
        rejected(check_reduction(ORIGINAL_02, answer), words)


# --- lesson 02, exercise 4: squares with a fixed first row ----------------------------------------------------------
@pytest.mark.parametrize("answer", [1344, 1344.0, np.int64(1344), 161280 // 120])
def test_the_first_row_count_is_accepted_in_every_form(answer: Any) -> None:
    assert check_first_row_count(5, answer)


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (1343, "is not the right number"),
        (1345, "is not the right number"),
        (56, "is not the right number"),  # the reduced squares only
        (161280, "is not the right number"),  # all the squares
        (161280 // 24, "is not the right number"),  # divided by 4! instead of 5!
        (1344.5, "whole number"),
        ("1344", "is text, not a number"),
    ],
)
def test_wrong_first_row_counts_are_rejected(answer: Any, words: str) -> None:
    rejected(check_first_row_count(5, answer), words)


# --- lesson 02, exercise 5: the row-by-row sampler's chance ---------------------------------------------------------
@pytest.mark.parametrize("answer", [Fraction(1, 432), 1 / 432, np.float64(1) / 432])
def test_the_row_by_row_chance_is_accepted_in_every_form(answer: Any) -> None:
    assert check_row_by_row_probability(cyclic(4), answer)


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (Fraction(1, 576), "the chance under a uniform sampler"),  # assumes the sampler is uniform
        (Fraction(1, 24**4), "is not the right number"),  # every row among all 24 permutations
        (Fraction(1, 864), "is not the right number"),  # one factor off by 2
        (Fraction(1, 431), "is not the right number"),
        (0.0023, "give the chance exactly"),  # rounded
        (0.0023148, "give the chance exactly"),
        (0.002314, "give the chance exactly"),  # cut rather than rounded
        ("one in 432", "is text, not a number"),
        ("1/432", "is text, not a number"),
        ("1/432.0", "is text, not a number"),
    ],
)
def test_wrong_row_by_row_chances_are_rejected(answer: Any, words: str) -> None:
    rejected(check_row_by_row_probability(cyclic(4), answer), words)


# --- lesson 03, exercise 1: a Graeco-Latin square of order 5 --------------------------------------------------------
def linear(n: int, k: int, shift: int = 0) -> list[list[int]]:
    return [[(k * x + y + shift) % n for y in range(n)] for x in range(n)]


@pytest.mark.parametrize(
    ("colours", "shapes"),
    [
        (linear(5, 1), linear(5, 2)),
        (linear(5, 1), linear(5, 4)),  # x - y
        (np.array(linear(5, 2)), np.array(linear(5, 3, shift=1))),
        latin.graeco_latin_square(5),
    ],
)
def test_graeco_latin_squares_are_accepted(colours: Any, shapes: Any) -> None:
    assert check_graeco_latin(colours, shapes, n=5)


@pytest.mark.parametrize(
    ("colours", "shapes", "words"),
    [
        (linear(5, 1), linear(5, 1), "appears 5 times"),  # the same square twice
        (linear(5, 1), [[2 * x % 5 for x in row] for row in linear(5, 1)], "appears 5 times"),  # 2(x + y)
        (linear(5, 1), [[x + 1 for x in row] for row in linear(5, 2)], "but the shapes are 0 to 4"),
        (linear(5, 1), swap_cells(linear(5, 2), 0, 0, 1), "holds shape"),
        (linear(4, 1), linear(4, 3), "has 4 rows, but it needs 5"),
    ],
)
def test_wrong_graeco_latin_squares_are_rejected(colours: Any, shapes: Any, words: str) -> None:
    rejected(check_graeco_latin(colours, shapes, n=5), words)


# --- lesson 03, exercise 2: a transversal -------------------------------------------------------------------------
@pytest.mark.parametrize("columns", [[0, 1, 2, 3, 4], [0, 2, 4, 1, 3], (0, 3, 1, 4, 2), np.array([0, 1, 2, 3, 4])])
def test_transversals_are_accepted(columns: Any) -> None:
    assert check_transversal(cyclic(5), columns)


@pytest.mark.parametrize(
    ("columns", "words"),
    [
        ([4, 3, 2, 1, 0], "symbol 4 appears 5 times"),  # the other diagonal: one symbol
        ([1, 2, 3, 4, 5], "the column for row 4 is 5, but the columns are 0 to 4"),  # counted from 1
        ([0, 1, 2, 3], "expected a list of 5 columns"),
        ([0, 0, 0, 0, 0], "all use column 0"),
        ([0, 2, 4, 1, 1], "both use column 1"),
    ],
)
def test_wrong_transversals_are_rejected(columns: Any, words: str) -> None:
    rejected(check_transversal(cyclic(5), columns), words)


# --- lesson 03, exercise 3: an orthogonal mate ----------------------------------------------------------------------
SQUARE_03 = [
    [0, 6, 5, 4, 3, 1, 2],
    [2, 5, 0, 6, 4, 3, 1],
    [3, 4, 6, 1, 2, 0, 5],
    [5, 3, 1, 2, 6, 4, 0],
    [1, 2, 4, 0, 5, 6, 3],
    [6, 0, 2, 3, 1, 5, 4],
    [4, 1, 3, 5, 0, 2, 6],
]
MATE_03 = latin.orthogonal_mate(SQUARE_03)


def renamed(square: Grid, names: list[int]) -> Grid:
    return [[names[x] for x in row] for row in square]


@pytest.mark.parametrize("mate", [MATE_03, renamed(MATE_03, [6, 5, 4, 3, 2, 1, 0]), np.array(MATE_03)])
def test_mates_are_accepted(mate: Any) -> None:
    assert check_orthogonal_mate(SQUARE_03, mate)


@pytest.mark.parametrize(
    ("mate", "words"),
    [
        (SQUARE_03, "appears 7 times"),  # the square itself
        (cyclic(7), "appears"),  # a Latin square, not a mate
        ([MATE_03[1], MATE_03[0], *MATE_03[2:]], "appears twice"),  # two rows of the mate exchanged
        ([[x + 1 for x in row] for row in MATE_03], "but the symbols are 0 to 6"),
        (None, "there is no answer yet"),
    ],
)
def test_wrong_mates_are_rejected(mate: Any, words: str) -> None:
    rejected(check_orthogonal_mate(SQUARE_03, mate), words)


# --- lesson 03, exercise 4: a bachelor square of order 5 ------------------------------------------------------------
BACHELORS_5 = [
    square
    for square in (latin.random_latin_square(5, rng=seed) for seed in range(8))
    if not latin.orthogonal_mate(square)
][:2]


@pytest.mark.parametrize("square", [*BACHELORS_5, np.array(BACHELORS_5[0])])
def test_bachelor_squares_are_accepted(square: Any) -> None:
    assert check_bachelor_square(square, n=5)


@pytest.mark.parametrize(
    ("square", "words"),
    [
        (cyclic(5), "it has an orthogonal mate"),  # odd cyclic squares have mates
        (linear(5, 2), "it has an orthogonal mate"),
        (cyclic(4), "has 4 rows, but it needs 5"),  # a bachelor, of the wrong order
        (swap_cells(BACHELORS_5[0], 0, 0, 1), "holds symbol"),  # not Latin
    ],
)
def test_wrong_bachelors_are_rejected(square: Any, words: str) -> None:
    rejected(check_bachelor_square(square, n=5), words)


# --- lesson 03, exercise 5: complete the given Town 66 city with two flips ------------------------------------------
CITY_34 = max_town_tiles(6).board


def completed_city(city: Grid) -> tuple[Grid, dict[tuple[int, int], tuple[int, int]]]:
    """The lesson's solution: each hole gets the missing tile of the one colour its row and column both lack."""
    on_board = {tuple(tile) for row in city for tile in row if tile is not None}
    missing = [(c, s) for c in range(6) for s in range(6) if (c, s) not in on_board]
    board, hidden = [list(row) for row in city], {}
    for r, k in [(r, k) for r in range(6) for k in range(6) if city[r][k] is None]:
        seen = {tile[0] for tile in city[r] if tile} | {row[k][0] for row in city if row[k]}
        (colour,) = set(range(6)) - seen
        (tile,) = [t for t in missing if t[0] == colour]
        board[r][k], hidden[(r, k)] = [colour, None], tile
    return board, hidden


def renamed_city(city: Grid, colours: list[int], shapes: list[int]) -> Grid:
    return [[None if tile is None else [colours[tile[0]], shapes[tile[1]]] for tile in row] for row in city]


RENAMED_34 = renamed_city(CITY_34, [3, 5, 0, 1, 4, 2], [2, 0, 5, 4, 1, 3])  # the lesson's city
BOARD_36, HIDDEN_36 = completed_city(RENAMED_34)


@pytest.mark.parametrize(
    ("board", "hidden"),
    [
        (BOARD_36, HIDDEN_36),
        (BOARD_36, [(list(cell), list(tile)) for cell, tile in HIDDEN_36.items()]),
        ([[tuple(tile) if tile else tile for tile in row] for row in BOARD_36], HIDDEN_36),
    ],
)
def test_the_completed_city_is_accepted(board: Any, hidden: Any) -> None:
    assert check_town_board(board, tiles=36, flips=2, hidden=hidden, givens=RENAMED_34)


def test_another_perfect_city_is_not_the_given_one() -> None:
    other, hidden = completed_city(CITY_34)  # legal, 36 cells, two flips: but the city before renaming
    assert check_town_board(other, tiles=36, flips=2, hidden=hidden)
    rejected(check_town_board(other, tiles=36, flips=2, hidden=hidden, givens=RENAMED_34), "of the given city holds")


def test_wrong_city_completions_are_rejected() -> None:
    swapped = dict(zip(HIDDEN_36, reversed(HIDDEN_36.values()), strict=True))  # each tile on the other's cell
    rejected(check_town_board(BOARD_36, tiles=36, flips=2, hidden=swapped, givens=RENAMED_34), "the tile turned over")
    rejected(check_town_board(RENAMED_34, tiles=36, flips=2, givens=RENAMED_34), "the board holds 34 tiles, not 36")
    one_hole = [row.copy() for row in BOARD_36]
    last = max(HIDDEN_36)
    one_hole[last[0]][last[1]] = None
    rejected(check_town_board(one_hole, tiles=36, flips=2, hidden=HIDDEN_36, givens=RENAMED_34), "35 tiles")
    rejected(check_town_board(BOARD_36, tiles=36, flips=2, givens=RENAMED_34), "'hidden' must name the tile")
    with pytest.raises(ValueError, match="the given city is not a Town board"):
        check_town_board(BOARD_36, tiles=36, flips=2, hidden=HIDDEN_36, givens=[[[0, 0], [0, 1]], [None, None]])


# --- lesson 04-1, exercise 1 and 04-2, exercise 3: puzzles ---------------------------------------------------------
PUZZLE_04 = town_puzzle(4, 12, seed=6)


@pytest.mark.parametrize(
    "answer",
    [
        PUZZLE_04.solution,
        [[tuple(tile) for tile in row] for row in PUZZLE_04.solution],
        np.array(PUZZLE_04.solution).tolist(),
    ],
)
def test_the_puzzles_completion_is_accepted(answer: Any) -> None:
    assert check_town_puzzle(PUZZLE_04, answer)
    assert check_town_puzzle(PUZZLE_04.board, answer)


def test_wrong_puzzle_answers_are_rejected() -> None:
    rejected(check_town_puzzle(PUZZLE_04, PUZZLE_04.board), "still empty")
    other = next(b for seed in range(50) if (b := random_town_board(4, seed=seed)) != PUZZLE_04.solution)
    rejected(check_town_puzzle(PUZZLE_04, other), "in the puzzle, but the answer has")  # a full board, not this one
    exchanged = copy.deepcopy(PUZZLE_04.solution)
    exchanged[0][0], exchanged[0][1] = exchanged[0][1], exchanged[0][0]
    rejected(check_town_puzzle(PUZZLE_04, exchanged), "is already in column 1")
    rejected(check_town_puzzle(PUZZLE_04, PUZZLE_04.solution[:3]), "4 rows of 4 cells")


# --- lesson 04-2, exercise 1: count the completions of a first row ---------------------------------------------------
BOARD_04 = [[[0, 0], [1, 1], [2, 2], [3, 3]], [None] * 4, [None] * 4, [None] * 4]


@pytest.mark.parametrize("answer", [12, 12.0, np.int64(12), 6912 // 576])
def test_the_completion_count_is_accepted(answer: Any) -> None:
    assert check_completion_count(BOARD_04, answer)


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (11, "is not the right number"),
        (13, "is not the right number"),
        (6912, "is not the right number"),
        (576, "is not the right number"),
        (479001600, "= 12! is the number of ways"),
    ],
)
def test_wrong_completion_counts_are_rejected(answer: Any, words: str) -> None:
    rejected(check_completion_count(BOARD_04, answer), words)


# --- lesson 04-1, exercise 2: a completion function -----------------------------------------------------------------
def fits(board: Grid, cell: tuple[int, int], tile: tuple[int, int]) -> bool:
    (r, k), (colour, shape) = cell, tile
    return all(o is None or (o[0] != colour and o[1] != shape) for o in board[r] + [row[k] for row in board])


def unused_tiles(board: Grid) -> list[tuple[int, int]]:
    on_board = {tuple(tile) for row in board for tile in row if tile is not None}
    return [tile for tile in product(range(len(board)), repeat=2) if tile not in on_board]


def backtrack(board: Grid) -> Grid | None:
    n = len(board)
    empty = [(r, k) for r in range(n) for k in range(n) if board[r][k] is None]
    if not empty:
        return board
    options = {cell: [t for t in unused_tiles(board) if fits(board, cell, t)] for cell in empty}
    (r, k), tiles = min(options.items(), key=lambda item: len(item[1]))
    for tile in tiles:
        board[r][k] = list(tile)
        if backtrack(board) is not None:
            return board
    board[r][k] = None
    return None


def no_backtracking(board: Grid) -> Grid | None:  # the first tile that fits, never undone
    n = len(board)
    for r, k in product(range(n), repeat=2):
        if board[r][k] is None:
            tiles = [t for t in unused_tiles(board) if fits(board, (r, k), t)]
            if not tiles:
                return None
            board[r][k] = list(tiles[0])
    return board


def fills_what_it_can(board: Grid) -> Grid:  # never admits defeat
    return backtrack(copy.deepcopy(board)) or board


def crashes_on_full_boards(board: Grid) -> Grid | None:
    n = len(board)
    first = min((r, k) for r in range(n) for k in range(n) if board[r][k] is None)
    assert first is not None
    return backtrack(board)


@pytest.mark.parametrize("function", [backtrack, lambda board: backtrack(board) and np.array(board)])
def test_right_completion_functions_are_accepted(function: Callable[[Grid], Any]) -> None:
    assert check_completion_function(function)


@pytest.mark.parametrize(
    ("function", "words"),
    [
        (no_backtracking, "returned None for"),
        (fills_what_it_can, "which has no completion"),
        (crashes_on_full_boards, "it raised ValueError"),
        (lambda board: board, "is wrong"),
        (lambda board: random_town_board(len(board), seed=0) if len(board) > 2 else None, "is wrong"),
    ],
)
def test_wrong_completion_functions_are_rejected(function: Callable[[Grid], Any], words: str) -> None:
    rejected(check_completion_function(function), words)


# --- lesson 04-2, exercise 2: Latin squares as exact cover -----------------------------------------------------------
def latin_cover(givens: Grid, symbols: int | None = None, lines: tuple[str, ...] = ("row", "column")) -> ExactCover:
    n = len(givens)
    symbols = n if symbols is None else symbols
    items = [("cell", r, k) for r, k in product(range(n), repeat=2)]
    items += [(line, i, s) for line in lines for i in range(n) for s in range(symbols)]
    options = {
        (r, k, s): [("cell", r, k)] + [(line, r if line == "row" else k, s) for line in lines]
        for r, k, s in product(range(n), range(n), range(symbols))
        if givens[r][k] in (None, s)
    }
    return ExactCover(items, options)


def named_by_strings(givens: Grid) -> ExactCover:
    n = len(givens)
    items = [f"{kind}{i}{j}" for kind in "crk" for i, j in product(range(n), repeat=2)]
    options = {f"{r}{k}{s}": [f"c{r}{k}", f"r{r}{s}", f"k{k}{s}"] for r, k, s in product(range(n), repeat=3)}
    return ExactCover(items, options)


@pytest.mark.parametrize("function", [latin_cover, lambda givens: latin_cover(givens, lines=("column", "row"))])
def test_right_exact_covers_are_accepted(function: Callable[[int], Any]) -> None:
    assert check_latin_exact_cover(function)


@pytest.mark.parametrize(
    ("function", "words"),
    [
        (lambda givens: latin_cover(givens, lines=("row",)), "some rule is missing"),
        (lambda givens: latin_cover(givens, lines=("column",)), "some rule is missing"),
        (lambda givens: latin_cover(givens, symbols=len(givens) + 1), "solutions"),
        (named_by_strings, "name each option (row, column, symbol)"),
        (lambda givens: None, "not an ExactCover"),
    ],
)
def test_wrong_exact_covers_are_rejected(function: Callable[[int], Any], words: str) -> None:
    rejected(check_latin_exact_cover(function), words)


# --- lesson 05, exercises 1 to 3: hidden hands, a line of play, games needed ---------------------------------------
VIEW_05 = town.new_game("town44", players=2, seed=2).view(0)


@pytest.mark.parametrize("answer", [36, 36.0, np.int64(36)])
def test_the_hidden_hands_count_is_accepted(answer: Any) -> None:
    assert check_hidden_hands_count(VIEW_05, answer)


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (35, "is not the right number"),
        (37, "is not the right number"),
        (36 * 24, "is not the right number"),
        (1820, "is not the right number"),
        ("36", "is text, not a number"),
    ],
)
def test_wrong_hidden_hands_counts_are_rejected(answer: Any, words: str) -> None:
    rejected(check_hidden_hands_count(VIEW_05, answer), words)


DEAL_05 = town.new_solo("town33", seed=17)
LINE_05 = [(0, (0, 0)), (0, (0, 1)), (0, (1, 1)), (1, (2, 1)), (1, (0, 2)), (2, (1, 2)), (2, (2, 0)), (1, (2, 2))]
LINE_05 += [(2, (1, 0))]


@pytest.mark.parametrize(
    "line", [LINE_05, [(pile, *cell) for pile, cell in LINE_05], [[pile, list(cell)] for pile, cell in LINE_05]]
)
def test_a_line_to_the_par_is_accepted(line: Any) -> None:
    assert check_solo_line(DEAL_05, line)


@pytest.mark.parametrize(
    ("line", "words"),
    [
        (LINE_05[:-1], "your line places 8 tiles; the deal allows 9"),
        ([(pile, (r + 1, k + 1)) for pile, (r, k) in LINE_05], "the engine refused it"),  # rows counted from 1
        ([(1, (0, 0))], "your line places 1 tile"),  # a pioneer that ends the game at once
        ([(pile + 1, cell) for pile, cell in LINE_05], "the engine refused it"),  # piles counted from 1
    ],
)
def test_wrong_lines_are_rejected(line: Any, words: str) -> None:
    rejected(check_solo_line(DEAL_05, line), words)


@pytest.mark.parametrize("answer", [381, 385, 385.0, np.int64(381), Fraction(385, 1)])
def test_the_games_needed_are_accepted(answer: Any) -> None:
    assert check_games_needed(0.05, answer)  # Wilson's fewest games, and the normal approximation's


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (380, "is not the right number"),
        (382, "is not the right number"),
        (383, "is not the right number"),
        (384, "is not the right number"),  # 384.15 rounded down: its normal half width is just over 5%
        (386, "is not the right number"),
        (97, "is not the right number"),
        (1537, "is not the right number"),
        (384.2, "whole number"),
    ],
)
def test_wrong_games_needed_are_rejected(answer: Any, words: str) -> None:
    rejected(check_games_needed(0.05, answer), words)


# --- lesson 05, exercise 4: an agent better than random -------------------------------------------------------------
class Lookahead:
    """Lesson 01's player: the move after which the most moves are open, on a state drawn from the view."""

    name = "lookahead"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Any) -> Any:
        actions = view.legal_actions()
        state = view.sample_state(self.rng.getrandbits(32))

        def open_after(action: Any) -> int:
            after = state.clone()
            after.apply(action)
            return len(after.legal_actions())

        return max(actions, key=open_after)


class FirstChoice:
    name = "first choice"

    def act(self, view: Any) -> Any:
        return view.legal_actions()[0]


class Shuffled:
    """Uniformly random with its own generator: a student's 'agent' that is no better than random."""

    name = "shuffled"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Any) -> Any:
        return self.rng.choice(view.legal_actions())


@pytest.mark.parametrize("agent", [Lookahead(), Lookahead(seed=5)])
def test_agents_better_than_random_are_accepted(agent: Any) -> None:
    assert check_agent(agent, must_beat="random")


@pytest.mark.parametrize("agent", [Shuffled(11), Shuffled(12), Shuffled(13), Shuffled(14), FirstChoice()])
def test_agents_no_better_than_random_are_rejected(agent: Any) -> None:
    rejected(check_agent(agent, must_beat="random"), "which does not show it better")


@pytest.mark.parametrize("junk", [None, "many", [3], {"low": 0}, float("nan"), True, (None, None), object()])
def test_the_new_checkers_never_raise_on_junk(junk: Any) -> None:
    for verdict in (check_legal_move_count(lookahead_position(), junk), check_win_rate_interval(7, 10, junk)):
        assert not verdict and verdict.problems


# --- issue 36: checkers that passed wrong answers --------------------------------------------------------------------
def by_sums_and_no_repeats(square: Any) -> bool:  # forgets that the symbols are 0..n-1: -1, 0, 4 add up to 3
    n = len(square)
    lines = [*square, *zip(*square, strict=False)]
    return all(len(line) == len(set(line)) == n and sum(line) == n * (n - 1) // 2 for line in lines)


def order_from_the_first_row(square: Any) -> bool:  # takes n from row 0, and checks columns as sets
    n = len(square[0])
    rows_ok = all(sorted(row) == list(range(n)) for row in square)
    return rows_ok and all(set(column) == set(range(n)) for column in zip(*square, strict=False))


@pytest.mark.parametrize(
    ("function", "words"),
    [
        (by_sums_and_no_repeats, "the symbols -1, 0 and 4"),
        (order_from_the_first_row, "cells whose rows hold the same symbols"),
    ],
)
def test_latin_tests_fooled_by_sums_or_shapes_are_rejected(function: Callable[[Any], Any], words: str) -> None:
    rejected(check_latin_function(function), words)


def test_an_interval_past_1_is_refused_before_the_tolerance() -> None:
    rejected(check_win_rate_interval(10, 10, (0.7225, 1.004)), "leaves 0..1")
    rejected(check_win_rate_interval(0, 10, (-0.001, 0.2775)), "leaves 0..1")
    assert check_win_rate_interval(0, 10, (0.0, 0.28))


def completes_all_but_the_smallest(board: Grid) -> Grid | None:  # never tries n = 1
    return None if len(board) == 1 else backtrack(board)


def town_search_first(board: Grid) -> Any:
    return TownSearch(board).first()


def town_search_hidden_in_a_helper(board: Grid) -> Any:
    try:
        return next(iter(TownSearch(board).solutions()), None)
    except Exception:  # a student's catch-all does not hide the call
        return backtrack(board)


@pytest.mark.parametrize(
    ("function", "words"),
    [
        (completes_all_but_the_smallest, "it returned None for the empty 1 x 1 board, which can be completed"),
        (town_search_first, "it calls TownSearch on"),
        (town_search_hidden_in_a_helper, "it calls TownSearch on"),
    ],
)
def test_completion_functions_that_skip_a_case_or_call_the_lessons_search_are_rejected(
    function: Callable[[Grid], Any], words: str
) -> None:
    rejected(check_completion_function(function), words)


def test_the_completion_cases_cannot_be_looked_up(tmp_path: Any) -> None:
    """The boards handed to the function are drawn at the call: another call, or the module's state, holds others."""
    import json

    from townwidget.exercises import search as module

    seen = tmp_path / "boards.jsonl"

    def recording(board: Grid) -> Grid | None:  # runs in the checker's child process: the file carries the boards
        with seen.open("a") as file:
            file.write(json.dumps(board) + "\n")
        return backtrack(board)

    assert check_completion_function(recording)
    first = [json.loads(line) for line in seen.read_text().splitlines()]
    seen.unlink()
    assert check_completion_function(recording)
    second = [json.loads(line) for line in seen.read_text().splitlines()]
    large = [board for board in first if len(board) >= 4]
    assert len(large) >= 4 and not any(board in second for board in large)
    held = repr([value for name, value in vars(module).items() if not name.startswith("__")])
    held += repr(module._hard_boards())
    assert not any(json.dumps(board).replace('"', "'") in held or repr(board) in held for board in large)


def latin_cover_misnamed(givens: Grid) -> ExactCover:
    """The right exact cover, but options named (row, symbol, column): solutions still read as Latin squares."""
    n = len(givens)
    items = [(kind, i, j) for kind in ("cell", "row", "column") for i, j in product(range(n), repeat=2)]
    options = {
        (r, s, k): [("cell", r, k), ("row", r, s), ("column", k, s)]
        for r, k, s in product(range(n), repeat=3)
        if givens[r][k] in (None, s)
    }
    return ExactCover(items, options)


def latin_cover_numpy_names(givens: Grid) -> ExactCover:
    """The right exact cover, options named by numpy integers (as np.ndindex gives them)."""
    n = len(givens)
    items = [(kind, i, j) for kind in ("cell", "row", "column") for i, j in product(range(n), repeat=2)]
    options = {
        (np.int64(r), np.int64(k), np.int64(s)): [("cell", r, k), ("row", r, s), ("column", k, s)]
        for r, k, s in np.ndindex(n, n, n)
        if givens[r][k] in (None, s)
    }
    return ExactCover(items, options)


def latin_cover_ignoring_givens(givens: Grid) -> ExactCover:
    return latin_cover([[None] * len(givens) for _ in givens])


def test_an_exact_cover_with_its_options_misnamed_is_rejected() -> None:
    rejected(check_latin_exact_cover(latin_cover_misnamed), "are the options named (row, column, symbol)")
    rejected(check_latin_exact_cover(latin_cover_ignoring_givens), "Latin squares keep the givens")


def test_an_exact_cover_named_by_numpy_integers_is_accepted() -> None:
    assert check_latin_exact_cover(latin_cover_numpy_names)


class GreedyInside:
    name = "mine"

    def __init__(self) -> None:
        self.helper = make_agent("greedy", seed=1)

    def act(self, view: Any) -> Any:
        return self.helper.act(view)


GREEDY = make_agent("greedy", seed=2)


class GreedyFromAGlobal:
    name = "mine"

    def act(self, view: Any) -> Any:
        return GREEDY.act(view)


class GreedyAtEachMove:
    name = "mine"

    def act(self, view: Any) -> Any:
        return make_agent("greedy").act(view)


class GreedyThroughThePackage:
    name = "mine"

    def act(self, view: Any) -> Any:
        import townwidget

        return townwidget.agents.make_agent("greedy").act(view)


def greedy_in_a_closure() -> Any:
    inner = make_agent("greedy", seed=4)

    class Closure:
        name = "mine"

        def act(self, view: Any) -> Any:
            return inner.act(view)

    return Closure()


def greedy_subclass() -> Any:
    from townwidget.agents.greedy import GreedyAgent

    class Mine(GreedyAgent):
        name = "mine"

    return Mine(seed=5)


class HintedMoves:
    name = "mine"

    def act(self, view: Any) -> Any:
        from townwidget.advice import hint

        return hint(view).action


@pytest.mark.parametrize(
    "agent",
    [
        make_agent("greedy", seed=3),
        GreedyInside(),
        GreedyFromAGlobal(),
        GreedyAtEachMove(),
        GreedyThroughThePackage(),
        greedy_in_a_closure(),
        greedy_subclass(),
    ],
    ids=["itself", "attribute", "global", "each move", "package attribute", "closure", "subclass"],
)
def test_a_wrapper_of_the_packages_agents_is_not_the_students_agent(agent: Any) -> None:
    # the package's players are out of the agent's process: importing them is refused, reaching them finds nothing
    rejected(check_agent(agent, must_beat="random"), "agents")


def test_an_agent_asking_the_packages_advice_is_not_the_students_agent() -> None:
    rejected(check_agent(HintedMoves()), "may not be imported here")


class FramePeeker:
    """Reads the true state from its callers' frames (``sys._getframe``), as issue 36 found: where it finds one, it
    plays the move that leaves the most moves open in the true state; where it finds none, it has nothing to play."""

    name = "frame peeker"

    def act(self, view: Any) -> Any:
        frame = sys._getframe(1)
        while frame is not None:
            for value in list(frame.f_locals.values()):
                if isinstance(value, town.SoloState) and not value.is_terminal():
                    return max(value.legal_actions(), key=lambda action: moves_after(value, action))
            frame = frame.f_back
        return None


def moves_after(state: Any, action: Any) -> int:
    trial = state.clone()
    trial.apply(action)
    return len(trial.legal_actions())


def test_an_agent_reading_its_callers_frames_finds_no_state_in_the_checker() -> None:
    state = town.new_solo("town44", seed=0)
    assert FramePeeker().act(state.view(0)) in state.legal_actions()  # in the caller's process, it finds the state
    rejected(check_agent(FramePeeker(), must_beat="random"), "it returned None")


# --- issue 36: checkers that refused right answers -----------------------------------------------------------------
def rows_one_by_one(grid: Any) -> Any:
    return (list(row) for row in grid)


@pytest.mark.parametrize(
    "answer", [np.array(SQUARE_02, float), rows_one_by_one(SQUARE_02), [[float(x) for x in row] for row in SQUARE_02]]
)
def test_a_square_of_whole_floats_or_a_generator_of_rows_is_accepted(answer: Any) -> None:
    assert check_latin_square(answer, givens=GIVENS_02)


def test_whole_floats_are_accepted_by_the_lesson_03_checkers() -> None:
    colours, shapes = linear(5, 1), linear(5, 2)
    assert check_graeco_latin(np.array(colours, float), np.array(shapes, float), n=5)
    assert check_graeco_latin(rows_one_by_one(colours), rows_one_by_one(shapes))
    assert check_transversal(cyclic(5), np.array([0.0, 2.0, 4.0, 1.0, 3.0]))
    assert check_transversal(cyclic(5), (column for column in [0, 2, 4, 1, 3]))
    assert check_orthogonal_mate(SQUARE_03, np.array(MATE_03, float))
    assert check_bachelor_square(np.array(BACHELORS_5[0], float), n=5)
    assert check_town_board(np.array(BOARD_36, dtype=object), tiles=36, flips=2, hidden=HIDDEN_36, givens=RENAMED_34)


def test_a_puzzles_completion_in_floats_is_accepted() -> None:
    assert check_town_puzzle(PUZZLE_04, np.array(PUZZLE_04.solution, float))
    assert check_town_puzzle(PUZZLE_04, rows_one_by_one(PUZZLE_04.solution))
    rejected(check_town_puzzle(PUZZLE_04, np.array(PUZZLE_04.solution, float) + 0.5), "")


@pytest.mark.parametrize(
    ("checker", "answer"),
    [
        (lambda answer: check_first_row_count(5, answer), Fraction(1344, 1)),
        (lambda answer: check_first_row_count(5, answer), np.float32(1344)),
        (lambda answer: check_completion_count(BOARD_04, answer), Fraction(12)),
        (lambda answer: check_hidden_hands_count(VIEW_05, answer), np.array(36)),
        (lambda answer: check_legal_move_count(lookahead_position(), answer), Fraction(5, 1)),
        (lambda answer: check_row_by_row_probability(cyclic(4), answer), np.array(1 / 432)),
        (lambda answer: check_row_by_row_probability(cyclic(4), answer), Decimal(1) / Decimal(432)),
    ],
)
def test_whole_numbers_in_every_numeric_form_are_accepted(checker: Callable[[Any], Verdict], answer: Any) -> None:
    assert checker(answer)


@pytest.mark.parametrize(
    ("checker", "answer"),
    [
        (lambda answer: check_first_row_count(5, answer), Fraction(2689, 2)),
        (lambda answer: check_completion_count(BOARD_04, answer), 12.5),
        (lambda answer: check_hidden_hands_count(VIEW_05, answer), True),
        (lambda answer: check_legal_move_count(lookahead_position(), answer), [5]),
    ],
)
def test_a_count_that_cannot_be_judged_says_so_in_one_way(checker: Callable[[Any], Verdict], answer: Any) -> None:
    rejected(checker(answer), f"expected a whole number, not {answer!r}")


def test_a_line_of_play_as_a_generator_or_numpy_numbers_is_accepted() -> None:
    assert check_solo_line(DEAL_05, ((pile, cell) for pile, cell in LINE_05))
    assert check_solo_line(DEAL_05, [(np.int64(pile), np.array(cell)) for pile, cell in LINE_05])
    assert check_solo_line(DEAL_05, np.array([(pile, *cell) for pile, cell in LINE_05]))


# --- issue 36: checkers that hung ----------------------------------------------------------------------------------
def sleeps(argument: Any) -> Any:
    import time

    time.sleep(60)


def loops(argument: Any) -> Any:
    while True:
        pass


def slow_on_large_boards(board: Grid) -> Grid | None:  # a plain backtracker that gives up on nothing
    if len(board) >= 5:
        loops(board)
    return backtrack(board)


@pytest.mark.parametrize("student", [sleeps, loops], ids=["sleeps", "loops"])
@pytest.mark.parametrize(
    "checker", [check_latin_function, check_completion_function, check_latin_exact_cover], ids=["02", "04-3", "04-4"]
)
def test_a_slow_function_gets_a_verdict_in_words_in_time(student: Callable[[Any], Any], checker: Any) -> None:
    from townwidget.exercises.running import SECONDS_IN_ALL

    started = time.monotonic()
    verdict = checker(student)
    assert time.monotonic() - started < SECONDS_IN_ALL + 5  # the deadline holds (a bound, not a speed figure)
    rejected(verdict, "it is too slow on ")
    assert "no answer after 3 s" in str(verdict)


def test_a_function_slow_on_the_large_boards_only_is_told_which() -> None:
    verdict = check_completion_function(slow_on_large_boards)
    rejected(verdict, "it is too slow on a 5 x 5 puzzle that needs guesses: no answer after 3 s")
    assert len(verdict.problems) == 1  # the small boards were right


def test_without_fork_a_loop_is_stopped_by_its_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    from townwidget.exercises import running

    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    outcomes = running.run_cases(loops, [("a loop", None), ("never reached", None)], seconds_per_case=0.5)
    assert [outcome.failure() for outcome in outcomes] == [
        "it is too slow on a loop: no answer after 0.5 s (the cases after it were not tried)"
    ]
    assert (
        running.run_cases(town_search_first, [("a board", [[None] * 3] * 3)], forbidden=SEARCH_OF_THE_LESSON)[
            0
        ].forbidden
        == "TownSearch"
    )
    assert TownSearch([[None] * 3] * 3).count(limit=1) == 1  # the guard is lifted afterwards


# --- issue 36: no verdict or object gives the answer away -------------------------------------------------------------
def test_too_many_games_does_not_name_the_right_number() -> None:
    for answer in (1000, 386, 382):
        verdict = str(check_games_needed(0.05, answer))
        assert "381" not in verdict and "385" not in verdict, verdict


def test_no_private_helper_computes_an_answer() -> None:
    from townwidget.exercises import latin_squares, opponents

    for module, name in (
        (opponents, "_games_needed"),
        (opponents, "_hidden_hands"),
        (latin_squares, "_row_by_row_probability"),
    ):
        assert not hasattr(module, name)


def test_the_lessons_hand_out_puzzle_givens_without_their_solution() -> None:
    import nbformat

    notebooks = Path(__file__).parent.parent / "notebooks"
    for path in [notebooks / "04-1-backtracking.ipynb", notebooks / "04-2-exact-cover.ipynb"]:
        exercise_cells = [
            cell.source
            for cell in nbformat.read(path, as_version=4).cells
            if "check_town_puzzle(puzzle_" in cell.source
        ]
        handed = [line for source in exercise_cells for line in source.splitlines() if "= town_puzzle(" in line]
        assert exercise_cells and all(line.split("#")[0].rstrip().endswith(".board") for line in handed), handed
        assert all(".solution" not in source for source in exercise_cells)
