"""Engine speed: random solo Town 77 playouts through the public API, beside a careful bare loop with no engine.

The bare loop keeps a set of colours and of shapes per row and per column and a frontier set, and at each move
lists the (pile, cell) pairs where a pile top fits, then picks one uniformly: the same random policy as choosing
uniformly among ``legal_actions()``. Both run in this one process, one after the other, in alternating rounds; the
best round of each counts. Rates are per CPU second of this process, and per wall-clock second beside them: on a
shared, busy machine the CPU figures are the steadier ones, and the ratio is taken from them.

    python benchmarks/engine_speed.py [--games 400] [--rounds 5]

Prints moves per second for both, their ratio, the time of ``clone()``, and a last JSON line with the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import time
import timeit

from townwidget import town


def bare_loop_playout(n: int, rng: random.Random) -> int:
    """One random solo game without the engine; returns the number of moves (tiles placed)."""
    tiles = [(c, s) for c in range(n) for s in range(n)]
    rng.shuffle(tiles)
    size = len(tiles) // 3
    piles = [tiles[: size + 1], tiles[size + 1 : 2 * size + 1], tiles[2 * size + 1 :]]
    row_colours = [set() for _ in range(n)]
    row_shapes = [set() for _ in range(n)]
    col_colours = [set() for _ in range(n)]
    col_shapes = [set() for _ in range(n)]
    occupied: set[tuple[int, int]] = set()
    frontier = {(0, 0)}
    moves = 0
    while True:
        options = []
        for p, pile in enumerate(piles):
            if not pile:
                continue
            c, s = pile[-1]
            for cell in frontier:
                r, k = cell
                if c in row_colours[r] or c in col_colours[k] or s in row_shapes[r] or s in col_shapes[k]:
                    continue
                options.append((p, cell))
        if not options:
            return moves
        p, (r, k) = options[rng.randrange(len(options))]
        c, s = piles[p].pop()
        row_colours[r].add(c)
        col_colours[k].add(c)
        row_shapes[r].add(s)
        col_shapes[k].add(s)
        occupied.add((r, k))
        frontier.discard((r, k))
        for cell in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)):
            if 0 <= cell[0] < n and 0 <= cell[1] < n and cell not in occupied:
                frontier.add(cell)
        moves += 1


def engine_playout(seed: int, rng: random.Random) -> int:
    game = town.new_solo(town.TOWN77, seed=seed)
    moves = 0
    while not game.is_terminal():
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
        moves += 1
    return moves


def moves_per_second(play, games: int) -> tuple[float, float, float]:
    """(moves per CPU second, moves per wall second, mean moves a game) of ``games`` playouts."""
    rng = random.Random(1)
    wall, cpu = time.perf_counter(), time.process_time()
    moves = sum(play(seed, rng) for seed in range(games))
    return moves / (time.process_time() - cpu), moves / (time.perf_counter() - wall), moves / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    engine, bare = [], []
    for _ in range(args.rounds):
        engine.append(moves_per_second(engine_playout, args.games))
        bare.append(moves_per_second(lambda seed, rng: bare_loop_playout(7, rng), args.games))
    engine_best, bare_best = max(e[0] for e in engine), max(b[0] for b in bare)
    engine_wall, bare_wall = max(e[1] for e in engine), max(b[1] for b in bare)
    game = town.new_solo(town.TOWN77, seed=0)
    for _ in range(10):
        game.apply(game.legal_actions()[0])
    clone_us = min(timeit.repeat(game.clone, number=20000, repeat=5)) / 20000 * 1e6
    multi = town.new_game(town.TOWN77, players=4, seed=0)
    clone_multi_us = min(timeit.repeat(multi.clone, number=20000, repeat=5)) / 20000 * 1e6
    print(f"{'random solo Town 77 playouts':<34}{'moves/CPU s':>12}{'moves/s':>12}{'mean moves':>12}")
    print(f"{'engine (legal_actions + apply)':<34}{engine_best:>12,.0f}{engine_wall:>12,.0f}{engine[0][2]:>12.2f}")
    print(f"{'bare loop (sets, frontier)':<34}{bare_best:>12,.0f}{bare_wall:>12,.0f}{bare[0][2]:>12.2f}")
    print(f"engine / bare loop: {engine_best / bare_best:.2f}x (CPU), {engine_wall / bare_wall:.2f}x (wall)")
    print(f"clone(): solo {clone_us:.2f} us, 4-player {clone_multi_us:.2f} us")
    figures = {
        "engine_moves_per_cpu_s": round(engine_best),
        "bare_loop_moves_per_cpu_s": round(bare_best),
        "engine_moves_per_s": round(engine_wall),
        "bare_loop_moves_per_s": round(bare_wall),
        "ratio": round(engine_best / bare_best, 2),
        "wall_ratio": round(engine_wall / bare_wall, 2),
        "engine_mean_moves": round(engine[0][2], 2),
        "bare_mean_moves": round(bare[0][2], 2),
        "clone_solo_us": round(clone_us, 2),
        "clone_multi_us": round(clone_multi_us, 2),
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
