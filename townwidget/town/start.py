"""Where a Town game's history starts: the position a saved state's moves are played again from.

A solo game draws nothing after the deal, so its start is known from the end: every placed tile goes back on top
of the pile the history says it came from, in reverse order, with its flip. A multiplayer game draws from the bag
as it goes, and the history does not hold the draws: its start cannot be told from a saved state.

>>> from townwidget.town.state import new_solo
>>> game = new_solo("town44", seed=2)
>>> game.apply(game.legal_actions()[0])
>>> start_of(game).to_dict() == new_solo("town44", seed=2).to_dict()
True
"""

from __future__ import annotations

from townwidget.core.checks import shown
from townwidget.town.actions import Place
from townwidget.town.state import SoloState, State, pile_sizes

MULTIPLAYER_HAS_NO_START = (
    "a multiplayer Town game cannot be played again from a saved state (its draws from the bag are not in its "
    "history): its game record replays it from its seed"
)


def start_of(state: State) -> SoloState:
    """The solo deal ``state``'s history was played from; raises ValueError naming why it cannot be told (a
    multiplayer game, a history shorter or longer than the tiles placed, a move that is no placement from a pile,
    piles or flips no deal gives)."""
    if not isinstance(state, SoloState):
        raise ValueError(MULTIPLAYER_HAS_NO_START)
    if len(state.history) != state.board.placed():
        raise ValueError(
            f"the history holds {len(state.history)} move(s) but {state.board.placed()} tile(s) are on the board: "
            "it does not reach back to the deal"
        )
    piles, flips = [list(pile) for pile in state.piles], state.flips_left
    for number in reversed(range(len(state.history))):
        action = state.history[number][2]
        if not isinstance(action, Place) or action.pile is None or not 0 <= action.pile < len(piles):
            raise ValueError(f"history[{number}] {shown(action)} is not a placement from one of the {len(piles)} piles")
        piles[action.pile].append(action.tile)
        flips += action.flip
    sizes = tuple(len(pile) for pile in piles)
    if sizes != pile_sizes(state.rules) or flips > state.rules.flips:
        raise ValueError(
            f"the history does not start from a deal: it gives piles of {list(sizes)} tiles and {flips} flip(s), "
            f"a deal has {list(pile_sizes(state.rules))} and {state.rules.flips}"
        )
    return SoloState(state.rules, state.rng.copy(), piles, flips)
