"""The careful solo policy of :mod:`townwidget.advice.careful` on a batch of games at once (numpy): the same costs,
in the same integer units, so both forms see the same ties.

>>> from townwidget import town
>>> batch = SoloBatch.from_state(town.new_solo("town66", seed=2), copies=8, seed=0)
>>> scores = careful_rollout(batch)
>>> bool(batch.done.all()), bool((scores >= 20).all())
(True, True)
"""

from __future__ import annotations

from functools import cache

import numpy as np
from numpy.typing import NDArray

from townwidget.advice.careful import FLIP_COST, STUCK_COST, TOP_WEIGHT, UNIT, survival_chances
from townwidget.solvers.vector import SoloBatch, popcount
from townwidget.town.bits import open_cells

CHUNK = 512  # games scored together (the work per move is games x tiles x cells)


@cache
def survival_table(cells: int) -> NDArray[np.int64]:
    """:func:`~townwidget.advice.careful.survival_chances` as an array, to index by counts of open cells."""
    return np.array(survival_chances(cells), dtype=np.int64)


def careful_rollout(batch: SoloBatch) -> NDArray[np.int64]:
    """Play every game of ``batch`` to its end with the careful policy, in place; returns the tiles placed.

    >>> from townwidget import town
    >>> batch = SoloBatch.from_state(town.new_solo("town66", seed=2), copies=8, seed=0)
    >>> scores = careful_rollout(batch)
    >>> bool(batch.done.all()), bool((scores >= 20).all())
    (True, True)
    """
    for start in range(0, len(batch), CHUNK):
        rows = np.arange(start, min(start + CHUNK, len(batch)))
        part = batch.take(rows)
        _play(part)
        batch._write_rows(rows, part)
    return batch.placed()


def careful_actions(batch: SoloBatch) -> NDArray[np.int64]:
    """The careful policy's action number for each game of ``batch`` (-1 for a finished game), ties broken by the
    batch's generator; ``batch.step`` plays them.

    >>> from townwidget import town
    >>> game = town.new_solo("town66", seed=2)
    >>> batch = SoloBatch.from_state(game, copies=2, seed=0)
    >>> batch.action(0, int(careful_actions(batch)[0])) in game.legal_actions()
    True
    """
    masks = batch.option_masks()
    live = masks.reshape(len(batch), -1).any(axis=1)
    out = np.full(len(batch), -1, dtype=np.int64)
    rows = np.flatnonzero(live)
    if len(rows):
        part = batch.take(rows)
        out[rows] = _choose(part, masks[rows], _remaining(part), batch.rng)
    return out


def _remaining(batch: SoloBatch) -> NDArray[np.uint64]:
    """The tiles still in the piles of each game, as a mask (bit ``colour * n + shape``)."""
    depth = np.arange(batch.piles.shape[2])
    present = depth[None, None, :] < batch.heights[:, :, None]
    bits = np.left_shift(np.uint64(1), batch.piles.astype(np.uint64))
    return np.bitwise_or.reduce(np.where(present, bits, np.uint64(0)).reshape(len(batch), -1), axis=1)


def _play(batch: SoloBatch) -> None:
    """Play the games of ``batch`` to the end (all moves of a move number together, finished games dropped)."""
    cells = batch.rules.tiles
    work, rows, remaining = batch, np.arange(len(batch)), _remaining(batch)
    while True:
        masks = work.option_masks()  # (games, piles, layers) cells where each top may go
        live = masks.reshape(len(work), -1).any(axis=1)
        work.done[:] = ~live
        if not live.all():
            batch._write_rows(rows, work)
            keep = np.flatnonzero(live)
            if not len(keep):
                return
            work, rows, masks, remaining = work.take(keep), rows[keep], masks[keep], remaining[keep]
        choice = _choose(work, masks, remaining, batch.rng)
        layers = work.layers
        pile, layer, cell = choice // (layers * cells), choice // cells % layers, choice % cells
        games = np.arange(len(work))
        tile = work.tops()[games, pile]
        work._apply(games, pile, layer, cell)
        remaining &= ~np.left_shift(np.uint64(1), tile.astype(np.uint64))


def _choose(
    work: SoloBatch, masks: NDArray[np.uint64], remaining: NDArray[np.uint64], rng: np.random.Generator
) -> NDArray[np.int64]:
    """Each game's careful action number (see :class:`~townwidget.solvers.vector.SoloBatch` for the numbering).

    Its work grows with the tiles still in play times the cells where a top may go, not with the whole board:
    only the tiles still to come can lose (the others weigh 0) and only a legal cell needs a cost."""
    n, cells, games = work.rules.n, work.rules.tiles, len(work)
    empty = ~work.occupied & np.uint64((1 << cells) - 1)
    tops = work.tops()  # (games, piles), -1 for an empty pile
    present, top = tops >= 0, np.maximum(tops, 0)
    tiles, in_play = _set_bits(remaining, cells)  # (games, tiles in play)
    spots, _ = _set_bits(np.bitwise_or.reduce(masks.reshape(games, -1), axis=1), cells)  # (games, legal cells)
    top_bits = np.bitwise_or.reduce(np.where(present, np.left_shift(np.uint64(1), top.astype(np.uint64)), 0), axis=1)
    is_top = ((top_bits[:, None] >> tiles.astype(np.uint64)) & np.uint64(1)).astype(np.int64)
    weight = in_play * (1 + (TOP_WEIGHT - 1) * is_top)
    # what tile t loses if a tile goes to cell x: the open cells in x's row and column when it shares the colour
    # or the shape of the placed tile (related), else cell x alone
    related, unrelated = _losses(_open(work, empty, tiles), weight, spots, work.tables.lines)
    top_fits = _open(work, empty, top)  # (games, piles): the placed tile is not lost, its own terms come off
    own_related, own_unrelated = _losses(top_fits, np.full(top.shape, TOP_WEIGHT), spots, work.tables.lines)
    extra = related - unrelated
    base = unrelated.sum(axis=1)[:, None, :]  # (games, 1, legal cells)
    colour, shape = top // n, top % n
    by_colour = np.matmul((tiles // n)[:, None, :] == colour[:, :, None], extra)  # (games, piles, legal cells)
    by_shape = np.matmul((tiles % n)[:, None, :] == shape[:, :, None], extra)
    plain = base + by_colour + by_shape - 2 * own_related + own_unrelated
    cost = plain[:, :, None, :]
    if work.layers == 2:
        flipped = base + by_colour - own_related + FLIP_COST * UNIT
        cost = np.stack([plain, flipped], axis=2)
    cost = cost + STUCK_COST * UNIT * _stuck_tops(work, top_fits, present, colour, shape, spots)
    legal = ((masks[..., None] >> spots[:, None, None, :].astype(np.uint64)) & np.uint64(1)).astype(bool)
    # costs are integers: a uniform draw in [0, 1) breaks ties uniformly and never reorders different costs (one
    # draw per action of the whole board, so the draws of a cell do not depend on which cells are legal)
    draws = np.take_along_axis(rng.random((games, *masks.shape[1:], cells)), spots[:, None, None, :], axis=3)
    best = np.where(legal, draws - cost, -np.inf).reshape(games, -1).argmax(axis=1)
    pile_layer, slot = np.divmod(best, spots.shape[1])
    return pile_layer * cells + spots[np.arange(games), slot]


def _set_bits(masks: NDArray[np.uint64], width: int) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The set bits of each mask, as bit numbers (rows padded with 0 to the most in any row), and 1 where a slot
    holds one (0 for the padding)."""
    bits = ((masks[:, None] >> np.arange(width, dtype=np.uint64)) & np.uint64(1)).astype(bool)
    counts = bits.sum(axis=1)
    row, bit = np.nonzero(bits)
    slot = np.arange(len(bit)) - np.repeat(np.cumsum(counts) - counts, counts)
    numbers = np.zeros((len(masks), max(int(counts.max(initial=0)), 1)), dtype=np.int64)
    held = np.zeros_like(numbers)
    numbers[row, slot], held[row, slot] = bit, 1
    return numbers, held


def _open(work: SoloBatch, empty: NDArray[np.uint64], tiles: NDArray[np.int64]) -> NDArray[np.uint64]:
    """The open cells of each game's ``tiles`` (games, k)."""
    n = work.rules.n
    colour_free = np.take_along_axis(work.colour_free, tiles // n, axis=1)
    return open_cells(empty[:, None], colour_free, np.take_along_axis(work.shape_free, tiles % n, axis=1))


def _losses(
    fits: NDArray[np.uint64], weight: NDArray[np.int64], spots: NDArray[np.int64], lines: NDArray[np.uint64]
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """What each tile's chance loses (times its weight) when a tile goes to each of the cells ``spots``,
    (games, k, spots): when the placed tile shares its colour or shape (its open cells in that cell's row and
    column are lost), and when it does not (that cell alone)."""
    chance = survival_table(len(lines))
    count = popcount(fits)
    now = chance[count]
    in_line = popcount(fits[..., None] & lines[spots][:, None, :])
    related = weight[..., None] * (now[..., None] - chance[count[..., None] - in_line])
    spot = ((fits[..., None] >> spots[:, None, :].astype(np.uint64)) & np.uint64(1)).astype(np.int64)
    unrelated = (weight * (now - chance[np.maximum(count - 1, 0)]))[..., None] * spot
    return related, unrelated


def _stuck_tops(
    work: SoloBatch,
    top_fits: NDArray[np.uint64],
    present: NDArray[np.bool_],
    colour: NDArray[np.int64],
    shape: NDArray[np.int64],
    spots: NDArray[np.int64],
) -> NDArray[np.int64]:
    """For each placement (games, piles, layers, the cells ``spots``): the other piles' tops that fit no open cell
    next to the city after it."""
    layers = work.layers
    geometry_ = work.tables
    cell_bits = np.left_shift(np.uint64(1), spots.astype(np.uint64))
    frontier = (work.frontier[:, None] | geometry_.neighbours[spots]) & ~cell_bits  # (games, spots)
    lines = geometry_.lines[spots][:, None, :]
    stuck = np.zeros((len(work), top_fits.shape[1], layers, spots.shape[1]), dtype=np.int64)
    for other in range(top_fits.shape[1]):
        their = top_fits[:, other][:, None, None]  # (games, 1, 1)
        same_colour = (colour == colour[:, [other]])[:, :, None]
        same_shape = (shape == shape[:, [other]])[:, :, None]
        for layer in range(layers):
            related = same_colour | same_shape if layer == 0 else same_colour
            lost = np.where(related, lines, cell_bits[:, None, :])
            left = their & ~lost & frontier[:, None, :]
            hit = (left == 0) & present[:, [other], None]
            hit[:, other] = False
            stuck[:, :, layer] += hit
    return stuck


__all__ = ["careful_actions", "careful_rollout"]
