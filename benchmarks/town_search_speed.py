"""Town board search speed: the largest boards, counting complete boards, and generating puzzles.

    python benchmarks/town_search_speed.py [--puzzle-seeds 5]

Prints, for each part, the result, the search nodes and the time, then a last JSON line with the figures, and saves
the times to ``benchmarks/results/`` (``benchmarks/results.py``; ``docs/benchmarks.md``).
``max_town_tiles(6)`` is timed first in this fresh process, so its figure includes the search for the certificate
(later calls reuse it and only rerun ``euler_36_officers``).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import results

from townwidget import latin
from townwidget.search import TownSearch, max_town_tiles, town_puzzle

PUZZLES = ((4, 12), (5, 18), (5, 20), (7, 30), (7, 34), (7, 36))


def timed(function: Any, *args: Any, **kwargs: Any) -> tuple[Any, float]:
    start = time.perf_counter()
    result = function(*args, **kwargs)
    return result, time.perf_counter() - start


def largest_boards() -> dict[str, Any]:
    figures: dict[str, Any] = {}
    for n in (6, 2, 3, 4, 5, 7):
        for flips in (0, 1, 2):
            result, seconds = timed(max_town_tiles, n, flips)
            figures[f"max_{n}_{flips}"] = {"tiles": result.tiles, "nodes": result.nodes, "seconds": round(seconds, 3)}
            print(f"max_town_tiles({n}, flips={flips}) = {result.tiles:2d}  nodes {result.nodes:7d}  {seconds:6.3f} s")
    evidence, seconds = timed(latin.euler_36_officers)
    figures["euler_36_officers_seconds"] = round(seconds, 3)
    print(f"  of which euler_36_officers(): {seconds:.3f} s (main classes {evidence.main_classes}, no mate)")
    return figures


def counting() -> dict[str, Any]:
    """Complete boards with the first row (0, 0), (1, 1), ...: each stands for (n!)^2 boards."""
    figures: dict[str, Any] = {}
    for n in (3, 4, 5):
        grid = [[[i, i] for i in range(n)]] + [[None] * n for _ in range(n - 1)]
        search = TownSearch(grid)
        stats, seconds = timed(search.statistics)
        cover, cover_seconds = timed(search.exact_cover().count)
        assert cover == stats.solutions
        rate = stats.nodes / seconds
        figures[f"count_{n}"] = {
            "boards": stats.solutions,
            "nodes": stats.nodes,
            "seconds": round(seconds, 3),
            "nodes_per_second": round(rate),
            "dancing_links_seconds": round(cover_seconds, 3),
        }
        print(
            f"complete {n}x{n} boards, first row normalised: {stats.solutions:4d}  nodes {stats.nodes:6d}  "
            f"{seconds:.3f} s ({rate:,.0f} nodes/s); dancing links {cover_seconds:.3f} s"
        )
    return figures


def puzzles(seeds: int) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    for n, holes in PUZZLES:
        made = [timed(town_puzzle, n, holes, seed) for seed in range(seeds)]
        seconds = [t for _, t in made]
        grades = [puzzle.grade for puzzle, _ in made]
        nodes = [puzzle.nodes for puzzle, _ in made]
        figures[f"puzzle_{n}_{holes}"] = {
            "mean_seconds": round(sum(seconds) / seeds, 3),
            "max_seconds": round(max(seconds), 3),
            "grades": grades,
            "solve_nodes": nodes,
        }
        print(
            f"town_puzzle({n}, holes={holes}): mean {sum(seconds) / seeds:.3f} s, max {max(seconds):.3f} s; "
            f"grades {grades}; nodes to solve {nodes}"
        )
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzle-seeds", type=int, default=5)
    args = parser.parse_args()
    figures = largest_boards() | counting() | puzzles(args.puzzle_seeds)
    print(json.dumps(figures))
    results.save(__file__, saved_figures(figures, args.puzzle_seeds))


def saved_figures(figures: dict[str, Any], seeds: int) -> list[results.Figure]:
    """The times of one run (wall clock: the search is single-threaded and holds the process alone)."""
    saved = [
        results.Figure(f"max_town_tiles({n}, flips={flips})", figures[f"max_{n}_{flips}"]["seconds"], "s")
        for n in (6, 7)  # the smaller boards take milliseconds
        for flips in (0, 1, 2)
    ]
    for n in (4, 5):
        row = figures[f"count_{n}"]
        saved.append(results.Figure(f"count the complete {n} x {n} boards by TownSearch", row["seconds"], "s"))
        saved.append(
            results.Figure(f"count the complete {n} x {n} boards by dancing links", row["dancing_links_seconds"], "s")
        )
    saved += [
        results.Figure(
            f"town_puzzle({n}, holes={holes})",
            figures[f"puzzle_{n}_{holes}"]["mean_seconds"],
            f"s, mean of {seeds} seeds",
        )
        for n, holes in PUZZLES
    ]
    return saved


if __name__ == "__main__":
    main()
