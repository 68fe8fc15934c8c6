"""The expert on Town 66 beside a former design of it, paired on the same deals, both ``ExpertAgent(seed=1)`` with
the default budget. ``--design exact``: its exact tries from ``expert.EXACT_UNSEEN_FLIPS`` unseen tiles, before from
``expert.EXACT_UNSEEN`` (where on Town 66 they ran out of their budget, a second or so each). ``--design rollouts``:
its rollouts compiled (:mod:`townwidget.solvers.rollout`), before the same heuristic rollouts in Python.

    nice -n 10 python benchmarks/town66_design.py [--design exact|rollouts] [--first 0] [--deals 20]

Prints each deal's tiles for both, then the means with 95% intervals (Student t), the paired difference and the
CPU seconds a move, and saves the figures to ``benchmarks/results/`` (``benchmarks/results.py``;
``docs/benchmarks.md``).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import results
from no_blunder import placed_until

from townwidget.agents.expert import EXACT_UNSEEN, ExpertAgent
from townwidget.arena import mean_interval

RULES = "town66"


def python_rollouts() -> ExpertAgent:
    """The expert before its rollouts were compiled: the search's own heuristic rollouts, in Python."""
    agent = ExpertAgent(seed=1)
    agent.rollout = None
    return agent


DESIGNS: dict[str, Callable[[], dict[str, ExpertAgent]]] = {
    "exact": lambda: {
        "exact from 9 unseen (now)": ExpertAgent(seed=1),
        "exact from 14 unseen (before)": ExpertAgent(seed=1, exact_unseen=EXACT_UNSEEN),
    },
    "rollouts": lambda: {"compiled rollouts (now)": ExpertAgent(seed=1), "Python rollouts (before)": python_rollouts()},
}


def timed(agent: ExpertAgent, seconds: list[float]) -> Callable[[Any], Any]:
    """``agent``'s moves, the CPU seconds of each added to ``seconds``."""

    def choose(view: Any) -> Any:
        start = time.process_time()
        move = agent.act(view)
        seconds.append(time.process_time() - start)
        return move

    return choose


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--design", choices=sorted(DESIGNS), default="exact")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--deals", type=int, default=20)
    args = parser.parse_args()
    designs = DESIGNS[args.design]()
    tiles: dict[str, list[float]] = {name: [] for name in designs}
    seconds: dict[str, list[float]] = {name: [] for name in designs}
    for deal in range(args.first, args.first + args.deals):
        for name, agent in designs.items():
            tiles[name].append(float(placed_until(RULES, deal, timed(agent, seconds[name]))))
        print(f"deal {deal}: " + ", ".join(f"{name} {tiles[name][-1]:.0f}" for name in designs), flush=True)
    where = f"Town 66, deals {args.first}-{args.first + args.deals - 1}"
    new, old = designs
    gap = [a - b for a, b in zip(tiles[new], tiles[old], strict=True)]
    figures = [
        results.Figure(f"{where}: {name}", statistics.fmean(tiles[name]), "tiles", mean_interval(tiles[name]))
        for name in designs
    ]
    figures.append(
        results.Figure(f"{where}: {new} - {old} (paired)", statistics.fmean(gap), "tiles", mean_interval(gap))
    )
    figures += [
        results.mean_figure(
            f"{where}: CPU time a move, {name} (slowest {max(seconds[name]):.2f})", seconds[name], "CPU s"
        )
        for name in designs
    ]
    for figure in figures:
        shown = "" if figure.interval is None else f" {figure.interval}"
        print(f"{figure.label}: {figure.value:.3g}{shown} {figure.unit}")
    results.save(__file__, figures)


if __name__ == "__main__":
    main()
