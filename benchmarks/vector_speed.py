"""Vector speed: random solo Town 77 games per second, batched (numpy, and numba when installed) beside a bare loop.

The bare loop is the careful pure-Python playout of ``engine_speed.py`` (a set of colours and of shapes per row and
column, a maintained frontier, a uniform choice among the (pile, cell) pairs that fit), imported from it so that both
benchmarks measure against the same loop. All run in this one process, in alternating rounds; the best round counts.
Rates are given per wall-clock second and per CPU second of this process (all three run on one core; on a shared,
busy machine the CPU figures are the steadier ones, and the ratios are taken from them).

    python benchmarks/vector_speed.py [--loop-games 2000] [--vector-games 200000] [--rounds 3]

Prints games per second and mean score for each, the ratios to the loop, and a last JSON line with the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from functools import partial

from engine_speed import bare_loop_playout

from townwidget.solvers import vector

LABELS = {"loop": "bare Python loop", "numpy": "vector, numpy", "numba": "vector, numba kernel"}


def timed(play: Callable[[], float], games: int) -> tuple[float, float, float]:
    """(games per wall second, games per CPU second, mean score) of one call of ``play``, which plays ``games``."""
    wall, cpu = time.perf_counter(), time.process_time()
    mean = play()
    return games / (time.perf_counter() - wall), games / (time.process_time() - cpu), mean


def bare_loop(games: int, seed: int) -> float:
    rng = random.Random(seed)
    return sum(bare_loop_playout(7, rng) for _ in range(games)) / games


def batched(games: int, seed: int, backend: str) -> float:
    return float(vector.random_playouts("town77", games, seed=seed, backend=backend, progress=False).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loop-games", type=int, default=2000)
    parser.add_argument("--vector-games", type=int, default=200_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    backends = ["numpy"] + (["numba"] if vector.numba_available() else [])
    batched(100, 0, backends[-1])  # compile (or load) the numba kernel outside the timing
    runs: dict[str, list[tuple[float, float, float]]] = {name: [] for name in ["loop", *backends]}
    for round_ in range(args.rounds):
        runs["loop"].append(timed(partial(bare_loop, args.loop_games, round_), args.loop_games))
        for name in backends:
            runs[name].append(timed(partial(batched, args.vector_games, round_, name), args.vector_games))
    wall = {name: max(run[0] for run in results) for name, results in runs.items()}
    cpu = {name: max(run[1] for run in results) for name, results in runs.items()}
    means = {name: sum(run[2] for run in results) / len(results) for name, results in runs.items()}
    print(f"{'random solo Town 77 games':<26}{'games/s':>11}{'games/CPU s':>13}{'mean score':>12}{'x loop (CPU)':>14}")
    for name in runs:
        ratio = cpu[name] / cpu["loop"]
        print(f"{LABELS[name]:<26}{wall[name]:>11,.0f}{cpu[name]:>13,.0f}{means[name]:>12.2f}{ratio:>13.1f}x")
    if "numba" not in runs:
        print("numba is not installed: pip install 'townwidget[fast]' for the compiled kernel")
    figures: dict[str, float] = {}
    for name in runs:
        figures |= {f"{name}_games_per_s": round(wall[name]), f"{name}_games_per_cpu_s": round(cpu[name])}
        figures[f"{name}_mean_score"] = round(means[name], 3)
    for name in backends:
        figures[f"{name}_ratio"] = round(cpu[name] / cpu["loop"], 1)
        figures[f"{name}_wall_ratio"] = round(wall[name] / wall["loop"], 1)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
