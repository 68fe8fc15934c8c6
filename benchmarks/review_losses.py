"""The spread of a reviewed move's loss, to choose the review's labels (best, good, inaccuracy, mistake, blunder).

Games are played by agents of different strength (random, greedy, and a mix: each move by one of them at random),
then reviewed with default samples and no par. For each reviewed move the loss (how much the best move measured did
better, in the review's unit: tiles in Town solo, places of rank in multiplayer Town, VP in Little Town) is kept
with its standard error. Printed and saved: the share of moves whose loss is within noise of 0 (below 1.96 standard
errors, or 0 when the best was played), and the quantiles (50, 75, 90, 95%) of the other moves' losses with
bootstrap 95% intervals. The thresholds of ``townwidget.advice.review.LABEL_BOUNDS`` are round numbers near
these quantiles.

    nice -n 10 python benchmarks/review_losses.py [--games 4] [--rules town44] [--players 1] [--seed 1]
    nice -n 10 python benchmarks/review_losses.py --rules littletown --players 2 --games 6
"""

from __future__ import annotations

import argparse
import json
import random
import statistics

import results

from townwidget import arena
from townwidget.advice import review
from townwidget.agents import make_agent

QUANTILES = (0.5, 0.75, 0.9, 0.95)


class Mixed:
    """Each move by one of ``agents`` chosen at random: games with good and bad moves in them."""

    name = "mixed"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.agents = [make_agent("random", seed=seed), make_agent("greedy", seed=seed)]

    def act(self, view: object) -> object:
        return self.rng.choice(self.agents).act(view)


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bootstrap(values: list[float], q: float, rng: random.Random, rounds: int = 400) -> tuple[float, float]:
    """A 95% percentile-bootstrap interval of the ``q`` quantile."""
    draws = sorted(quantile(rng.choices(values, k=len(values)), q) for _ in range(rounds))
    return draws[int(0.025 * rounds)], draws[int(0.975 * rounds) - 1]


def losses(rules: str, players: int, games: int, seed: int) -> tuple[list[float], int, str]:
    """The losses of the moves not within noise of the best (in the review's unit), how many moves were, and the
    unit."""
    found, within, unit = [], 0, "tiles"
    for game in range(games):
        kind = ("random", "greedy", "mixed")[game % 3]
        seat = Mixed(seed + game) if kind == "mixed" else kind
        record = arena.play_game([seat] + ["greedy"] * (players - 1), rules, seed=seed + game)
        report = review(record, 0, seed=seed + game, par_seconds=0, progress=False)
        unit = "ranks" if report.scale.unit == "returns" else report.scale.unit
        for move in report.moves:
            loss = report.scale.display_se(move.loss.mean)
            se = report.scale.display_se(move.loss.se)
            if move.best_played or loss <= 1.96 * se:
                within += 1
            else:
                found.append(loss)
        print(f"game {game + 1} ({kind}): {len(report.moves)} moves reviewed", flush=True)
    return found, within, unit


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--rules", default="town44")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    found, within, unit = losses(args.rules, args.players, args.games, args.seed)
    where = f"{args.rules}, {args.players} player(s)"
    total = within + len(found)
    figures = [results.Figure(f"{where}: moves within noise of the best", round(within / total, 3), "share")]
    rng = random.Random(args.seed)
    for q in QUANTILES:
        low, high = bootstrap(found, q, rng)
        value = quantile(found, q)
        label = f"{where}: loss quantile {q:g} (moves not within noise)"
        figures.append(results.Figure(label, value, unit, (low, high)))
    for figure in figures:
        print(f"{figure.label}: {figure.value:.3g} {figure.unit} {figure.interval or ''}")
    print(f"moves: {total}, not within noise: {len(found)}, mean loss {statistics.fmean(found or [0]):.2f} {unit}")
    results.save(__file__, figures)
    print(json.dumps([vars(figure) for figure in figures]))


if __name__ == "__main__":
    main()
