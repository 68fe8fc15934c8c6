"""A quick position estimate for Town, used by greedy agents and to cut rollouts short.

It reads only what the evaluated player may know (the board, their own hand or the pile tops, the set of tiles
not yet placed), so an agent may call it on a determinized state without learning anything hidden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from townwidget.town.state import State


def open_tiles(state: State, tiles: list[tuple[int, int]]) -> int:
    """How many of ``tiles`` still have some empty cell whose row and column lack their colour and shape.

    A tile with no such cell can never be placed, whatever happens next: the fewer of those, the more of the
    board remains completable.
    """
    board = state.board
    empty = ~board.occupied
    return sum(1 for c, s in tiles if board.colour_free[c] & board.shape_free[s] & empty)


def evaluate(state: State, player: int) -> float:
    """An estimate in [0, 1] of how well ``player`` stands (1 = best).

    Solo: tiles placed, plus half a point for every unplaced tile that can still fit somewhere, over n^2.
    Multiplayer: fewer tiles in hand is better, and so is having tiles that can be placed now.
    """
    n2 = state.rules.tiles
    if state.mode == "solo":
        unplaced = [tile for pile in state.piles for tile in pile]  # type: ignore[attr-defined]
        return (state.board.placed() + 0.5 * open_tiles(state, unplaced)) / n2
    hand = state.hands[player]  # type: ignore[attr-defined]
    if not hand:
        return 1.0
    board = state.board
    playable = sum(1 for c, s in hand if board.legal_cells(c, s))
    fewer = 1 - len(hand) / (state.rules.hand_size + 1)
    return 0.5 * fewer + 0.5 * playable / len(hand)
