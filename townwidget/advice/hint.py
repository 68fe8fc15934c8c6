"""Hints: what should I play here? The best agent's move, with the values that decided it, in a sentence.

:func:`hint` takes a **view** (what the player may know), never a full state, and runs the search of
``make_agent("best")`` (:class:`~townwidget.agents.expert.ExpertAgent`, a new one with the hint's seed) on it: in
Town solo, sequential halving over information-set MCTS, or the exact honest optimum once the endgame is small
enough; in Town multiplayer and Little Town, the information-set MCTS it plays there. The move is the search's,
and so are the numbers of the sentence: the values its root (or the exact solver) gave the move and the next best.
Following every hint is playing as the best agent plays (``benchmarks/hint_strength.py``). Two positions that look
the same to the player get the same hint, and the same view and seed always give the same hint.

>>> from townwidget import town
>>> game = town.new_solo("town55", seed=4)
>>> for _ in range(3):
...     game.apply(game.legal_actions()[0])
>>> advice = hint(game.view(0), iterations=60)
>>> advice.action in game.legal_actions()
True
>>> from townwidget.advice.words import words_for
>>> advice.text.startswith(words_for(game, advice.action))
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from townwidget.advice import town_advice
from townwidget.advice.estimate import NOISE, Estimate, Scale
from townwidget.advice.words import words_for
from townwidget.agents.expert import ExpertAgent
from townwidget.agents.mcts import Evaluation
from townwidget.core import State, View
from townwidget.core.checks import is_integer, require_count
from townwidget.core.language import _
from townwidget.core.registry import game_of
from townwidget.solvers import warm

# CPU seconds of a Town solo hint asked for while the compiled rollouts are still compiling: its search then rolls
# out in Python, several times slower a simulation, beside the compiler's child process; so short a search answered
# a widget's first hint in 0.7-2.2 s wall on a 2-core machine under a load of 8-10, where the full budget (1.9 CPU s
# at Python's speed) took 4-8 s.
PREPARING_SECONDS = 0.3


@dataclass(frozen=True)
class Searched:
    """The values that decided a hint: the ``actions`` the search valued, the hinted one first, their ``values``
    (:class:`~townwidget.advice.estimate.Estimate`: tiles placed at the end in Town solo, ``returns()`` otherwise;
    the samples are the search's simulations after the move), whether they are ``exact`` (the honest solver's: no
    error), the ``scale`` and how many actions were ``legal``."""

    actions: tuple[Any, ...]
    values: tuple[Estimate, ...]
    exact: bool
    scale: Scale
    legal: int

    @classmethod
    def of(cls, evaluation: Evaluation, scale: Scale, tiles: int, legal: int) -> Searched:
        """The search's evaluation in the scale's units (rewards are fractions of the ``tiles`` in Town solo)."""
        unit = tiles if scale.solo else 1
        values = tuple(
            Estimate(mean * unit, error * unit, visits)
            for mean, error, visits in zip(evaluation.means, evaluation.errors, evaluation.visits, strict=True)
        )
        return cls(evaluation.actions, values, evaluation.exact, scale, legal)


@dataclass(frozen=True)
class Hint:
    """A suggested ``action`` for ``player`` and its explanation ``text``; ``value`` is the search's estimate of it
    (tiles placed in Town solo, ``returns()`` in multiplayer games), with the next best move ``runner_up`` and its
    ``runner_up_value`` (``None`` when the search valued no other move), and ``searched``, every move it valued."""

    player: int
    action: Any
    text: str
    value: Estimate
    runner_up: Any | None
    runner_up_value: Estimate | None
    searched: Searched

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: the action's dict, the text and the two estimates."""
        runner = self.runner_up_value
        return {
            "player": self.player,
            "action": self.action.to_dict(),
            "text": self.text,
            "value": vars(self.value).copy(),
            "runner_up": None if self.runner_up is None else self.runner_up.to_dict(),
            "runner_up_value": None if runner is None else vars(runner).copy(),
            "exact": self.searched.exact,
        }

    def __repr__(self) -> str:
        return f"Hint({self.text!r})"


def hint(view: View, seed: int = 0, iterations: int | None = None, quick: bool = False) -> Hint:
    """The best agent's move for the viewer, explained by the values its search gave it; ``iterations``: the
    search's simulations (default: the best agent's own budget, 2000 at most 1.9 CPU s in Town solo). ``quick``
    (a widget's Hint button): while the search's kernels compile in the background (:mod:`townwidget.solvers.warm`),
    a Town solo hint does not wait for them but searches in Python for :data:`PREPARING_SECONDS`, and its text says
    so; without it the hint is the full search's, the same whenever it is asked.

    The text is in the language of the enclosing :func:`~townwidget.core.language.speaking` block (English
    outside any). Raises ``ValueError`` if ``view`` is not a view (a full state would give away hidden tiles: pass
    ``state.view(player)``), if ``seed`` or ``iterations`` is not a proper integer, or if the viewer has no move
    now (not their turn, or the game is over).
    """
    if not isinstance(view, View) or isinstance(view, State):
        raise ValueError(f"hint takes what the player may know, a view (state.view(player)), not {type(view).__name__}")
    if not is_integer(seed):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    require_count(iterations, "iterations")
    legal = view.legal_actions()
    if not legal:
        raise ValueError(f"player {view.player} has no move to hint: it is not their turn or the game is over")
    public = view.sample_state(0)  # the hidden parts are drawn: only the public ones are read
    scale = Scale(public.num_players == 1, public.num_players)
    tiles = town_advice.reward_unit(public) if game_of(public).family == town_advice.FAMILY else 1
    agent = ExpertAgent(seed, iterations=iterations)
    preparing = quick and iterations is None and scale.solo and agent.rollout is None and warm.compiling()
    if preparing:  # a widget's thread compiles the kernels now: a shorter search rather than a wait
        agent = ExpertAgent(seed, seconds=PREPARING_SECONDS)
    evaluation = agent.decide(view, rivals=True)
    found = Searched.of(evaluation, scale, tiles, len(legal))
    runner = found.actions[1] if len(found.actions) > 1 else None
    runner_value = found.values[1] if runner is not None else None
    text = _text(view, found)
    if preparing:
        text += _(" (a first, shorter search: the full one is still getting ready)")
    return Hint(view.player, found.actions[0], text, found.values[0], runner, runner_value, found)


def within_noise(best: Estimate, other: Estimate) -> bool:
    """Whether two values may differ by chance alone: their difference is within 1.96 standard errors of it (exact
    values differ unless equal).

    >>> within_noise(Estimate(33.9, 0.3, 100), Estimate(33.8, 0.3, 100))
    True
    >>> within_noise(Estimate(34.0, 0.0, 1), Estimate(33.0, 0.0, 1))
    False
    """
    return abs(best.mean - other.mean) <= NOISE * math.hypot(best.se, other.se)


def _text(view: View, found: Searched) -> str:
    """'green tower to [2, 3]: keeps 3 open cells for the 4 green tiles still unseen; expected 33.8 tiles
    against 32.1 for the next best (red gable to [1, 1])', in the current language."""
    public = view.sample_state(0)  # the hidden parts are drawn: only the public ones are read below
    best = found.actions[0]
    move = words_for(public, best)
    scale, value = found.scale, found.values[0]
    if len(found.actions) == 1:
        only = (
            _("{move}: the only legal move; expected {value}")
            if found.legal == 1
            else _("{move}: the best measured; expected {value}")
        )
        return only.format(move=move, value=scale.show(value.mean))
    game = game_of(public)
    reason = town_advice.reason(view, public, best, found.actions[1]) if game.family == town_advice.FAMILY else ""
    runner, other = found.values[1], words_for(public, found.actions[1])
    if within_noise(value, runner):
        expected = _("about as good as {other}: both expected about {value}").format(
            other=other, value=scale.show(value.mean)
        )
    else:
        expected = _("clearly best: expected {value} against {other_value} for the next best ({other})").format(
            value=scale.show(value.mean), other_value=scale.number(runner.mean), other=other
        )
    if not reason:
        return _("{move}: {expected}").format(move=move, expected=expected)
    return _("{move}: {reason}; {expected}").format(move=move, reason=reason, expected=expected)
