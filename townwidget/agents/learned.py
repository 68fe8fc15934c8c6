"""The ``"learned"`` agent: Town solo played by a value learned from its own games.

Its knowledge is a file of weights (:mod:`townwidget.solvers.weights`: plain arrays, ``.npz`` or JSON, checked as
untrusted input), the value of :mod:`townwidget.solvers.value` for each board it was trained for; by default the
weights shipped with the package (``value_weights.json``: Town 44, 55, 66 and 77), or a file that ``townwidget learn``
wrote (:mod:`townwidget.solvers.learning`).

- **Without a budget** it plays greedily on the value: each legal move rated by the value after it, averaged over
  the tiles that may come up on the pile it takes (:func:`~townwidget.solvers.value.honest_values`); the best,
  the first in the legal order among equals. A move takes milliseconds, and depends on nothing but the view.
- **With a budget** (``iterations`` or ``seconds``) it searches as the expert does (:mod:`townwidget.agents.expert`,
  exact endgames included), guided by the value twice over, as AlphaZero is by its network: the value's ranking is
  the *prior* that narrows the root to its ``width`` best moves, and greedy playouts on the value, ended by it,
  replace the expert's rollouts.

It reads only what the player sees, and plays only Town solo on the boards its weights were trained for (flips are
never played where a plain placement is legal: the value was trained without them); any other view is refused with a
``ValueError`` that names the boards it knows.

>>> from townwidget import town
>>> game, agent = town.new_solo("town55", seed=0), LearnedAgent()
>>> while not game.is_terminal():
...     game.apply(agent.act(game.view(0)))
>>> game.board.placed() > 15
True
"""

from __future__ import annotations

import os
from typing import Any

from townwidget.agents.common import legal_actions_of
from townwidget.agents.expert import ExpertAgent
from townwidget.core import Rng, State, View
from townwidget.solvers import value
from townwidget.town.state import SoloState
from townwidget.town.view import TownView

DEFAULT_WIDTH = 6  # root moves the search considers, the value's best (the prior)


class LearnedAgent:
    """Greedy on a learned value, or (with ``iterations`` or ``seconds``) the expert's search guided by it.

    ``weights``: a path to a weights file (``.npz`` or ``.json``), read and checked now; ``None``: the shipped
    weights. ``width``: how many of the value's best moves the search's root considers."""

    name = "learned"

    def __init__(
        self,
        seed: int | Rng | None = None,
        weights: str | os.PathLike[str] | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        width: int = DEFAULT_WIDTH,
    ) -> None:
        if isinstance(width, bool) or not isinstance(width, int) or width < 1:
            raise ValueError(f"width must be an integer of at least 1, not {width!r}")
        self.trained = value.WEIGHTS if weights is None else value.load_weights(weights)
        self.width = width
        self.search: ExpertAgent | None = None
        if iterations is not None or seconds is not None:
            self.search = ExpertAgent(seed, iterations, seconds, rollout=self.rollout, prior=self.prior)

    def act(self, view: View) -> Any:
        state = self._state_of(view)
        if self.search is not None:
            return self.search.act(view)
        return self.ranked(state, legal_actions_of(view))[0]

    def ranked(self, state: SoloState, actions: list[Any]) -> list[Any]:
        """``actions`` best first by the value after them (stable: the legal order among equals). Plain placements
        come before flips: the value knows nothing of flips, so one is played only where nothing else is legal."""
        values = value.honest_values(state, actions, self.trained)
        order = sorted(range(len(actions)), key=lambda i: (actions[i].flip, -values[i]))
        return [actions[i] for i in order]

    def prior(self, view: TownView, among: list[Any]) -> list[Any]:
        """The search's prior (an :data:`~townwidget.agents.expert.Prior`): the ``width`` best of ``among``."""
        return self.ranked(self._state_of(view), among)[: self.width]

    def rollout(self, state: State, moves: int, rng: Rng) -> list[float] | None:
        """The search's rollout (a :data:`~townwidget.agents.mcts.Rollout`): ``moves`` greedy moves on the value
        from a drawn state, then the value, over the board's tiles."""
        if not isinstance(state, SoloState) or state.rules.n not in self.trained:
            return None
        return [value.playout(state, moves, self.trained) / state.rules.tiles]

    def _state_of(self, view: View) -> SoloState:
        """A state drawn from the view (any: the value reads only what the player sees), or why the agent cannot
        play it."""
        boards = ", ".join(f"Town {n}{n}" for n in sorted(self.trained))
        if not isinstance(view, TownView) or view.to_dict()["mode"] != "solo":
            raise ValueError(f"the learned agent plays Town solo only (its weights know {boards}), not {view!r}")
        if view.rules.n not in self.trained:
            n = view.rules.n
            raise ValueError(f"the learned agent has no weights for a {n} x {n} board: its weights know {boards}")
        state = view.sample_state(0)
        assert isinstance(state, SoloState)  # a solo view draws solo states
        return state
