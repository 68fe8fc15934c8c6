"""Hint strength: Town solo games that follow every hint, beside the careful policy the hints play out, on the same
deals.

A hint is one step of policy improvement (a *rollout* agent): each legal placement is played out by the careful
policy from states drawn from the view, and the best on average is suggested. So following the hints should beat
the careful policy played alone. Both play the deals of seeds 0 .. deals-1.

    nice -n 10 python benchmarks/hint_strength.py [--rules town77] [--deals 10]

Prints the mean tiles placed of each with a 95% interval (Student t; the careful policy's score on a deal is its
mean over 64 games), the paired difference, the CPU seconds per hint, and a last JSON line with the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time

import numpy as np

from townwidget import hint, town
from townwidget.advice.careful_batch import careful_rollout
from townwidget.solvers.vector import SoloBatch

CAREFUL_GAMES = 64  # games of the careful policy alone per deal (its mean per deal is compared)
T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 14: 2.14, 19: 2.09}


def interval(values: list[float]) -> str:
    half = T95.get(len(values) - 1, 2.0) * statistics.stdev(values) / math.sqrt(len(values))
    return f"{statistics.fmean(values):.2f} ± {half:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="town77")
    parser.add_argument("--deals", type=int, default=10)
    args = parser.parse_args()
    deals = [town.new_solo(args.rules, seed=seed) for seed in range(args.deals)]
    games = SoloBatch.from_states(deals, seed=0).take(np.repeat(np.arange(args.deals), CAREFUL_GAMES))
    alone = careful_rollout(games).reshape(args.deals, CAREFUL_GAMES).mean(axis=1).tolist()
    hinted, seconds = [], []
    for deal in deals:
        game = deal.clone()
        while not game.is_terminal():
            start = time.process_time()
            advice = hint(game.view(0))
            seconds.append(time.process_time() - start)
            game.apply(advice.action)
        hinted.append(float(game.board.placed()))
        print(
            f"deal {len(hinted) - 1}: {hinted[-1]:.0f} tiles following the hints, careful {alone[len(hinted) - 1]:.1f}"
        )
    gain = list(np.subtract(hinted, alone))
    print(
        f"{args.rules}, {args.deals} deals: following the hints {interval(hinted)} tiles; careful policy alone "
        f"{interval(alone)}; difference {interval(gain)} (95%)"
    )
    print(f"CPU seconds per hint: mean {statistics.fmean(seconds):.2f}, slowest {max(seconds):.2f}")
    print(
        json.dumps(
            {"rules": args.rules, "hinted": hinted, "careful": alone, "hint_cpu_mean": statistics.fmean(seconds)}
        )
    )


if __name__ == "__main__":
    main()
