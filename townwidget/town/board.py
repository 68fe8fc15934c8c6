"""The Town board as bitmasks: one bit per cell, cell index ``row * n + column``.

The board keeps, for every colour and every shape, the mask of cells where that colour (shape) may still go, and
the frontier (empty cells that touch a placed tile). The cells where tile ``(c, s)`` may go are then
``frontier & colour_free[c] & shape_free[s]``: three integer operations, whatever the board size. The rule on the
masks is written once, in :mod:`townwidget.town.bits`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from townwidget.town.actions import Cell, Tile
from townwidget.town.bits import fitting_cells, flip_cells, open_cells, placed

BLANK = "blank"
"""A turned-over tile: it has no colour and no shape, touches its neighbours, and can never be covered."""

ColourOnly = tuple[int, None]
Content = Tile | ColourOnly | str | None
"""What a cell holds: ``None`` (empty), ``(c, s)``, ``(c, None)`` (placed by a flip) or :data:`BLANK`."""


@dataclass(frozen=True)
class Refusal:
    """Why a tile may not go on a cell: the reason in words, and the cell in the way (``None`` if no cell is).

    The same as data, for wording it in other languages: ``rule`` is ``"taken"`` (the cell holds a tile),
    ``"pioneer"`` (the first tile goes to [0, 0]), ``"detached"`` (the cell touches no tile), ``"colour"`` or
    ``"shape"`` (``value`` is already in ``line``, ``("row", r)`` or ``("column", k)``, at ``blocker``) or
    ``"flip"`` (a flip where the shape does not clash)."""

    reason: str
    blocker: Cell | None = None
    rule: str = ""
    value: int | None = None
    line: tuple[str, int] | None = None


@dataclass(frozen=True)
class Geometry:
    """Masks that depend on the board size only."""

    n: int
    lines: tuple[int, ...]  # per cell: its row and its column
    neighbours: tuple[int, ...]  # per cell: the cells sharing a side with it
    all_cells: int


@cache
def geometry(n: int) -> Geometry:
    rows = [sum(1 << (r * n + k) for k in range(n)) for r in range(n)]
    columns = [sum(1 << (r * n + k) for r in range(n)) for k in range(n)]
    lines, neighbours = [], []
    for r in range(n):
        for k in range(n):
            lines.append(rows[r] | columns[k])
            near = [(r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)]
            neighbours.append(sum(1 << (i * n + j) for i, j in near if 0 <= i < n and 0 <= j < n))
    return Geometry(n, tuple(lines), tuple(neighbours), (1 << n * n) - 1)


class Board:
    """An n x n Town city.

    >>> board = Board(3)
    >>> board.legal_cells(0, 0) == 1  # on an empty board only the top-left cell (0, 0) is open
    True
    >>> board.put((0, 0), (0, 0))
    >>> [board.cell_of(i) for i in board.cells_in(board.legal_cells(1, 1))]
    [(0, 1), (1, 0)]
    """

    __slots__ = (
        "n",
        "geometry",
        "lines",
        "neighbours",
        "cells",
        "occupied",
        "frontier",
        "colour_free",
        "shape_free",
    )

    def __init__(self, n: int) -> None:
        self.n = n
        self.geometry = geometry(n)
        self.lines, self.neighbours = self.geometry.lines, self.geometry.neighbours
        self.cells: list[Content] = [None] * (n * n)
        self.occupied = 0
        self.frontier = 1  # the pioneer's cell
        self.colour_free = [self.geometry.all_cells] * n
        self.shape_free = [self.geometry.all_cells] * n

    def clone(self) -> Board:
        other = Board.__new__(Board)
        other.n, other.geometry, other.lines, other.neighbours = (
            self.n,
            self.geometry,
            self.lines,
            self.neighbours,
        )
        other.cells = self.cells.copy()
        other.occupied, other.frontier = self.occupied, self.frontier
        other.colour_free = self.colour_free.copy()
        other.shape_free = self.shape_free.copy()
        return other

    # --- queries -------------------------------------------------------------------------------------------
    def index(self, cell: Cell) -> int:
        return cell[0] * self.n + cell[1]

    def cell_of(self, index: int) -> Cell:
        return divmod(index, self.n)

    @staticmethod
    def cells_in(mask: int) -> list[int]:
        """The cell indices of a mask, in row-major order."""
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    def legal_cells(self, colour: int, shape: int) -> int:
        """Mask of the cells where tile ``(colour, shape)`` may be placed."""
        return fitting_cells(self.frontier, self.colour_free[colour], self.shape_free[shape])

    def flip_cells(self, colour: int, shape: int) -> int:
        """Mask of the cells where the tile fits by its colour but its shape conflicts (a Town 66 solo flip)."""
        return flip_cells(self.frontier, self.colour_free[colour], self.shape_free[shape])

    def empty_cells(self) -> int:
        """Mask of the empty cells."""
        return self.geometry.all_cells & ~self.occupied

    def open_cells(self, colour: int, shape: int) -> int:
        """Mask of the cells where tile ``(colour, shape)`` could still go some day (0: it is dead)."""
        return open_cells(self.empty_cells(), self.colour_free[colour], self.shape_free[shape])

    def placed(self) -> int:
        """Number of tiles on the board (blank and colour-only tiles included)."""
        return self.occupied.bit_count()

    # --- change --------------------------------------------------------------------------------------------
    def put(self, cell: Cell, content: Content) -> None:
        """Put a tile, a colour-only tile or a blank on a cell, without checking the rules (the state does)."""
        index = cell[0] * self.n + cell[1]
        self.cells[index] = content
        self.occupied = occupied = self.occupied | 1 << index
        if not isinstance(content, tuple):  # a blank blocks no colour and no shape
            self.frontier = placed(self.frontier, occupied, self.neighbours[index], 0, 0, 0)[0]
            return
        colour, shape = content
        shape_free = self.shape_free
        self.frontier, self.colour_free[colour], free_shape = placed(
            self.frontier,
            occupied,
            self.neighbours[index],
            self.lines[index],
            self.colour_free[colour],
            0 if shape is None else shape_free[shape],
        )
        if shape is not None:  # a colour-only tile (a flip) blocks no shape
            shape_free[shape] = free_shape

    # --- explanations --------------------------------------------------------------------------------------
    def refusal(self, tile: Tile, cell: Cell, flip: bool = False) -> Refusal | None:
        """Why ``tile`` may not go on ``cell`` (rule, row or column) and the cell in the way; ``None`` if it may.

        >>> board = Board(3)
        >>> board.put((0, 0), (1, 2))
        >>> refused = board.refusal((1, 0), (0, 1))
        >>> refused.reason, refused.blocker, refused.rule, refused.value, refused.line
        ('colour 1 is already in row 0 (at [0, 0])', (0, 0), 'colour', 1, ('row', 0))
        """
        index = self.index(cell)
        here = list(cell)
        if self.cells[index] is not None:
            return Refusal(f"cell {here} is already taken by {describe(self.cells[index])}", cell, "taken")
        if not self.frontier >> index & 1:
            if not self.occupied:
                return Refusal(f"the first tile (the pioneer) goes to [0, 0], not {here}", rule="pioneer")
            return Refusal(
                f"cell {here} touches no placed tile (a tile must share a side with the city)", rule="detached"
            )
        colour, shape = tile
        clash = self.clash(cell, 0, colour)
        if clash:
            line = _line(cell, clash[1])
            return Refusal(
                f"colour {colour} is already in {clash[0]} (at {list(clash[1])})", clash[1], "colour", colour, line
            )
        clash = self.clash(cell, 1, shape)
        if flip and not clash:
            return Refusal(
                f"a flip is only allowed where the shape conflicts, and tile {list(tile)} fits {here} as it is",
                rule="flip",
            )
        if clash and not flip:
            line = _line(cell, clash[1])
            return Refusal(
                f"shape {shape} is already in {clash[0]} (at {list(clash[1])})", clash[1], "shape", shape, line
            )
        return None

    def why_illegal(self, tile: Tile, cell: Cell, flip: bool = False) -> str | None:
        """The reason of :meth:`refusal` alone, in words."""
        refused = self.refusal(tile, cell, flip)
        return refused.reason if refused else None

    def clash(self, cell: Cell, part: int, value: int) -> tuple[str, Cell] | None:
        """The line ('row r' or 'column k') through ``cell`` holding colour (part 0) or shape (part 1) ``value``,
        and the cell holding it; ``None`` if neither line does."""
        r, k = cell
        for line, cells in (
            (f"row {r}", [(r, j) for j in range(self.n)]),
            (f"column {k}", [(i, k) for i in range(self.n)]),
        ):
            for other in cells:
                content = self.cells[self.index(other)]
                if isinstance(content, tuple) and content[part] == value:
                    return line, other
        return None

    def conflict(self, cell: Cell, part: int, value: int) -> str | None:
        """:meth:`clash` in words: 'row r (at [r, k])'."""
        found = self.clash(cell, part, value)
        return f"{found[0]} (at {list(found[1])})" if found else None

    def to_lists(self) -> list[list[Any]]:
        """The board's JSON form: n rows of n cells."""
        return [[content_to_json(self.cells[r * self.n + k]) for k in range(self.n)] for r in range(self.n)]


def content_to_json(content: Content) -> Any:
    return list(content) if isinstance(content, tuple) else content


def describe(content: Content) -> str:
    if content == BLANK:
        return "a blank (turned-over) tile"
    assert isinstance(content, tuple)
    return f"colour-only tile of colour {content[0]}" if content[1] is None else f"tile {list(content)}"


def _line(cell: Cell, other: Cell) -> tuple[str, int]:
    """The line two cells share: ``("row", r)`` or ``("column", k)``."""
    return ("row", cell[0]) if cell[0] == other[0] else ("column", cell[1])
