"""No blunders that greedy would not make: over many Town solo deals, no game of the best agent ends below 15 tiles
on a deal whose par is 30 or more, whether the agent is new for each deal or one agent is reused for them all.

Each deal is played by a fresh ``make_agent("best", seed=deal)`` and by one ``make_agent("best", seed=1)`` reused
for every deal, each only until the game ends or reaches 15 tiles (a game past 15 tiles is no blunder, so the rest
is not played: this is what lets hundreds of deals fit in minutes). For a game that ended below 15 tiles, the par
(the clairvoyant solver's score within ``--par-seconds``, a lower bound where it did not finish, so "par >= 30" is
never claimed wrongly) and greedy's score are computed. ``--end-margin 1`` turns off the expert's guard against
dead ends (:func:`townwidget.agents.expert.safest`), for a before/after count on the same deals.

    nice -n 10 python benchmarks/no_blunder.py [--rules town77] [--first 0] [--deals 100] [--par-seconds 2]
                                               [--end-margin 0.03]

Prints each short game, then the games that ended below 15 tiles and the blunders (those on a deal with par >= 30)
per agent, and saves the counts to ``benchmarks/results/`` (``benchmarks/results.py``; ``docs/benchmarks.md``).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import results

from townwidget import town
from townwidget.agents import expert, make_agent
from townwidget.arena import solo_par

BLUNDER_TILES, BLUNDER_PAR = 15, 30  # a game below 15 tiles on a deal whose par is 30 or more is a blunder


def placed_until(rules: str, deal: int, choose: Any, enough: int | None = None) -> int:
    """The tiles placed on ``deal`` by ``choose``, the game stopped once ``enough`` are on the board."""
    game = town.new_solo(rules, seed=deal)
    while not game.is_terminal() and (enough is None or game.board.placed() < enough):
        game.apply(choose(game.view(0)))
    return game.board.placed()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="town77")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--par-seconds", type=float, default=2.0)
    parser.add_argument("--end-margin", type=float, default=expert.END_MARGIN)
    args = parser.parse_args()
    expert.END_MARGIN = args.end_margin
    reused = make_agent("best", seed=1)
    short: dict[str, list[int]] = {"fresh": [], "reused": []}
    blunders: dict[str, list[int]] = {"fresh": [], "reused": []}
    start, deals = time.process_time(), range(args.first, args.first + args.deals)
    for deal in deals:
        for kind, agent in (("fresh", make_agent("best", seed=deal)), ("reused", reused)):
            tiles = placed_until(args.rules, deal, agent.act, BLUNDER_TILES)
            if tiles >= BLUNDER_TILES:
                continue
            short[kind].append(deal)
            par = solo_par(args.rules, deals=1, seed=deal, seconds=args.par_seconds, progress=False)[0].score
            greedy = placed_until(args.rules, deal, make_agent("greedy", seed=deal).act)
            if par >= BLUNDER_PAR:
                blunders[kind].append(deal)
            print(f"deal {deal}: {kind} best agent {tiles} tiles, greedy {greedy}, par {par}", flush=True)
    where = f"{args.rules.replace('town', 'Town ')}, deals {deals.start}-{deals.stop - 1}, end margin {args.end_margin}"
    figures = []
    for kind in short:
        print(f"{where}, {kind} agent: below {BLUNDER_TILES} tiles on {short[kind] or 'no deal'}")
        print(f"{where}, {kind} agent: blunders (par >= {BLUNDER_PAR}) on {blunders[kind] or 'no deal'}")
        figures.append(
            results.Figure(
                f"{where}: games below {BLUNDER_TILES} tiles where par >= {BLUNDER_PAR} ({kind} best agent)",
                len(blunders[kind]),
                "games",
            )
        )
    print(f"{where}: {time.process_time() - start:.0f} CPU s")
    results.save(__file__, figures)


if __name__ == "__main__":
    main()
