"""The ``"clairvoyant"`` agent: the one agent that **peeks**. It plays the line of the solo solver
(:func:`townwidget.solvers.clairvoyant.solve`), which sees the order of every pile, so it is no opponent but a
yardstick: it reaches the *par* of a deal.

``solve`` and ``Solution`` are also importable from here, where the lessons first met them.
"""

from __future__ import annotations

from typing import Any

from townwidget.solvers.clairvoyant import Solution, solve
from townwidget.town.actions import Place
from townwidget.town.state import SoloState

DEFAULT_SECONDS = 20.0  # per deal


class ClairvoyantAgent:
    """Plays the solver's best line. It **peeks**: ``act`` takes the full :class:`SoloState`, not a view
    (``peeks = True`` tells the arena so). It solves once per deal (``seconds`` CPU seconds per solve, default
    :data:`DEFAULT_SECONDS`) and follows the line while the game follows it.

    >>> from townwidget import town
    >>> game = town.new_solo("town33", seed=0)
    >>> agent = ClairvoyantAgent()
    >>> while not game.is_terminal():
    ...     game.apply(agent.act(game))
    >>> game.board.placed(), agent.solution.exact
    (9, True)
    """

    name = "clairvoyant"
    peeks = True

    def __init__(self, seconds: float | None = None) -> None:
        self.seconds = DEFAULT_SECONDS if seconds is None else seconds
        self.solution: Solution | None = None
        self._line: list[Place] = []
        self._expected: tuple[Any, ...] | None = None

    def act(self, state: Any) -> Place:
        if not isinstance(state, SoloState):
            raise ValueError("the clairvoyant agent peeks: give it the full SoloState (state.clone()), not a view")
        if state.is_terminal():
            raise ValueError("the game is over: there is no action to choose")
        if not self._line or self._expected != _position(state):
            self.solution = solve(state, self.seconds, progress=False)
            self._line = list(self.solution.actions)
        action = self._line.pop(0)
        after = state.clone()
        after.apply(action)
        assert isinstance(after, SoloState)
        self._expected = _position(after)
        return action


def _position(state: SoloState) -> tuple[Any, ...]:
    return tuple(state.board.cells), tuple(len(pile) for pile in state.piles)


__all__ = ["DEFAULT_SECONDS", "ClairvoyantAgent", "Solution", "solve"]
