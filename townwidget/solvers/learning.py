"""Learning the solo value by self-play within a time budget, keeping the best weights: ``townwidget learn``.

Each *round* is one step of policy iteration on the batched, compiled simulator
(:func:`townwidget.solvers.value.train` does a fixed number of them): ``games`` new deals played greedily by the
current weights, then the weights refitted by least squares, stage by stage, to the tiles each position went on to
place. The new weights are then *measured*: greedy play on them, honest (each move rated by the value averaged over
the tiles that may come up, :func:`~townwidget.solvers.value.after_value`), on ``evaluation`` deals that training
never plays. The best weights so far by that measure are kept: policy iteration need not improve at every round,
and an interrupted run (Ctrl-C, ``KeyboardInterrupt``) still returns them.

Time is CPU seconds of this process (``time.process_time``), so a budget means the same work on a busy machine.

>>> learned = learn("town44", seconds=60, games=200, evaluation=50, rounds=2, progress=False)
>>> len(learned.history), learned.weights.shape, 8 < learned.score <= 16
(3, (4, 20), True)
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from townwidget.core.progress import progress_enabled
from townwidget.solvers import value
from townwidget.solvers.vector import tables
from townwidget.town.rules import Rules, resolve_rules
from townwidget.town.state import pile_sizes

CHUNK = 500  # self-play games per compiled call: Ctrl-C is seen between calls, so within about a second


@dataclass(frozen=True)
class Round:
    """One round of learning: its number (0: the starting weights, measured), the self-play games played so far,
    the honest greedy scores of its weights on the evaluation deals (``score``: their mean), and the CPU seconds
    spent so far."""

    number: int
    games: int
    scores: tuple[int, ...]
    seconds: float

    @property
    def score(self) -> float:
        return sum(self.scores) / len(self.scores)


@dataclass
class Learned:
    """What a run learned: the best ``weights`` for the board (shape (stages, features)), their ``score`` on the
    evaluation deals, every round's measure (``history``), and whether the run was ``interrupted``."""

    rules: Rules
    weights: value.Weights
    score: float
    history: list[Round] = field(default_factory=list)
    interrupted: bool = False

    @property
    def best(self) -> Round:
        """The round whose weights were kept (the first of the best score)."""
        return max(self.history, key=lambda round_: round_.score)


def learn(
    rules: Rules | str = "town77",
    seconds: float = 60.0,
    games: int = 10_000,
    evaluation: int = 300,
    seed: int = 0,
    start: value.Weights | None = None,
    rounds: int | None = None,
    on_round: Callable[[Learned, Round], Any] | None = None,
    progress: bool | None = None,
) -> Learned:
    """Rounds of self-play and refitting until ``seconds`` of CPU time are spent (the round under way finishes) or
    ``rounds`` are done, from ``start`` (default: weights of zeros, whose greedy play takes the first legal move).
    ``on_round(learned, round)`` is called after each measure (round 0 measures ``start``), so that a caller may
    save the best weights as they come (``learned.best is round`` when the round improved on them). A progress bar
    shows the CPU seconds spent and the best score (see :mod:`townwidget.core.progress`).
    Needs numba to be quick (``pip install "townwidget[fast]"``)."""
    rules = resolve_rules(rules)
    n, geometry = rules.n, tables(rules.n)
    sizes = np.array(pile_sizes(rules), dtype=np.int64)
    shape = (value.stored_weights.stages(n, value.STAGE), value.NUM_FEATURES)
    weights = np.zeros(shape) if start is None else np.array(start, dtype=np.float64)
    if weights.shape != shape:
        raise ValueError(f"start weights for a {n} x {n} board have shape {shape}, not {weights.shape}")
    if games < 1 or evaluation < 2:
        raise ValueError(f"games must be at least 1 and evaluation at least 2, not {games} and {evaluation}")
    training, measuring = np.random.default_rng([seed, 0]), np.random.default_rng([seed, 1])
    held_out = value.decks(n, evaluation, measuring)  # drawn apart from the training deals
    clock, played = time.process_time(), 0
    learned = Learned(rules, weights, -1.0)

    def measure(number: int, candidate: value.Weights) -> None:
        _rows, _later, scores = value._self_play(
            n, held_out, sizes, geometry.lines, geometry.neighbours, candidate, True
        )
        measured = Round(number, played, tuple(scores.tolist()), spent())
        if measured.score > learned.score:
            learned.weights, learned.score = candidate, measured.score
        learned.history.append(measured)
        if on_round is not None:
            on_round(learned, measured)

    def spent() -> float:
        return time.process_time() - clock

    bar = _bar(seconds, rules, progress)
    try:
        with _interrupts() as interrupted:
            measure(0, weights)
            number = 0
            while spent() < seconds and (rounds is None or number < rounds) and not interrupted():
                number += 1
                rows, later = [], []
                for count in [min(CHUNK, games - done) for done in range(0, games, CHUNK)]:
                    if interrupted():
                        break
                    chunk = value._self_play(
                        n, value.decks(n, count, training), sizes, geometry.lines, geometry.neighbours, weights
                    )
                    rows.append(chunk[0])
                    later.append(chunk[1])
                    played += count
                    bar.update(spent(), learned.score)
                if interrupted():
                    break
                weights = value.fit(np.concatenate(rows), np.concatenate(later), shape[0])
                measure(number, weights)
                bar.update(spent(), learned.score)
            learned.interrupted = interrupted()
    except KeyboardInterrupt:  # raised where the interrupt could not be held back (see _interrupts), or by on_round
        learned.interrupted = True
    finally:
        bar.close()
    return learned


@contextmanager
def _interrupts() -> Iterator[Callable[[], bool]]:
    """Ctrl-C (SIGINT) noted rather than raised, while the block runs: yields a function that says whether it came.
    An interrupt raised inside numba's compiled code surfaces as a ``SystemError``, not a ``KeyboardInterrupt``,
    so the loop looks at the flag between compiled calls instead. Only the main thread may set a signal handler;
    elsewhere, interrupts are raised as usual."""
    if threading.current_thread() is not threading.main_thread():
        yield lambda: False
        return
    came: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: came.append(number))
    try:
        yield lambda: bool(came)
    finally:
        signal.signal(signal.SIGINT, previous)


class _Bar:
    """A bar of CPU seconds spent out of the budget, with the best score so far; nothing when bars are off."""

    def __init__(self, seconds: float, rules: Rules, enabled: bool) -> None:
        self.tqdm: Any = None
        if enabled:
            from tqdm.auto import tqdm  # type: ignore[import-untyped]

            self.tqdm = tqdm(total=round(seconds), desc=f"learning {rules.name}", unit="CPU s", leave=False)

    def update(self, spent: float, best: float) -> None:
        if self.tqdm is not None:
            self.tqdm.n = min(round(spent), self.tqdm.total)
            self.tqdm.set_postfix(best=f"{best:.2f} tiles", refresh=True)

    def close(self) -> None:
        if self.tqdm is not None:
            self.tqdm.close()


def _bar(seconds: float, rules: Rules, progress: bool | None) -> _Bar:
    return _Bar(seconds, rules, progress_enabled(progress))
