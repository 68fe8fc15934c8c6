"""Compiled kernels for :mod:`townwidget.solvers.vector` (optional: importing this module needs numba).

The kernels play solo games one at a time with the same bitboards and the same uniform random policy as the
numpy path; each game draws from its own SplitMix64 stream, seeded from the caller's numpy generator. The placement
rule is :mod:`townwidget.town.bits`, compiled here.
Every integer constant is a ``uint64`` on purpose: numba turns mixed ``uint64`` / ``int64`` arithmetic into floats.

What keeps the loop fast (``benchmarks/vector_speed.py`` measures it): a game's board and random state live in
local variables (registers), not in arrays that every store could alias; the bit counts are the processor's own
instructions (LLVM's ``ctpop`` and ``cttz``); a tile's colour and shape come from tables, not from a division by the
run-time board size; and no option array is written: the options are counted, then walked again to the drawn one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]
from numba import njit, types
from numba.extending import intrinsic
from numpy.typing import NDArray

from townwidget.solvers import bitcount
from townwidget.town import bits

# A 64-bit mask or random state inside a kernel: numba's uint64 (Any to the type checker, to which numpy's scalar
# operators do not match the rule's Bits protocol).
Word = Any

# The rule on the masks, compiled: every operand is a uint64, so the same Python functions serve.
fitting_cells: Callable[..., Word] = njit(cache=True)(bits.fitting_cells)
flip_cells: Callable[..., Word] = njit(cache=True)(bits.flip_cells)
placed: Callable[..., tuple[Word, Word, Word]] = njit(cache=True)(bits.placed)
_splitmix64: Callable[..., tuple[Word, Word]] = njit(cache=True)(bitcount.splitmix64)

_ZERO, _ONE = np.uint64(0), np.uint64(1)


def _instruction(name: str, emit: Callable[[ir.IRBuilder, ir.Value], ir.Value]) -> Callable[[Any], int]:
    """A compiled function of one uint64 that is the single LLVM instruction ``emit`` writes (an int64)."""

    def typing(typingctx: Any, word: Any) -> Any:
        if word != types.uint64:
            return None

        def codegen(context: Any, builder: ir.IRBuilder, signature: Any, args: Any) -> ir.Value:
            return emit(builder, args[0])

        return types.int64(types.uint64), codegen

    typing.__name__ = name  # numba names the intrinsic after its typing function
    return cast(Callable[[Any], int], intrinsic(typing))


# The set bits of a uint64 (``popcnt`` where the processor has it) and the position of the lowest set bit of a
# uint64 that is not 0 (``tzcnt``).
_popcount = _instruction("popcount", lambda builder, word: builder.ctpop(word))
_lowest_bit = _instruction("lowest_bit", lambda builder, word: builder.cttz(word, ir.Constant(ir.IntType(1), 1)))


@njit(cache=True)
def _below(state: Word, bound: int) -> tuple[Word, int]:
    """The next SplitMix64 state after ``state`` and a uniform integer in 0..bound-1 drawn from it (bias below
    bound / 2**53)."""
    state, z = _splitmix64(state)
    return state, int(((z >> np.uint64(11)) * np.uint64(bound)) >> np.uint64(53))


@njit(cache=True)
def _select_bit(mask: Word, rank: int) -> int:
    """The position of the ``rank``-th (from 0, lowest first) set bit of ``mask``."""
    for _ in range(rank):
        mask &= mask - _ONE
    return _lowest_bit(mask)


@njit(cache=True)
def _top(piles: NDArray[np.int8], heights: NDArray[np.int64], pile: int) -> int:
    """The tile on top of ``pile``, -1 when it is empty."""
    return int(piles[pile, heights[pile] - 1]) if heights[pile] > 0 else -1


@njit(cache=True)
def _cells(
    frontier: Word,
    colour_free: NDArray[np.uint64],
    shape_free: NDArray[np.uint64],
    top: int,
    flipped: bool,
    colours: NDArray[np.int64],
    shapes: NDArray[np.int64],
) -> Word:
    """The cells where the tile ``top`` (-1: an empty pile) may go, plain or flipped."""
    if top < 0:
        return _ZERO
    free_colour, free_shape = colour_free[colours[top]], shape_free[shapes[top]]
    if flipped:
        return flip_cells(frontier, free_colour, free_shape)
    return fitting_cells(frontier, free_colour, free_shape)


@njit(cache=True)
def _play(
    occupied: Word,
    frontier: Word,
    colour_free: NDArray[np.uint64],
    shape_free: NDArray[np.uint64],
    piles: NDArray[np.int8],
    heights: NDArray[np.int64],
    flips: int,
    lines: NDArray[np.uint64],
    neighbours: NDArray[np.uint64],
    state: Word,
    colours: NDArray[np.int64],
    shapes: NDArray[np.int64],
) -> tuple[Word, Word, int, Word]:
    """Play one game to its end (``colour_free``, ``shape_free``, ``heights`` in place); returns the occupied
    cells, the frontier, the flips left and the random state. The options are (pile, plain) then (pile, flipped)
    for each pile in turn, as the scalar engine lists its actions."""
    while True:
        layers = 2 if flips > 0 else 1  # with no flip left the flipped options are empty
        total = 0
        for pile in range(len(heights)):
            top = _top(piles, heights, pile)
            for layer in range(layers):
                total += _popcount(_cells(frontier, colour_free, shape_free, top, layer == 1, colours, shapes))
        if total == 0:
            return occupied, frontier, flips, state
        state, rank = _below(state, total)
        pile, layer = 0, 0
        while True:  # the options again, in the same order, up to the drawn one
            top = _top(piles, heights, pile)
            mask = _cells(frontier, colour_free, shape_free, top, layer == 1, colours, shapes)
            count = _popcount(mask)
            if rank < count:
                break
            rank -= count
            layer += 1
            if layer == layers:
                pile, layer = pile + 1, 0
        cell = _select_bit(mask, rank)
        heights[pile] -= 1
        colour, shape = colours[top], shapes[top]
        occupied |= _ONE << np.uint64(cell)
        frontier, colour_free[colour], free_shape = placed(
            frontier, occupied, neighbours[cell], lines[cell], colour_free[colour], shape_free[shape]
        )
        if layer == 1:  # a flipped tile blocks no shape
            flips -= 1
        else:
            shape_free[shape] = free_shape


@njit(cache=True)
def _tile_tables(n: int) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The colour and the shape of each tile number ``colour * n + shape``."""
    tiles = np.arange(n * n, dtype=np.int64)
    return tiles // n, tiles % n


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
    colours, shapes = _tile_tables(n)
    for game in range(len(occupied)):
        if done[game]:
            continue
        occupied[game], frontier[game], flips_left[game], _ = _play(
            occupied[game], frontier[game], colour_free[game], shape_free[game], piles[game], heights[game],
            flips_left[game], lines, neighbours, seeds[game], colours, shapes,
        )  # fmt: skip


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
    colours, shapes = _tile_tables(n)
    everywhere = ~_ZERO >> np.uint64(64 - n * n)  # every cell; 1 << 64 would wrap to 1 on an 8 x 8 board
    for game in range(len(seeds)):
        state = seeds[game]
        for i in range(n * n - 1, 0, -1):  # Fisher-Yates
            state, j = _below(state, i + 1)
            tiles[i], tiles[j] = tiles[j], tiles[i]
        start = 0
        for pile in range(len(sizes)):
            piles[pile, : sizes[pile]] = tiles[start : start + sizes[pile]]
            heights[pile] = sizes[pile]
            start += sizes[pile]
        colour_free[:] = everywhere
        shape_free[:] = everywhere
        occupied, _, _, _ = _play(
            _ZERO, _ONE, colour_free, shape_free, piles, heights, flips, lines, neighbours, state, colours, shapes
        )
        scores[game] = _popcount(occupied)
    return scores
