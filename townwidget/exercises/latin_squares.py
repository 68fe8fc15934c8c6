"""Lesson 02, Latin squares: the checkers of its exercises, worded in the package language (the lesson exists in
French too)."""

from __future__ import annotations

import math
from decimal import ROUND_DOWN, ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from itertools import permutations
from numbers import Rational, Real
from typing import Any

from townwidget import latin
from townwidget.core.extras import numpy_or_none
from townwidget.core.language import N_, _
from townwidget.exercises.common import (
    NO_ANSWER,
    Grid,
    Verdict,
    _check_order,
    _exercise_square,
    _latin_problems,
    _off,
    _plain,
    _read_whole_number,
    in_package_language,
)
from townwidget.exercises.running import run_cases

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


def _latin_function_cases() -> list[tuple[str, Grid]]:
    """The grids a student's Latin-square test is tried on, smallest first: Latin squares, and grids failing one
    condition each (each described in English, translated where a verdict names it)."""
    return [
        (N_("the square of order 1"), [[0]]),
        (N_("the grid of order 1 holding the symbol 1"), [[1]]),
        (N_("a grid whose rows repeat symbols (its columns do not)"), [[0, 0], [1, 1]]),
        (N_("a grid using the symbols 1..n instead of 0..n-1"), [[1, 2], [2, 1]]),
        (N_("a grid with no repeats but a negative symbol"), [[0, -1], [-1, 0]]),
        (N_("a grid whose rows have different lengths"), [[0, 1], [1, 0, 2]]),
        (N_("a rectangle of 2 rows and 3 columns"), [[0, 1, 2], [1, 2, 0]]),
        (N_("a rectangle of 3 rows and 2 columns, no repeats"), [[0, 1], [1, 2], [2, 0]]),
        (N_("a rectangle of 3 rows and 2 columns whose rows are 0, 1 in some order"), [[0, 1], [1, 0], [0, 1]]),
        (N_("a grid whose columns repeat symbols (its rows do not)"), [[0, 1, 2], [1, 2, 0], [0, 1, 2]]),
        (N_("a grid with no repeats but the symbol 3 in a square of order 3"), [[0, 1, 2], [1, 2, 0], [2, 0, 3]]),
        (N_("a grid with no repeats but the symbols -1, 0 and 1"), [[-1, 0, 1], [0, 1, -1], [1, -1, 0]]),
        (
            N_("a grid with no repeats and the right sums but the symbols -1, 0 and 4"),
            [[-1, 0, 4], [0, 4, -1], [4, -1, 0]],
        ),
        (N_("a grid whose rows and columns add up right but repeat symbols"), [[1, 1, 1], [1, 1, 1], [1, 1, 1]]),
        (N_("a Latin square of order 4 that is not cyclic"), [[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 0, 1], [3, 2, 1, 0]]),
        (N_("the cyclic square of order 5"), _cyclic(5)),
        (N_("a random Latin square of order 6"), latin.random_latin_square(6, rng=6)),
    ]


def _read_truth(said: Any) -> bool | str:
    """A Latin-square test's answer: True or False (numpy's too), or else its repr, to be shown."""
    numpy = numpy_or_none()
    truth = isinstance(said, bool) or (numpy is not None and isinstance(said, numpy.bool_))
    return bool(said) if truth else repr(said)


@in_package_language
def check_latin_function(is_latin: Any) -> Verdict:
    """Whether ``is_latin(grid)`` returns True exactly for the Latin squares among a set of test grids.

    The grids are Latin squares of orders 1 to 6 and grids that fail one condition each (a repeat in the rows
    only, in the columns only, symbols out of range on either side, the right sums but repeats, not square); the
    right answers come from :func:`townwidget.latin.is_latin_square`. Each grid is passed as a fresh copy, so a
    function may change it; each has a few seconds (:mod:`~townwidget.exercises.running`).

    >>> def forgets_negatives(grid):  # no repeats and no symbol >= n, but -1 slips through
    ...     n = len(grid)
    ...     return all(len(line) == len(set(line)) == n and max(line) < n for line in [*grid, *zip(*grid)])
    >>> print(check_latin_function(forgets_negatives))
    Not yet right: it should be a function that returns True for Latin squares and False for other grids.
    - it says True for a grid with no repeats but a negative symbol: [[0, -1], [-1, 0]]
    - it says True for a grid with no repeats but the symbols -1, 0 and 1: [[-1, 0, 1], [0, 1, -1], [1, -1, 0]]
    """
    task = _("a function that returns True for Latin squares and False for other grids")
    if not callable(is_latin):
        return Verdict(task, (_("expected a function, not {answer}").format(answer=repr(is_latin)),))
    cases = _latin_function_cases()
    grids = dict(cases)
    problems = []
    for outcome in run_cases(is_latin, cases, read=_read_truth):
        grid = grids[outcome.description]
        failure = outcome.failure()
        if failure:
            problems.append(_("{failure}: {grid}").format(failure=failure, grid=grid) if outcome.error else failure)
        elif isinstance(outcome.value, str):
            neither = _("it returned {said}, not True or False, for {case} (is a return missing?)")
            return Verdict(task, (neither.format(said=outcome.value, case=_(outcome.description)),))
        elif outcome.value != latin.is_latin_square(grid):
            says = _("it says {said} for {case}: {grid}")
            problems.append(says.format(said=outcome.value, case=_(outcome.description), grid=grid))
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
    - 1 is too small
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
    return Verdict(task, (_off(number, truth), hint))


def _read_probability(answer: Any) -> tuple[Fraction | float | None, str | None]:
    """A chance in any numeric form (exact: an int, a Fraction, a string "1/432"; or else read as a float: a float,
    numpy's, a Decimal)."""
    if answer is None:
        return None, _(NO_ANSWER)
    not_a_number = _("{answer} is not a number").format(answer=repr(answer))
    if isinstance(answer, str):
        try:
            return Fraction(answer.replace(" ", "")), None
        except (ValueError, ZeroDivisionError):
            return None, not_a_number
    answer = answer.item() if hasattr(answer, "item") and getattr(answer, "ndim", None) == 0 else answer
    if isinstance(answer, bool) or not isinstance(answer, Real | Decimal):
        return None, _("expected a number such as Fraction(1, 6) or 1/6, not {answer}").format(answer=repr(answer))
    if isinstance(answer, Rational):
        return Fraction(answer), None
    return (float(answer), None) if math.isfinite(answer) else (None, not_a_number)


def _rounded_from(value: float, truth: Fraction) -> bool:
    """Whether ``value`` is ``truth`` rounded or cut to the decimals it shows (0.0023 for 1/432, but not 1/431)."""
    shown = Decimal(repr(value))
    if not shown or "e" in repr(value).lower():
        return False
    exact = Decimal(truth.numerator) / Decimal(truth.denominator)
    place = Decimal(1).scaleb(shown.as_tuple().exponent)  # type: ignore[arg-type]  # a finite float's is an int
    return any(exact.quantize(place, rounding=mode) == shown for mode in (ROUND_HALF_EVEN, ROUND_DOWN))


@in_package_language
def check_row_by_row_probability(square: Any, answer: Any) -> Verdict:
    """Whether ``answer`` is the chance that the row-by-row sampler produces ``square`` (a Latin square).

    The sampler builds a square row by row, drawing each row uniformly among the permutations that clash with no
    column above (a Latin rectangle always extends, so it never gets stuck). The answer may be a
    :class:`~fractions.Fraction`, an int, a float (within a relative 1e-9; one that is the chance rounded to fewer
    decimals is told to give it exactly) or a string such as "1/432".

    >>> print(check_row_by_row_probability([[0, 1], [1, 0]], "1/2"))
    Right: it is the chance that the row-by-row sampler produces the given square.
    >>> print(check_row_by_row_probability([[0, 1], [1, 0]], 0.25))
    Not yet right: it should be the chance that the row-by-row sampler produces the given square.
    - 0.25 is too small
    - hint: multiply, row by row, 1 / (the number of rows the sampler could have drawn there)
    >>> print(check_row_by_row_probability([[0, 1, 2], [1, 2, 0], [2, 0, 1]], 0.083))
    Not yet right: it should be the chance that the row-by-row sampler produces the given square.
    - 0.083 is close, but rounded: give it exactly, as a Fraction such as Fraction(1, 6) or a string such as "1/6"
    """
    rows = _exercise_square(square, "the square")
    order = _check_order(len(rows), high=MAX_SAMPLER_ORDER)
    task = _("the chance that the row-by-row sampler produces the given square")
    value, problem = _read_probability(answer)
    if problem or value is None:
        return Verdict(task, (problem or _(NO_ANSWER),))
    # Computed here, not by a helper a student could call: the product over the rows of 1 / (the permutations
    # clashing with no column above).
    candidates, truth = list(permutations(range(order))), Fraction(1)
    for r in range(order):
        truth /= sum(all(row[k] != above[k] for above in rows[:r] for k in range(order)) for row in candidates)
    if (value == truth) if isinstance(value, Fraction) else math.isclose(value, truth, rel_tol=1e-9):
        return Verdict(task)
    if isinstance(value, float) and _rounded_from(value, truth):
        rounded = _(
            "{answer} is close, but rounded: give it exactly, as a Fraction such as Fraction(1, 6) or a string such "
            'as "1/6"'
        )
        return Verdict(task, (rounded.format(answer=answer),))
    problems = [_off(value, truth, answer)]
    if order <= latin.MAX_ENUMERATED_ORDER and value == Fraction(1, latin.count_latin_squares(order)):
        uniform = _(
            "{answer} is one over the number of Latin squares of order {order}: the chance under a uniform sampler. "
            "Is this one uniform?"
        )
        problems = [uniform.format(answer=answer, order=order)]
    problems.append(_("hint: multiply, row by row, 1 / (the number of rows the sampler could have drawn there)"))
    return Verdict(task, tuple(problems))
