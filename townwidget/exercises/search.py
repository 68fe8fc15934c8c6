"""Lesson 04, search: the checkers of its exercises."""

from __future__ import annotations

import copy
import math
from functools import cache
from typing import Any

from townwidget import latin
from townwidget.exercises.common import (
    NO_ANSWER,
    Grid,
    Verdict,
    _as_list,
    _count,
    _off,
    _read_whole_number,
)
from townwidget.search import (
    ExactCover,
    TownPuzzle,
    TownSearch,
    check_answer,
    random_town_board,
    read_board,
    town_puzzle,
)


def _exercise_board(board: Any, name: str = "the board") -> Grid:
    """A Town board the lesson supplies (a puzzle or a partial board, ``None`` in its empty cells), checked by the
    engine's reader: ValueError naming the first problem (a broken exercise, not a wrong answer)."""
    grid = _as_list(board.board if isinstance(board, TownPuzzle) else board)
    try:
        read_board(grid)
    except ValueError as error:
        raise ValueError(f"{name} is not a Town board: {error}") from None
    return [list(row) for row in grid]


def _completion_problems(givens: Grid, answer: Any) -> list[str]:
    """What keeps ``answer`` from completing ``givens``, in the words of
    :func:`~townwidget.search.check_answer`; a malformed answer is a problem too, never an error."""
    answer, n = _as_list(answer), len(givens)
    if answer is None:
        return [NO_ANSWER]
    if (
        not isinstance(answer, list | tuple)
        or len(answer) != n
        or any(not isinstance(row, list | tuple) or len(row) != n for row in answer)
    ):
        return [f"the answer should be {n} rows of {n} cells, like the puzzle"]
    try:
        return check_answer(givens, answer)
    except (ValueError, TypeError) as error:
        return [str(error)]


def check_town_puzzle(puzzle: Any, answer: Any) -> Verdict:
    """Whether ``answer`` (a board's JSON form) completes ``puzzle`` (a :class:`~townwidget.search.TownPuzzle` or
    a board with ``None`` in its empty cells): the given cells kept, every empty cell filled with a whole tile, no
    colour or shape twice in a row or column, no tile twice. Any such completion is accepted.

    >>> puzzle = [[[0, 0], [1, 1], [2, 2]], [[1, 2], None, [0, 1]], [[2, 1], [0, 2], None]]
    >>> print(check_town_puzzle(puzzle, [[[0, 0], [1, 1], [2, 2]], [[1, 2], [2, 0], [0, 1]], [[2, 1], [0, 2], None]]))
    Not yet right: it should be a completion of the puzzle: every empty cell filled, the rules kept.
    - cell [2, 2] is still empty
    >>> print(check_town_puzzle(puzzle, [[[0, 0], [1, 1], [2, 2]], [[1, 2], [2, 0], [0, 1]], [[2, 1], [0, 2], [1, 0]]]))
    Right: it is a completion of the puzzle: every empty cell filled, the rules kept.
    """
    givens = _exercise_board(puzzle, "the puzzle")
    return Verdict(
        "a completion of the puzzle: every empty cell filled, the rules kept",
        tuple(_completion_problems(givens, answer)),
    )


def check_completion_count(board: Any, answer: Any) -> Verdict:
    """Whether ``answer`` is the number of ways to complete ``board`` (its empty cells filled with the tiles not on
    it, the rules kept), as :meth:`TownSearch.count <townwidget.search.TownSearch.count>` counts them.

    >>> board = [[[0, 0], [1, 1], [2, 2]], [None, None, None], [None, None, None]]
    >>> print(check_completion_count(board, 720))
    Not yet right: it should be the number of ways to complete the given board (6 empty cells).
    - 720 is too large
    - hint: 720 = 6! is the number of ways to put the 6 missing tiles in the 6 empty cells in any order, but most of
      those orders break the rules
    >>> print(check_completion_count(board, 2))
    Right: it is the number of ways to complete the given board (6 empty cells).
    """
    grid = _exercise_board(board)
    holes = sum(cell is None for row in grid for cell in row)
    task = f"the number of ways to complete the given board ({_count(holes, 'empty cell')})"
    number, problem = _read_whole_number(answer)
    if problem or number is None:
        return Verdict(task, (problem or NO_ANSWER,))
    truth = TownSearch(grid).count()
    if number == truth:
        return Verdict(task)
    problems = [_off(number, truth)]
    if number == math.factorial(holes):
        problems.append(
            f"hint: {number} = {holes}! is the number of ways to put the {holes} missing tiles in the {holes} empty "
            "cells in any order, but most of\n  those orders break the rules"
        )
    return Verdict(task, tuple(problems))


@cache
def _completion_cases() -> tuple[tuple[str, Grid, bool], ...]:
    """The boards a student's completion function is tried on: (description, board, whether it can be completed).

    Each is quick for a plain backtracker (a few thousand nodes at most, filling cells in reading order).
    """
    return (
        ("a full 4 x 4 board", random_town_board(4, seed=4), True),
        ("the 3 x 3 board holding only the pioneer", [[[0, 0], None, None], [None] * 3, [None] * 3], True),
        ("a 4 x 4 puzzle solved by forced moves", town_puzzle(4, 10, seed=2).board, True),
        ("a 5 x 5 puzzle that needs guesses", town_puzzle(5, 18, seed=3).board, True),
        ("a 7 x 7 puzzle", town_puzzle(7, 25, seed=1).board, True),
        ("the empty 2 x 2 board (no full board of order 2 exists)", [[None, None], [None, None]], False),
        (
            "a 4 x 4 board that cannot be completed",
            [[[3, 3], None, None, None], [[0, 0], [2, 3], None, None], [None, [3, 0], None, None], [None] * 4],
            False,
        ),
    )


def check_completion_function(complete: Any) -> Verdict:
    """Whether ``complete(board)`` returns a completion of ``board`` (a board's JSON form, ``None`` in its empty
    cells), or ``None`` when it has none, on a set of test boards: full, easy, needing guesses, impossible.

    Each board is passed as a fresh copy, so the function may fill it in place. Any completion is accepted (the
    checker verifies it by the rules); a board with no completion must give ``None``.

    >>> print(check_completion_function(lambda board: None))
    Not yet right: it should be a function that completes a Town board, or returns None when it cannot be completed.
    - it returned None for a full 4 x 4 board, which can be completed
    - it returned None for the 3 x 3 board holding only the pioneer, which can be completed
    - it returned None for a 4 x 4 puzzle solved by forced moves, which can be completed
    - it returned None for a 5 x 5 puzzle that needs guesses, which can be completed
    - it returned None for a 7 x 7 puzzle, which can be completed
    """
    task = "a function that completes a Town board, or returns None when it cannot be completed"
    if not callable(complete):
        return Verdict(task, (f"expected a function, not {complete!r}",))
    problems = []
    for description, board, possible in _completion_cases():
        try:
            said = _as_list(complete(copy.deepcopy(board)))
        except Exception as error:  # a student's bug is a verdict, not a crash of the checker
            problems.append(f"it raised {type(error).__name__}: {error} on {description}")
            continue
        if said is None:
            if possible:
                problems.append(f"it returned None for {description}, which can be completed")
        elif not possible:
            problems.append(f"it returned a board for {description}, which has no completion: {said!r}")
        else:
            wrong = _completion_problems(board, said)
            if wrong:
                problems.append(f"its answer for {description} is wrong: {wrong[0]}")
    return Verdict(task, tuple(problems))


def _latin_cover_problems(problem: Any, n: int, truth: int) -> list[str]:
    """Why ``problem`` (a student's exact cover for the Latin squares of order n) does not have exactly their
    solutions, its options named (row, column, symbol)."""
    if not isinstance(problem, ExactCover):
        return [f"latin_cover({n}) returned {problem!r}, not an ExactCover"]
    found = problem.count(limit=truth + 1)
    if found != truth:
        many = f"more than {truth}" if found > truth else str(found)
        hint = (
            "some rule is missing: is there an item for every cell, every (row, symbol) and every (column, symbol)?"
            if found > truth
            else "some squares are lost: is there an option for every (row, column, symbol)?"
        )
        return [f"for n = {n} it has {many} solutions, but there are {truth} Latin squares of order {n}; {hint}"]
    for options in problem.solutions():
        grid: Grid = [[None] * n for _ in range(n)]
        for option in options:
            if not (isinstance(option, tuple) and len(option) == 3 and all(isinstance(x, int) for x in option)):
                return [f"name each option (row, column, symbol), not {option!r}"]
            r, k, symbol = option
            if not all(0 <= x < n for x in option) or grid[r][k] is not None:
                return [f"a solution for n = {n} does not fill each cell once: {sorted(options)}"]
            grid[r][k] = symbol
        if not latin.is_latin_square(grid):
            return [f"a solution for n = {n} is not a Latin square: {grid}"]
    return []


def check_latin_exact_cover(latin_cover: Any) -> Verdict:
    """Whether ``latin_cover(n)`` returns an :class:`~townwidget.search.ExactCover` whose solutions are exactly the
    Latin squares of order n, each option named ``(row, column, symbol)``, for n = 1 to 4 (1, 2, 12 and 576
    squares).

    >>> from itertools import product
    >>> from townwidget.search import ExactCover
    >>> def rows_only(n):  # forgets that a column may not repeat a symbol
    ...     items = [("cell", r, k) for r, k in product(range(n), repeat=2)]
    ...     items += [("row", r, s) for r, s in product(range(n), repeat=2)]
    ...     options = {(r, k, s): [("cell", r, k), ("row", r, s)] for r, k, s in product(range(n), repeat=3)}
    ...     return ExactCover(items, options)
    >>> print(check_latin_exact_cover(rows_only))  # doctest: +NORMALIZE_WHITESPACE
    Not yet right: it should be a function latin_cover(n) whose exact cover solutions are the Latin squares of order n.
    - for n = 2 it has more than 2 solutions, but there are 2 Latin squares of order 2; some rule is missing: is there
      an item for every cell, every (row, symbol) and every (column, symbol)?
    """
    task = "a function latin_cover(n) whose exact cover solutions are the Latin squares of order n"
    if not callable(latin_cover):
        return Verdict(task, (f"expected a function, not {latin_cover!r}",))
    for n in range(1, 5):
        try:
            problems = _latin_cover_problems(latin_cover(n), n, latin.count_latin_squares(n))
        except Exception as error:  # a student's bug is a verdict, not a crash of the checker
            problems = [f"latin_cover({n}) raised {type(error).__name__}: {error}"]
        if problems:
            return Verdict(task, tuple(problems))
    return Verdict(task)
