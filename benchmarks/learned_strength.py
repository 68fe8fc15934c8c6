"""Learned strength: the learned agent (greedy on its value, and the expert's search guided by it) against the expert on
Town 77 solo, paired on the same deals (``new_solo("town77", seed=d)``), at equal search budgets.

The learned search is the expert's search with two changes (``townwidget.agents.learned``): its root considers only
the value's ``--width`` best moves (the prior) and its rollouts play greedily on the learned weights (``--weights``, a
file ``townwidget learn`` wrote; default the shipped ones, which the expert's own rollouts use on Town 77). Both
searches get the same ``--iterations`` (and ``--seconds`` cap) a move; the CPU seconds a move of each are printed, so
that "equal CPU" can be checked. The deals start at ``--first`` (default 20000: deals no design choice looked at).

    python benchmarks/learned_strength.py [--deals 100] [--first 20000] [--iterations 2000] [--seconds 1.9]
        [--weights W.npz] [--width 6] [--workers 2]

The moonshot of issue 47: learned search minus expert >= +0.3 tiles (paired, 95% interval) and a mean >= 37.2. Its
3-player part (a win rate against two experts) needs a multiplayer value, which the learned agent does not have: it
plays Town solo only, so that part is not measured here. Prints each agent's mean with its 95% interval, the paired
differences, the CPU seconds a move and the weights' note (their training), a last JSON line, and saves the figures
to ``benchmarks/results/`` (``docs/benchmarks.md``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

import results

from townwidget import town
from townwidget.agents import make_agent
from townwidget.agents.learned import DEFAULT_WIDTH, LearnedAgent
from townwidget.arena import mean_interval, run_jobs
from townwidget.solvers import value, weights

AGENTS = ("learned greedy", "learned search", "expert")


def play(job: tuple[str, int, dict[str, Any]]) -> tuple[int, float, int]:
    """One Town 77 solo game of one agent: (tiles placed, CPU seconds, moves)."""
    label, deal, options = job
    budget = {"iterations": options["iterations"], "seconds": options["seconds"]}
    if label == "expert":
        agent = make_agent("expert", seed=deal, **budget)
    elif label == "learned search":
        agent = LearnedAgent(deal, options["weights"], width=options["width"], **budget)
    else:
        agent = LearnedAgent(deal, options["weights"])
    game, clock = town.new_solo("town77", seed=deal), time.process_time()
    moves = 0
    while not game.is_terminal():
        game.apply(agent.act(game.view(0)))
        moves += 1
    return game.board.placed(), time.process_time() - clock, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=20_000, help="the first deal's seed")
    parser.add_argument("--iterations", type=int, default=2000, help="search iterations a move, for both searches")
    parser.add_argument("--seconds", type=float, default=1.9, help="CPU seconds a move at most, for both")
    parser.add_argument("--weights", help="the learned agent's weights file (default: the shipped weights)")
    parser.add_argument("--width", type=int, default=DEFAULT_WIDTH, help="root moves of the learned search")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    if not value.COMPILED:
        raise SystemExit('the learned agent plays compiled: pip install "townwidget[fast]"')
    options = {key: getattr(args, key) for key in ("iterations", "seconds", "weights", "width")}
    path = args.weights or value.WEIGHTS_FILE
    note = f"{Path(path).name}: {weights.read_with_note(path, value.FEATURES, value.STAGE)[1]}"
    deals = range(args.first, args.first + args.deals)
    jobs = [(label, deal, options) for deal in deals for label in AGENTS]
    outcomes = run_jobs(play, jobs, workers=args.workers)
    played = {(label, deal): outcome for (label, deal, _), outcome in zip(jobs, outcomes, strict=True)}
    figures: dict[str, Any] = {"deals": f"{deals.start}-{deals.stop - 1}", "weights": note, "options": options}
    for label in AGENTS:
        scores = [played[label, deal][0] for deal in deals]
        cpu = sum(played[label, deal][1] for deal in deals) / sum(played[label, deal][2] for deal in deals)
        figures[label] = {"mean": statistics.fmean(scores), "ci95": mean_interval(scores), "cpu_s_per_move": cpu}
        low, high = figures[label]["ci95"]
        print(f"{label:<15} {figures[label]['mean']:6.2f} [{low:.2f}, {high:.2f}] tiles  {cpu:.3f} CPU s a move")
    for label in AGENTS[:2]:
        gaps = [played[label, deal][0] - played["expert", deal][0] for deal in deals]
        figures[f"{label} - expert"] = {"mean": statistics.fmean(gaps), "ci95": mean_interval(gaps)}
        low, high = figures[f"{label} - expert"]["ci95"]
        print(f"{label} - expert, paired: {statistics.fmean(gaps):+.2f} [{low:+.2f}, {high:+.2f}] tiles")
    search, gap = figures["learned search"], figures["learned search - expert"]
    reached = gap["mean"] >= 0.3 and search["mean"] >= 37.2
    apart = "above 0" if gap["ci95"][0] > 0 else "not above 0"
    print(f"moonshot (paired gain >= +0.3, mean >= 37.2): {'reached' if reached else 'not reached'}; interval {apart}")
    print(f"weights: {note}")
    print(json.dumps(figures))
    results.save(__file__, saved_figures(figures, args))


def saved_figures(figures: dict[str, Any], args: argparse.Namespace) -> list[results.Figure]:
    where = f"Town 77 solo, deals {figures['deals']}, {args.iterations} iterations"
    out = []
    for label in AGENTS:
        row = figures[label]
        out.append(results.Figure(f"{where}: {label}", row["mean"], "tiles", row["ci95"]))
        out.append(results.Figure(f"{where}: {label}, CPU time a move", round(row["cpu_s_per_move"], 4), "CPU s"))
    for label in AGENTS[:2]:
        row = figures[f"{label} - expert"]
        out.append(results.Figure(f"{where}: {label} - expert (paired)", row["mean"], "tiles", row["ci95"]))
    return out


if __name__ == "__main__":
    main()
