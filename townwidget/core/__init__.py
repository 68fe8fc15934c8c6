"""The game-agnostic core: what agents, the arena, the widget and the lessons may rely on for any game.

- :mod:`townwidget.core.protocol`: the ``State`` / ``View`` / ``Action`` protocols every game implements, and
  ``PUBLIC``, the spectator who reads ``state.to_dict(viewer=PUBLIC)``.
- :mod:`townwidget.core.registry`: the games by name (start, load, replay a record), shared by every part above.
- :mod:`townwidget.core.rng`: a small seeded generator whose whole state is one integer (cheap to clone, JSON-friendly).
- :mod:`townwidget.core.errors`: the errors raised for illegal actions and invalid saved states.
- :mod:`townwidget.core.checks`: what "an integer" is, and how untrusted values are quoted in error messages.
"""

from townwidget.core.errors import IllegalAction, InvalidState
from townwidget.core.protocol import (
    PUBLIC,
    Action,
    Agent,
    SearchAdvice,
    State,
    View,
    Viewer,
    action_data,
    agent_label,
    asks_to_peek,
    checked_viewer,
    declared_name,
    has_action_form,
    home_module,
    is_agent,
)
from townwidget.core.rng import Rng, make_rng

__all__ = [
    "PUBLIC",
    "Action",
    "Agent",
    "IllegalAction",
    "InvalidState",
    "Rng",
    "SearchAdvice",
    "State",
    "View",
    "Viewer",
    "action_data",
    "checked_viewer",
    "agent_label",
    "asks_to_peek",
    "declared_name",
    "has_action_form",
    "home_module",
    "is_agent",
    "make_rng",
]
