"""Lesson 02, Latin squares: the checkers of its exercises, worded in the package language (the lesson exists in
French too)."""

from __future__ import annotations

import math
import random
import secrets
from fractions import Fraction
from itertools import permutations
from typing import Any

from townwidget import latin
from townwidget.core.language import N_, _
from townwidget.exercises.common import (
    NO_ANSWER,
    Grid,
    Verdict,
    _check_order,
    _close,
    _exercise_square,
    _latin_problems,
    _plain,
    _read_real,
    _read_whole_number,
    _whole,
    _wrong,
    in_package_language,
)
from townwidget.exercises.running import Outcome, run_cases

#: The largest order :func:`check_row_by_row_probability` enumerates the rows of (7! = 5040 candidate rows).
MAX_SAMPLER_ORDER = 7


@in_package_language
def check_latin_square(square: Any, n: int | None = None, givens: Any = None) -> Verdict:
    """Whether ``square`` is a Latin square of order n (symbols 0..n-1, each once in every row and column).

    ``n`` defaults to the size of ``givens`` or else of the square itself. ``givens`` (the puzzle of the
    exercise, ``None`` in its empty cells) are cells the square must keep.

    >>> print(check_latin_square([[0, 1, 2], [1, 0, 2], [2, 2, 0]], givens=[[0, None, None], [None] * 3, [None] * 3]))
    Not yet right: it should be a Latin square of order 3 that keeps the given cells.
    - row 2 holds symbol 2 twice (columns 0 and 1)
    - column 2 holds symbol 2 twice (rows 0 and 1)
    >>> print(check_latin_square(None, n=4))
    Not yet right: it should be a Latin square of order 4.
    - there is no answer yet: replace None with yours
    """
    given = None if givens is None else _exercise_square(givens, "givens", partial=True)
    square = _plain(square)
    if n is None:
        n = len(given) if given else len(square) if isinstance(square, list) and square else None
    if n is None:
        not_rows = _("the square should be a non-empty list of rows, not {square}")
        problem = _(NO_ANSWER) if square is None else not_rows.format(square=repr(square))
        return Verdict(_("a Latin square"), (problem,))
    order = _check_order(n)
    if given is not None and len(given) != order:
        raise ValueError(f"the givens have {len(given)} rows, but the order is {order}")
    task = (
        _("a Latin square of order {order} that keeps the given cells")
        if given
        else _("a Latin square of order {order}")
    )
    task = task.format(order=order)
    grid, problems = _latin_problems(square, order)
    if grid is not None and given is not None:
        problems += [
            _("cell [{r}, {k}] is given as {given}, but your square has {yours}").format(
                r=r, k=k, given=given[r][k], yours=grid[r][k]
            )
            for r in range(order)
            for k in range(order)
            if given[r][k] is not None and grid[r][k] is not None and grid[r][k] != given[r][k]
        ]
    return Verdict(task, tuple(problems))


def _cyclic(n: int) -> Grid:
    return [[(r + k) % n for k in range(n)] for r in range(n)]


#: A Latin square of order 4 that no renaming makes cyclic (Klein's), and one of order 6 of a third kind: the cases
#: of :func:`check_latin_function` are drawn from these and the cyclic squares by shuffling rows, columns, symbols.
_KLEIN = [[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 0, 1], [3, 2, 1, 0]]
_SIX = [[0, 1, 2, 3, 4, 5], [1, 0, 3, 2, 5, 4], [2, 3, 4, 5, 0, 1], [3, 2, 5, 4, 1, 0], [4, 5, 0, 1, 3, 2],
        [5, 4, 1, 0, 2, 3]]  # fmt: skip


def _shuffled_square(n: int, rng: random.Random) -> Grid:
    """A Latin square of order n drawn afresh: a cyclic square (or Klein's, or the order-6 one above) with its rows,
    columns and symbols permuted at random. Plain Python: the checkers run without numpy."""
    base = rng.choice([_cyclic(n), *([_KLEIN] if n == 4 else []), *([_SIX] if n == 6 else [])])
    rows, columns, symbols = (rng.sample(range(n), n) for _ in range(3))
    return [[symbols[base[r][k]] for k in columns] for r in rows]


def _latin_function_cases(rng: random.Random) -> list[tuple[str, Grid]]:
    """The grids a student's Latin-square test is tried on, smallest first, drawn afresh from ``rng``: Latin squares
    of orders 1 to 6, and near misses that fail one condition each (described in English, translated where a
    verdict names them), each hiding its flaw where a partial test does not look."""
    n = rng.randint(3, 5)
    square, big = _shuffled_square(n, rng), _shuffled_square(rng.randint(4, 6), rng)
    low, high = rng.sample(range(n), 2)
    extra_row = rng.randrange(1, n)  # ragged below row 0: a test that measures row 0 only misses it
    ragged = [row + [row[0]] if r == extra_row else list(row) for r, row in enumerate(square)]
    repeated_low = [list(row) for row in big[:-1]] + [list(big[-2])]  # the last two rows alike: columns repeat low
    wide = [[*row, row[rng.randrange(2)]] for row in _shuffled_square(2, rng)]  # lines right as sets, too long
    constant_rows = [[r] * n for r in rng.sample(range(n), n)]
    out_of_range = [list(row) for row in square]
    symbol = out_of_range[low][high]
    out_of_range = [[n if x == symbol else x for x in row] for row in out_of_range]  # n instead of one symbol
    shifted = [[x + 1 for x in row] for row in square]
    negative = [[-1 if x == symbol else x for x in row] for row in square]
    odd_sums = [[{0: -1, 1: 0, 2: 4}[x] for x in row] for row in _shuffled_square(3, rng)]
    tall = [list(row[:-1]) for row in square]  # n rows of n - 1: its rows are distinct, its columns too
    smaller = _shuffled_square(n - 1, rng)
    tall_repeat = [*smaller, list(smaller[rng.randrange(n - 1)])]  # rows right as sets, columns too, one row more
    cases = [
        (N_("a square of order 1"), [[0]]),
        (N_("a grid of order 1 holding the symbol 1"), [[1]]),
        (N_("a Latin square of order 2"), _shuffled_square(2, rng)),
        (N_("a grid of 2 rows of 3 cells whose lines hold the right symbols as sets"), wide),
        (N_("a grid whose rows repeat symbols (its columns do not)"), constant_rows),
        (
            N_("a grid whose columns repeat symbols (its rows do not)"),
            [list(c) for c in zip(*constant_rows, strict=True)],
        ),
        (N_("a Latin square of order {n}"), _shuffled_square(n, rng)),
        (N_("a grid whose rows have different lengths below the first"), ragged),
        (N_("a grid of {n} rows of {m} cells"), tall),
        (N_("a grid of {n} rows of {m} cells whose rows hold the same symbols"), tall_repeat),
        (N_("a grid using the symbols 1..n instead of 0..n-1"), shifted),
        (N_("a grid with no repeats but the symbol n in a square of order n"), out_of_range),
        (N_("a grid with no repeats but a negative symbol"), negative),
        (N_("a grid with no repeats and the right sums but the symbols -1, 0 and 4"), odd_sums),
        (N_("a grid whose rows and columns add up right but repeat symbols"), [[1] * 3 for _ in range(3)]),
        (N_("a grid whose last two rows are the same"), repeated_low),
        (N_("a Latin square of order {n}"), big),
        (N_("a Latin square of order {n}"), _shuffled_square(6, rng)),
    ]
    return cases


def _read_truth(said: Any) -> bool | str:
    """A Latin-square test's answer: True or False (numpy's too, and 1 or 0 in any integer type), or else its
    repr, to be shown."""
    if type(said).__name__ in ("bool", "bool_"):
        return bool(said)
    number = _whole(said)
    return bool(number) if number in (0, 1) else repr(said)


def _described(description: str, grid: Grid) -> str:
    """A case's description with its sizes filled in, translated."""
    return _(description).format(n=len(grid), m=len(grid[0]) if grid and grid[0] else 0)


@in_package_language
def check_latin_function(is_latin: Any) -> Verdict:
    """Whether ``is_latin(grid)`` returns True exactly for the Latin squares among test grids drawn afresh at each
    call (so that no code can look them up).

    The grids are Latin squares of orders 1 to 6 and near misses that fail one condition each: a repeat in the rows
    only, or in the columns only, or in the last rows only; symbols out of range on either side; the right sums but
    repeats; not square, or lines that hold the right symbols as sets but are too long, or a ragged row below the
    first. The right answers come from :func:`townwidget.latin.is_latin_square`. The test may answer True and False
    or 1 and 0. Each grid is passed as a fresh copy, so a function may change it; each has a few seconds
    (:mod:`~townwidget.exercises.running`).

    >>> def forgets_negatives(grid):  # no repeats and no symbol >= n, but -1 slips through
    ...     n = len(grid)
    ...     return all(len(line) == len(set(line)) == n and max(line) < n for line in [*grid, *zip(*grid)])
    >>> print(check_latin_function(forgets_negatives))  # doctest: +ELLIPSIS
    Not yet right: it should be a function that returns True for Latin squares and False for other grids.
    - it says True for a grid with no repeats but a negative symbol: [[...
    """
    task = _("a function that returns True for Latin squares and False for other grids")
    if not callable(is_latin):
        return Verdict(task, (_("expected a function, not {answer}").format(answer=repr(is_latin)),))
    cases = _latin_function_cases(random.Random(secrets.randbits(64)))
    numbered = [(f"{k}", grid) for k, (_description, grid) in enumerate(cases)]  # descriptions repeat: numbered
    problems = []
    for outcome in run_cases(is_latin, numbered, read=_read_truth):
        description, grid = cases[int(outcome.description)]
        case = _described(description, grid)
        failure = Outcome(case, outcome.value, outcome.error, outcome.forbidden, outcome.seconds).failure()
        if failure:
            problems.append(_("{failure}: {grid}").format(failure=failure, grid=grid) if outcome.error else failure)
        elif isinstance(outcome.value, str):
            missing = outcome.value == "None"
            neither = (
                _("it returned None, not True or False, for {case} (is a return missing?)")
                if missing
                else _("it returned {said}, not True or False, for {case}")
            )
            return Verdict(task, (neither.format(said=outcome.value, case=case),))
        elif outcome.value != latin.is_latin_square(grid):
            says = _("it says {said} for {case}: {grid}")
            problems.append(says.format(said=outcome.value, case=case, grid=grid))
    return Verdict(task, tuple(problems))


def _reduced_rearrangements(rows: Grid) -> set[tuple[tuple[int, ...], ...]]:
    """Every reduced square obtained from ``rows`` by moving rows and columns (no renaming).

    The row that ends up first fixes the column order (it must read 0..n-1), and then the first column fixes the
    row order; :func:`townwidget.latin.reduce` does exactly this for the square's own first row.
    """
    return {
        tuple(map(tuple, latin.reduce([rows[first]] + rows[:first] + rows[first + 1 :]))) for first in range(len(rows))
    }


@in_package_language
def check_reduction(original: Any, answer: Any) -> Verdict:
    """Whether ``answer`` is ``original`` (a Latin square) reduced by moving whole rows and whole columns only.

    Reduced means first row and first column 0, 1, ..., n-1. Symbols may not be renamed, so each of the n rows
    of the original can end up first, and each choice gives one reduced square: any of them is accepted.

    >>> original = [[2, 0, 1], [0, 1, 2], [1, 2, 0]]
    >>> print(check_reduction(original, [[0, 1, 2], [1, 2, 0], [2, 0, 1]]))
    Right: it is the given square reduced by moving its rows and columns.
    >>> print(check_reduction(original, [[0, 1, 2], [2, 0, 1], [1, 2, 0]]))
    Not yet right: it should be the given square reduced by moving its rows and columns.
    - the first column reads [0, 2, 1], not [0, 1, 2]
    """
    rows = _exercise_square(original, "the original square")
    n = len(rows)
    task = _("the given square reduced by moving its rows and columns")
    grid, problems = _latin_problems(answer, n)
    if grid is None or problems:
        return Verdict(task, tuple(problems))
    in_order = list(range(n))
    if grid[0] != in_order:
        problems.append(_("the first row reads {line}, not {order}").format(line=grid[0], order=in_order))
    if [row[0] for row in grid] != in_order:
        first_column = [row[0] for row in grid]
        problems.append(_("the first column reads {line}, not {order}").format(line=first_column, order=in_order))
    if not problems and tuple(map(tuple, grid)) not in _reduced_rearrangements(rows):
        problems.append(
            _(
                "it is reduced, but it is not the given square with its rows and columns moved: every row of the "
                "answer must be a row of the given square, its cells reordered the same way for all rows"
            )
        )
    return Verdict(task, tuple(problems))


@in_package_language
def check_first_row_count(n: int, answer: Any) -> Verdict:
    """Whether ``answer`` is the number of Latin squares of order n whose first row reads 0, 1, ..., n-1.

    The right number is computed (reduced squares times (n-1)!, see :func:`townwidget.latin.reduce`), for
    n from 1 to :data:`townwidget.latin.MAX_ENUMERATED_ORDER`.

    >>> print(check_first_row_count(3, 1))
    Not yet right: it should be the number of Latin squares of order 3 whose first row is 0, 1, 2.
    - 1 is not the right number
    - hint: renaming the symbols of a Latin square gives another one; how many renamings of a square put its first
      row in order?
    """
    order = _check_order(n, high=latin.MAX_ENUMERATED_ORDER)
    task = _("the number of Latin squares of order {order} whose first row is {row}")
    task = task.format(order=order, row=", ".join(map(str, range(order))))
    number, problem = _read_whole_number(answer)
    if problem or number is None:
        return Verdict(task, (problem or _(NO_ANSWER),))
    truth = latin.count_latin_squares(order, reduced=True) * math.factorial(order - 1)
    if number == truth:
        return Verdict(task)
    hint = _(
        "hint: renaming the symbols of a Latin square gives another one; how many renamings of a square put its "
        "first\n  row in order?"
    )
    return Verdict(task, (_wrong(number), hint))


@in_package_language
def check_row_by_row_probability(square: Any, answer: Any) -> Verdict:
    """Whether ``answer`` is the chance that the row-by-row sampler produces ``square`` (a Latin square).

    The sampler builds a square row by row, drawing each row uniformly among the permutations that clash with no
    column above (a Latin rectangle always extends, so it never gets stuck). The answer is judged by its value:
    exactly for an int or a :class:`~fractions.Fraction`, within the precision of its type for a float (numpy's of
    every width too) or a Decimal. A decimal rounded to a few places is not the chance; text is refused. A wrong
    answer is only said to be wrong, never which way, so no one can home in on the right one by trying.

    >>> print(check_row_by_row_probability([[0, 1], [1, 0]], Fraction(1, 2)))
    Right: it is the chance that the row-by-row sampler produces the given square.
    >>> print(check_row_by_row_probability([[0, 1], [1, 0]], 0.25))
    Not yet right: it should be the chance that the row-by-row sampler produces the given square.
    - 0.25 is not the right number
    - hint: multiply, row by row, 1 / (the number of rows the sampler could have drawn there)
    - a decimal rounded to a few places is not enough: give the chance exactly, as Fraction(1, 6) or 1 / 6
    """
    rows = _exercise_square(square, "the square")
    order = _check_order(len(rows), high=MAX_SAMPLER_ORDER)
    task = _("the chance that the row-by-row sampler produces the given square")
    value, problem = _read_real(answer)
    if problem or value is None:
        return Verdict(task, (problem or _(NO_ANSWER),))
    # Computed here, not by a helper a student could call: the product over the rows of 1 / (the permutations
    # clashing with no column above).
    candidates, truth = list(permutations(range(order))), Fraction(1)
    for r in range(order):
        truth /= sum(all(row[k] != above[k] for above in rows[:r] for k in range(order)) for row in candidates)
    if _close(value, truth):
        return Verdict(task)
    problems = [_wrong(answer)]
    if order <= latin.MAX_ENUMERATED_ORDER and value[0] == Fraction(1, latin.count_latin_squares(order)):
        uniform = _(
            "{answer} is one over the number of Latin squares of order {order}: the chance under a uniform sampler. "
            "Is this one uniform?"
        )
        problems = [uniform.format(answer=answer, order=order)]
    problems.append(_("hint: multiply, row by row, 1 / (the number of rows the sampler could have drawn there)"))
    if value[1]:  # every inexact wrong answer hears this, so that it tells nothing about this one
        problems.append(
            _("a decimal rounded to a few places is not enough: give the chance exactly, as Fraction(1, 6) or 1 / 6")
        )
    return Verdict(task, tuple(problems))
