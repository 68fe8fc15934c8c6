"""Agent strength: Town 77 and Town 66 solo on fixed deals against the clairvoyant par, and a 3-player Town 77
tournament of one searching agent against two greedy agents with rotated seats.

    python benchmarks/strength.py [--deals 100] [--iterations 2000 | --seconds 2] [--games 300]
                                  [--town66-deals 100] [--par-seconds 10] [--workers 2]

Deals are the seeds 0, 1, ... (the same for every agent). The par of a deal is the clairvoyant solver's score:
exact when its search finished within ``--par-seconds``, else the best it found (a lower bound; the table says how
many are exact and gives the mean proven upper bound). Time per move is CPU time of the agent's process (wall time
depends on what else runs on the machine). Prints tables and a last JSON line with every figure.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from townwidget import town
from townwidget.agents import make_agent
from townwidget.arena import mean_interval, tournament, wilson_interval
from townwidget.town.solver import solve

HONEST = ("random", "greedy", "mcts", "ismcts")


def play_solo(job: tuple[str, str, int, dict[str, Any]]) -> dict[str, Any]:
    """One agent on one deal: the score and the CPU time per move."""
    name, rules, deal, budget = job
    game = town.new_solo(rules, seed=deal)
    agent = make_agent(name, seed=deal, **budget)
    moves, start = 0, time.process_time()
    while not game.is_terminal():
        game.apply(agent.act(game.view(0)))
        moves += 1
    return {"placed": game.board.placed(), "cpu_per_move": (time.process_time() - start) / max(moves, 1)}


def par(job: tuple[str, int, float]) -> dict[str, Any]:
    rules, deal, seconds = job
    best = solve(town.new_solo(rules, seed=deal), seconds=seconds)
    return {"placed": best.score, "exact": best.exact, "upper_bound": best.upper_bound}


def solo_table(rules: str, deals: int, budget: dict[str, Any], par_seconds: float, pool: Any) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    for name in HONEST:
        rows = list(pool.map(play_solo, [(name, rules, deal, budget) for deal in range(deals)]))
        scores = [row["placed"] for row in rows]
        figures[name] = {
            "mean": statistics.fmean(scores),
            "ci95": mean_interval(scores),
            "cpu_s_per_move": statistics.fmean(row["cpu_per_move"] for row in rows),
            "scores": scores,
        }
    pars = list(pool.map(par, [(rules, deal, par_seconds) for deal in range(deals)]))
    par_scores = [row["placed"] for row in pars]
    figures["par"] = {
        "mean": statistics.fmean(par_scores),
        "ci95": mean_interval(par_scores),
        "exact": sum(row["exact"] for row in pars),
        "mean_upper_bound": statistics.fmean(row["upper_bound"] for row in pars),
        "scores": par_scores,
    }
    best = max(("mcts", "ismcts"), key=lambda name: figures[name]["mean"])
    figures["best_honest"] = best
    figures["best_over_par"] = figures[best]["mean"] / figures["par"]["mean"]
    print(f"\n{rules} solo, deals 0-{deals - 1}, search budget {budget}, par search {par_seconds:g} s per deal")
    print(f"{'agent':<12} {'mean tiles':>10}  {'95% CI':<16} {'/ par':>6} {'CPU s/move':>10}")
    for name in (*HONEST, "par"):
        row = figures[name]
        ratio = row["mean"] / figures["par"]["mean"]
        cpu = f"{row['cpu_s_per_move']:.3f}" if "cpu_s_per_move" in row else "-"
        print(
            f"{name:<12} {row['mean']:>10.2f}  [{row['ci95'][0]:.2f}, {row['ci95'][1]:.2f}]   {ratio:>6.3f} {cpu:>10}"
        )
    exact = figures["par"]["exact"]
    print(f"par: exact on {exact} of {deals} deals, else the best found (a lower bound);", end=" ")
    print(f"mean proven upper bound {figures['par']['mean_upper_bound']:.2f}")
    return figures


def multi_table(agent: str, games: int, budget: dict[str, Any], workers: int) -> dict[str, Any]:
    start = time.perf_counter()
    result = tournament(
        [agent, "greedy", "greedy"], game="town77", games=games, workers=workers, progress=False, **budget
    )
    row = next(row for row in result.summary if row["agent"] == agent)
    wins = round(row["win_rate"] * row["games"])
    print(f"\ntown77, 3 players: {agent} ({budget}) against two greedy agents, {games} games, seats rotated")
    print(result.table())
    print(f"({time.perf_counter() - start:.0f} s)")
    return {
        "agent": agent,
        "games": games,
        "win_rate": row["win_rate"],
        "win_ci95": wilson_interval(wins, row["games"]),
        "mean_rank": row["mean_rank"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=100, help="Town 77 solo deals (default 100)")
    parser.add_argument("--town66-deals", type=int, default=100, help="Town 66 solo deals (0 to skip)")
    parser.add_argument("--games", type=int, default=300, help="3-player games (0 to skip; default 300)")
    parser.add_argument("--iterations", type=int, help="search iterations per move")
    parser.add_argument("--seconds", type=float, help="search time per move")
    parser.add_argument("--par-seconds", type=float, default=10.0, help="clairvoyant search per deal (default 10)")
    parser.add_argument("--multi-agent", default="ismcts", choices=("mcts", "ismcts"), help="agent against greedy")
    parser.add_argument("--workers", type=int, default=2, help="parallel processes (default 2)")
    args = parser.parse_args()
    budget = {key: getattr(args, key) for key in ("iterations", "seconds") if getattr(args, key) is not None}
    start = time.perf_counter()
    figures: dict[str, Any] = {"budget": budget, "par_seconds": args.par_seconds}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        figures["town77_solo"] = solo_table("town77", args.deals, budget, args.par_seconds, pool)
        if args.town66_deals:
            figures["town66_solo"] = solo_table("town66", args.town66_deals, budget, args.par_seconds, pool)
    if args.games:
        figures["town77_3p"] = multi_table(args.multi_agent, args.games, budget, args.workers)
    figures["wall_seconds"] = round(time.perf_counter() - start)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
