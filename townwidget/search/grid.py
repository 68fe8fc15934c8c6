"""Town boards in their JSON form (:data:`Grid`), read into the engine's :class:`~townwidget.town.Board`.

A cell is ``None`` (empty), ``[colour, shape]``, ``[colour, None]`` (a colour-only tile, placed by a flip) or
``"blank"``; :func:`read_board` checks the row and column rules in the engine's words.
"""

from __future__ import annotations

from typing import Any

from townwidget.town.actions import Cell
from townwidget.town.board import BLANK, Board, Content
from townwidget.town.rules import MAX_N, MIN_N

Grid = list[list[Any]]
"""A board's JSON form: n rows of n cells, each ``None``, ``[c, s]``, ``[c, None]`` (colour only) or ``"blank"``."""


def read_content(value: Any, cell: Cell, n: int) -> Content:
    """One cell of a board's JSON form; a ValueError names the cell at fault."""
    if value is None:
        return None
    if value == BLANK:
        return BLANK
    if isinstance(value, list | tuple) and len(value) == 2:
        colour, shape = value
        numbers = [colour] if shape is None else [colour, shape]
        if all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < n for x in numbers):
            return (colour, shape)
    raise ValueError(f"cell {list(cell)}: expected null, 'blank', [colour, shape] or [colour, null], not {value!r}")


def check_grid_shape(grid: Any) -> int:
    """The n of a board's JSON form: n rows of n cells, n from MIN_N to MAX_N; a ValueError says what is wrong."""
    if not isinstance(grid, list | tuple) or not MIN_N <= len(grid) <= MAX_N:
        raise ValueError(f"a board must be a list of n rows, n from {MIN_N} to {MAX_N}")
    n = len(grid)
    if any(not isinstance(row, list | tuple) or len(row) != n for row in grid):
        raise ValueError(f"a board of {n} rows must have {n} cells in every row")
    return n


def read_board(grid: Any) -> Board:
    """An engine :class:`~townwidget.town.Board` holding ``grid`` (a board's JSON form).

    The cells need not be connected (a puzzle's givens seldom are), but no colour or shape may repeat in a row or a
    column and no tile may appear twice: a ValueError names the cell and the rule, in the engine's words.

    >>> read_board([[[0, 0], [0, 1]], [None, None]])
    Traceback (most recent call last):
    ...
    ValueError: cell [0, 1]: colour 0 is already in row 0 (at [0, 0])
    """
    n = check_grid_shape(grid)
    board, where = Board(n), dict[Content, Cell]()
    for r, row in enumerate(grid):
        for k, value in enumerate(row):
            content = read_content(value, (r, k), n)
            if content is None:
                continue
            if isinstance(content, tuple):
                if content[1] is not None and content in where:
                    raise ValueError(f"cell {[r, k]}: tile {list(content)} is already at {list(where[content])}")
                for part, name in ((0, "colour"), (1, "shape")):
                    value = content[part]
                    clash = None if value is None else board.conflict((r, k), part, value)
                    if clash:
                        raise ValueError(f"cell {[r, k]}: {name} {value} is already in {clash}")
                where[content] = (r, k)
            board.put((r, k), content)
    return board
