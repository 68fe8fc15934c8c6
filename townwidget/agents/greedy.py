"""The greedy agent: a one-move lookahead on the game's own position estimate.

For every legal action it reads, on a full state drawn from the view, the game's quick estimate of how well the
acting player stands after it (``state.heuristic(player)`` after the action, through
:func:`~townwidget.core.protocol.heuristic_after`; it reads only what that player may know). The action with the
highest estimate, averaged over a few drawn states, is played; ties
are broken by the agent's seeded generator. For Town the estimate rewards, in solo, the tiles placed and the
unplaced tiles that can still fit somewhere; in multiplayer, a small hand whose tiles can be placed, and few
open cells for the next player's colours (see :mod:`townwidget.town.heuristic`).

>>> from townwidget import town
>>> game = town.new_solo("town77", seed=0)
>>> while not game.is_terminal():
...     game.apply(GreedyAgent(seed=1).act(game.view(0)))
>>> game.board.placed() > 20
True
"""

from __future__ import annotations

from typing import Any

from townwidget.agents.common import legal_actions_of
from townwidget.core import Rng, View
from townwidget.core.checks import require_count
from townwidget.core.protocol import heuristic_after

SAMPLES = 4  # drawn states per decision: the estimate after a move may depend on the tile it reveals or draws


class GreedyAgent:
    """Plays the action whose resulting position the game's heuristic rates best for the acting player."""

    name = "greedy"

    def __init__(self, seed: int | Rng | None = None, samples: int | None = None) -> None:
        """``samples``: drawn states per decision (``None``: :data:`SAMPLES`)."""
        self.rng = seed if isinstance(seed, Rng) else Rng(seed)
        self.samples = require_count(samples, "samples") or SAMPLES

    def act(self, view: View) -> Any:
        actions = legal_actions_of(view)
        if len(actions) == 1:
            return actions[0]
        player = view.player
        totals = [0.0] * len(actions)
        for _ in range(self.samples):
            # The same drawn state for every action (common random numbers): only the actions differ.
            state = view.sample_state(self.rng.spawn())
            for i, action in enumerate(actions):
                totals[i] += heuristic_after(state, action, player)
        best = max(totals)
        return self.rng.choice([action for action, total in zip(actions, totals, strict=True) if total >= best - 1e-9])
