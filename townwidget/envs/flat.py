"""Flat one-hot arrays of what one player may know of a Town game, built from their viewer form
(``state.to_dict(viewer=player)``) only: the observations of the environments' ``flat=True`` option and the OpenSpiel
games' tensors. Every entry lies in [0, 1]: categories one-hot, counts divided by the number of tiles.

Per cell of the board, ``2n + 1`` entries: the colour (one-hot, n), the shape (one-hot, n; none for a colour-only
tile) and 1 for a blank tile; an empty cell is all zeros. Solo then adds each pile's top (colour and shape one-hot),
each pile's size, the unseen tiles (n x n, 1 for each tile below the tops) and the flips left (a fraction of the
rules' flips). Multiplayer adds the player's own hand (n x n), each hand's colours (players x n counts), the bag's
size, who has left (players), who acts (players, one-hot), the viewer (players, one-hot) and the phase (exchange,
place, discard).

>>> from townwidget import town
>>> view = town.new_solo("town44", seed=0).to_dict(viewer=0)
>>> array = solo_flat(view)
>>> array.shape == (solo_flat_size(town.resolve_rules("town44")),), float(array.max())
(True, 1.0)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from townwidget.town import Rules

PHASES = ("exchange", "place", "discard")


def board_size(n: int) -> int:
    return n * n * (2 * n + 1)


def solo_flat_size(rules: Rules) -> int:
    n, piles = rules.n, rules.piles
    return board_size(n) + piles * 2 * n + piles + n * n + 1


def multi_flat_size(rules: Rules, players: int) -> int:
    n = rules.n
    return board_size(n) + n * n + players * n + 1 + 3 * players + len(PHASES)


def _board(data: dict[str, Any], out: np.ndarray) -> int:
    """Write the board's cells at the start of ``out``; return where the next part starts."""
    n = data["n"]
    width = 2 * n + 1
    for r, row in enumerate(data["board"]):
        for k, content in enumerate(row):
            at = (r * n + k) * width
            if content == "blank":
                out[at + 2 * n] = 1
            elif content is not None:
                colour, shape = content
                out[at + colour] = 1
                if shape is not None:
                    out[at + n + shape] = 1
    return board_size(n)


def solo_flat(data: dict[str, Any]) -> np.ndarray:
    """The flat array of a solo viewer form (see the module's doc)."""
    n, rules = data["n"], data["rules"]
    piles = data["piles"]
    out = np.zeros(board_size(n) + len(piles) * (2 * n + 1) + n * n + 1, dtype=np.float32)
    at = _board(data, out)
    for pile in piles:
        if pile:
            colour, shape = pile[-1]
            out[at + colour] = out[at + n + shape] = 1
        at += 2 * n
    for pile in piles:
        out[at] = len(pile) / (n * n)
        at += 1
    for colour, shape in data["unseen"]:
        out[at + colour * n + shape] = 1
    out[at + n * n] = data["flips_left"] / max(rules["flips"], 1)
    return out


def multi_flat(data: dict[str, Any], player: int) -> np.ndarray:
    """The flat array of a multiplayer viewer form, ``player``'s (see the module's doc)."""
    n, hands = data["n"], data["hands"]
    players, tiles = len(hands), n * n
    out = np.zeros(board_size(n) + tiles + players * n + 1 + 3 * players + len(PHASES), dtype=np.float32)
    at = _board(data, out)
    for colour, shape in hands[player]:
        out[at + colour * n + shape] = 1
    at += tiles
    for hand in hands:
        for colour, _ in hand:
            out[at + colour] += 1 / tiles
        at += n
    out[at] = data["bag_size"] / tiles
    at += 1
    for other, order in enumerate(data["out"]):
        out[at + other] = order is not None
    at += players
    if data["current_player"] is not None:
        out[at + data["current_player"]] = 1
    out[at + players + player] = 1
    at += 2 * players
    if data["phase"] in PHASES:
        out[at + PHASES.index(data["phase"])] = 1
    return out
