"""How the arena scales: games per second on 1 process, on 2 local processes and on a 2-worker Dask LocalCluster,
measured side by side in one run and printed as ratios to 1 process with 95% intervals.

    python benchmarks/arena_scale.py [--rounds 5] [--games 8] [--game town55] [--agents mcts,greedy]
                                     [--iterations 300] [--workers 2]

Each round plays the same ``--games`` games (a tournament with rotated seats, deals fixed per round) on every
setup, in a rotating order so that a change in the machine's load falls on all of them; a round's ratio is its
games per second over those of 1 process in the same round, and the interval is Student's t over the rounds.
The local processes are started by each tournament (their start is counted, as a user would pay it); the cluster
is started once before the rounds (as a notebook keeps one). The 1-process CPU seconds per game are printed too:
the ratios mean something for games of at least about 0.5 s. The load average of the machine is printed before
and after: on a shared machine the ratios fall below what 2 idle cores give. Last line: every figure as JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import time
from concurrent.futures import Executor
from typing import Any

from distributed import Client, LocalCluster

from townwidget.arena import tournament

T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228}


def t_interval(values: list[float]) -> tuple[float, float]:
    """The 95% Student's t interval of the mean of ``values`` (normal quantile past 10 degrees of freedom)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean
    half = T975.get(len(values) - 1, 1.96) * statistics.stdev(values) / math.sqrt(len(values))
    return mean - half, mean + half


def with_interval(value: float, interval: tuple[float, float]) -> str:
    return f"{value:.2f} [{interval[0]:.2f}, {interval[1]:.2f}]"


def games_per_second(options: dict[str, Any], where: dict[str, Any]) -> float:
    start = time.perf_counter()
    result = tournament(**options, **where)
    return len(result.records) / (time.perf_counter() - start)


def cpu_seconds_per_game(options: dict[str, Any]) -> float:
    start = time.process_time()
    result = tournament(**options)
    return (time.process_time() - start) / len(result.records)


def measure(args: argparse.Namespace, executor: Executor) -> dict[str, Any]:
    setups: dict[str, dict[str, Any]] = {
        "1 process": {},
        f"{args.workers} local processes": {"workers": args.workers},
        f"{args.workers}-worker LocalCluster": {"executor": executor},
    }
    budget = {"iterations": args.iterations}
    base: dict[str, Any] = {"agents": args.agents.split(","), "game": args.game, "games": args.games, "progress": False}
    rates: dict[str, list[float]] = {name: [] for name in setups}
    cpu = cpu_seconds_per_game({**base, "seed": 10_000, **budget})
    for round_number in range(args.rounds):
        options = {**base, "seed": round_number * 100, **budget}
        names = list(setups)
        turn = round_number % len(names)
        for name in names[turn:] + names[:turn]:
            rates[name].append(games_per_second(options, setups[name]))
        print(f"round {round_number + 1}: " + ", ".join(f"{name} {rates[name][-1]:.2f} games/s" for name in names))
    serial = rates["1 process"]
    figures: dict[str, Any] = {"cpu_seconds_per_game": cpu, "setups": {}}
    for name, values in rates.items():
        ratios = [rate / one for rate, one in zip(values, serial, strict=True)]
        figures["setups"][name] = {
            "games_per_second": statistics.fmean(values),
            "games_per_second_ci95": t_interval(values),
            "ratio_to_1_process": statistics.fmean(ratios),
            "ratio_ci95": t_interval(ratios),
        }
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="rounds, each playing the games on every setup")
    parser.add_argument("--games", type=int, default=8, help="games per round and setup (default 8)")
    parser.add_argument("--game", default="town55", help="the game (default town55)")
    parser.add_argument("--agents", default="mcts,greedy", help="comma-separated agents (default mcts,greedy)")
    parser.add_argument("--iterations", type=int, default=300, help="search iterations per move (default 300)")
    parser.add_argument("--workers", type=int, default=2, help="local processes and cluster workers (default 2)")
    args = parser.parse_args()
    load_before = os.getloadavg()
    print(f"{os.cpu_count()} cores; load average {load_before[0]:.2f} (1 min), {load_before[1]:.2f} (5 min)")
    cluster = LocalCluster(
        n_workers=args.workers, threads_per_worker=1, host="127.0.0.1", dashboard_address=":0", processes=True
    )
    with cluster, Client(cluster) as client:
        figures = measure(args, client.get_executor())
    load_after = os.getloadavg()
    figures.update(vars(args), load_before=load_before, load_after=load_after)
    print(f"\n{args.game}, {args.agents}, {args.iterations} iterations: ", end="")
    print(
        f"{figures['cpu_seconds_per_game']:.2f} CPU s per game on 1 process; {args.rounds} rounds of {args.games} games"
    )
    print(f"{'setup':<24} {'games/s [95% CI]':<22} {'x 1 process [95% CI]'}")
    for name, row in figures["setups"].items():
        rate = with_interval(row["games_per_second"], row["games_per_second_ci95"])
        print(f"{name:<24} {rate:<22} {with_interval(row['ratio_to_1_process'], row['ratio_ci95'])}")
    print(f"load average after: {load_after[0]:.2f} (1 min), {load_after[1]:.2f} (5 min)")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
