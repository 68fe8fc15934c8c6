"""What one player may know of a Town game, and determinization: full states consistent with that knowledge.

A :class:`TownView` is built from ``state.to_dict(viewer=player)`` alone and keeps no reference to the state, so an
agent that receives it has no path to hidden tiles. To plan, an agent samples full states consistent with the view
(:meth:`TownView.sample_state`): the unseen tiles (all tiles but those the viewer has seen) are dealt uniformly
into the hidden places, respecting what is public (the colours of other hands, the colour of colour-only tiles).
Because the unseen pool is built from the viewer's knowledge in sorted order, nothing computed from a view
depends on the hidden tiles, not even on the order in which the true state stores them.

>>> from townwidget.town import new_game
>>> game = new_game("town77", players=2, seed=5)
>>> view = game.view(0)
>>> view.legal_actions() == game.legal_actions()
True
>>> guess = view.sample_state(seed := 1)
>>> guess.hands[0] == game.hands[0] and [c for c, _ in guess.hands[1]] == [c for c, _ in game.hands[1]]
True
"""

from __future__ import annotations

import copy
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from townwidget.core.rng import Rng, make_rng
from townwidget.town.actions import Action
from townwidget.town.board import BLANK
from townwidget.town.format import from_dict
from townwidget.town.rules import Rules
from townwidget.town.state import State, all_tiles

Deal = Callable[[list[Any]], None]  # reorders a pool of unseen tiles in place


class TownView:
    """What ``player`` may know: the board, their own tiles, other hands' colours, bag and pile sizes, the history."""

    __slots__ = ("player", "_data", "_public")

    def __init__(self, state: State, player: int) -> None:
        self.player = player
        self._data = state.to_dict(viewer=player)
        # One fixed determinization (the unseen tiles in sorted order) answers the viewer's own questions
        # (legal actions, phase); it depends on the viewer's knowledge only.
        self._public = _determinize(self._data, lambda pool: None, seed=0)

    @property
    def current_player(self) -> int | None:
        return self._public.current_player

    @property
    def num_players(self) -> int:
        return self._public.num_players

    @property
    def rules(self) -> Rules:
        return self._public.rules

    @property
    def phase(self) -> str:
        return self._public.phase

    def is_terminal(self) -> bool:
        return self._public.is_terminal()

    def legal_actions(self) -> list[Action]:
        """The viewer's legal actions when it is their turn (they depend only on what the viewer knows), else []."""
        return self._public.legal_actions() if self.current_player == self.player else []

    def to_dict(self) -> dict[str, Any]:
        """The viewer form of the state (a copy)."""
        return copy.deepcopy(self._data)

    def sample_state(self, rng: int | Rng | None = None) -> State:
        """A full state drawn uniformly among those consistent with this view, with its own fresh generator."""
        generator = make_rng(rng)
        return _determinize(self._data, generator.shuffle, seed=generator.next64())

    def __repr__(self) -> str:
        return f"<TownView player={self.player} of {self._public!r}>"


def _determinize(data: dict[str, Any], deal: Deal, seed: int) -> State:
    """Fill every hidden tile of a viewer form from the unseen pool (ordered by ``deal``) and load the result.

    Places bound to a colour (another player's hand tile shows its colour) are filled first, then the free places
    (the bag, tiles under blanks, the piles below their tops), so every consistent deal is equally likely.
    """
    full = copy.deepcopy(data)
    full["rng"] = Rng(seed).state
    if data["mode"] == "solo":
        pool = [tuple(tile) for tile in full.pop("unseen")]
        deal(pool)
        deck = iter(pool)
        full["piles"] = [[tile if tile is not None else list(next(deck)) for tile in pile] for pile in data["piles"]]
        return from_dict(full)
    seen = {tuple(cell) for row in data["board"] for cell in row if isinstance(cell, list)}
    seen |= {tuple(tile) for hand in data["hands"] for tile in hand if tile[1] is not None}
    pool = [tile for tile in all_tiles(data["n"]) if tile not in seen]
    deal(pool)
    by_colour: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for tile in reversed(pool):
        by_colour[tile[0]].append(tile)  # popped from the end: the dealt order
    full["hands"] = [
        [tile if tile[1] is not None else list(by_colour[tile[0]].pop()) for tile in hand] for hand in data["hands"]
    ]
    dealt = {tuple(tile) for hand in full["hands"] for tile in hand}
    free = [tile for tile in pool if tile not in dealt]
    blanks = sum(cell == BLANK for row in data["board"] for cell in row)
    full["bag"] = [list(tile) for tile in free[blanks:]]  # the first ones lie under the blanks
    return from_dict(full)
