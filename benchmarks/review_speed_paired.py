"""Review speed before and after a change, paired: the same 2-player Little Town games (greedy against greedy)
reviewed by a baseline source tree and by this one, alternately in fresh processes, so that both meet the same load.

Each review runs in its own process (``python -c``, ``PYTHONPATH`` set to the tree), timed there in CPU seconds
(``time.process_time``) and wall seconds; the order of the two trees alternates from game to game. Printed and
saved: each tree's mean CPU and wall seconds and the mean ratio of CPU seconds (this tree over the baseline, game by
game), with 95% intervals. A baseline tree is any checkout's source, e.g.

    git archive 5affa14 townwidget | tar -x -C /tmp/base
    nice -n 10 python benchmarks/review_speed_paired.py --base /tmp/base [--games 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import results

HERE = Path(__file__).resolve().parent.parent
REVIEW = """
import json, time
from townwidget import arena
from townwidget.advice import review
record = arena.play_game(["greedy", "greedy"], game="littletown", seed={seed})
cpu, wall = time.process_time(), time.perf_counter()
review(record, progress=False)
print(json.dumps([time.process_time() - cpu, time.perf_counter() - wall]))
"""


def timed(tree: Path, seed: int) -> tuple[float, float]:
    """CPU and wall seconds of one review by the source in ``tree``."""
    environment = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", REVIEW.format(seed=seed)], env=environment, capture_output=True, text=True, check=True
    )
    cpu, wall = json.loads(out.stdout.strip().splitlines()[-1])
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, required=True, help="the baseline's source tree (holding townwidget/)")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    trees = {"baseline": args.base.resolve(), "this tree": HERE}
    seen: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
    for game in range(args.games):
        order = list(trees) if game % 2 == 0 else list(reversed(trees))
        for name in order:
            seen[name].append(timed(trees[name], args.seed + game))
            cpu, wall = seen[name][-1]
            print(f"game {game + 1}, {name}: {cpu:.1f} CPU s, {wall:.1f} s wall", flush=True)
    ratios = [after[0] / before[0] for before, after in zip(seen["baseline"], seen["this tree"], strict=True)]
    figures = []
    for name, times in seen.items():
        label = f"review of a 2-player Little Town game, {name}"
        figures.append(results.mean_figure(label, [cpu for cpu, _wall in times], "CPU s"))
        figures.append(results.mean_figure(f"{label}, wall", [wall for _cpu, wall in times], "s"))
    figures.append(results.mean_figure("CPU seconds, this tree over the baseline (paired)", ratios, "ratio"))
    for figure in figures:
        print(f"{figure.label}: {figure.value} {figure.unit} {figure.interval or ''}")
    results.save(__file__, figures)


if __name__ == "__main__":
    main()
