"""Latin square speed: exact counts for orders 1..6, Euler's 36 officers by main classes and by brute force.

For each order n = 1..6 it times ``count_latin_squares(n, reduced=True)`` and ``count_latin_squares(n)``, then
``euler_36_officers()`` (12 main-class representatives), the direct alternative it was chosen over (every one of
the 9408 reduced squares of order 6: its transversals and an exact cover of its cells by them), and
``random_latin_square`` for a few orders. Each figure is the best of ``--rounds`` runs, in wall-clock and CPU
seconds of this process (on a shared, busy machine the CPU figures are the steadier ones).

    python benchmarks/latin_speed.py [--rounds 3]

Prints a table and a last JSON line with the figures, and saves the CPU seconds to ``benchmarks/results/``
(``benchmarks/results.py``; ``docs/benchmarks.md``).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from functools import partial
from itertools import product
from typing import Any

import results

from townwidget import latin
from townwidget.search import ExactCover

RANDOM_ORDERS = (4, 7, 10, 20)


def best_of(rounds: int, work: Callable[[], Any]) -> tuple[Any, float, float]:
    """The result of ``work`` and its best wall-clock and CPU seconds over ``rounds`` runs."""
    walls, cpus, result = [], [], None
    for _ in range(rounds):
        wall, cpu = time.perf_counter(), time.process_time()
        result = work()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return result, min(walls), min(cpus)


def direct_order_6_check() -> int:
    """Every reduced square of order 6 checked for a split into 6 disjoint transversals; returns how many have one."""
    cells = list(product(range(6), repeat=2))
    with_mate = 0
    for square in latin.reduced_latin_squares(6):
        found = latin.transversals(square)
        with_mate += ExactCover(cells, {t: list(enumerate(t)) for t in found}).first() is not None
    return with_mate


def ten_random_squares(n: int) -> list[latin.Square]:
    return [latin.random_latin_square(n, seed) for seed in range(10)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="runs per figure; the best counts")
    rounds = parser.parse_args().rounds
    figures: dict[str, Any] = {"counts": []}
    print(f"{'n':>2} {'reduced':>8} {'seconds':>9} {'cpu':>9} {'all':>10} {'seconds':>9} {'cpu':>9}")
    for n in range(1, 7):
        reduced, reduced_wall, reduced_cpu = best_of(rounds, partial(latin.count_latin_squares, n, reduced=True))
        total, total_wall, total_cpu = best_of(rounds, partial(latin.count_latin_squares, n))
        print(f"{n:>2} {reduced:>8} {reduced_wall:>9.4f} {reduced_cpu:>9.4f}", end=" ")
        print(f"{total:>10} {total_wall:>9.4f} {total_cpu:>9.4f}")
        figures["counts"].append(
            {"n": n, "reduced": reduced, "reduced_seconds": reduced_wall, "reduced_cpu_seconds": reduced_cpu}
            | {"all": total, "all_seconds": total_wall, "all_cpu_seconds": total_cpu}
        )
    evidence, wall, cpu = best_of(rounds, latin.euler_36_officers)
    print(f"euler_36_officers: {evidence.main_classes} main classes, has_mate={evidence.has_mate}", end=", ")
    print(f"{wall:.2f} s ({cpu:.2f} cpu)")
    figures["euler_36_officers"] = {"seconds": wall, "cpu_seconds": cpu, "main_classes": evidence.main_classes}
    figures["euler_36_officers"] |= {"transversal_counts": evidence.transversal_counts, "has_mate": evidence.has_mate}
    with_mate, wall, cpu = best_of(1, direct_order_6_check)
    print(f"direct check of all 9408 reduced squares: {with_mate} with a mate, {wall:.2f} s ({cpu:.2f} cpu)")
    figures["direct_check"] = {"seconds": wall, "cpu_seconds": cpu, "squares_with_mate": with_mate}
    figures["random_latin_square_seconds"], figures["random_latin_square_cpu_seconds"] = {}, {}
    for n in RANDOM_ORDERS:
        _, wall, cpu = best_of(rounds, partial(ten_random_squares, n))
        print(f"random_latin_square({n}): {wall / 10 * 1000:.2f} ms per square")
        figures["random_latin_square_seconds"][str(n)] = wall / 10
        figures["random_latin_square_cpu_seconds"][str(n)] = cpu / 10
    print(json.dumps(figures))
    results.save(__file__, saved_figures(figures, rounds))


def saved_figures(figures: dict[str, Any], rounds: int) -> list[results.Figure]:
    """The CPU seconds (the steadier figures on a shared machine), each the best of ``rounds`` runs."""
    unit = f"CPU s, best of {rounds}"
    saved = []
    for row in figures["counts"]:
        saved.append(results.Figure(f"count_latin_squares({row['n']}, reduced=True)", row["reduced_cpu_seconds"], unit))
        saved.append(results.Figure(f"count_latin_squares({row['n']})", row["all_cpu_seconds"], unit))
    saved.append(results.Figure("euler_36_officers()", figures["euler_36_officers"]["cpu_seconds"], unit))
    direct = figures["direct_check"]["cpu_seconds"]
    saved.append(results.Figure("every reduced square of order 6 checked directly", direct, "CPU s, one run"))
    for n, seconds in figures["random_latin_square_cpu_seconds"].items():
        saved.append(results.Figure(f"random_latin_square({n})", seconds * 1000, f"CPU ms a square, best of {rounds}"))
    return saved


if __name__ == "__main__":
    main()
