"""The observation spaces the environments share (the arrays themselves: :mod:`townwidget.envs.flat`).
Written for Town by design (the shapes of Town's observations), so it reads Town's rules."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from townwidget.envs.flat import multi_flat_size, solo_flat_size
from townwidget.town import Rules
from townwidget.town.style import PALETTE

CELL = 12  # pixels a side


def board_space(rules: Rules) -> spaces.Box:
    """Per cell: colour + 1 and shape + 1 (0: empty or no shape; ``n + 1``: a blank tile)."""
    return spaces.Box(0, rules.n + 1, shape=(rules.n, rules.n, 2), dtype=np.int8)


def mask_space(size: int) -> spaces.Box:
    return spaces.Box(0, 1, shape=(size,), dtype=np.int8)


def solo_flat_space(rules: Rules) -> spaces.Box:
    return spaces.Box(0.0, 1.0, shape=(solo_flat_size(rules),), dtype=np.float32)


def multi_flat_space(rules: Rules, players: int) -> spaces.Box:
    return spaces.Box(0.0, 1.0, shape=(multi_flat_size(rules, players),), dtype=np.float32)


def board_rgb(board: np.ndarray) -> np.ndarray:
    """An image of a board's codes (``render_mode="rgb_array"``): each tile in its colour (the palette of the SVG
    pictures), with a white bar across its top as long as its shape's number + 1; blanks grey, empty cells white."""
    n = board.shape[0]
    image = np.full((n * CELL, n * CELL, 3), 255, dtype=np.uint8)
    for (row, column), colour in np.ndenumerate(board[:, :, 0]):
        if not colour:
            continue
        cell = image[row * CELL : (row + 1) * CELL, column * CELL : (column + 1) * CELL]
        hue = "#808080" if colour == n + 1 else PALETTE[colour - 1]
        cell[1:-1, 1:-1] = [int(hue[i : i + 2], 16) for i in (1, 3, 5)]
        shape = board[row, column, 1]
        if shape:
            cell[2:4, 2 : 2 + shape * (CELL - 4) // n] = 255
    return image
