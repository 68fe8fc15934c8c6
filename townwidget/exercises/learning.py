"""Lesson 07, learning to play: the checker of the temporal-difference update the lesson asks students to write."""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from townwidget.exercises.common import Verdict
from townwidget.exercises.running import run_cases

if TYPE_CHECKING:  # numpy is imported where a case is built or judged: the other checkers run without it
    import numpy as np

#: How close each weight must be to the right one (relative, and absolute near 0): float32 answers pass.
TOLERANCE = 1e-5
TASK = "a TD(0) step: weights + step * (1 + v(s') - v(s)) * features(s), with v(s') = 0 once the game is over"


def td_step(weights: Any, features: Any, next_features: Any, step: float) -> Any:
    """The right step, for the checker's own comparisons (not exported: the lesson asks for it)."""
    later = 0.0 if next_features is None else float(weights @ next_features)
    return weights + step * (1.0 + later - float(weights @ features)) * features


#: Updates students often write instead, each with what it gets wrong (the first that matches is said).
MISTAKES: tuple[tuple[str, Callable[[Any, Any, Any, float], Any]], ...] = (
    (
        "it moves the weights away from the target: the error is target - v(s), and it is added",
        lambda w, x, y, a: 2 * w - td_step(w, x, y, a),
    ),
    (
        "it steps along the features of s', but the value updated is that of s: step along features(s)",
        lambda w, x, y, a: w + a * (1.0 + (0.0 if y is None else w @ y) - w @ x) * (x if y is None else y),
    ),
    (
        "its target leaves out v(s'): that is a Monte Carlo target for a game of one move; TD's is 1 + v(s')",
        lambda w, x, y, a: w + a * (1.0 - w @ x) * x,
    ),
    (
        "its target leaves out the tile the move placed: the target is 1 + v(s'), not v(s')",
        lambda w, x, y, a: w + a * ((0.0 if y is None else w @ y) - w @ x) * x,
    ),
    (
        "the change is not scaled by the step size",
        lambda w, x, y, a: w + (1.0 + (0.0 if y is None else w @ y) - w @ x) * x,
    ),
    (
        "it returns the change alone: return the new weights, weights + the change",
        lambda w, x, y, a: td_step(w, x, y, a) - w,
    ),
)


def check_td_update(td_update: Any) -> Verdict:
    """Whether ``td_update(weights, features, next_features, step)`` returns the weights after one TD(0) step for
    the linear value ``v(s) = weights @ features(s)`` of the tiles still to place, the move from ``s`` to ``s'``
    having placed one tile: ``weights + step * (1 + v(s') - v(s)) * features``, with ``v(s') = 0`` when
    ``next_features`` is ``None`` (the game is over).

    The cases are drawn afresh at each call (sizes 1 to 20, small and large weights, the last move of a game), and
    the weights as given are numpy arrays. The answer may be any array-like of the right numbers (a numpy array of
    any float type, a list, a tuple, a row or a column), returned new or updated in place; the verdict says which
    usual mistake a wrong answer makes, never the right weights.

    >>> print(check_td_update(lambda weights, features, next_features, step: weights))
    Not yet right: it should be a TD(0) step: weights + step * (1 + v(s') - v(s)) * features(s), with v(s') = 0 \
once the game is over.
    - on a move in the middle of a game: the weights did not change
    >>> def td_update(weights, features, next_features, step):
    ...     later = 0 if next_features is None else weights @ next_features
    ...     return weights + step * (1 + later - weights @ features) * features
    >>> print(check_td_update(td_update))
    Right: it is a TD(0) step: weights + step * (1 + v(s') - v(s)) * features(s), with v(s') = 0 once the game is \
over.
    """
    if td_update is None:
        return Verdict(TASK, ("there is no answer yet: write td_update and pass the function itself",))
    if not callable(td_update):
        return Verdict(TASK, (f"td_update should be a function, not {type(td_update).__name__}",))
    import numpy as np  # the lesson's weights are numpy arrays

    cases = _cases(np.random.default_rng(secrets.randbits(64)))
    arguments = dict(cases)
    outcomes = run_cases(lambda case: td_update(*case), cases, read=_read_weights)
    for outcome in outcomes:
        failure = outcome.failure()
        if failure:
            return Verdict(TASK, (failure,))
        problem = _judge(outcome.value, arguments[outcome.description])
        if problem:
            return Verdict(TASK, (f"on {outcome.description}: {problem}",))
    return Verdict(TASK)


def _cases(rng: np.random.Generator) -> list[tuple[str, tuple[Any, Any, Any, float]]]:
    """Moves to update on: counts as features (the first always 1, as the lesson's), weights small or large, steps
    from 0.001 to 0.1; the middle of a game, its last move, one feature, twenty."""
    import numpy as np

    cases = []
    for description, size, over in (
        ("a move in the middle of a game", 5, False),
        ("the last move of a game (next_features is None)", 5, True),
        ("a value of one feature", 1, False),
        ("a move of a game with twenty features", 20, False),
        ("the last move of a game with twenty features", 20, True),
    ):
        weights = rng.normal(0.0, rng.choice([0.1, 1.0, 5.0]), size)
        features = np.concatenate([[1.0], rng.integers(0, 26, size - 1)]).astype(float)
        following = None if over else np.concatenate([[1.0], rng.integers(0, 26, size - 1)]).astype(float)
        cases.append((description, (weights, features, following, float(rng.uniform(0.001, 0.1)))))
    return cases


def _read_weights(value: Any) -> Any:
    """What the function returned, as plain data the checker can judge: a list of floats with the shape it had,
    or the kind of thing it was."""
    import numpy as np

    if value is None:
        return None
    try:
        array = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        return ("unreadable", type(value).__name__, repr(value)[:60])
    return ("array", array.shape, array.reshape(-1).tolist())


def _judge(value: Any, case: tuple[Any, Any, Any, float]) -> str | None:
    """What is wrong with the weights returned on a case, or ``None``."""
    weights, features, following, step = case
    if value is None:
        return "it returned None: return the new weights (updated in place or not)"
    if value[0] == "unreadable":
        return f"it returned {value[2]}, which is not a list of numbers"
    _kind, shape, numbers = value
    size = len(weights)
    if len(numbers) != size or sum(length > 1 for length in shape) > 1:
        return f"it returned an array of shape {tuple(shape)}, for {size} weights"
    got = list(numbers)
    if not all(math.isfinite(number) for number in numbers):
        return "it returned weights that are not finite numbers"
    if _close(got, td_step(weights, features, following, step)):
        return None
    if _close(got, weights):
        return "the weights did not change"
    for words, mistake in MISTAKES:
        if _close(got, mistake(weights, features, following, step)):
            return words
    return "the weights are not those of one TD(0) step (target 1 + v(s'), error target - v(s), along features(s))"


def _close(got: Any, expected: Any) -> bool:
    import numpy as np

    return bool(np.allclose(got, expected, rtol=TOLERANCE, atol=TOLERANCE))
