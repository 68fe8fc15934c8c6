"""The Town placement rule on bit masks, written once.

A mask holds one bit per cell, bit ``r * n + k`` for cell ``(r, k)``. For a board the engine keeps ``occupied``,
the ``frontier`` (empty cells that touch a placed tile), and per colour and per shape the mask of cells whose row
and column do not hold it yet (``colour_free``, ``shape_free``). A tile ``(c, s)`` may go on the frontier where
both its colour and its shape are free; placing it on a cell blocks its colour and shape along that cell's row and
column (its ``lines``) and moves the frontier on to the cell's ``neighbours``.

The rule's functions take masks and return masks, with no cell numbers and no constants, so one formulation serves
Python integers (:class:`~townwidget.town.Board`, :mod:`~townwidget.solvers.clairvoyant`), numpy ``uint64`` arrays of
many games at once (:mod:`~townwidget.solvers.vector`) and, compiled by numba, the kernel of the batched simulator and
the learned value's playouts (:mod:`~townwidget.solvers.value`). This module imports nothing: numpy stays on the
solvers' side (the compiled kernels' bit count is :func:`townwidget.solvers.bitcount.popcount`).

>>> lines, neighbours = 0b001_001_111, 0b000_001_010  # cell (0, 0) of a 3 x 3 board: its row and column
>>> everywhere = 0b111_111_111
>>> [bin(mask) for mask in placed(0b1, 0b1, neighbours, lines, everywhere, everywhere)]  # a tile on (0, 0)
['0b1010', '0b110110000', '0b110110000']
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar


class Bits(Protocol):
    """What a mask is to the rule: anything with bitwise and, or and not (an ``int``, a numpy ``uint64`` array)."""

    def __and__(self, other: Any, /) -> Any: ...

    def __or__(self, other: Any, /) -> Any: ...

    def __invert__(self) -> Any: ...


Mask = TypeVar("Mask", bound=Bits)


def fitting_cells(frontier: Mask, colour_free: Mask, shape_free: Mask) -> Mask:
    """The cells where a tile may go: on the frontier, with its colour and its shape free there."""
    return frontier & colour_free & shape_free  # type: ignore[no-any-return]  # Bits's operators answer Any


def open_cells(empty: Mask, colour_free: Mask, shape_free: Mask) -> Mask:
    """The cells where a tile could still go some day: empty, with its colour and its shape free there (a tile
    with none is *dead*: it can never be placed, whatever happens next)."""
    return empty & colour_free & shape_free  # type: ignore[no-any-return]


def flip_cells(frontier: Mask, colour_free: Mask, shape_free: Mask) -> Mask:
    """The cells where a tile fits by its colour but not its shape: where a Town 66 solo flip may put it."""
    return frontier & colour_free & ~shape_free  # type: ignore[no-any-return]


def placed(
    frontier: Mask, occupied: Mask, neighbours: Mask, lines: Mask, colour_free: Mask, shape_free: Mask
) -> tuple[Mask, Mask, Mask]:
    """The frontier, and the cells still free of the tile's colour and of its shape, once a tile stands on a cell:
    ``occupied`` counts that cell, whose ``neighbours`` join the frontier and whose row and column (``lines``) the
    tile blocks. A flipped (colour-only) tile blocks no shape: its caller keeps the old ``shape_free``."""
    return (frontier | neighbours) & ~occupied, colour_free & ~lines, shape_free & ~lines
