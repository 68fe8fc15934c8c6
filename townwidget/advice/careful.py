"""The *careful* solo policy: place so that the tiles still to come keep open cells and the pile tops stay placeable.

It reads only what the solo player knows (the board, the pile tops, the set of tiles not yet placed, never their
order). A tile's *open cells* are the empty cells whose row and column lack its colour and shape; a tile with k of
them is taken to be placed in the end with chance 1 - DECAY**k. A placement costs the drop of these chances over
the tiles still to come (a pile top's counted :data:`TOP_WEIGHT` times), plus :data:`STUCK_COST` for each other pile
top left with no open cell next to the city (the game ends when no top can be placed), plus :data:`FLIP_COST` for a
flip (Town 66). The policy plays the cheapest placement, ties broken uniformly at random. Costs are integers (in
:data:`UNIT` s), so both implementations see the same ties.

It is the base policy that hints and reviews play out (:mod:`townwidget.advice.estimate`). On its own it places
about 29 tiles in Town 77 (200 deals; greedy 29.5, random 24.9), and the batched form
(:mod:`townwidget.advice.careful_batch`, with numpy) plays a game in about 1.4 ms of CPU; :func:`careful_move`
here is the same policy on one scalar state, in plain Python.

>>> from townwidget import town
>>> game = town.new_solo("town55", seed=1)
>>> rng = Rng(0)
>>> while not game.is_terminal():
...     game.apply(careful_move(game, rng))
>>> game.board.placed() >= 15
True
"""

from __future__ import annotations

from functools import cache

from townwidget.core.rng import Rng
from townwidget.town.actions import Place
from townwidget.town.bits import open_cells
from townwidget.town.board import geometry
from townwidget.town.state import SoloState

TOP_WEIGHT = 3  # a dead pile top blocks its pile: it counts as this many dead tiles
STUCK_COST = 3  # a pile top that fits no open cell next to the city now: the game ends when all tops are stuck
FLIP_COST = 2  # a flip (Town 66 has two) is worth keeping: placing turned over counts as this many dead tiles
UNIT = 4096  # costs are integers in these units (a tile): exact, so ties are ties in both implementations
DECAY = 0.4  # a tile with k open cells is placed in the end with chance about 1 - DECAY**k


@cache
def survival_chances(cells: int) -> tuple[int, ...]:
    """The chance, in :data:`UNIT` s, that a tile with k open cells (k = 0 .. cells) is placed in the end."""
    return tuple(round(UNIT * (1 - DECAY**k)) for k in range(cells + 1))


# --- one scalar state --------------------------------------------------------------------------------------------
def careful_move(state: SoloState, rng: Rng) -> Place:
    """The careful policy's placement in ``state`` (which must not be over), ties broken by ``rng``."""
    actions = [action for action in state.legal_actions() if isinstance(action, Place)]  # solo: placements only
    if not actions:
        raise ValueError("the game is over: there is no placement to choose")
    costs = [careful_cost(state, action) for action in actions]
    least = min(costs)
    return rng.choice([action for action, cost in zip(actions, costs, strict=True) if cost == least])


def careful_cost(state: SoloState, action: Place) -> int:
    """What ``action`` costs the remaining tiles' chances to be placed, in :data:`UNIT` s (lower is better)."""
    board, n = state.board, state.rules.n
    chance = survival_chances(n * n)
    index = action.cell[0] * n + action.cell[1]
    line = geometry(n).lines[index]
    empty = board.empty_cells()
    tops = [pile[-1] for pile in state.piles if pile]
    frontier = (board.frontier | geometry(n).neighbours[index]) & ~(1 << index)
    colour, shape = action.tile
    cost = FLIP_COST * UNIT if action.flip else 0
    for pile in state.piles:
        for c, s in pile:
            if (c, s) == action.tile:
                continue
            fits = open_cells(empty, board.colour_free[c], board.shape_free[s])
            related = c == colour or (s == shape and not action.flip)
            lost = fits & line if related else fits & 1 << index
            count = fits.bit_count()
            top = (c, s) in tops
            cost += (TOP_WEIGHT if top else 1) * (chance[count] - chance[count - lost.bit_count()])
            if top and not fits & ~lost & frontier:
                cost += STUCK_COST * UNIT  # this top cannot be placed next move
    return cost


__all__ = ["careful_cost", "careful_move", "survival_chances"]
