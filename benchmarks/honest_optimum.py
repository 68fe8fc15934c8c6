"""Agents against the exact honest optimum: each honest agent's mean score as a fraction of the best expected score
any player who cannot see the pile order could reach (:mod:`townwidget.town.honest`), beside the clairvoyant par.

    python benchmarks/honest_optimum.py [--deals 100] [--deals44 30] [--unseen44 7] [--iterations 1000]
                                        [--handover-deals 100] [--handover-nodes 60000] [--workers 2]

Town 33: whole games on the deals 0, 1, ...; the honest optimum is exact for each deal, and also over every deal
at once (the mean of an infinite set of deals). Town 44: whole games are beyond the exact solver, so the games
start where greedy play (seeded by the deal) leaves at most ``--unseen44`` tiles unseen below the pile tops; there
every agent takes over, and the figures are for the rest of the game. ``honest`` plays the optimal policy itself
(its mean must match the optimum within sampling error). Ratios are mean score over mean optimum, their 95%
intervals from the per-deal differences (paired: same deals). Time per move is CPU time. Prints tables and a last
JSON line with every figure.

Last, an experiment towards a stronger honest agent: on whole Town 44 games, ismcts alone against ismcts handing
over to the exact policy once that answers within ``--handover-nodes`` searched positions a move (paired by deal).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from townwidget import town
from townwidget.agents import AGENT_NAMES, make_agent
from townwidget.arena import mean_interval, run_jobs
from townwidget.town.honest import HonestSearch, TooLarge, deal_value, honest_policy, honest_value
from townwidget.town.solver import solve

HONEST = tuple(name for name in AGENT_NAMES if name != "clairvoyant")  # every agent that does not peek
AGENTS = (*HONEST, "honest")  # and the optimal policy itself
TRY_EXACT = 9  # unseen tiles: with more, a Town 44 position is always beyond the handover's budget


def start(rules: str, deal: int, unseen: int | None) -> town.SoloState:
    """The deal, or with ``unseen``, the first position of greedy play with at most that many unseen tiles."""
    game = town.new_solo(rules, seed=deal)
    guide = make_agent("greedy", seed=deal)
    while unseen is not None and not game.is_terminal() and sum(len(p) - 1 for p in game.piles if p) > unseen:
        game.apply(guide.act(game.view(0)))
    return game


def optimum(job: tuple[str, int, int | None]) -> dict[str, Any]:
    """The honest optimum and the par of one start position, with the solver's effort."""
    rules, deal, unseen = job
    game = start(rules, deal, unseen)
    search, clock = HonestSearch(game.rules.n), time.process_time()
    value = honest_value(game, search=search)
    return {
        "honest": value,
        "nodes": search.nodes,
        "cpu_s": time.process_time() - clock,
        "par": solve(game).score,
        "placed": game.board.placed(),
    }


def play(job: tuple[str, str, int, int | None, dict[str, Any]]) -> dict[str, Any]:
    """One agent from one start position to the end: the score and the CPU time per move."""
    name, rules, deal, unseen, budget = job
    game = start(rules, deal, unseen)
    if name == "honest":
        search = HonestSearch(game.rules.n)
        agent: Any = None
    else:
        agent = make_agent(name, seed=deal, **budget)
    moves, clock = 0, time.process_time()
    while not game.is_terminal():
        view = game.view(0)
        game.apply(honest_policy(view, search=search) if agent is None else agent.act(view))
        moves += 1
    return {"placed": game.board.placed(), "cpu_per_move": (time.process_time() - clock) / max(moves, 1)}


def handover(job: tuple[int, dict[str, Any], int]) -> dict[str, Any]:
    """A whole Town 44 game of ismcts that hands over to the exact policy as soon as it answers within ``nodes``
    searched positions per move, tried from :data:`TRY_EXACT` unseen tiles on (the tables are kept from move to
    move, so a refused try is not wasted)."""
    deal, budget, nodes = job
    game, agent, search = town.new_solo("town44", seed=deal), make_agent("ismcts", seed=deal, **budget), HonestSearch(4)
    moves, exact, clock = 0, 0, time.process_time()
    while not game.is_terminal():
        view, action = game.view(0), None
        if sum(len(pile) - 1 for pile in game.piles if pile) <= TRY_EXACT:
            try:
                action = honest_policy(view, max_nodes=nodes, search=search)
                exact += 1
            except TooLarge:
                pass
        game.apply(agent.act(view) if action is None else action)
        moves += 1
    cpu = (time.process_time() - clock) / max(moves, 1)
    return {"placed": game.board.placed(), "cpu_per_move": cpu, "exact_moves": exact}


def handover_table(deals: int, budget: dict[str, Any], nodes: int, workers: int) -> dict[str, Any]:
    """Whole Town 44 games: ismcts alone against ismcts handing over to the exact policy, on the same deals."""
    where: dict[str, Any] = {"workers": workers, "progress": False}
    alone = run_jobs(play, [("ismcts", "town44", deal, None, budget) for deal in range(deals)], **where)
    helped = run_jobs(handover, [(deal, budget, nodes) for deal in range(deals)], **where)
    gaps = [after["placed"] - before["placed"] for before, after in zip(alone, helped, strict=True)]
    figures: dict[str, Any] = {
        "nodes_per_move": nodes,
        "gain": statistics.fmean(gaps),
        "gain_ci95": mean_interval(gaps),
    }
    print(f"\ntown44 solo, whole games, deals 0-{deals - 1}: ismcts, and ismcts handing over to the exact policy")
    print(f"once it answers within {nodes} nodes a move")
    for label, rows in (("ismcts", alone), ("handover", helped)):
        scores = [row["placed"] for row in rows]
        figures[label] = {
            "mean": statistics.fmean(scores),
            "ci95": mean_interval(scores),
            "cpu_s_per_move": statistics.fmean(row["cpu_per_move"] for row in rows),
        }
        row = figures[label]
        print(
            f"{label:<9} {row['mean']:>7.3f}  [{row['ci95'][0]:.2f}, {row['ci95'][1]:.2f}]"
            f"  {row['cpu_s_per_move']:.3f} CPU s/move"
        )
    exact = statistics.fmean(row["exact_moves"] for row in helped)
    low, high = figures["gain_ci95"]
    print(f"gain {figures['gain']:+.3f} tiles [{low:+.3f}, {high:+.3f}] (paired); exact moves per game {exact:.1f}")
    return figures


def table(rules: str, deals: int, unseen: int | None, budget: dict[str, Any], workers: int) -> dict[str, Any]:
    where: dict[str, Any] = {"workers": workers, "progress": False}
    rows = run_jobs(optimum, [(rules, deal, unseen) for deal in range(deals)], seeds=range(deals), **where)
    best = [row["honest"] for row in rows]
    figures: dict[str, Any] = {
        "honest": {"mean": statistics.fmean(best), "ci95": mean_interval(best)},
        "solver": {
            "mean_nodes": statistics.fmean(row["nodes"] for row in rows),
            "max_nodes": max(row["nodes"] for row in rows),
            "mean_cpu_s": statistics.fmean(row["cpu_s"] for row in rows),
            "max_cpu_s": max(row["cpu_s"] for row in rows),
        },
        "start_placed": statistics.fmean(row["placed"] for row in rows),
    }
    scores = {"par": [float(row["par"]) for row in rows]}
    cpu: dict[str, float] = {}
    for name in AGENTS:
        jobs = [(name, rules, deal, unseen, budget) for deal in range(deals)]
        played = run_jobs(play, jobs, seeds=range(deals), **where)
        scores[name] = [float(row["placed"]) for row in played]
        cpu[name] = statistics.fmean(row["cpu_per_move"] for row in played)
    mean_best = figures["honest"]["mean"]
    where_from = "the deal" if unseen is None else f"greedy's first position with <= {unseen} unseen tiles"
    print(f"\n{rules} solo, deals 0-{deals - 1}, from {where_from} (mean {figures['start_placed']:.1f} placed)")
    print(f"honest optimum: {mean_best:.3f} [{figures['honest']['ci95'][0]:.3f}, {figures['honest']['ci95'][1]:.3f}]")
    print(f"{'player':<8} {'mean':>7}  {'95% CI':<16} {'/ optimum':>9}  {'95% CI':<16} {'CPU s/move':>10}")
    for name, values in scores.items():
        gaps = [value - honest for value, honest in zip(values, best, strict=True)]
        low, high = mean_interval(gaps)
        row = {
            "mean": statistics.fmean(values),
            "ci95": mean_interval(values),
            "over_optimum": statistics.fmean(values) / mean_best,
            "over_optimum_ci95": (1 + low / mean_best, 1 + high / mean_best),
        }
        figures[name] = row
        shown_cpu = f"{cpu[name]:.3f}" if name in cpu else "-"
        print(
            f"{name:<8} {row['mean']:>7.3f}  [{row['ci95'][0]:.2f}, {row['ci95'][1]:.2f}]   {row['over_optimum']:>9.3f}"
            f"  [{row['over_optimum_ci95'][0]:.3f}, {row['over_optimum_ci95'][1]:.3f}] {shown_cpu:>10}"
        )
    solver = figures["solver"]
    print(
        f"exact solver: {solver['mean_nodes']:.0f} nodes and {solver['mean_cpu_s']:.2f} CPU s per position on average "
        f"(at most {solver['max_nodes']} nodes, {solver['max_cpu_s']:.2f} s)"
    )
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=100, help="Town 33 deals (0 to skip; default 100)")
    parser.add_argument("--deals44", type=int, default=30, help="Town 44 deals (0 to skip; default 30)")
    parser.add_argument("--unseen44", type=int, default=7, help="Town 44: unseen tiles at the start (default 7)")
    parser.add_argument("--iterations", type=int, default=1000, help="mcts and ismcts iterations per move")
    parser.add_argument("--workers", type=int, default=2, help="parallel processes (default 2)")
    parser.add_argument("--handover-deals", type=int, default=100, help="Town 44 handover games (0 to skip)")
    parser.add_argument("--handover-nodes", type=int, default=60_000, help="exact search per move (nodes)")
    args = parser.parse_args()
    budget = {"iterations": args.iterations}
    clock = time.perf_counter()
    figures: dict[str, Any] = {"budget": budget, "town33_over_every_deal": deal_value("town33")}
    print(f"town33: the honest optimum over every deal (exact) is {figures['town33_over_every_deal']:.4f}")
    if args.deals:
        figures["town33"] = table("town33", args.deals, None, budget, args.workers)
    if args.deals44:
        figures["town44"] = table("town44", args.deals44, args.unseen44, budget, args.workers)
    if args.handover_deals:
        figures["town44_handover"] = handover_table(args.handover_deals, budget, args.handover_nodes, args.workers)
    figures["wall_seconds"] = round(time.perf_counter() - clock)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
