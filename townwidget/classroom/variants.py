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
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from townwidget import latin, town
from townwidget.agents.clairvoyant import solve
from townwidget.exact_cover import ExactCover
from townwidget.search import town_puzzle

Grid = list[list[int]]
Givens = list[list[int | None]]


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


def _shuffled_givens(givens: Givens, rng: random.Random) -> Givens:
    """Partial ``givens`` (``None`` in empty cells) shuffled as :func:`shuffled` does: as many cells forced."""
    n = len(givens)
    rows, columns, symbols = (rng.sample(range(n), n) for _ in range(3))
    return [[None if (given := givens[r][k]) is None else symbols[given] for k in columns] for r in rows]


def _literal(cell: str, name: str) -> Any:
    """The literal value the exercise cell binds to ``name``."""
    spans = _binding(cell, name)
    if not spans:
        raise ValueError(f"the exercise cell binds no {name}: update the course's variants to the lesson")
    start, end = spans[0]
    statement = ast.parse("\n".join(cell.splitlines()[start:end])).body[0]
    assert isinstance(statement, ast.Assign)  # found by _binding
    return ast.literal_eval(statement.value)


def shuffled_square(name: str, answers_both: Callable[[Grid, Grid], bool]) -> Variant:
    """The square the exercise cell binds to ``name``, shuffled (lesson 02-2's ``original_1``, lesson 03-2's
    ``square_1`` and ``square_2``), drawn again while ``answers_both(lesson's, new)``: while an answer to the
    lesson's square could also answer the new one."""

    def draw(rng: random.Random, cell: str) -> Variation:
        lesson = _literal(cell, name)
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


def _completion(givens: Givens) -> Grid | None:
    """A Latin square keeping ``givens`` (one option per (row, column, symbol) they allow), or None."""
    n = len(givens)
    options = {
        (r, k, s): [("cell", r, k), ("row", r, s), ("column", k, s)]
        for r in range(n)
        for k in range(n)
        for s in range(n)
        if givens[r][k] in (None, s)
    }
    items = sorted({item for covered in options.values() for item in covered})
    chosen = ExactCover(items, options).first()
    if chosen is None:
        return None
    square = [[0] * n for _ in range(n)]
    for r, k, s in chosen:
        square[r][k] = s
    return square


def shuffled_givens(rng: random.Random, cell: str) -> Variation:
    """Lesson 02-1, exercise 1: the ``givens`` shuffled (as many cells forced), drawn again while the lesson's
    completion keeps them."""
    lesson = _literal(cell, "givens")
    answer = _completion(lesson)
    givens = _shuffled_givens(lesson, rng)
    while _completion(givens) == answer:
        givens = _shuffled_givens(lesson, rng)
    return Variation({"givens": givens})


def _seeds(rng: random.Random) -> list[int]:
    """Seeds to try, in a random order, none of them a lesson's (the lessons' seeds are below 100)."""
    return [rng.randrange(100, 10**6) for _ in range(1000)]


def reseeded(call: str, seed: int, wanted: Callable[[int], bool]) -> Variant:
    """The lesson's ``call`` (``town.new_solo("town33", seed=17)``, written once in the exercise cell or the cell that
    sets it up, and in the worked answer) with another seed: the first drawn for which ``wanted(seed)`` holds."""
    lesson = call.replace(f"seed={seed})", "seed={seed})")
    if lesson == call:
        raise ValueError(f"{call} names no seed={seed}")

    def draw(rng: random.Random, cell: str) -> Variation:
        drawn = next(s for s in _seeds(rng) if wanted(s))
        return Variation(texts=((call, lesson.format(seed=drawn)),))

    return draw


def _after_lookahead(seed: int) -> town.SoloState:
    """Lesson 01's position: a Town 44 deal after three moves that each leave the most moves open."""
    position = town.new_solo("town44", seed=seed)

    def moves_after(action: Any) -> int:
        trial = position.clone()
        trial.apply(action)
        return len(trial.legal_actions())

    for _ in range(3):
        position.apply(max(position.legal_actions(), key=moves_after))
    return position


def _other_move_count(seed: int) -> bool:
    return len(_after_lookahead(seed).legal_actions()) != len(_after_lookahead(5).legal_actions())


Line = tuple[tuple[int | None, tuple[int, int]], ...]


def _full_lines(deal: town.SoloState) -> set[Line]:
    """Every line of play that places all of the deal's tiles, as ``(pile, cell)`` moves."""
    if not any(deal.piles):
        return {()}
    lines: set[Line] = set()
    for action in deal.legal_actions():
        assert isinstance(action, town.Place)  # a solo game's moves
        lines |= {((action.pile, action.cell), *rest) for rest in _full_lines(_applied(deal, action))}
    return lines


def _like_deal_17(seed: int) -> bool:
    """Lesson 01, exercise 2: all 9 tiles placeable, two of the three first moves ending the game at once, and no
    line of the lesson's deal placing them all."""
    deal = town.new_solo("town33", seed=seed)
    if solve(deal).score != 9:
        return False
    ends = sum(_applied(deal, action).is_terminal() for action in deal.legal_actions())
    return ends == 2 and not _full_lines(deal) & _full_lines(town.new_solo("town33", seed=17))


def _applied(state: town.SoloState, action: Any) -> town.SoloState:
    after = state.clone()
    after.apply(action)
    assert isinstance(after, town.SoloState)
    return after


def _like_puzzle_6(seed: int) -> bool:
    """Lesson 04-1, exercise 1: as easy (forced moves only), another solution."""
    puzzle = town_puzzle(4, 12, seed=seed, progress=False)
    return puzzle.grade == "easy" and puzzle.solution != town_puzzle(4, 12, seed=6, progress=False).solution


#: Lesson 01, exercise 1: another Town 44 deal, another count of moves after the same three lookahead moves.
solo_position = reseeded('town.new_solo("town44", seed=5)', 5, _other_move_count)
#: Lesson 01, exercise 2: another Town 33 deal like the lesson's.
solo_deal = reseeded('town.new_solo("town33", seed=17)', 17, _like_deal_17)
#: Lesson 04-1, exercise 1: another easy 4 x 4 puzzle.
easy_puzzle = reseeded("town_puzzle(4, 12, seed=6)", 6, _like_puzzle_6)


def _hidden_hands(seed: int) -> int:
    """Lesson 05-1, exercise 1: how many hands player 1 may hold, seen from player 0 of a 2-player Town 44 deal."""
    seen = town.new_game("town44", players=2, seed=seed).view(0).to_dict()
    shown = {tuple(tile) for tile in seen["hands"][0]} | {tuple(t) for row in seen["board"] for t in row if t}
    colours = [colour for colour, _shape in seen["hands"][1]]
    unseen = [colour for colour in range(4) for shape in range(4) if (colour, shape) not in shown]
    return math.prod(math.comb(unseen.count(colour), colours.count(colour)) for colour in set(colours))


def _like_hands_2(seed: int) -> bool:
    """Lesson 05-1, exercise 1: another count, from a dozen to a few dozen hands (2,000 draws find them all)."""
    return 12 <= _hidden_hands(seed) <= 64 and _hidden_hands(seed) != _hidden_hands(2)


#: Lesson 05-1, exercise 1: another 2-player Town 44 deal seen by player 0.
hidden_hands = reseeded('town.new_game("town44", players=2, seed=2)', 2, _like_hands_2)


_CITY_NAMES = "rename_colour, rename_shape = [3, 5, 0, 1, 4, 2], [2, 0, 5, 4, 1, 3]"


def renamed_city(rng: random.Random, cell: str) -> Variation:
    """Lesson 03-3, exercise 2: the 34-tile city with its colours and shapes renamed otherwise (as hard: the same
    city under other names), so that the lesson's completion keeps none of its tiles' names."""
    names = _CITY_NAMES
    while names == _CITY_NAMES:
        names = f"rename_colour, rename_shape = {rng.sample(range(6), 6)}, {rng.sample(range(6), 6)}"
    return Variation(texts=((_CITY_NAMES, names),))
