"""What hints and reviews say only of Town, written for Town: which engine measures a solo position, the reasons a
hint gives for a placement, and the par of a solo deal (the clairvoyant solver, which sees the piles).

The game-agnostic advice (:mod:`~townwidget.advice.estimate`, :mod:`~townwidget.advice.hint`,
:mod:`~townwidget.advice.review`) asks these by the family's name, so another game simply has none of them.
"""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from townwidget.core import View
from townwidget.core.extras import numpy_or_none
from townwidget.core.language import _, ngettext
from townwidget.core.registry import game_of
from townwidget.solvers import MAX_BATCH_N
from townwidget.town.board import Board
from townwidget.town.state import MultiState, SoloState
from townwidget.town.words import tile_colour

FAMILY = "town"  # the registry's name of the game this module is written for

# Worker processes can start here (not in Pyodide); from a clean server process ("forkserver"), never by forking a
# kernel whose other threads may hold locks, or afresh ("spawn") where there is no fork.
PROCESSES = sys.platform != "emscripten"


def is_town_solo(state: Any) -> bool:
    """Whether ``state`` is a Town solo game, asked of the registry's adapter (its family) and the protocol."""
    return bool(game_of(state).family == FAMILY and state.num_players == 1)


def has_par(state: Any) -> bool:
    """Whether a finished game has a par: Town solo, whose deal the clairvoyant solver can play seeing the piles."""
    return is_town_solo(state)


def solo_engine(state: Any) -> str:
    """How a Town solo position is measured: ``"batched"`` on the batched simulator, or ``"solo"`` by the scalar
    engine (9 x 9 boards, too large for the batched simulator, or no numpy)."""
    batched = state.rules.n <= MAX_BATCH_N and numpy_or_none() is not None
    return "batched" if batched else "solo"


def reward_unit(state: Any) -> int:
    """What a search's reward of 1 stands for: every tile placed in Town solo, else one whole ``returns()``."""
    return int(state.rules.tiles) if is_town_solo(state) else 1


def par(
    start: Any,  # a Town solo deal (has_par)
    score: float,
    line: Sequence[Any],
    seconds: float | None,
    progress: bool | None,
    solving: Future[Any] | None = None,
) -> tuple[int, tuple[Any, ...], bool]:
    """``(par, its line, exact)`` of the Town solo deal ``start``, whose player placed ``score`` tiles by ``line``:
    the solver's, from ``solving`` (found aside, :func:`solve_aside`) or found now."""
    if score == start.rules.tiles:  # a full board: the player's own line is par, no search can beat it
        return int(score), tuple(line), True
    best = _solve(start, seconds, progress) if solving is None else solving.result()
    if best.score >= score:
        found, played = best.score, best.actions
    else:  # the solver's time ran out below the player's own line, which is a line too
        found, played = int(score), tuple(line)
    return found, tuple(played), best.exact or found == start.rules.tiles  # a full board cannot be beaten


def solve_aside(start: Any, final: Any, seconds: float | None) -> Future[Any] | None:
    """The solver's par of ``start`` found in a worker process (which ends once it is found), while the caller
    judges the moves; ``None`` where ``final`` is a full board, its own par with no search."""
    if final.board.placed() == final.rules.tiles:
        return None
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    pool = ProcessPoolExecutor(1, mp_context=context)
    solving = pool.submit(_solve, start, seconds, False)
    pool.shutdown(wait=False)
    return solving


def _solve(start: SoloState, seconds: float | None, progress: bool | None) -> Any:
    from townwidget.solvers.clairvoyant import solve

    return solve(start, seconds, progress=progress)


def reason(view: View, public: Any, best: Any, runner: Any) -> str:
    """Why the hinted move ``best`` beats ``runner``, read from the board and the tiles still to come."""
    if is_town_solo(public):
        return _solo_reason(view, public, best, runner)
    if best.to_dict()["type"] == "place":  # Town multiplayer (the caller asks only of Town)
        return _multi_reason(view, public, best)
    return ""


def _solo_reason(view: View, public: SoloState, best: Any, runner: Any) -> str:
    """What the suggested placement keeps open, read from the board and the tiles still to come."""
    unseen = [(c, s) for c, s in view.to_dict()["unseen"]]
    coming = unseen + [pile[-1] for pile in public.piles if pile]
    lost = {action: _dead_after(public, action, coming) for action in (best, runner)}
    if lost[best] < lost[runner]:
        leaves = ngettext(
            "leaves {count} tile to come without a cell, against {other}",
            "leaves {count} tiles to come without a cell, against {other}",
            lost[best],
        )
        return leaves.format(count=lost[best], other=lost[runner])
    colour = best.tile[0]
    same = [tile for tile in unseen if tile[0] == colour]
    if not same:
        return _("no other {colour} tile is still unseen").format(colour=tile_colour(colour))
    board = _after(public, best).board
    cells = 0
    for c, s in same:
        cells |= board.open_cells(c, s)
    count = cells.bit_count()
    open_cells = ngettext("{count} open cell", "{count} open cells", count).format(count=count)
    keeps = ngettext(
        "keeps {cells} for the last {colour} tile still unseen",
        "keeps {cells} for the {count} {colour} tiles still unseen",
        len(same),
    )
    return keeps.format(cells=open_cells, count=len(same), colour=tile_colour(colour))


def _after(state: Any, action: Any) -> Any:
    child = state.clone()
    child.apply(action)
    return child


def _dead_after(state: SoloState, action: Any, coming: list[tuple[int, int]]) -> int:
    """How many of the tiles still to come fit no empty cell after ``action``."""
    board: Board = _after(state, action).board
    return sum(1 for c, s in coming if (c, s) != action.tile and not board.open_cells(c, s))


def _multi_reason(view: View, public: MultiState, best: Any) -> str:
    """Town multiplayer: how many of the player's tiles still fit after a placement."""
    board = _after(public, best).board
    hand = [tile for tile in public.hands[view.player] if tile != best.tile]
    fitting = sum(1 for c, s in hand if board.legal_cells(c, s))
    fit = ngettext(
        "{count} tile of your hand still fits next to the city",
        "{count} tiles of your hand still fit next to the city",
        fitting,
    )
    return fit.format(count=fitting)
