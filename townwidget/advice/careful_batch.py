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
    """Each game's careful action number (see :class:`~townwidget.solvers.vector.SoloBatch` for the numbering)."""
    n, cells, games = work.rules.n, work.rules.tiles, len(work)
    tile_ids = np.arange(cells)
    everywhere = np.uint64((1 << cells) - 1)
    empty = ~work.occupied & everywhere
    fits = open_cells(
        empty[:, None], work.colour_free[:, tile_ids // n], work.shape_free[:, tile_ids % n]
    )  # (games, tiles)
    count = popcount(fits)
    tops = work.tops()  # (games, piles), -1 for an empty pile
    present, top = tops >= 0, np.maximum(tops, 0)
    rows = np.arange(games)[:, None]
    weight = ((remaining[:, None] >> tile_ids.astype(np.uint64)) & np.uint64(1)).astype(np.int64)
    weight[rows, top] += np.where(present, TOP_WEIGHT - 1, 0)
    chance = survival_table(cells)
    now = chance[count][:, :, None]  # (games, tiles, 1)
    # what tile t loses if a tile goes to cell x: the open cells in x's row and column when it shares the colour
    # or the shape of the placed tile (related), else cell x alone
    related = weight[:, :, None] * (now - chance[count[:, :, None] - popcount(fits[:, :, None] & work.tables.lines)])
    spot = (fits[:, :, None] >> np.arange(cells, dtype=np.uint64)) & np.uint64(1)
    unrelated = weight[:, :, None] * (now - chance[count[:, :, None] - spot.astype(np.int64)])
    extra = (related - unrelated).reshape(games, n, n, cells)
    base = unrelated.sum(axis=1)[:, None, :]  # (games, 1, cells)
    colour, shape = top // n, top % n
    by_colour = extra.sum(axis=2)[rows, colour]  # (games, piles, cells)
    by_shape = extra.sum(axis=1)[rows, shape]
    own_related, own_extra = related[rows, top], (related - unrelated)[rows, top]  # the placed tile is not lost
    plain = base + by_colour + by_shape - own_extra - own_related
    cost = plain[:, :, None, :]
    if work.layers == 2:
        flipped = base + by_colour - own_related + FLIP_COST * UNIT
        cost = np.stack([plain, flipped], axis=2)
    cost = cost + STUCK_COST * UNIT * _stuck_tops(work, fits, present, top, colour, shape)
    legal = ((masks[..., None] >> np.arange(cells, dtype=np.uint64)) & np.uint64(1)).astype(bool)
    # costs are integers: a uniform draw in [0, 1) breaks ties uniformly and never reorders different costs
    score = np.where(legal, rng.random(cost.shape) - cost, -np.inf)
    return score.reshape(games, -1).argmax(axis=1)


def _stuck_tops(
    work: SoloBatch,
    fits: NDArray[np.uint64],
    present: NDArray[np.bool_],
    top: NDArray[np.int64],
    colour: NDArray[np.int64],
    shape: NDArray[np.int64],
) -> NDArray[np.int64]:
    """For each placement (games, piles, layers, cells): the other piles' tops that fit no open cell next to the
    city after it."""
    cells, layers = work.rules.tiles, work.layers
    geometry_ = work.tables
    spots = np.left_shift(np.uint64(1), np.arange(cells, dtype=np.uint64))
    frontier = (work.frontier[:, None] | geometry_.neighbours[None, :]) & ~spots  # (games, cells)
    rows = np.arange(len(work))
    stuck = np.zeros((len(work), top.shape[1], layers, cells), dtype=np.int64)
    for other in range(top.shape[1]):
        their = fits[rows, top[:, other]][:, None, None]  # (games, 1, 1)
        same_colour = (colour == colour[:, [other]])[:, :, None]
        same_shape = (shape == shape[:, [other]])[:, :, None]
        for layer in range(layers):
            related = same_colour | same_shape if layer == 0 else same_colour
            lost = np.where(related, geometry_.lines[None, None, :], spots[None, None, :])
            left = their & ~lost & frontier[:, None, :]
            hit = (left == 0) & present[:, [other], None]
            hit[:, other] = False
            stuck[:, :, layer] += hit
    return stuck


__all__ = ["careful_actions", "careful_rollout"]
