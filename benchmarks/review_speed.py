"""Review and hint speed: CPU seconds to review a 49-move Town 77 solo game and a 2-player Little Town game, and to
give a hint.

A 49-move game is the longest Town 77 solo game (the board filled), and the slowest to review: every decision's
playouts run to the end of a long game. Each game here fills a complete board (a pair of orthogonal Latin squares
with its colours and shapes relabelled at random) row by row, its tiles dealt round-robin into the three piles in
that order. The review (estimates of every move with its progress bar, and the par: a full board is its own par,
so the clairvoyant solver is not run) is timed in CPU seconds of this process (and in wall seconds, what a player
waits: goal 10), and again without the par; its budget is 15 s. A review of greedy's game on the same deal
(shorter, but its par searched by the solver, at most 8 s) is timed beside it. A Little Town review (player 0's
moves in a 2-player game between greedy agents, default samples, with its progress bar) has a budget of 10 s (CPU,
and wall). Hints are timed on positions of games played by the greedy agent: Town 77 solo, Town 77 with 3
players, Little Town with 2 players (budget: about 1 s).

    nice -n 10 python benchmarks/review_speed.py [--games 3] [--little-town 3] [--hints 10] [--seed 1] [--tag TAG]

Prints each figure, the means with 95% intervals (Student t), and a last JSON line with the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from dataclasses import replace
from typing import Any

import results

from townwidget import arena, littletown, town
from townwidget.advice import hint, review
from townwidget.agents.greedy import GreedyAgent
from townwidget.latin import graeco_latin_square
from townwidget.town.state import SoloState

T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26}  # Student t, 95%, by df


def interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return f"{mean:.2f}"
    half = T95.get(len(values) - 1, 1.96) * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:.2f} ± {half:.2f} (95%, {len(values)} runs)"


def full_game(seed: int) -> SoloState:
    """A Town 77 solo game of 49 moves: a complete board, relabelled at random, placed row by row."""
    rng = random.Random(seed)
    colours, shapes = graeco_latin_square(7)
    colour_names, shape_names = rng.sample(range(7), 7), rng.sample(range(7), 7)
    order = [((colour_names[colours[r][c]], shape_names[shapes[r][c]]), (r, c)) for r in range(7) for c in range(7)]
    game = town.new_solo("town77", seed=seed)
    piles: list[list[tuple[int, int]]] = [[], [], []]
    for i, (tile, _cell) in enumerate(order):
        piles[i % 3].insert(0, tile)  # the first tile dealt to a pile is its top
    game.piles = piles
    for i, (tile, cell) in enumerate(order):
        game.apply(town.Place(tile, cell, i % 3))
    assert game.is_terminal() and game.board.placed() == 49
    return game


def cpu(call: Any) -> tuple[float, Any]:
    start = time.process_time()
    out = call()
    return time.process_time() - start, out


def timed(call: Any) -> tuple[float, float, Any]:
    """CPU seconds of this process and wall seconds of ``call``, and what it returned (a player waits the wall time;
    on a busy machine it is longer than the CPU time)."""
    wall = time.perf_counter()
    seconds, out = cpu(call)
    return seconds, time.perf_counter() - wall, out


def positions(seed: int, count: int) -> list[tuple[str, Any]]:
    """Views of the player to act in games played by greedy agents: (label, view)."""
    rng = random.Random(seed)
    out = []
    for label, new in (
        ("Town 77 solo", lambda s: town.new_solo("town77", seed=s)),
        ("Town 77, 3 players", lambda s: town.new_game("town77", players=3, seed=s)),
        ("Little Town, 2 players", lambda s: littletown.new_game(players=2, seed=s)),
    ):
        for k in range(count):
            game, agent = new(seed + k), GreedyAgent(seed + k)
            for _ in range(rng.randrange(40)):
                if game.is_terminal():
                    break
                game.apply(agent.act(game.view(game.current_player)))
            if not game.is_terminal():
                out.append((label, game.view(game.current_player)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="49-move games to review")
    parser.add_argument("--little-town", type=int, default=3, help="2-player Little Town games to review")
    parser.add_argument("--hints", type=int, default=10, help="positions per game for hints")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tag", default="", help="added to each saved label, e.g. 'before #48' for a baseline")
    args = parser.parse_args()
    figures: dict[str, Any] = {
        "review_cpu": [],
        "estimates_cpu": [],
        "greedy_review_cpu": [],
        "littletown_review_cpu": [],
        "review_wall": [],
        "littletown_review_wall": [],
        "hint_cpu": {},
    }
    for k in range(args.games):
        game = full_game(args.seed + k)
        seconds, wall, report = timed(lambda game=game: review(game, progress=True))
        figures["review_wall"].append(wall)
        estimates, _ = cpu(lambda game=game: review(game, par_seconds=0, progress=False))
        greedy = town.new_solo("town77", seed=args.seed + k)
        while not greedy.is_terminal():
            greedy.apply(GreedyAgent(args.seed + k).act(greedy.view(0)))
        searched, _ = cpu(lambda game=greedy: review(game, progress=False))
        figures["review_cpu"].append(seconds)
        figures["estimates_cpu"].append(estimates)
        figures["greedy_review_cpu"].append(searched)
        print(
            f"review of a 49-move game {k + 1}: {seconds:.1f} CPU s ({wall:.1f} s wall), {estimates:.1f} without the "
            f"par ({report.summary}); greedy's {greedy.board.placed()}-move game, par searched: {searched:.1f}"
        )
    if args.games:
        print(f"review of a 49-move Town 77 game: {interval(figures['review_cpu'])} CPU s (budget 15)")
        print(f"  wall: {interval(figures['review_wall'])} s (goal 10)")
        print(f"  of which the estimates of the moves (no par): {interval(figures['estimates_cpu'])} CPU s")
        print(f"review of greedy's Town 77 game, par searched: {interval(figures['greedy_review_cpu'])} CPU s")
    for k in range(args.little_town):
        record = arena.play_game(["greedy", "greedy"], game="littletown", seed=args.seed + k)
        seconds, wall, report = timed(lambda record=record: review(record, progress=True))
        figures["littletown_review_cpu"].append(seconds)
        figures["littletown_review_wall"].append(wall)
        moves = f"{len(report.moves)} of {len(record.moves)} moves"
        print(f"review of Little Town game {k + 1} ({moves}): {seconds:.1f} CPU s, {wall:.1f} s wall")
    if args.little_town:
        print(f"review of a 2-player Little Town game: {interval(figures['littletown_review_cpu'])} CPU s (budget 10)")
        print(f"  wall: {interval(figures['littletown_review_wall'])} s (goal 10)")
    for label, view in positions(args.seed, args.hints):
        seconds, _ = cpu(lambda view=view: hint(view))
        figures["hint_cpu"].setdefault(label, []).append(seconds)
    for label, times in figures["hint_cpu"].items():
        print(f"hint, {label}: {interval(times)} CPU s, slowest {max(times):.2f} (budget about 1)")
    print(json.dumps(figures))
    saved = []
    if args.games:
        saved.append(results.mean_figure("review of a 49-move Town 77 game", figures["review_cpu"], "CPU s"))
        saved.append(results.mean_figure("review of a 49-move Town 77 game, wall", figures["review_wall"], "s"))
        saved.append(results.mean_figure("  of which the move estimates (no par)", figures["estimates_cpu"], "CPU s"))
        saved.append(
            results.mean_figure("review of greedy's Town 77 game, par searched", figures["greedy_review_cpu"], "CPU s")
        )
    if args.little_town:
        saved.append(
            results.mean_figure("review of a 2-player Little Town game", figures["littletown_review_cpu"], "CPU s")
        )
        saved.append(
            results.mean_figure("review of a 2-player Little Town game, wall", figures["littletown_review_wall"], "s")
        )
    for label, times in figures["hint_cpu"].items():
        saved += [
            results.mean_figure(f"hint, {label}", times, "CPU s"),
            results.Figure(f"hint, {label}: slowest", round(max(times), 3), "CPU s"),
        ]
    if args.tag:
        saved = [replace(figure, label=f"{figure.label} ({args.tag})") for figure in saved]
    results.save(__file__, saved)


if __name__ == "__main__":
    main()
