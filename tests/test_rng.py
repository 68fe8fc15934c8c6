"""The seeded generator: its shuffle draws exactly as repeated randbelow calls would."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from townwidget.core import Rng
from townwidget.core.rng import NUMPY_FROM, _draws_numpy


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), size=st.integers(0, 90))
def test_shuffle_is_fisher_yates_over_randbelow(seed: int, size: int) -> None:
    vector, scalar = Rng(seed), Rng(seed)
    shuffled, expected = list(range(size)), list(range(size))
    vector.shuffle(shuffled)
    for i in range(size - 1, 0, -1):
        j = scalar.randbelow(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert shuffled == expected and vector.state == scalar.state


def test_shuffles_are_uniform_on_three_items() -> None:
    rng, counts = Rng(3), {}
    for _ in range(6000):
        items = [0, 1, 2]
        rng.shuffle(items)
        counts[tuple(items)] = counts.get(tuple(items), 0) + 1
    assert len(counts) == 6 and all(850 < count < 1150 for count in counts.values())


def test_streams_depend_on_the_seed_and_copies_replay() -> None:
    first, second = Rng(1), Rng(2)
    assert [first.randbelow(100) for _ in range(8)] != [second.randbelow(100) for _ in range(8)]
    twin = first.copy()
    assert [first.next64() for _ in range(3)] == [twin.next64() for _ in range(3)]


@pytest.mark.parametrize("size", [2, NUMPY_FROM - 1, NUMPY_FROM, 49, 200])
def test_the_numpy_draws_are_the_plain_draws(size: int) -> None:
    """From NUMPY_FROM items the shuffle's draws come from numpy; below, and without numpy, from randbelow."""
    for seed in (0, 1, 2**64 - 1, 0x9E3779B97F4A7C15):
        stream = Rng(seed)
        expected = [stream.randbelow(bound) for bound in range(size, 1, -1)]
        assert _draws_numpy(seed, size) == Rng(seed)._draws(size) == expected
