"""A seeded random generator whose whole state is one 64-bit integer.

Game states own one, so the same seed and the same actions always give the same game; because its state is a
single integer, cloning a game state copies it for free and it is stored in the JSON form under the key ``"rng"``.
The stream is SplitMix64 (Steele, Lea and Flood, 2014), which passes BigCrush and is plenty for shuffling tiles.
"""

from __future__ import annotations

import os
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import numpy as np

from townwidget.core.checks import is_integer

_MASK = (1 << 64) - 1
_GAMMA, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
T = TypeVar("T")


class Rng:
    """SplitMix64 generator.

    >>> a, b = Rng(7), Rng(7)
    >>> [a.randbelow(6) for _ in range(5)] == [b.randbelow(6) for _ in range(5)]
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int | None = None) -> None:
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        if not is_integer(seed):
            raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
        self.state = seed & _MASK

    @classmethod
    def from_state(cls, state: int) -> Rng:
        """The generator whose internal state is ``state`` (as read from ``.state``)."""
        rng = cls.__new__(cls)
        rng.state = state & _MASK
        return rng

    def copy(self) -> Rng:
        """An independent generator that will produce the same stream as this one."""
        return Rng.from_state(self.state)

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (multiply-shift; the bias, below n / 2**64, is negligible)."""
        if n <= 0:
            raise ValueError(f"randbelow needs n >= 1, got {n}")
        return (self.next64() * n) >> 64

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly chosen element of a non-empty sequence."""
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates), drawing exactly as ``randbelow(i + 1)`` would for i from the end.

        The draws are computed together with numpy's wrapping uint64 arithmetic: setting up a game is mostly this
        shuffle, and the vector form takes half the work of a Python loop over 64-bit integers.
        """
        count = len(items)
        if count < 2:
            return
        with np.errstate(over="ignore"):
            z = np.uint64(self.state) + np.arange(1, count, dtype=np.uint64) * np.uint64(_GAMMA)
            z = (z ^ (z >> np.uint64(30))) * np.uint64(_MIX1)
            z = (z ^ (z >> np.uint64(27))) * np.uint64(_MIX2)
            z ^= z >> np.uint64(31)
            bound = np.arange(count, 1, -1, dtype=np.uint64)  # i + 1 for i = count - 1, ..., 1
            # the high word of the 128-bit product z * bound, from 32-bit halves (bound < 2**32)
            high, low = z >> np.uint64(32), z & np.uint64(0xFFFFFFFF)
            draws = (high * bound + ((low * bound) >> np.uint64(32))) >> np.uint64(32)
        self.state = (self.state + (count - 1) * _GAMMA) & _MASK
        for i, j in zip(range(count - 1, 0, -1), draws.tolist(), strict=True):
            items[i], items[j] = items[j], items[i]

    def spawn(self) -> Rng:
        """A new generator seeded from this one's stream (for a child that must not replay the parent's draws)."""
        return Rng(self.next64())


def make_rng(seed: int | Rng | None) -> Rng:
    """Accept a seed, an existing :class:`Rng` (used as is) or ``None`` (fresh entropy)."""
    return seed if isinstance(seed, Rng) else Rng(seed)
