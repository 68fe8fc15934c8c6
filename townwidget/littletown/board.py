"""The Little Town board: 6 rows x 9 columns of forest, mountain, lake and grass, cell index ``row * 9 + column``.

>>> side = terrain(1)
>>> side.kinds[0], side.kinds[1], len(side.grass)
('M', '.', 39)
>>> [cell_of(i) for i in NEIGHBOURS[0]]
[(0, 1), (1, 0), (1, 1)]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from townwidget.littletown.data import BOARDS

ROWS, COLUMNS = 6, 9
CELLS = ROWS * COLUMNS
GRASS, FOREST, MOUNTAIN, LAKE = ".", "F", "M", "L"
TERRAIN_RESOURCE = {FOREST: 0, MOUNTAIN: 1, LAKE: 2}  # wood, stone, fish

Cell = tuple[int, int]


def cell_of(index: int) -> Cell:
    return divmod(index, COLUMNS)


def index_of(cell: Cell) -> int:
    return cell[0] * COLUMNS + cell[1]


def _around(index: int, steps: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    row, column = cell_of(index)
    near = ((row + dr, column + dc) for dr, dc in steps)
    return tuple(index_of((r, c)) for r, c in near if 0 <= r < ROWS and 0 <= c < COLUMNS)


_EIGHT = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))
_FOUR = ((-1, 0), (0, -1), (0, 1), (1, 0))
NEIGHBOURS = tuple(_around(i, _EIGHT) for i in range(CELLS))
"""Per cell, the (up to 8) cells around it, diagonals included, in index order."""
SIDE_NEIGHBOURS = tuple(_around(i, _FOUR) for i in range(CELLS))
"""Per cell, the cells sharing a side with it."""


@dataclass(frozen=True)
class Terrain:
    """One side of the board: the terrain letter of every cell, the grass cells, and per grass cell the number of
    forest, mountain and lake cells around it (what a worker there gathers: wood, stone, fish)."""

    side: int
    rows: tuple[str, ...]
    kinds: tuple[str, ...]
    grass: tuple[int, ...]
    yields: tuple[tuple[int, int, int, int], ...]


@cache
def terrain(side: int) -> Terrain:
    rows = BOARDS[side]
    kinds = tuple("".join(rows))
    yields = []
    for index in range(CELLS):
        counts = [0, 0, 0, 0]
        for near in NEIGHBOURS[index]:
            if kinds[near] in TERRAIN_RESOURCE:
                counts[TERRAIN_RESOURCE[kinds[near]]] += 1
        yields.append((counts[0], counts[1], counts[2], counts[3]))
    grass = tuple(i for i in range(CELLS) if kinds[i] == GRASS)
    return Terrain(side, rows, kinds, grass, tuple(yields))
