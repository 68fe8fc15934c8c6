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
from typing import Any, NamedTuple

from townwidget.core.protocol import SearchAdvice
from townwidget.core.rng import Rng, make_rng
from townwidget.town.actions import Action, Tile
from townwidget.town.board import BLANK
from townwidget.town.format import from_dict
from townwidget.town.rules import Rules
from townwidget.town.state import MultiState, SoloState, State, all_tiles

MAX_TRIES = 10_000


class TownView:
    """What ``player`` may know: the board, their own tiles, other hands' colours, bag and pile sizes, the history."""

    __slots__ = ("player", "_data", "_public")

    def __init__(self, state: State, player: int) -> None:
        self._build(state.to_dict(viewer=player), player)

    @classmethod
    def from_dict(cls, data: dict[str, Any], player: int) -> TownView:
        """The view of ``player`` from their viewer form, ``state.to_dict(viewer=player)`` (how an isolated agent's
        process gets its view)."""
        view = cls.__new__(cls)
        view._build(data, player)
        return view

    def _build(self, data: dict[str, Any], player: int) -> None:
        self.player = player
        self._data = data
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

    def search_advice(self) -> SearchAdvice:
        """Town leaves tree searches their own defaults."""
        return SearchAdvice()

    def sample_state(self, rng: int | Rng | None = None) -> State:
        """A full state drawn uniformly among those consistent with this view, with its own fresh generator.

        The sampled state carries no history (the record, with its hidden parts masked, is in :meth:`to_dict`).
        It is a copy of the view's own determinization with the hidden tiles dealt again, so drawing many is cheap.
        """
        generator = make_rng(rng)
        for _ in range(MAX_TRIES):
            state = self._public.clone()
            _install(state, _deal(self._data, generator), self._data["phase"])
            if _consistent_turn(state):
                return state
        raise RuntimeError(f"no deal consistent with the view was found in {MAX_TRIES} tries")

    def __repr__(self) -> str:
        return f"<TownView player={self.player} of {self._public!r}>"


class Deal(NamedTuple):
    """Where the hidden tiles go in one determinization, and the seed of the sampled state's generator."""

    hands: list[list[Tile]] | None  # multiplayer: every hand, the viewer's as it is
    bag: list[Tile] | None
    piles: list[list[Tile]] | None  # solo: every pile, tops as they are
    seed: int


def _determinize(data: dict[str, Any], rng: Rng) -> State:
    """The first deal consistent with the viewer form, loaded (and so checked) through ``from_dict``."""
    for _ in range(MAX_TRIES):
        deal = _deal(data, rng)
        full = {key: value for key, value in data.items() if key != "unseen"}
        full.update(history=[], rng=deal.seed)
        if deal.piles is not None:
            full["piles"] = [[list(tile) for tile in pile] for pile in deal.piles]
        else:
            assert deal.hands is not None and deal.bag is not None
            full["hands"] = [[list(tile) for tile in hand] for hand in deal.hands]
            full["bag"] = [list(tile) for tile in deal.bag]
        state = from_dict(full, check_phase=False)
        if _consistent_turn(state):
            return state
    raise RuntimeError(f"no deal consistent with the view was found in {MAX_TRIES} tries")


def _deal(data: dict[str, Any], rng: Rng) -> Deal:
    """Deal the unseen tiles uniformly into the hidden places of a viewer form.

    Solo: the player knows which tiles remain below the tops, not their order. Multiplayer: hand tiles whose
    colour shows are dealt first from the unseen tiles of that colour, then the bag and the tiles under blanks
    (the first ones of what is left), so every consistent deal is equally likely. Deals in which the player to
    act could neither place nor exchange are rejected by the caller (:func:`_consistent_turn`).
    """
    if data["mode"] == "solo":
        pool = [(c, s) for c, s in data["unseen"]]
        rng.shuffle(pool)
        deck = iter(pool)
        piles = [[(tile[0], tile[1]) if tile is not None else next(deck) for tile in pile] for pile in data["piles"]]
        return Deal(None, None, piles, rng.next64())
    seen = {(cell[0], cell[1]) for row in data["board"] for cell in row if isinstance(cell, list)}
    seen |= {(tile[0], tile[1]) for hand in data["hands"] for tile in hand if tile[1] is not None}
    pool = [tile for tile in all_tiles(data["n"]) if tile not in seen]
    rng.shuffle(pool)
    by_colour: dict[int, list[Tile]] = defaultdict(list)
    for tile in reversed(pool):
        by_colour[tile[0]].append(tile)  # popped from the end: the dealt order
    hands = [sorted((c, s) if s is not None else by_colour[c].pop() for c, s in hand) for hand in data["hands"]]
    dealt = {tile for hand in hands for tile in hand}
    blanks = sum(cell == BLANK for row in data["board"] for cell in row)
    bag = sorted([tile for tile in pool if tile not in dealt][blanks:])
    return Deal(hands, bag, None, rng.next64())


def _install(state: State, deal: Deal, phase: str) -> None:
    """Put a deal into a copy of the view's determinization (same public parts, so no check is needed)."""
    if isinstance(state, SoloState):
        assert deal.piles is not None
        state.piles = deal.piles
    else:
        assert isinstance(state, MultiState) and deal.hands is not None and deal.bag is not None
        state.hands, state.bag, state.phase = deal.hands, deal.bag, phase
    state.rng = Rng.from_state(deal.seed)


def _consistent_turn(state: State) -> bool:
    """Give the player to act the phase their dealt hand allows; ``False`` if they would have left the game."""
    if not isinstance(state, MultiState):
        return True
    if state.phase != "place":
        return state.phase != "exchange" or state.can_exchange()
    if state.has_placement():
        return True
    if state.can_exchange():
        state.phase = "exchange"
        return True
    return False
