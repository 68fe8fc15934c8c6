"""Arrays of what one player may know, built from their view's JSON form (so nothing hidden can slip in)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from townwidget.town import Rules


def board_space(rules: Rules) -> spaces.Box:
    """Per cell: colour + 1 and shape + 1 (0: empty or no shape; ``n + 1``: a blank tile)."""
    return spaces.Box(0, rules.n + 1, shape=(rules.n, rules.n, 2), dtype=np.int8)


def board_array(data: dict[str, Any]) -> np.ndarray:
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
