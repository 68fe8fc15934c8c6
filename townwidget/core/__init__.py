"""The game-agnostic core: what agents, the arena, the widget and the lessons may rely on for any game.

- :mod:`townwidget.core.protocol`: the ``State`` / ``View`` / ``Action`` protocols every game implements.
- :mod:`townwidget.core.registry`: the games by name (start, load, replay a record), shared by every part above.
- :mod:`townwidget.core.rng`: a small seeded generator whose whole state is one integer (cheap to clone, JSON-friendly).
- :mod:`townwidget.core.errors`: the errors raised for illegal actions and invalid saved states.
- :mod:`townwidget.core.checks`: what "an integer" is, and how untrusted values are quoted in error messages.
- :mod:`townwidget.core.clock`: the CPU clock of a search's time budget (a stand-in where the platform has none).
"""

from townwidget.core.errors import IllegalAction, InvalidState
from townwidget.core.protocol import (
    Action,
    Agent,
    SearchAdvice,
    State,
    View,
    action_data,
    agent_label,
    asks_to_peek,
    declared_name,
    has_action_form,
    home_module,
    is_agent,
)
from townwidget.core.rng import Rng, make_rng

__all__ = [
    "Action",
    "Agent",
    "IllegalAction",
    "InvalidState",
    "Rng",
    "SearchAdvice",
    "State",
    "View",
    "action_data",
    "agent_label",
    "asks_to_peek",
    "declared_name",
    "has_action_form",
    "home_module",
    "is_agent",
    "make_rng",
]
