"""How often any honest player's Town solo game ends almost at once: the floor under the no-blunder count.

For each board, the exact chance over every deal that the game is over with at most 1, 2, 3 (``--tiles``) tiles placed
however the player plays from what a player sees (:func:`townwidget.agents.dead_end.unavoidable_end`), and from it
the largest chance that an honest player goes through ``--deals`` deals without one such game: ``(1 - p) ** deals``
(deals are independent). A clairvoyant player, who knows the pile orders, rarely ends that soon, so most of these
games have a par of 30 or more on Town 77 (``benchmarks/no_blunder.py`` prints the par of each short game).

    python benchmarks/unavoidable_end.py [--boards town77 town66 town44] [--deals 500] [--tiles 3]
"""

from __future__ import annotations

import argparse
import time

import results

from townwidget.agents.dead_end import unavoidable_end


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", nargs="+", default=["town77", "town66", "town44"])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--tiles", type=int, default=3, help="up to this many tiles (Town 77: 4 takes ~5 CPU min)")
    args = parser.parse_args()
    figures = []
    for rules in args.boards:
        name = rules.replace("town", "Town ")
        for tiles in range(1, args.tiles + 1):
            start = time.process_time()
            chance = unavoidable_end(rules, tiles)
            spent = time.process_time() - start
            clean = (1 - chance) ** args.deals
            most = f"at most {tiles} tile{'s' if tiles > 1 else ''}"
            print(
                f"{name}: over with {most}, whatever an honest player does: {chance:.4%} of deals; "
                f"no such game in {args.deals} deals: at most {clean:.1%} ({spent:.1f} CPU s)",
                flush=True,
            )
            figures.append(
                results.Figure(
                    f"{name}: deals that end with {most} for every honest player (exact, all openings)",
                    round(100 * chance, 4),
                    "%",
                )
            )
            figures.append(
                results.Figure(
                    f"{name}: chance that an honest player has no game of {most} in {args.deals} deals (at most)",
                    round(100 * clean, 2),
                    "%",
                )
            )
    results.save(__file__, figures)


if __name__ == "__main__":
    main()
