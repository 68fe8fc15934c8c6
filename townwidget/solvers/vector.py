"""Batched Town simulation: many games at once as arrays, for Monte Carlo lessons, rollouts and learning code.

A board is one ``uint64`` per game (bit ``r * n + k`` for cell ``(r, k)``, as in :class:`~townwidget.town.Board`),
so the fast path covers boards up to 8 x 8; :func:`random_playouts` plays 9 x 9 games with the scalar engine.

- :func:`random_playouts` plays whole games with the uniform random policy (every move uniform over the legal
  actions exactly as the scalar engine lists them), so its scores follow the scalar random agent's distribution.
- :class:`SoloBatch` holds solo games as a struct of arrays with integer actions, legal-action masks and ``step``,
  built from scratch or from a scalar :class:`~townwidget.town.SoloState` (rollouts from a position).

The optional numba kernel (``pip install "townwidget[fast]"``) plays the solo games one by one in compiled code;
without numba every function runs on plain numpy. ``backend="auto"`` picks numba when it is importable.

>>> scores = random_playouts("town77", games=1000, seed=1)
>>> scores.shape, bool(1 <= scores.min() <= scores.max() <= 49)
((1000,), True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Any, TypeVar

import numpy as np
from numpy.typing import ArrayLike, NDArray

from townwidget.core.extras import install_hint
from townwidget.core.progress import progress as progress_bar
from townwidget.core.rng import Rng
from townwidget.solvers import MAX_BATCH_N
from townwidget.town.actions import Action, Place
from townwidget.town.bits import fitting_cells, flip_cells, placed
from townwidget.town.board import geometry
from townwidget.town.rules import Rules, resolve_rules
from townwidget.town.state import MultiState, SoloState, new_game, new_solo, pile_sizes
from townwidget.town.view import TownView

try:  # the optional compiled kernels (extra "fast")
    from townwidget.solvers import _vector_numba
except ImportError:  # numba is not installed: plain numpy only
    _vector_numba = None  # type: ignore[assignment]

CHUNK = 1 << 13  # games simulated together by the numpy path (bounds memory, keeps arrays in cache)
BACKENDS = ("auto", "numpy", "numba")
T = TypeVar("T")
Seed = int | np.integer[Any] | np.random.Generator | None
U64 = NDArray[np.uint64]
Ints = NDArray[np.int64]
Generator = np.random.Generator

# Bit counts of each byte value, for numpy versions without np.bitwise_count (a uint64 read as its 8 bytes).
_BYTE_POPCOUNT = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)


def numba_available() -> bool:
    """Whether the compiled kernels can be used (numba is installed)."""
    return _vector_numba is not None


# --- bit tricks on arrays of uint64 ------------------------------------------------------------------------------
def popcount_bytes(masks: U64) -> Ints:
    """Set bits of each uint64, by byte lookup (works on any numpy).

    >>> popcount_bytes(np.array([0, 5, 2**64 - 1], dtype=np.uint64)).tolist()
    [0, 2, 64]
    """
    return _BYTE_POPCOUNT[_bytes(masks)].sum(axis=-1)


def popcount(masks: U64) -> Ints:
    """Set bits of each uint64 (``np.bitwise_count`` on numpy >= 2, else the byte lookup)."""
    if hasattr(np, "bitwise_count"):
        return np.bitwise_count(masks).astype(np.int64)
    return popcount_bytes(masks)


def select_bit(masks: U64, ranks: Ints) -> Ints:
    """Position of the ``ranks[i]``-th (from 0, lowest first) set bit of ``masks[i]`` (1-d arrays; ranks in range).

    A binary search: six halvings, each counting the bits of the lower half.

    >>> select_bit(np.array([0b101100], dtype=np.uint64), np.array([2])).tolist()
    [5]
    """
    position, ranks = np.zeros(len(masks), dtype=np.int64), ranks.copy()
    for width in (32, 16, 8, 4, 2, 1):
        low = masks & np.uint64((1 << width) - 1)
        count = popcount(low)
        upper = ranks >= count
        ranks -= count * upper
        masks = np.where(upper, masks >> np.uint64(width), low)
        position += width * upper
    return position


def _bytes(masks: U64) -> NDArray[np.uint8]:
    little = np.ascontiguousarray(masks, dtype="<u8")
    return little.view(np.uint8).reshape(*little.shape, 8)


def uniform_below(bounds: Ints, rng: np.random.Generator) -> Ints:
    """A uniform integer in 0..bound-1 for each bound (> 0): a 53-bit float draw, so the bias is below bound / 2**53."""
    return np.minimum((rng.random(len(bounds)) * bounds).astype(np.int64), bounds - 1)


def choose(counts: Ints, rng: np.random.Generator) -> tuple[Ints, Ints]:
    """For each row of ``counts`` (all row sums > 0), a uniform draw among ``counts.sum()`` items, as
    (column, rank inside the column)."""
    totals = counts.sum(axis=1)
    picks = uniform_below(totals, rng)
    ends = counts.cumsum(axis=1)
    column = (ends <= picks[:, None]).sum(axis=1)
    rows = np.arange(len(totals))
    return column, picks - ends[rows, column] + counts[rows, column]


# --- tables that depend on the board size only --------------------------------------------------------------------
@dataclass(frozen=True)
class Tables:
    """Per cell: the mask of its row and column (``lines``) and of its neighbours, as uint64 arrays."""

    n: int
    lines: U64
    neighbours: U64
    colour_tiles: U64  # per colour: the tiles (bit colour * n + shape) of that colour
    shape_tiles: U64


@cache
def tables(n: int) -> Tables:
    if not 2 <= n <= MAX_BATCH_N:
        raise ValueError(f"batched Town games hold a board in one 64-bit word: n must be 2..{MAX_BATCH_N}, not {n}")
    board = geometry(n)
    tile = [[1 << (c * n + s) for s in range(n)] for c in range(n)]
    return Tables(
        n,
        np.array(board.lines, dtype=np.uint64),
        np.array(board.neighbours, dtype=np.uint64),
        np.array([sum(tile[c]) for c in range(n)], dtype=np.uint64),
        np.array([sum(tile[c][s] for c in range(n)) for s in range(n)], dtype=np.uint64),
    )


def _resolve_backend(backend: str) -> str:
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {BACKENDS}, not {backend!r}")
    if backend == "auto":
        return "numba" if numba_available() else "numpy"
    if backend == "numba" and not numba_available():
        raise ValueError(f"backend 'numba' needs the numba package: {install_hint('fast')}")
    return backend


def _generator(seed: Seed) -> np.random.Generator:
    if isinstance(seed, bool) or not (seed is None or isinstance(seed, (int, np.integer, np.random.Generator))):
        raise ValueError(f"seed must be an int, a numpy Generator or None, not {seed!r}")
    return np.random.default_rng(seed)


def _count(value: Any, name: str, low: int) -> int:
    if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or value < low:
        raise ValueError(f"{name} must be an integer >= {low}, not {value!r}")
    return int(value)


# --- boards -------------------------------------------------------------------------------------------------------
class _Boards:
    """Boards as arrays: ``occupied`` and ``frontier`` (games,), ``colour_free`` and ``shape_free`` (games, n), the
    cells where each colour (shape) may still go, as in :class:`~townwidget.town.Board`."""

    rules: Rules
    tables: Tables
    occupied: U64
    frontier: U64
    colour_free: U64
    shape_free: U64

    def placed(self) -> Ints:
        """Tiles on each board (the score of a finished solo game)."""
        return popcount(self.occupied)

    def _put(self, games: Ints, cell: Ints, tile: Ints, plain: NDArray[np.bool_] | bool = True) -> None:
        """Put ``tile`` (colour * n + shape) on ``cell`` in each of ``games`` (distinct rows); where not ``plain``
        the tile is flipped and blocks only its colour."""
        n, geometry_ = self.rules.n, self.tables
        occupied = self.occupied[games] | np.left_shift(np.uint64(1), cell.astype(np.uint64))
        self.occupied[games] = occupied
        colour, shape = tile // n, tile % n
        self.frontier[games], self.colour_free[games, colour], free_shape = placed(
            self.frontier[games],
            occupied,
            geometry_.neighbours[cell],
            geometry_.lines[cell],
            self.colour_free[games, colour],
            self.shape_free[games, shape],
        )
        plain = np.broadcast_to(plain, games.shape)  # a flipped tile blocks no shape
        self.shape_free[games[plain], shape[plain]] = free_shape[plain]


def _empty_boards(n: int, games: int) -> tuple[U64, U64, U64, U64]:
    """(occupied, frontier, colour_free, shape_free) of ``games`` empty boards: only the pioneer's cell is open."""
    everywhere = np.full((games, n), (1 << n * n) - 1, dtype=np.uint64)
    return np.zeros(games, dtype=np.uint64), np.ones(games, dtype=np.uint64), everywhere, everywhere.copy()


# --- solo batches -------------------------------------------------------------------------------------------------
class SoloBatch(_Boards):
    """Solo Town games as arrays (one row per game), with integer actions, legal masks and ``step``.

    Action ``a`` places the top of pile ``a // (layers * n * n)`` on cell ``a % (n * n)`` (index ``r * n + k``),
    flipped (colour only) when ``a // (n * n) % layers == 1``; ``layers`` is 2 when the rules allow flips, else 1.
    Sorted legal action numbers follow the order of the scalar ``legal_actions()``. Finished games (``done``)
    ignore their actions, so a learning loop may step the whole batch until ``done.all()``.

    >>> from townwidget import town
    >>> game = town.new_solo("town77", seed=3)
    >>> batch = SoloBatch.from_state(game, copies=4, seed=0)
    >>> mask = batch.legal_mask()
    >>> [batch.action(0, a) for a in np.flatnonzero(mask[0])] == game.legal_actions()
    True
    >>> batch.step(mask.argmax(axis=1))  # each game takes its first legal action
    >>> batch.placed().tolist()
    [1, 1, 1, 1]
    >>> final = batch.random_rollout()
    >>> bool(batch.done.all()), final.shape
    (True, (4,))
    """

    def __init__(
        self,
        rules: Rules,
        occupied: U64,
        frontier: U64,
        colour_free: U64,
        shape_free: U64,
        piles: NDArray[np.int8],
        heights: Ints,
        flips_left: Ints,
        rng: np.random.Generator,
        done: NDArray[np.bool_] | None = None,
    ) -> None:
        self.rules, self.tables = rules, tables(rules.n)
        self.occupied, self.frontier = occupied, frontier  # (games,)
        self.colour_free, self.shape_free = colour_free, shape_free  # (games, n): cells where it may still go
        self.piles, self.heights = piles, heights  # (games, piles, height) tiles colour * n + shape, bottom first
        self.flips_left = flips_left  # (games,)
        self.rng = rng
        self.done = self._totals(self.option_masks()) == 0 if done is None else done  # (games,): no legal action

    # --- construction ----------------------------------------------------------------------------------------
    @classmethod
    def new(cls, rules: Rules | str, games: int, seed: Seed = None) -> SoloBatch:
        """``games`` new games, each dealt like :func:`~townwidget.town.new_solo` (a uniform shuffle into piles).

        >>> SoloBatch.new("town66", games=2, seed=0).heights.tolist()
        [[12, 12, 12], [12, 12, 12]]
        """
        rules = resolve_rules(rules)
        games = _count(games, "games", 1)
        tables(rules.n)  # refuses boards past 8 x 8
        n, rng = rules.n, _generator(seed)
        tiles = rng.permuted(np.tile(np.arange(n * n, dtype=np.int8), (games, 1)), axis=1)
        sizes = pile_sizes(rules)
        piles = np.zeros((games, rules.piles, sizes[0]), dtype=np.int8)
        start = 0
        for i, size in enumerate(sizes):
            piles[:, i, :size] = tiles[:, start : start + size]
            start += size
        return cls(
            rules,
            *_empty_boards(n, games),
            piles,
            np.tile(np.array(sizes, dtype=np.int64), (games, 1)),
            np.full(games, rules.flips, dtype=np.int64),
            rng,
        )

    @classmethod
    def from_state(cls, state: SoloState, copies: int = 1, seed: Seed = None) -> SoloBatch:
        """``copies`` copies of a scalar solo state (its true piles: determinize a view first with
        ``view.sample_state``, or pass several samples to :meth:`from_states`)."""
        batch = cls.from_states([state], seed)
        return batch.take(np.zeros(_count(copies, "copies", 1), dtype=np.int64))

    @classmethod
    def from_view(cls, view: TownView, copies: int = 1, seed: Seed = None) -> SoloBatch:
        """``copies`` determinizations of a solo player's view: each copy orders the tiles below the pile tops
        uniformly at random (by ``view.sample_state``), so rollouts from it learn nothing hidden.

        >>> from townwidget import town
        >>> view = town.new_solo("town66", seed=2).view(0)
        >>> batch = SoloBatch.from_view(view, copies=3, seed=0)
        >>> [batch.action(1, a) for a in np.flatnonzero(batch.legal_mask()[1])] == view.legal_actions()
        True
        """
        rng = _generator(seed)
        samples = [view.sample_state(int(rng.integers(2**63))) for _ in range(_count(copies, "copies", 1))]
        return cls.from_states(samples, rng)  # type: ignore[arg-type]  # a solo view samples solo states

    @classmethod
    def from_states(cls, states: Sequence[SoloState], seed: Seed = None) -> SoloBatch:
        """One row per scalar solo state (all with the same rules)."""
        if not states or not all(isinstance(state, SoloState) for state in states):
            raise ValueError("from_states needs a non-empty sequence of SoloState objects")
        rules = states[0].rules
        if any(state.rules != rules for state in states):
            raise ValueError("all states of a batch must have the same rules")
        height = max(pile_sizes(rules)[0], max(len(pile) for state in states for pile in state.piles))
        piles = np.zeros((len(states), rules.piles, height), dtype=np.int8)
        for row, state in enumerate(states):
            for i, pile in enumerate(state.piles):
                piles[row, i, : len(pile)] = [c * rules.n + s for c, s in pile]
        boards = [state.board for state in states]
        return cls(
            rules,
            np.array([board.occupied for board in boards], dtype=np.uint64),
            np.array([board.frontier for board in boards], dtype=np.uint64),
            np.array([board.colour_free for board in boards], dtype=np.uint64),
            np.array([board.shape_free for board in boards], dtype=np.uint64),
            piles,
            np.array([[len(pile) for pile in state.piles] for state in states], dtype=np.int64),
            np.array([state.flips_left for state in states], dtype=np.int64),
            _generator(seed),
        )

    def take(self, rows: ArrayLike) -> SoloBatch:
        """A new batch of the given rows (copies; the generator is shared)."""
        index = np.asarray(rows, dtype=np.int64)
        return SoloBatch(
            self.rules,
            self.occupied[index],
            self.frontier[index],
            self.colour_free[index],
            self.shape_free[index],
            self.piles[index],
            self.heights[index],
            self.flips_left[index],
            self.rng,
            self.done[index],
        )

    def _write_rows(self, rows: Ints, part: SoloBatch) -> None:
        """Write the rows of ``part`` back at ``rows``."""
        self.occupied[rows], self.frontier[rows] = part.occupied, part.frontier
        self.colour_free[rows], self.shape_free[rows] = part.colour_free, part.shape_free
        self.heights[rows], self.flips_left[rows], self.done[rows] = part.heights, part.flips_left, part.done

    # --- reading -----------------------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.occupied)

    @property
    def layers(self) -> int:
        """Placement layers per pile: 2 (plain, flipped) when the rules allow flips, else 1."""
        return 2 if self.rules.flips else 1

    @property
    def num_actions(self) -> int:
        return self.rules.piles * self.layers * self.rules.tiles

    def tops(self) -> Ints:
        """The top tile of each pile as ``colour * n + shape``, -1 for an empty pile: shape (games, piles)."""
        top = np.take_along_axis(self.piles, np.maximum(self.heights - 1, 0)[..., None], axis=2)[..., 0]
        return np.where(self.heights > 0, top.astype(np.int64), -1)

    def option_masks(self) -> U64:
        """Cells where each pile top may go, per layer (plain, then flipped if the rules allow flips): shape
        (games, piles, layers). Flattened over the last two axes, column ``pile * layers + flip``."""
        n, tops = self.rules.n, self.tops()
        present = tops >= 0
        tile = np.where(present, tops, 0)
        colour_ok = np.take_along_axis(self.colour_free, tile // n, axis=1)
        shape_ok = np.take_along_axis(self.shape_free, tile % n, axis=1)
        frontier = np.where(present, self.frontier[:, None], np.uint64(0))  # an empty pile fits nowhere
        plain = fitting_cells(frontier, colour_ok, shape_ok)
        if self.layers == 1:
            return plain[..., None]
        flipped = flip_cells(np.where((self.flips_left > 0)[:, None], frontier, np.uint64(0)), colour_ok, shape_ok)
        return np.stack([plain, flipped], axis=-1)

    @staticmethod
    def _totals(masks: U64) -> Ints:
        return popcount(masks).sum(axis=(1, 2))

    def legal_mask(self) -> NDArray[np.bool_]:
        """Legal actions: shape (games, num_actions); all False for finished games."""
        cells = self.rules.tiles
        masks = self.option_masks()
        bits = (masks[..., None] >> np.arange(cells, dtype=np.uint64)) & np.uint64(1)
        return bits.astype(bool).reshape(len(self), self.num_actions)

    def action(self, game: int, index: int) -> Place:
        """The scalar engine's action for action number ``index`` in game ``game`` (the tile is its pile's top)."""
        if not 0 <= index < self.num_actions:
            raise ValueError(f"action number {index} is out of range 0..{self.num_actions - 1}")
        pile, flip, cell = self._decode(np.array([index], dtype=np.int64))
        top = int(self.tops()[game, pile[0]])
        if top < 0:
            raise ValueError(f"action {index}: pile {pile[0]} of game {game} is empty")
        return Place(divmod(top, self.rules.n), divmod(int(cell[0]), self.rules.n), int(pile[0]), bool(flip[0]))

    def action_index(self, action: Action) -> int:
        """The action number of a scalar solo placement (the inverse of :meth:`action`)."""
        if not isinstance(action, Place) or action.pile is None:
            raise ValueError(f"a solo action is a Place naming its pile, not {action!r}")
        if action.flip and self.layers == 1:
            raise ValueError("these rules allow no flips")
        row, column = action.cell
        return (action.pile * self.layers + action.flip) * self.rules.tiles + row * self.rules.n + column

    def _decode(self, actions: Ints) -> tuple[Ints, Ints, Ints]:
        cells = self.rules.tiles
        return actions // (self.layers * cells), actions // cells % self.layers, actions % cells

    # --- playing -----------------------------------------------------------------------------------------------
    def step(self, actions: ArrayLike) -> None:
        """Play one action per game (ignored for finished games); an illegal one raises ValueError, changing nothing."""
        chosen = np.asarray(actions)
        if chosen.shape != (len(self),) or not np.issubdtype(chosen.dtype, np.integer):
            raise ValueError(f"step needs one integer action per game: shape ({len(self)},), got {chosen.shape}")
        live = np.flatnonzero(~self.done)
        chosen = chosen[live].astype(np.int64)
        out_of_range = (chosen < 0) | (chosen >= self.num_actions)
        pile, flip, cell = self._decode(np.where(out_of_range, 0, chosen))
        masks = self.option_masks()[live, pile, flip]
        legal = ~out_of_range & (masks >> cell.astype(np.uint64) & np.uint64(1)).astype(bool)
        if not legal.all():
            bad = int(np.flatnonzero(~legal)[0])
            raise ValueError(f"action {int(chosen[bad])} is not legal in game {int(live[bad])}")
        self._apply(live, pile, flip, cell)
        self.done[live] = self._totals(self.take(live).option_masks()) == 0

    def random_actions(self) -> Ints:
        """A uniformly random legal action for each game (-1 for finished games)."""
        masks = self.option_masks()
        counts = popcount(masks).reshape(len(self), -1)
        live = np.flatnonzero(counts.sum(axis=1) > 0)
        option, rank = choose(counts[live], self.rng)
        actions = np.full(len(self), -1, dtype=np.int64)
        cell = select_bit(masks.reshape(len(self), -1)[live, option], rank)
        actions[live] = option * self.rules.tiles + cell
        return actions

    def random_rollout(self, backend: str = "auto") -> Ints:
        """Play every game to its end with the uniform random policy, in place; returns the tiles placed."""
        if _resolve_backend(backend) == "numba":
            assert _vector_numba is not None
            geometry_ = self.tables
            seeds = self.rng.integers(0, 2**64, size=len(self), dtype=np.uint64, endpoint=False)
            arrays = (self.occupied, self.frontier, self.colour_free, self.shape_free, self.piles, self.heights)
            _vector_numba.rollout(
                self.rules.n, *arrays, self.flips_left, self.done, geometry_.lines, geometry_.neighbours, seeds
            )
            self.done[:] = True
        else:
            for start in range(0, len(self), CHUNK):
                rows = np.arange(start, min(start + CHUNK, len(self)))
                part = self.take(rows)
                part._random_play()
                self._write_rows(rows, part)
        return self.placed()

    def _random_play(self) -> None:
        """Play all games to the end with numpy. Finished games leave the working set once they are a fifth of
        it: copying the arrays at every move costs more than carrying a few idle games."""
        work, rows = self, np.arange(len(self))
        while len(rows):
            masks = work.option_masks().reshape(len(work), -1)
            counts = popcount(masks)
            live = counts.sum(axis=1) > 0
            work.done[:] = ~live
            if live.sum() < 0.8 * len(work):
                self._write_rows(rows, work)
                keep = np.flatnonzero(live)
                work, rows, masks, counts, live = work.take(keep), rows[keep], masks[keep], counts[keep], live[keep]
                if not len(rows):
                    break
            games = np.flatnonzero(live)
            option, rank = choose(counts[games], self.rng)
            cell = select_bit(masks[games, option], rank)
            work._apply(games, option // self.layers, option % self.layers, cell)

    def _apply(self, games: Ints, pile: Ints, flip: Ints, cell: Ints) -> None:
        """Place the top of ``pile`` on ``cell`` in each of ``games`` (distinct rows), flipped where ``flip``."""
        height = self.heights[games, pile] - 1
        self.heights[games, pile] = height
        self._put(games, cell, self.piles[games, pile, height].astype(np.int64), plain=flip == 0)
        self.flips_left[games] -= flip


# --- whole random games -------------------------------------------------------------------------------------------
def random_playouts(
    rules: Rules | str,
    games: int,
    seed: Seed = None,
    mode: str = "solo",
    players: int | None = None,
    backend: str = "auto",
    progress: bool | None = None,
) -> Ints:
    """Whole games with every move uniform over the legal actions (exchanges, passes and discards included).

    Solo: the tiles placed per game, shape (games,). ``mode="multi"`` with ``players``: the tiles left in each
    hand at the end, shape (games, players); multiplayer games always run on numpy (the numba kernel plays solo
    games). Boards of n = 9 do not fit the batched form and are played by the scalar engine (slowly).

    On numpy a progress bar over the games (played in chunks of :data:`CHUNK`) appears when the run lasts more
    than a second (200,000 solo Town 77 games take about 2 CPU s); ``progress=False`` hides it (see
    :mod:`townwidget.core.progress`). The bar changes no result. The numba kernel plays them ten times faster,
    in one call, without a bar.

    >>> random_playouts("town44", games=3, seed=0, mode="multi", players=2).shape
    (3, 2)
    """
    rules = resolve_rules(rules)
    games = _count(games, "games", 1)
    if mode not in ("solo", "multi"):
        raise ValueError(f"mode must be 'solo' or 'multi', not {mode!r}")
    if mode == "solo" and players not in (None, 1):
        raise ValueError(f"solo games have one player, not players={players!r}")
    if mode == "multi":
        # The engine checks the players (None included) against the rules, with its own messages.
        new_game(rules, players, seed=0)  # type: ignore[arg-type]
        if backend == "numba":
            raise ValueError("the numba kernel plays solo games only: use backend 'auto' or 'numpy' for mode='multi'")
    backend = _resolve_backend(backend)
    rng = _generator(seed)
    sizes = [min(CHUNK, games - start) for start in range(0, games, CHUNK)]  # games per chunk

    def under_bar(items: Sequence[T]) -> Iterator[T]:
        return progress_bar(items, total=len(items), desc=f"{games:,} random games", enabled=progress, delay=1.0)

    if rules.n > MAX_BATCH_N:
        return _scalar_playouts(rules, under_bar(rng.integers(0, 2**63, size=(games, 2)).tolist()), mode, players)
    if mode == "multi":
        assert players is not None
        return np.concatenate([_multi_play(rules, count, players, rng) for count in under_bar(sizes)])
    if backend == "numba":
        assert _vector_numba is not None
        seeds = rng.integers(0, 2**64, size=games, dtype=np.uint64, endpoint=False)
        geometry_, piles = tables(rules.n), np.array(pile_sizes(rules), dtype=np.int64)
        return _vector_numba.playouts(rules.n, rules.flips, piles, geometry_.lines, geometry_.neighbours, seeds)
    return np.concatenate([SoloBatch.new(rules, count, rng).random_rollout("numpy") for count in under_bar(sizes)])


def _scalar_playouts(rules: Rules, seeds: Iterable[list[int]], mode: str, players: int | None) -> Ints:
    """The scalar engine's uniform random games (for boards too large for one 64-bit word), one per seed pair."""
    out = []
    for deal_seed, policy_seed in seeds:
        state = new_solo(rules, deal_seed) if mode == "solo" else new_game(rules, players or 0, deal_seed)
        policy = Rng(policy_seed)
        while not state.is_terminal():
            state.apply(policy.choice(state.legal_actions()))
        result = state.result()
        assert result is not None
        out.append(result["placed"] if mode == "solo" else result["tiles_left"])
    return np.array(out, dtype=np.int64)


# --- multiplayer ---------------------------------------------------------------------------------------------------


def _multi_play(rules: Rules, games: int, players: int, rng: np.random.Generator) -> Ints:
    return _MultiGames.deal(rules, games, players, rng).play()


PHASES = ("exchange", "place", "discard", "over")
EXCHANGE, PLACE, DISCARD, OVER = range(4)


class _MultiGames(_Boards):
    """Multiplayer games under the uniform random policy, one action per game per round, following the turn flow
    of :class:`~townwidget.town.MultiState` (exchange while possible, place or leave, draw, discard)."""

    def __init__(self, rules: Rules, boards: tuple[U64, U64, U64, U64], hands: U64, bag: U64, rng: Generator) -> None:
        self.rules, self.tables, self.rng = rules, tables(rules.n), rng
        self.occupied, self.frontier, self.colour_free, self.shape_free = boards
        self.hands, self.bag = hands, bag  # tile masks (bit colour * n + shape): (games, players) and (games,)
        self.left: NDArray[np.bool_] = np.zeros(hands.shape, dtype=bool)  # (games, players): out of the game
        self.current = np.zeros(len(bag), dtype=np.int64)
        self.phase = np.full(len(bag), PLACE, dtype=np.int8)
        self.class_tiles = np.concatenate([self.tables.colour_tiles, self.tables.shape_tiles])
        # Exchange groups per colour class, then per shape class, of m tiles; with groups of one tile, the shape
        # classes would count each tile a second time.
        size = rules.exchange_size
        self.groups = np.array([comb(m, size) for m in range(rules.n + 1)], dtype=np.int64)
        self.shape_groups = size > 1

    @classmethod
    def deal(cls, rules: Rules, games: int, players: int, rng: Generator) -> _MultiGames:
        """New games as :func:`~townwidget.town.new_game` deals them, at their first decision."""
        n = rules.n
        # A uniform shuffle deals like the scalar draws: the hands, then the pioneer, the rest stays in the bag.
        tiles = rng.permuted(np.tile(np.arange(n * n, dtype=np.int64), (games, 1)), axis=1)
        bits = np.left_shift(np.uint64(1), tiles.astype(np.uint64))
        dealt = players * rules.hand_size
        hands = np.bitwise_or.reduce(bits[:, :dealt].reshape(games, players, rules.hand_size), axis=2)
        batch = cls(rules, _empty_boards(n, games), hands, np.bitwise_or.reduce(bits[:, dealt + 1 :], axis=1), rng)
        everyone = np.arange(games)
        batch._put(everyone, np.zeros(games, dtype=np.int64), tiles[:, dealt])
        batch._start_turns(everyone)
        return batch

    @classmethod
    def from_state(cls, state: MultiState, rng: Generator) -> _MultiGames:
        """One game copied from a scalar multiplayer state that is not over."""
        n, board, player = state.rules.n, state.board, state.current_player
        if player is None:
            raise ValueError("the game is over: there is no decision to copy")

        def words(value: Any) -> U64:
            return np.array([value], dtype=np.uint64)

        def mask(tiles: list[tuple[int, int]]) -> int:
            return sum(1 << (c * n + s) for c, s in tiles)

        boards = words(board.occupied), words(board.frontier), words(board.colour_free), words(board.shape_free)
        batch = cls(state.rules, boards, words([mask(hand) for hand in state.hands]), words(mask(state.bag)), rng)
        batch.left[0] = [order is not None for order in state.out]
        batch.current[0] = player
        batch.phase[0] = PHASES.index(state.phase)
        return batch

    def play(self) -> Ints:
        """Play to the end; the tiles left in each hand, shape (games, players)."""
        while self.random_round():
            pass
        return popcount(self.hands)

    def random_round(self) -> bool:
        """Every game not over takes one uniformly random legal action; ``False`` if all games were over."""
        exchange, place, discard = (np.flatnonzero(self.phase == phase) for phase in (EXCHANGE, PLACE, DISCARD))
        self._exchange_step(exchange)
        self._place_step(place)
        self._discard_step(discard)
        return bool(len(exchange) + len(place) + len(discard))

    # --- the actions --------------------------------------------------------------------------------------------
    def _exchange_step(self, games: Ints) -> None:
        """Each player exchanges a uniformly chosen alike group, or passes (as likely as any one group)."""
        hand = self._hand(games)
        option, _ = choose(self._exchange_options(games), self.rng)
        passing = option == len(self.class_tiles)
        self._start_turns(self._to_placement(games[passing]))
        games, option, hand = games[~passing], option[~passing], hand[~passing]
        size = self.rules.exchange_size
        returned = self._draw_bits(hand & self.class_tiles[option], size)
        bag = self.bag[games] | returned
        drawn = self._draw_bits(bag, size)
        self.bag[games] = bag ^ drawn
        self.hands[games, self.current[games]] = hand ^ returned | drawn
        again = self._can_exchange(games)
        self._start_turns(self._to_placement(games[~again]))

    def _place_step(self, games: Ints) -> None:
        """A uniform placement; then leave with an empty hand, or draw (and go on to discard) if the bag has tiles."""
        tiles, masks = self._placements(games)
        option, rank = choose(popcount(masks), self.rng)
        rows = np.arange(len(games))
        tile = tiles[rows, option]
        self._put(games, select_bit(masks[rows, option], rank), tile)
        seats = self.current[games]
        hand = self.hands[games, seats] ^ np.left_shift(np.uint64(1), tile.astype(np.uint64))
        self.hands[games, seats] = hand
        emptied = hand == 0
        self.left[games[emptied], seats[emptied]] = True
        drawing = ~emptied & (self.bag[games] != 0)
        takers = games[drawing]
        drawn = self._draw_bits(self.bag[takers], 1)
        self.bag[takers] ^= drawn
        self.hands[takers, seats[drawing]] |= drawn
        self.phase[takers] = DISCARD
        self._start_turns(self._next_player(games[~drawing]))

    def _discard_step(self, games: Ints) -> None:
        """Discard a uniformly chosen tile of the hand, or pass (as likely as any one discard); next player."""
        hand = self._hand(games)
        option, rank = choose(self._discard_options(games), self.rng)
        discarding = option == 0
        tile = np.left_shift(np.uint64(1), select_bit(hand[discarding], rank[discarding]).astype(np.uint64))
        droppers = games[discarding]
        self.hands[droppers, self.current[droppers]] ^= tile
        self.bag[droppers] |= tile
        self._start_turns(self._next_player(games))

    # --- the turn flow ------------------------------------------------------------------------------------------
    def _start_turns(self, games: Ints) -> None:
        """Begin the current player's turn; players who cannot place leave, and the turn passes on."""
        while len(games):
            exchange = self._can_exchange(games)
            self.phase[games[exchange]] = EXCHANGE
            games = self._to_placement(games[~exchange])

    def _to_placement(self, games: Ints) -> Ints:
        """Enter the placement phase; the games whose player had no placement (they leave) move to the next player
        and are returned, for their turns to start."""
        self.phase[games] = PLACE
        _, masks = self._placements(games)
        stuck = games[~masks.any(axis=1)]
        self.left[stuck, self.current[stuck]] = True
        return self._next_player(stuck)

    def _next_player(self, games: Ints) -> Ints:
        """Pass each game to its next player still in; games that nobody is left to play end and are dropped."""
        players = self.left.shape[1]
        seats = (self.current[games, None] + np.arange(1, players + 1)) % players
        playing = ~self.left[games[:, None], seats]
        anyone = playing.any(axis=1)
        self.phase[games[~anyone]] = OVER
        games, seats, playing = games[anyone], seats[anyone], playing[anyone]
        self.current[games] = seats[np.arange(len(games)), playing.argmax(axis=1)]
        return games

    # --- reading ------------------------------------------------------------------------------------------------
    def option_counts(self) -> Ints:
        """The number of legal actions of each game in its phase (0 when over), counted as the steps count them."""
        counts = np.zeros(len(self.bag), dtype=np.int64)
        for phase, options in (
            (EXCHANGE, self._exchange_options),
            (PLACE, lambda games: popcount(self._placements(games)[1])),
            (DISCARD, self._discard_options),
        ):
            games = np.flatnonzero(self.phase == phase)
            counts[games] = options(games).sum(axis=1)
        return counts

    def _exchange_options(self, games: Ints) -> Ints:
        """Weights of the exchange choices: alike groups per colour, then per shape, then 1 for passing."""
        weights = self.groups[self._class_counts(self._hand(games))]
        weights[:, self.rules.n :] *= self.shape_groups
        return np.concatenate([weights, np.ones((len(games), 1), dtype=np.int64)], axis=1)

    def _discard_options(self, games: Ints) -> Ints:
        """Weights of the discard choices: the tiles of the hand, then 1 for passing."""
        return np.stack([popcount(self._hand(games)), np.ones(len(games), dtype=np.int64)], axis=1)

    def _hand(self, games: Ints) -> U64:
        return self.hands[games, self.current[games]]

    def _class_counts(self, hand: U64) -> Ints:
        """Tiles of each colour, then of each shape, in each hand: shape (games, 2n)."""
        return popcount(hand[:, None] & self.class_tiles)

    def _can_exchange(self, games: Ints) -> NDArray[np.bool_]:
        """Some group is alike, and the bag is not empty (else the same tiles would come back)."""
        alike = self._class_counts(self._hand(games)).max(axis=1, initial=0) >= self.rules.exchange_size
        return alike & (self.bag[games] != 0)

    def _placements(self, games: Ints) -> tuple[Ints, U64]:
        """The tiles of each hand and the cells where each may go: both shape (games, hand_size), 0 past the hand."""
        n, rows, hand = self.rules.n, games, self._hand(games)
        tiles = np.zeros((len(games), self.rules.hand_size), dtype=np.int64)
        masks = np.zeros((len(games), self.rules.hand_size), dtype=np.uint64)
        for slot in range(self.rules.hand_size):
            lowest = hand & (~hand + np.uint64(1))
            hand = hand ^ lowest
            tile = np.where(lowest != 0, popcount(lowest - np.uint64(1)), 0)
            colour_free, shape_free = self.colour_free[rows, tile // n], self.shape_free[rows, tile % n]
            fits = fitting_cells(self.frontier[rows], colour_free, shape_free)
            tiles[:, slot], masks[:, slot] = tile, np.where(lowest != 0, fits, np.uint64(0))
        return tiles, masks

    def _draw_bits(self, masks: U64, count: int) -> U64:
        """A uniformly random subset of ``count`` set bits of each mask (each mask has at least ``count``)."""
        chosen = np.zeros_like(masks)
        for _ in range(count):
            remaining = masks & ~chosen
            rank = uniform_below(popcount(remaining), self.rng)
            chosen |= np.left_shift(np.uint64(1), select_bit(remaining, rank).astype(np.uint64))
        return chosen
