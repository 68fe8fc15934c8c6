"""Without numpy: what a hint costs where numpy cannot be installed (a browser's Python, the JupyterLite site),
beside the same hints with numpy, in CPU seconds.

Each side runs in a fresh interpreter; the numpy-free one behind the import hook of ``tests/no_numpy.py``, which
refuses numpy and numba as if they were not installed. With numpy, Town solo hints play out on the batched
simulator; without it, on the scalar engine (other playouts: other numbers, reproducible by seed). Town
multiplayer and Little Town hints use the scalar engine either way.

    python benchmarks/no_numpy_speed.py [--positions 5]

Prints the mean CPU seconds of a hint per game and side (95% t interval) and their ratio, and saves the figures to
``benchmarks/results/`` (``benchmarks/results.py``; ``docs/benchmarks.md``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import results

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from no_numpy import HOOK  # noqa: E402  (the one hook the tests use too)

TIMING = """
import json, time
from townwidget import hint, littletown, town

def positions(game, count, seed):
    found = []
    for number in range(count):
        state = game(seed + number)
        for _ in range(3 + number):
            if state.is_terminal():
                break
            state.apply(state.legal_actions()[0])
        if not state.is_terminal():
            found.append(state.view(state.current_player))
    return found

games = {{
    "Town 77 solo": lambda seed: town.new_solo("town77", seed=seed),
    "Town 77, 3 players": lambda seed: town.new_game("town77", players=3, seed=seed),
    "Little Town, 2 players": lambda seed: littletown.new_game(players=2, seed=seed),
}}
seconds = {{}}
for label, game in games.items():
    seconds[label] = []
    hint(positions(game, 1, 99)[0], seed=0)  # imports and compiles outside the timing
    for view in positions(game, {count}, 100):
        start = time.process_time()
        hint(view, seed=0)
        seconds[label].append(time.process_time() - start)
print(json.dumps(seconds))
"""


def timed(count: int, without_numpy: bool) -> dict[str, list[float]]:
    code = (HOOK if without_numpy else "") + TIMING.format(count=count)
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return json.loads(output.splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5)
    args = parser.parse_args()
    with_numpy, without = timed(args.positions, False), timed(args.positions, True)
    saved = []
    for label in with_numpy:
        fast = results.mean_figure(f"hint, {label}, with numpy", with_numpy[label], "CPU s")
        slow = results.mean_figure(f"hint, {label}, without numpy", without[label], "CPU s")
        ratio = slow.value / fast.value if fast.value else float("nan")
        print(
            f"hint, {label}: {fast.value:.3f} CPU s with numpy {fast.interval}, "
            f"{slow.value:.3f} without {slow.interval}"
        )
        saved += [fast, slow, results.Figure(f"hint, {label}: without numpy / with numpy", round(ratio, 2), "x")]
    results.save(__file__, saved)


if __name__ == "__main__":
    main()
