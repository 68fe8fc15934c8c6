"""The clairvoyant solo solver: the best score of a Town solo deal when the order of every pile is known.

It takes the full :class:`~townwidget.town.SoloState` (pile order included), not a view, so it is no player: it
gives the *par* of a deal, the score a player could have reached with perfect knowledge, to compare honest players
with (over many deals: :func:`townwidget.arena.solo_par`, on any executor). The agent registry's ``"clairvoyant"``
entry plays its line and is the one agent that peeks (:mod:`townwidget.agents.clairvoyant`). It works on the
board's bit masks with the placement rule of :mod:`townwidget.town.bits`.

The search is a depth-first branch and bound over the placements, with memoization of the positions already
searched (a position is the board's contents: they fix which tiles left each pile). Beam searches of growing
width first give a good score to beat. The bound counts, on each pile, the tiles above its first *dead* tile (one
that fits no empty cell whatever happens next, so the pile can never pass it), and also the empty cells some such
tile could fill.
When the search ends within its time, the score is exact; otherwise it is the best found, a lower bound, and the
solution says so (``exact=False``, with a proven ``upper_bound``).

Its honest counterpart, the exact expected score of the best play that does not see the pile order
(:func:`honest_value`, :func:`honest_policy`, :func:`honest_move_values`), lives in :mod:`townwidget.solvers.honest`.

>>> from townwidget import town
>>> deal = town.new_solo("town44", seed=2)
>>> best = solve(deal)
>>> best.exact, best.score == best.upper_bound
(True, True)
>>> game = deal.clone()
>>> for action in best.actions:
...     game.apply(action)
>>> game.is_terminal() and game.board.placed() == best.score
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from townwidget.core.checks import require_seconds
from townwidget.core.clock import thread_seconds
from townwidget.core.progress import progress as progress_bar
from townwidget.town.actions import Place
from townwidget.town.bits import fitting_cells, flip_cells, open_cells, placed
from townwidget.town.board import BLANK, Board, geometry
from townwidget.town.state import SoloState

BEAM_WIDTH = 1024  # Town 77: a wider beam finds longer lines, within the par budget of CPU seconds
CHECK_EVERY = 2048  # nodes between two looks at the clock
DEPTH_FIRST = 0  # the last pass, after the beams


@dataclass(frozen=True)
class Solution:
    """The solver's answer: ``score`` (tiles on the board at the end, those already placed included), the
    ``actions`` that reach it, ``exact`` (whether the search finished, so no play does better),
    ``upper_bound`` (proven: no play does better than this; equal to ``score`` when exact) and ``nodes`` (the
    positions the search looked at, a measure of its effort)."""

    score: int
    actions: tuple[Place, ...]
    exact: bool
    upper_bound: int
    nodes: int = 0


class _TimeUp(Exception):
    pass


class _Search:
    """The deal as flat integers, changed in place and restored on the way back (no copies in the hot loop)."""

    def __init__(self, state: SoloState, deadline: float | None) -> None:
        board, n = state.board, state.rules.n
        self.n = n
        self.lines, self.neighbours = geometry(n).lines, geometry(n).neighbours
        self.piles = [list(pile) for pile in state.piles]
        self.heights = [len(pile) for pile in self.piles]
        self.colour_free, self.shape_free = board.colour_free.copy(), board.shape_free.copy()
        self.occupied, self.frontier, self.flips = board.occupied, board.frontier, state.flips_left
        self.placed = board.placed()
        self.key = sum(_code(content, n) << (6 * i) for i, content in enumerate(board.cells) if content is not None)
        self.deadline = deadline
        self.nodes = 0
        self.memo: dict[int, int] = {}  # position key -> proven upper bound on the tiles still to place
        self.path: list[tuple[int, int, bool]] = []  # (pile, cell, flip) of the moves made so far
        self.best = self.placed
        self.best_path: list[tuple[int, int, bool]] = []

    # --- moves ---------------------------------------------------------------------------------------------
    def top_cells(self) -> list[tuple[int, int, int]]:
        """For each pile with tiles: the pile, the cells where its top fits, and those where it fits by a flip."""
        out = []
        frontier, colour_free, shape_free, flips = self.frontier, self.colour_free, self.shape_free, self.flips
        for pile, height in enumerate(self.heights):
            if height:
                colour, shape = self.piles[pile][height - 1]
                free_colour, free_shape = colour_free[colour], shape_free[shape]
                flipped = flip_cells(frontier, free_colour, free_shape) if flips else 0
                out.append((pile, fitting_cells(frontier, free_colour, free_shape), flipped))
        return out

    def moves(self) -> list[tuple[int, int, bool]]:
        cells_in, out = Board.cells_in, []
        for pile, plain, flipped in self.top_cells():
            out += [(pile, cell, False) for cell in cells_in(plain)]
            if flipped:
                out += [(pile, cell, True) for cell in cells_in(flipped)]
        return out

    def mobility(self) -> int:
        """The number of moves, counted on the masks (a beam's tie-break): ``len(self.moves())``, without the list."""
        return sum(plain.bit_count() + flipped.bit_count() for _, plain, flipped in self.top_cells())

    def play(self, pile: int, cell: int, flip: bool) -> tuple[int, int, int, int]:
        """Make a move; returns what :meth:`undo` needs."""
        height = self.heights[pile] - 1
        colour, shape = self.piles[pile][height]
        free_colour, free_shape = self.colour_free[colour], self.shape_free[shape]
        saved = (free_colour, free_shape, self.frontier, self.key)
        self.heights[pile] = height
        self.occupied |= 1 << cell
        self.frontier, self.colour_free[colour], free_shape = placed(
            self.frontier, self.occupied, self.neighbours[cell], self.lines[cell], free_colour, free_shape
        )
        if flip:
            self.flips -= 1
            self.key += (self.n * self.n + colour + 1) << (6 * cell)
        else:
            self.shape_free[shape] = free_shape
            self.key += (colour * self.n + shape + 1) << (6 * cell)
        self.placed += 1
        self.path.append((pile, cell, flip))
        return saved

    def undo(self, pile: int, cell: int, flip: bool, saved: tuple[int, int, int, int]) -> None:
        colour, shape = self.piles[pile][self.heights[pile]]
        self.colour_free[colour], self.shape_free[shape], self.frontier, self.key = saved
        self.heights[pile] += 1
        self.flips += flip
        self.occupied &= ~(1 << cell)
        self.placed -= 1
        self.path.pop()

    # --- bound ---------------------------------------------------------------------------------------------
    def bound(self) -> int:
        """An upper bound on the tiles still to place: tiles above each pile's first dead tile, and no more than
        the empty cells those tiles could fill."""
        empty = ~self.occupied
        colour_free, shape_free, flips = self.colour_free, self.shape_free, self.flips
        reachable, cells = 0, 0
        for pile, height in zip(self.piles, self.heights, strict=True):
            for i in range(height - 1, -1, -1):
                colour, shape = pile[i]
                # while flips are left a tile's shape may clash: it then goes in colour only
                fits = (
                    colour_free[colour] & empty if flips else open_cells(empty, colour_free[colour], shape_free[shape])
                )
                if not fits:
                    break
                reachable += 1
                cells |= fits
        return min(reachable, cells.bit_count())

    # --- searches ------------------------------------------------------------------------------------------
    def record(self) -> None:
        if self.placed > self.best:
            self.best, self.best_path = self.placed, self.path.copy()

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0 and self.deadline is not None and thread_seconds() > self.deadline:
            raise _TimeUp

    def depth_first(self, need: int) -> int:
        """A proven upper bound on the tiles still to place from here; exact when it exceeds ``need``."""
        self.tick()
        self.record()
        limit = self.memo.get(self.key)
        if limit is None:
            limit = self.bound()
        if limit <= need:
            return limit
        children = []
        for move in self.moves():
            saved = self.play(*move)
            children.append((self.bound(), move))
            self.undo(*move, saved)
        children.sort(key=lambda child: -child[0])
        value = 0
        for child_bound, move in children:
            if child_bound + 1 <= max(need, value):
                value = max(value, child_bound + 1)  # the best a pruned child could give
                break
            saved = self.play(*move)
            value = max(value, 1 + self.depth_first(max(need, value) - 1))
            self.undo(*move, saved)
        value = min(value, limit)
        self.memo[self.key] = value
        return value

    def beam(self, width: int) -> None:
        """Keep the ``width`` most promising lines, move by move; records the best final position found."""
        layer: list[list[tuple[int, int, bool]]] = [[]]
        while layer:
            scored: dict[int, tuple[tuple[int, int], list[tuple[int, int, bool]]]] = {}
            for line in layer:
                saves = [self.play(*move) for move in line]
                self.record()
                for move in self.moves():
                    self.tick()
                    saved = self.play(*move)
                    scored[self.key] = ((self.bound(), self.mobility()), line + [move])
                    self.undo(*move, saved)
                for move, saved in zip(reversed(line), reversed(saves), strict=True):
                    self.undo(*move, saved)
            ranked = sorted(scored.values(), key=lambda item: item[0], reverse=True)
            layer = [line for _, line in ranked[:width]]


def solve(
    state: SoloState, seconds: float | None = None, beam_width: int = BEAM_WIDTH, progress: bool | None = None
) -> Solution:
    """The best play of a solo deal from ``state`` on, seeing the order of every pile.

    With ``seconds`` (CPU seconds of the calling thread, so that a busy machine does not cut the search short),
    the search stops then and returns the best found (``exact=False``); without, it runs to the end (fine for
    boards up to 5 x 5, long for Town 77). A search that lasts over a second shows a progress bar of
    its passes (beams of growing width, then the depth-first search); ``progress=False`` hides it (see
    :mod:`townwidget.core.progress`).
    A state that is not a :class:`SoloState`, or ``seconds`` that is not a budget (a number of seconds above 0 and at
    most a day: :func:`~townwidget.core.checks.require_seconds`), raises ``ValueError``.
    """
    if not isinstance(state, SoloState):
        raise ValueError(f"the clairvoyant solver needs the full SoloState (it sees the piles), not {state!r}")
    require_seconds(seconds, "seconds")
    deadline = None if seconds is None else thread_seconds() + seconds  # CPU time: the same on a busy machine
    search = _Search(state, deadline)
    root_bound = search.placed + search.bound()
    exact = False
    passes = _widths(beam_width) + [DEPTH_FIRST]
    try:
        # Narrow passes first, so a short time limit still gets a good line; a line that reaches the root's bound
        # (often the whole board, on small boards) is proven best, and the wider passes are skipped.
        for width in progress_bar(passes, desc="clairvoyant search", unit=" passes", enabled=progress, delay=1.0):
            if width == DEPTH_FIRST:
                search.depth_first(search.best - search.placed)
                exact = True
            elif search.best < root_bound:
                search.beam(width)
    except _TimeUp:
        pass
    upper_bound = search.best if exact else root_bound
    return Solution(search.best, _actions(state, search.best_path), exact, upper_bound, search.nodes)


def _widths(widest: int) -> list[int]:
    """The beam widths to try in turn: 1, 2, 4, ... below ``widest``, then ``widest``."""
    widths, width = [], 1
    while width < widest:
        widths.append(width)
        width *= 2
    return widths + [widest]


def _actions(state: SoloState, moves: list[tuple[int, int, bool]]) -> tuple[Place, ...]:
    """The engine's actions for the solver's moves, replayed on a copy of the deal."""
    game, out = state.clone(), []
    assert isinstance(game, SoloState)
    for pile, cell, flip in moves:
        action = Place(game.piles[pile][-1], divmod(cell, state.rules.n), pile, flip)
        game.apply(action)
        out.append(action)
    return tuple(out)


def _code(content: Any, n: int) -> int:
    """A cell's contents as a number below 64: tiles 1..n^2, colour-only tiles above them, 63 for a blank."""
    if content == BLANK:
        return 63
    colour, shape = content
    return n * n + colour + 1 if shape is None else colour * n + shape + 1
