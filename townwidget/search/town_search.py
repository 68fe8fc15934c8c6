"""Town boards searched: completions by backtracking, the largest boards, puzzles, and traces to play back.

**Completions.** :class:`TownSearch` fills the empty cells of a Town board (its JSON form, as in
``state.to_dict()["board"]``) with tiles so that the placement rules hold: no colour and no shape twice in a row or
a column, and no tile twice on the board. It is backtracking with *constraint propagation*. Every empty cell keeps
the set of tiles that may still go there, as a bitmask over the n^2 tiles (bit ``colour * n + shape``), starting
from the engine's own masks (:class:`~townwidget.town.Board` ``colour_free`` and ``shape_free``). Placing a tile
removes its colour and its shape from the sets of the cells in its row and column, and the tile itself from every
set. The search then works on the most constrained place first (*minimum remaining values*): the empty cell with
the fewest candidates, or, when every cell and every tile must be used, also the tile with the fewest cells left
or the row (column) colour or shape with the fewest cells left. A constraint with one option is a forced move, one
with none a dead end where the search backs up. It counts or lists completions, reports its cost (nodes, guesses),
states the same problem for the dancing-links solver (:meth:`TownSearch.exact_cover`), and records traces.

**Traces.** :meth:`TownSearch.trace` and :meth:`ExactCover.trace <townwidget.search.ExactCover.trace>` record the
steps (place or select, retreat, dead end, solution); :func:`trace_frames` turns them into the boards the search
passes through and :func:`trace_svgs` / :func:`filmstrip_svg` into static pictures, so a lesson can show search
happening.

**The largest boards.** :func:`max_town_tiles` finds how many tiles can stand on an n x n board, with a board
that shows it, built by a legal placement order (:func:`placement_order`) that the engine replays
(:func:`replay`), and the reason no board holds more: Euler's 36 officers for n = 6.

**Puzzles.** :func:`town_puzzle` empties cells of a random complete board while exactly one completion remains,
graded by the search it takes; :func:`check_answer` says in words what is wrong with an answer.

>>> search = TownSearch([[[0, 0], [1, 1], [2, 2]], [None, None, None], [None, None, None]])
>>> search.count()
2
>>> search.first()
[[[0, 0], [1, 1], [2, 2]], [[1, 2], [2, 0], [0, 1]], [[2, 1], [0, 2], [1, 0]]]
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import islice, permutations
from typing import Any, Literal, NamedTuple

from townwidget import latin
from townwidget.core.rng import Rng, make_rng
from townwidget.search.exact_cover import ExactCover
from townwidget.search.exact_cover import TraceStep as CoverStep
from townwidget.town.actions import Cell, Place, Tile
from townwidget.town.board import BLANK, Board, Content
from townwidget.town.render import board_svg
from townwidget.town.rules import MAX_N, MIN_N, Rules
from townwidget.town.state import SoloState, all_tiles

Grid = list[list[Any]]
"""A board's JSON form: n rows of n cells, each ``None``, ``[c, s]``, ``[c, None]`` (colour only) or ``"blank"``."""

StepAction = Literal["place", "retreat", "dead end", "solution"]


# --- reading boards ---------------------------------------------------------------------------------------------
def _read_content(value: Any, cell: Cell, n: int) -> Content:
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


def _check_grid_shape(grid: Any) -> int:
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
    n = _check_grid_shape(grid)
    board, where = Board(n), dict[Content, Cell]()
    for r, row in enumerate(grid):
        for k, value in enumerate(row):
            content = _read_content(value, (r, k), n)
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


# --- the backtracker --------------------------------------------------------------------------------------------
class _Tables(NamedTuple):
    """Masks that depend on n only: tiles are bits ``colour * n + shape``, cells are ``row * n + column``."""

    kill_line: tuple[int, ...]  # per tile: all tiles but those sharing its colour or shape (for cells in its lines)
    kill_tile: tuple[int, ...]  # per tile: all tiles but itself (for every other cell)
    peers: tuple[tuple[int, ...], ...]  # per cell: 1 for the cells sharing its row or its column, else 0
    off_cell: tuple[int, ...]  # per cell: every cell but this one
    off_line: tuple[int, ...]  # per cell: every cell outside its row and its column
    relatives: tuple[tuple[int, ...], ...]  # per tile: 2 for itself, 1 for tiles sharing its colour or shape, else 0
    value_tiles: tuple[tuple[int, ...], tuple[int, ...]]  # tiles of each colour, tiles of each shape
    line_cells: tuple[tuple[int, ...], tuple[int, ...]]  # cells of each row, cells of each column


@cache
def _tables(n: int) -> _Tables:
    tiles, cells = (1 << n * n) - 1, Board(n).geometry
    colour_tiles = tuple(sum(1 << (c * n + s) for s in range(n)) for c in range(n))
    shape_tiles = tuple(sum(1 << (c * n + s) for c in range(n)) for s in range(n))
    rows = tuple(sum(1 << (r * n + k) for k in range(n)) for r in range(n))
    columns = tuple(sum(1 << (r * n + k) for r in range(n)) for k in range(n))
    # cells x, y share a row or column, as tiles t, u share a colour or shape: the same arithmetic on the index
    kin = [[int(x // n == y // n or x % n == y % n) for y in range(n * n)] for x in range(n * n)]
    return _Tables(
        kill_line=tuple(tiles & ~(colour_tiles[t // n] | shape_tiles[t % n]) for t in range(n * n)),
        kill_tile=tuple(tiles & ~(1 << t) for t in range(n * n)),
        peers=tuple(tuple(0 if x == y else kin[x][y] for y in range(n * n)) for x in range(n * n)),
        off_cell=tuple(cells.all_cells & ~(1 << x) for x in range(n * n)),
        off_line=tuple(cells.all_cells & ~cells.lines[x] for x in range(n * n)),
        relatives=tuple(tuple(2 if t == u else kin[t][u] for u in range(n * n)) for t in range(n * n)),
        value_tiles=(colour_tiles, shape_tiles),
        line_cells=(rows, columns),
    )


class _Node(NamedTuple):
    """A partial board as the search sees it. ``places``, ``unused`` and ``needs`` are kept only when every empty
    cell is to be filled with every tile left (a full completion): then each tile left must find a cell and each
    row and column must get each colour and shape it lacks, and these are constraints to branch on too."""

    candidates: list[int]  # per cell: the tiles that may still go there (0 for cells not to fill)
    todo: tuple[int, ...]  # the cells still to fill
    places: list[int]  # per tile: the cells it may still go to
    unused: tuple[int, ...]  # the tiles still to place
    needs: list[int]  # per unit kind (row colour, row shape, column colour, column shape) and line: values lacking


_UNIT_KINDS = ("cell", "tile", "colour in row", "shape in row", "colour in column", "shape in column")
_Unit = tuple[int, int, int]  # kind (an index of _UNIT_KINDS), then a cell or a tile (and -1), or a line and a value


class SearchStep(NamedTuple):
    """One step of a :class:`TownSearch`, recorded by :meth:`TownSearch.trace` for a lesson to animate.

    * ``("place", depth, cell, tile, options, unit)``: ``tile`` goes on ``cell``. The search branched on ``unit``,
      the constraint with the fewest ways left to meet it (a cell to fill, a tile to place, or a colour or shape that
      a row or column lacks), which had ``options`` of them (1: a forced move).
    * ``("retreat", depth, cell, tile, options, unit)``: the tile comes off again (``depth`` is that of its place).
    * ``("dead end", depth, cell, tile, 0, unit)``: ``unit`` cannot be met any more, so the search backs up
      (``cell`` or ``tile`` is set when the unit is one).
    * ``("solution", depth, None, None, 0, "")``: every cell to fill is filled.

    ``depth`` is the number of tiles the search had placed before the step.
    """

    action: StepAction
    depth: int
    cell: Cell | None
    tile: Tile | None
    options: int
    unit: str


class SearchStats(NamedTuple):
    """What a search cost: ``nodes`` partial boards examined, ``guesses`` of them where the constraint branched on
    had two or more options (a puzzle with no guess is solved by forced moves alone), ``dead_ends`` where it had
    none."""

    solutions: int
    nodes: int
    guesses: int
    dead_ends: int


_Event = tuple[StepAction, int, int, int, int, _Unit | None]  # action, depth, cell, tile, options, unit


class TownSearch:
    """Fill the empty cells of a Town board with whole tiles, by backtracking with constraint propagation.

    ``board`` is a board's JSON form (see :data:`Grid`); its tiles must obey the row and column rules and appear
    once each (colour-only and blank cells are allowed and only block what they block in the engine). Every empty
    cell is filled, except the cells of ``leave_empty``. A cell of ``repeatable`` may hold a tile that is also
    elsewhere on the board: :func:`max_town_tiles` uses that to look for two Latin squares whose superposition
    repeats as few tiles as possible. Connection to the pioneer is not required (a full board is connected anyway).

    Each node branches on the constraint with the fewest options: always an empty cell's candidates and, for a full
    completion (every cell and every tile to be used: no cell left empty or repeatable, no blank or colour-only
    tile), also the cells left for each tile and for each colour or shape that a row or column lacks. The search is
    immutable: :meth:`solutions`, :meth:`count`, :meth:`first`, :meth:`statistics`, :meth:`solve` and :meth:`trace`
    each run a fresh search, in the same order. A node costs O(n^2) integer operations.

    >>> TownSearch([[None, None], [None, None]]).count()  # no two orthogonal Latin squares of order 2
    0
    >>> TownSearch([[None, None], [None, None]], leave_empty=[(1, 0), (1, 1)]).count()  # a first row
    4
    """

    def __init__(self, board: Grid, leave_empty: Iterable[Cell] = (), repeatable: Iterable[Cell] = ()) -> None:
        start = read_board(board)
        n = self.n = start.n
        self._start = start.to_lists()
        leave, self._repeatable = self._cells(start, leave_empty, "leave_empty"), self._cells(start, repeatable, "")
        if leave & self._repeatable:
            raise ValueError("a cell cannot be both left empty and repeatable")
        self._tables = tables = _tables(n)
        # per placed cell, what each other cell loses: 1 = it shares a row or column, 2 = a repeatable cell elsewhere
        self._kinds = tuple(
            tuple(peer or (2 if y in self._repeatable else 0) for y, peer in enumerate(tables.peers[x]))
            for x in range(n * n)
        )
        whole = all(isinstance(x, tuple) and x[1] is not None for x in start.cells if x is not None)
        self._full = whole and not leave and not self._repeatable
        self._root = self._first_node(start, leave)

    @staticmethod
    def _cells(start: Board, cells: Iterable[Cell], name: str) -> set[int]:
        out = set()
        for cell in cells:
            if not (isinstance(cell, list | tuple) and len(cell) == 2 and all(isinstance(x, int) for x in cell)):
                raise ValueError(f"{name or 'repeatable'}: a cell is [row, column], not {cell!r}")
            index = cell[0] * start.n + cell[1]
            if not all(0 <= x < start.n for x in cell) or start.cells[index] is not None:
                raise ValueError(f"{name or 'repeatable'}: {list(cell)} is not an empty cell of the board")
            out.add(index)
        return out

    def _first_node(self, start: Board, leave: set[int]) -> _Node:
        """Per cell, the tiles the engine's masks let in (colour and shape free there) minus tiles already used; for a
        full completion also where each tile may go and what each row and column lacks."""
        n, candidates = self.n, [0] * (self.n * self.n)
        todo = tuple(i for i in range(n * n) if start.cells[i] is None and i not in leave)
        on_board = [c for c in start.cells if isinstance(c, tuple) and c[1] is not None]
        used = sum(1 << (c * n + s) for c, s in on_board)
        for i in todo:
            colours = [c for c in range(n) if start.colour_free[c] >> i & 1]
            shapes = [s for s in range(n) if start.shape_free[s] >> i & 1]
            tiles = sum(1 << (c * n + s) for c in colours for s in shapes)
            candidates[i] = tiles if i in self._repeatable else tiles & ~used
        if not self._full:
            return _Node(candidates, todo, [], (), [])
        places = [sum(1 << i for i in todo if candidates[i] >> t & 1) for t in range(n * n)]
        unused = tuple(t for t in range(n * n) if not used >> t & 1)
        everything = (1 << n) - 1
        needs = [everything] * (4 * n)
        for index, content in enumerate(start.cells):
            if isinstance(content, tuple) and content[1] is not None:  # a full completion has only whole tiles
                (r, k), (c, s) = divmod(index, n), content
                for unit, value in ((r, c), (n + r, s), (2 * n + k, c), (3 * n + k, s)):
                    needs[unit] &= ~(1 << value)
        return _Node(candidates, todo, places, unused, needs)

    # --- results ------------------------------------------------------------------------------------------------
    def solutions(self, limit: int | None = None) -> Iterator[Grid]:
        """Yield at most ``limit`` completed boards (JSON form), in the search's order."""
        _check_limit(limit)
        path: list[tuple[int, int]] = []
        for _ in islice(self._run(False, path, [0, 0, 0]), limit):
            yield self._grid(path)

    def count(self, limit: int | None = None) -> int:
        """The number of completions, counting no further than ``limit`` (``limit=2`` tells whether it is unique)."""
        return self.statistics(limit).solutions

    def first(self) -> Grid | None:
        """The first completion found, or None if there is none."""
        return next(self.solutions(limit=1), None)

    def statistics(self, limit: int | None = None) -> SearchStats:
        """Count completions (up to ``limit``) and report what the search cost.

        >>> TownSearch([[[0, 0], None, None], [None, None, None], [None, None, None]]).statistics()
        SearchStats(solutions=8, nodes=57, guesses=5, dead_ends=0)
        """
        return self._explore(limit, keep=False)[1]

    def solve(self, limit: int | None = None) -> tuple[list[Grid], SearchStats]:
        """The completions (at most ``limit``) and what finding them cost, from one search."""
        return self._explore(limit, keep=True)

    def _explore(self, limit: int | None, keep: bool) -> tuple[list[Grid], SearchStats]:
        _check_limit(limit)
        path: list[tuple[int, int]] = []
        stats = [0, 0, 0]
        found = [self._grid(path) if keep else [] for _ in islice(self._run(False, path, stats), limit)]
        return (found if keep else []), SearchStats(len(found), *stats)

    def trace(self, limit: int | None = None, max_steps: int = 10_000) -> list[SearchStep]:
        """Record the search step by step (see :class:`SearchStep`), stopping after ``limit`` solutions, at the end
        of the search or after ``max_steps`` steps; a trace cut short has places with no matching retreat.

        >>> for step in TownSearch([[[0, 0], None], [None, None]], leave_empty=[(1, 1)]).trace():
        ...     print(*step)
        place 0 (0, 1) (1, 1) 1 cell [0, 1]
        dead end 1 (1, 0) None 0 cell [1, 0]
        retreat 0 (0, 1) (1, 1) 1 cell [0, 1]
        """
        _check_limit(limit)
        if max_steps < 0:
            raise ValueError(f"max_steps must be >= 0, not {max_steps}")
        steps: list[SearchStep] = []
        found = 0
        for action, depth, cell, tile, options, unit in islice(self._run(True, [], [0, 0, 0]), max_steps):
            where = divmod(cell, self.n) if cell >= 0 else None
            what = divmod(tile, self.n) if tile >= 0 else None
            steps.append(SearchStep(action, depth, where, what, options, self._describe(unit)))
            found += action == "solution"
            if found == limit:
                break
        return steps

    def _describe(self, unit: _Unit | None) -> str:
        if unit is None:
            return ""
        kind, a, b = unit
        if kind < 2:
            return f"{_UNIT_KINDS[kind]} {list(divmod(a, self.n))}"
        value, line = _UNIT_KINDS[kind].split(" in ")
        return f"{value} {b} in {line} {a}"

    def _grid(self, path: list[tuple[int, int]]) -> Grid:
        grid = [row.copy() for row in self._start]
        for cell, tile in path:
            grid[cell // self.n][cell % self.n] = list(divmod(tile, self.n))
        return grid

    def exact_cover(self) -> ExactCover[tuple[Cell, Tile]]:
        """The same completion problem for the dancing-links solver, so that both searches can be compared and
        animated on the board: one row ``(cell, tile)`` per candidate, covering its cell, its tile (not for a
        repeatable cell), and its colour and shape in its row and in its column. The cells to fill are primary
        columns (covered exactly once); for a full completion so are the tiles left and the colours and shapes that
        rows and columns lack, as in this search; the other columns are secondary (covered at most once).

        >>> TownSearch([[[0, 0], None, None], [None, None, None], [None, None, None]]).exact_cover().count()
        8
        """
        n, rows = self.n, dict[tuple[Cell, Tile], list[tuple[Any, ...]]]()
        root = self._root
        for i in root.todo:
            r, k = divmod(i, n)
            for c, s in (divmod(t, n) for t in Board.cells_in(root.candidates[i])):
                covers: list[tuple[Any, ...]] = [("cell", r, k), ("colour in row", r, c), ("shape in row", r, s)]
                covers += [("colour in column", k, c), ("shape in column", k, s)]
                rows[((r, k), (c, s))] = covers if i in self._repeatable else [*covers, ("tile", c, s)]
        primary: list[tuple[Any, ...]] = [("cell", *divmod(i, n)) for i in root.todo]
        primary += [("tile", *divmod(t, n)) for t in root.unused]
        primary += [
            (_UNIT_KINDS[2 + unit // n], unit % n, v) for unit, need in enumerate(root.needs) for v in _bits(need)
        ]
        others = [("tile", c, s) for c in range(n) for s in range(n)]
        others += [(kind, line, v) for kind in _UNIT_KINDS[2:] for line in range(n) for v in range(n)]
        chosen = set(primary)
        return ExactCover(primary, rows, secondary=[column for column in others if column not in chosen])

    # --- the search ---------------------------------------------------------------------------------------------
    def _run(self, record: bool, path: list[tuple[int, int]], stats: list[int]) -> Iterator[_Event]:
        """The backtracking search, with an explicit stack so that every step can be reported.

        Yields the steps (with ``record``) or only the solutions; ``path`` holds the (cell, tile) placements of the
        current partial board, and ``stats`` counts nodes, guesses and dead ends, both updated in place.
        """
        stack: list[list[Any]] = []  # per depth: [node, unit, its options as (cell, tile) pairs, next option]
        node = self._root
        while True:
            stats[0] += 1
            if not node.todo:
                yield ("solution", len(path), -1, -1, 0, None)
            else:
                unit, options = self._branch(node)
                if not options:
                    stats[2] += 1
                    if record:
                        kind, a, _ = unit
                        yield ("dead end", len(path), a if kind == 0 else -1, a if kind == 1 else -1, 0, unit)
                else:
                    stats[1] += len(options) > 1
                    stack.append([node, unit, options, 0])
            while stack:  # take the next option of the deepest branch, retreating as needed
                frame = stack[-1]
                parent, unit, options, index = frame
                if len(path) == len(stack):
                    cell, tile = path.pop()
                    if record:
                        yield ("retreat", len(path), cell, tile, len(options), unit)
                if index == len(options):
                    stack.pop()
                    continue
                frame[3] = index + 1
                cell, tile = options[index]
                node = self._child(parent, cell, tile)
                path.append((cell, tile))
                if record:
                    yield ("place", len(path) - 1, cell, tile, len(options), unit)
                break
            else:
                return

    def _branch(self, node: _Node) -> tuple[_Unit, list[tuple[int, int]]]:
        """The constraint with the fewest options (the first such; cells first), and its options."""
        candidates, tables = node.candidates, self._tables
        unit, fewest = (0, node.todo[0], -1), 1 << 62
        for cell in node.todo:
            count = candidates[cell].bit_count()
            if count < fewest:
                unit, fewest = (0, cell, -1), count
                if count <= 1:
                    return unit, self._options(node, unit)
        if self._full:
            places, n = node.places, self.n
            for tile in node.unused:
                count = places[tile].bit_count()
                if count < fewest:
                    unit, fewest = (1, tile, -1), count
                    if count <= 1:
                        return unit, self._options(node, unit)
            holders = ([0] * n, [0] * n)  # per colour, per shape: the cells where one of its tiles may go
            for tile in node.unused:
                holders[0][tile // n] |= places[tile]
                holders[1][tile % n] |= places[tile]
            # a lacking colour or shape counts its cells, a lower bound on its (cell, tile) options: cheap and enough
            for index, need in enumerate(node.needs):
                part, line = index // n, index % n  # part: 0 colour in row, 1 shape in row, 2, 3 the same in columns
                cells_of_line = tables.line_cells[part // 2][line]
                for value in _bits(need):
                    count = (holders[part % 2][value] & cells_of_line).bit_count()
                    if count < fewest:
                        unit, fewest = (2 + part, line, value), count
                        if count == 0:
                            return unit, []  # a dead end
        return unit, self._options(node, unit)

    def _options(self, node: _Node, unit: _Unit) -> list[tuple[int, int]]:
        kind, a, b = unit
        if kind == 0:
            return [(a, tile) for tile in _bits(node.candidates[a])]
        if kind == 1:
            return [(cell, a) for cell in _bits(node.places[a])]
        part = kind - 2
        tiles = self._tables.value_tiles[part % 2][b]
        cells = self._tables.line_cells[part // 2][a]
        return [
            (cell, tile) for cell in node.todo if cells >> cell & 1 for tile in _bits(node.candidates[cell] & tiles)
        ]

    def _child(self, node: _Node, cell: int, tile: int) -> _Node:
        """The node after ``tile`` goes on ``cell``: constraints propagated to every cell (and tile, and line)."""
        tables = self._tables
        lose = (-1 if cell in self._repeatable else tables.kill_tile[tile], tables.kill_line[tile], -1)
        candidates = [mask & lose[kind] for mask, kind in zip(node.candidates, self._kinds[cell], strict=True)]
        todo = tuple(other for other in node.todo if other != cell)
        if not self._full:
            return _Node(candidates, todo, node.places, node.unused, node.needs)
        keep = (tables.off_cell[cell], tables.off_line[cell], 0)
        places = [mask & keep[kin] for mask, kin in zip(node.places, tables.relatives[tile], strict=True)]
        n, needs = self.n, node.needs.copy()
        (r, k), (c, s) = divmod(cell, n), divmod(tile, n)
        for unit, value in ((r, c), (n + r, s), (2 * n + k, c), (3 * n + k, s)):
            needs[unit] &= ~(1 << value)
        return _Node(candidates, todo, places, tuple(other for other in node.unused if other != tile), needs)


def _bits(mask: int) -> list[int]:
    """The positions of the 1 bits of ``mask``, lowest first (tiles of a candidate set, cells of a cell mask)."""
    return Board.cells_in(mask)


def _check_limit(limit: int | None) -> None:
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be None or >= 0, not {limit}")


# --- playing a trace back ---------------------------------------------------------------------------------------
def _step_change(step: SearchStep | CoverStep) -> tuple[Cell | None, Tile | None]:
    """The cell a step concerns and the tile it places or removes (dead ends, choices and solutions have none)."""
    if isinstance(step, SearchStep):
        return step.cell, step.tile
    if step.action in ("select", "retreat"):
        row: Any = step.rows[0]  # the rows of TownSearch.exact_cover() are (cell, tile)
        return row[0], row[1]
    column = step.column
    if isinstance(column, tuple) and column[0] == "cell":  # a column of TownSearch.exact_cover(): ("cell", r, k)
        return (column[1], column[2]), None
    return None, None


def trace_frames(board: Grid, steps: Iterable[SearchStep | CoverStep]) -> list[Grid]:
    """The boards a trace passes through: ``board`` first, then the board after each step.

    ``steps`` come from :meth:`TownSearch.trace` or from the dancing-links solver's trace of
    :meth:`TownSearch.exact_cover` (its rows are ``(cell, tile)``): a place or select puts the tile on its cell, a
    retreat takes it off, the other steps leave the board as it is.

    >>> start = [[[0, 0], None], [None, None]]
    >>> frames = trace_frames(start, TownSearch(start, leave_empty=[(1, 1)]).trace())
    >>> [frame[0][1] for frame in frames]
    [None, [1, 1], [1, 1], None]
    """
    grid = [list(row) for row in board]
    frames = [[row.copy() for row in grid]]
    for step in steps:
        cell, tile = _step_change(step)
        if cell is not None and step.action == "retreat":
            grid[cell[0]][cell[1]] = None
        elif cell is not None and tile is not None and step.action in ("place", "select"):
            grid[cell[0]][cell[1]] = list(tile)
        frames.append([row.copy() for row in grid])
    return frames


def _caption(number: int, step: SearchStep | CoverStep) -> str:
    """A caption short enough for a 4 x 4 board (the constraint branched on is in ``step.unit``)."""
    cell, tile = _step_change(step)
    where, what = list(cell or ()), list(tile or ())
    if isinstance(step, SearchStep) and step.action == "place":
        return f"{number}: place {what} on {where} ({'forced' if step.options == 1 else f'1 of {step.options}'})"
    if isinstance(step, SearchStep) and step.action == "dead end":
        return f"{number}: dead end: {step.unit}"
    if isinstance(step, CoverStep) and step.action == "choose":
        return f"{number}: branch on {step.column} ({len(step.rows)} rows)"
    words = {"select": f"select {what} on {where}", "retreat": f"take {what} off {where}"}
    return f"{number}: {words.get(step.action, 'a solution')}"


def trace_svgs(board: Grid, steps: Sequence[SearchStep | CoverStep]) -> list[str]:
    """:func:`trace_frames` drawn as SVG pictures (the cell of each step outlined, the step in the caption), for a
    lesson to show one by one, e.g. behind a slider.

    >>> start = [[[0, 0], None], [None, None]]
    >>> svgs = trace_svgs(start, TownSearch(start, leave_empty=[(1, 1)]).trace())
    >>> len(svgs), "2: dead end: cell [1, 0]" in svgs[2]
    (4, True)
    """
    frames = trace_frames(board, steps)
    pictures = [board_svg(frames[0], caption="start")]
    for number, (step, frame) in enumerate(zip(steps, frames[1:], strict=True), start=1):
        cell = _step_change(step)[0]
        pictures.append(board_svg(frame, highlight=[cell] if cell else [], caption=_caption(number, step)))
    return pictures


def filmstrip_svg(board: Grid, steps: Sequence[SearchStep | CoverStep], columns: int = 6, every: int = 1) -> str:
    """One static SVG picture of a trace: the frames of :func:`trace_svgs` (every ``every``-th one, the last always
    included) in rows of ``columns``, so that the search shows on GitHub and nbviewer without JavaScript.

    >>> start = [[[0, 0], None], [None, None]]
    >>> strip = filmstrip_svg(start, TownSearch(start, leave_empty=[(1, 1)]).trace(), columns=2)
    >>> strip.startswith("<svg") and strip.count('class="tw-cell"') == 4 * 4
    True
    """
    if columns < 1 or every < 1:
        raise ValueError(f"columns and every must be at least 1, not {columns} and {every}")
    pictures = trace_svgs(board, steps)
    chosen = pictures[::every] if (len(pictures) - 1) % every == 0 else [*pictures[::every], pictures[-1]]
    size = re.match(r'<svg [^>]*width="(\d+)" height="(\d+)"', chosen[0])
    assert size is not None  # board_svg always starts with its size
    width, height = int(size.group(1)), int(size.group(2))
    across, down = min(columns, len(chosen)), -(-len(chosen) // columns)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{across * width}" height="{down * height}">']
    for i, picture in enumerate(chosen):
        x, y = i % columns * width, i // columns * height
        parts.append(picture.replace("<svg ", f'<svg x="{x}" y="{y}" ', 1))
    parts.append("</svg>")
    return "".join(parts)


# --- building a board by legal moves ----------------------------------------------------------------------------
def placement_order(board: Grid, hidden: Mapping[Cell, Tile] | None = None) -> list[Place]:
    """A legal order to build ``board`` from an empty board, as placements of the single pile of a solo game.

    A colour-only cell ``[c, null]`` was placed by a flip: ``hidden`` names the tile turned over there, which must
    have colour c and be nowhere else on the board, and whose shape must already stand in the cell's row or column
    when it is placed (a flip is only allowed where the shape conflicts). Blank cells cannot be built by legal moves.

    The order is greedy: place any whole tile that is legal now, and a flip only when no whole tile is. That finds
    an order whenever one exists, because a move that is legal stays legal while other tiles are placed: the board
    is fixed in advance, so its row and column rules hold whatever the order, a cell next to the city stays next to
    it, and a flip's shape conflict, once there, stays (placing whole tiles first gives flips the most conflicts).

    >>> [(p.tile, p.cell) for p in placement_order([[[0, 0], [1, 1]], [None, None]])]
    [((0, 0), (0, 0)), ((1, 1), (0, 1))]
    """
    target = read_board(board)
    n, hidden = target.n, dict(hidden or {})
    moves: dict[Cell, tuple[Tile, bool]] = {}
    for index, content in enumerate(target.cells):
        cell = target.cell_of(index)
        if content == BLANK:
            raise ValueError(f"cell {list(cell)} holds a blank tile, which no legal move places")
        if isinstance(content, tuple):
            colour, shape = content
            moves[cell] = (
                (_hidden_tile(target, cell, colour, hidden), True) if shape is None else ((colour, shape), False)
            )
    turned = [tile for tile, flip in moves.values() if flip]
    if len(set(turned)) != len(turned):
        raise ValueError(f"hidden: the tiles turned over must be different tiles, not {sorted(turned)}")
    building, order = Board(n), []
    while moves:
        ready = _next_legal(building, moves)
        if ready is None:
            stuck = min(moves)
            reason = building.why_illegal(moves[stuck][0], stuck, moves[stuck][1])
            raise ValueError(f"no legal order builds this board: cell {list(stuck)} cannot be placed ({reason})")
        tile, flip = moves.pop(ready)
        building.put(ready, (tile[0], None) if flip else tile)
        order.append(Place(tile, ready, 0, flip))
    return order


def _hidden_tile(target: Board, cell: Cell, colour: int, hidden: dict[Cell, Tile]) -> Tile:
    """The tile turned over on a colour-only cell, checked: of the cell's colour, and not on the board."""
    if cell not in hidden:
        raise ValueError(f"cell {list(cell)} is colour-only: 'hidden' must name the tile turned over there")
    tile = _read_content(hidden[cell], cell, target.n)
    if not isinstance(tile, tuple) or tile[1] is None or tile[0] != colour:
        raise ValueError(f"cell {list(cell)}: the tile turned over there must be [{colour}, shape], not {tile!r}")
    if tile in target.cells:
        raise ValueError(f"cell {list(cell)}: tile {list(tile)} is turned over there but also stands on the board")
    return tile[0], tile[1]


def _next_legal(building: Board, moves: dict[Cell, tuple[Tile, bool]]) -> Cell | None:
    """The first cell (row-major) whose whole tile is legal now, else the first whose flip is, else None."""
    for wanted in (False, True):
        for cell, (tile, flip) in moves.items():
            if flip == wanted:
                mask = building.flip_cells(*tile) if flip else building.legal_cells(*tile)
                if mask >> building.index(cell) & 1:
                    return cell
    return None


def replay(order: Sequence[Place], n: int, flips: int = 0) -> SoloState:
    """Play ``order`` through the engine: a solo game on an n x n board with one pile, stacked so that its tiles come
    in that order (the tiles not in it below them), and ``flips`` flips allowed. Every placement is checked by
    :meth:`SoloState.apply`, which raises :class:`~townwidget.town.IllegalAction` naming the rule broken.

    >>> replay(placement_order([[[0, 0], [1, 1]], [None, None]]), 2).board.placed()
    2
    """
    placed = [action.tile for action in order]
    rest = [tile for tile in all_tiles(n) if tile not in placed]
    state = SoloState(Rules(f"replay{n}", n, piles=1, flips=flips), Rng(0), [rest + placed[::-1]], flips)
    for action in order:
        state.apply(action)
    return state


# --- the largest boards -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MaxTiles:
    """The answer of :func:`max_town_tiles`: the maximum, a board that reaches it, and why no board does better.

    ``board`` (JSON form) is built by ``order``, legal placements from an empty board (pile 0 of a one-pile solo
    game, see :func:`replay`); ``proof`` says why ``tiles`` is the maximum; ``nodes`` is what the searches behind it
    visited; ``evidence`` is the :class:`~townwidget.latin.EulerEvidence` for n = 6.
    """

    n: int
    flips: int
    tiles: int
    board: Grid
    order: tuple[Place, ...]
    proof: str
    nodes: int
    seconds: float
    evidence: latin.EulerEvidence | None = None

    def replay(self) -> SoloState:
        """The certificate played through the engine (every placement checked)."""
        return replay(self.order, self.n, self.flips)


def max_town_tiles(n: int, flips: int = 0) -> MaxTiles:
    """The largest number of tiles that can stand on an n x n Town board, with up to ``flips`` colour-only tiles.

    The certificate is always checked by replaying its placement order through the engine.

    * **n = 3, 4, 5, 7, 8, 9**: n^2, the number of cells. Two orthogonal Latin squares (from the finite field of
      order n, :func:`~townwidget.latin.graeco_latin_square`) give the colours and shapes of a full board.
    * **n = 2**: exhaustive search over every legal placement sequence (the pioneer may be taken to be tile
      (0, 0): relabelling colours and shapes maps legal games to legal games): 2 tiles, 3 with one flip, 4 with two.
    * **n = 6, no flip: 34.** 36 tiles would make the colours and the shapes two orthogonal Latin squares of order
      6, which do not exist (Euler's 36 officers; Tarry 1900; checked here by
      :func:`~townwidget.latin.euler_36_officers`). 35 are impossible as well, because a board with 35 tiles always
      extends to 36. Let e be the empty cell. Every row and column other than e's is full, so holds all six
      colours; 35 tiles and at most six of a colour (one per row) mean that one colour c* appears five times and
      the others six. c* is in every full row, so it is the colour missing from e's row, and likewise from e's
      column; in the same way a shape s* is missing from both. The one tile not on the board has a colour that
      appears only five times and a shape that appears five times: it is (c*, s*), and it fits e. (This is checked
      by counting in the tests for n = 3, 4, 5: as many boards with one cell left empty as full boards.) 34 is
      reached: a search finds two Latin squares of order 6 whose superposition repeats a tile in only two cells
      (their first row normalised to (0, 0), (1, 1), ..., which relabelling allows); emptying those cells leaves 34
      tiles.
    * **n = 6, one flip: 35.** 36 cells would need 35 whole tiles and one colour-only tile. The 35 whole tiles are
      a board with one empty cell e, so the tile missing from them is (c*, s*) as above, and it is the only tile
      that can lie turned over at e; but a flip is allowed only where the tile's shape conflicts, and s* is in
      neither e's row nor its column. 35 is reached by the two-flip board below without its last flip.
    * **n = 6, two flips: 36.** In the superposition above, put colour-only tiles on the two cells whose tile
      repeats, each standing for one of the two missing tiles of its colour. The missing tile's shape is not the
      shape of the square at that cell (that tile is on the board), so it stands in the cell's row or column and
      the flip is legal.

    >>> result = max_town_tiles(2, flips=1)
    >>> result.tiles, result.board
    (3, [[[0, 0], [1, None]], [None, [0, 1]]])
    >>> max_town_tiles(7).tiles
    49
    """
    for name, value, low in (("n", n, MIN_N), ("flips", flips, 0)):
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise ValueError(f"{name} must be an integer >= {low}, not {value!r}")
    if n > MAX_N:
        raise ValueError(f"n must be at most {MAX_N} (the engine's largest board), not {n}")
    start = time.perf_counter()
    evidence = None
    if n == 2:
        order, proof, nodes = _exhaustive_max(n, flips)
    elif n == 6:
        order, proof, nodes, evidence = _six(flips)
    else:
        a, b = latin.graeco_latin_square(n)
        order, nodes = placement_order([[list(tile) for tile in row] for row in latin.superimpose(a, b)]), 0
        proof = (
            f"a board has {n * n} cells, and the certificate fills them all: two orthogonal Latin squares of order "
            f"{n} from the finite field of order {n} give its colours and shapes"
        )
    state = replay(order, n, flips)
    return MaxTiles(
        n,
        flips,
        state.board.placed(),
        state.board.to_lists(),
        tuple(order),
        proof,
        nodes,
        time.perf_counter() - start,
        evidence,
    )


def _exhaustive_max(n: int, flips: int) -> tuple[list[Place], str, int]:
    """The longest legal placement sequence from the pioneer (0, 0), by depth-first search through the engine's
    :class:`Board` masks (``legal_cells``, ``flip_cells``), visiting each position once. Stops early only when
    every cell is filled."""
    best: list[Place] = []
    seen: set[tuple[tuple[Content, ...], frozenset[Tile]]] = set()

    def visit(board: Board, used: frozenset[Tile], order: list[Place], flips_left: int) -> None:
        nonlocal best
        key = (tuple(board.cells), used)
        if key in seen or len(best) == n * n:
            return
        seen.add(key)
        if len(order) > len(best):
            best = order.copy()
        for tile in (tile for tile in all_tiles(n) if tile not in used):
            moves = [(i, False) for i in board.cells_in(board.legal_cells(*tile))]
            moves += [(i, True) for i in board.cells_in(board.flip_cells(*tile))] if flips_left else []
            for index, flip in moves:
                child, cell = board.clone(), board.cell_of(index)
                child.put(cell, (tile[0], None) if flip else tile)
                order.append(Place(tile, cell, 0, flip))
                visit(child, used | {tile}, order, flips_left - flip)
                order.pop()

    pioneer = Board(n)
    pioneer.put((0, 0), (0, 0))
    visit(pioneer, frozenset({(0, 0)}), [Place((0, 0), (0, 0), 0)], flips)
    if len(best) == n * n:
        return best, f"a board has {n * n} cells, and the certificate fills them all", len(seen)
    proof = (
        f"exhaustive search: the {len(seen)} positions reachable from the pioneer (0, 0) by legal placements "
        f"(with at most {flips} flips) hold at most {len(best)} tiles; any other pioneer is the same after "
        f"relabelling colours and shapes"
    )
    return best, proof, len(seen)


_SIX_REPEATS = (((4, 4), (5, 5)), ((5, 4), (5, 5)))
"""Where the two repeated tiles of an order-6 superposition may be put by permuting rows and columns: two cells in
different rows and columns, or two in one row (one column is the same after transposing)."""


@cache
def _six_superposition() -> tuple[tuple[tuple[Tile, ...], ...], tuple[Cell, Cell], int]:
    """Two Latin squares of order 6 superposed so that only the two cells returned repeat a tile, found by search
    (first row (0, 0), (1, 1), ...); with the nodes the search visited. Cached: it takes a second or two."""
    nodes = 0
    for repeats in _SIX_REPEATS:
        grid: Grid = [[[i, i] for i in range(6)]] + [[None] * 6 for _ in range(5)]
        found, stats = TownSearch(grid, repeatable=repeats).solve(limit=1)
        nodes += stats.nodes
        if found:
            return tuple(tuple((c, s) for c, s in row) for row in found[0]), repeats, nodes
    raise AssertionError("no superposition of two Latin squares of order 6 repeats only two tiles")  # known to exist


def _six(flips: int) -> tuple[list[Place], str, int, latin.EulerEvidence]:
    evidence = latin.euler_36_officers()
    if evidence.has_mate:
        raise AssertionError("euler_36_officers found an orthogonal mate of order 6, contradicting Tarry (1900)")
    square, repeats, nodes = _six_superposition()
    euler = (
        f"36 tiles would be two orthogonal Latin squares of order 6, and none exist (Euler's 36 officers, Tarry "
        f"1900; euler_36_officers() checked all {evidence.main_classes} main classes of Latin squares of order 6)"
    )
    if flips == 0:
        emptied = [[None if (r, k) in repeats else list(square[r][k]) for k in range(6)] for r in range(6)]
        proof = (
            f"{euler}; 35 tiles always extend to 36 (the tile missing from the board fits the empty cell), so they "
            f"are impossible too; the certificate is two Latin squares of order 6 superposed with only two repeated "
            f"tiles, found by search, with those two cells {[list(cell) for cell in repeats]} left empty"
        )
        return placement_order(emptied), proof, nodes, evidence
    on_board = {tile for r, row in enumerate(square) for k, tile in enumerate(row) if (r, k) not in repeats}
    missing = [tile for tile in all_tiles(6) if tile not in on_board]
    colours = [square[r][k][0] for r, k in repeats]
    turned = next(guess for guess in permutations(missing) if [c for c, _ in guess] == colours)
    board: Grid = [[list(tile) for tile in row] for row in square]
    for r, k in repeats:
        board[r][k] = [square[r][k][0], None]
    order = placement_order(board, dict(zip(repeats, turned, strict=True)))
    if flips >= 2:
        proof = (
            "a board has 36 cells, and the certificate fills them all: two Latin squares of order 6 superposed with "
            f"only two repeated tiles, whose cells {[list(cell) for cell in repeats]} hold colour-only tiles standing "
            f"for the missing tiles {[list(tile) for tile in turned]}"
        )
        return order, proof, nodes, evidence
    proof = (
        f"{euler}; 35 whole tiles and one colour-only tile are impossible: the tile missing from the 35 fits the "
        "36th cell, so its shape conflicts nowhere there and it cannot be flipped onto it; the certificate is the "
        "two-flip board without its last flip"
    )
    return order[:35], proof, nodes, evidence


# --- puzzles ----------------------------------------------------------------------------------------------------
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


def town_puzzle(n: int, holes: int, seed: int | None = None, attempts: int = 20) -> TownPuzzle:
    """A Town puzzle: a random complete board (:func:`random_town_board`) with ``holes`` cells emptied so that
    exactly one legal completion remains, graded by the search it takes (see :data:`GRADES`).

    Cells are emptied in a random order, each only if the completion stays unique (the backtracker counts
    completions up to 2). When a board cannot lose ``holes`` cells that way, another board is tried, ``attempts``
    times in all; then a ValueError says how many holes were reached.

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
        board = _empty_cells(solution, holes, rng)
        emptied = sum(cell is None for row in board for cell in row)
        if emptied == holes:
            stats = TownSearch(board).statistics(limit=2)
            grade = next((label for most_guesses, label in GRADES if stats.guesses <= most_guesses), "hard")
            return TownPuzzle(n, seed, board, solution, holes, stats.nodes, stats.guesses, grade)
        most = max(most, emptied)
    raise ValueError(
        f"could not empty {holes} cells of a {n} x {n} board keeping a unique completion in {attempts} attempts "
        f"(at most {most}): ask for fewer holes"
    )


def _empty_cells(solution: Grid, holes: int, rng: Rng) -> Grid:
    """Empty up to ``holes`` cells of ``solution`` in a random order, skipping those that would allow a second
    completion."""
    n = len(solution)
    board = [row.copy() for row in solution]
    cells = [(r, k) for r in range(n) for k in range(n)]
    rng.shuffle(cells)
    emptied = 0
    for r, k in cells:
        if emptied == holes:
            break
        board[r][k] = None
        if TownSearch(board).count(limit=2) == 1:
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
    if _check_grid_shape(answer) != n:
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
        content = _read_content(value, cell, n)
    except ValueError as error:
        return None, str(error)
    if given is not None:
        if content != _read_content(given, cell, n):
            return None, f"cell {here} is given as {given!r} in the puzzle, but the answer has {value!r}"
        return content, None
    if content is None:
        return None, f"cell {here} is still empty"
    if not isinstance(content, tuple) or content[1] is None:
        return None, f"cell {here}: fill it with a whole tile [colour, shape], not {value!r}"
    return content, None
