"""Environment speed: steps per CPU second of the Gymnasium solo environments and of the vector environment.

Each environment plays random legal actions (drawn outside the timing) for ``--steps`` steps a round, dealing again
at each end; only the calls of ``step`` and ``reset`` are timed, in CPU seconds of this process (on a shared, busy
machine the steadier figure). Rounds alternate between the environments; each figure is the mean over the rounds
with its 95% interval. The single environment is measured with its default dict observation, with ``flat=True``,
and, as the reference for what it did before, with the observation rebuilt from the player's view at each step; the
vector environment with both observations.

    python benchmarks/env_speed.py [--steps 20000] [--vector-envs 4096] [--vector-steps 200] [--rounds 5]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import results

from townwidget.envs import TownSoloEnv, TownSoloVectorEnv
from townwidget.envs.flat import solo_codes


class ViewBuiltEnv(TownSoloEnv):
    """The single environment with its observation rebuilt from the player's view each step (as it was built before
    it was kept up to date move by move): the reference."""

    def observe(self) -> Any:
        codes = solo_codes(self.state.view(0).to_dict())
        self._mask = codes["action_mask"] = self.encoding.mask(self.state.legal_actions())
        return codes


def single_rate(env: TownSoloEnv, steps: int, seed: int) -> float:
    """Steps per CPU second of ``env`` under a random legal policy."""
    chooser = random.Random(seed)
    _, info = env.reset(seed=seed)
    spent = 0.0
    for _ in range(steps):
        legal = np.flatnonzero(info["action_mask"])
        action = int(legal[chooser.randrange(len(legal))])
        start = time.process_time()
        _, _, terminated, _, info = env.step(action)
        if terminated:
            _, info = env.reset()
        spent += time.process_time() - start
    return steps / spent


def vector_rate(env: TownSoloVectorEnv, steps: int, seed: int) -> float:
    """Game steps per CPU second of the vector environment under a random legal policy (autoreset steps count)."""
    generator = np.random.default_rng(seed)
    start = time.process_time()
    env.reset(seed=seed)
    spent = time.process_time() - start
    for _ in range(steps):
        keys = generator.random((env.num_envs, env.batch.num_actions))
        keys[~env.action_masks()] = -1.0
        actions = keys.argmax(axis=1)
        start = time.process_time()
        env.step(actions)
        spent += time.process_time() - start
    return steps * env.num_envs / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--vector-envs", type=int, default=4096)
    parser.add_argument("--vector-steps", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    runs: dict[str, Callable[[int], float]] = {
        "Town 44 solo, TownSoloEnv": lambda seed: single_rate(TownSoloEnv("town44"), args.steps, seed),
        "Town 44 solo, TownSoloEnv flat=True": lambda seed: single_rate(
            TownSoloEnv("town44", flat=True), args.steps, seed
        ),
        "Town 44 solo, observation rebuilt from the view (before)": lambda seed: single_rate(
            ViewBuiltEnv("town44"), args.steps // 4, seed
        ),
        "Town 77 solo, TownSoloEnv": lambda seed: single_rate(TownSoloEnv("town77"), args.steps, seed),
        f"Town 44 solo, TownSoloVectorEnv ({args.vector_envs} games)": lambda seed: vector_rate(
            TownSoloVectorEnv("town44", args.vector_envs), args.vector_steps, seed
        ),
        f"Town 44 solo, TownSoloVectorEnv flat=True ({args.vector_envs} games)": lambda seed: vector_rate(
            TownSoloVectorEnv("town44", args.vector_envs, flat=True), args.vector_steps, seed
        ),
    }
    rates: dict[str, list[float]] = {label: [] for label in runs}
    for round_ in range(args.rounds):
        for label, run in runs.items():
            rates[label].append(run(round_))
    figures = [results.mean_figure(f"{label}, steps per CPU second", rates[label], "steps/CPU s") for label in runs]
    for figure in figures:
        low, high = figure.interval or (figure.value, figure.value)
        print(f"{figure.label:<80}{figure.value:>12,.0f}  ({low:,.0f} to {high:,.0f})")
    results.save(__file__, figures)


if __name__ == "__main__":
    main()
