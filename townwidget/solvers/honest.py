"""The honest optimum of a Town solo position: the exact expected score of the best play that does not peek.

A solo player sees the board, the top of each pile, how many tiles each pile holds, the flips left and which tiles
remain, but not their order below the tops. The shuffle makes the unseen tiles exchangeable: when a pile's top is taken,
the tile that comes up is uniform over the unseen tiles. :func:`honest_value` is the expected final score (tiles on the
board at the end, those already placed included, like the clairvoyant solver's
:class:`~townwidget.solvers.clairvoyant.Solution.score`) under the best such play, and :func:`honest_policy` a move that
reaches it. Where the clairvoyant *par* (:mod:`townwidget.solvers.clairvoyant`) says what a deal allowed, the honest
optimum says what a player could expect: no honest player beats it on average, and on average it lies below par.

Both read only what the player can see: they take a :class:`~townwidget.town.SoloState` or its player's
:class:`~townwidget.town.TownView`, and give the same answer for any two states that differ only in the order of
the tiles below the tops. Town 66's flips are moves like the others, and the flips left are part of the position.

The search is an expectimax over the draws, exact (up to float rounding, about 1e-12): a max node per position
with known tops, a chance node per *afterstate* (a tile just taken from a pile whose next top is still face down).
Positions are memoised by what can still matter: the empty cells, the tiles still *live* (that fit some empty cell
free of their colour and shape, or of their colour alone while flips are left; a dead tile stays dead, since the
board only fills up), the dead ones only as a count of blanks in the draws (every dead tile that comes up leaves
its pile stuck alike, so they are one outcome), the piles in any order, a pile whose top is dead left out (what
lies below it comes up elsewhere as likely as anywhere), and the colours and shapes no live tile has left out. In
the opening (fewer than ``n`` tiles placed) the key is also taken up to relabelling colours, relabelling shapes and
transposing the board about its main diagonal, which fixes the first cell (0, 0). Later the board tells most colours and
shapes apart, so those symmetries save few nodes and cost much more time (measured on Town 44 positions when the solver
was written). Upper bounds prune it: at most min(live tiles left, tiles in piles whose top is live or face down, empty
cells some live tile fits) tiles are still to come; a max node stops once a move reaches its bound, and a chance node
stops (Star1) once its outcomes, those not yet searched counted at their bounds, cannot beat the best move already
found. Tighter bounds (rows and columns open to each colour and shape) cut few nodes
at a much higher cost per node, so they are not used.

What it costs (pure Python on one core): whole Town 33 games and every Town 33 deal at once (:func:`deal_value`)
take a fraction of a second; Town 44 positions with 8 unseen tiles and Town 77 endgames with 10 to 13 take seconds
at most. Each further unseen tile multiplies the effort by several times, so whole 4 x 4 games (13 unseen below
the first tops) are out of reach. ``benchmarks/honest_optimum.py`` prints the nodes and CPU seconds per position
(``docs/benchmarks.md``).

A position whose search needs more than ``max_nodes`` nodes is refused with :class:`TooLarge` (a ``ValueError``)
that says how many tiles are unseen and what the budget was; the answer is never an estimate. ``seconds`` adds a
budget of CPU seconds of the calling thread (looked at every :data:`CLOCK_EVERY` nodes): a search that would take
longer is refused alike, so that an agent's move stays within its time on a busy machine, where nodes cost more;
with it, whether a position is answered depends on the machine, the answer itself does not.

>>> from townwidget import town
>>> deal = town.new_solo("town33", seed=0)
>>> round(honest_value(deal), 4)  # below 9, the par of this deal (a full board)
8.5667
>>> move = honest_policy(deal)
>>> move.cell
(0, 0)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from townwidget.core.clock import thread_seconds
from townwidget.town.actions import Place
from townwidget.town.bits import fitting_cells, flip_cells, placed
from townwidget.town.board import Board, geometry
from townwidget.town.rules import Rules, resolve_rules
from townwidget.town.state import SoloState, pile_sizes
from townwidget.town.view import TownView

MAX_NODES = 300_000
"""The default node budget: a search that needs more is refused (it takes several CPU seconds)."""
CLOCK_EVERY = 1024  # nodes between two looks at the clock under a time budget (a look costs far less than a node)
EPS = 1e-9  # tolerance of the comparisons between expected values (sums of fractions, computed in floats)

Pile = tuple[int, int]  # (top tile number c * n + s, or FACE_DOWN; tiles in the pile, the top included)
FACE_DOWN = -1  # a pile whose next top has not been drawn yet (the size counts it)


class TooLarge(ValueError):
    """The position's unseen part is too large for an exact answer within the node budget."""


class Position:
    """What the player sees, as flat integers: the board's masks, the unseen tiles (a mask over tile numbers
    ``c * n + s``), the piles as (top, size) and the flips left."""

    __slots__ = ("occupied", "frontier", "colour_free", "shape_free", "unseen", "piles", "flips", "board")

    def __init__(
        self,
        occupied: int,
        frontier: int,
        colour_free: tuple[int, ...],
        shape_free: tuple[int, ...],
        unseen: int,
        piles: tuple[Pile, ...],
        flips: int,
    ) -> None:
        self.occupied, self.frontier = occupied, frontier
        self.colour_free, self.shape_free = colour_free, shape_free
        self.unseen, self.piles, self.flips = unseen, piles, flips
        self.board: Fits | None = None  # filled in by the search, shared by positions on the same board


class Fits:
    """Where each tile fits on one board, now or later (empty cells free of its colour and shape, or of its
    colour alone while flips are left): a tile that fits nowhere is dead for good, since boards only fill up."""

    __slots__ = ("live", "cells", "colour_room", "shape_room", "rooms")

    def __init__(self, n: int, empty: int, colour_free: tuple[int, ...], shape_free: tuple[int, ...], flips: int):
        self.colour_room = tuple(free & empty for free in colour_free)
        self.shape_room = tuple(free & empty for free in shape_free)
        # the open cells of bits.open_cells, from the rooms already made (per tile a call would cost a tenth here)
        self.cells = [
            room if flips else room & self.shape_room[shape] for room in self.colour_room for shape in range(n)
        ]
        self.live = sum(1 << tile for tile, cells in enumerate(self.cells) if cells)
        self.rooms: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}

    def rooms_of(self, colours: int, shapes: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The room of some colours and shapes, the others' 0: colour c counts when bit c * n of ``colours`` is
        set (its first tile number), shape s when bit s of ``shapes`` is."""
        key = (colours, shapes)
        rooms = self.rooms.get(key)
        if rooms is None:
            n = len(self.colour_room)
            rooms = self.rooms[key] = (
                tuple(room if colours >> (c * n) & 1 else 0 for c, room in enumerate(self.colour_room)),
                tuple(room if shapes >> s & 1 else 0 for s, room in enumerate(self.shape_room)),
            )
        return rooms


def seen_position(state: Any) -> Position:
    """The visible part of a solo state or of its player's view; anything else raises ``ValueError``."""
    if not isinstance(state, SoloState):
        if not isinstance(state, TownView):
            raise ValueError(f"the honest solver takes a solo SoloState or its TownView, not {state!r}")
        state = state.sample_state(0)  # any state consistent with the view: only its visible parts are read below
        if not isinstance(state, SoloState):
            raise ValueError(f"the honest solver needs a solo game, not a {type(state).__name__}")
    n, board = state.rules.n, state.board
    unseen = 0
    for pile in state.piles:
        for colour, shape in pile[:-1]:
            unseen |= 1 << (colour * n + shape)
    piles = tuple((pile[-1][0] * n + pile[-1][1], len(pile)) if pile else (FACE_DOWN, 0) for pile in state.piles)
    return Position(
        board.occupied,
        board.frontier,
        tuple(board.colour_free),
        tuple(board.shape_free),
        unseen,
        piles,
        state.flips_left,
    )


class HonestSearch:
    """The memoised expectimax for one board size; its tables serve many calls (a whole game, many deals).

    ``exact`` maps a canonical position to its value (tiles still to place); ``upper`` to a proven upper bound
    left by a cut-off. ``nodes`` counts the positions searched so far.
    """

    def __init__(self, n: int) -> None:
        self.n = n
        shape = geometry(n)
        self.lines, self.neighbours, self.full = shape.lines, shape.neighbours, shape.all_cells
        self.exact: dict[tuple[Any, ...], float] = {}
        self.upper: dict[tuple[Any, ...], float] = {}
        self.nodes = 0
        self._limit = 0
        self._deadline: float | None = None  # thread CPU time at which the search gives up, if it has a time budget
        self._keys: dict[tuple[Any, ...], tuple[Any, ...]] = {}  # the position as it stands -> its symmetric key
        self._boards: dict[tuple[Any, ...], Fits] = {}
        self._row = (1 << n) - 1
        self._first_of_colour = sum(1 << (colour * n) for colour in range(n))  # the tile numbers c * n + 0
        # the transposition of a mask, row by row: row r's bits become column r
        self._transposed_rows = [
            [sum(1 << (k * n + r) for k in range(n) if bits >> k & 1) for bits in range(1 << n)] for r in range(n)
        ]

    # --- the public questions -------------------------------------------------------------------------------
    def value(self, position: Position, max_nodes: int = MAX_NODES, seconds: float | None = None) -> float:
        """The expected number of tiles still to place from ``position`` under optimal honest play."""
        with self._budget(position, max_nodes, seconds):
            return self._value(position, -1.0)[0]

    def best_move(
        self, position: Position, max_nodes: int = MAX_NODES, seconds: float | None = None
    ) -> tuple[int, int, bool, float]:
        """The best move (pile, cell, flip) and its value (tiles still to place, the move's tile included).
        Among equal moves, the first in the order of :meth:`_moves` (piles, then cells, plain before flipped)."""
        return self.best_moves(position, 1, max_nodes, seconds)[0]

    def best_moves(
        self, position: Position, count: int, max_nodes: int = MAX_NODES, seconds: float | None = None
    ) -> list[tuple[int, int, bool, float]]:
        """The ``count`` best moves (fewer if there are fewer), best first, as :meth:`best_move` gives the first:
        every one with its exact value, the others cut off below the last of them (cheaper than
        :meth:`move_values`)."""
        top: list[tuple[int, int, bool, float]] = []
        with self._budget(position, max_nodes, seconds):
            for pile, cell, flip, after in self._moves(position):
                alpha = -1.0 if len(top) < count else top[-1][3] - 1
                worth, exact = self._value(after, alpha)
                if exact and (len(top) < count or 1 + worth > top[-1][3] + EPS):
                    at = next((i for i, kept in enumerate(top) if 1 + worth > kept[3] + EPS), len(top))
                    top = [*top[:at], (pile, cell, flip, 1 + worth), *top[at:]][:count]
        if not top:
            raise ValueError("the game is over: there is no move to choose")
        return top

    def move_values(
        self, position: Position, max_nodes: int = MAX_NODES, seconds: float | None = None
    ) -> list[tuple[int, int, bool, float]]:
        """Every move (pile, cell, flip) with its exact value (tiles still to place, the move's tile included), in
        the order of :meth:`_moves`: no move is cut off, so this costs more than :meth:`best_move`."""
        with self._budget(position, max_nodes, seconds):  # with alpha -1 every answer is exact
            return [
                (pile, cell, flip, 1 + self._value(after, -1.0)[0]) for pile, cell, flip, after in self._moves(position)
            ]

    @contextmanager
    def _budget(self, position: Position, max_nodes: int, seconds: float | None) -> Iterator[None]:
        """Search ``position`` within ``max_nodes`` more nodes and, if given, ``seconds`` of this thread's CPU time;
        the search's bare :class:`TooLarge` leaves as one that says which position and which budgets."""
        self._limit = self.nodes + max_nodes
        self._deadline = None if seconds is None else thread_seconds() + seconds
        try:
            yield
        except TooLarge:
            unseen = position.unseen.bit_count()
            budget = f"max_nodes={max_nodes} (a budget of searched positions)"
            if seconds is not None:
                budget += f" and seconds={seconds:g} (CPU seconds)"
            raise TooLarge(
                f"the position has {unseen} unseen tiles, too many for an exact answer within {budget}: "
                f"play on to a smaller endgame, or raise the budget"
            ) from None

    # --- the search -----------------------------------------------------------------------------------------
    def _value(self, position: Position, alpha: float) -> tuple[float, bool]:
        """(value, True) with the exact value of ``position`` (tiles still to place), or (bound, False) with a
        proven upper bound that is at most ``alpha``: the caller only needed to know the value is no more."""
        if position.occupied.bit_count() < self.n:  # the opening, where symmetric images are many
            raw = (
                position.occupied,
                position.flips,
                position.colour_free,
                position.shape_free,
                position.unseen,
                tuple(sorted(position.piles)),
            )
            key = self._keys.get(raw) or self._keys.setdefault(raw, self._canonical(position))
        else:
            key = self._essence(position)
        known = self.exact.get(key)
        if known is not None:
            return known, True
        bound = self.upper.get(key)
        if bound is not None and bound <= alpha + EPS:
            return bound, False
        self.nodes += 1
        if self.nodes > self._limit or (
            self._deadline is not None and not self.nodes % CLOCK_EVERY and thread_seconds() > self._deadline
        ):
            raise TooLarge
        face_down = next((i for i, (top, size) in enumerate(position.piles) if top == FACE_DOWN and size), None)
        if face_down is None:
            worth, exact = self._max_node(position, alpha)
        else:
            worth, exact = self._chance_node(position, face_down, alpha)
        if exact:
            self.exact[key] = worth
        else:
            self.upper[key] = worth if bound is None else min(bound, worth)
        return worth, exact

    def _fits(self, position: Position) -> Fits:
        """Where each tile fits on the position's board (worked out once per board)."""
        if position.board is None:
            key = (position.occupied, position.colour_free, position.shape_free, position.flips)
            fits = self._boards.get(key)
            if fits is None:
                empty = self.full & ~position.occupied
                fits = self._boards[key] = Fits(self.n, empty, *key[1:])
            position.board = fits
        return position.board

    def _essence(self, position: Position) -> tuple[Any, ...]:
        """The position as a key, with what cannot matter any more left out: the cells already filled, dead tiles
        as a mere count of blanks in the draws, a pile whose top is dead (stuck for good: what lies below it is
        drawn elsewhere as likely as anywhere), and the colours and shapes no live tile has."""
        fits = self._fits(position)
        live = fits.live
        piles = []
        live_tiles = position.unseen & live
        for top, size in position.piles:
            if top != FACE_DOWN:
                if not live >> top & 1:
                    continue
                live_tiles |= 1 << top
            elif not size:
                continue
            piles.append((top, size))
        piles.sort()
        n, by_colour, by_shape = self.n, live_tiles, live_tiles
        for step in range(1, n):  # fold each colour's n tile bits onto its first, and each shape's onto row 0
            by_colour |= live_tiles >> step
            by_shape |= live_tiles >> (step * n)
        colour_room, shape_room = fits.rooms_of(by_colour & self._first_of_colour, by_shape & self._row)
        return (
            position.occupied,
            position.flips,
            colour_room,
            shape_room,
            position.unseen & live,
            (position.unseen & ~live).bit_count(),
            tuple(piles),
        )

    def _max_node(self, position: Position, alpha: float) -> tuple[float, bool]:
        ceiling = self._bound(position)
        if ceiling <= alpha + EPS:
            return float(ceiling), False
        children = sorted(
            ((self._bound(after), after) for *_, after in self._moves(position)), key=lambda child: -child[0]
        )
        best, pruned = 0.0, 0.0  # the best exact move, and the best bound of the moves cut off
        for bound, after in children:
            need = max(alpha, best)
            if 1 + bound <= need + EPS:
                pruned = max(pruned, 1.0 + bound)
                break  # the children come by decreasing bound: none after this one can matter either
            worth, exact = self._value(after, need - 1)
            if not exact:
                pruned = max(pruned, 1 + worth)
            elif 1 + worth > best:
                best = 1 + worth
                if best >= ceiling - EPS:
                    return best, True
        if pruned <= best + EPS:
            return best, True
        return max(best, pruned), False  # here max(best, pruned) <= alpha

    def _chance_node(self, position: Position, pile: int, alpha: float) -> tuple[float, bool]:
        """The mean over the tiles that may come up on ``pile``; every dead tile leaves the pile stuck alike, so
        the dead ones are one outcome, weighted by their number."""
        fits = self._fits(position)
        size, unseen = position.piles[pile][1], position.unseen
        dead = unseen & ~fits.live
        draws = [(tile, 1) for tile in Board.cells_in(unseen & fits.live)]  # the set bits: here tile numbers
        if dead:
            draws.append(((dead & -dead).bit_length() - 1, dead.bit_count()))
        outcomes = []
        for tile, weight in draws:
            piles = list(position.piles)
            piles[pile] = (tile, size)
            child = Position(
                position.occupied,
                position.frontier,
                position.colour_free,
                position.shape_free,
                unseen ^ 1 << tile,
                tuple(piles),
                position.flips,
            )
            child.board = fits
            outcomes.append((self._bound(child), weight, child))
        outcomes.sort(key=lambda outcome: outcome[0])  # the poorest draws first: they bring the cut-off soonest
        count = unseen.bit_count()
        rest = sum(bound * weight for bound, weight, _ in outcomes)
        if rest <= count * alpha + EPS:
            return rest / count, False
        total = 0.0
        for bound, weight, child in outcomes:
            rest -= bound * weight
            worth, exact = self._value(child, (count * alpha - total - rest) / weight)
            total += worth * weight
            if not exact or total + rest <= count * alpha + EPS:  # an inexact child always ends here
                return (total + rest) / count, False
        return total / count, True

    def _moves(self, position: Position) -> list[tuple[int, int, bool, Position]]:
        """Every move (pile, cell, flip) and its afterstate, the taken pile's next top face down."""
        n, out = self.n, []
        frontier, colour_free, shape_free = position.frontier, position.colour_free, position.shape_free
        for pile, (top, size) in enumerate(position.piles):
            if top == FACE_DOWN:
                continue
            colour, shape = divmod(top, n)
            kinds = [(False, fitting_cells(frontier, colour_free[colour], shape_free[shape]))]
            if position.flips:
                kinds.append((True, flip_cells(frontier, colour_free[colour], shape_free[shape])))
            piles = list(position.piles)
            piles[pile] = (FACE_DOWN, size - 1)
            after_piles = tuple(piles)
            for flip, cells in kinds:
                while cells:
                    low = cells & -cells
                    cells ^= low
                    cell = low.bit_length() - 1
                    occupied = position.occupied | low
                    new_frontier, new_colour, new_shape = placed(
                        frontier,
                        occupied,
                        self.neighbours[cell],
                        self.lines[cell],
                        colour_free[colour],
                        shape_free[shape],
                    )
                    colours = colour_free[:colour] + (new_colour,) + colour_free[colour + 1 :]
                    shapes = shape_free if flip else shape_free[:shape] + (new_shape,) + shape_free[shape + 1 :]
                    after = Position(
                        occupied, new_frontier, colours, shapes, position.unseen, after_piles, position.flips - flip
                    )
                    out.append((pile, cell, flip, after))
        out.sort(key=lambda move: (move[0], move[2], move[1]))
        return out

    def _bound(self, position: Position) -> int:
        """An upper bound on the tiles still to place: live tiles, tiles in piles whose top is live or face down,
        and empty cells some live tile fits, whichever is fewest."""
        fits = self._fits(position)
        live, where = fits.live, fits.cells
        remaining, in_piles = position.unseen, 0
        for top, size in position.piles:
            if top == FACE_DOWN:
                in_piles += size
            elif live >> top & 1:
                in_piles += size
                remaining |= 1 << top
        remaining &= live
        cells = 0
        for tile in Board.cells_in(remaining):
            cells |= where[tile]
        return min(remaining.bit_count(), in_piles, cells.bit_count())

    # --- symmetry -------------------------------------------------------------------------------------------
    def _transpose(self, mask: int) -> int:
        n, row, out = self.n, (1 << self.n) - 1, 0
        for r, table in enumerate(self._transposed_rows):
            out |= table[mask >> (r * n) & row]
        return out

    def _canonical(self, position: Position) -> tuple[Any, ...]:
        """The position as a key, relabelled and perhaps transposed so that most symmetric images share it: the
        lesser of the keys of the position and of its transposition, each with colours and shapes sorted by
        signatures that no relabelling changes. Every key describes the whole position, so equal keys mean
        equal values; two images whose signatures tie may still get different keys (a missed hit, not an error)."""
        plain = self._relabelled(position, position.occupied, position.colour_free, position.shape_free)
        transpose = self._transpose
        turned = self._relabelled(
            position,
            transpose(position.occupied),
            tuple(map(transpose, position.colour_free)),
            tuple(map(transpose, position.shape_free)),
        )
        return min(plain, turned)

    def _relabelled(
        self, position: Position, occupied: int, colour_free: tuple[int, ...], shape_free: tuple[int, ...]
    ) -> tuple[Any, ...]:
        n, unseen, span = self.n, position.unseen, range(self.n)
        tops = [(top, size) for top, size in position.piles if top != FACE_DOWN]
        down = tuple(sorted(size for top, size in position.piles if top == FACE_DOWN))
        # A colour's signature: where it may go, the shapes it has unseen and on top (by where they may go)
        colour_signature = [
            (
                colour_free[c],
                sorted(shape_free[s] for s in span if unseen >> (c * n + s) & 1),
                sorted((shape_free[top % n], size) for top, size in tops if top // n == c),
            )
            for c in span
        ]
        shape_signature = [
            (
                shape_free[s],
                sorted(colour_free[c] for c in span if unseen >> (c * n + s) & 1),
                sorted((colour_free[top // n], size) for top, size in tops if top % n == s),
            )
            for s in span
        ]
        colours = sorted(span, key=colour_signature.__getitem__)
        shapes = sorted(span, key=shape_signature.__getitem__)
        new_colour, new_shape = [0] * n, [0] * n
        for rank, (c, s) in enumerate(zip(colours, shapes, strict=True)):
            new_colour[c], new_shape[s] = rank * n, rank
        relabelled_unseen = 0
        while unseen:
            low = unseen & -unseen
            unseen ^= low
            c, s = divmod(low.bit_length() - 1, n)
            relabelled_unseen |= 1 << (new_colour[c] + new_shape[s])
        relabelled_tops = tuple(sorted((new_colour[top // n] + new_shape[top % n], size) for top, size in tops))
        return (
            occupied,
            position.flips,
            tuple(colour_free[c] for c in colours),
            tuple(shape_free[s] for s in shapes),
            relabelled_unseen,
            relabelled_tops,
            down,
        )


def honest_value(
    state: Any, max_nodes: int = MAX_NODES, search: HonestSearch | None = None, seconds: float | None = None
) -> float:
    """The exact expected final score (tiles on the board at the end, those placed included) of optimal play
    without peeking, from a solo state or its player's view.

    ``search`` reuses the tables of an earlier :class:`HonestSearch` of the same board size (faster over a whole
    game). A position beyond ``max_nodes`` searched positions, or beyond ``seconds`` CPU seconds if given, raises
    :class:`TooLarge`; anything but a solo state or view raises ``ValueError``.
    """
    position = seen_position(state)
    search = _search_for(state.rules.n, search)
    return position.occupied.bit_count() + search.value(position, max_nodes, seconds)


def honest_policy(
    state: Any, max_nodes: int = MAX_NODES, search: HonestSearch | None = None, seconds: float | None = None
) -> Place:
    """A move of optimal play without peeking (the first such in a fixed order), as a legal action of ``state``.

    Raises ``ValueError`` when the game is over, :class:`TooLarge` beyond the budget (as :func:`honest_value`).
    """
    return honest_choices(state, 1, max_nodes, search, seconds)[0][0]


def honest_choices(
    state: Any,
    count: int = 1,
    max_nodes: int = MAX_NODES,
    search: HonestSearch | None = None,
    seconds: float | None = None,
) -> list[tuple[Place, float]]:
    """The ``count`` best moves of optimal play without peeking, best first (the first is :func:`honest_policy`'s),
    each with its exact value, the expected final score of optimal play after it (the first's is
    :func:`honest_value`), found by one search; fewer when fewer moves are legal."""
    position = seen_position(state)
    search = _search_for(state.rules.n, search)
    placed_now = position.occupied.bit_count()
    return [
        (_action(position, search.n, pile, cell, flip), placed_now + worth)
        for pile, cell, flip, worth in search.best_moves(position, count, max_nodes, seconds)
    ]


def honest_move_values(
    state: Any, max_nodes: int = MAX_NODES, search: HonestSearch | None = None, seconds: float | None = None
) -> list[tuple[Place, float]]:
    """Every legal move of ``state`` with the exact expected final score of optimal play after it, without
    peeking (an average over the tiles that may come up on the pile taken), best first; the first is
    :func:`honest_policy`'s move, its value :func:`honest_value`. Costs more than those: no move is cut off.

    >>> from townwidget import town
    >>> deal = town.new_solo("town33", seed=17)  # three tops of one shape: alike, for a player who cannot peek
    >>> [(move.pile, round(value, 3)) for move, value in honest_move_values(deal)]
    [(0, 6.033), (1, 6.033), (2, 6.033)]
    >>> [(move.pile, round(value, 3)) for move, value in honest_move_values(town.new_solo("town33", seed=0))]
    [(1, 8.567), (2, 8.567), (0, 5.933)]
    """
    position = seen_position(state)
    search = _search_for(state.rules.n, search)
    placed_now = position.occupied.bit_count()
    moves = [
        (_action(position, search.n, pile, cell, flip), placed_now + worth)
        for pile, cell, flip, worth in search.move_values(position, max_nodes, seconds)
    ]
    return sorted(moves, key=lambda move: -round(move[1], 9))  # stable: equal moves keep the solver's order


def _action(position: Position, n: int, pile: int, cell: int, flip: bool) -> Place:
    top = position.piles[pile][0]
    return Place(divmod(top, n), divmod(cell, n), pile, flip)


def deal_value(rules: Rules | str, max_nodes: int = MAX_NODES, search: HonestSearch | None = None) -> float:
    """The honest optimum averaged over every deal of ``rules`` (exactly, not over sampled deals): the expected
    final score of optimal play that does not peek, before the piles are dealt. Town 33: 8.6024 (= 8.60238...).

    >>> round(deal_value("town33"), 4)
    8.6024
    """
    rules = resolve_rules(rules)
    n, full = rules.n, (1 << rules.tiles) - 1
    search = _search_for(n, search)
    piles = tuple((FACE_DOWN, size) for size in pile_sizes(rules))
    everything = Position(0, 1, (full,) * n, (full,) * n, full, piles, rules.flips)
    return search.value(everything, max_nodes)


def _search_for(n: int, search: HonestSearch | None) -> HonestSearch:
    if search is None:
        return HonestSearch(n)
    if search.n != n:
        raise ValueError(f"the search is for {search.n} x {search.n} boards, the state is {n} x {n}")
    return search
