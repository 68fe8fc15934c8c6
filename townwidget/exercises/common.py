"""What every checker shares: the :class:`Verdict`, and reading a student's answer without ever raising on it.

A checker decorated with :func:`in_package_language` words its verdict in the package language
(:func:`townwidget.set_language`, ``TOWNWIDGET_LANG``; English by default), from the gettext catalogs the widgets
use: those of the lessons that exist in another language (lessons 01 and 02 in French). The others speak English
(outside a :func:`~townwidget.core.language.speaking` block the shared helpers below word things in English).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from functools import wraps
from numbers import Integral, Rational, Real
from typing import Any

from townwidget.core.language import N_, _, default_language, ngettext, speaking

#: How many problems a verdict lists before summing up the rest.
MAX_SHOWN = 8

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
    lang: str = "en"  # the language the task and the problems are worded in (the verdict's own words follow it)

    @property
    def right(self) -> bool:
        """Whether the answer is right (no problem found)."""
        return not self.problems

    def __bool__(self) -> bool:
        return self.right

    def __str__(self) -> str:
        with speaking(self.lang):
            if self.right:
                return _("Right: it is {task}.").format(task=self.task)
            lines = [_("Not yet right: it should be {task}.").format(task=self.task)]
            lines += [f"- {problem}" for problem in self.problems[:MAX_SHOWN]]
            more = len(self.problems) - MAX_SHOWN
            if more > 0:
                others = ngettext("- ... and {count} more problem", "- ... and {count} more problems", more)
                lines.append(others.format(count=more))
            return "\n".join(lines)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """How IPython shows a verdict that ends a cell: as its text, not as a dataclass."""
        printer.text(str(self))


def in_package_language(checker: Callable[..., Verdict]) -> Callable[..., Verdict]:
    """``checker`` with its verdict worded in the package language (see the module docstring).

    >>> from townwidget import set_language
    >>> from townwidget.exercises import check_legal_move_count
    >>> from townwidget.town import new_solo
    >>> set_language("fr")
    >>> print(check_legal_move_count(new_solo("town44", seed=0), 3))
    Juste : c’est le nombre de coups permis au joueur 0 dans la position donnée.
    >>> set_language(None)
    """

    @wraps(checker)
    def worded(*args: Any, **kwargs: Any) -> Verdict:
        lang = default_language()
        with speaking(lang):
            return replace(checker(*args, **kwargs), lang=lang)

    return worded


# --- reading answers (shared) ----------------------------------------------------------------------------------
NO_ANSWER = N_("there is no answer yet: replace None with yours")  # translated where it is used


def _times(count: int) -> str:
    if count == 2:
        return _("twice")
    return _("three times") if count == 3 else ngettext("{count} time", "{count} times", count).format(count=count)


def _count(count: int, thing: str) -> str:
    """'1 row', '3 rows'."""
    return f"{count} {thing}{'' if count == 1 else 's'}"


def _listed(items: Sequence[object]) -> str:
    """'1 and 4', '1, 2 and 4'."""
    words = [str(item) for item in items]
    if len(words) == 1:
        return words[0]
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


#: The things a grid's cells hold, by the ``word`` the helpers below take: one of them, and the range they span.
THINGS = {
    "symbol": (N_("symbol {value}"), N_("the symbols are 0 to {high}")),
    "colour": (N_("colour {value}"), N_("the colours are 0 to {high}")),
    "shape": (N_("shape {value}"), N_("the shapes are 0 to {high}")),
    "column": (N_("column {value}"), N_("the columns are 0 to {high}")),
}


#: What every checker says, in one sentence, to a number written as text ("1/432", "36").
TEXT_NOT_NUMBER = N_("{answer} is text, not a number: write the number itself, without quotes")


def _as_list(value: Any) -> Any:
    """Any sequence (a list, tuple, ``deque``, ``range``, numpy array) or iterator (a generator, a ``map``) as a
    list, other values unchanged (a numpy scalar as its Python value), so answers may be written in any of these
    forms. Text is not a sequence here: it stays text, to be refused as such."""
    if isinstance(value, str | bytes):
        return value
    if hasattr(value, "tolist"):
        return value.tolist()
    if isinstance(value, Iterator | Sequence):
        return list(value)
    return value


def _plain(value: Any) -> Any:
    """``value`` as plain data: :func:`_as_list` at every depth (rows of cells, tiles of numbers), and every whole
    number as an int (see :func:`_whole`), so that ``np.array(answer, float)`` reads like ``answer``."""
    value = _as_list(value)
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    number = _whole(value)
    return value if number is None else number


def _whole(value: Any) -> int | None:
    """The value of a whole number in any numeric form (an int or numpy integer, a float or Fraction or Decimal
    with nothing after the point, a numpy scalar); ``None`` for anything else, True and False included."""
    value = value.item() if hasattr(value, "item") and getattr(value, "ndim", None) == 0 else value
    if isinstance(value, bool):
        return None
    if isinstance(value, Integral):
        return int(value)
    if isinstance(value, float | Decimal) and not math.isfinite(value):
        return None
    if isinstance(value, Rational | float | Decimal):
        exact = Fraction(value)
        return int(exact) if exact.denominator == 1 else None
    return None


def _read_number(value: Any, high: int, what: str, word: str) -> tuple[int | None, str | None]:
    """``value`` as an int in 0..high, or the problem with it: "{what} {value}, but the {word}s are 0 to {high}"
    (``what`` names the place and ends with its verb, e.g. "cell [1, 2] holds")."""
    number = _whole(value)
    if isinstance(value, str | bytes):
        return None, _("{what} {value}: {problem}").format(what=what, value=repr(value), problem=_text(value))
    if number is None:
        return None, _("{what} {value}, not a whole number").format(what=what, value=repr(value))
    if not 0 <= number <= high:
        span = _(THINGS[word][1]).format(high=high)
        return None, _("{what} {number}, but {span}").format(what=what, number=number, span=span)
    return number, None


def _read_grid(
    answer: Any, n: int, name: str = N_("the square"), word: str = "symbol", allow_empty: bool = False
) -> tuple[Grid | None, list[str]]:
    """``answer`` as n rows of n cells (``None`` where a cell is empty or unreadable), and the problems found.

    The grid is ``None`` when its shape is wrong (then the problems say how), since judging its cells would
    only add noise. ``name`` is translated (mark it with ``N_``), ``word`` is a key of :data:`THINGS`.
    """
    answer, name = _plain(answer), _(name)
    if answer is None:
        return None, [_(NO_ANSWER)]
    if not isinstance(answer, list | tuple):
        wrong = _("{name} should be a list of {n} rows, not {type}")
        return None, [wrong.format(name=name, n=n, type=type(answer).__name__)]
    if len(answer) != n:
        rows = ngettext(
            "{name} has {count} row, but it needs {n}", "{name} has {count} rows, but it needs {n}", len(answer)
        )
        return None, [rows.format(name=name, count=len(answer), n=n)]
    shape_problems = [
        ngettext(
            "row {r} of {name} has {count} cell, but it needs {n}",
            "row {r} of {name} has {count} cells, but it needs {n}",
            len(row),
        ).format(r=r, name=name, count=len(row), n=n)
        if isinstance(row, list | tuple)
        else _("row {r} of {name} is {row}, not a list of {n} cells").format(r=r, name=name, row=repr(row), n=n)
        for r, row in enumerate(answer)
        if not isinstance(row, list | tuple) or len(row) != n
    ]
    if shape_problems:
        return None, shape_problems
    grid: Grid = [[None] * n for _row in range(n)]
    problems = []
    for r, row in enumerate(answer):
        for k, value in enumerate(row):
            if value is None:
                if not allow_empty:
                    problems.append(_("cell [{r}, {k}] is empty").format(r=r, k=k))
                continue
            grid[r][k], problem = _read_number(value, n - 1, _("cell [{r}, {k}] holds").format(r=r, k=k), word)
            if problem:
                problems.append(problem)
    return grid, problems


def _repeats(grid: Grid, word: str = "symbol") -> list[str]:
    """Every symbol a row or a column of ``grid`` holds more than once, in words (empty cells are skipped)."""
    problems = []
    columns = [list(column) for column in zip(*grid, strict=True)]
    row_repeat = N_("row {i} holds {thing} {times} (columns {places})")
    column_repeat = N_("column {i} holds {thing} {times} (rows {places})")
    for repeat, lines in ((row_repeat, grid), (column_repeat, columns)):
        for i, cells in enumerate(lines):
            where: dict[int, list[int]] = defaultdict(list)
            for j, value in enumerate(cells):
                if value is not None:
                    where[value].append(j)
            problems += [
                _(repeat).format(
                    i=i, thing=_(THINGS[word][0]).format(value=value), times=_times(len(places)), places=_listed(places)
                )
                for value, places in sorted(where.items())
                if len(places) > 1
            ]
    return problems


def _latin_problems(
    answer: Any, n: int, name: str = N_("the square"), word: str = "symbol"
) -> tuple[Grid | None, list[str]]:
    """The answer read as a grid, and everything that keeps it from being a Latin square of order n."""
    grid, problems = _read_grid(answer, n, name, word)
    if grid is None:
        return None, problems
    return grid, problems + _repeats(grid, word)


def _exercise_square(square: Any, name: str, partial: bool = False) -> Grid:
    """A square the lesson supplies, checked: ValueError naming the first problem (a broken exercise, not answer;
    in English, like every error for programmers)."""
    square = _plain(square)
    if not isinstance(square, list | tuple) or not square:
        raise ValueError(f"{name} must be a non-empty list of rows, not {square!r}")
    with speaking("en"):
        grid, problems = _read_grid(square, len(square), name, allow_empty=partial)
        problems += _repeats(grid) if grid is not None else []
    if grid is None or problems:
        raise ValueError(f"{name} is not a {'partial ' if partial else ''}Latin square: {problems[0]}")
    return grid


#: The two versions of an exercise a checker judges (``level=``): the easier one, and the harder one for a class
#: that has done it (a larger order, more cases, a time limit); the lessons' guide gives both model answers.
LEVELS = ("easier", "harder")


def _check_level(level: Any) -> str:
    """``level`` if it names a version of the exercise; ValueError otherwise (a broken exercise, not an answer)."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(map(repr, LEVELS))}, not {level!r}")
    return str(level)


def _check_order(n: Any, low: int = 1, high: int | None = None) -> int:
    """An order the lesson supplies: an int in low..high, or ValueError."""
    if not isinstance(n, int) or isinstance(n, bool) or n < low or (high is not None and n > high):
        upper = f" and at most {high}" if high is not None else ""
        raise ValueError(f"the order n must be an integer at least {low}{upper}, not {n!r}")
    return n


def _text(answer: str | bytes) -> str:
    """The one sentence for a number written as text."""
    return _(TEXT_NOT_NUMBER).format(answer=repr(answer))


def _wrong(shown: Any) -> str:
    """A wrong number in words, without saying which way it is off: a reply must not let anyone bisect to the
    answer (the hints that follow it say how to find it)."""
    return _("{value} is not the right number").format(value=shown)


def _read_whole_number(answer: Any) -> tuple[int | None, str | None]:
    """A count given in any numeric form with no fractional part (see :func:`_whole`), or the problem with it."""
    if answer is None:
        return None, _(NO_ANSWER)
    if isinstance(answer, str | bytes):
        return None, _text(answer)
    number = _whole(answer)
    if number is None:
        return None, _("expected a whole number, not {answer}").format(answer=repr(answer))
    return number, None


#: How close a float must come to an exact value, relative to it: its precision, by its width in bytes (numpy's
#: float16, float32, float64 and long double; a Python float or a Decimal is 8), with room for a few roundings.
_RELATIVE_PRECISION = {2: 2.0**-8, 4: 2.0**-20, 8: 1e-9, 10: 1e-9, 12: 1e-9, 16: 1e-9}


def _read_real(answer: Any) -> tuple[tuple[Fraction, float] | None, str | None]:
    """A real number in any numeric form, as its exact value and the relative error its form allows (0 for an int,
    a Fraction, numpy's integers; a float's precision for floats of every width and for a Decimal), or the problem
    with it (text, a bool, nan and infinities are refused)."""
    if answer is None:
        return None, _(NO_ANSWER)
    if isinstance(answer, str | bytes):
        return None, _text(answer)
    width = getattr(getattr(answer, "dtype", None), "itemsize", 8)
    value = answer.item() if hasattr(answer, "item") and getattr(answer, "ndim", None) == 0 else answer
    if isinstance(value, bool) or not isinstance(value, Real | Decimal):
        return None, _("expected a number such as Fraction(1, 6) or 1/6, not {answer}").format(answer=repr(answer))
    if isinstance(value, float | Decimal) and not math.isfinite(value):
        return None, _("{answer} is not a number").format(answer=repr(answer))
    if isinstance(value, Rational):
        return (Fraction(value), 0.0), None
    exact = Fraction(value) if isinstance(value, float | Decimal) else Fraction(float(value))  # numpy's long double
    return (exact, _RELATIVE_PRECISION.get(width, 1e-9)), None


def _close(value: tuple[Fraction, float], truth: Fraction) -> bool:
    """Whether a read number (:func:`_read_real`) is ``truth`` within the error its form allows."""
    exact, tolerance = value
    return abs(exact - truth) <= abs(truth) * Fraction(tolerance)
