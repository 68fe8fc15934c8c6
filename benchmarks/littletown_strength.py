"""Agent strength at Little Town: the mean score (VP) of random, greedy, mcts and ismcts in 2-player and 4-player
games, each seated with greedy opponents, and the search agents' win rates against greedy.

    python benchmarks/littletown_strength.py [--games2 20] [--games4 12] [--cheap-games 40] [--iterations 200]
                                             [--workers 2] [--seed 0]

Every table is an arena tournament with rotated seats (deal ``seed + g // P`` played from every seat), so each
agent sits in every seat on the same deals. The tested agent plays against greedy opponents (greedy: all seats
greedy); ``--games2``/``--games4`` games for each search agent, ``--cheap-games`` for random and greedy, whose
moves cost microseconds. A win is rank 1, shared ties included. Prints the tables and a last JSON line with every
figure.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from townwidget.arena import tournament, wilson_interval

TESTED = ("random", "greedy", "mcts", "ismcts")
SEARCHING = ("mcts", "ismcts")


def seat_with_greedy(agent: str, players: int) -> list[str]:
    """The tested agent in seat 0 and greedy opponents (rotation moves it through every seat)."""
    return [agent] + ["greedy"] * (players - 1)


def measure(players: int, games: dict[str, int], iterations: int, workers: int, seed: int) -> dict[str, Any]:
    """Each tested agent against greedy opponents: its mean VP, the opponents' mean VP and its win rate."""
    figures: dict[str, Any] = {}
    for agent in TESTED:
        start = time.perf_counter()
        result = tournament(
            seat_with_greedy(agent, players),
            game="littletown",
            games=games[agent],
            seed=seed,
            workers=workers,
            progress=False,
            iterations=iterations,
        )
        rows = {row["agent"]: row for row in result.summary}
        budget = f"{iterations} iterations/move" if agent in SEARCHING else "no search"
        print(f"\n{players} players, {agent} with greedy opponents, {games[agent]} games ({budget})")
        print(result.table())
        mine = rows[agent]
        figures[agent] = {
            "games": mine["games"],
            "mean_vp": mine["mean_score"],
            "vp_ci95": mine["score_ci"],
            "opponents_mean_vp": rows["greedy"]["mean_score"] if agent != "greedy" else None,
            "win_rate": mine["win_rate"],
            "win_ci95": mine["win_ci"],
            "wins": round(mine["win_rate"] * mine["games"]),
            "seconds": time.perf_counter() - start,
        }
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games2", type=int, default=20, help="2-player games per search agent (a multiple of 2)")
    parser.add_argument("--games4", type=int, default=12, help="4-player games per search agent (a multiple of 4)")
    parser.add_argument("--cheap-games", type=int, default=40, help="games for random and greedy")
    parser.add_argument("--iterations", type=int, default=200, help="search iterations per move")
    parser.add_argument("--workers", type=int, default=2, help="parallel games")
    parser.add_argument("--seed", type=int, default=0, help="first deal")
    args = parser.parse_args()
    figures: dict[str, Any] = {"iterations": args.iterations}
    for players, search_games in ((2, args.games2), (4, args.games4)):
        games = {"random": args.cheap_games, "greedy": args.cheap_games} | dict.fromkeys(SEARCHING, search_games)
        figures[f"{players}p"] = measure(players, games, args.iterations, args.workers, args.seed)
    head = f"{'agent':<8} {'2p mean VP [95% CI]':<26} {'4p mean VP [95% CI]':<26}"
    print(f"\nSummary: mean VP with greedy opponents\n{head}\n{'-' * len(head)}")
    for agent in TESTED:
        cells = [figures[f"{p}p"][agent] for p in (2, 4)]
        text = [f"{c['mean_vp']:.1f} [{c['vp_ci95'][0]:.1f}, {c['vp_ci95'][1]:.1f}]" for c in cells]
        print(f"{agent:<8} {text[0]:<26} {text[1]:<26}")
    for agent in SEARCHING:
        duel = figures["2p"][agent]
        low, high = wilson_interval(duel["wins"], duel["games"])
        figures[f"{agent}_vs_greedy_2p_win_rate"] = {
            "rate": duel["win_rate"],
            "ci95": [low, high],
            "games": duel["games"],
        }
        rate = f"{duel['win_rate']:.3f} [95% CI {low:.3f}, {high:.3f}] over {duel['games']} games"
        print(f"\n{agent} ({args.iterations} iterations) win rate against greedy, 2 players: {rate}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
