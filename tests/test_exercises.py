"""The lessons' checkers accept right answers, reject wrong ones with the right words, and never crash on junk."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import permutations, product
from typing import Any

import numpy as np
import pytest

from townwidget import latin, town
from townwidget.agents import make_agent
from townwidget.arena import wilson_interval
from townwidget.exercises import (
    MAX_SHOWN,
    NO_ANSWER,
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
    check_orthogonal_mate,
    check_reduction,
    check_row_by_row_probability,
    check_solo_line,
    check_town_board,
    check_town_puzzle,
    check_transversal,
)
from townwidget.search import ExactCover, random_town_board, town_puzzle
from townwidget.solvers.clairvoyant import solve

Square = list[list[int]]

KLEIN = [[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 0, 1], [3, 2, 1, 0]]
JUNK: list[Any] = [None, 7, "square", [[0, 1], [1]], [[0, "a"], [1, 0]], [[True, False], [False, True]], [[0.5]]]


def cyclic(n: int) -> Square:
    return [[(r + c) % n for c in range(n)] for r in range(n)]


def assert_wrong(verdict: Verdict, *problems: str) -> None:
    """The verdict is false, lists exactly these problems, and prints them under its first line."""
    assert not verdict and not verdict.right
    assert verdict.problems == problems
    assert str(verdict).splitlines()[1:] == [f"- {problem}" for problem in problems]


# --- the verdict ---------------------------------------------------------------------------------------------------
def test_a_verdict_shows_as_its_text_in_a_notebook() -> None:
    printed: list[str] = []

    class Printer:
        def text(self, text: str) -> None:
            printed.append(text)

    Verdict("a Latin square of order 1")._repr_pretty_(Printer(), cycle=False)
    assert printed == ["Right: it is a Latin square of order 1."]


def test_a_long_verdict_sums_up_the_problems_it_does_not_list() -> None:
    lines = str(Verdict("something", tuple(f"problem {i}" for i in range(MAX_SHOWN + 3)))).splitlines()
    assert len(lines) == 1 + MAX_SHOWN + 1
    assert lines[-1] == "- ... and 3 more problems"


@pytest.mark.parametrize("junk", JUNK)
def test_no_checker_raises_on_a_junk_answer(junk: Any) -> None:
    verdicts = [
        check_latin_square(junk, n=2),
        check_latin_function(junk),
        check_reduction(cyclic(2), junk),
        check_first_row_count(3, junk),
        check_row_by_row_probability(cyclic(2), junk),
        check_graeco_latin(junk, junk, n=2),
        check_transversal(cyclic(3), junk),
        check_orthogonal_mate(cyclic(3), junk),
        check_bachelor_square(junk, n=2),
        check_town_board(junk, tiles=4),
    ]
    assert not any(verdicts)
    assert all(verdict.problems for verdict in verdicts)


# --- lesson 02: Latin squares --------------------------------------------------------------------------------------
@pytest.mark.parametrize("square", [[[0]], cyclic(5), KLEIN, np.array(cyclic(3)), latin.random_latin_square(7, rng=1)])
def test_latin_squares_are_accepted(square: Any) -> None:
    assert check_latin_square(square)
    assert str(check_latin_square(square)) == f"Right: it is a Latin square of order {len(square)}."


def test_a_repeat_is_named_with_its_line_and_cells() -> None:
    square = cyclic(5)
    square[2][4] = 3
    assert_wrong(
        check_latin_square(square),
        "row 2 holds symbol 3 twice (columns 1 and 4)",
        "column 4 holds symbol 3 twice (rows 2 and 4)",
    )


def test_three_repeats_and_bad_cells_are_named() -> None:
    assert_wrong(
        check_latin_square([[0, 0, 0], [1, 2, None], [2, "x", 5]]),
        "cell [1, 2] is empty",
        "cell [2, 1] holds 'x': 'x' is text, not a number: write the number itself, without quotes",
        "cell [2, 2] holds 5, but the symbols are 0 to 2",
        "row 0 holds symbol 0 three times (columns 0, 1 and 2)",
    )


@pytest.mark.parametrize(
    ("square", "n", "problem"),
    [
        (None, 4, NO_ANSWER),
        ([[0, 1], [1, 0]], 3, "the square has 2 rows, but it needs 3"),
        ([[0, 1], [1]], None, "row 1 of the square has 1 cell, but it needs 2"),
        ([[0, 1], 5], None, "row 1 of the square is 5, not a list of 2 cells"),
        ("01", 2, "the square should be a list of 2 rows, not str"),
        ([[True, False], [False, True]], None, "cell [0, 0] holds True, not a whole number"),
    ],
)
def test_a_malformed_square_is_reported_not_raised(square: Any, n: int | None, problem: str) -> None:
    assert check_latin_square(square, n=n).problems[0] == problem


def test_givens_must_be_kept() -> None:
    givens = [[0, None, None], [None, None, 0], [None, 0, None]]
    assert check_latin_square([[0, 1, 2], [1, 2, 0], [2, 0, 1]], givens=givens)
    assert_wrong(
        check_latin_square([[1, 0, 2], [0, 2, 1], [2, 1, 0]], givens=givens),
        "cell [0, 0] is given as 0, but your square has 1",
        "cell [1, 2] is given as 0, but your square has 1",
        "cell [2, 1] is given as 0, but your square has 1",
    )


@pytest.mark.parametrize("givens", [[[0, 0], [None, None]], [[0, None], [None, 2]], "givens", [[None, 1], [1, "x"]]])
def test_broken_givens_are_the_lessons_fault_and_raise(givens: Any) -> None:
    with pytest.raises(ValueError, match="givens"):
        check_latin_square([[0, 1], [1, 0]], givens=givens)


def test_the_order_must_suit_the_givens() -> None:
    with pytest.raises(ValueError, match="the givens have 2 rows, but the order is 3"):
        check_latin_square(cyclic(3), n=3, givens=[[0, None], [None, None]])
    with pytest.raises(ValueError, match="order n"):
        check_latin_square(cyclic(3), n=0)


def is_latin_by_sorting(square: Any) -> bool:
    n = len(square)
    rows_ok = all(sorted(row) == list(range(n)) for row in square)
    return rows_ok and all(sorted(column) == list(range(n)) for column in zip(*square, strict=False))


def test_a_correct_latin_test_is_accepted() -> None:
    assert check_latin_function(is_latin_by_sorting)
    assert check_latin_function(latin.is_latin_square)
    assert check_latin_function(lambda square: np.bool_(is_latin_by_sorting(square)))  # numpy's booleans count too


def test_a_latin_test_that_forgets_the_columns_is_caught() -> None:
    def rows_only(square: Any) -> bool:
        return all(sorted(row) == list(range(len(square))) for row in square)

    problems = check_latin_function(rows_only).problems
    assert any(
        p.startswith("it says True for a grid whose columns repeat symbols (its rows do not): [[") for p in problems
    )
    assert any(p.startswith("it says True for a grid whose last two rows are the same: [[") for p in problems)


def test_a_latin_test_that_crashes_or_returns_nothing_is_caught() -> None:
    def crashes_on_ragged_rows(square: Any) -> bool:
        return is_latin_by_sorting(np.array(square).tolist())  # numpy refuses ragged rows

    problems = check_latin_function(crashes_on_ragged_rows).problems
    assert len(problems) == 1
    assert problems[0].startswith("it raised ValueError: ")
    assert " on a grid whose rows have different lengths below the first: [[" in problems[0]

    def forgets_return(square: Any) -> None:
        is_latin_by_sorting(square)

    assert_wrong(
        check_latin_function(forgets_return),
        "it returned None, not True or False, for a square of order 1 (is a return missing?)",
    )


def test_a_latin_test_may_change_its_argument_without_fooling_the_checker() -> None:
    def destructive(square: Any) -> bool:
        answer = is_latin_by_sorting(square)
        square.clear()
        return answer

    assert check_latin_function(destructive)


def test_every_reduced_rearrangement_is_accepted() -> None:
    # a square of order 5 that is no group's table, so the five choices of first row give different answers
    original = [[2, 3, 4, 0, 1], [0, 1, 2, 3, 4], [4, 2, 0, 1, 3], [1, 0, 3, 4, 2], [3, 4, 1, 2, 0]]
    accepted = set()
    for first in range(5):  # the row put first fixes the column order, which then fixes the row order
        rows = [original[first]] + original[:first] + original[first + 1 :]
        columns = [rows[0].index(symbol) for symbol in range(5)]
        reduced = sorted(([row[k] for k in columns] for row in rows), key=lambda row: row[0])
        assert check_reduction(original, reduced)
        accepted.add(str(reduced))
    assert len(accepted) == 5


def test_a_reduction_that_is_not_reduced_or_renames_symbols_is_caught() -> None:
    original = [[2, 0, 1], [0, 1, 2], [1, 2, 0]]
    assert_wrong(
        check_reduction(original, [[0, 1, 2], [2, 0, 1], [1, 2, 0]]), "the first column reads [0, 2, 1], not [0, 1, 2]"
    )
    assert_wrong(
        check_reduction(original, original),
        "the first row reads [2, 0, 1], not [0, 1, 2]",
        "the first column reads [2, 0, 1], not [0, 1, 2]",
    )
    problems = check_reduction(cyclic(4), KLEIN).problems  # reduced, but no rearrangement of the cyclic square
    assert len(problems) == 1 and problems[0].startswith("it is reduced, but it is not the given square")
    with pytest.raises(ValueError, match="the original square is not a Latin square"):
        check_reduction([[0, 0], [1, 1]], [[0, 1], [1, 0]])


@pytest.mark.parametrize(("n", "count"), [(1, 1), (2, 1), (3, 2), (4, 24), (5, 1344)])
def test_the_first_row_counts_are_known(n: int, count: int) -> None:
    # A002860 / n!: 1, 2/2, 12/6, 576/24, 161280/120
    assert check_first_row_count(n, count)
    assert check_first_row_count(n, float(count))  # as a division gives it
    assert not check_first_row_count(n, count + 1)


def test_a_wrong_first_row_count_is_called_too_small_or_too_large() -> None:
    assert check_first_row_count(5, 1343).problems[0] == "1343 is not the right number"
    assert check_first_row_count(5, 161280).problems[0] == "161280 is not the right number"
    assert_wrong(check_first_row_count(5, 1344.5), "expected a whole number, not 1344.5")
    with pytest.raises(ValueError, match="order n"):
        check_first_row_count(7, 1)


def test_the_row_by_row_chance_is_the_product_of_the_choices() -> None:
    # by hand: 24 first rows, then 9 that clash with no column; the cyclic square then allows 2 third rows and the
    # Klein square 4 (columns 0, 1 need {2, 3} and columns 2, 3 need {0, 1}); the last row is forced
    assert check_row_by_row_probability(cyclic(4), Fraction(1, 24 * 9 * 2))
    assert check_row_by_row_probability(KLEIN, Fraction(1, 864))
    assert check_row_by_row_probability(KLEIN, 1 / 864)
    assert check_row_by_row_probability([[0]], 1)
    assert_wrong(
        check_row_by_row_probability(cyclic(4), Fraction(1, 576)),
        "1/576 is one over the number of Latin squares of order 4: the chance under a uniform sampler. "
        "Is this one uniform?",
        "hint: multiply, row by row, 1 / (the number of rows the sampler could have drawn there)",
    )
    assert check_row_by_row_probability(cyclic(4), 1 / 431).problems[0] == f"{1 / 431} is not the right number"
    assert_wrong(
        check_row_by_row_probability(cyclic(4), "a half"),
        "'a half' is text, not a number: write the number itself, without quotes",
    )
    with pytest.raises(ValueError, match="order n"):
        check_row_by_row_probability(cyclic(8), 1)


def test_the_row_by_row_chance_matches_the_sampler_run() -> None:
    """Independent of the checker's formula: run the sampler and count how often it lands on the cyclic square."""
    rng = np.random.default_rng(7)
    rows = [list(p) for p in permutations(range(4))]
    hits, draws = 0, 4000
    for _ in range(draws):
        square: Square = []
        while len(square) < 4:
            fitting = [row for row in rows if all(row[k] != above[k] for above in square for k in range(4))]
            square.append(fitting[rng.integers(len(fitting))])
        hits += square == cyclic(4)
    chance = 1 / 432
    assert check_row_by_row_probability(cyclic(4), chance)
    assert abs(hits / draws - chance) < 4 * (chance * (1 - chance) / draws) ** 0.5


# --- lesson 03: Euler's 36 officers --------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [3, 4, 5, 7, 8, 9])
def test_the_finite_field_boards_are_graeco_latin(n: int) -> None:
    a, b = latin.graeco_latin_square(n)
    assert check_graeco_latin(a, b)
    assert check_graeco_latin(np.array(a), b, n=n)


def test_a_repeated_colour_shape_or_pair_is_named() -> None:
    a = cyclic(5)
    b = [[(2 * r + c) % 5 for c in range(5)] for r in range(5)]
    assert check_graeco_latin(a, b)
    b[0][0], b[0][1] = b[0][1], b[0][0]  # row 0 still has no repeat, but columns 0 and 1 now do
    assert_wrong(
        check_graeco_latin(a, b),
        "column 0 holds shape 1 twice (rows 0 and 3)",
        "column 1 holds shape 0 twice (rows 0 and 2)",
    )
    same = check_graeco_latin(a, a)
    assert len(same.problems) == 5
    assert same.problems[0] == "the pair (0, 0) appears 5 times (cells [0, 0], [1, 4], [2, 3], [3, 2] and [4, 1])"


def test_each_square_of_a_pair_is_named_when_malformed() -> None:
    assert_wrong(
        check_graeco_latin([[0, 1], [1, 0, 0]], [[0, 1]]),
        "row 1 of the colour square has 3 cells, but it needs 2",
        "the shape square has 1 row, but it needs 2",
    )


def test_transversals_are_accepted_and_clashes_named() -> None:
    square = cyclic(5)
    for found in latin.transversals(square):
        assert check_transversal(square, found)
    assert check_transversal(square, np.array([0, 2, 4, 1, 3]))
    assert_wrong(
        check_transversal(square, [0, 1, 1, 3, 4]),
        "rows 1 and 2 both use column 1",
        "symbol 3 appears twice (cells [2, 1] and [4, 4])",
    )
    assert check_transversal(square, [0, 1, 2, 3, 4])  # the diagonal of an odd cyclic square
    assert_wrong(check_transversal(square, [0, 0, 0, 0, 0]), "rows 0, 1, 2, 3 and 4 all use column 0")
    assert_wrong(
        check_transversal(square, [0, 9, "x", 3]), "expected a list of 5 columns, one for each row, not [0, 9, 'x', 3]"
    )
    assert_wrong(
        check_transversal(square, [0, 9, "x", 3, 4]),
        "the column for row 1 is 9, but the columns are 0 to 4",
        "the column for row 2 is 'x': 'x' is text, not a number: write the number itself, without quotes",
    )
    with pytest.raises(ValueError, match="the square is not a Latin square"):
        check_transversal([[0, 1], [0, 1]], [0, 1])


def test_orthogonal_mates_are_accepted_and_clashes_named() -> None:
    a, b = latin.graeco_latin_square(7)
    assert check_orthogonal_mate(a, b)
    assert check_orthogonal_mate(b, a)
    assert_wrong(
        check_orthogonal_mate(cyclic(3), cyclic(3)),
        "the pair (0, 0) appears three times (cells [0, 0], [1, 2] and [2, 1])",
        "the pair (1, 1) appears three times (cells [0, 1], [1, 0] and [2, 2])",
        "the pair (2, 2) appears three times (cells [0, 2], [1, 1] and [2, 0])",
    )
    assert check_orthogonal_mate(cyclic(3), [[0, 1], [1, 0]]).problems == ("your mate has 2 rows, but it needs 3",)


def test_bachelor_squares_have_no_mate() -> None:
    assert check_bachelor_square(cyclic(4))
    assert check_bachelor_square(cyclic(6))
    mate_of_cyclic_5 = latin.orthogonal_mate(cyclic(5))
    verdict = check_bachelor_square(cyclic(5))
    assert_wrong(
        verdict,
        "it has an orthogonal mate, so it is not a bachelor: a square with a mate splits into 5 disjoint transversals",
    )
    assert str(mate_of_cyclic_5) not in str(verdict)  # the mate is the answer to another exercise
    assert check_bachelor_square(KLEIN).problems[0].startswith("it has an orthogonal mate, so it is not a bachelor")


TWO_FLIPS_2X2 = [[[0, 0], [1, None]], [[1, None], [0, 1]]]


def test_town_boards_built_by_legal_moves_are_accepted() -> None:
    a, b = latin.graeco_latin_square(7)
    full_town_77 = [[list(tile) for tile in row] for row in latin.superimpose(a, b)]
    assert check_town_board(full_town_77, tiles=49)
    assert check_town_board(TWO_FLIPS_2X2, tiles=4, flips=2, hidden={(0, 1): (1, 0), (1, 0): (1, 1)})
    assert check_town_board(TWO_FLIPS_2X2, tiles=4, flips=2, hidden=[([0, 1], [1, 0]), ([1, 0], [1, 1])])


def test_a_town_board_with_too_few_tiles_or_too_many_flips_is_caught() -> None:
    hidden = {(0, 1): (1, 0), (1, 0): (1, 1)}
    assert_wrong(
        check_town_board(TWO_FLIPS_2X2, tiles=4, flips=1, hidden=hidden),
        "the board has 2 colour-only tiles, but at most 1 flip is allowed",
    )
    assert_wrong(
        check_town_board([[[0, 0], [1, 1]], [None, None]], tiles=4),
        "the board holds 2 tiles, not 4",
    )


def test_a_town_board_that_breaks_a_rule_is_caught_in_the_engines_words() -> None:
    assert_wrong(
        check_town_board([[[0, 0], [0, 1]], [None, None]], tiles=2),
        "cell [0, 1]: colour 0 is already in row 0 (at [0, 0])",
    )
    assert_wrong(
        check_town_board([[[0, 0], [1, 1]], [[1, 1], None]], tiles=3), "cell [1, 0]: tile [1, 1] is already at [0, 1]"
    )
    assert_wrong(
        check_town_board([[[0, 0], None], [None, [1, 1]]], tiles=2),
        "no legal order builds this board: cell [1, 1] cannot be placed "
        "(cell [1, 1] touches no placed tile (a tile must share a side with the city))",
    )
    assert_wrong(
        check_town_board([[[0, 0], [1, None]], [None, None]], tiles=2, flips=1, hidden={(0, 1): (1, 1)}),
        "no legal order builds this board: cell [0, 1] cannot be placed "
        "(a flip is only allowed where the shape conflicts, and tile [1, 1] fits [0, 1] as it is)",
    )
    assert_wrong(
        check_town_board([[[0, 0], [1, None]], [None, None]], tiles=2, flips=1),
        "cell [0, 1] is colour-only: 'hidden' must name the tile turned over there",
    )
    assert_wrong(
        check_town_board([[[0, 0], [1, None]], [None, None]], tiles=2, flips=1, hidden=5),
        "hidden should map each colour-only cell (row, column) to its tile (colour, shape), not 5",
    )


def test_a_town_exercise_needs_sensible_numbers() -> None:
    with pytest.raises(ValueError, match="flips must be an integer >= 0"):
        check_town_board(TWO_FLIPS_2X2, tiles=4, flips=-1)


# --- lesson 04: search ---------------------------------------------------------------------------------------------
Board = list[list[Any]]


@pytest.mark.parametrize("junk", JUNK)
def test_no_search_or_agent_checker_raises_on_a_junk_answer(junk: Any) -> None:
    puzzle = town_puzzle(4, 10, seed=2)
    verdicts = [
        check_town_puzzle(puzzle, junk),
        check_completion_count(puzzle, junk),
        check_completion_function(junk),
        check_latin_exact_cover(junk),
        check_hidden_hands_count(town.new_game("town44", players=2, seed=0).view(0), junk),
        check_solo_line(town.new_solo("town33", seed=17), junk),
        check_games_needed(0.1, junk),
        check_agent(junk),
    ]
    assert not any(verdicts)
    assert all(verdict.problems for verdict in verdicts)


def breaks_no_rule(board: Board) -> bool:
    """A full board obeys Town's rules: every tile once, no colour or shape twice in a line (independent of the
    search module)."""
    n = len(board)
    tiles = [tuple(tile) for row in board for tile in row]
    lines = board + [list(column) for column in zip(*board, strict=True)]
    no_repeat = all(len({tile[part] for tile in line}) == n for line in lines for part in (0, 1))
    return None not in tiles and len(set(tiles)) == n * n and no_repeat


def brute_force_completions(board: Board) -> int:
    """Every order of the missing tiles in the empty cells, tested against the rules (generate and test)."""
    n = len(board)
    holes = [(r, k) for r in range(n) for k in range(n) if board[r][k] is None]
    used = {tuple(tile) for row in board for tile in row if tile is not None}
    missing = [(c, s) for c in range(n) for s in range(n) if (c, s) not in used]
    count = 0
    for order in permutations(missing):
        trial = [row.copy() for row in board]
        for (r, k), tile in zip(holes, order, strict=True):
            trial[r][k] = list(tile)
        count += breaks_no_rule(trial)
    return count


def backtrack(board: Board) -> Board | None:
    """A plain backtracker, filling cells in reading order (a student's answer to the exercise)."""
    n = len(board)
    empty = next(((r, k) for r in range(n) for k in range(n) if board[r][k] is None), None)
    if empty is None:
        return board
    r, k = empty
    used = {tuple(tile) for row in board for tile in row if tile is not None}
    line = [tile for tile in board[r] + [row[k] for row in board] if tile is not None]
    for colour, shape in product(range(n), repeat=2):
        if (colour, shape) not in used and all(colour != c and shape != s for c, s in line):
            board[r][k] = [colour, shape]
            if backtrack(board) is not None:
                return board
            board[r][k] = None
    return None


def test_puzzle_answers_are_checked_by_the_rules() -> None:
    puzzle = town_puzzle(4, 10, seed=2)
    assert check_town_puzzle(puzzle, puzzle.solution)
    assert check_town_puzzle(puzzle.board, np.array(puzzle.solution))
    empty_cell = next((r, k) for r in range(4) for k in range(4) if puzzle.board[r][k] is None)
    unfinished = [row.copy() for row in puzzle.solution]
    unfinished[empty_cell[0]][empty_cell[1]] = None
    assert_wrong(check_town_puzzle(puzzle, unfinished), f"cell {list(empty_cell)} is still empty")
    changed = [row.copy() for row in puzzle.solution]
    given = next((r, k) for r in range(4) for k in range(4) if puzzle.board[r][k] is not None)
    changed[given[0]][given[1]] = [9, 9]
    assert check_town_puzzle(puzzle, changed).problems[0].startswith(f"cell {list(given)}")
    assert_wrong(
        check_town_puzzle(puzzle, puzzle.solution[:3]), "the answer should be 4 rows of 4 cells, like the puzzle"
    )


def test_a_broken_puzzle_is_the_lessons_fault() -> None:
    with pytest.raises(ValueError, match="the puzzle is not a Town board: cell \\[0, 1\\]: colour 0"):
        check_town_puzzle([[[0, 0], [0, 1]], [None, None]], None)


@pytest.mark.parametrize(
    "board",
    [
        [[[0, 0], [1, 1], [2, 2]], [None] * 3, [None] * 3],
        [[[0, 0], None, None], [None, [2, 1], None], [None, None, None]],
        [row if r < 2 else [None] * 4 for r, row in enumerate(random_town_board(4, seed=3))],  # 8 empty cells
    ],
)
def test_completion_counts_agree_with_generate_and_test(board: Board) -> None:
    truth = brute_force_completions(board)
    assert check_completion_count(board, truth)
    assert check_completion_count(board, float(truth))
    assert check_completion_count(board, truth + 1).problems[0] == f"{truth + 1} is not the right number"


def test_the_blind_count_of_orders_gets_a_hint() -> None:
    board = [[[0, 0], [1, 1], [2, 2]], [None] * 3, [None] * 3]
    problems = check_completion_count(board, 720).problems
    assert problems[0] == "720 is not the right number" and problems[1].startswith(
        "hint: 720 = 6! is the number of ways"
    )
    assert_wrong(
        check_completion_count(board, "two"), "'two' is text, not a number: write the number itself, without quotes"
    )


def test_a_plain_backtracker_is_accepted() -> None:
    assert check_completion_function(backtrack, level="easier")  # the harder version asks for fail first (04-1)


def test_completion_functions_with_bugs_are_caught() -> None:
    problems = check_completion_function(lambda board: board).problems  # returns the board unfilled
    assert problems[0] == "its answer for the empty 1 x 1 board is [[None]], not [[[0, 0]]]"
    assert "it returned a board for a 4 x 4 board that cannot be completed, which has no completion" in problems
    assert "its answer for a 4 x 4 puzzle is wrong: cell" in " ".join(problems)

    def crashes_on_small_boards(board: Board) -> Board | None:
        if len(board) < 3:
            raise IndexError("list index out of range")
        return backtrack(board)

    assert_wrong(
        check_completion_function(crashes_on_small_boards, level="easier"),
        "it raised IndexError: list index out of range on the empty 1 x 1 board",
        "it raised IndexError: list index out of range on the empty 2 x 2 board (no full board of order 2 exists)",
    )
    assert_wrong(check_completion_function("backtrack"), "expected a function, not 'backtrack'")


def latin_cover(givens: Board, columns: bool = True, symbols: int | None = None) -> ExactCover:
    """Latin squares as exact cover: each (row, column, symbol) covers its cell, (row, symbol), (column, symbol);
    a given cell has the one option of its symbol."""
    n = len(givens)
    items = [("cell", r, k) for r, k in product(range(n), repeat=2)]
    items += [("row", r, s) for r, s in product(range(n), repeat=2)]
    items += [("column", k, s) for k, s in product(range(n), repeat=2)] if columns else []
    options = {
        (r, k, s): [("cell", r, k), ("row", r, s)] + ([("column", k, s)] if columns else [])
        for r, k, s in product(range(n), range(n), range(n if symbols is None else symbols))
        if givens[r][k] in (None, s)
    }
    return ExactCover(items, options)


def test_latin_squares_as_exact_cover_are_accepted() -> None:
    assert check_latin_exact_cover(latin_cover)


def test_wrong_exact_cover_formulations_are_caught() -> None:
    assert (
        check_latin_exact_cover(lambda givens: latin_cover(givens, columns=False))
        .problems[0]
        .startswith(
            "for the empty square of order 2 it has more than 2 solutions, but 2 Latin squares keep the givens; some "
            "rule is missing"
        )
    )
    few = check_latin_exact_cover(lambda givens: latin_cover(givens, symbols=max(len(givens) - 1, 1))).problems[0]
    assert few.startswith("for the empty square of order 2 it has 0 solutions") and few.endswith(
        "is there an option for every (row, column, symbol) the givens allow?"
    )
    renamed = ExactCover(["x"], {"a": ["x"]})
    assert_wrong(check_latin_exact_cover(lambda givens: renamed), "name each option (row, column, symbol), not 'a'")
    assert_wrong(
        check_latin_exact_cover(lambda givens: 576),
        "for the empty square of order 1 it returned 576, not an ExactCover",
    )
    assert_wrong(
        check_latin_exact_cover(lambda givens: 1 / 0),
        "it raised ZeroDivisionError: division by zero on the empty square of order 1",
    )


# --- lesson 05: AI opponents ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("rules", "players", "seed"), [("town44", 2, 0), ("town44", 2, 4), ("town44", 3, 1)])
def test_the_hidden_hands_count_is_what_sampling_reaches(rules: str, players: int, seed: int) -> None:
    """Independent of the checker's formula: draw many states from the view and collect the other hands."""
    view = town.new_game(rules, players=players, seed=seed).view(0)
    seen = {
        tuple(tuple(sorted(hand)) for hand in view.sample_state(draw).hands[1:])  # type: ignore[attr-defined]
        for draw in range(3000)
    }
    assert check_hidden_hands_count(view, len(seen))
    assert check_hidden_hands_count(view, len(seen) + 1).problems[0] == f"{len(seen) + 1} is not the right number"


def test_the_hidden_hands_count_needs_a_multiplayer_view_on_the_viewers_turn() -> None:
    game = town.new_game("town44", players=2, seed=0)
    assert_wrong(check_hidden_hands_count(game.view(0), None), NO_ANSWER)
    with pytest.raises(ValueError, match="the player to act"):
        check_hidden_hands_count(game.view(1), 24)
    with pytest.raises(ValueError, match="multiplayer TownView"):
        check_hidden_hands_count(town.new_solo("town44", seed=0).view(0), 1)


def test_a_solo_line_reaching_the_par_is_accepted_in_every_form() -> None:
    deal = town.new_solo("town33", seed=17)  # the three pile tops share a shape: the pioneer must be chosen well
    best = solve(deal)
    assert best.score == 9
    assert check_solo_line(deal, list(best.actions))
    assert check_solo_line(deal, [action.to_dict() for action in best.actions])
    assert check_solo_line(deal, [(action.pile, action.cell) for action in best.actions])
    assert check_solo_line(deal, [(action.pile, *action.cell) for action in best.actions])
    assert deal.board.placed() == 0  # the checker plays on a copy


def test_a_short_or_illegal_solo_line_is_named() -> None:
    deal = town.new_solo("town33", seed=17)
    assert_wrong(check_solo_line(deal, [(1, (0, 0))]), "your line places 1 tile; the deal allows 9")
    problems = check_solo_line(deal, [(0, (0, 0)), (2, (0, 1))]).problems
    assert problems[0].startswith("move 1, (2, (0, 1)): the engine refused it: ") and "shape 1" in problems[0]
    assert (
        check_solo_line(deal, [(1, (0, 0)), (0, (0, 1))])
        .problems[0]
        .endswith("the game is over: no action can be applied")
    )
    assert_wrong(
        check_solo_line(deal, [(0, (9, 9))]),
        "move 0, (0, (9, 9)): the engine refused it: action 'cell': row 9 is out of range 0..2",
        "your line places 0 tiles; the deal allows 9",
    )
    off_board = town.Place((2, 1), (5, 5), 0)  # an action object is checked like a dict, not trusted
    assert check_solo_line(deal, [off_board]).problems[0].endswith("action 'cell': row 5 is out of range 0..2")
    assert check_solo_line(deal, [(True, (0, 0))]).problems[0].endswith("there is no pile True: the piles are 0 to 2")
    assert_wrong(check_solo_line(deal, "pile 0"), "the line should be a list of moves, not 'pile 0'")
    with pytest.raises(ValueError, match="up to 5 x 5"):
        check_solo_line(town.new_solo("town77", seed=0), [])


@pytest.mark.parametrize("margin", [0.2, 0.1, 0.05, 0.02])
def test_the_games_needed_make_the_arenas_interval_narrow_enough(margin: float) -> None:
    accepted = [games for games in range(2, 3000) if check_games_needed(margin, games)]
    assert len(accepted) == 2  # the Wilson interval's answer and the normal approximation's, nothing between
    assert accepted[-1] == math.ceil(1.959964**2 / 4 / margin**2)  # the normal approximation is the largest
    low, high = wilson_interval(50, 100)  # the formula below is the arena's at a win rate of 1/2

    def wilson_half_width(games: int) -> float:
        z = 1.959964
        return z / (1 + z * z / games) * math.sqrt(0.25 / games + z * z / (4 * games * games))

    assert math.isclose((high - low) / 2, wilson_half_width(100))
    assert wilson_half_width(accepted[0]) <= margin < wilson_half_width(accepted[0] - 1)  # Wilson's fewest games
    assert (
        check_games_needed(margin, accepted[0] - 1).problems[0].startswith(f"{accepted[0] - 1} is not the right number")
    )
    assert (
        check_games_needed(margin, accepted[-1] + 1)
        .problems[0]
        .startswith(f"{accepted[-1] + 1} is not the right number")
    )


class FirstChoice:
    name = "first-choice"

    def act(self, view: Any) -> Any:
        return view.legal_actions()[0]


class AsDicts(FirstChoice):
    def act(self, view: Any) -> Any:
        return view.legal_actions()[-1].to_dict()


def test_honest_agents_are_accepted() -> None:
    assert check_agent(FirstChoice())
    assert check_agent(AsDicts())
    assert not check_agent(make_agent("random", seed=1))  # the package's own agent, not the student's


def test_agents_that_break_the_protocol_are_caught() -> None:
    class Passes(FirstChoice):
        def act(self, view: Any) -> Any:
            return town.Pass()

    assert_wrong(
        check_agent(Passes()),
        "it returned {'type': 'pass'} (town44 solo, deal 0, move 0), which is not one of view.legal_actions()",
    )

    class SoloOnly(FirstChoice):
        def act(self, view: Any) -> Any:
            if view.num_players > 1:
                raise NotImplementedError("solo only")
            return view.legal_actions()[0]

    assert_wrong(
        check_agent(SoloOnly()), "it raised NotImplementedError: solo only (town44, 2 players, deal 0, move 0)"
    )

    class Peeks(FirstChoice):
        peeks = True

    assert_wrong(check_agent(Peeks()), "it asks to peek (peeks = True): an honest agent plays from its view alone")

    class Nameless:
        def act(self, view: Any) -> Any:
            actions = view.legal_actions()
            if view.rules.n == 6:
                raise RuntimeError("no plan for flips")
            return actions[0]

    assert_wrong(
        check_agent(Nameless()),
        "give it a name (a string attribute): the arena's tables show it",
        "it raised RuntimeError: no plan for flips (town66 solo, deal 0, move 0)",
    )
    problems = check_agent(type("Junk", (FirstChoice,), {"act": lambda self, view: "place"})()).problems
    assert (
        problems[0] == "it returned 'place': an action must be a dict or an action object (town44 solo, deal 0, move 0)"
    )
    assert_wrong(check_agent(None), NO_ANSWER)
    assert check_agent(7).problems[0] == "it has no act(view) method: 7"
    with pytest.raises(ValueError, match="must_beat must be one of"):
        check_agent(FirstChoice(), must_beat="alphazero")
