"""Town puzzles: a random complete board with cells emptied while exactly one completion remains
(:func:`town_puzzle`), graded by the search it takes, and :func:`check_answer`, which says in words what is wrong
with an answer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from townwidget import latin
from townwidget.core.progress import progress as progress_bar
from townwidget.core.rng import Rng, make_rng
from townwidget.search.backtrack import TownSearch
from townwidget.search.grid import Grid, check_grid_shape, read_board, read_content
from townwidget.town.actions import Cell, Tile
from townwidget.town.board import Board, Content
from townwidget.town.render import board_svg

GRADES = ((0, "easy"), (5, "medium"))
"""Puzzle grades by the guesses the search needs to solve a puzzle and prove its answer unique: none (every step
forced) is easy, up to 5 medium, more hard."""


@dataclass(frozen=True)
class TownPuzzle:
    """A partly filled board with exactly one legal completion (see :func:`town_puzzle`).

    ``board`` holds the givens (JSON form, ``None`` for a hole), ``solution`` the completed board; ``nodes`` and
    ``guesses`` are what :class:`TownSearch` spent finding the solution and proving there is no other.
    """

    n: int
    seed: int | None
    board: Grid
    solution: Grid
    holes: int
    nodes: int
    guesses: int
    grade: str

    def _repr_svg_(self) -> str:
        return board_svg(self.board, caption=f"Fill the {self.holes} empty cells ({self.grade})")


def random_town_board(n: int, seed: int | Rng | None = None) -> Grid:
    """A random complete n x n Town board, for n = 3, 4, 5, 7, 8, 9.

    It starts from the finite-field pair of :func:`~townwidget.latin.graeco_latin_square` and permutes rows,
    columns, colours and shapes at random, then transposes and swaps colours with shapes, each with probability
    1/2. These moves keep a board legal, and they reach every complete board that is isotopic to the start (all of
    them for n = 3), but not every complete board of larger orders. n = 2 and 6 have no complete board (ValueError).

    >>> board = random_town_board(5, seed=1)
    >>> TownSearch(board).count(), len({tuple(tile) for row in board for tile in row})
    (1, 25)
    """
    a, b = latin.graeco_latin_square(n)
    rng = make_rng(seed)
    rows, columns, colours, shapes = (list(range(n)) for _ in range(4))
    for order in (rows, columns, colours, shapes):
        rng.shuffle(order)
    grid = [[[colours[a[r][k]], shapes[b[r][k]]] for k in columns] for r in rows]
    if rng.randbelow(2):
        grid = [list(column) for column in zip(*grid, strict=True)]
    if rng.randbelow(2):
        grid = [[[s, c] for c, s in row] for row in grid]
    return grid


def town_puzzle(
    n: int, holes: int, seed: int | None = None, attempts: int = 20, progress: bool | None = None
) -> TownPuzzle:
    """A Town puzzle: a random complete board (:func:`random_town_board`) with ``holes`` cells emptied so that
    exactly one legal completion remains, graded by the search it takes (see :data:`GRADES`).

    Cells are emptied in a random order, each only if the completion stays unique (the backtracker counts
    completions up to 2). When a board cannot lose ``holes`` cells that way, another board is tried, ``attempts``
    times in all; then a ValueError says how many holes were reached. A search that lasts over a second (large
    boards, many holes) shows a progress bar of the cells tried; ``progress=False`` hides it (see
    :mod:`townwidget.core.progress`).

    >>> puzzle = town_puzzle(4, holes=8, seed=3)
    >>> sum(cell is None for row in puzzle.board for cell in row), TownSearch(puzzle.board).count(limit=2)
    (8, 1)
    >>> check_answer(puzzle, puzzle.solution)
    []
    """
    if not isinstance(holes, int) or isinstance(holes, bool) or not 0 <= holes <= n * n:
        raise ValueError(f"holes must be an integer from 0 to {n * n} (the cells of the board), not {holes!r}")
    if attempts < 1:
        raise ValueError(f"attempts must be at least 1, not {attempts}")
    rng, most = Rng(seed), 0
    for _ in range(attempts):
        solution = random_town_board(n, rng)
        board = _empty_cells(solution, holes, rng, progress)
        emptied = sum(cell is None for row in board for cell in row)
        if emptied == holes:
            stats = TownSearch(board).statistics(limit=2, progress=False)
            grade = next((label for most_guesses, label in GRADES if stats.guesses <= most_guesses), "hard")
            return TownPuzzle(n, seed, board, solution, holes, stats.nodes, stats.guesses, grade)
        most = max(most, emptied)
    raise ValueError(
        f"could not empty {holes} cells of a {n} x {n} board keeping a unique completion in {attempts} attempts "
        f"(at most {most}): ask for fewer holes"
    )


def _empty_cells(solution: Grid, holes: int, rng: Rng, progress: bool | None) -> Grid:
    """Empty up to ``holes`` cells of ``solution`` in a random order, skipping those that would allow a second
    completion."""
    n = len(solution)
    board = [row.copy() for row in solution]
    cells = [(r, k) for r in range(n) for k in range(n)]
    rng.shuffle(cells)
    emptied = 0
    for r, k in progress_bar(cells, desc="cells tried", unit=" cells", enabled=progress, delay=1.0):
        if emptied == holes:
            break
        board[r][k] = None
        if TownSearch(board).count(limit=2, progress=False) == 1:
            emptied += 1
        else:
            board[r][k] = solution[r][k]
    return board


def check_answer(puzzle: TownPuzzle | Grid, answer: Any) -> list[str]:
    """What is wrong with a student's answer to a puzzle, in words (an empty list: the answer is right).

    The answer must keep every given cell, fill every empty one with a whole tile, use no tile twice, and repeat no
    colour or shape in a row or column (the engine's :meth:`~townwidget.town.Board.conflict` finds the clash, as
    for an illegal move). An answer that is not n rows of n cells raises ValueError.

    >>> puzzle = [[[0, 0], [1, 1], [2, 2]], [[1, 2], None, [0, 1]], [[2, 1], [0, 2], None]]
    >>> check_answer(puzzle, [[[0, 0], [1, 1], [2, 2]], [[1, 2], [1, 0], [0, 1]], [[2, 1], [0, 2], None]])
    ['cell [1, 1]: colour 1 is already in row 1 (at [1, 0])', 'cell [2, 2] is still empty']
    """
    givens = puzzle.board if isinstance(puzzle, TownPuzzle) else puzzle
    read_board(givens)
    n = len(givens)
    if check_grid_shape(answer) != n:
        raise ValueError(f"the answer must be {n} rows of {n} cells, like the puzzle")
    problems: list[str] = []
    board, where = Board(n), dict[Tile, Cell]()
    for r in range(n):
        for k in range(n):
            content, problem = _answer_cell(givens[r][k], answer[r][k], (r, k), n)
            if problem:
                problems.append(problem)
                continue
            if isinstance(content, tuple) and content[1] is not None:
                for part, name in ((0, "colour"), (1, "shape")):
                    clash = board.conflict((r, k), part, content[part])
                    if clash:
                        problems.append(f"cell {[r, k]}: {name} {content[part]} is already in {clash}")
                if content in where:
                    problems.append(
                        f"cell {[r, k]}: tile {list(content)} is already at {list(where[content])} "
                        "(each tile exists once)"
                    )
                where.setdefault(content, (r, k))
            board.put((r, k), content)
    return problems


def _answer_cell(given: Any, value: Any, cell: Cell, n: int) -> tuple[Content, str | None]:
    """An answer's cell read, or the problem with it: a changed given, an empty cell, something not a tile."""
    here = list(cell)
    try:
        content = read_content(value, cell, n)
    except ValueError as error:
        return None, str(error)
    if given is not None:
        if content != read_content(given, cell, n):
            return None, f"cell {here} is given as {given!r} in the puzzle, but the answer has {value!r}"
        return content, None
    if content is None:
        return None, f"cell {here} is still empty"
    if not isinstance(content, tuple) or content[1] is None:
        return None, f"cell {here}: fill it with a whole tile [colour, shape], not {value!r}"
    return content, None
