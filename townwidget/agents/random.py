"""The random agent: a uniform choice among the legal actions, from its own seeded generator.

>>> from townwidget import town
>>> game = town.new_game("town44", players=2, seed=0)
>>> agent = RandomAgent(seed=5)
>>> agent.act(game.view(0)) in game.legal_actions()
True
"""

from __future__ import annotations

from typing import Any

from townwidget.agents.common import legal_actions_of
from townwidget.core import Rng, View


class RandomAgent:
    """Plays uniformly at random among ``view.legal_actions()`` (their order is stable, so a seed replays)."""

    name = "random"

    def __init__(self, seed: int | Rng | None = None) -> None:
        self.rng = seed if isinstance(seed, Rng) else Rng(seed)

    def act(self, view: View) -> Any:
        return self.rng.choice(legal_actions_of(view))
