"""A course's own versions of the lessons' exercises, drawn from the course's seed: the worked solutions that ship
with the package answer the lessons, not the course.

A :data:`Variant` draws, from a random generator and the lesson's exercise cell, the exercise's data for one
course: new values for names the exercise cell and its worked answer both bind (``original_1 = [...]``, replaced
statement by statement, found by :mod:`ast`), and text to replace in both (``town_puzzle(7, 35, seed=1)``). The
worked answers compute their answer from that data, so the course's source notebook stays right for its version.

>>> rebind("square = [[0]]\\nprint(square)", "square", [[1, 0], [0, 1]])
'square = [[1, 0], [0, 1]]\\nprint(square)'
"""

from __future__ import annotations

import ast
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from townwidget import latin

Grid = list[list[int]]


@dataclass(frozen=True)
class Variation:
    """One course's version of an exercise: values for names, and (old, new) texts."""

    names: Mapping[str, Any] = field(default_factory=dict)
    texts: tuple[tuple[str, str], ...] = ()

    def applied(self, source: str) -> str:
        """``source`` (an exercise cell, a worked answer, a checker call) with this version's data."""
        for name, value in self.names.items():
            source = rebind(source, name, value)
        for old, new in self.texts:
            source = source.replace(old, new)
        return source

    def found_in(self, source: str) -> bool:
        """Whether ``source`` holds something this version changes."""
        return any(old in source for old, _new in self.texts) or any(_binding(source, n) for n in self.names)


Variant = Callable[[random.Random, str], Variation]
"""Draws one course's version of an exercise from a generator and the lesson's exercise cell."""


def rebind(source: str, name: str, value: Any) -> str:
    """``source`` with each top-level statement ``name = ...`` replaced by ``name = value`` (its repr)."""
    lines = source.splitlines()
    for start, end in reversed(_binding(source, name)):
        lines[start:end] = [f"{name} = {value!r}"]
    return "\n".join(lines)


def _binding(source: str, name: str) -> list[tuple[int, int]]:
    """The line spans (from, to: 0-based, end excluded) of the top-level statements of ``source`` binding ``name``."""
    try:
        tree = ast.parse(source)
    except SyntaxError:  # a cell of IPython magics: it binds nothing this module varies
        return []
    return [
        (statement.lineno - 1, statement.end_lineno or statement.lineno)
        for statement in tree.body
        if isinstance(statement, ast.Assign)
        and any(isinstance(target, ast.Name) and target.id == name for target in statement.targets)
    ]


def shuffled(square: Grid, rng: random.Random) -> Grid:
    """``square`` with rows, columns and symbols permuted at random: as many transversals and mates, and other
    reductions and cells."""
    n = len(square)
    rows, columns, symbols = (rng.sample(range(n), n) for _ in range(3))
    return [[symbols[square[r][k]] for k in columns] for r in rows]


def shuffled_square(name: str, answers_both: Callable[[Grid, Grid], bool]) -> Variant:
    """The square the exercise cell binds to ``name``, shuffled (lesson 02-2's ``original_1``, lesson 03-2's
    ``square_1`` and ``square_2``), drawn again while ``answers_both(lesson's, new)``: while an answer to the
    lesson's square could also answer the new one."""

    def draw(rng: random.Random, cell: str) -> Variation:
        spans = _binding(cell, name)
        if not spans:
            raise ValueError(f"the exercise cell binds no {name}: update the course's variants to the lesson")
        start, end = spans[0]
        statement = ast.parse("\n".join(cell.splitlines()[start:end])).body[0]
        assert isinstance(statement, ast.Assign)  # found by _binding
        lesson = ast.literal_eval(statement.value)
        square = shuffled(lesson, rng)
        while answers_both(lesson, square):
            square = shuffled(lesson, rng)
        return Variation({name: square})

    return draw


def _reductions(square: Grid) -> set[str]:
    return {str(latin.reduce([square[first]] + square[:first] + square[first + 1 :])) for first in range(len(square))}


def same_reduction(lesson: Grid, square: Grid) -> bool:
    """Whether a reduction of the lesson's square is one of ``square``'s (lesson 02-2)."""
    return bool(_reductions(lesson) & _reductions(square))


def shared_transversal(lesson: Grid, square: Grid) -> bool:
    """Whether the lesson's first transversal is one of ``square``'s (lesson 03-2, exercise 1)."""
    return latin.transversals(lesson)[0] in latin.transversals(square)


def shared_mate(lesson: Grid, square: Grid) -> bool:
    """Whether the lesson's mate is orthogonal to ``square`` too (lesson 03-2, exercise 2)."""
    mate = latin.orthogonal_mate(lesson)
    return mate is not None and latin.are_orthogonal(square, mate)


#: Klein's square of order 4, the other kind than the cyclic one: its row-by-row chance is 1/864, not 1/432.
_KLEIN = [[r ^ k for k in range(4)] for r in range(4)]


def sampled_square(rng: random.Random, cell: str) -> Variation:
    """Lesson 02-3, exercise 1: Klein's square, shuffled, instead of the cyclic one (the cell writes ``cyclic(4)``,
    the worked answer binds ``cyclic_4``), so the lesson's answer is not the course's."""
    square = shuffled(_KLEIN, rng)
    return Variation({"cyclic_4": square}, (("cyclic(4)", repr(square)),))


def puzzle_seed(rng: random.Random, cell: str) -> Variation:
    """Lesson 04-2, exercise 3: another 7 x 7 puzzle."""
    return Variation(texts=(("town_puzzle(7, 35, seed=1)", f"town_puzzle(7, 35, seed={rng.randrange(2, 10**6)})"),))
