"""Lesson 07's checker, fed the exercise as the lesson poses it: the TD(0) update in every form a student may write
it is accepted; the usual wrong updates are rejected with words that say what is wrong; junk gets a verdict, never a
crash; and the cases are drawn afresh at each call."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from townwidget.exercises import Verdict, check_td_update
from townwidget.exercises import learning as lesson
from townwidget.exercises.running import Outcome


def rejected(verdict: Verdict, words: str) -> None:
    assert not verdict, str(verdict)
    assert any(words in problem for problem in verdict.problems), str(verdict)
    assert str(verdict).startswith("Not yet right: it should be a TD(0) step")


def later(weights: Any, next_features: Any) -> Any:
    return 0 if next_features is None else weights @ next_features


def right(weights: Any, features: Any, next_features: Any, step: float) -> Any:
    return weights + step * (1 + later(weights, next_features) - weights @ features) * features


def in_place(weights: Any, features: Any, next_features: Any, step: float) -> Any:
    weights += step * (1 + later(weights, next_features) - weights @ features) * features
    return weights


def updated_not_returned(weights: Any, features: Any, next_features: Any, step: float) -> None:
    in_place(weights, features, next_features, step)


def loops(weights: Any, features: Any, next_features: Any, step: float) -> list[float]:
    error = 1 + (0 if next_features is None else sum(w * y for w, y in zip(weights, next_features, strict=True)))
    error -= sum(w * x for w, x in zip(weights, features, strict=True))
    return [w + step * error * x for w, x in zip(weights, features, strict=True)]


@pytest.mark.parametrize(
    "update",
    [
        right,
        in_place,
        loops,
        lambda w, x, y, a: tuple(right(w, x, y, a)),
        lambda w, x, y, a: right(w, x, y, a).astype(np.float32),
        lambda w, x, y, a: right(w, x, y, a).reshape(-1, 1),  # a column
        lambda w, x, y, a: np.matrix(right(w, x, y, a)),  # a row
        lambda w, x, y, a: w + a * ((1 + (0 if y is None else np.dot(w, y))) - np.dot(w, x)) * x,
    ],
)
def test_the_td_update_is_accepted_in_every_form(update: Callable[..., Any]) -> None:
    verdict = check_td_update(update)
    assert verdict, str(verdict)
    assert str(verdict).startswith("Right: it is a TD(0) step")


@pytest.mark.parametrize(
    ("update", "words"),
    [
        (lambda w, x, y, a: w - a * (1 + later(w, y) - w @ x) * x, "away from the target"),
        (lambda w, x, y, a: w + a * (1 + later(w, y) - w @ x) * (x if y is None else y), "steps along the features"),
        (lambda w, x, y, a: w + a * (1 - w @ x) * x, "leaves out v(s')"),
        (lambda w, x, y, a: w + a * (later(w, y) - w @ x) * x, "leaves out the tile the move placed"),
        (lambda w, x, y, a: w + (1 + later(w, y) - w @ x) * x, "not scaled by the step size"),
        (lambda w, x, y, a: a * (1 + later(w, y) - w @ x) * x, "returns the change alone"),
        (lambda w, x, y, a: w, "the weights did not change"),
        (lambda w, x, y, a: w + a * (1 + later(w, y) - w @ x) * x * 2, "not those of one TD(0) step"),
        (
            lambda w, x, y, a: w + a * (1 + w @ y - w @ x) * x,
            "raised ValueError: matmul",
        ),  # the end of a game forgotten
        (lambda w, x, y, a: None, "it returned None"),
        (updated_not_returned, "it returned None"),
        (lambda w, x, y, a: "weights", "is not a list of numbers"),
        (lambda w, x, y, a: np.append(right(w, x, y, a), 0.0), "of shape"),
        (lambda w, x, y, a: np.outer(right(w, x, y, a), [1, 1]), "of shape"),
        (lambda w, x, y, a: right(w, x, y, a) * np.nan, "not finite"),
    ],
)
def test_wrong_td_updates_are_rejected_saying_why(update: Callable[..., Any], words: str) -> None:
    rejected(check_td_update(update), words)


def test_junk_and_slow_answers_get_a_verdict() -> None:
    rejected(check_td_update(None), "there is no answer yet")
    rejected(check_td_update(3), "should be a function, not int")

    def slow(weights: Any, features: Any, next_features: Any, step: float) -> Any:
        time.sleep(60)

    started = time.monotonic()
    rejected(check_td_update(slow), "it is too slow on a move in the middle of a game")
    assert time.monotonic() - started < 12


def test_the_cases_are_drawn_afresh_at_each_call(monkeypatch: pytest.MonkeyPatch) -> None:
    seeds: list[int] = []
    drawn = lesson.secrets.randbits

    def remembered(bits: int) -> int:
        seeds.append(drawn(bits))
        return seeds[-1]

    monkeypatch.setattr(lesson.secrets, "randbits", remembered)
    seen: list[list[float]] = []

    def recording(weights: Any, features: Any, next_features: Any, step: float) -> Any:
        seen.append(list(weights))
        return right(weights, features, next_features, step)

    def here(function: Callable[[Any], Any], cases: list[tuple[str, Any]], read: Callable[[Any], Any]) -> list:
        """The cases run in this process (not a forked child), so that ``recording`` sees them."""
        return [Outcome(description, read(function(case))) for description, case in cases]

    monkeypatch.setattr(lesson, "run_cases", here)
    assert check_td_update(recording) and check_td_update(recording)
    assert len(seeds) == 2 and seeds[0] != seeds[1]
    assert seen[:5] != seen[5:] and len(seen) == 10
