"""How the arena scales: games per second on 1 process, on 2 local processes and on a 2-worker Dask LocalCluster,
measured side by side in one run and printed as ratios to 1 process with 95% intervals.

    python benchmarks/arena_scale.py [--rounds 5] [--games 8] [--game town55] [--agents mcts,greedy]
                                     [--iterations 300] [--workers 2]

Each round plays the same ``--games`` games (a tournament with rotated seats, deals fixed per round) on every
setup, in a rotating order so that a change in the machine's load falls on all of them; a round's ratio is its
games per second over those of 1 process in the same round, and the interval is Student's t over the rounds.
The local processes are started by each tournament (their start is counted, as a user would pay it); the cluster
is started once before the rounds (as a notebook keeps one). CPU seconds per game count every process (this one
with the cluster's scheduler and nannies, the local workers, the cluster's workers): the ratios mean something
for games of at least about 0.5 CPU s, and a setup that spends no more CPU per game than 1 process would scale
with idle cores. The load average is printed before and after: on a shared machine every setup gets the same share
of the cores, and the ratios fall towards 1. Last line: every figure as JSON; the figures are also saved to
``benchmarks/results/`` (``benchmarks/results.py``; ``docs/benchmarks.md``), where the load is recorded.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import statistics
import time
from typing import Any

import results
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


def cpu_seconds(client: Client) -> float:
    """CPU seconds used so far by this process (with the in-process scheduler and nannies), its reaped children
    (the local pools' workers) and the cluster's worker processes."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    workers = sum(client.run(time.process_time).values())
    return time.process_time() + children.ru_utime + children.ru_stime + workers


def play(options: dict[str, Any], where: dict[str, Any], client: Client) -> tuple[float, float]:
    """Games per second (wall clock) and CPU seconds per game, over every process, of one tournament."""
    cpu, start = cpu_seconds(client), time.perf_counter()
    games = len(tournament(**options, **where).records)
    return games / (time.perf_counter() - start), (cpu_seconds(client) - cpu) / games


def measure(args: argparse.Namespace, client: Client) -> dict[str, Any]:
    setups: dict[str, dict[str, Any]] = {
        "1 process": {},
        f"{args.workers} local processes": {"workers": args.workers},
        f"{args.workers}-worker LocalCluster": {"executor": client.get_executor()},
    }
    budget = {"iterations": args.iterations}
    base: dict[str, Any] = {"agents": args.agents.split(","), "game": args.game, "games": args.games, "progress": False}
    rates: dict[str, list[float]] = {name: [] for name in setups}
    cpus: dict[str, list[float]] = {name: [] for name in setups}
    for round_number in range(args.rounds):
        options = {**base, "seed": round_number * 100, **budget}
        names = list(setups)
        turn = round_number % len(names)
        for name in names[turn:] + names[:turn]:
            rate, cpu = play(options, setups[name], client)
            rates[name].append(rate)
            cpus[name].append(cpu)
        print(f"round {round_number + 1}: " + ", ".join(f"{name} {rates[name][-1]:.2f} games/s" for name in names))
    figures: dict[str, Any] = {}
    for name, values in rates.items():
        ratios = [rate / one for rate, one in zip(values, rates["1 process"], strict=True)]
        figures[name] = {
            "games_per_second": statistics.fmean(values),
            "games_per_second_ci95": t_interval(values),
            "ratio_to_1_process": statistics.fmean(ratios),
            "ratio_ci95": t_interval(ratios),
            "cpu_seconds_per_game": statistics.fmean(cpus[name]),
            "cpu_seconds_per_game_ci95": t_interval(cpus[name]),
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
        figures: dict[str, Any] = {"setups": measure(args, client)}
    load_after = os.getloadavg()
    figures.update(vars(args), load_before=load_before, load_after=load_after)
    print(f"\n{args.game}, {args.agents}, {args.iterations} iterations; {args.rounds} rounds of {args.games} games")
    print(f"{'setup':<24} {'games/s [95% CI]':<22} {'x 1 process [95% CI]':<22} CPU s per game [95% CI]")
    for name, row in figures["setups"].items():
        rate = with_interval(row["games_per_second"], row["games_per_second_ci95"])
        ratio = with_interval(row["ratio_to_1_process"], row["ratio_ci95"])
        cpu = with_interval(row["cpu_seconds_per_game"], row["cpu_seconds_per_game_ci95"])
        print(f"{name:<24} {rate:<22} {ratio:<22} {cpu}")
    print(f"load average after: {load_after[0]:.2f} (1 min), {load_after[1]:.2f} (5 min)")
    print(json.dumps(figures))
    results.save(__file__, saved_figures(figures["setups"]))


def saved_figures(setups: dict[str, dict[str, Any]]) -> list[results.Figure]:
    saved = []
    for name, row in setups.items():
        saved.append(results.Figure(name, row["games_per_second"], "games/s", row["games_per_second_ci95"]))
        if name != "1 process":
            saved.append(results.Figure(f"{name} / 1 process", row["ratio_to_1_process"], "ratio", row["ratio_ci95"]))
        cpu, interval = row["cpu_seconds_per_game"], row["cpu_seconds_per_game_ci95"]
        saved.append(results.Figure(f"{name}: CPU time a game, every process counted", cpu, "CPU s", interval))
    return saved


if __name__ == "__main__":
    main()
