"""Learned value: whole solo games greedy by the learned value of ``townwidget.solvers.value`` beside the greedy agent
(greedy by the heuristic of ``townwidget.town.heuristic``), on the same deals (``new_solo(board, seed=d)``).

Both look one move ahead and play the move whose position their estimate rates best; only the estimate differs.
The learned value plays compiled (numba, the ``fast`` extra), the greedy agent on the scalar engine.

    python benchmarks/learned_value.py [--boards town44 town55 town77] [--deals 300] [--learned-deals 4000]

Prints per board the mean tiles placed by each with 95% intervals, the paired difference on the greedy agent's
deals, CPU seconds per game, and a last JSON line with the figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

from townwidget import town
from townwidget.agents import make_agent
from townwidget.arena import mean_interval
from townwidget.solvers import value


def learned_game(board: str, deal: int) -> int:
    """Tiles placed by greedy play on the learned value from the deal's start."""
    state = town.new_solo(board, seed=deal)
    return round(value.playout(state, state.rules.tiles))


def greedy_game(board: str, deal: int) -> int:
    game, agent = town.new_solo(board, seed=deal), make_agent("greedy", seed=deal)
    while not game.is_terminal():
        game.apply(agent.act(game.view(0)))
    return game.board.placed()


def timed(play: Callable[[str, int], int], board: str, deals: range) -> tuple[list[int], float]:
    clock = time.process_time()
    scores = [play(board, deal) for deal in deals]
    return scores, (time.process_time() - clock) / len(deals)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", nargs="+", default=["town44", "town55", "town77"])
    parser.add_argument("--deals", type=int, default=300, help="deals for the greedy agent (and the paired figure)")
    parser.add_argument("--learned-deals", type=int, default=4000, help="deals for the learned value")
    args = parser.parse_args()
    if not value.COMPILED:
        raise SystemExit('the learned value plays compiled: pip install "townwidget[fast]"')
    learned_game(args.boards[0], 0)  # compile before the clock starts
    figures = {}
    for board in args.boards:
        greedy, greedy_cpu = timed(greedy_game, board, range(args.deals))
        learned, learned_cpu = timed(learned_game, board, range(args.learned_deals))
        gaps = [mine - theirs for mine, theirs in zip(learned, greedy, strict=False)]
        figures[board] = row = {
            "greedy": {"mean": statistics.fmean(greedy), "ci95": mean_interval(greedy), "cpu_s_per_game": greedy_cpu},
            "learned": {
                "mean": statistics.fmean(learned),
                "ci95": mean_interval(learned),
                "cpu_s_per_game": learned_cpu,
            },
            "paired": {"deals": len(gaps), "mean": statistics.fmean(gaps), "ci95": mean_interval(gaps)},
        }
        for label in ("greedy", "learned"):
            low, high = row[label]["ci95"]
            print(
                f"{board} {label:<8} {row[label]['mean']:6.2f} [{low:.2f}, {high:.2f}] tiles"
                f"  {row[label]['cpu_s_per_game'] * 1000:8.2f} CPU ms a game"
            )
        low, high = row["paired"]["ci95"]
        paired = f"{row['paired']['mean']:+.2f} [{low:+.2f}, {high:+.2f}]"
        print(f"{board} learned - greedy on deals 0-{len(gaps) - 1}: {paired}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
