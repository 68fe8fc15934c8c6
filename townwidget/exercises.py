"""Checkers for the lessons' exercises: call one on your answer, and it says in words what is wrong.

Every checker returns a :class:`Verdict`. Shown in a notebook or printed, it reads "Right: ..." or "Not yet right:
..." followed by the problems found, one per line. It is true exactly when the answer is right, so a solution can
say ``assert check_latin_square(answer)``. A checker judges whatever it is given: an answer that is ``None``, ragged
or full of strings is reported as a problem, never raised. Only a malformed *exercise* (the arguments the lesson
supplies, such as the givens of a puzzle) raises ValueError.

The checkers are grouped by lesson:

* 02, Latin squares: :func:`check_latin_square`, :func:`check_latin_function`, :func:`check_reduction`,
  :func:`check_first_row_count`, :func:`check_row_by_row_probability`.
* 03, Euler's 36 officers: :func:`check_graeco_latin`, :func:`check_transversal`, :func:`check_orthogonal_mate`,
  :func:`check_bachelor_square`, :func:`check_town_board`.

>>> print(check_latin_square([[0, 1, 2], [1, 2, 0], [2, 1, 0]]))
Not yet right: it should be a Latin square of order 3.
- column 1 holds symbol 1 twice (rows 0 and 2)
- column 2 holds symbol 0 twice (rows 1 and 2)
>>> print(check_latin_square([[0, 1, 2], [1, 2, 0], [2, 0, 1]]))
Right: it is a Latin square of order 3.
"""

from __future__ import annotations

import copy
import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations
from numbers import Real
from operator import index
from typing import Any

import numpy as np

from townwidget import latin
from townwidget.core.errors import IllegalAction
from townwidget.search.town_search import placement_order, read_board, replay

__all__ = [
    "Verdict",
    "check_bachelor_square",
    "check_first_row_count",
    "check_graeco_latin",
    "check_latin_function",
    "check_latin_square",
    "check_orthogonal_mate",
    "check_reduction",
    "check_row_by_row_probability",
    "check_town_board",
    "check_transversal",
]

#: How many problems a verdict lists before summing up the rest.
MAX_SHOWN = 8
#: The largest order :func:`check_row_by_row_probability` enumerates the rows of (7! = 5040 candidate rows).
MAX_SAMPLER_ORDER = 7

Grid = list[list[Any]]


@dataclass(frozen=True)
class Verdict:
    """A checker's judgement: the task (what the answer should be) and the problems found (none: it is right).

    >>> verdict = Verdict("a Latin square of order 2", ("row 0 holds symbol 1 twice (columns 0 and 1)",))
    >>> bool(verdict), verdict.right
    (False, False)
    >>> print(verdict)
    Not yet right: it should be a Latin square of order 2.
    - row 0 holds symbol 1 twice (columns 0 and 1)
    """

    task: str
    problems: tuple[str, ...] = ()

    @property
    def right(self) -> bool:
        """Whether the answer is right (no problem found)."""
        return not self.problems

    def __bool__(self) -> bool:
        return self.right

    def __str__(self) -> str:
        if self.right:
            return f"Right: it is {self.task}."
        lines = [f"Not yet right: it should be {self.task}."]
        lines += [f"- {problem}" for problem in self.problems[:MAX_SHOWN]]
        if len(self.problems) > MAX_SHOWN:
            lines.append(f"- ... and {len(self.problems) - MAX_SHOWN} more problems")
        return "\n".join(lines)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """How IPython shows a verdict that ends a cell: as its text, not as a dataclass."""
        printer.text(str(self))


# --- reading answers (shared) ----------------------------------------------------------------------------------
NO_ANSWER = "there is no answer yet: replace None with yours"


def _times(count: int) -> str:
    return {2: "twice", 3: "three times"}.get(count, f"{count} times")


def _count(count: int, thing: str) -> str:
    """'1 row', '3 rows'."""
    return f"{count} {thing}{'' if count == 1 else 's'}"


def _listed(items: Sequence[object]) -> str:
    """'1 and 4', '1, 2 and 4'."""
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _as_list(value: Any) -> Any:
    """A numpy array as nested lists (other values unchanged), so answers may be arrays."""
    return value.tolist() if hasattr(value, "tolist") else value


def _read_number(value: Any, high: int, what: str, word: str) -> tuple[int | None, str | None]:
    """``value`` as an int in 0..high, or the problem with it: "{what} {value}, but the {word}s are 0 to {high}"
    (``what`` names the place and ends with its verb, e.g. "cell [1, 2] holds")."""
    if isinstance(value, bool | float):
        return None, f"{what} {value!r}, not a whole number"
    try:
        number = index(value)
    except TypeError:
        return None, f"{what} {value!r}, not a whole number"
    if not 0 <= number <= high:
        return None, f"{what} {number}, but the {word}s are 0 to {high}"
    return number, None


def _read_grid(
    answer: Any, n: int, name: str = "the square", word: str = "symbol", allow_empty: bool = False
) -> tuple[Grid | None, list[str]]:
    """``answer`` as n rows of n cells (``None`` where a cell is empty or unreadable), and the problems found.

    The grid is ``None`` when its shape is wrong (then the problems say how), since judging its cells would
    only add noise.
    """
    answer = _as_list(answer)
    if answer is None:
        return None, [NO_ANSWER]
    if not isinstance(answer, list | tuple):
        return None, [f"{name} should be a list of {n} rows, not {type(answer).__name__}"]
    if len(answer) != n:
        return None, [f"{name} has {_count(len(answer), 'row')}, but it needs {n}"]
    shape_problems = [
        f"row {r} of {name} has {_count(len(row), 'cell')}, but it needs {n}"
        if isinstance(row, list | tuple)
        else f"row {r} of {name} is {row!r}, not a list of {n} cells"
        for r, row in enumerate(answer)
        if not isinstance(row, list | tuple) or len(row) != n
    ]
    if shape_problems:
        return None, shape_problems
    grid: Grid = [[None] * n for _ in range(n)]
    problems = []
    for r, row in enumerate(answer):
        for k, value in enumerate(row):
            if value is None:
                if not allow_empty:
                    problems.append(f"cell [{r}, {k}] is empty")
                continue
            grid[r][k], problem = _read_number(value, n - 1, f"cell [{r}, {k}] holds", word)
            if problem:
                problems.append(problem)
    return grid, problems


def _repeats(grid: Grid, word: str = "symbol") -> list[str]:
    """Every symbol a row or a column of ``grid`` holds more than once, in words (empty cells are skipped)."""
    problems = []
    columns = [list(column) for column in zip(*grid, strict=True)]
    for line, across, lines in (("row", "columns", grid), ("column", "rows", columns)):
        for i, cells in enumerate(lines):
            where: dict[int, list[int]] = defaultdict(list)
            for j, value in enumerate(cells):
                if value is not None:
                    where[value].append(j)
            problems += [
                f"{line} {i} holds {word} {value} {_times(len(places))} ({across} {_listed(places)})"
                for value, places in sorted(where.items())
                if len(places) > 1
            ]
    return problems


def _latin_problems(
    answer: Any, n: int, name: str = "the square", word: str = "symbol"
) -> tuple[Grid | None, list[str]]:
    """The answer read as a grid, and everything that keeps it from being a Latin square of order n."""
    grid, problems = _read_grid(answer, n, name, word)
    if grid is None:
        return None, problems
    return grid, problems + _repeats(grid, word)


def _exercise_square(square: Any, name: str, partial: bool = False) -> Grid:
    """A square the lesson supplies, checked: ValueError naming the first problem (a broken exercise, not answer)."""
    square = _as_list(square)
    if not isinstance(square, list | tuple) or not square:
        raise ValueError(f"{name} must be a non-empty list of rows, not {square!r}")
    grid, problems = _read_grid(square, len(square), name, allow_empty=partial)
    problems += _repeats(grid) if grid is not None else []
    if grid is None or problems:
        raise ValueError(f"{name} is not a {'partial ' if partial else ''}Latin square: {problems[0]}")
    return grid


def _check_order(n: Any, low: int = 1, high: int | None = None) -> int:
    """An order the lesson supplies: an int in low..high, or ValueError."""
    if not isinstance(n, int) or isinstance(n, bool) or n < low or (high is not None and n > high):
        upper = f" and at most {high}" if high is not None else ""
        raise ValueError(f"the order n must be an integer at least {low}{upper}, not {n!r}")
    return n


# --- lesson 02: Latin squares ----------------------------------------------------------------------------------
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
    if n is None:
        answer = _as_list(square)
        n = len(given) if given else len(answer) if isinstance(answer, list | tuple) and answer else None
    if n is None:
        problem = NO_ANSWER if square is None else f"the square should be a non-empty list of rows, not {square!r}"
        return Verdict("a Latin square", (problem,))
    order = _check_order(n)
    if given is not None and len(given) != order:
        raise ValueError(f"the givens have {len(given)} rows, but the order is {order}")
    task = f"a Latin square of order {order}" + (" that keeps the given cells" if given else "")
    grid, problems = _latin_problems(square, order)
    if grid is not None and given is not None:
        problems += [
            f"cell [{r}, {k}] is given as {given[r][k]}, but your square has {grid[r][k]}"
            for r in range(order)
            for k in range(order)
            if given[r][k] is not None and grid[r][k] is not None and grid[r][k] != given[r][k]
        ]
    return Verdict(task, tuple(problems))


def _cyclic(n: int) -> Grid:
    return [[(r + k) % n for k in range(n)] for r in range(n)]


def _latin_function_cases() -> list[tuple[str, Grid]]:
    """The grids a student's Latin-square test is tried on: Latin squares, and grids failing one condition each."""
    return [
        ("the square of order 1", [[0]]),
        ("the cyclic square of order 5", _cyclic(5)),
        ("a Latin square of order 4 that is not cyclic", [[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 0, 1], [3, 2, 1, 0]]),
        ("a random Latin square of order 6", latin.random_latin_square(6, rng=6)),
        ("a grid whose rows repeat symbols (its columns do not)", [[0, 0], [1, 1]]),
        ("a grid whose columns repeat symbols (its rows do not)", [[0, 1, 2], [1, 2, 0], [0, 1, 2]]),
        ("a grid using the symbols 1..n instead of 0..n-1", [[1, 2], [2, 1]]),
        ("a grid with no repeats but the symbol 3 in a square of order 3", [[0, 1, 2], [1, 2, 0], [2, 0, 3]]),
        ("a rectangle of 2 rows and 3 columns", [[0, 1, 2], [1, 2, 0]]),
        ("a grid whose rows have different lengths", [[0, 1], [1, 0, 2]]),
    ]


def check_latin_function(is_latin: Any) -> Verdict:
    """Whether ``is_latin(grid)`` returns True exactly for the Latin squares among a set of test grids.

    The grids are Latin squares of orders 1 to 6 and grids that fail one condition each (a repeat in the rows
    only, in the columns only, symbols out of range, not square); the right answers come from
    :func:`townwidget.latin.is_latin_square`. Each grid is passed as a fresh copy, so a function may change it.

    >>> print(check_latin_function(lambda grid: len(grid) == len(grid[0])))
    Not yet right: it should be a function that returns True for Latin squares and False for other grids.
    - it says True for a grid whose rows repeat symbols (its columns do not): [[0, 0], [1, 1]]
    - it says True for a grid whose columns repeat symbols (its rows do not): [[0, 1, 2], [1, 2, 0], [0, 1, 2]]
    - it says True for a grid using the symbols 1..n instead of 0..n-1: [[1, 2], [2, 1]]
    - it says True for a grid with no repeats but the symbol 3 in a square of order 3: [[0, 1, 2], [1, 2, 0], [2, 0, 3]]
    - it says True for a grid whose rows have different lengths: [[0, 1], [1, 0, 2]]
    """
    task = "a function that returns True for Latin squares and False for other grids"
    if not callable(is_latin):
        return Verdict(task, (f"expected a function, not {is_latin!r}",))
    problems = []
    for description, grid in _latin_function_cases():
        expected = latin.is_latin_square(grid)
        try:
            said = is_latin(copy.deepcopy(grid))
        except Exception as error:  # a student's bug is a verdict, not a crash of the checker
            problems.append(f"it raised {type(error).__name__}: {error} on {description}: {grid}")
            continue
        if not isinstance(said, bool | np.bool_):
            return Verdict(
                task, (f"it returned {said!r}, not True or False, for {description} (is a return missing?)",)
            )
        if said != expected:
            problems.append(f"it says {said} for {description}: {grid}")
    return Verdict(task, tuple(problems))


def _reduced_rearrangements(rows: Grid) -> set[tuple[tuple[int, ...], ...]]:
    """Every reduced square obtained from ``rows`` by moving rows and columns (no renaming).

    The row that ends up first fixes the column order (it must read 0..n-1), and then the first column fixes the
    row order; :func:`townwidget.latin.reduce` does exactly this for the square's own first row.
    """
    return {
        tuple(map(tuple, latin.reduce([rows[first]] + rows[:first] + rows[first + 1 :]))) for first in range(len(rows))
    }


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
    task = "the given square reduced by moving its rows and columns"
    grid, problems = _latin_problems(answer, n)
    if grid is None or problems:
        return Verdict(task, tuple(problems))
    in_order = list(range(n))
    if grid[0] != in_order:
        problems.append(f"the first row reads {grid[0]}, not {in_order}")
    if [row[0] for row in grid] != in_order:
        problems.append(f"the first column reads {[row[0] for row in grid]}, not {in_order}")
    if not problems and tuple(map(tuple, grid)) not in _reduced_rearrangements(rows):
        problems.append(
            "it is reduced, but it is not the given square with its rows and columns moved: every row of the "
            "answer must be a row of the given square, its cells reordered the same way for all rows"
        )
    return Verdict(task, tuple(problems))


def _read_whole_number(answer: Any) -> tuple[int | None, str | None]:
    """A count given as an int (or a float with no fractional part, as division gives)."""
    if answer is None:
        return None, NO_ANSWER
    if isinstance(answer, float) and answer.is_integer():
        return int(answer), None
    if isinstance(answer, bool):
        return None, f"expected a whole number, not {answer!r}"
    try:
        return index(answer), None
    except TypeError:
        return None, f"expected a whole number, not {answer!r}"


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
    task = f"the number of Latin squares of order {order} whose first row is {', '.join(map(str, range(order)))}"
    number, problem = _read_whole_number(answer)
    if problem or number is None:
        return Verdict(task, (problem or NO_ANSWER,))
    truth = latin.count_latin_squares(order, reduced=True) * math.factorial(order - 1)
    if number == truth:
        return Verdict(task)
    hint = (
        "hint: renaming the symbols of a Latin square gives another one; how many renamings of a square put its "
        "first\n  row in order?"
    )
    return Verdict(task, (f"{number} is too {'small' if number < truth else 'large'}", hint))


def _row_by_row_probability(rows: Grid) -> Fraction:
    """The chance that stacking rows, each drawn uniformly among the permutations clashing with no column above,
    gives ``rows``: the product over the rows of 1 / (number of such permutations)."""
    n, chance = len(rows), Fraction(1)
    candidates = list(permutations(range(n)))
    for r in range(n):
        fitting = sum(all(row[k] != above[k] for above in rows[:r] for k in range(n)) for row in candidates)
        chance /= fitting
    return chance


def _read_probability(answer: Any) -> tuple[Fraction | float | None, str | None]:
    if answer is None:
        return None, NO_ANSWER
    if isinstance(answer, str):
        try:
            return Fraction(answer.replace(" ", "")), None
        except (ValueError, ZeroDivisionError):
            return None, f"{answer!r} is not a number"
    if isinstance(answer, bool) or not isinstance(answer, Real):
        return None, f"expected a number such as Fraction(1, 6) or 1/6, not {answer!r}"
    return (Fraction(answer) if isinstance(answer, int | Fraction) else float(answer)), None


def check_row_by_row_probability(square: Any, answer: Any) -> Verdict:
    """Whether ``answer`` is the chance that the row-by-row sampler produces ``square`` (a Latin square).

    The sampler builds a square row by row, drawing each row uniformly among the permutations that clash with no
    column above (a Latin rectangle always extends, so it never gets stuck). The answer may be a
    :class:`~fractions.Fraction`, an int, a float (within a relative 1e-9) or a string such as "1/432".

    >>> print(check_row_by_row_probability([[0, 1], [1, 0]], "1/2"))
    Right: it is the chance that the row-by-row sampler produces the given square.
    >>> print(check_row_by_row_probability([[0, 1], [1, 0]], 0.25))
    Not yet right: it should be the chance that the row-by-row sampler produces the given square.
    - 0.25 is too small
    - hint: multiply, row by row, 1 / (the number of rows the sampler could have drawn there)
    """
    rows = _exercise_square(square, "the square")
    order = _check_order(len(rows), high=MAX_SAMPLER_ORDER)
    task = "the chance that the row-by-row sampler produces the given square"
    value, problem = _read_probability(answer)
    if problem or value is None:
        return Verdict(task, (problem or NO_ANSWER,))
    truth = _row_by_row_probability(rows)
    if (value == truth) if isinstance(value, Fraction) else math.isclose(value, truth, rel_tol=1e-9):
        return Verdict(task)
    problems = [f"{answer} is too {'small' if value < truth else 'large'}"]
    if order <= latin.MAX_ENUMERATED_ORDER and value == Fraction(1, latin.count_latin_squares(order)):
        problems = [
            f"{answer} is one over the number of Latin squares of order {order}: the chance under a uniform sampler. "
            "Is this one uniform?"
        ]
    problems.append("hint: multiply, row by row, 1 / (the number of rows the sampler could have drawn there)")
    return Verdict(task, tuple(problems))


# --- lesson 03: Euler's 36 officers ----------------------------------------------------------------------------
def _pair_problems(first: Grid, second: Grid) -> list[str]:
    """Every pair (first[r][k], second[r][k]) that occurs more than once, with its cells."""
    where: dict[tuple[int, int], list[str]] = defaultdict(list)
    for r, (row_a, row_b) in enumerate(zip(first, second, strict=True)):
        for k, pair in enumerate(zip(row_a, row_b, strict=True)):
            where[pair].append(f"[{r}, {k}]")
    return [
        f"the pair {pair} appears {_times(len(cells))} (cells {_listed(cells)})"
        for pair, cells in sorted(where.items())
        if len(cells) > 1
    ]


def _order_of(answer: Any) -> int | None:
    answer = _as_list(answer)
    return len(answer) if isinstance(answer, list | tuple) and answer else None


def check_graeco_latin(colours: Any, shapes: Any, n: int | None = None) -> Verdict:
    """Whether ``colours`` and ``shapes`` are two orthogonal Latin squares of order n: a full Town board.

    Each must be a Latin square (no colour, no shape twice in a row or column), and superimposed they must show
    every pair (colour, shape) once, as a board shows every tile once. ``n`` defaults to the size of ``colours``.

    >>> print(check_graeco_latin([[0, 1, 2], [1, 2, 0], [2, 0, 1]], [[0, 1, 2], [2, 0, 1], [1, 2, 0]]))
    Right: it is two orthogonal Latin squares of order 3 (a full Town board).
    >>> print(check_graeco_latin([[0, 1, 2], [1, 2, 0], [2, 0, 1]], [[0, 1, 2], [1, 2, 0], [2, 0, 1]]))
    Not yet right: it should be two orthogonal Latin squares of order 3 (a full Town board).
    - the pair (0, 0) appears three times (cells [0, 0], [1, 2] and [2, 1])
    - the pair (1, 1) appears three times (cells [0, 1], [1, 0] and [2, 2])
    - the pair (2, 2) appears three times (cells [0, 2], [1, 1] and [2, 0])
    """
    order = n if n is not None else _order_of(colours)
    if order is None:
        return Verdict("two orthogonal Latin squares (a full Town board)", (NO_ANSWER,))
    order = _check_order(order)
    task = f"two orthogonal Latin squares of order {order} (a full Town board)"
    colour_grid, problems = _latin_problems(colours, order, "the colour square", "colour")
    shape_grid, shape_problems = _latin_problems(shapes, order, "the shape square", "shape")
    problems = list(dict.fromkeys(problems + shape_problems))  # two missing squares need saying once
    if colour_grid is not None and shape_grid is not None and not problems:
        problems = _pair_problems(colour_grid, shape_grid)
    return Verdict(task, tuple(problems))


def check_transversal(square: Any, columns: Any) -> Verdict:
    """Whether ``columns`` (the column chosen in row 0, 1, ..., n-1) is a transversal of the Latin square ``square``:
    one cell in each row and each column, holding n different symbols.

    >>> square = [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    >>> print(check_transversal(square, [0, 1, 2]))
    Right: it is a transversal of the given square: one cell per row and column, no symbol twice.
    >>> print(check_transversal(square, [0, 1, 1]))
    Not yet right: it should be a transversal of the given square: one cell per row and column, no symbol twice.
    - rows 1 and 2 both use column 1
    - symbol 0 appears twice (cells [0, 0] and [2, 1])
    """
    rows = _exercise_square(square, "the square")
    n = len(rows)
    task = "a transversal of the given square: one cell per row and column, no symbol twice"
    answer = _as_list(columns)
    if answer is None:
        return Verdict(task, (NO_ANSWER,))
    if not isinstance(answer, list | tuple) or len(answer) != n:
        return Verdict(task, (f"expected a list of {n} columns, one for each row, not {answer!r}",))
    chosen: list[tuple[int, int]] = []
    problems: list[str] = []
    for r, value in enumerate(answer):
        column, problem = _read_number(value, n - 1, f"the column for row {r} is", "column")
        if problem or column is None:
            problems.append(str(problem))
        else:
            chosen.append((r, column))
    by_column: dict[int, list[int]] = defaultdict(list)
    by_symbol: dict[int, list[str]] = defaultdict(list)
    for r, column in chosen:
        by_column[column].append(r)
        by_symbol[rows[r][column]].append(f"[{r}, {column}]")
    problems += [
        f"rows {_listed(used)} {'both' if len(used) == 2 else 'all'} use column {column}"
        for column, used in sorted(by_column.items())
        if len(used) > 1
    ]
    problems += [
        f"symbol {symbol} appears {_times(len(cells))} (cells {_listed(cells)})"
        for symbol, cells in sorted(by_symbol.items())
        if len(cells) > 1
    ]
    return Verdict(task, tuple(problems))


def check_orthogonal_mate(square: Any, mate: Any) -> Verdict:
    """Whether ``mate`` is a Latin square orthogonal to the Latin square ``square``: together a full board.

    >>> square = [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    >>> print(check_orthogonal_mate(square, [[0, 1, 2], [2, 0, 1], [1, 2, 0]]))
    Right: it is a Latin square orthogonal to the given one.
    >>> print(check_orthogonal_mate(square, [[0, 1, 2], [2, 0, 1], [2, 1, 0]]))
    Not yet right: it should be a Latin square orthogonal to the given one.
    - column 0 holds symbol 2 twice (rows 1 and 2)
    - column 1 holds symbol 1 twice (rows 0 and 2)
    """
    rows = _exercise_square(square, "the square")
    task = "a Latin square orthogonal to the given one"
    grid, problems = _latin_problems(mate, len(rows), "your mate")
    if grid is not None and not problems:
        problems = _pair_problems(rows, grid)
    return Verdict(task, tuple(problems))


def check_bachelor_square(square: Any, n: int | None = None) -> Verdict:
    """Whether ``square`` is a Latin square (of order n) that has no orthogonal mate (a "bachelor" square).

    Searched with :func:`townwidget.latin.orthogonal_mate`; when a mate exists, the verdict shows one.

    >>> print(check_bachelor_square([[0, 1, 2, 3], [1, 2, 3, 0], [2, 3, 0, 1], [3, 0, 1, 2]]))
    Right: it is a Latin square of order 4 with no orthogonal mate.
    >>> print(check_bachelor_square([[0, 1, 2], [1, 2, 0], [2, 0, 1]]))
    Not yet right: it should be a Latin square of order 3 with no orthogonal mate.
    - it has an orthogonal mate, for example [[0, 1, 2], [2, 0, 1], [1, 2, 0]]
    """
    order = n if n is not None else _order_of(square)
    if order is None:
        return Verdict("a Latin square with no orthogonal mate", (NO_ANSWER,))
    order = _check_order(order)
    task = f"a Latin square of order {order} with no orthogonal mate"
    grid, problems = _latin_problems(square, order)
    if grid is not None and not problems:
        mate = latin.orthogonal_mate(grid)
        if mate is not None:
            problems.append(f"it has an orthogonal mate, for example {mate}")
    return Verdict(task, tuple(problems))


def _read_hidden(hidden: Any) -> tuple[dict[tuple[int, int], tuple[int, int]] | None, str | None]:
    """The tiles turned over, as {cell: tile} with tuples: from a mapping or (cell, tile) pairs, lists or tuples."""
    if hidden is None:
        return {}, None
    try:
        pairs = hidden.items() if isinstance(hidden, Mapping) else hidden
        return {tuple(cell): tuple(tile) for cell, tile in pairs}, None
    except (TypeError, ValueError):
        return (
            None,
            f"hidden should map each colour-only cell (row, column) to its tile (colour, shape), not {hidden!r}",
        )


def check_town_board(board: Any, tiles: int, flips: int = 0, hidden: Any = None) -> Verdict:
    """Whether ``board`` (a board's JSON form) holds ``tiles`` tiles or more and can be built by legal placements,
    at most ``flips`` of them flips.

    A colour-only cell ``[c, None]`` is a flip: ``hidden`` maps its cell to the tile turned over there, which must
    be on the board nowhere else and must conflict by its shape when placed (the Town 66 solo rule). The board is
    read by :func:`~townwidget.search.town_search.read_board` and an order of moves is found by
    :func:`~townwidget.search.town_search.placement_order`, then played through the engine, so the problems are the
    engine's own words.

    >>> print(check_town_board([[[0, 0], [1, 1]], [[1, 1], None]], tiles=3))
    Not yet right: it should be a Town board of 3 tiles or more, built by legal placements with no flip.
    - cell [1, 0]: tile [1, 1] is already at [0, 1]
    >>> print(check_town_board([[[0, 0], [1, None]], [None, [0, 1]]], tiles=3, flips=1, hidden={(0, 1): (1, 0)}))
    Right: it is a Town board of 3 tiles or more, built by legal placements with at most 1 flip.
    """
    for name, value in (("tiles", tiles), ("flips", flips)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"{name} must be an integer >= 0, not {value!r}")
    allowed = "no flip" if flips == 0 else f"at most {flips} flip{'s' if flips > 1 else ''}"
    task = f"a Town board of {tiles} tiles or more, built by legal placements with {allowed}"
    grid = _as_list(board)
    if grid is None:
        return Verdict(task, (NO_ANSWER,))
    try:
        built = read_board(grid)
    except (ValueError, TypeError) as error:
        return Verdict(task, (str(error),))
    problems = []
    if built.placed() < tiles:
        problems.append(f"the board holds {built.placed()} tiles, not {tiles}")
    turned = sum(isinstance(cell, tuple) and cell[1] is None for cell in built.cells)
    if turned > flips:
        problems.append(
            f"the board has {turned} colour-only tiles, but {allowed} {'is' if flips < 2 else 'are'} allowed"
        )
    cells_hidden, problem = _read_hidden(hidden)
    if problem or cells_hidden is None:
        return Verdict(task, (*problems, problem or NO_ANSWER))
    if problems:
        return Verdict(task, tuple(problems))
    try:
        replay(placement_order(grid, cells_hidden), built.n, flips)
    except (ValueError, TypeError) as error:  # IllegalAction is a ValueError too: both say what is wrong
        problems.append(str(error) if not isinstance(error, IllegalAction) else f"the engine refused: {error}")
    return Verdict(task, tuple(problems))
