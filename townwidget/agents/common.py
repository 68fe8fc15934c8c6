"""What the agents share: the refusal to act when the viewer has no move."""

from __future__ import annotations

from typing import Any

from townwidget.core import View


def legal_actions_of(view: View) -> list[Any]:
    """The view's legal actions, or a ValueError when the viewer has none (not their turn, or the game is over)."""
    actions = view.legal_actions()
    if not actions:
        raise ValueError(f"player {view.player} has no action to choose: it is not their turn or the game is over")
    return actions
