"""Arrays of what one player may know of a Town game, built from their viewer form (``state.to_dict(viewer=p)``)
only: the environments' observations (as codes: :func:`solo_codes`, :func:`multi_codes`) and their flat one-hot
form (:func:`solo_flat`, :func:`multi_flat`: the environments' ``flat=True`` option, the PettingZoo
``"observation"`` and the OpenSpiel games' tensors). Numpy only.
Written for Town by design (an observation's layout is its game's), so it reads Town's rules.

Codes: the board ``(n, n, 2)`` holds per cell colour + 1 and shape + 1 (0 for empty or a colour-only tile's shape,
``n + 1`` for a blank tile). Flat: every entry lies in [0, 1], categories one-hot, counts divided by the number of
tiles. Per cell of the board, ``2n + 1`` entries: the colour (n), the shape (n; none for a colour-only tile) and 1
for a blank; an empty cell is all zeros. Solo then adds each pile's top (colour and shape one-hot), each pile's size,
the unseen tiles (n x n, 1 for each tile below the tops) and the flips left (a fraction of the rules' flips).
Multiplayer adds the player's own hand (n x n), each hand's colours (players x n counts), the bag's size, who has
left (players), who acts (players, one-hot), the viewer (players, one-hot) and the phase (exchange, place, discard).

>>> from townwidget import town
>>> view = town.new_solo("town44", seed=0).to_dict(viewer=0)
>>> array = solo_flat(view)
>>> array.shape == (solo_flat_size(town.resolve_rules("town44")),), float(array.max())
(True, 1.0)
"""

from __future__ import annotations

from functools import cache
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


# --- codes ---------------------------------------------------------------------------------------------------
def board_array(data: dict[str, Any]) -> np.ndarray:
    """The board's codes ``(n, n, 2)`` (see the module's doc)."""
    n = data["n"]
    out = np.zeros((n, n, 2), dtype=np.int8)
    for r, row in enumerate(data["board"]):
        for k, content in enumerate(row):
            if content == "blank":
                out[r, k] = n + 1
            elif content is not None:
                colour, shape = content
                out[r, k] = (colour + 1, 0 if shape is None else shape + 1)
    return out


def tiles_array(n: int, tiles: list[Any]) -> np.ndarray:
    """An n x n 0/1 array: 1 for each (colour, shape) in ``tiles``."""
    out = np.zeros((n, n), dtype=np.int8)
    for colour, shape in tiles:
        out[colour, shape] = 1
    return out


def solo_codes(data: dict[str, Any]) -> dict[str, np.ndarray]:
    """A solo viewer form's arrays: ``board``, ``tops`` (piles, 2: colour + 1, shape + 1; 0 for an empty pile),
    ``pile_sizes``, ``unseen`` (n, n) and ``flips_left`` (1,)."""
    piles = data["piles"]
    tops = np.zeros((len(piles), 2), dtype=np.int8)
    for i, pile in enumerate(piles):
        if pile:
            tops[i] = (pile[-1][0] + 1, pile[-1][1] + 1)
    return {
        "board": board_array(data),
        "tops": tops,
        "pile_sizes": np.array([len(pile) for pile in piles], dtype=np.int16),
        "unseen": tiles_array(data["n"], data["unseen"]),
        "flips_left": np.array([data["flips_left"]], dtype=np.int8),
    }


def multi_codes(data: dict[str, Any], player: int) -> dict[str, np.ndarray]:
    """A multiplayer viewer form's arrays, ``player``'s: ``board``, ``hand`` (n, n), ``colours`` (players, n: hand
    tiles per colour, public), ``bag_size`` (1,), ``out`` (players,), ``current`` (players,: 1 for the player to
    act), ``viewer`` (players,) and ``phase`` (3,: exchange, place, discard)."""
    n, hands = data["n"], data["hands"]
    colours = np.zeros((len(hands), n), dtype=np.int8)
    for other, hand in enumerate(hands):
        for colour, _ in hand:
            colours[other, colour] += 1
    current = np.zeros(len(hands), dtype=np.int8)
    if data["current_player"] is not None:
        current[data["current_player"]] = 1
    viewer = np.zeros(len(hands), dtype=np.int8)
    viewer[player] = 1
    phase = np.array([data["phase"] == name for name in PHASES], dtype=np.int8)
    return {
        "board": board_array(data),
        "hand": tiles_array(n, hands[player]),
        "colours": colours,
        "bag_size": np.array([data["bag_size"]], dtype=np.int16),
        "out": np.array([order is not None for order in data["out"]], dtype=np.int8),
        "current": current,
        "viewer": viewer,
        "phase": phase,
    }


# --- flat one-hot --------------------------------------------------------------------------------------------
@cache
def _one_hot(n: int) -> np.ndarray:
    """Per pair of codes (colour + 1, shape + 1), the cell's one-hot row: colour (n), shape (n), blank (1)."""
    table = np.zeros((n + 2, n + 2, 2 * n + 1), dtype=np.float32)
    for colour in range(1, n + 1):
        table[colour, :, colour - 1] = 1
        for shape in range(1, n + 1):
            table[colour, shape, n + shape - 1] = 1
    table[n + 1, n + 1, 2 * n] = 1
    return table


def board_flat(board: np.ndarray) -> np.ndarray:
    """The board's codes ``(..., n, n, 2)`` one-hot: per cell colour (n), shape (n), blank (1); ``(..., cells)``."""
    n = board.shape[-2]
    rows = board[..., 0].astype(np.intp) * (n + 2) + board[..., 1]  # one row of the table per cell
    return _one_hot(n).reshape(-1, 2 * n + 1)[rows].reshape(*board.shape[:-3], -1)


def solo_flat_from(codes: dict[str, np.ndarray], rules: Rules) -> np.ndarray:
    """The flat array of solo codes (:func:`solo_codes`), or of a batch of them (leading axes kept)."""
    n, tops, lead = rules.n, codes["tops"].astype(np.intp), codes["board"].shape[:-3]
    parts = [board_flat(codes["board"]), _one_hot(n)[tops[..., 0], tops[..., 1], : 2 * n].reshape(*lead, -1)]
    parts += [codes["pile_sizes"] / np.float32(rules.tiles), codes["unseen"].reshape(*lead, -1)]
    parts += [codes["flips_left"] / np.float32(max(rules.flips, 1))]
    return np.concatenate(parts, axis=-1, dtype=np.float32)


def multi_flat_from(codes: dict[str, np.ndarray]) -> np.ndarray:
    """The flat array of multiplayer codes (:func:`multi_codes`)."""
    tiles = codes["hand"].size
    parts = [board_flat(codes["board"]), codes["hand"].ravel(), codes["colours"].ravel() / np.float32(tiles)]
    parts += [codes["bag_size"] / np.float32(tiles), codes["out"], codes["current"], codes["viewer"], codes["phase"]]
    return np.concatenate(parts, dtype=np.float32)


def solo_flat(data: dict[str, Any]) -> np.ndarray:
    """The flat array of a solo viewer form."""
    return solo_flat_from(solo_codes(data), Rules(**data["rules"]))


def multi_flat(data: dict[str, Any], player: int) -> np.ndarray:
    """The flat array of a multiplayer viewer form, ``player``'s."""
    return multi_flat_from(multi_codes(data, player))
