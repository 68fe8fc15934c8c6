"""What one player may know of a Little Town game, and determinization: full states consistent with that knowledge.

Everything is public in Little Town except the objective cards a player has not completed yet. A
:class:`LittleTownView` is built from ``state.to_dict(viewer=player)`` alone and keeps no reference to the state.
The other players' hidden cards are known to be possible with the market dealt at setup (the others were redrawn),
so a sampled state deals them uniformly from the possible cards the viewer has not seen.

>>> from townwidget.littletown import new_game
>>> game = new_game(players=2, seed=5)
>>> view = game.view(game.current_player)
>>> view.legal_actions() == game.legal_actions()
True
>>> guess = view.sample_state(1)
>>> guess.objectives[view.player] == game.objectives[view.player], len(guess.objectives[1 - view.player])
(True, 4)
"""

from __future__ import annotations

import copy
from typing import Any

from townwidget.core.protocol import SearchAdvice
from townwidget.core.rng import Rng, make_rng
from townwidget.littletown import objectives as obj
from townwidget.littletown.actions import Action
from townwidget.littletown.data import CARD_IDS
from townwidget.littletown.format import from_dict
from townwidget.littletown.rules import Rules
from townwidget.littletown.state import State


class LittleTownView:
    """What ``player`` may know: the whole table, their own objective cards, how many cards the others hold."""

    __slots__ = ("player", "_data", "_base", "_pool", "_hidden")

    def __init__(self, state: State, player: int) -> None:
        self._build(state.to_dict(viewer=player), player)

    @classmethod
    def from_dict(cls, data: dict[str, Any], player: int) -> LittleTownView:
        """The view of ``player`` from their viewer form, ``state.to_dict(viewer=player)`` (how an isolated agent's
        process gets its view)."""
        view = cls.__new__(cls)
        view._build(data, player)
        return view

    def _build(self, data: dict[str, Any], player: int) -> None:
        self.player = player
        self._data = data
        players = self._data["players"]
        known = {card for card in players[player]["objectives"] if card is not None}
        seen = known | {card for entry in players for card in entry["completed"]}
        market = list(self._data["market"]) + [entry["building"] for entry in self._data["buildings"]]
        possible = obj.possible_cards(market, self._data["rules"]["restaurant_gives"])
        self._pool = [card for card in CARD_IDS if card in possible and card not in seen]
        # The cards not shown (null): the other players' in a seat's form, everyone's in the public form (a
        # spectator's, sampled as if from seat ``player``).
        self._hidden = [sum(card is None for card in entry["objectives"]) for entry in players]
        # A deal of the pool's first cards, a function of the viewer form only, answers the view's own questions
        # (legal actions, current player) and is the template that sample_state re-deals.
        full = copy.deepcopy(self._data)
        pool = iter(self._pool)
        for entry, count in zip(full["players"], self._hidden, strict=True):
            if count:
                entry["objectives"] = [next(pool) for _ in range(count)]
        full["objectives_unused"] = [card for card in CARD_IDS if not _held(full, card)]
        full["rng"] = 0
        self._base = from_dict(full, check_history=False)

    @property
    def current_player(self) -> int | None:
        return self._base.current_player

    @property
    def num_players(self) -> int:
        return self._base.num_players

    @property
    def rules(self) -> Rules:
        return self._base.rules

    @property
    def phase(self) -> str:
        return self._base.phase

    def is_terminal(self) -> bool:
        return self._base.is_terminal()

    def legal_actions(self) -> list[Action]:
        """The viewer's legal actions when it is their turn (they depend only on what the viewer knows), else []."""
        return self._base.legal_actions() if self.current_player == self.player else []

    def search_advice(self) -> SearchAdvice:
        """Advice to tree searches: given no budget, about 8 iterations per legal action (40 to 300), so a choice
        among the board's spaces gets the most thought and "gather now or later" little (measured in
        ``benchmarks/littletown_strength.py``: stronger than greedy players at a fraction of a CPU second, see
        ``docs/benchmarks.md``); no rollout moves, since the position estimate counts the turn under way (policy
        moves cost more than they tell)."""
        return SearchAdvice(iterations=min(300, max(40, 8 * len(self.legal_actions()))), rollout_moves=0)

    def to_dict(self) -> dict[str, Any]:
        """The viewer form of the state (a copy)."""
        return copy.deepcopy(self._data)

    def sample_state(self, rng: int | Rng | None = None) -> State:
        """A full state drawn uniformly among those consistent with this view, with its own fresh generator.

        The other players' hidden cards are dealt from the possible cards the viewer has not seen; the sampled
        state carries no history or log (the record is in :meth:`to_dict`).
        """
        rng = make_rng(rng)
        state = self._base.clone()
        state.history, state.log = [], []
        pool = self._pool.copy()
        rng.shuffle(pool)
        for player, count in enumerate(self._hidden):
            if count:
                state.objectives[player] = sorted(pool.pop() for _ in range(count))
        held = {card for cards in state.objectives + state.completed for card in cards}
        state.unused = [card for card in CARD_IDS if card not in held]
        state.rng = Rng(rng.next64())
        return state

    def __repr__(self) -> str:
        return f"<LittleTownView player={self.player} of {self._base!r}>"


def _held(data: dict[str, Any], card: int) -> bool:
    return any(card in entry["objectives"] or card in entry["completed"] for entry in data["players"])
