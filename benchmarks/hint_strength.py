"""Hint strength: Town solo games that follow every hint, beside the best agent, greedy and the par, on the same
deals; and the no-blunder check (no game below 15 tiles on a deal whose par is 30 or more).

A hint is the best agent's move (``hint(view, seed=s)`` runs the search of ``make_agent("best", seed=s)`` on the
view), so following every hint should place as many tiles as the best agent, within noise. The best agent here is
one agent, ``make_agent("best", seed=1)``, reused for every deal of a board (so the no-blunder check covers a reused
agent), and the hints take seed 1 too: the two games of a deal are then the same until a solver table the reused
agent kept answers an endgame exactly that a hint's fresh search refuses (or the other way round), and the paired
difference measures just that. Greedy plays with seed = deal; the par is the clairvoyant solver's score within
``--par-seconds`` (a lower bound where it did not finish, so "par >= 30" is never claimed wrongly).

Deals: seeds 0 .. deals-1 and a second set, ``--second`` .. ``--second`` + second_deals - 1, chosen after the design.

    nice -n 10 python benchmarks/hint_strength.py [--boards town77,town44,town66] [--deals 10] [--second-deals 5]
                                                  [--second 9000] [--par-seconds 2]

Prints per board and set the mean tiles of each player with a 95% interval (Student t), the paired hint - best
difference with its interval, the CPU seconds per hint (mean, slowest) and the blunders found, and saves the
figures to ``benchmarks/results/`` (``benchmarks/results.py``; ``docs/benchmarks.md``).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import results
from no_blunder import BLUNDER_PAR, BLUNDER_TILES, placed_until

from townwidget import hint, town
from townwidget.agents import make_agent
from townwidget.arena import mean_interval, solo_par


def board_figures(rules: str, deals: list[int], label: str, par_seconds: float) -> list[results.Figure]:
    best_agent, greedy_of = make_agent("best", seed=1), lambda deal: make_agent("greedy", seed=deal)
    seconds: list[float] = []

    def hinted(view: Any) -> Any:
        start = time.process_time()
        action = hint(view, seed=1).action
        seconds.append(time.process_time() - start)
        return action

    rows: dict[str, list[float]] = {"best agent": [], "following every hint": [], "greedy": [], "par": []}
    blunders = []
    for deal in deals:
        scores = {
            "best agent": float(placed_until(rules, deal, best_agent.act)),
            "following every hint": float(placed_until(rules, deal, hinted)),
            "greedy": float(placed_until(rules, deal, greedy_of(deal).act)),
            "par": float(solo_par(rules, deals=1, seed=deal, seconds=par_seconds, progress=False)[0].score),
        }
        for key, value in scores.items():
            rows[key].append(value)
        low = [key for key in ("best agent", "following every hint") if scores[key] < BLUNDER_TILES]
        if scores["par"] >= BLUNDER_PAR and low:
            blunders.append(f"deal {deal}: {', '.join(low)}")
        print(f"{rules} deal {deal}: " + ", ".join(f"{key} {value:.0f}" for key, value in scores.items()), flush=True)
    where = f"{rules.replace('town', 'Town ')}, {label}"
    tiles = (0.0, float(town.new_solo(rules, seed=0).rules.tiles))
    figures = [
        results.Figure(f"{where}: {key}", statistics.fmean(values), "tiles", mean_interval(values, tiles))
        for key, values in rows.items()
    ]
    gap = [h - b for h, b in zip(rows["following every hint"], rows["best agent"], strict=True)]
    figures += [
        results.Figure(f"{where}: hint - best agent (paired)", statistics.fmean(gap), "tiles", mean_interval(gap)),
        results.Figure(
            f"{where}: CPU time a hint (mean; slowest {max(seconds):.2f})", statistics.fmean(seconds), "CPU s"
        ),
        results.Figure(
            f"{where}: games below {BLUNDER_TILES} tiles where par >= {BLUNDER_PAR} (best agent reused, hints)",
            len(blunders),
            "games",
        ),
    ]
    for figure in figures:
        shown = "" if figure.interval is None else f" {figure.interval}"
        print(f"{figure.label}: {figure.value:.3g}{shown} {figure.unit}")
    print(f"{where}: blunders: {blunders or 'none'}")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", default="town77,town44,town66")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--second", type=int, default=9000)
    parser.add_argument("--second-deals", type=int, default=5)
    parser.add_argument("--par-seconds", type=float, default=2.0)
    args = parser.parse_args()
    for rules in args.boards.split(","):  # each board saved when done (a long run keeps what it measured)
        figures = []
        sets = {
            f"deals 0-{args.deals - 1}": list(range(args.deals)),
            f"deals {args.second}-{args.second + args.second_deals - 1}": list(
                range(args.second, args.second + args.second_deals)
            ),
        }
        for label, deals in sets.items():
            if deals:
                figures += board_figures(rules, deals, label, args.par_seconds)
        results.save(__file__, figures)


if __name__ == "__main__":
    main()
