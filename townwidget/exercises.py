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
* 04, Search: :func:`check_town_puzzle`, :func:`check_completion_count`, :func:`check_completion_function`,
  :func:`check_latin_exact_cover`.
* 05, AI opponents: :func:`check_hidden_hands_count`, :func:`check_solo_line`, :func:`check_games_needed`,
  :func:`check_agent`.

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
import statistics
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import permutations
from numbers import Real
from operator import index
from typing import Any

import numpy as np

from townwidget import latin
from townwidget.agents import AGENT_NAMES, make_agent
from townwidget.agents.clairvoyant import solve
from townwidget.arena import Z95, solo_run
from townwidget.core.errors import IllegalAction
from townwidget.exact_cover import ExactCover
from townwidget.search import (
    TownPuzzle,
    TownSearch,
    check_answer,
    placement_order,
    random_town_board,
    read_board,
    replay,
    town_puzzle,
)
from townwidget.town import Place, SoloState, new_game, new_solo, parse_action

__all__ = [
    "Verdict",
    "check_agent",
    "check_bachelor_square",
    "check_completion_count",
    "check_completion_function",
    "check_first_row_count",
    "check_games_needed",
    "check_graeco_latin",
    "check_hidden_hands_count",
    "check_latin_exact_cover",
    "check_latin_function",
    "check_latin_square",
    "check_orthogonal_mate",
    "check_reduction",
    "check_row_by_row_probability",
    "check_solo_line",
    "check_town_board",
    "check_town_puzzle",
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


def _off(value: Any, truth: Any, shown: Any = None) -> str:
    """A wrong number in words: which way it is off (``shown``: the answer as the student wrote it)."""
    return f"{value if shown is None else shown} is too {'small' if value < truth else 'large'}"


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
    return Verdict(task, (_off(number, truth), hint))


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
    problems = [_off(value, truth, answer)]
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


# --- lesson 04: search -----------------------------------------------------------------------------------------
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
    :func:`~townwidget.search.town_search.check_answer`; a malformed answer is a problem too, never an error."""
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


# --- lesson 05: AI opponents -----------------------------------------------------------------------------------
#: The largest board :func:`check_solo_line` computes the par of (the clairvoyant solver is quick up to 5 x 5).
MAX_PAR_N = 5
#: The games :func:`check_agent` plays, in order: (rules, players, games); the agent takes seat 0, random agents the
#: others.
AGENT_TRIALS = (("town44", 1, 4), ("town66", 1, 2), ("town44", 2, 2), ("town55", 3, 2))
#: The Town 55 solo deals (seeds 0, 1, ...) on which :func:`check_agent` compares an agent with another.
COMPARISON_DEALS = 20


def _hidden_hands(data: dict[str, Any]) -> int:
    """The number of ways to give the other players' face-down tiles their shapes, consistent with what the viewer
    sees: for each colour, the unseen tiles of that colour shared among the hidden places of that colour."""
    n = data["n"]
    seen = {tuple(cell) for row in data["board"] for cell in row if isinstance(cell, list)}
    seen |= {tuple(tile) for hand in data["hands"] for tile in hand if tile[1] is not None}
    ways = 1
    for colour in range(n):
        unseen = n - sum(1 for c, _ in seen if c == colour)
        for hand in data["hands"]:
            hidden = sum(1 for c, s in hand if c == colour and s is None)
            ways *= math.comb(unseen, hidden)
            unseen -= hidden
    return ways


def check_hidden_hands_count(view: Any, answer: Any) -> Verdict:
    """Whether ``answer`` is the number of possible hands of the other players, as the viewer of ``view`` (a
    multiplayer :class:`~townwidget.town.TownView`, on the viewer's turn) can tell from what they see: the board,
    their own hand, and the colours on the backs of the other hands. These are the hands
    :meth:`~townwidget.town.TownView.sample_state` draws from, each equally likely.

    >>> from townwidget import town
    >>> view = town.new_game("town44", players=2, seed=0).view(0)
    >>> view.to_dict()["hands"][1]
    [[0, None], [0, None], [1, None], [2, None]]
    >>> print(check_hidden_hands_count(view, 24))
    Right: it is the number of hands the other players may hold, given what player 0 sees.
    """
    data = view.to_dict() if hasattr(view, "to_dict") else None
    if not isinstance(data, dict) or data.get("mode") != "multi":
        raise ValueError(f"the view must be a multiplayer TownView, not {view!r}")
    if data["current_player"] != view.player:
        raise ValueError("take the view of the player to act: then their own turn says nothing about the other hands")
    task = f"the number of hands the other players may hold, given what player {view.player} sees"
    number, problem = _read_whole_number(answer)
    if problem or number is None:
        return Verdict(task, (problem or NO_ANSWER,))
    truth = _hidden_hands(data)
    if number == truth:
        return Verdict(task)
    hint = (
        "hint: a face-down tile of colour c is one of the tiles of colour c you cannot see (not on the board, not in "
        "your hand),\n  and a hand is a set: count, colour by colour, the ways to choose them"
    )
    return Verdict(task, (_off(number, truth), hint))


def _read_move(move: Any, game: SoloState) -> Any:
    """A solo move as an engine action, checked key by key by :func:`~townwidget.town.parse_action` (which names
    what is wrong): an action or its dict, or ``(pile, (row, column))`` / ``(pile, row, column)``, the top tile of
    that pile to that cell."""
    if isinstance(move, Place):
        move = move.to_dict()
    elif isinstance(move, list | tuple) and len(move) in (2, 3):
        pile, *rest = move
        cell = rest[0] if len(rest) == 1 else rest
        if isinstance(pile, bool) or not isinstance(pile, int) or not 0 <= pile < len(game.piles):
            raise IllegalAction(f"there is no pile {pile!r}: the piles are 0 to {len(game.piles) - 1}")
        if not game.piles[pile]:
            raise IllegalAction(f"pile {pile} is empty")
        where = list(cell) if isinstance(cell, list | tuple) else cell
        move = {"type": "place", "pile": pile, "tile": list(game.piles[pile][-1]), "cell": where}
    if not isinstance(move, dict):
        raise IllegalAction(f"a move is (pile, (row, column)) or an action such as town.Place, not {move!r}")
    return parse_action(move, game.rules.n)


def check_solo_line(deal: Any, moves: Any) -> Verdict:
    """Whether ``moves``, played in order on the solo ``deal`` (a :class:`~townwidget.town.SoloState` seen face up,
    as the clairvoyant solver sees it), place as many tiles as the deal allows: its *par*, computed by
    :func:`townwidget.agents.clairvoyant.solve`. Each move is ``(pile, (row, column))`` (the top of that pile goes
    on that cell) or an action such as ``town.Place``; the engine checks every one.

    >>> from townwidget import town
    >>> deal = town.new_solo("town33", seed=0)
    >>> print(check_solo_line(deal, [(0, (0, 0)), (0, (0, 0))]))
    Not yet right: it should be a line of play placing 9 tiles on this deal (its par).
    - move 1, (0, (0, 0)): the engine refused it: tile [2, 2] at [0, 0]: cell [0, 0] is already taken by tile [1, 1]
    - your line places 1 tile; the deal allows 9
    """
    if not isinstance(deal, SoloState):
        raise ValueError(f"the deal must be a solo state (town.new_solo), not {deal!r}")
    if deal.rules.n > MAX_PAR_N:
        raise ValueError(f"the par is computed for boards up to {MAX_PAR_N} x {MAX_PAR_N}, not {deal.rules.n}")
    par = solve(deal).score
    task = f"a line of play placing {par} tiles on this deal (its par)"
    moves = _as_list(moves)
    if moves is None:
        return Verdict(task, (NO_ANSWER,))
    if not isinstance(moves, list | tuple):
        return Verdict(task, (f"the line should be a list of moves, not {moves!r}",))
    game, problems = deal.clone(), []
    assert isinstance(game, SoloState)
    for number, move in enumerate(moves):
        try:
            game.apply(_read_move(move, game))
        except (ValueError, TypeError) as error:  # IllegalAction is a ValueError: the engine's reason
            problems.append(f"move {number}, {move!r}: the engine refused it: {error}")
            break
    placed = game.board.placed()
    if placed < par:
        problems.append(f"your line places {_count(placed, 'tile')}; the deal allows {par}")
    return Verdict(task, tuple(problems))


def _wilson_half_width(games: int) -> float:
    """The half width of the 95% Wilson interval of a win rate of exactly 1/2 after ``games`` games."""
    z2 = Z95 * Z95
    return Z95 * math.sqrt(0.25 / games + z2 / (4 * games * games)) / (1 + z2 / games)


def _games_needed(margin: float) -> tuple[int, int]:
    """The fewest games whose 95% interval around a win rate of 1/2 is at most +-``margin``: by the normal
    approximation (1.96^2 / 4 / margin^2, rounded up) and by the Wilson interval the arena reports."""
    normal = math.ceil(Z95 * Z95 * 0.25 / (margin * margin))
    wilson = normal
    while wilson > 1 and _wilson_half_width(wilson - 1) <= margin:
        wilson -= 1
    while _wilson_half_width(wilson) > margin:
        wilson += 1
    return min(normal, wilson), max(normal, wilson)


def check_games_needed(margin: float, answer: Any) -> Verdict:
    """Whether ``answer`` is the fewest games after which the 95% confidence interval of a win rate near 1/2 (the
    widest case) reaches +-``margin`` or less. The normal approximation and the Wilson interval of
    :func:`townwidget.arena.wilson_interval` differ by a game or two; both answers are accepted.

    >>> print(check_games_needed(0.1, 50))
    Not yet right: it should be the fewest games for a 95% interval of +-10.0% around a win rate of 50%.
    - 50 is too small: after 50 games the interval is about +-13.4%
    - hint: the half width of the interval is about 1.96 * sqrt(p (1 - p) / games)
    >>> print(check_games_needed(0.1, 97))
    Right: it is the fewest games for a 95% interval of +-10.0% around a win rate of 50%.
    """
    if not isinstance(margin, int | float) or isinstance(margin, bool) or not 0 < margin < 0.5:
        raise ValueError(f"the margin must be a number between 0 and 0.5, not {margin!r}")
    task = f"the fewest games for a 95% interval of +-{margin:.1%} around a win rate of 50%"
    number, problem = _read_whole_number(answer)
    if problem or number is None:
        return Verdict(task, (problem or NO_ANSWER,))
    low, high = _games_needed(margin)
    if low <= number <= high:
        return Verdict(task)
    if number < low:
        width = f"+-{_wilson_half_width(number):.1%}" if number > 0 else "as wide as it gets"
        first = f"{number} is too small: after {number} games the interval is about {width}"
    else:
        first = f"{number} is too large: {high} games are already enough (+-{_wilson_half_width(high):.1%})"
    return Verdict(task, (first, "hint: the half width of the interval is about 1.96 * sqrt(p (1 - p) / games)"))


def _legal_problem(agent: Any, state: Any, seat: int, where: str) -> str | None:
    """Ask ``agent`` for a move in ``state`` (seat ``seat``, shown only its view) and play it; the problem, if any."""
    view = state.view(seat)
    try:
        action = agent.act(view)
    except Exception as error:  # a student's bug is a verdict, not a crash of the checker
        return f"it raised {type(error).__name__}: {error} ({where})"
    legal = view.legal_actions()
    try:
        chosen = parse_action(action, state.rules.n)
    except IllegalAction as error:
        return f"it returned {action!r} ({where}): {error}"
    if chosen not in legal:
        return f"it returned {action!r} ({where}), which is not one of view.legal_actions()"
    state.apply(chosen)
    return None


def _trial_problem(agent: Any) -> str | None:
    """Play the games of :data:`AGENT_TRIALS`, the agent in seat 0, up to the first problem (one is enough to fix)."""
    for rules, players, games in AGENT_TRIALS:
        kind = f"{rules} solo" if players == 1 else f"{rules}, {players} players"
        for deal in range(games):
            state = new_solo(rules, seed=deal) if players == 1 else new_game(rules, players=players, seed=deal)
            others = [make_agent("random", seed=deal * 8 + seat) for seat in range(players)]
            problem, move = None, 0
            while problem is None and not state.is_terminal():
                seat = state.current_player
                assert seat is not None  # the game is not over
                if seat == 0:
                    problem = _legal_problem(agent, state, 0, f"{kind}, deal {deal}, move {move}")
                else:
                    state.apply(others[seat].act(state.view(seat)))
                move += 1
            if problem:
                return problem
    return None


def _mean_solo_tiles(agent: Any) -> float:
    """The tiles ``agent`` (an object or a name) places per deal on the comparison deals (seeds 0, 1, ...)."""
    records = solo_run(agent, "town55", COMPARISON_DEALS, progress=False).records
    return statistics.fmean(record.result["placed"] for record in records)


def check_agent(agent: Any, must_beat: str | None = None) -> Verdict:
    """Whether ``agent`` is an honest Town agent: a ``name`` (a string) and an ``act(view)`` method that returns one
    of ``view.legal_actions()``, in solo (Town 44, Town 66 with its flips) and in 2- and 3-player games against
    random agents (:data:`AGENT_TRIALS`). It is shown views only, as in the arena, and must not ask to peek.

    With ``must_beat`` (an agent name for :func:`~townwidget.agents.make_agent`), the agent must also place more
    tiles on average than that agent on the same :data:`COMPARISON_DEALS` Town 55 solo deals.

    >>> class FirstChoice:
    ...     name = "first-choice"
    ...
    ...     def act(self, view):
    ...         return view.legal_actions()[0]
    >>> print(check_agent(FirstChoice()))
    Right: it is an agent that returns legal actions from views, in solo and multiplayer Town.
    >>> check_agent(FirstChoice(), must_beat="random").problems
    ('it placed 11.85 tiles per deal, the random agent 11.95, on the same 20 Town 55 solo deals: not more',)
    """
    task = "an agent that returns legal actions from views, in solo and multiplayer Town"
    if must_beat is not None:
        if must_beat not in AGENT_NAMES:
            raise ValueError(f"must_beat must be one of {', '.join(AGENT_NAMES)}, not {must_beat!r}")
        task += f", and places more tiles than the {must_beat} agent"
    if agent is None:
        return Verdict(task, (NO_ANSWER,))
    if not callable(getattr(agent, "act", None)):
        return Verdict(task, (f"it has no act(view) method: {agent!r}",))
    problems = []
    if not isinstance(getattr(agent, "name", None), str):
        problems.append("give it a name (a string attribute): the arena's tables show it")
    if getattr(agent, "peeks", False):
        problems.append("it asks to peek (peeks = True): an honest agent plays from its view alone")
        return Verdict(task, tuple(problems))
    trial = _trial_problem(agent)
    if trial:
        problems.append(trial)
    if must_beat is not None and not problems:
        mine, theirs = _mean_solo_tiles(agent), _mean_solo_tiles(must_beat)
        if mine <= theirs:
            problems.append(
                f"it placed {mine:.2f} tiles per deal, the {must_beat} agent {theirs:.2f}, on the same "
                f"{COMPARISON_DEALS} Town 55 solo deals: not more"
            )
    return Verdict(task, tuple(problems))
