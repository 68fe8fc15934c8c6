"""A quick position estimate for Town, used by greedy agents and to cut rollouts short.

It reads only what the evaluated player may know (the board, their own hand or the pile tops, the set of tiles
not yet placed, the colours of other hands), so an agent may call it on a determinized state without learning
anything hidden, and the estimate does not change when the hidden tiles are dealt differently.

Solo: the expected final score, in tiles, over ``n^2``. A tile that fits no empty cell any more (a *dead* tile)
blocks its pile for good; a tile that fits few empty cells is likely to die before it comes up. So each unplaced
tile gets a chance to survive from the number of empty cells it fits, and each pile is expected to yield its top
(if it survives), then the tiles below it while they survive (their order is unknown: each is an average unseen
tile). Tiles that can be placed right now are worth a little more: the game ends when no pile top fits.

Multiplayer: fewer tiles in hand is better, and so are hand tiles that can be placed now; the next player's
hand colours (public) with few open cells is better too.

>>> from townwidget import town
>>> game = town.new_solo("town77", seed=0)
>>> 0.0 <= evaluate(game, 0) <= 1.0
True
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, NamedTuple

from townwidget.town.bits import placed
from townwidget.town.state import top_fits, tops_fit

if TYPE_CHECKING:
    from townwidget.town.actions import Place, Tile
    from townwidget.town.state import MultiState, SoloState, State

SURVIVAL = (0.0, 0.5, 0.8, 0.9, 0.95)  # chance a tile is still placeable when it comes up, by empty cells it fits
READY_BONUS = 0.3  # tiles, for each pile top that can be placed right now


def evaluate(state: State, player: int) -> float:
    """An estimate in [0, 1] of how well ``player`` stands (1 = best)."""
    if state.mode == "solo":
        return _solo(state) / state.rules.tiles  # type: ignore[arg-type]
    return _multi(state, player)  # type: ignore[arg-type]


def evaluate_after(state: SoloState, action: Place) -> float:
    """:func:`evaluate` of the solo position after the legal placement ``action``, computed from the masks the
    placement leaves, without building that position (a rollout rates up to 32 placements a move so)."""
    board, (colour, shape), (row, column) = state.board, action.tile, action.cell
    index = row * board.n + column
    occupied = board.occupied | 1 << index
    frontier, colour_after, shape_after = placed(
        board.frontier, occupied, board.neighbours[index], board.lines[index], board.colour_free[colour],
        board.shape_free[shape],
    )  # fmt: skip
    colour_free = board.colour_free.copy()
    colour_free[colour] = colour_after
    shape_free = board.shape_free
    if not action.flip:  # a flipped (colour-only) tile blocks no shape
        shape_free = shape_free.copy()
        shape_free[shape] = shape_after
    piles = state.piles.copy()
    piles[action.pile] = piles[action.pile][:-1]  # type: ignore[index]  # a solo placement names its pile
    flips = state.flips_left - action.flip
    over = not tops_fit(frontier, colour_free, shape_free, piles, flips)
    return _expected(Masks(occupied, frontier, colour_free, shape_free), piles, flips, over) / state.rules.tiles


class Masks(NamedTuple):
    """A board as the heuristic reads it: occupied cells, frontier, cells free of each colour and of each shape."""

    occupied: int
    frontier: int
    colour_free: list[int]
    shape_free: list[int]


def _solo(state: SoloState) -> float:
    """Expected final score in tiles."""
    board = state.board
    position = Masks(board.occupied, board.frontier, board.colour_free, board.shape_free)
    return _expected(position, state.piles, state.flips_left, state.is_terminal())


def _expected(board: Masks, piles: list[list[Tile]], flips: int, over: bool) -> float:
    """Expected final score in tiles of a board and piles with ``flips`` left (the tiles placed if ``over``)."""
    placed_now = board.occupied.bit_count()
    if over:
        return float(placed_now)
    empty, frontier, colour_free, shape_free = ~board.occupied, board.frontier, board.colour_free, board.shape_free
    room = [free & empty for free in colour_free]  # empty cells free of each colour: a flip ignores shape
    chance = survival_chances(len(colour_free) ** 2)
    if flips:  # a tile's chance depends on its colour alone
        by_colour = [chance[cells.bit_count()] for cells in room]
        hidden = [by_colour[c] for pile in piles for c, _s in pile[:-1]]
    else:
        hidden = [chance[(room[c] & shape_free[s]).bit_count()] for pile in piles for c, s in pile[:-1]]
    mean = sum(hidden) / len(hidden) if hidden else 0.0
    expected = float(placed_now)
    for pile in piles:
        if pile:
            below = len(pile) - 1
            # 1 + mean + mean^2 + ... + mean^below: the top, then the tiles below it until one has died
            chain = below + 1.0 if mean >= 1.0 else (1.0 - mean ** (below + 1)) / (1.0 - mean)
            colour, shape = pile[-1]
            cells = room[colour] if flips else room[colour] & shape_free[shape]
            ready = top_fits(frontier, colour_free, shape_free, pile[-1], flips)
            expected += chance[cells.bit_count()] * chain + (READY_BONUS if ready else 0.0)
    return min(expected, float(len(colour_free) ** 2))


@functools.cache
def survival_chances(cells: int) -> tuple[float, ...]:
    """A tile's chance to survive (:data:`SURVIVAL`) for each number of empty cells it fits, 0 to ``cells``: the
    heuristic runs in every rollout move, so it looks chances up rather than computing them."""
    return SURVIVAL + (SURVIVAL[-1],) * max(0, cells + 1 - len(SURVIVAL))


def _multi(state: MultiState, player: int) -> float:
    hand = state.hands[player]
    if not hand:
        return 1.0
    board = state.board
    playable = sum(1 for c, s in hand if board.legal_cells(c, s)) / len(hand)
    fewer = max(0.0, 1.0 - len(hand) / (state.rules.hand_size + 1))  # a position typed in may hold more
    following = _next_player(state, player)
    colours = [c for c, _ in state.hands[following]] if following is not None else []
    if not colours:  # no one follows (or, in a position typed in, with an empty hand)
        return 0.5 * fewer + 0.5 * playable
    # the next player's hand colours are public: open cells for them (over their hand) help them, not us
    cells = board.frontier.bit_count() or 1
    their_room = sum((board.frontier & board.colour_free[c]).bit_count() for c in colours) / (len(colours) * cells)
    return 0.45 * fewer + 0.45 * playable + 0.1 * (1.0 - their_room)


def _next_player(state: MultiState, player: int) -> int | None:
    """The next player after ``player`` still in the game, if any."""
    count = state.num_players
    for step in range(1, count):
        other = (player + step) % count
        if state.out[other] is None:
            return other
    return None
