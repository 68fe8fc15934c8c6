"""How surely lesson 05's ``check_agent(agent, must_beat="random")`` tells a better agent from a random one.

It runs the checker's comparison alone (``not_shown_better``): ``check_agent`` itself refuses the package's own
agents before comparing, and these test agents are built on them.

It feeds the checker uniform-random agents with different seeds (each must be rejected: no better than random),
and agents that are genuinely better by different margins (each should be accepted): the package's greedy agent,
the one-move lookahead player of lesson 01 (the move that keeps the most moves open), and weaker ones that play
greedy's move only part of the time and a random move otherwise (the power of the test against a small gain).
It prints each agent's verdict, the false-accept rate with its 95% Wilson interval, the acceptance rate of each
mixture over several seeds, and a last JSON line with the figures, and saves the figures to ``benchmarks/results/``
(``benchmarks/results.py``; ``docs/benchmarks.md``).

    python benchmarks/checker_agent.py [--random-agents 20] [--mixture-seeds 5]
"""

from __future__ import annotations

import argparse
import json
import random
import time

import results

from townwidget.agents import make_agent
from townwidget.arena import wilson_interval
from townwidget.exercises.opponents import not_shown_better


class Lookahead:
    """Lesson 01's player: the move after which the most moves are open (ties: the first)."""

    name = "lookahead"

    def act(self, view):
        state = view.sample_state(0)

        def open_after(action: object) -> int:
            after = state.clone()
            after.apply(action)
            return len(after.legal_actions())

        return max(view.legal_actions(), key=open_after)


class Mixture:
    """Greedy's move with probability ``share``, else a uniformly random one: slightly better than random."""

    def __init__(self, share: float, seed: int) -> None:
        self.name = f"greedy {share:.0%} of the time"
        self.share, self.rng = share, random.Random(seed)
        self.greedy, self.random = make_agent("greedy", seed=seed), make_agent("random", seed=seed)

    def act(self, view):
        return (self.greedy if self.rng.random() < self.share else self.random).act(view)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random-agents", type=int, default=20, help="at least 1")
    parser.add_argument("--mixture-seeds", type=int, default=5)
    options = parser.parse_args()
    accepted, started = 0, time.process_time()
    for seed in range(options.random_agents):
        verdict = not_shown_better(make_agent("random", seed=1000 + seed), "random") is None
        accepted += verdict
        print(f"random agent, seed {1000 + seed}: {'ACCEPTED' if verdict else 'rejected'}")
    low, high = wilson_interval(accepted, options.random_agents)
    print(f"false accepts: {accepted} of {options.random_agents} random agents, 95% interval [{low:.3f}, {high:.3f}]")
    better = {"greedy": make_agent("greedy", seed=0), "lookahead": Lookahead()}
    verdicts = {name: not_shown_better(agent, "random") is None for name, agent in better.items()}
    for name, right in verdicts.items():
        print(f"{name}: {'accepted' if right else 'REJECTED'}")
    mixtures = {}
    for share in (0.25, 0.5):
        passed = sum(not_shown_better(Mixture(share, seed), "random") is None for seed in range(options.mixture_seeds))
        mixtures[share] = passed
        print(f"greedy {share:.0%} of the time, random otherwise: accepted {passed} of {options.mixture_seeds} seeds")
    figures = {
        "false_accepts": accepted,
        "random_agents": options.random_agents,
        "better_accepted": verdicts,
        "mixtures_accepted": mixtures,
        "mixture_seeds": options.mixture_seeds,
    }
    print(f"CPU seconds: {time.process_time() - started:.1f}")
    print(json.dumps(figures))
    rate = [bound * 100 for bound in (low, high)]
    saved = [
        results.Figure(
            f"random agents accepted ({options.random_agents} seeds)", accepted / options.random_agents * 100, "%", rate
        )
    ]
    saved += [results.Figure(f"{name} accepted", int(right), "1 yes, 0 no") for name, right in verdicts.items()]
    saved += [
        results.Figure(
            f"greedy {share:.0%} of the time, random otherwise: seeds accepted", passed, f"of {options.mixture_seeds}"
        )
        for share, passed in mixtures.items()
    ]
    results.save(__file__, saved)


if __name__ == "__main__":
    main()
