"""Random play for tests, for any game behind the core protocol."""

from __future__ import annotations

import random
from typing import TypeVar

from townwidget.core import State

S = TypeVar("S", bound=State)


def played(state: S, steps: int, seed: int) -> S:
    """``state`` after up to ``steps`` uniformly random actions (fewer if the game ends), changed in place."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state
