"""What no message or page may tell a Town seat: the shapes of the other seats' tiles."""

from __future__ import annotations

from typing import Any


def hidden_shapes(message: Any, seat: int) -> list[Any]:
    """Every tile of another seat's hand that shows its shape, anywhere in a message (a seat knows only colours)."""
    if isinstance(message, list):
        return [tile for value in message for tile in hidden_shapes(value, seat)]
    if not isinstance(message, dict):
        return []
    found = []
    for key, value in message.items():
        if key == "hands" and isinstance(value, list):
            others = [hand for other, hand in enumerate(value) if other != seat]
            found += [tile for hand in others for tile in hand if tile[1] is not None]
        else:
            found += hidden_shapes(value, seat)
    return found
