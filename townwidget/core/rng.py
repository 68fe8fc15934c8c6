"""A seeded random generator whose whole state is one 64-bit integer.

Game states own one, so the same seed and the same actions always give the same game; because its state is a
single integer, cloning a game state copies it for free and it is stored in the JSON form under the key ``"rng"``.
The stream is SplitMix64 (Steele, Lea and Flood, 2014), which passes BigCrush and is plenty for shuffling tiles.
"""

from __future__ import annotations

import os
from collections.abc import MutableSequence, Sequence
from functools import cache
from typing import Any, TypeVar

from townwidget.core.checks import is_integer
from townwidget.core.extras import numpy_or_none

_MASK = (1 << 64) - 1
# SplitMix64's constants (the compiled kernels step the same stream: solvers.bitcount.splitmix64)
GAMMA, MIX1, MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
NUMPY_FROM = 24  # items: shorter lists shuffle faster in plain Python (measured: numpy's calls cost more below)
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
        self.state = z = (self.state + GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * MIX1) & _MASK
        z = ((z ^ (z >> 27)) * MIX2) & _MASK
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

        Setting up a game is mostly this shuffle, so from :data:`NUMPY_FROM` items, where numpy is installed, the
        draws are computed together with numpy's wrapping uint64 arithmetic; the result is the same bit for bit.
        """
        count = len(items)
        if count < 2:
            return
        numpy_there = count >= NUMPY_FROM and numpy_or_none() is not None
        draws = _draws_numpy(self.state, count) if numpy_there else self._draws(count)
        self.state = (self.state + (count - 1) * GAMMA) & _MASK
        i = count - 1
        for j in draws:
            items[i], items[j] = items[j], items[i]
            i -= 1

    def _draws(self, count: int) -> list[int]:
        """The shuffle's draws ``randbelow(i + 1)`` for i = count - 1, ..., 1, from a copy of the stream."""
        stream = self.copy()
        return [stream.randbelow(bound) for bound in range(count, 1, -1)]

    def spawn(self) -> Rng:
        """A new generator seeded from this one's stream (for a child that must not replay the parent's draws)."""
        return Rng(self.next64())


@cache
def _steps(count: int) -> tuple[Any, Any]:
    """For a shuffle of ``count`` items: the stream's increments k * gamma (k = 1 .. count - 1) and the bounds
    count, ..., 2 of its draws, as uint64 arrays (arrays wrap around silently: no overflow warnings to quiet)."""
    np: Any = numpy_or_none()
    return np.arange(1, count, dtype=np.uint64) * np.uint64(GAMMA), np.arange(count, 1, -1, dtype=np.uint64)


@cache
def _words() -> tuple[Any, ...]:
    """The uint64 scalars of :func:`_draws_numpy`, made once (each costs as much as an operation on the array)."""
    np: Any = numpy_or_none()
    return tuple(np.uint64(word) for word in (30, 27, 31, 32, MIX1, MIX2, 0xFFFFFFFF))


def _draws_numpy(state: int, count: int) -> list[int]:
    """:meth:`Rng._draws` by numpy: the next count - 1 outputs of SplitMix64 from ``state`` together, each
    multiplied by its bound, keeping the high word of the 128-bit product (from 32-bit halves: bounds < 2**32)."""
    np: Any = numpy_or_none()
    s30, s27, s31, s32, mix1, mix2, low_half = _words()
    steps, bound = _steps(count)
    z = steps + np.uint64(state)
    z ^= z >> s30
    z *= mix1
    z ^= z >> s27
    z *= mix2
    z ^= z >> s31
    high = z >> s32
    z &= low_half
    z *= bound
    z >>= s32
    high *= bound
    high += z
    high >>= s32
    draws: list[int] = high.tolist()
    return draws


def make_rng(seed: int | Rng | None) -> Rng:
    """Accept a seed, an existing :class:`Rng` (used as is) or ``None`` (fresh entropy)."""
    return seed if isinstance(seed, Rng) else Rng(seed)
