"""Completing Town boards by backtracking with constraint propagation: :class:`TownSearch`.

:class:`TownSearch` fills the empty cells of a Town board (its JSON form, as in ``state.to_dict()["board"]``) with
tiles so that the placement rules hold: no colour and no shape twice in a row or a column, and no tile twice on the
board. Every empty cell keeps the set of tiles that may still go there, as a bitmask over the n^2 tiles (bit
``colour * n + shape``), starting from the engine's own masks (:class:`~townwidget.town.Board` ``colour_free`` and
``shape_free``). Placing a tile removes its colour and its shape from the sets of the cells in its row and column,
and the tile itself from every set. The search then works on the most constrained place first (*minimum remaining
values*): the empty cell with the fewest candidates, or, when every cell and every tile must be used, also the tile
with the fewest cells left or the row (column) colour or shape with the fewest cells left. A constraint with one
option is a forced move, one with none a dead end where the search backs up. It counts or lists completions,
reports its cost (nodes, guesses), states the same problem for the dancing-links solver
(:meth:`TownSearch.exact_cover`), and records traces (:meth:`TownSearch.trace`, drawn by
:mod:`townwidget.search.traces`).

>>> search = TownSearch([[[0, 0], [1, 1], [2, 2]], [None, None, None], [None, None, None]])
>>> search.count()
2
>>> search.first()
[[[0, 0], [1, 1], [2, 2]], [[1, 2], [2, 0], [0, 1]], [[2, 1], [0, 2], [1, 0]]]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from itertools import islice
from typing import Any, Literal, NamedTuple

from townwidget.core.progress import progress as progress_bar
from townwidget.exact_cover import ExactCover
from townwidget.search.grid import Grid, read_board
from townwidget.town.actions import Cell, Tile
from townwidget.town.board import Board

StepAction = Literal["place", "retreat", "dead end", "solution"]


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

    def count(self, limit: int | None = None, progress: bool | None = None) -> int:
        """The number of completions, counting no further than ``limit`` (``limit=2`` tells whether it is unique).
        A count that lasts over a second shows a progress bar of the completions found (``progress=False`` hides
        it; see :mod:`townwidget.core.progress`)."""
        return self.statistics(limit, progress).solutions

    def first(self) -> Grid | None:
        """The first completion found, or None if there is none."""
        return next(self.solutions(limit=1), None)

    def statistics(self, limit: int | None = None, progress: bool | None = None) -> SearchStats:
        """Count completions (up to ``limit``) and report what the search cost (a progress bar as for :meth:`count`).

        >>> TownSearch([[[0, 0], None, None], [None, None, None], [None, None, None]]).statistics()
        SearchStats(solutions=8, nodes=57, guesses=5, dead_ends=0)
        """
        return self._explore(limit, keep=False, progress=progress)[1]

    def solve(self, limit: int | None = None, progress: bool | None = None) -> tuple[list[Grid], SearchStats]:
        """The completions (at most ``limit``) and what finding them cost, from one search (a progress bar as for
        :meth:`count`)."""
        return self._explore(limit, keep=True, progress=progress)

    def _explore(self, limit: int | None, keep: bool, progress: bool | None) -> tuple[list[Grid], SearchStats]:
        _check_limit(limit)
        path: list[tuple[int, int]] = []
        stats = [0, 0, 0]
        solutions = progress_bar(
            islice(self._run(False, path, stats), limit), desc="completions", unit=" found", enabled=progress, delay=1.0
        )
        found = [self._grid(path) if keep else [] for _ in solutions]
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
