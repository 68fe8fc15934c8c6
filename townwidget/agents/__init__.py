"""AI players: the :class:`Agent` protocol and the :func:`make_agent` registry.

An agent receives **the acting player's view** (what that player may know), never the full state, and returns one
of ``view.legal_actions()``. To plan, it may draw full states consistent with the view (``view.sample_state(rng)``)
and play them forward through the core protocol (``legal_actions``, ``apply``, ``clone``, ``is_terminal``,
``returns``, ``heuristic``). Every agent draws all its randomness from its own seeded generator, so the same seed
and the same ``iterations`` budget give the same moves (a ``seconds`` budget, CPU seconds of the thinking thread,
depends on the machine's speed but not on its load).

The call shape::

    view = state.view(player)
    action = agent.act(view)
    state.apply(action)

>>> from townwidget import agents, town
>>> game = town.new_solo("town44", seed=3)
>>> bot = agents.make_agent("random", seed=1)
>>> while not game.is_terminal():
...     game.apply(bot.act(game.view(game.current_player)))
>>> game.board.placed() >= 1
True

Writing your own agent takes a class with a ``name`` and an ``act`` method; it plays in the arena and the widget
like the built-in ones:

>>> class FirstChoice:
...     name = "first-choice"
...
...     def act(self, view):
...         return view.legal_actions()[0]  # always the first legal action
>>> isinstance(FirstChoice(), agents.Agent)
True

Built-in agents (:data:`AGENT_NAMES`): ``"random"``, ``"greedy"``, ``"mcts"``, ``"ismcts"``, ``"expert"`` (ismcts
that plays the exact honest optimum in small solo endgames and, on boards up to 4 x 4, keeps a complete board
possible, :mod:`townwidget.agents.expert`), ``"learned"`` (Town solo on a value learned by self-play,
:mod:`townwidget.agents.learned`) and ``"clairvoyant"``
(the one agent that **peeks**: it takes the full solo state and plays the line of the solo solver,
:mod:`townwidget.solvers.clairvoyant`; see :mod:`townwidget.agents.clairvoyant`). ``"best"`` is an alias
(:data:`ALIASES`) for the strongest honest agent at its default budget, today ``"expert"`` (``benchmarks/strength.py``),
so that code which asks for the strongest player keeps getting it when a stronger one arrives.

>>> make_agent("best", seed=0).name
'expert'
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from townwidget.core import Agent
from townwidget.core.checks import is_integer, require_count, require_seconds, shown

ALIASES = {"best": "expert"}
"""Other names :func:`make_agent` accepts: ``"best"``, the strongest honest solo agent at its default budget, today
the expert (:mod:`townwidget.agents.expert`). How much stronger it is than ismcts, greedy and random, on the same
Town solo deals: ``benchmarks/strength.py``, figures in ``docs/benchmarks.md``."""


def make_agent(
    name: str,
    seed: int | None = None,
    iterations: int | None = None,
    seconds: float | None = None,
    weights: str | os.PathLike[str] | None = None,
) -> Agent:
    """A new agent by name, seeded with ``seed`` (``None``: fresh entropy).

    ``iterations`` (simulations per move) and ``seconds`` (CPU seconds of the thinking thread per move) bound the
    searching agents ``"mcts"``, ``"ismcts"`` and ``"expert"`` (default: 1000 iterations, for ``"expert"`` 2000
    and at most 1.9 CPU s; or what the game advises: for Little Town 40 to 300, by the choices); with both, the
    search stops at whichever comes first. ``"clairvoyant"`` takes
    ``seconds`` per deal (default 20). ``"random"`` and ``"greedy"`` do not search and ignore them. ``"best"``
    builds the agent of :data:`ALIASES` (``"expert"``) with the same arguments. ``"learned"`` plays Town solo on a
    value learned by self-play (:mod:`townwidget.agents.learned`): greedily without a budget, searching with one;
    ``weights`` names its weights file (``.npz`` or ``.json``, as ``townwidget learn`` writes; default: the shipped
    weights), and is refused for the other agents.

    >>> make_agent("random", seed=0).name
    'random'
    >>> make_agent("mcts", iterations=0)
    Traceback (most recent call last):
    ...
    ValueError: iterations must be an integer from 1 to 100000000, or None, not 0
    """
    name = agent_name(name)
    if seed is not None and not is_integer(seed):
        raise ValueError(f"seed must be an integer or None, not {shown(seed)}")
    require_count(iterations, "iterations")
    require_seconds(seconds, "seconds")
    if weights is not None and name != "learned":
        raise ValueError(f"weights= is for the learned agent, not {name!r}")
    return _FACTORIES[name](seed, iterations, seconds, **({} if weights is None else {"weights": weights}))


def agent_name(name: Any) -> str:
    """The agent that ``name`` (a name of :data:`AGENT_NAMES` or of :data:`ALIASES`) builds, or a ValueError."""
    if isinstance(name, str):
        name = ALIASES.get(name, name)
    if not isinstance(name, str) or name not in _FACTORIES:
        raise ValueError(f"unknown agent {shown(name)}: choose one of {', '.join((*AGENT_NAMES, *ALIASES))}")
    return name


def _random(seed: int | None, iterations: int | None, seconds: float | None) -> Agent:
    from townwidget.agents.random import RandomAgent

    return RandomAgent(seed)


def _greedy(seed: int | None, iterations: int | None, seconds: float | None) -> Agent:
    from townwidget.agents.greedy import GreedyAgent

    return GreedyAgent(seed)


def _mcts(seed: int | None, iterations: int | None, seconds: float | None) -> Agent:
    from townwidget.agents.mcts import MCTSAgent

    return MCTSAgent(seed, iterations=iterations, seconds=seconds)


def _ismcts(seed: int | None, iterations: int | None, seconds: float | None) -> Agent:
    from townwidget.agents.mcts import ISMCTSAgent

    return ISMCTSAgent(seed, iterations=iterations, seconds=seconds)


def _expert(seed: int | None, iterations: int | None, seconds: float | None) -> Agent:
    from townwidget.agents.expert import ExpertAgent

    return ExpertAgent(seed, iterations=iterations, seconds=seconds)


def _learned(
    seed: int | None, iterations: int | None, seconds: float | None, weights: str | os.PathLike[str] | None = None
) -> Agent:
    from townwidget.agents.learned import LearnedAgent

    return LearnedAgent(seed, weights, iterations, seconds)


def _clairvoyant(seed: int | None, iterations: int | None, seconds: float | None) -> Agent:
    from townwidget.agents.clairvoyant import ClairvoyantAgent

    return ClairvoyantAgent(seconds=seconds)


# Imported on first use, so importing the package stays cheap; ``weights`` goes to the learned agent only.
_FACTORIES: dict[str, Callable[..., Agent]] = {
    "random": _random,
    "greedy": _greedy,
    "mcts": _mcts,
    "ismcts": _ismcts,
    "expert": _expert,
    "learned": _learned,
    "clairvoyant": _clairvoyant,
}

AGENT_NAMES = tuple(_FACTORIES)
"""The agents :func:`make_agent` builds, in the order of its registry."""

__all__ = ["AGENT_NAMES", "ALIASES", "Agent", "agent_name", "make_agent"]
