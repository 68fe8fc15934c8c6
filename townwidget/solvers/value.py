"""A learned value of solo positions: how many tiles a player can expect to place, from what they see.

The game ends when no pile top fits, so what matters is how many homes (empty cells free of a tile's colour and
shape) the tiles still to come keep, and whether the pile tops fit now. The value is linear in a few counts of
that kind (:data:`FEATURES`), with its own weights for each stage of the game (every :data:`STAGE` tiles placed):

- the tiles placed, the frontier's cells and the empty cells;
- the pile tops: how many fit now, and how many have 0, 1, 2 or 3-4 homes left; the empty piles;
- the tiles below the tops: how many have 0, 1, 2, 3-4, 5-7, 8-11 or 12+ homes; their number; the lowest and
  highest pile.

It reads the board, the pile tops, the pile sizes and the set of tiles below the tops (not their order), so two
states that look the same to the player get the same value. The weights come from self-play (:func:`train`): whole
games played in compiled code, each move the best by the value after it, and the weights refitted by least squares
to the tiles those games went on to place; a few rounds of that policy iteration. Greedy play on this value
places more tiles than greedy play on the heuristic of :mod:`townwidget.town.heuristic` on every board it was
trained for (``benchmarks/learned_value.py``, figures in ``docs/benchmarks.md``).

:data:`WEIGHTS` holds the trained weights per board size (plain rules: no flips), read from ``value_weights.json`` next
to this module (made by ``python -m townwidget.solvers.value``). The functions below work on the masks of
:mod:`townwidget.town.bits` and numpy arrays, so one source serves plain Python and, with numba installed (the ``fast``
extra), compiled code (:data:`COMPILED`); :mod:`townwidget.solvers.rollout` places tiles with them too.

A player who looks one move ahead rates each move by :func:`after_value` with ``honest`` (:func:`honest_values`;
:func:`after_features` gives the counts alike, for a value of another form): the value averaged over every tile that
may come up, not the one that will (the ``"learned"`` agent, :mod:`townwidget.agents.learned`). Search agents roll
out with :func:`greedy_playout` only where that helps and is quick (:func:`playout_value`, through
:func:`learned_rollout`, which the expert's rollout tries first): compiled, on the boards of :data:`ROLLOUT_BOARDS`
(Town 77), once no flips are left.

>>> from townwidget import town
>>> game = town.new_solo("town77", seed=0)
>>> 20.0 < position_value(game) < 45.0
True
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from townwidget.solvers import bitcount
from townwidget.solvers import weights as stored_weights
from townwidget.solvers.vector import tables
from townwidget.town import bits
from townwidget.town.actions import Place
from townwidget.town.rules import resolve_rules
from townwidget.town.state import SoloState, new_solo, pile_sizes

if TYPE_CHECKING:
    from townwidget.core import Rng, State

F = TypeVar("F", bound=Callable[..., Any])

try:  # compiled with the "fast" extra; the same functions run as plain Python without it
    from numba import njit as _njit

    COMPILED = True

    def _jit(function: F) -> F:
        return _njit(cache=True)(function)  # type: ignore[return-value]  # a dispatcher, called alike

except ImportError:  # pragma: no cover - numba is part of the test set-up
    COMPILED = False

    def _jit(function: F) -> F:
        return function


FEATURES = (
    "one",
    "placed",
    "frontier cells",
    "empty cells",
    "empty piles",
    "tops that fit now",
    "tops with 0 homes",
    "tops with 1 home",
    "tops with 2 homes",
    "tops with 3-4 homes",
    "hidden with 0 homes",
    "hidden with 1 home",
    "hidden with 2 homes",
    "hidden with 3-4 homes",
    "hidden with 5-7 homes",
    "hidden with 8-11 homes",
    "hidden with 12+ homes",
    "hidden tiles",
    "lowest pile",
    "highest pile",
)
NUM_FEATURES = len(FEATURES)
STAGE = 5  # tiles placed per stage: each stage has its own weights
WEIGHTS_FILE = Path(__file__).with_name("value_weights.json")
# Boards whose searches roll out on the learned value: where the expert was measured to play better so. On Town 44
# its opening gained nothing in exact value (paired, docs/benchmarks.md): six rollout moves nearly end the game there.
ROLLOUT_BOARDS = frozenset({7})
HIDDEN_BINS = (0, 1, 2, 3, 3, 4, 4, 4, 5, 5, 5, 5)  # homes 0..11 -> bin; 12 and more: bin 6
TOP_BINS = (0, 1, 2, 3, 3)  # homes 0..4 -> bin; more: not counted

Masks = NDArray[np.uint64]
Ints = NDArray[np.int64]
Weights = NDArray[np.float64]
NO_FEATURES = np.zeros(0)  # for after_value: no features wanted


_popcount = _jit(bitcount.popcount)
_fitting_cells = _jit(bits.fitting_cells)
_placed = _jit(bits.placed)
_open_cells = _jit(bits.open_cells)
_flip_cells = _jit(bits.flip_cells)


@_jit
def lowest_cell(cells: Any) -> int:
    """The index of the lowest cell of a mask that is not empty."""
    return _popcount((cells & (~cells + np.uint64(1))) - np.uint64(1))


@_jit
def top_fits(frontier: Any, free_colour: Any, free_shape: Any, flips: int) -> bool:
    """Whether a tile whose colour and shape are free on these cells fits one of the frontier, by a flip too while
    ``flips`` remain (:func:`townwidget.town.state.top_fits` on the arrays)."""
    return _fitting_cells(frontier, free_colour, free_shape) != 0 or (
        flips > 0 and _flip_cells(frontier, free_colour, free_shape) != 0
    )


@_jit
def fits_now(
    n: int, frontier: Any, colour_free: Masks, shape_free: Masks, piles: Ints, heights: Ints, flips: int = 0
) -> bool:
    """Whether some pile top fits a cell now, by a flip too while ``flips`` remain (else the game is over)."""
    for pile in range(len(heights)):
        if heights[pile] > 0:
            tile = piles[pile, heights[pile] - 1]
            if top_fits(frontier, colour_free[tile // n], shape_free[tile % n], flips):
                return True
    return False


@_jit
def features(
    n: int, occupied: Any, frontier: Any, colour_free: Masks, shape_free: Masks, piles: Ints, heights: Ints
) -> NDArray[np.float64]:
    """The counts the value weighs (:data:`FEATURES`), for a board and piles (bottom first, ``heights`` tiles
    each; the tiles below the tops are read as a set)."""
    out = np.zeros(NUM_FEATURES)
    empty = ~occupied & ((np.uint64(1) << np.uint64(n * n)) - np.uint64(1))
    out[0] = 1.0
    out[1] = _popcount(occupied)
    out[2] = _popcount(frontier)
    out[3] = _popcount(empty)
    for pile in range(len(heights)):
        height = heights[pile]
        if height == 0:
            out[4] += 1
            continue
        for depth in range(height):
            tile = piles[pile, depth]
            homes = _popcount(_open_cells(empty, colour_free[tile // n], shape_free[tile % n]))
            if depth == height - 1:  # the top
                out[5] += _fitting_cells(frontier, colour_free[tile // n], shape_free[tile % n]) != 0
                if homes < len(TOP_BINS):
                    out[6 + TOP_BINS[homes]] += 1
            else:
                out[10 + (HIDDEN_BINS[homes] if homes < len(HIDDEN_BINS) else 6)] += 1
                out[17] += 1
    out[18], out[19] = heights.min(), heights.max()
    return out


@_jit
def estimate(
    n: int,
    occupied: Any,
    frontier: Any,
    colour_free: Masks,
    shape_free: Masks,
    piles: Ints,
    heights: Ints,
    weights: Weights,
) -> float:
    """The expected final score (tiles placed at the end): the tiles placed if no top fits, else the tiles placed
    plus the weighted features of the position's stage, kept between the tiles placed and a full board (in Town
    77 self-play the fit strays out of those bounds at one position in 10,000)."""
    count = _popcount(occupied)
    if not fits_now(n, frontier, colour_free, shape_free, piles, heights):
        return float(count)
    counts = features(n, occupied, frontier, colour_free, shape_free, piles, heights)
    value, stage = float(count), min(count // STAGE, len(weights) - 1)
    for i in range(NUM_FEATURES):
        value += weights[stage, i] * counts[i]
    return min(max(value, float(count)), float(n * n))


@_jit
def put(
    n: int, occupied: Any, frontier: Any, colour_free: Masks, shape_free: Masks, piles: Ints, heights: Ints,
    lines: Masks, neighbours: Masks, pile: int, cell: int, flip: bool = False,
) -> tuple[Any, Any]:  # fmt: skip
    """Place the top of ``pile`` on ``cell`` (``flip``: turned over, its colour only): the new (occupied,
    frontier); the other arrays change in place."""
    heights[pile] -= 1
    tile = piles[pile, heights[pile]]
    occupied |= np.uint64(1) << np.uint64(cell)
    frontier, colour_free[tile // n], shape_after = _placed(
        frontier, occupied, neighbours[cell], lines[cell], colour_free[tile // n], shape_free[tile % n]
    )
    if not flip:  # a flipped tile blocks no shape
        shape_free[tile % n] = shape_after
    return occupied, frontier


@_jit
def _valued(
    n: int, occupied: Any, frontier: Any, colour_free: Masks, shape_free: Masks, piles: Ints, heights: Ints,
    weights: Weights, add_features: NDArray[np.float64],
) -> float:  # fmt: skip
    """The :func:`estimate` of a position; its :func:`features` added to ``add_features`` unless that is empty."""
    if len(add_features):
        add_features += features(n, occupied, frontier, colour_free, shape_free, piles, heights)
    return estimate(n, occupied, frontier, colour_free, shape_free, piles, heights, weights)


@_jit
def after_value(
    n: int, occupied: Any, frontier: Any, colour_free: Masks, shape_free: Masks, piles: Ints, heights: Ints,
    lines: Masks, neighbours: Masks, weights: Weights, pile: int, cell: int, flip: bool = False, honest: bool = False,
    mean_features: NDArray[np.float64] = NO_FEATURES,
) -> float:  # fmt: skip
    """The :func:`estimate` after placing the top of ``pile`` on ``cell`` (the arrays are as before on return).

    The tile that comes up on ``pile`` is the one below in ``piles``; with ``honest`` it is not looked at: the
    estimate is averaged over every tile the player has not seen (those below the tops, that one included), each
    equally likely to come up, so that only what the player sees decides. ``mean_features``, if not empty,
    receives the :func:`features` after the move, averaged alike."""
    tile = piles[pile, heights[pile] - 1]
    kept = colour_free[tile // n], shape_free[tile % n]
    taken, front = put(
        n, occupied, frontier, colour_free, shape_free, piles, heights, lines, neighbours, pile, cell, flip
    )
    up = heights[pile] - 1  # where the next top of the pile lies (-1: the pile is empty now)
    mean_features[:] = 0.0
    if not honest or up < 0:  # the tile below is looked at, or none comes up
        total, count = _valued(n, taken, front, colour_free, shape_free, piles, heights, weights, mean_features), 1
    else:
        total, count = 0.0, 0
        for other in range(len(heights)):
            for depth in range(heights[other] if other == pile else heights[other] - 1):  # the unseen places
                piles[other, depth], piles[pile, up] = piles[pile, up], piles[other, depth]
                total += _valued(n, taken, front, colour_free, shape_free, piles, heights, weights, mean_features)
                piles[other, depth], piles[pile, up] = piles[pile, up], piles[other, depth]
                count += 1
    mean_features /= count
    heights[pile] += 1
    colour_free[tile // n], shape_free[tile % n] = kept
    return total / count


@_jit
def greedy_move(
    n: int, occupied: Any, frontier: Any, colour_free: Masks, shape_free: Masks, piles: Ints, heights: Ints,
    lines: Masks, neighbours: Masks, weights: Weights, honest: bool = False,
) -> tuple[int, int]:  # fmt: skip
    """The (pile, cell) of the first move best by :func:`after_value` (``honest`` or not), in the order of
    ``legal_actions`` (pile, then cell); (-1, -1) when no top fits."""
    best, best_pile, best_cell = -1.0, -1, -1
    for pile in range(len(heights)):
        if heights[pile] == 0:
            continue
        tile = piles[pile, heights[pile] - 1]
        cells = _fitting_cells(frontier, colour_free[tile // n], shape_free[tile % n])
        while cells:
            cell = lowest_cell(cells)
            cells &= cells - np.uint64(1)
            value = after_value(n, occupied, frontier, colour_free, shape_free, piles, heights, lines, neighbours,
                                weights, pile, cell, False, honest)  # fmt: skip
            if value > best:
                best, best_pile, best_cell = value, pile, cell
    return best_pile, best_cell


@_jit
def greedy_playout(
    n: int, occupied: Any, frontier: Any, colour_free: Masks, shape_free: Masks, piles: Ints, heights: Ints,
    lines: Masks, neighbours: Masks, moves: int, weights: Weights,
) -> float:  # fmt: skip
    """Play up to ``moves`` moves of :func:`greedy_move` (the arrays change in place), then return the
    :func:`estimate` (the final score, if the game ended)."""
    for _ in range(moves):
        pile, cell = greedy_move(
            n, occupied, frontier, colour_free, shape_free, piles, heights, lines, neighbours, weights
        )
        if pile < 0:
            break
        occupied, frontier = put(
            n, occupied, frontier, colour_free, shape_free, piles, heights, lines, neighbours, pile, cell
        )
    return estimate(n, occupied, frontier, colour_free, shape_free, piles, heights, weights)


# --- training: self-play by the batched simulator -----------------------------------------------------------------
@_jit
def _self_play(
    n: int, decks: Ints, sizes: Ints, lines: Masks, neighbours: Masks, weights: Weights, honest: bool = False
) -> tuple[NDArray[np.float64], NDArray[np.float64], Ints]:
    """Each deck (tile numbers, dealt into piles of ``sizes`` as ``new_solo`` deals) played by :func:`greedy_move`
    (``honest`` or not): the features of every position, how many more tiles the game placed after it, and each
    game's score."""
    rows = np.zeros((len(decks) * n * n, NUM_FEATURES))
    later = np.zeros(len(rows))
    scores = np.zeros(len(decks), dtype=np.int64)
    piles, heights = np.zeros((len(sizes), sizes.max()), dtype=np.int64), np.zeros(len(sizes), dtype=np.int64)
    everywhere = (np.uint64(1) << np.uint64(n * n)) - np.uint64(1)
    count = 0
    for game in range(len(decks)):
        start = 0
        for pile in range(len(sizes)):
            piles[pile, : sizes[pile]] = decks[game, start : start + sizes[pile]]
            heights[pile] = sizes[pile]
            start += sizes[pile]
        colour_free, shape_free = np.full(n, everywhere), np.full(n, everywhere)
        occupied, frontier, first = np.uint64(0), np.uint64(1), count
        while True:
            pile, cell = greedy_move(
                n, occupied, frontier, colour_free, shape_free, piles, heights, lines, neighbours, weights, honest
            )
            if pile < 0:
                break
            rows[count] = features(n, occupied, frontier, colour_free, shape_free, piles, heights)
            count += 1
            occupied, frontier = put(
                n, occupied, frontier, colour_free, shape_free, piles, heights, lines, neighbours, pile, cell
            )
        scores[game] = _popcount(occupied)
        for row in range(first, count):
            later[row] = scores[game] - rows[row, 1]
    return rows[:count], later[:count], scores


def train(rules: Any = "town77", games: int = 20_000, rounds: int = 6, seed: int = 0) -> Weights:
    """Weights for the board of ``rules`` (plain: flips are not played) by policy iteration: ``rounds`` times,
    ``games`` new deals played greedily by the current weights (the first round: by the first legal move),
    then one least-squares fit per stage of the tiles each position went on to place. Needs numba (hours
    without it)."""
    rules = resolve_rules(rules)
    n, rng = rules.n, np.random.default_rng(seed)
    geometry = tables(n)
    sizes = np.array(pile_sizes(rules), dtype=np.int64)
    weights = np.zeros((n * n // STAGE + 1, NUM_FEATURES))
    for _ in range(rounds):
        rows, later, _scores = _self_play(n, decks(n, games, rng), sizes, geometry.lines, geometry.neighbours, weights)
        weights = fit(rows, later, len(weights))
    return weights


def decks(n: int, games: int, rng: np.random.Generator) -> Ints:
    """``games`` shuffled decks of the n * n tiles (tile numbers colour * n + shape), one per row."""
    return rng.permuted(np.tile(np.arange(n * n, dtype=np.int64), (games, 1)), axis=1)


def fit(rows: NDArray[np.float64], later: NDArray[np.float64], stages: int) -> Weights:
    """The weights, per stage, of the least-squares fit of the features ``rows`` to the tiles placed ``later``."""
    stage_of = np.minimum(rows[:, 1].astype(np.int64) // STAGE, stages - 1)
    fitted = np.zeros((stages, NUM_FEATURES))
    for stage in range(stages):
        here = stage_of == stage
        if here.any():
            fitted[stage] = np.linalg.lstsq(rows[here], later[here], rcond=None)[0]
    return fitted


def load_weights(path: str | os.PathLike[str] = WEIGHTS_FILE) -> dict[int, Weights]:
    """The trained weights per board size from a file :func:`save_weights` wrote (``.npz`` or ``.json``), checked
    as untrusted input (:func:`townwidget.solvers.weights.read`: a ``WeightsError`` says what is wrong)."""
    return stored_weights.read(path, FEATURES, STAGE)


def save_weights(weights: dict[int, Weights], path: str | os.PathLike[str] = WEIGHTS_FILE, note: str = "") -> None:
    """Write weights per board size as ``.npz`` or ``.json`` (by the suffix), with the feature names, the stage
    and a note."""
    stored_weights.write(weights, path, FEATURES, STAGE, note)


WEIGHTS: dict[int, Weights] = load_weights()


# --- on a scalar state --------------------------------------------------------------------------------------------
Arrays = tuple[int, np.uint64, np.uint64, Masks, Masks, Ints, Ints]


def arrays(state: SoloState) -> Arrays:
    """The state's board and piles as the arrays the functions above take."""
    n, board = state.rules.n, state.board
    piles = np.zeros((len(state.piles), max(1, *(len(pile) for pile in state.piles))), dtype=np.int64)
    for row, pile in zip(piles, state.piles, strict=True):
        row[: len(pile)] = [c * n + s for c, s in pile]
    return (
        n,
        np.uint64(board.occupied),
        np.uint64(board.frontier),
        np.array(board.colour_free, dtype=np.uint64),
        np.array(board.shape_free, dtype=np.uint64),
        piles,
        np.array([len(pile) for pile in state.piles], dtype=np.int64),
    )


def board_weights(state: SoloState, trained: dict[int, Weights] | None = None) -> Weights:
    """The weights of ``trained`` (default :data:`WEIGHTS`) for the state's board; ``ValueError`` naming the
    trained boards if there are none."""
    trained = WEIGHTS if trained is None else trained
    weights = trained.get(state.rules.n)
    if weights is None:
        raise ValueError(f"no learned value for {state.rules.n} x {state.rules.n} boards (trained: {sorted(trained)})")
    return weights


def position_value(state: SoloState, trained: dict[int, Weights] | None = None) -> float:
    """The learned expected final score of a solo state (or a player's sample of one): it reads only what the
    player sees, and counts no flips (the weights are trained on plain rules). ``trained``: weights per board
    size (default :data:`WEIGHTS`). Raises ``ValueError`` for a board without trained weights."""
    weights = board_weights(state, trained)  # first: an untrained board may not fit the 64-bit masks
    return estimate(*arrays(state), weights)


def playout(state: SoloState, moves: int, trained: dict[int, Weights] | None = None) -> float:
    """Up to ``moves`` moves of :func:`greedy_move` from ``state`` (which does not change), then the value: the
    final score if the game ends. ``playout(state, state.rules.tiles)`` plays a whole game greedily (seeing the
    tile that comes up after each move: on a state drawn from a view, as a search does, that is a draw)."""
    weights, geometry = board_weights(state, trained), tables(state.rules.n)
    return greedy_playout(*arrays(state), geometry.lines, geometry.neighbours, moves, weights)


def honest_values(state: SoloState, actions: list[Any], trained: dict[int, Weights] | None = None) -> list[float]:
    """The learned value after each of ``actions`` (legal placements of ``state``), averaged over the tiles that
    may come up (:func:`after_value` with ``honest``): it reads only what the player sees, so a state drawn from
    the player's view gives the same values as the true one."""
    return _after_each(state, actions, board_weights(state, trained), NO_FEATURES)[0]


def after_features(state: SoloState, actions: list[Any]) -> NDArray[np.float64]:
    """The :func:`features` after each of ``actions`` (legal placements of ``state``), averaged over the tiles that
    may come up, as :func:`honest_values` averages the value: one row per action. For a value of another form (a
    lesson's own model, say), rated by what the player sees."""
    empty = np.zeros((stored_weights.stages(state.rules.n, STAGE), NUM_FEATURES))
    return _after_each(state, actions, empty, np.zeros((len(actions), NUM_FEATURES)))[1]


def _after_each(
    state: SoloState, actions: list[Any], weights: Weights, rows: NDArray[np.float64]
) -> tuple[list[float], NDArray[np.float64]]:
    """:func:`after_value` (honest) of each action, and its mean features in the matching row of ``rows`` (if
    ``rows`` is not empty)."""
    geometry, n, board, rated = tables(state.rules.n), state.rules.n, arrays(state), []
    for i, action in enumerate(actions):
        if not isinstance(action, Place) or action.pile is None:
            raise ValueError(f"a solo action is a placement from a pile, not {action!r}")
        cell, row = action.cell[0] * n + action.cell[1], rows[i] if len(rows) else NO_FEATURES
        lines, neighbours = geometry.lines, geometry.neighbours
        rated.append(after_value(*board, lines, neighbours, weights, action.pile, cell, action.flip, True, row))
    return rated, rows


def learned_rollout(state: State, moves: int, rng: Rng | None = None) -> list[float] | None:
    """A search's rollout on the learned value (``rollout=`` of the agents of :mod:`townwidget.agents.mcts`): the
    rewards ``returns()`` would give after :func:`playout_value`, or ``None`` where it does not apply (other games
    than Town solo included), so that the search rolls out on the heuristic there. The state does not change, and
    ``rng`` is not drawn from (the playout draws nothing)."""
    if not isinstance(state, SoloState):
        return None
    value = playout_value(state, moves)
    return None if value is None else [value / state.rules.tiles]


def playout_value(state: SoloState, moves: int) -> float | None:
    """The search's rollout: :func:`playout` where it applies, else ``None``: without numba (slow), on boards
    outside :data:`ROLLOUT_BOARDS`, or while flips are left (the greedy moves never flip)."""
    if not COMPILED or state.rules.n not in ROLLOUT_BOARDS or state.flips_left:
        return None
    return playout(state, moves)


def warm_up() -> None:
    """Compile the kernels now, if numba is installed, so that a search's first rollout does not pay for it (a few
    CPU seconds the first time, far less once numba has them in its cache; nothing after that in a process)."""
    if COMPILED:
        playout(new_solo("town77", seed=0), 1)


if __name__ == "__main__":  # python -m townwidget.solvers.value: train the stored weights again
    import time

    clock = time.process_time()
    trained = {n: train(f"town{n}{n}", seed=n) for n in (4, 5, 6, 7)}
    save_weights(trained, note=f"train(games=20000, rounds=6, seed=n), {time.process_time() - clock:.0f} CPU s")
