"""The Town placement rule on bit masks, written once.

A mask holds one bit per cell, bit ``r * n + k`` for cell ``(r, k)``. For a board the engine keeps ``occupied``,
the ``frontier`` (empty cells that touch a placed tile), and per colour and per shape the mask of cells whose row
and column do not hold it yet (``colour_free``, ``shape_free``). A tile ``(c, s)`` may go on the frontier where
both its colour and its shape are free; placing it on a cell blocks its colour and shape along that cell's row and
column (its ``lines``) and moves the frontier on to the cell's ``neighbours``.

These functions take masks and return masks, with no cell numbers and no constants, so one formulation serves
Python integers (:class:`~townwidget.town.Board`, :mod:`~townwidget.town.solver`), numpy ``uint64`` arrays of
many games at once (:mod:`~townwidget.town.vector`) and, compiled by numba, the kernel of the batched simulator.

>>> lines, neighbours = 0b001_001_111, 0b000_001_010  # cell (0, 0) of a 3 x 3 board: its row and column
>>> bin(grown_frontier(frontier=0b1, occupied=0b1, neighbours=neighbours))  # a tile on (0, 0)
'0b1010'
>>> bin(blocked(0b111_111_111, lines))  # its colour (and shape) is free only off row 0 and column 0
'0b110110000'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    Mask = TypeVar("Mask", int, NDArray[np.uint64])
else:
    Mask = TypeVar("Mask")


def fitting_cells(frontier: Mask, colour_free: Mask, shape_free: Mask) -> Mask:
    """The cells where a tile may go: on the frontier, with its colour and its shape free there."""
    return frontier & colour_free & shape_free


def flip_cells(frontier: Mask, colour_free: Mask, shape_free: Mask) -> Mask:
    """The cells where a tile fits by its colour but not its shape: where a Town 66 solo flip may put it."""
    return frontier & colour_free & ~shape_free


def grown_frontier(frontier: Mask, occupied: Mask, neighbours: Mask) -> Mask:
    """The frontier once a tile is on a cell: ``occupied`` counts that cell, ``neighbours`` are the cell's."""
    return (frontier | neighbours) & ~occupied


def blocked(free: Mask, lines: Mask) -> Mask:
    """``free`` (of a colour or a shape) once a tile of it stands on a cell whose row and column are ``lines``."""
    return free & ~lines
