"""Measured values of a player's moves: each candidate played out many times from states drawn from the view.

A move's value is the mean final result when the game goes on after it under a fixed *playout policy*, over
full states drawn uniformly from what the player knows (``view.sample_state``): so it reads nothing hidden, and a
seed makes it reproducible. Every candidate is played out from the same drawn states (common random numbers), so
the differences between moves are measured more precisely than the values themselves.

- Town solo: the tiles placed at the end, with the careful policy (:mod:`townwidget.advice.careful`) played by the
  batched simulator (:mod:`townwidget.solvers.vector`, loaded at the first measurement); every legal placement is
  measured. On 9 x 9 boards, too large for the batched simulator, and where numpy is not installed (a browser's
  Python), the scalar engine measures the best few instead, as below: other figures than the batched ones, as
  reproducible by seed.
- Town multiplayer: the player's ``returns()`` at the end (1 for a win, 0 for last place, shared on ties), shown
  as an expected rank; Little Town (and any game whose adapter says ``reviews_in_score``): the player's score at
  the end (VP); both with the rollout policy of the tree-search agents
  (:func:`townwidget.agents.mcts.heuristic_move`; a playout goes on from the position the policy rated the chosen
  move on where the game hands it back, :func:`townwidget.agents.mcts.heuristic_step`: the same game as applying
  it, one step fewer to play). When there are many legal actions, the :data:`SCREEN` best by the
  game's position estimate after them are measured.

>>> from townwidget import town
>>> view = town.new_solo("town55", seed=4).view(0)
>>> found = measure(view, seed=1, samples=8)
>>> found.values[0].samples, len(found.actions) == len(view.legal_actions())
(8, True)
>>> found.values[0].mean >= found.values[-1].mean
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from townwidget.advice import town_advice
from townwidget.advice.careful import careful_move
from townwidget.agents.mcts import heuristic_step
from townwidget.core import Rng, State, View
from townwidget.core.checks import is_integer, require_count
from townwidget.core.extras import numpy_or_none
from townwidget.core.language import _
from townwidget.core.registry import game_of
from townwidget.core.words import decimal

Outcomes = tuple[tuple[float, ...], ...]

SOLO_PLAYOUTS = 640  # Town solo: playouts per decision, shared among the legal placements (under a CPU second)
SOLO_SAMPLES = (8, 32)  # Town solo: drawn states per placement, at least and at most
# The scalar engine's playouts, per family: Town multiplayer, Little Town, and Town solo on 9 x 9 boards (too large
# for the batched simulator), sized for about 1 CPU second per decision; "other": any other registered game.
SAMPLES = {"town": 32, "littletown": 8, "solo": 12, "other": 8}  # drawn states per candidate
SCREEN = {"town": 8, "littletown": 6, "solo": 8, "other": 6}  # candidates measured, at most (best by the estimate)
PLAYOUT_CHOICES = {"town": 8, "littletown": 3, "solo": 0, "other": 3}  # actions the playout compares (solo: careful)
# The most drawn states per candidate a caller may ask for: a Little Town playout takes about 10 ms, so 10,000
# samples of its 6 candidates are some 10 CPU minutes per decision, and the solo batch stays within memory.
MAX_SAMPLES = 10_000


NOISE = 1.96  # standard errors: a difference below this many is within noise (a 95% interval holds 0)


@dataclass(frozen=True)
class Estimate:
    """A mean over ``samples`` playouts and its standard error (the spread of the values over sqrt(samples))."""

    mean: float
    se: float
    samples: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        """The mean and standard error of ``values`` (standard error 0 for a single value).

        >>> estimate = Estimate.of([30, 32, 34])
        >>> estimate.mean, round(estimate.se, 3), estimate.samples
        (32.0, 1.155, 3)
        >>> print(estimate)
        32 ± 1.2 (3 samples)
        """
        if not len(values):
            raise ValueError("an estimate needs at least one value")
        mean, spread = _mean_and_spread(values)
        return cls(mean, spread / math.sqrt(len(values)), len(values))

    def __str__(self) -> str:
        """'32.0 ± 1.2 (3 samples)'."""
        return f"{self.mean:.3g} ± {self.se:.2g} ({self.samples} samples)"


@dataclass(frozen=True)
class Scale:
    """How a game's playout values read: tiles placed (Town solo), the game's ``points`` (a multiplayer game whose
    reviews measure its score: Little Town's "VP"), or ``returns()`` shown as an expected rank."""

    solo: bool
    players: int
    points: str = ""

    @classmethod
    def of(cls, state: State) -> Scale:
        """The scale advice measures ``state``'s game in: its score in one-player games and in the games whose
        adapter says so (:attr:`~townwidget.core.registry.Game.reviews_in_score`), else the expected rank."""
        players, game = state.num_players, game_of(state)
        return cls(players == 1, players, game.score_name(players) if players > 1 and game.reviews_in_score else "")

    def show(self, value: float) -> str:
        """A value in words, in the current language: '33.8 tiles', '21.5 VP', or 'rank 1.4 of 3' (1 is first)."""
        if self.solo:
            return _("{value} tiles").format(value=self.number(value))
        if self.points:
            return _("{value} {points}").format(value=self.number(value), points=_(self.points))
        return _("rank {rank} of {players}").format(rank=self.number(value), players=self.players)

    def number(self, value: float) -> str:
        """A value as a bare number in the shown units: '33.8' (tiles), '1.4' (the expected rank); French '33,8'."""
        return decimal(self.display(value))

    @property
    def in_score(self) -> bool:
        """Whether values are the player's score (tiles or points, more is better) rather than returns."""
        return self.solo or bool(self.points)

    def display(self, value: float) -> float:
        """A value as shown: tiles or points, or the expected rank."""
        return value if self.in_score else self.rank(value)

    def display_se(self, se: float) -> float:
        """A standard error in the shown units."""
        return se if self.in_score else se * (self.players - 1)

    def rank(self, value: float) -> float:
        """The expected rank (1 = first) for a mean of ``returns()``."""
        return 1 + (1 - value) * (self.players - 1)

    @property
    def unit(self) -> str:
        """What the values count: "tiles", the game's points ("VP") or "returns"."""
        return "tiles" if self.solo else self.points or "returns"


@dataclass(frozen=True)
class Measurement:
    """The measured candidates of one decision, best first: ``actions`` and their ``values`` (:class:`Estimate`),
    ``outcomes`` (one row per action: its value in each drawn state, the same states for all), the ``scale``, and
    how many actions were ``legal``."""

    player: int
    actions: tuple[Any, ...]
    values: tuple[Estimate, ...]
    outcomes: Outcomes
    scale: Scale
    legal: int

    def value_of(self, action: Any) -> Estimate:
        """The estimate of ``action`` (which must be among the measured ``actions``)."""
        return self.values[self.actions.index(action)]

    def margin(self, better: Any, worse: Any) -> Estimate:
        """How much better action ``better`` did than action ``worse`` (both measured), drawn state by drawn state:
        its standard error is that of the difference, smaller than either's when the two go together."""
        ahead, behind = self.outcomes[self.actions.index(better)], self.outcomes[self.actions.index(worse)]
        return Estimate.of([a - b for a, b in zip(ahead, behind, strict=True)])

    def joined(self, other: Measurement) -> Measurement:
        """This measurement and ``other`` (of the same actions, on other drawn states) as one, best first."""
        actions = self.actions
        rows = [self.outcomes[i] + other.outcomes[other.actions.index(action)] for i, action in enumerate(actions)]
        return _measurement(self.player, list(actions), rows, self.scale, self.legal)


def measure(
    view: View,
    seed: int = 0,
    samples: int | None = None,
    include: Sequence[Any] = (),
    only: Sequence[Any] | None = None,
) -> Measurement:
    """Measure the viewer's candidate moves (see the module docstring); ``include`` adds moves to measure even if
    the screen leaves them out (a review measures the move played); ``only`` measures just these legal moves.
    ``samples``: drawn states per candidate.

    Raises ``ValueError`` when the viewer has no move (not their turn, or the game is over)."""
    if not is_integer(seed):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    require_count(samples, "samples", MAX_SAMPLES)
    actions = view.legal_actions()
    if not actions:
        raise ValueError(f"player {view.player} has no move to measure: it is not their turn or the game is over")
    if only is not None and (not only or any(action not in actions for action in only)):
        raise ValueError("only: the moves to measure must be legal moves of the view, at least one")
    rng = Rng(seed)
    first = view.sample_state(rng.spawn())
    family = family_of(first)
    if family == "batched":
        candidates = actions if only is None else list(only)
        outcomes = _solo_outcomes(view, candidates, first, samples or solo_samples(len(actions)), rng)
    else:
        candidates = _screen(first, actions, view.player, SCREEN[family], include) if only is None else list(only)
        outcomes = _outcomes(view, candidates, first, samples or SAMPLES[family], family, rng)
    return _measurement(view.player, candidates, outcomes, Scale.of(first), len(actions))


def _measurement(
    player: int, candidates: list[Any], outcomes: Sequence[tuple[float, ...]], scale: Scale, legal: int
) -> Measurement:
    """The measured ``candidates`` (rows of ``outcomes``) best first: stable, the given order among equals."""
    values = [Estimate.of(row) for row in outcomes]
    order = sorted(range(len(candidates)), key=lambda i: -values[i].mean)
    return Measurement(
        player,
        tuple(candidates[i] for i in order),
        tuple(values[i] for i in order),
        tuple(tuple(outcomes[i]) for i in order),
        scale,
        legal,
    )


def family_of(state: State) -> str:
    """How a state's moves are measured: ``"batched"`` (Town solo on the batched simulator), else by the scalar
    engine, per family: ``"solo"`` (Town solo on 9 x 9 boards, too large for the batched simulator, or without
    numpy), ``"town"`` (multiplayer), ``"littletown"``, or ``"other"`` (any other registered game)."""
    family = game_of(state).family
    if family == town_advice.FAMILY and state.num_players == 1:
        return town_advice.solo_engine(state)
    return family if family in SAMPLES else "other"


def solo_samples(legal: int, playouts: int = SOLO_PLAYOUTS) -> int:
    """Drawn states per placement on the batched simulator: ``playouts`` shared among the ``legal`` placements,
    within :data:`SOLO_SAMPLES`."""
    low, high = SOLO_SAMPLES
    return max(low, min(high, playouts // legal))


def _mean_and_spread(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the standard deviation (over n - 1; 0 for one value): by numpy where it is installed, so the
    figures stay those measured so far; else in plain Python (alike to the last digits or so)."""
    np = numpy_or_none()
    if np is not None:
        data = np.asarray(values, dtype=np.float64)
        return float(data.mean()), float(data.std(ddof=1)) if len(data) > 1 else 0.0
    mean = sum(values) / len(values)
    squares = sum((value - mean) ** 2 for value in values)
    return mean, math.sqrt(squares / (len(values) - 1)) if len(values) > 1 else 0.0


def _solo_outcomes(view: View, actions: list[Any], first: State, samples: int, rng: Rng) -> Outcomes:
    """Tiles placed at the end after each action (rows) from each drawn state (columns), by the batched simulator."""
    import numpy as np

    from townwidget.advice.careful_batch import careful_rollout
    from townwidget.solvers.vector import SoloBatch

    drawn = [first] + [view.sample_state(rng.spawn()) for _draw in range(samples - 1)]
    base = SoloBatch.from_states(drawn, seed=rng.next64())  # type: ignore[arg-type]  # solo views draw solo states
    batch = base.take(np.tile(np.arange(samples), len(actions)))
    batch.step(np.repeat([base.action_index(action) for action in actions], samples))
    return tuple(map(tuple, careful_rollout(batch).reshape(len(actions), samples).astype(np.float64).tolist()))


def _screen(state: State, actions: list[Any], player: int, keep: int, include: Sequence[Any]) -> list[Any]:
    """The ``keep`` actions rated best by the player's position estimate after them (and ``include``), in legal
    order."""
    if len(actions) <= keep:
        return list(actions)
    rated = []
    for action in actions:
        child = state.clone()
        child.apply(action)
        rated.append(child.heuristic(player))
    best = sorted(range(len(actions)), key=lambda i: -rated[i])[:keep]
    chosen = set(best) | {i for i, action in enumerate(actions) if action in include}
    return [actions[i] for i in sorted(chosen)]


def _outcomes(view: View, candidates: list[Any], first: State, samples: int, family: str, rng: Rng) -> Outcomes:
    """The player's result at the end after each candidate (rows) from each drawn state (columns), played out by
    the scalar engine (the same playout generator for every candidate in a drawn state), ``family``'s way."""
    player = view.player
    out = [[0.0] * samples for _ in candidates]
    for column in range(samples):
        state = first if column == 0 else view.sample_state(rng.spawn())
        seed = rng.next64()
        for row, action in enumerate(candidates):
            child = state.clone()
            child.apply(action)
            out[row][column] = _play_out(child, player, Rng(seed), family)
    return tuple(map(tuple, out))


def _play_out(state: State, player: int, rng: Rng, family: str) -> float:
    """Play ``state`` to its end; the player's score (one player: tiles placed in Town solo) or returns."""
    careful, choices = family == "solo", PLAYOUT_CHOICES[family]  # Town solo plays the careful policy
    while not state.is_terminal():
        actions = state.legal_actions()
        if len(actions) == 1:
            state.apply(actions[0])
        elif careful:
            state.apply(careful_move(state, rng))  # type: ignore[arg-type]
        else:  # the chosen move's position, where rating it gave one (the same game as applying it)
            action, child = heuristic_step(state, actions, rng, choices)
            if child is None:
                state.apply(action)
            else:
                state = child
    return final_score(state, player)


def final_score(state: State, player: int) -> float:
    """A finished game's value for ``player`` in the units advice measures (:meth:`Scale.of`): the player's score
    in one-player games (Town solo: the tiles placed) and in the games reviewed in their score (Little Town's VP),
    else ``returns()``."""
    if Scale.of(state).in_score:
        result = state.result()
        assert result is not None  # the game is over
        return float(game_of(state).score(result, player))
    return state.returns()[player]
