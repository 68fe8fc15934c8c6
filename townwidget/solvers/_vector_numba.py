"""Compiled kernels for :mod:`townwidget.solvers.vector` (optional: importing this module needs numba).

The kernels play solo games one at a time with the same bitboards and the same uniform random policy as the
numpy path; each game draws from its own SplitMix64 stream, seeded from the caller's numpy generator. The placement
rule is :mod:`townwidget.town.bits`, compiled here.
Every integer constant is a ``uint64`` on purpose: numba turns mixed ``uint64`` / ``int64`` arithmetic into floats.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numpy.typing import NDArray

from townwidget.solvers import bitcount
from townwidget.town import bits

# The rule on the masks, compiled: every operand is a uint64, so the same Python functions serve.
fitting_cells = njit(cache=True)(bits.fitting_cells)
flip_cells = njit(cache=True)(bits.flip_cells)
placed = njit(cache=True)(bits.placed)
_popcount = njit(cache=True)(bitcount.popcount)

_ZERO, _ONE = np.uint64(0), np.uint64(1)
_GAMMA, _MIX1, _MIX2 = np.uint64(0x9E3779B97F4A7C15), np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)


@njit(cache=True)
def _below(state: NDArray[np.uint64], bound: int) -> int:
    """A uniform integer in 0..bound-1 from the SplitMix64 stream kept in ``state[0]`` (bias below bound / 2**53)."""
    state[0] += _GAMMA
    z = state[0]
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    z = z ^ (z >> np.uint64(31))
    return int(((z >> np.uint64(11)) * np.uint64(bound)) >> np.uint64(53))


@njit(cache=True)
def _play(
    n: int,
    board: NDArray[np.uint64],
    colour_free: NDArray[np.uint64],
    shape_free: NDArray[np.uint64],
    piles: NDArray[np.int8],
    heights: NDArray[np.int64],
    flips: int,
    lines: NDArray[np.uint64],
    neighbours: NDArray[np.uint64],
    state: NDArray[np.uint64],
    options: NDArray[np.uint64],
    counts: NDArray[np.int64],
) -> int:
    """Play one game to its end in place (``board`` = [occupied, frontier]); returns the flips left.
    ``options`` and ``counts`` (two per pile: plain, flipped) are scratch space, allocated once per batch."""
    while True:
        total = 0
        for pile in range(len(heights)):
            options[2 * pile] = options[2 * pile + 1] = _ZERO
            if heights[pile] > 0:
                tile = int(piles[pile, heights[pile] - 1])
                free_colour, free_shape = colour_free[tile // n], shape_free[tile % n]
                options[2 * pile] = fitting_cells(board[1], free_colour, free_shape)
                if flips > 0:
                    options[2 * pile + 1] = flip_cells(board[1], free_colour, free_shape)
            for option in (2 * pile, 2 * pile + 1):
                counts[option] = _popcount(options[option])
                total += counts[option]
        if total == 0:
            return flips
        rank = _below(state, total)
        option = 0
        while rank >= counts[option]:
            rank -= counts[option]
            option += 1
        mask = options[option]
        for _ in range(rank):
            mask &= mask - _ONE
        cell = _popcount((mask & (~mask + _ONE)) - _ONE)
        pile, flip = option // 2, option % 2
        heights[pile] -= 1
        tile = int(piles[pile, heights[pile]])
        board[0] |= _ONE << np.uint64(cell)
        colour, shape = tile // n, tile % n
        board[1], colour_free[colour], free_shape = placed(
            board[1], board[0], neighbours[cell], lines[cell], colour_free[colour], shape_free[shape]
        )
        if flip:
            flips -= 1
        else:
            shape_free[shape] = free_shape


@njit(cache=True)
def rollout(
    n: int,
    occupied: NDArray[np.uint64],
    frontier: NDArray[np.uint64],
    colour_free: NDArray[np.uint64],
    shape_free: NDArray[np.uint64],
    piles: NDArray[np.int8],
    heights: NDArray[np.int64],
    flips_left: NDArray[np.int64],
    done: NDArray[np.bool_],
    lines: NDArray[np.uint64],
    neighbours: NDArray[np.uint64],
    seeds: NDArray[np.uint64],
) -> None:
    """Play every unfinished game of a batch (the arrays of a ``SoloBatch``) to its end, in place."""
    board, state = np.zeros(2, dtype=np.uint64), np.zeros(1, dtype=np.uint64)
    options, counts = np.zeros(2 * heights.shape[1], dtype=np.uint64), np.zeros(2 * heights.shape[1], dtype=np.int64)
    for game in range(len(occupied)):
        if done[game]:
            continue
        board[0], board[1], state[0] = occupied[game], frontier[game], seeds[game]
        flips_left[game] = _play(
            n, board, colour_free[game], shape_free[game], piles[game], heights[game], flips_left[game],
            lines, neighbours, state, options, counts,
        )  # fmt: skip
        occupied[game], frontier[game] = board[0], board[1]


@njit(cache=True)
def playouts(
    n: int,
    flips: int,
    sizes: NDArray[np.int64],
    lines: NDArray[np.uint64],
    neighbours: NDArray[np.uint64],
    seeds: NDArray[np.uint64],
) -> NDArray[np.int64]:
    """New solo games (a uniform shuffle into piles of ``sizes``, as ``new_solo`` deals) played to the end:
    the tiles placed per game."""
    scores = np.zeros(len(seeds), dtype=np.int64)
    tiles = np.arange(n * n).astype(np.int8)
    piles = np.zeros((len(sizes), sizes[0]), dtype=np.int8)
    heights = np.zeros(len(sizes), dtype=np.int64)
    colour_free, shape_free = np.zeros(n, dtype=np.uint64), np.zeros(n, dtype=np.uint64)
    board, state = np.zeros(2, dtype=np.uint64), np.zeros(1, dtype=np.uint64)
    options, counts = np.zeros(2 * len(sizes), dtype=np.uint64), np.zeros(2 * len(sizes), dtype=np.int64)
    everywhere = (_ONE << np.uint64(n * n)) - _ONE
    for game in range(len(seeds)):
        state[0] = seeds[game]
        for i in range(n * n - 1, 0, -1):  # Fisher-Yates
            j = _below(state, i + 1)
            tiles[i], tiles[j] = tiles[j], tiles[i]
        start = 0
        for pile in range(len(sizes)):
            piles[pile, : sizes[pile]] = tiles[start : start + sizes[pile]]
            heights[pile] = sizes[pile]
            start += sizes[pile]
        colour_free[:] = everywhere
        shape_free[:] = everywhere
        board[0], board[1] = _ZERO, _ONE
        _play(n, board, colour_free, shape_free, piles, heights, flips, lines, neighbours, state, options, counts)
        scores[game] = _popcount(board[0])
    return scores
