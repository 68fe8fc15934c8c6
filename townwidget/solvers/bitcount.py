"""The bit count of one 64-bit mask and the SplitMix64 step, in the form numba compiles, shared by the solvers'
compiled kernels.

Python integers have ``int.bit_count``; a numpy ``uint64`` inside a numba kernel needs :func:`popcount`. The
kernels that draw step :class:`~townwidget.core.Rng`'s stream with :func:`splitmix64`.

>>> import numpy as np
>>> int(popcount(np.uint64(0b1011)))
3
"""

from __future__ import annotations

from typing import Any

import numpy as np

from townwidget.core.rng import GAMMA, MIX1, MIX2

# Every constant of popcount is a uint64: numba turns mixed uint64 / int64 arithmetic into floats.
_ONE, _TWO, _FOUR, _EIGHT, _SIXTEEN, _THIRTY_TWO = (np.uint64(1 << k) for k in range(6))
_M1, _M2, _M4 = np.uint64(0x5555555555555555), np.uint64(0x3333333333333333), np.uint64(0x0F0F0F0F0F0F0F0F)
_BYTE = np.uint64(0xFF)


def popcount(word: Any) -> int:
    """The set bits of a 64-bit mask (a numpy ``uint64``), by adding neighbouring bit counts in parallel: the form
    numba compiles to a few instructions."""
    word = word - ((word >> _ONE) & _M1)
    word = (word & _M2) + ((word >> _TWO) & _M2)
    word = (word + (word >> _FOUR)) & _M4
    word = word + (word >> _EIGHT)  # bytes add up without a multiplication (no overflow warning in numpy)
    word = word + (word >> _SIXTEEN)
    return np.int64((word + (word >> _THIRTY_TWO)) & _BYTE)  # an int64, compiled too


_GAMMA, _MIX1, _MIX2 = np.uint64(GAMMA), np.uint64(MIX1), np.uint64(MIX2)
_THIRTY, _TWENTY_SEVEN, _THIRTY_ONE = np.uint64(30), np.uint64(27), np.uint64(31)


def splitmix64(state: Any) -> tuple[Any, Any]:
    """The next state of a SplitMix64 stream (a numpy ``uint64``) and its output: :meth:`Rng.next64
    <townwidget.core.Rng.next64>` on uint64s, which wrap as the generator's arithmetic does (compiled, silently;
    numpy's own scalars warn of the overflow)."""
    state = state + _GAMMA
    word = (state ^ (state >> _THIRTY)) * _MIX1
    word = (word ^ (word >> _TWENTY_SEVEN)) * _MIX2
    return state, word ^ (word >> _THIRTY_ONE)
