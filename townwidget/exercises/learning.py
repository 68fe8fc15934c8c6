"""Lesson 07, learning to play: the checkers of the least-squares fit (part 1) and of the temporal-difference update
(part 2) the lesson asks students to write."""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from townwidget.exercises.common import TEXT_NOT_NUMBER, Verdict, _check_level
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


#: The harder version: TD(0) along a whole game, each step on the weights the step before left.
GAME_TASK = (
    "TD(0) along a game: one step per move, in the game's order, each on the weights the previous step left, "
    "with v = 0 after the last move"
)
#: Ways of running the steps along a game that students often write instead, with what each gets wrong.
GAME_MISTAKES: tuple[tuple[str, Callable[[Any, Any, float], Any]], ...] = (
    (
        "every step used the weights the game started with: online TD uses the weights the previous step left",
        lambda w, rows, a: w + sum(td_step(w, x, y, a) - w for x, y in zip(rows, [*rows[1:], None], strict=True)),
    ),
    (
        "it ran the steps from the end of the game backwards: TD(0) online follows the game's order",
        lambda w, rows, a: _along(w, rows, a, backwards=True),
    ),
    (
        "it left out the last move (the one that ended the game, with v(s') = 0)",
        lambda w, rows, a: _along(w, rows[:-1], a, ending=False),
    ),
)


def _along(weights: Any, rows: Any, step: float, backwards: bool = False, ending: bool = True) -> Any:
    """TD(0) online along a game's positions ``rows`` (each row's move leads to the next row; the last row's move
    ends the game when ``ending``)."""
    moves = list(zip(rows, [*rows[1:], None], strict=True)) if ending else list(zip(rows, rows[1:], strict=False))
    for features, following in reversed(moves) if backwards else moves:
        weights = td_step(weights, features, following, step)
    return weights


def check_td_update(td_update: Any, level: str = "easier") -> Verdict:
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

    ``level="harder"`` judges ``td_game(weights, positions, step)`` instead: the weights after TD(0) online along a
    whole game, ``positions`` the counts of the position before each move in order (the last row's move ended the
    game), each step made with the weights the previous one left; games of 1 to 30 moves are drawn afresh.
    """
    if _check_level(level) == "harder":
        return _check_td_game(td_update)
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


FIT_TASKS = {
    "easier": "the least-squares weight w of one count: the w that makes the sum of (w * x - g) ** 2 smallest",
    "harder": "a least-squares fit with a bias: b and w that make the sum of (b + w . x - g) ** 2 smallest",
}
#: How much larger than the least squared error a fit's may be (relative): float32 weights pass, a wrong fit does not.
FIT_TOLERANCE = 1e-6


def check_least_squares(fit: Any, level: str = "easier") -> Verdict:
    """Whether ``fit(X, G)`` returns the least-squares weights of a linear value fitted to returns ``G`` (one per
    row of the counts ``X``, a numpy array of shape (rows, counts)).

    ``level="easier"``: ``X`` has one column, and the answer is the one weight ``w`` (a number, or a sequence of
    one) making ``sum((w * X[:, 0] - G) ** 2)`` smallest. ``level="harder"``: ``X`` has one to six columns, some of
    them moving together (one the sum of two others, one the same on every row, as the lesson's counts do), and the
    answer is a bias and then one weight per column, making ``sum((b + X @ w - G) ** 2)`` smallest; where the
    counts move together many weights are the least, and any of them is right. A fit is judged by its squared error
    on the data, against numpy's ``lstsq``, on data drawn afresh at each call; the verdict never shows the weights.

    >>> print(check_least_squares(lambda X, G: [0.0]))
    Not yet right: it should be the least-squares weight w of one count: the w that makes the sum of (w * x - g) \
** 2 smallest.
    - on returns that grow with the count: its squared error is not the least: other weights fit these returns better
    >>> print(check_least_squares(lambda X, G: [X[:, 0] @ G / (X[:, 0] @ X[:, 0])]))
    Right: it is the least-squares weight w of one count: the w that makes the sum of (w * x - g) ** 2 smallest.
    """
    level = _check_level(level)
    task = FIT_TASKS[level]
    if fit is None:
        return Verdict(task, ("there is no answer yet: write fit and pass the function itself",))
    if not callable(fit):
        return Verdict(task, (f"fit should be a function, not {type(fit).__name__}",))
    import numpy as np  # the lesson's counts are numpy arrays

    rng = np.random.default_rng(secrets.randbits(64))
    cases = _fit_cases(rng) if level == "easier" else _biased_fit_cases(rng)
    arguments = dict(cases)
    for outcome in run_cases(lambda case: fit(*case), cases, read=_read_fit):
        failure = outcome.failure()
        if failure:
            return Verdict(task, (failure,))
        problem = _judge_fit(outcome.value, *arguments[outcome.description], bias=level == "harder")
        if problem:
            return Verdict(task, (f"on {outcome.description}: {problem}",))
    return Verdict(task)


def _fit_cases(rng: np.random.Generator) -> list[tuple[str, tuple[Any, Any]]]:
    """One count per row (0 to 25, as the lesson's): returns that grow with it, noisy or exact, or that fall."""

    cases = []
    for description, slope, noise in (
        ("returns that grow with the count", rng.uniform(0.5, 3.0), rng.uniform(0.5, 3.0)),
        ("returns exactly proportional to the count", rng.uniform(0.2, 2.0), 0.0),
        ("returns that fall as the count grows", -rng.uniform(0.2, 2.0), rng.uniform(0.5, 3.0)),
        ("returns with no link to the count", 0.0, rng.uniform(1.0, 5.0)),
    ):
        rows = int(rng.integers(5, 300))
        x = rng.integers(0, 26, rows).astype(float)
        x[0] = max(x[0], 1.0)  # never a column of zeros: the weight is then anything
        offset = rng.uniform(-5.0, 10.0) if slope == 0.0 else 0.0
        g = slope * x + offset + rng.normal(0.0, 1.0, rows) * noise
        cases.append((description, (x.reshape(-1, 1), g)))
    return cases


def _biased_fit_cases(rng: np.random.Generator) -> list[tuple[str, tuple[Any, Any]]]:
    """Several counts with a bias: independent ones, one the sum of two others, one the same on every row."""

    cases = []
    for description, columns, together in (
        ("one count and a bias", 1, None),
        ("several counts", int(rng.integers(3, 7)), None),
        ("counts where one is the sum of two others", int(rng.integers(3, 6)), "sum"),
        ("counts where one is the same on every row", int(rng.integers(2, 5)), "same"),
    ):
        rows = int(rng.integers(30, 300))
        X = rng.integers(0, 26, (rows, columns)).astype(float)
        if together == "sum":
            X[:, -1] = X[:, 0] + X[:, 1]
        elif together == "same":
            X[:, int(rng.integers(columns))] = float(rng.integers(1, 26))
        G = rng.uniform(-5.0, 20.0) + X @ rng.normal(0.0, 1.0, columns) + rng.normal(0.0, 2.0, rows)
        cases.append((description, (X, G)))
    return cases


def _read_fit(value: Any) -> Any:
    """The weights returned, as plain data: a list of floats, text, or the kind of thing that cannot be read.
    Any sequence or iterator of numbers is read (a generator, a deque, a numpy array of any float type)."""

    if isinstance(value, (str, bytes)):
        return ("text", repr(value)[:60])
    if not hasattr(value, "__len__") and hasattr(value, "__iter__"):
        value = list(value)
    if isinstance(value, (list, tuple)) and any(isinstance(item, (str, bytes)) for item in value):
        return ("text", repr(next(item for item in value if isinstance(item, (str, bytes))))[:60])
    return _read_weights(value)


def _judge_fit(value: Any, X: Any, G: Any, bias: bool) -> str | None:
    """What is wrong with the weights returned for counts X and returns G, or ``None``."""
    import numpy as np

    wanted = X.shape[1] + bias
    if value is None:
        return "it returned None: return the weights"
    if value[0] == "text":
        return TEXT_NOT_NUMBER.format(answer=value[1])
    if value[0] == "unreadable":
        return f"it returned {value[2]}, which is not a list of numbers"
    _kind, shape, numbers = value
    if len(numbers) != wanted or sum(length > 1 for length in shape) > 1:
        kind = f"a bias and {X.shape[1]} weight{'s' * (X.shape[1] > 1)}" if bias else "one weight"
        return f"it returned {len(numbers)} number{'s' * (len(numbers) != 1)} (shape {tuple(shape)}), for {kind}"
    if not all(math.isfinite(number) for number in numbers):
        return "it returned weights that are not finite numbers"
    A = np.column_stack([np.ones(len(X)), X]) if bias else X
    least = float(np.sum((A @ np.linalg.lstsq(A, G, rcond=None)[0] - G) ** 2))
    error = float(np.sum((A @ np.array(numbers) - G) ** 2))
    if error <= least * (1 + FIT_TOLERANCE) + 1e-9 * len(G):
        return None
    return "its squared error is not the least: other weights fit these returns better"


def _check_td_game(td_game: Any) -> Verdict:
    """The harder version of :func:`check_td_update`: TD(0) online along whole games drawn afresh."""
    if td_game is None:
        return Verdict(GAME_TASK, ("there is no answer yet: write td_game and pass the function itself",))
    if not callable(td_game):
        return Verdict(GAME_TASK, (f"td_game should be a function, not {type(td_game).__name__}",))
    import numpy as np

    rng = np.random.default_rng(secrets.randbits(64))
    cases = []
    for description, moves, size in (
        ("a game of one move", 1, 5),
        ("a game of a few moves", int(rng.integers(3, 8)), 5),
        ("a game of twenty features", int(rng.integers(10, 31)), 20),
    ):
        weights = rng.normal(0.0, rng.choice([0.1, 0.5]), size)
        rows = [np.concatenate([[1.0], rng.integers(0, 26, size - 1)]).astype(float) / 25 for _ in range(moves)]
        cases.append((description, (weights, rows, float(rng.uniform(0.01, 0.2)))))
    arguments = dict(cases)
    for outcome in run_cases(lambda case: td_game(*case), cases, read=_read_weights):
        failure = outcome.failure()
        if failure:
            return Verdict(GAME_TASK, (failure,))
        problem = _judge_game(outcome.value, *arguments[outcome.description])
        if problem:
            return Verdict(GAME_TASK, (f"on {outcome.description}: {problem}",))
    return Verdict(GAME_TASK)


def _judge_game(value: Any, weights: Any, rows: Any, step: float) -> str | None:
    """What is wrong with the weights returned after a game, or ``None``."""
    if value is None:
        return "it returned None: return the weights after the game"
    if value[0] == "unreadable":
        return f"it returned {value[2]}, which is not a list of numbers"
    _kind, shape, numbers = value
    if len(numbers) != len(weights) or sum(length > 1 for length in shape) > 1:
        return f"it returned an array of shape {tuple(shape)}, for {len(weights)} weights"
    if not all(math.isfinite(number) for number in numbers):
        return "it returned weights that are not finite numbers"
    if _close(numbers, _along(weights, rows, step)):
        return None
    if _close(numbers, weights):
        return "the weights did not change"
    for words, mistake in GAME_MISTAKES:
        if _close(numbers, mistake(weights, rows, step)):
            return words
    return "the weights are not those of TD(0) steps along the game, in order, each on the weights left before"
