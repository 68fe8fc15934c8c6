"""Agent strength at Little Town: the mean score (VP) of random, greedy, mcts and ismcts in 2-player and 4-player
games, each seated with greedy opponents, the search agents' win rates against greedy, and their CPU time per
decision.

    python benchmarks/littletown_strength.py [--games2 20] [--games4 12] [--cheap-games 40] [--iterations N]
                                             [--agents random,greedy,mcts,ismcts] [--players 2,4]
                                             [--timing-games 1] [--workers 2] [--seed 0] [--chunk 20]

Every table is an arena tournament with rotated seats (deal ``seed + g // P`` played from every seat), so each
agent sits in every seat on the same deals. The tested agent plays against greedy opponents (greedy: all seats
greedy); ``--games2``/``--games4`` games for each search agent, ``--cheap-games`` for random and greedy, whose
moves cost microseconds. A win is rank 1, shared ties included; intervals are 95% (Wilson for win rates). Without
``--iterations`` the search agents take their default budget (for Little Town, the number of iterations the game
advises: the default search opponent). The CPU time per decision is measured apart, in this process, over
``--timing-games`` games per search agent (decisions with a single legal action cost nothing and are not counted).
Prints the tables and a last JSON line with every figure, and saves the figures to ``benchmarks/results/``
(``benchmarks/results.py``; ``docs/benchmarks.md``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

import results

from townwidget.agents import make_agent
from townwidget.arena import format_summary, summarize, tournament, wilson_interval
from townwidget.littletown import new_game

TESTED = ("random", "greedy", "mcts", "ismcts")
SEARCHING = ("mcts", "ismcts")


def seat_with_greedy(agent: str, players: int) -> list[str]:
    """The tested agent in seat 0 and greedy opponents (rotation moves it through every seat)."""
    return [agent] + ["greedy"] * (players - 1)


def measure(
    players: int,
    agents: list[str],
    games: dict[str, int],
    budget: dict[str, int],
    workers: int,
    seed: int,
    chunk: int,
) -> dict[str, Any]:
    """Each tested agent against greedy opponents: its mean VP, the opponents' mean VP and its win rate.

    The games are played in chunks of ``chunk`` (the same deals as one tournament), and the running win rate is
    printed after each, so a long run shows where it stands."""
    figures: dict[str, Any] = {}
    for agent in agents:
        start, seats, records = time.perf_counter(), seat_with_greedy(agent, players), []
        for first in range(0, games[agent], chunk):
            size = min(chunk, games[agent] - first)
            part = tournament(
                seats, "littletown", size, seed + first // players, workers=workers, progress=False, **budget
            )
            records += part.records
            row = next(row for row in summarize(records, seats) if row["agent"] == agent)
            wins = round(row["win_rate"] * row["games"])
            low, high = wilson_interval(wins, row["games"])
            print(f"  {agent}, {players} players: {wins}/{row['games']} won [95% CI {low:.3f}, {high:.3f}]", flush=True)
        rows = {row["agent"]: row for row in summarize(records, seats)}
        spent = f"{budget['iterations']} iterations/move" if budget else "default budget"
        print(f"\n{players} players, {agent} with greedy opponents, {games[agent]} games ({spent})")
        print(format_summary(list(rows.values())))
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


def cpu_per_decision(agent: str, players: int, budget: dict[str, int], games: int, seed: int) -> dict[str, float]:
    """CPU seconds per decision of ``agent`` (seat 0) against greedy players: mean and max over ``games`` games."""
    times = []
    for deal in range(seed, seed + games):
        game = new_game(players=players, seed=deal)
        greedy = [make_agent("greedy", seed=deal + seat) for seat in range(1, players)]
        seats = [make_agent(agent, seed=deal, **budget), *greedy]
        while not game.is_terminal():
            player = game.current_player
            assert player is not None
            view, several = game.view(player), len(game.legal_actions()) > 1
            start = time.process_time()
            action = seats[player].act(view)
            if player == 0 and several:
                times.append(time.process_time() - start)
            game.apply(action)
    return {"mean": statistics.fmean(times), "max": max(times), "decisions": len(times)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games2", type=int, default=20, help="2-player games per search agent (a multiple of 2)")
    parser.add_argument("--games4", type=int, default=12, help="4-player games per search agent (a multiple of 4)")
    parser.add_argument("--cheap-games", type=int, default=40, help="games for random and greedy")
    parser.add_argument("--iterations", type=int, default=None, help="search iterations per move (default: advised)")
    parser.add_argument("--agents", default=",".join(TESTED), help="the agents tested, from " + ",".join(TESTED))
    parser.add_argument("--players", default="2,4", help="player counts: 2, 4 or 2,4")
    parser.add_argument("--timing-games", type=int, default=1, help="games per search agent timed for CPU s")
    parser.add_argument("--workers", type=int, default=2, help="parallel games")
    parser.add_argument("--seed", type=int, default=0, help="first deal")
    parser.add_argument("--chunk", type=int, default=20, help="games between two running win rates (a multiple of P)")
    args = parser.parse_args()
    agents = [agent for agent in args.agents.split(",") if agent]
    if not agents or any(agent not in TESTED for agent in agents):
        parser.error(f"--agents must name some of {','.join(TESTED)}")
    budget = {} if args.iterations is None else {"iterations": args.iterations}
    counts = [int(players) for players in args.players.split(",")]
    figures: dict[str, Any] = {"iterations": args.iterations or "default"}
    for players in counts:
        search_games = args.games2 if players == 2 else args.games4
        games = {"random": args.cheap_games, "greedy": args.cheap_games} | dict.fromkeys(SEARCHING, search_games)
        figures[f"{players}p"] = measure(players, agents, games, budget, args.workers, args.seed, args.chunk)
        for agent in (agent for agent in agents if agent in SEARCHING):
            cpu = cpu_per_decision(agent, players, budget, args.timing_games, args.seed)
            figures[f"{players}p"][agent]["cpu_s_per_decision"] = cpu
            duel = figures[f"{players}p"][agent]
            low, high = wilson_interval(duel["wins"], duel["games"])
            print(
                f"\n{agent} ({figures['iterations']} iterations) against greedy, {players} players: wins "
                f"{duel['win_rate']:.3f} [95% CI {low:.3f}, {high:.3f}] of {duel['games']} games; CPU s per decision "
                f"{cpu['mean']:.3f} (max {cpu['max']:.3f}, {cpu['decisions']} decisions timed)"
            )
    head = "agent    " + "".join(f"{f'{players}p mean VP [95% CI]':<26}" for players in counts)
    print(f"\nSummary: mean VP with greedy opponents\n{head}\n{'-' * len(head)}")
    for agent in agents:
        cells = [figures[f"{players}p"][agent] for players in counts]
        text = [f"{c['mean_vp']:.1f} [{c['vp_ci95'][0]:.1f}, {c['vp_ci95'][1]:.1f}]" for c in cells]
        print(f"{agent:<8} " + "".join(f"{cell:<26}" for cell in text))
    print(json.dumps(figures))
    results.save(__file__, [figure for players in counts for figure in saved_figures(figures, players, agents)])


def saved_figures(figures: dict[str, Any], players: int, agents: list[str]) -> list[results.Figure]:
    """Each tested agent against greedy opponents: its win rate, its VP and theirs, its CPU time a decision."""
    budget = "advised budget" if figures["iterations"] == "default" else f"{figures['iterations']} iterations"
    saved = []
    for agent in agents:
        row = figures[f"{players}p"][agent]
        where = f"{agent} ({budget}) against greedy, {players} players ({row['games']} games)"
        saved.append(results.Figure(f"{where}: mean score", row["mean_vp"], "VP", row["vp_ci95"]))
        if agent == "greedy":
            continue
        rate = [bound * 100 for bound in row["win_ci95"]]
        saved.append(results.Figure(f"{where}: win rate", row["win_rate"] * 100, "%", rate))
        saved.append(results.Figure(f"{where}: greedy opponents' mean score", row["opponents_mean_vp"], "VP"))
        if "cpu_s_per_decision" in row:
            cpu = row["cpu_s_per_decision"]
            unit = f"CPU s (mean; at most {cpu['max']:.2f})"
            saved.append(results.Figure(f"{where}: CPU time a decision", cpu["mean"], unit))
    return saved


if __name__ == "__main__":
    main()
