"""The search's heuristic rollouts of Town solo, compiled: the same policy as the plain search's, many times faster.

A rollout of :mod:`townwidget.agents.mcts` plays a few moves, each the best of the legal placements by the
position estimate after it (:func:`townwidget.town.heuristic.evaluate_after`, flips included), then scores the
position by that estimate. In Python a rollout move costs about 60 microseconds on a 6 x 6 board, most of a Town
66 search. Here the same moves are played on the masks of :mod:`townwidget.town.bits` in numba, with the same order
of candidates, the same first-best choice among equals, the same floating-point sums and, where a move has more
placements than :data:`~townwidget.agents.mcts.ROLLOUT_CHOICES` (a wide city with flips left), the same sample of
them drawn from the search's generator (:class:`~townwidget.core.Rng`'s SplitMix64, whose state is handed in and
back): a rollout gives the plain rollout's reward and leaves the generator where the plain one does (the test
compares both), so a search plays the same moves with it, only faster.

:func:`heuristic_rollout` is a :data:`~townwidget.agents.mcts.Rollout`: ``None`` where it does not apply (without
numba, other games), so that the search rolls out in Python there.

>>> from townwidget import town
>>> from townwidget.core import Rng
>>> game = town.new_solo("town66", seed=0)
>>> rewards = heuristic_rollout(game, 6, Rng(1))
>>> rewards is None or 0.0 < rewards[0] <= 1.0
True
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from townwidget.core import Rng, State
from townwidget.solvers import bitcount
from townwidget.solvers.value import (
    COMPILED,
    Ints,
    Masks,
    _fitting_cells,
    _flip_cells,
    _jit,
    _popcount,
    arrays,
    fits_now,
    learned_rollout,
    lowest_cell,
    put,
    top_fits,
)
from townwidget.solvers.value import warm_up as value_warm_up
from townwidget.solvers.vector import MAX_BATCH_N, tables
from townwidget.town.heuristic import READY_BONUS, survival_chances
from townwidget.town.state import SoloState, new_solo

CHOICES = 32  # the most placements a rollout move compares (mcts.ROLLOUT_CHOICES: a test holds them equal)
_LOW = np.uint64(0xFFFFFFFF)
_splitmix64 = _jit(bitcount.splitmix64)


@_jit
def _randbelow(stream: NDArray[np.uint64], bound: int) -> int:
    """``Rng.randbelow(bound)`` for ``bound`` < 2**32 on the generator whose state is ``stream[0]``: SplitMix64's
    next output times ``bound``, its high 64 bits (from 32-bit halves: numba has no 128-bit product)."""
    stream[0], word = _splitmix64(stream[0])
    wide = np.uint64(bound)
    return np.int64(((word >> np.uint64(32)) * wide + (((word & _LOW) * wide) >> np.uint64(32))) >> np.uint64(32))


@_jit
def expected(
    n: int, occupied: Any, frontier: Any, colour_free: Masks, shape_free: Masks, piles: Ints, heights: Ints,
    flips: int, chance: NDArray[np.float64],
) -> float:  # fmt: skip
    """The heuristic's expected final score (``town.heuristic._expected``, summed in the same order) of a game that
    goes on."""
    empty = ~occupied
    hidden, count = 0.0, 0
    for pile in range(len(heights)):
        for depth in range(heights[pile] - 1):  # below the top: bottom first, as the plain piles list them
            tile = piles[pile, depth]
            cells = colour_free[tile // n] & empty
            if not flips:
                cells &= shape_free[tile % n]
            hidden += chance[_popcount(cells)]
            count += 1
    mean = hidden / count if count else 0.0
    total = float(_popcount(occupied))
    for pile in range(len(heights)):
        if heights[pile] == 0:
            continue
        below = heights[pile] - 1
        chain = below + 1.0 if mean >= 1.0 else (1.0 - mean ** float(below + 1)) / (1.0 - mean)
        tile = piles[pile, below]
        free_colour, free_shape = colour_free[tile // n], shape_free[tile % n]
        cells = free_colour & empty if flips else free_colour & empty & free_shape
        ready = top_fits(frontier, free_colour, free_shape, flips)
        total += chance[_popcount(cells)] * chain + (READY_BONUS if ready else 0.0)
    return min(total, float(n * n))


@_jit
def _value_after(
    n: int, occupied: Any, frontier: Any, colour_free: Masks, shape_free: Masks, piles: Ints, heights: Ints,
    lines: Masks, neighbours: Masks, flips: int, chance: NDArray[np.float64], pile: int, cell: int, flip: bool,
) -> float:  # fmt: skip
    """The estimate after placing the top of ``pile`` on ``cell`` (the arrays are as before on return), over the
    tiles of the board as the plain heuristic divides it."""
    tile = piles[pile, heights[pile] - 1]
    kept = colour_free[tile // n], shape_free[tile % n]
    taken, front = put(
        n, occupied, frontier, colour_free, shape_free, piles, heights, lines, neighbours, pile, cell, flip
    )
    left = flips - (1 if flip else 0)
    if fits_now(n, front, colour_free, shape_free, piles, heights, left):
        value = expected(n, taken, front, colour_free, shape_free, piles, heights, left, chance)
    else:
        value = float(_popcount(taken))
    heights[pile] += 1
    colour_free[tile // n], shape_free[tile % n] = kept
    return value / (n * n)


@_jit
def _moves(
    n: int, frontier: Any, colour_free: Masks, shape_free: Masks, piles: Ints, heights: Ints, flips: int, out: Ints
) -> int:
    """The legal placements as rows (pile, cell, flip) of ``out``, in the order of ``legal_actions``; their number."""
    count = 0
    for pile in range(len(heights)):
        if heights[pile] == 0:
            continue
        tile = piles[pile, heights[pile] - 1]
        free_colour, free_shape = colour_free[tile // n], shape_free[tile % n]
        count = _add_rows(out, count, pile, _fitting_cells(frontier, free_colour, free_shape), 0)
        if flips:
            count = _add_rows(out, count, pile, _flip_cells(frontier, free_colour, free_shape), 1)
    return count


@_jit
def _add_rows(out: Ints, count: int, pile: int, cells: Any, flip: int) -> int:
    """A row (pile, cell, flip) of ``out`` from row ``count`` on for each cell of ``cells``, lowest first; the rows."""
    while cells:
        out[count, 0], out[count, 1], out[count, 2] = pile, lowest_cell(cells), flip
        cells &= cells - np.uint64(1)
        count += 1
    return count


@_jit
def _compared(count: int, stream: NDArray[np.uint64], out: Ints) -> int:
    """The options a rollout move compares, into ``out``: all ``count`` in order, or past :data:`CHOICES` that many
    drawn with repeats, each kept once in the order drawn (``mcts.heuristic_move``); their number."""
    if count <= CHOICES:
        out[:count] = np.arange(count)
        return count
    kept = 0
    for _ in range(CHOICES):
        pick = _randbelow(stream, count)
        seen = False
        for k in range(kept):
            seen = seen or out[k] == pick
        if not seen:
            out[kept] = pick
            kept += 1
    return kept


@_jit
def playout(
    n: int, occupied: Any, frontier: Any, colour_free: Masks, shape_free: Masks, piles: Ints, heights: Ints,
    lines: Masks, neighbours: Masks, flips: int, chance: NDArray[np.float64], moves: int, stream: NDArray[np.uint64],
) -> float:  # fmt: skip
    """Up to ``moves`` rollout moves (the arrays and the generator ``stream`` change in place), then the reward: the
    tiles placed over the board's if the game is over, else the estimate over the board's tiles."""
    options = np.zeros((2 * n * n * len(heights), 3), dtype=np.int64)
    compared = np.zeros(2 * n * n * len(heights), dtype=np.int64)
    for _ in range(moves):
        count = _moves(n, frontier, colour_free, shape_free, piles, heights, flips, options)
        if count == 0:
            return _popcount(occupied) / (n * n)
        best = 0  # a single placement is played unrated, as in the plain rollout
        if count > 1:
            best_value = -1.0
            for k in range(_compared(count, stream, compared)):
                option = compared[k]
                pile, cell, flip = options[option, 0], options[option, 1], options[option, 2]
                value = _value_after(n, occupied, frontier, colour_free, shape_free, piles, heights, lines,
                                     neighbours, flips, chance, pile, cell, flip != 0)  # fmt: skip
                if value > best_value:  # the first in order among equals
                    best, best_value = option, value
        pile, cell, flip = options[best, 0], options[best, 1], options[best, 2]
        occupied, frontier = put(n, occupied, frontier, colour_free, shape_free, piles, heights, lines, neighbours,
                                 pile, cell, flip != 0)  # fmt: skip
        flips -= flip
    if not fits_now(n, frontier, colour_free, shape_free, piles, heights, flips):
        return _popcount(occupied) / (n * n)
    return expected(n, occupied, frontier, colour_free, shape_free, piles, heights, flips, chance) / (n * n)


@cache
def _chance_table(n: int) -> NDArray[np.float64]:
    return np.array(survival_chances(n * n), dtype=np.float64)


def heuristic_rollout(state: State, moves: int, rng: Rng) -> list[float] | None:
    """The rewards of a heuristic rollout of ``moves`` moves from a Town solo ``state`` (which does not change),
    compiled, drawing from ``rng`` as the plain rollout does; ``None`` without numba or for other states."""
    if not COMPILED or not isinstance(state, SoloState) or state.rules.n > MAX_BATCH_N:
        return None
    n, geometry = state.rules.n, tables(state.rules.n)
    stream = np.array([rng.state], dtype=np.uint64)
    reward = playout(*arrays(state), geometry.lines, geometry.neighbours, state.flips_left, _chance_table(n), moves,
                     stream)  # fmt: skip
    rng.state = int(stream[0])
    return [reward]


def search_rollout(state: State, moves: int, rng: Rng) -> list[float] | None:
    """The expert's rollout (a :data:`~townwidget.agents.mcts.Rollout`): on the learned value where it applies
    (:func:`~townwidget.solvers.value.learned_rollout`: Town 77 once no flips are left), else on the heuristic,
    compiled; ``None`` without numba or for other games."""
    learned = learned_rollout(state, moves)
    return learned if learned is not None else heuristic_rollout(state, moves, rng)


def warm_up() -> None:
    """Compile both rollouts now, if numba is installed (:func:`townwidget.solvers.value.warm_up`)."""
    if COMPILED:
        value_warm_up()
        heuristic_rollout(new_solo("town66", seed=0), 1, Rng(0))
