"""The command line (``townwidget``, or ``python -m townwidget``): tournaments between agents and solo runs,
printing the arena's summary table.

    townwidget --version
    python -m townwidget arena --game town77 --players greedy,mcts,random --games 200 --seed 1
    python -m townwidget arena --game littletown --players greedy,random --games 10
    python -m townwidget solo --game town77 --agent mcts --deals 100

Options common to both: ``--iterations N`` or ``--seconds S`` (per move, for the searching agents), ``--workers K``
(parallel games), ``--records FILE`` (one JSON game record per line) and ``--no-progress``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from townwidget import __version__
from townwidget.agents import AGENT_NAMES
from townwidget.arena import Tournament, solo_run, tournament
from townwidget.classroom.cli import add_commands as add_classroom_commands


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    if "run" in args:  # the classroom commands run themselves (townwidget/classroom/cli.py)
        return int(args.run(args))
    budget = {key: getattr(args, key) for key in ("iterations", "seconds") if getattr(args, key) is not None}
    options = {"workers": args.workers, "progress": not args.no_progress, **budget}
    try:
        if args.command == "arena":
            players = [name.strip() for name in args.players.split(",") if name.strip()]
            if len(players) < 2:
                raise ValueError("--players needs at least two comma-separated agent names (use 'solo' for one)")
            result = tournament(players, game=args.game, games=args.games, seed=args.seed, **options)
        else:
            result = solo_run(args.agent, game=args.game, deals=args.deals, seed=args.seed, **options)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    _report(result, args.records)
    return 0


def _report(result: Tournament, records: str | None) -> None:
    print(result.table())
    if records:
        with open(records, "w", encoding="utf-8") as out:
            for record in result.records:
                out.write(json.dumps(record.to_dict()) + "\n")
        print(f"{len(result.records)} game records written to {records}")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="townwidget", description="Town and Little Town games between AI agents.")
    parser.add_argument("--version", action="version", version=f"townwidget {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    arena = commands.add_parser("arena", help="a multiplayer tournament with rotated seats")
    arena.add_argument("--players", required=True, help=f"comma-separated agents, from: {', '.join(AGENT_NAMES[:5])}")
    arena.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    solo = commands.add_parser("solo", help="one agent on fixed solo deals")
    solo.add_argument("--agent", required=True, choices=AGENT_NAMES)
    solo.add_argument("--deals", type=int, default=100, help="deals to play: seeds seed, seed+1, ... (default 100)")
    add_classroom_commands(commands)
    for command in (arena, solo):
        command.add_argument(
            "--game", default="town77", help="littletown (arena only), town77, town66 or townNN (default town77)"
        )
        command.add_argument("--seed", type=int, default=0, help="first deal's seed (default 0)")
        command.add_argument("--iterations", type=int, help="search iterations per move")
        command.add_argument("--seconds", type=float, help="search time per move, in seconds")
        command.add_argument("--workers", type=int, default=1, help="parallel games (default 1)")
        command.add_argument("--records", help="write the game records here, one JSON object per line")
        command.add_argument("--no-progress", action="store_true", help="no progress bar")
    return parser


if __name__ == "__main__":
    sys.exit(main())
