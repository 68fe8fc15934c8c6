"""How surely lesson 05's ``check_agent(agent, must_beat="random")`` tells a better agent from a random one.

It feeds the checker uniform-random agents with different seeds (each must be rejected: no better than random),
and agents that are genuinely better by different margins (each should be accepted): the package's greedy agent
and the one-move lookahead player of lesson 01 (the move that keeps the most moves open). It prints each agent's
verdict, the false-accept rate with its 95% Wilson interval, and a last JSON line with the figures.

    python benchmarks/checker_agent.py [--random-agents 20]
"""

from __future__ import annotations

import argparse
import json
import time

from townwidget.agents import make_agent
from townwidget.arena import wilson_interval
from townwidget.exercises import check_agent


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random-agents", type=int, default=20)
    options = parser.parse_args()
    accepted, started = 0, time.process_time()
    for seed in range(options.random_agents):
        verdict = check_agent(make_agent("random", seed=1000 + seed), must_beat="random")
        accepted += bool(verdict)
        print(f"random agent, seed {1000 + seed}: {'ACCEPTED' if verdict else 'rejected'}")
    low, high = wilson_interval(accepted, options.random_agents)
    print(f"false accepts: {accepted} of {options.random_agents} random agents, 95% interval [{low:.3f}, {high:.3f}]")
    better = {"greedy": make_agent("greedy", seed=0), "lookahead": Lookahead()}
    verdicts = {name: bool(check_agent(agent, must_beat="random")) for name, agent in better.items()}
    for name, right in verdicts.items():
        print(f"{name}: {'accepted' if right else 'REJECTED'}")
    figures = {"false_accepts": accepted, "random_agents": options.random_agents, "better_accepted": verdicts}
    print(f"CPU seconds: {time.process_time() - started:.1f}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
