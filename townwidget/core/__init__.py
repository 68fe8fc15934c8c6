"""The game-agnostic core: what agents, the arena, the widget and the lessons may rely on for any game.

- :mod:`townwidget.core.protocol`: the ``State`` / ``View`` / ``Action`` protocols every game implements.
- :mod:`townwidget.core.rng`: a small seeded generator whose whole state is one integer (cheap to clone, JSON-friendly).
- :mod:`townwidget.core.errors`: the errors raised for illegal actions and invalid saved states.
- :mod:`townwidget.core.checks`: what "an integer" is, and how untrusted values are quoted in error messages.
"""

from townwidget.core.errors import IllegalAction, InvalidState
from townwidget.core.protocol import Action, State, View
from townwidget.core.rng import Rng, make_rng

__all__ = ["Action", "IllegalAction", "InvalidState", "Rng", "State", "View", "make_rng"]
