"""Building a board by legal moves: a placement order for a board (:func:`placement_order`), played through the
engine (:func:`replay`), which checks every placement."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from townwidget.core.rng import Rng
from townwidget.search.grid import Grid, read_board, read_content
from townwidget.town.actions import Cell, Place, Tile
from townwidget.town.board import BLANK, Board
from townwidget.town.rules import Rules
from townwidget.town.state import SoloState, all_tiles


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
    tile = read_content(hidden[cell], cell, target.n)
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
