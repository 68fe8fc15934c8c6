"""The largest Town boards: how many tiles can stand on an n x n board (:func:`max_town_tiles`), with a board
that shows it, built by a legal placement order that the engine replays, and the reason no board holds more:
Euler's 36 officers for n = 6."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import permutations
from typing import Any

from townwidget import latin
from townwidget.core.progress import progress as progress_bar
from townwidget.search.backtrack import TownSearch
from townwidget.search.grid import Grid
from townwidget.search.replay import placement_order, replay
from townwidget.town.actions import Cell, Place, Tile
from townwidget.town.board import Board, Content
from townwidget.town.rules import MAX_N, MIN_N
from townwidget.town.state import SoloState, all_tiles


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


def max_town_tiles(n: int, flips: int = 0, progress: bool | None = None) -> MaxTiles:
    """The largest number of tiles that can stand on an n x n Town board, with up to ``flips`` colour-only tiles.

    The certificate is always checked by replaying its placement order through the engine. n = 6 takes a few
    seconds the first time (the superposition found is kept for later calls): a progress bar then shows its two
    stages; ``progress=False`` hides it (see :mod:`townwidget.core.progress`).

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
        order, proof, nodes, evidence = _six(flips, progress)
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
        found, stats = TownSearch(grid, repeatable=repeats).solve(limit=1, progress=False)
        nodes += stats.nodes
        if found:
            return tuple(tuple((c, s) for c, s in row) for row in found[0]), repeats, nodes
    raise AssertionError("no superposition of two Latin squares of order 6 repeats only two tiles")  # known to exist


def _six(flips: int, progress: bool | None) -> tuple[list[Place], str, int, latin.EulerEvidence]:
    stages: tuple[Callable[[], Any], ...] = (latin.euler_36_officers, _six_superposition)  # a second or two each
    bar = progress_bar(stages, desc="the largest 6 x 6 board", unit=" stages", enabled=progress, delay=1.0)
    evidence, (square, repeats, nodes) = [stage() for stage in bar]
    if evidence.has_mate:
        raise AssertionError("euler_36_officers found an orthogonal mate of order 6, contradicting Tarry (1900)")
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
