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
>>> guess = view.sample_state(1)
>>> guess.hands[0] == game.hands[0] and [c for c, _ in guess.hands[1]] == [c for c, _ in game.hands[1]]
True
"""

from __future__ import annotations

import copy
from collections import defaultdict
from typing import Any

from townwidget.core.rng import Rng, make_rng
from townwidget.town.actions import Action
from townwidget.town.board import BLANK
from townwidget.town.format import from_dict
from townwidget.town.rules import Rules
from townwidget.town.state import MultiState, State, all_tiles

MAX_TRIES = 10_000


class TownView:
    """What ``player`` may know: the board, their own tiles, other hands' colours, bag and pile sizes, the history."""

    __slots__ = ("player", "_data", "_public")

    def __init__(self, state: State, player: int) -> None:
        self.player = player
        self._data = state.to_dict(viewer=player)
        # One determinization drawn with a fixed seed answers the view's own questions (legal actions, phase);
        # it is a function of the viewer form only, so it tells nothing about the hidden tiles.
        self._public = _determinize(self._data, Rng(0))

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
        """The phase as the viewer sees it (another player's optional exchange step shows as 'place')."""
        return str(self._data["phase"])

    def is_terminal(self) -> bool:
        return self._public.is_terminal()

    def legal_actions(self) -> list[Action]:
        """The viewer's legal actions when it is their turn (they depend only on what the viewer knows), else []."""
        return self._public.legal_actions() if self.current_player == self.player else []

    def to_dict(self) -> dict[str, Any]:
        """The viewer form of the state (a copy)."""
        return copy.deepcopy(self._data)

    def sample_state(self, rng: int | Rng | None = None) -> State:
        """A full state drawn uniformly among those consistent with this view, with its own fresh generator.

        The sampled state carries no history (the record, with its hidden parts masked, is in :meth:`to_dict`).
        """
        return _determinize(self._data, make_rng(rng))

    def __repr__(self) -> str:
        return f"<TownView player={self.player} of {self._public!r}>"


def _determinize(data: dict[str, Any], rng: Rng) -> State:
    """Deal the unseen tiles into every hidden place of a viewer form, uniformly, and load the full state.

    Multiplayer deals that contradict what the viewer knows (the player to act is still in the game, so they hold
    a tile that can be placed or three alike to exchange) are drawn again: rejection keeps the deal uniform among
    the consistent ones.
    """
    if data["mode"] == "solo":
        return from_dict(_deal_solo(data, rng))
    for _ in range(MAX_TRIES):
        state = from_dict(_deal_multi(data, rng), check_phase=False)
        if _consistent_turn(state):
            return state
    raise RuntimeError(f"no deal consistent with the view was found in {MAX_TRIES} tries")


def _deal_solo(data: dict[str, Any], rng: Rng) -> dict[str, Any]:
    full = copy.deepcopy(data)
    pool = full.pop("unseen")  # the solo player knows which tiles remain below the tops, not their order
    rng.shuffle(pool)
    deck = iter(pool)
    full["piles"] = [[tile if tile is not None else next(deck) for tile in pile] for pile in data["piles"]]
    full.update(history=[], rng=rng.next64())
    return full


def _deal_multi(data: dict[str, Any], rng: Rng) -> dict[str, Any]:
    """Hand tiles whose colour shows are dealt first from the unseen tiles of that colour, then the bag, and the
    tiles under blanks (the first ones of what is left), so every consistent deal is equally likely."""
    full = copy.deepcopy(data)
    seen = {tuple(cell) for row in data["board"] for cell in row if isinstance(cell, list)}
    seen |= {tuple(tile) for hand in data["hands"] for tile in hand if tile[1] is not None}
    pool = [tile for tile in all_tiles(data["n"]) if tile not in seen]
    rng.shuffle(pool)
    by_colour: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for tile in reversed(pool):
        by_colour[tile[0]].append(tile)  # popped from the end: the dealt order
    full["hands"] = [
        [tile if tile[1] is not None else list(by_colour[tile[0]].pop()) for tile in hand] for hand in data["hands"]
    ]
    dealt = {tuple(tile) for hand in full["hands"] for tile in hand}
    free = [tile for tile in pool if tile not in dealt]
    blanks = sum(cell == BLANK for row in data["board"] for cell in row)
    full["bag"] = [list(tile) for tile in free[blanks:]]
    full.update(history=[], rng=rng.next64())
    return full


def _consistent_turn(state: State) -> bool:
    """Give the player to act the phase their dealt hand allows; ``False`` if they would have left the game."""
    assert isinstance(state, MultiState)
    if state.phase != "place":
        return state.phase != "exchange" or state.can_exchange()
    if state.has_placement():
        return True
    if state.can_exchange():
        state.phase = "exchange"
        return True
    return False
