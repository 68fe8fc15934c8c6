"""What no message or page may tell a seat: the shapes of the other seats' Town tiles, the other players' Little
Town objective cards (``seat=-1``: a spectator, for whom every seat is another's)."""

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


def hidden_cards(message: Any, seat: int) -> list[Any]:
    """Every Little Town objective card of another player shown anywhere in a message (a seat sees only its own)."""
    if isinstance(message, list):
        return [card for value in message for card in hidden_cards(value, seat)]
    if not isinstance(message, dict):
        return []
    found = []
    for key, value in message.items():
        if key == "players" and isinstance(value, list) and all(isinstance(entry, dict) for entry in value):
            others = [entry for other, entry in enumerate(value) if other != seat]
            found += [card for entry in others for card in entry.get("objectives", []) if card is not None]
        else:
            found += hidden_cards(value, seat)
    return found
