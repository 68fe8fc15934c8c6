"""Agent strength: Town 77 and Town 66 solo on fixed deals against the clairvoyant par, Town 44 solo endgames
against the exact honest optimum, and a 3-player Town 77 tournament of one searching agent against two greedy
agents with rotated seats.

    python benchmarks/strength.py [--deals 100] [--iterations 2000 | --seconds 2] [--games 300] [--agents mcts ismcts]
                                  [--town66-deals 100] [--town44-deals 30] [--town44-unseen 8]
                                  [--par-seconds 10] [--workers 2] [--dask ADDRESS|local]

Town 44: each agent as a fraction of the exact honest optimum (:mod:`townwidget.solvers.honest`, the best expected
score of a player who cannot see the pile order), from greedy's first position with at most ``--town44-unseen``
tiles unseen below the tops (whole 4 x 4 games are beyond the exact search); the table of
``benchmarks/honest_optimum.py``.

Deals are the seeds 0, 1, ... (the same for every agent). Without ``--iterations`` or ``--seconds`` every agent
plays at its default budget (ismcts 1000 iterations; expert 2000 iterations, at most 1.9 CPU s a move). The par of
a deal is the clairvoyant solver's score: exact when its search finished within ``--par-seconds``, else the best it
found (a lower bound; the table says how many are exact and gives the mean proven upper bound). Time per move is
CPU time of the agent's process (wall time depends on what else runs on the machine). Prints tables and a last
JSON line with every figure, and saves the figures to ``benchmarks/results/`` (``benchmarks/results.py``;
``docs/benchmarks.md``).

Games and par searches run on ``--workers`` local processes, or on a Dask cluster: ``--dask tcp://host:8786`` (a
running scheduler) or ``--dask local`` (a LocalCluster of ``--workers`` processes); the figures do not depend on
where they ran, except those cut short by a time budget (``--seconds``, ``--par-seconds``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import time
from collections.abc import Iterator
from concurrent.futures import Executor
from typing import Any

import results
from honest_optimum import HONEST, table_figures
from honest_optimum import table as honest_table

from townwidget import town
from townwidget.agents import make_agent
from townwidget.arena import mean_interval, run_jobs, solo_par, tournament, wilson_interval


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


def solo_table(
    rules: str,
    deals: int,
    budget: dict[str, Any],
    par_seconds: float,
    *,
    agents: tuple[str, ...] = HONEST,
    workers: int = 1,
    executor: Executor | None = None,
) -> dict[str, Any]:
    """Each of ``agents`` and the par on the solo deals 0 .. deals - 1 (on ``workers`` processes or ``executor``)."""
    where: dict[str, Any] = {"workers": workers, "executor": executor, "progress": False}
    figures: dict[str, Any] = {}
    for name in agents:
        jobs = [(name, rules, deal, budget) for deal in range(deals)]
        rows = run_jobs(play_solo, jobs, seeds=range(deals), **where)
        scores = [row["placed"] for row in rows]
        figures[name] = {
            "mean": statistics.fmean(scores),
            "ci95": mean_interval(scores),
            "cpu_s_per_move": statistics.fmean(row["cpu_per_move"] for row in rows),
            "scores": scores,
        }
    pars = solo_par(rules, deals, seconds=par_seconds, **where)
    par_scores = [par.score for par in pars]
    figures["par"] = {
        "mean": statistics.fmean(par_scores),
        "ci95": mean_interval(par_scores),
        "exact": sum(par.exact for par in pars),
        "mean_upper_bound": statistics.fmean(par.upper_bound for par in pars),
        "scores": par_scores,
    }
    best = max(agents, key=lambda name: figures[name]["mean"])
    figures["best_honest"] = best
    figures["best_over_par"] = figures[best]["mean"] / figures["par"]["mean"]
    print(f"\n{rules} solo, deals 0-{deals - 1}, search budget {budget}, par search {par_seconds:g} CPU s per deal")
    print(f"{'agent':<12} {'mean tiles':>10}  {'95% CI':<16} {'/ par':>6} {'CPU s/move':>10}")
    for name in (*agents, "par"):
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


def multi_table(
    agent: str, games: int, budget: dict[str, Any], *, workers: int = 1, executor: Executor | None = None
) -> dict[str, Any]:
    start = time.perf_counter()
    where: dict[str, Any] = {"workers": workers, "executor": executor, "progress": False}
    result = tournament([agent, "greedy", "greedy"], game="town77", games=games, **where, **budget)
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
    parser.add_argument("--town44-deals", type=int, default=30, help="Town 44 endgames (0 to skip; default 30)")
    parser.add_argument("--town44-unseen", type=int, default=8, help="Town 44: unseen tiles at the start (default 8)")
    parser.add_argument("--games", type=int, default=300, help="3-player games (0 to skip; default 300)")
    parser.add_argument("--iterations", type=int, help="search iterations per move")
    parser.add_argument("--seconds", type=float, help="search time per move")
    parser.add_argument("--par-seconds", type=float, default=10.0, help="clairvoyant CPU s per deal (default 10)")
    parser.add_argument("--multi-agent", default="ismcts", choices=HONEST, help="agent against two greedy agents")
    parser.add_argument("--agents", nargs="+", default=HONEST, choices=HONEST, help="solo agents (default all)")
    parser.add_argument("--workers", type=int, default=2, help="parallel processes (default 2)")
    parser.add_argument("--dask", help="a Dask scheduler's address, or 'local' for a LocalCluster of --workers")
    args = parser.parse_args()
    budget = {key: getattr(args, key) for key in ("iterations", "seconds") if getattr(args, key) is not None}
    start = time.perf_counter()
    figures: dict[str, Any] = {"budget": budget, "par_seconds": args.par_seconds}
    agents = tuple(args.agents)
    with dask_executor(args.dask, args.workers) as executor:
        where: dict[str, Any] = {"executor": executor} if executor else {"workers": args.workers}
        figures["town77_solo"] = solo_table("town77", args.deals, budget, args.par_seconds, agents=agents, **where)
        if args.town66_deals:
            figures["town66_solo"] = solo_table(
                "town66", args.town66_deals, budget, args.par_seconds, agents=agents, **where
            )
        if args.town44_deals:
            figures["town44_honest"] = honest_table(
                "town44", args.town44_deals, args.town44_unseen, budget, args.workers
            )
        if args.games:
            figures["town77_3p"] = multi_table(args.multi_agent, args.games, budget, **where)
    figures["wall_seconds"] = round(time.perf_counter() - start)
    print(json.dumps(figures))
    saved = [*solo_figures("Town 77", args.deals, figures["town77_solo"], budget, args.par_seconds, agents)]
    if args.town66_deals:
        saved += solo_figures("Town 66", args.town66_deals, figures["town66_solo"], budget, args.par_seconds, agents)
    if args.town44_deals:
        where = f"Town 44, deals 0-{args.town44_deals - 1}, endgames from <= {args.town44_unseen} unseen tiles"
        saved += table_figures(where, figures["town44_honest"])
    if args.games:
        multi = figures["town77_3p"]
        label = f"Town 77, 3 players: {multi['agent']}{_budget(budget)} against two greedy, win rate"
        rate = [bound * 100 for bound in multi["win_ci95"]]
        saved.append(results.Figure(f"{label} ({multi['games']} games)", multi["win_rate"] * 100, "%", rate))
    results.save(__file__, saved)


def solo_figures(
    title: str, deals: int, figures: dict[str, Any], budget: dict[str, Any], par_seconds: float, agents: tuple[str, ...]
) -> list[results.Figure]:
    """The figures of :func:`solo_table` to save: each agent's mean score and CPU time a move, and the par."""
    where = f"{title} solo, deals 0-{deals - 1}"
    saved = []
    for name in agents:
        row = figures[name]
        saved.append(results.Figure(f"{where}: {name}{_budget(budget)}", row["mean"], "tiles", row["ci95"]))
        cpu = row["cpu_s_per_move"]
        saved.append(results.Figure(f"{name}{_budget(budget)}, {where}: CPU time a move", cpu, "CPU s"))
    par = figures["par"]
    label = f"{where}: par (clairvoyant solver, {par_seconds:g} CPU s a deal; a lower bound)"
    return [*saved, results.Figure(label, par["mean"], "tiles", par["ci95"])]


def _budget(budget: dict[str, Any]) -> str:
    """Nothing at the default budgets, else the budget in words (a figure of another budget is another figure)."""
    return "".join(f" ({value:g} {key})" for key, value in budget.items())


@contextlib.contextmanager
def dask_executor(address: str | None, workers: int) -> Iterator[Executor | None]:
    """No executor (local processes) without an address; else an executor on that Dask scheduler, or on a
    LocalCluster of ``workers`` single-threaded processes for ``"local"`` (closed afterwards)."""
    if address is None:
        yield None
        return
    from distributed import Client, LocalCluster

    with contextlib.ExitStack() as stack:
        if address == "local":
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, host="127.0.0.1", dashboard_address=":0")
            address = stack.enter_context(cluster).scheduler_address
        client = stack.enter_context(Client(address))
        yield client.get_executor()


if __name__ == "__main__":
    main()
