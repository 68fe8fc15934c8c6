"""The command line (``townwidget``, or ``python -m townwidget``): tournaments between agents, solo runs and class
leagues, printing the arena's summary table or the league's leaderboard.

    townwidget --version
    python -m townwidget arena --game town77 --players greedy,mcts,random --games 200 --seed 1
    python -m townwidget arena --game littletown --players greedy,random --games 10
    python -m townwidget solo --game town77 --agent mcts --deals 100
    python -m townwidget league submissions/ --game town77 --players 3 --games 200 --move-seconds 2 --workers 2
    python -m townwidget league submissions/ --csv board.csv --resume   # goes on after a stop, from board.games.jsonl
    python -m townwidget learn --game town77 --minutes 30 --out weights.npz
    townwidget serve --db class.sqlite            # a table server for people (docs/tables.md)
    townwidget tables --url http://127.0.0.1:8765            # its tables, in the terminal
    townwidget tables export --url http://127.0.0.1:8765 games/  # every finished game's record as JSON
    townwidget warm-up

``warm-up`` compiles the numba kernels into numba's cache now (for a hub image, once after installing), so that
no one's first hint pays for it (:mod:`townwidget.solvers.warm`).

Options common to ``arena`` and ``solo``: ``--iterations N`` or ``--seconds S`` (per move, for the searching
agents), ``--workers K`` (parallel games, at most :data:`~townwidget.arena.MAX_WORKERS`), ``--records FILE`` (one
JSON game record per line; checked before the first game) and ``--no-progress``. Agents are package names or
submission files (``.py``, run isolated). Ctrl-C prints the finished games' table, writes their records and exits
with status 130. A league writes each game as it finishes to its journal (``--journal``, by default beside
``--csv`` or ``--json``: ``NAME.games.jsonl``), which ``--resume`` continues; SIGTERM stops it as Ctrl-C does.
Its seed is best given in a file (``--seed-file``): a command line can be read by other processes.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from townwidget import __version__
from townwidget.agents import AGENT_NAMES, ALIASES
from townwidget.arena import (
    GameRecord,
    TournamentInterrupted,
    format_summary,
    league,
    solo_run,
    summarize,
    tournament,
)
from townwidget.classroom.cli import add_commands as add_classroom_commands
from townwidget.solvers import warm

INTERRUPTED = 130  # the shell's status for a command stopped by Ctrl-C (128 + SIGINT)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    if "run" in args:  # the classroom commands run themselves (townwidget/classroom/cli.py)
        return int(args.run(args))
    try:
        records = _open_records(args.records)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    try:
        with records or open(os.devnull, "w", encoding="utf-8") as out:
            return _run(args, out if records else None)
    except KeyboardInterrupt:  # before the first game or after the last: nothing finished is lost
        print("interrupted", file=sys.stderr)
        return INTERRUPTED


def _run(args: argparse.Namespace, records: IO[str] | None) -> int:
    try:
        if args.command == "league":
            return _league(args, records)
        result = _play(args)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except TournamentInterrupted as interrupted:
        done = interrupted.records
        print(f"interrupted: {len(done)} game(s) finished")
        if done:
            print(format_summary(summarize(done)))
        _write(done, records, args.records)
        return INTERRUPTED
    print(result.table())
    _write(result.records, records, args.records)
    return 0


def _play(args: argparse.Namespace) -> Any:
    budget = {key: getattr(args, key) for key in ("iterations", "seconds") if getattr(args, key) is not None}
    options = {"workers": args.workers, "progress": not args.no_progress, **budget}
    if args.command == "arena":
        players = [name.strip() for name in args.players.split(",") if name.strip()]
        if len(players) < 2:
            raise ValueError("--players needs at least two comma-separated agent names (use 'solo' for one)")
        return tournament(players, game=args.game, games=args.games, seed=args.seed, **options)
    # the clairvoyant solver (a par run) is the one agent allowed to peek, and only solo
    return solo_run(args.agent, game=args.game, deals=args.deals, seed=args.seed, allow_peeking=True, **options)


def _league(args: argparse.Namespace, records: IO[str] | None) -> int:
    outputs = [path for path in (args.csv, args.json, args.records) if path]
    journal = args.journal or next((str(Path(path).with_suffix(".games.jsonl")) for path in outputs[:2]), None)
    for path in outputs[:2]:  # made now, empty, so that the agents' sandbox can cover them
        _open_records(path).close()  # type: ignore[union-attr]
    seed = _seed_from(args.seed_file) if args.seed_file else args.seed
    options: dict[str, Any] = {"workers": args.workers, "progress": not args.no_progress}
    options |= {"move_seconds": args.move_seconds, "journal": journal, "resume": args.resume, "hidden": outputs}
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        result = league(args.directory, game=args.game, players=args.players, games=args.games, seed=seed, **options)
    except TournamentInterrupted as interrupted:
        print(f"interrupted: {len(interrupted.records)} game(s) finished" + (f", kept in {journal}" if journal else ""))
        _write(interrupted.records, records, args.records)
        return INTERRUPTED
    print(result.table())
    if journal:
        print(f"every game is in {journal}")
    for path, write in ((args.csv, result.to_csv), (args.json, result.to_json)):
        if path:
            write(path)
            print(f"leaderboard written to {path}")
    _write(result.records, records, args.records)
    return 0


def _warm_up(_args: argparse.Namespace) -> int:
    if not warm.available():
        print('numba is not installed: nothing to compile (pip install "townwidget[fast]" for the compiled search)')
        return 0
    where = os.environ.get("NUMBA_CACHE_DIR") or "beside the package, or ~/.cache/numba where it cannot be written"
    print(f"compiling the kernels into numba's cache ({where}); a minute or so the first time")
    start = time.perf_counter()
    warm.warm_up()
    print(f"done in {time.perf_counter() - start:.1f} s: the first hint of a game will not wait for them")
    return 0


def _interrupt(number: int, frame: Any) -> None:
    """SIGTERM stops a league as Ctrl-C does: the finished games are kept."""
    raise KeyboardInterrupt


def _seed_from(path: str) -> int:
    """The seed written in the file at ``path`` (so that no command line shows it)."""
    try:
        text = Path(path).read_text(encoding="utf-8").strip()
    except OSError as error:
        raise ValueError(f"--seed-file {path!r} cannot be read: {error.strerror}") from None
    if not text.isdigit() or len(text) > 60:
        raise ValueError(f"--seed-file {path!r} must hold one non-negative integer")
    return int(text)


def _open_records(path: str | None) -> IO[str] | None:
    """The --records file, opened before any game so that a path that cannot be written is said at once."""
    if not path:
        return None
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as error:
        raise ValueError(f"--records {path!r} cannot be written: {error.strerror}") from None


def _write(done: Sequence[GameRecord], records: IO[str] | None, path: str | None) -> None:
    if records is None:
        return
    for record in done:
        records.write(json.dumps(record.to_dict()) + "\n")
    print(f"{len(done)} game records written to {path}")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="townwidget", description="Town and Little Town games between AI agents.")
    parser.add_argument("--version", action="version", version=f"townwidget {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    names = ", ".join((*AGENT_NAMES[:5], *ALIASES))
    arena = commands.add_parser("arena", help="a multiplayer tournament with rotated seats")
    arena.add_argument("--players", required=True, help=f"comma-separated agents ({names}) or submission files")
    arena.add_argument("--games", type=int, default=100, help="games to play (default 100, at most 1,000,000)")
    solo = commands.add_parser("solo", help="one agent on fixed solo deals")
    solo.add_argument("--agent", required=True, choices=(*AGENT_NAMES, *ALIASES))
    solo.add_argument("--deals", type=int, default=100, help="deals to play: seeds seed, seed+1, ... (default 100)")
    add_classroom_commands(commands)
    _add_table_commands(commands)
    warm_up = commands.add_parser("warm-up", help="compile the numba kernels into numba's cache (for hub images)")
    warm_up.set_defaults(run=_warm_up)
    for command in (arena, solo):
        command.add_argument(
            "--game", default="town77", help="littletown (arena only), town77, town66 or townNN (default town77)"
        )
        command.add_argument("--seed", type=int, default=0, help="first deal's seed (default 0)")
        command.add_argument("--iterations", type=int, help="search iterations per move")
        command.add_argument("--seconds", type=float, help="search time per move, in seconds")
    leagues = commands.add_parser("league", help="a class league over a directory of submission files (.py)")
    leagues.add_argument("directory", help="a directory of submissions: each file defines act(view) or agent")
    leagues.add_argument("--game", default="town77", help="littletown, town77, town66 or townNN (default town77)")
    leagues.add_argument("--players", type=int, default=1, help="seats per game (default 1: solo deals)")
    leagues.add_argument("--games", type=int, default=20, help="games per submission (default 20)")
    leagues.add_argument("--move-seconds", type=float, default=5.0, help="wall-clock seconds per move (default 5)")
    leagues.add_argument("--seed", type=int, help="the run's seed (default: a fresh one, printed at the end)")
    leagues.add_argument("--csv", help="write the leaderboard here as CSV")
    leagues.add_argument("--json", help="write the leaderboard here as JSON")
    leagues.add_argument("--seed-file", help="read the run's seed from this file (no other process can see it)")
    leagues.add_argument("--journal", help="write each game here as it finishes (default: beside --csv or --json)")
    leagues.add_argument("--resume", action="store_true", help="go on with the league of the journal")
    _add_learn(commands)
    for command in (arena, solo, leagues):
        command.add_argument("--workers", type=int, default=1, help="parallel games (default 1, at most 4 per core)")
        command.add_argument("--records", help="write the game records here, one JSON object per line")
        command.add_argument("--no-progress", action="store_true", help="no progress bar")
    return parser


def _add_learn(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    learn = commands.add_parser("learn", help="learn a solo value by self-play; make_agent('learned', weights=OUT)")
    learn.add_argument("--game", default="town77", help="town77, town66 or townNN, n = 2..8 (default town77)")
    learn.add_argument("--minutes", type=float, default=30.0, help="CPU minutes to learn for (default 30)")
    learn.add_argument("--out", required=True, help="the weights file to write (.npz or .json), the best so far")
    learn.add_argument("--games", type=int, default=20_000, help="self-play games per round (default 20,000)")
    learn.add_argument("--evaluation", type=int, default=300, help="held-out deals measuring each round (300)")
    learn.add_argument("--start", help="a weights file to start from (default: the first legal move's value)")
    learn.add_argument("--seed", type=int, default=0, help="the seed of the self-play deals (default 0)")
    learn.add_argument("--no-progress", action="store_true", help="no progress bar")
    learn.set_defaults(run=_learn)


def _learn(args: argparse.Namespace) -> int:
    """Learn, writing the best weights to --out as they come; Ctrl-C keeps them (status 130)."""
    from townwidget.arena import mean_interval
    from townwidget.solvers import learning, value
    from townwidget.town import resolve_rules

    try:
        rules = resolve_rules(args.game)
        if not value.COMPILED:
            raise ValueError(
                'learning plays hundreds of thousands of games: it needs numba, pip install "townwidget[fast]"'
            )
        if not args.minutes > 0 or args.games < 1 or args.evaluation < 2:
            raise ValueError("--minutes must be above 0, --games at least 1 and --evaluation at least 2")
        if not args.out.endswith((".npz", ".json")):
            raise ValueError(f"--out {args.out!r}: a weights file ends in .npz or .json")
        start = None if args.start is None else value.load_weights(args.start).get(rules.n)
        if args.start is not None and start is None:
            raise ValueError(f"--start {args.start!r} has no weights for a {rules.n} x {rules.n} board")
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2

    def keep(learned: learning.Learned, measured: learning.Round) -> None:
        """Say how the round did, and write its weights if they are the best so far."""
        low, high = mean_interval(list(measured.scores))
        print(
            f"round {measured.number}: {measured.score:.2f} [{low:.2f}, {high:.2f}] tiles on {len(measured.scores)}"
            f" held-out deals, after {measured.games:,} self-play games, {measured.seconds:.0f} CPU s",
            flush=True,
        )
        if learned.best is measured:
            note = f"townwidget learn --game {rules.name}, round {measured.number}, {measured.games} games"
            value.save_weights({rules.n: learned.weights}, args.out, note=note)

    learned = learning.learn(
        rules, 60 * args.minutes, args.games, args.evaluation, args.seed, start, on_round=keep,
        progress=not args.no_progress,
    )  # fmt: skip
    best = learned.best
    print(f"{'interrupted: ' if learned.interrupted else ''}the best, round {best.number}, is in {args.out}")
    return INTERRUPTED if learned.interrupted else 0


def _add_table_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``serve`` (a table server) and ``tables`` (list, export): each runs itself (``args.run``)."""
    server = commands.add_parser("serve", help="a table server where people play each other (docs/tables.md)")
    server.add_argument("--db", default="townwidget-tables.sqlite", help="the store (default townwidget-tables.sqlite)")
    server.add_argument("--host", default="127.0.0.1", help="where to listen (default 127.0.0.1: this machine only)")
    server.add_argument("--port", type=int, default=8765, help="the port (default 8765; 0: any free one)")
    server.add_argument("--agents", help="a folder of submission files (.py) that tables may seat as bots")
    server.add_argument("--rate", type=float, default=20.0, help="requests a second per seat or address (default 20)")
    server.add_argument("--burst", type=int, default=60, help="requests allowed at once past the rate (default 60)")
    server.set_defaults(run=_serve)
    tables = commands.add_parser("tables", help="the tables of a server: a list, or 'export DIR' of its records")
    tables.add_argument("--url", default="http://127.0.0.1:8765", help="the server (default http://127.0.0.1:8765)")
    tables.set_defaults(run=_list_tables)
    export = tables.add_subparsers(dest="action").add_parser("export", help="write every finished game's record")
    export.add_argument("directory", help="where to write one JSON record per finished table")
    export.add_argument("--url", default="http://127.0.0.1:8765", help="the server (default http://127.0.0.1:8765)")
    export.set_defaults(run=_export_tables)


def _serve(args: argparse.Namespace) -> int:
    try:
        from townwidget.tables import serve

        options = {"agents": args.agents, "rate": args.rate, "burst": args.burst, "pages": _pages()}
        serve(args.db, args.host, args.port, ready=_say_served(args.db), **options)
    except (ImportError, OSError, ValueError) as error:
        print(f"error: {_words(error)}", file=sys.stderr)
        return 2
    print("townwidget tables: stopped; every acknowledged move is in the store", flush=True)
    return 0


def _pages() -> list[Any]:
    """The lobby and the tables' pages, where the widget extra is installed (without it: the API alone)."""
    try:
        from townwidget.pages import routes
    except ImportError as error:
        print(f"townwidget tables: no pages ({error}); the API alone is served", file=sys.stderr)
        return []
    return routes()


def _say_served(db: str) -> Any:
    def ready(url: str) -> None:
        print(f"townwidget tables: serving {url} (store {db}; the lobby at {url}/); Ctrl-C stops", flush=True)

    return ready


def _list_tables(args: argparse.Namespace) -> int:
    try:
        from townwidget.tables import Client

        found = Client(args.url, retry_seconds=0).tables()
    except (ImportError, OSError, ValueError) as error:
        print(f"error: {_words(error)}", file=sys.stderr)
        return 2
    print(f"{'table':<10} {'game':<11} {'revision':>8}  {'turn':<5} {'state':<9} seats")
    for table in found:
        seats = ", ".join(_seat_words(seat) for seat in table["seats"])
        turn = "-" if table["turn"] is None else str(table["turn"])
        state = "finished" if table["finished"] else ("open" if table["open"] else "playing")
        print(f"{table['table']:<10} {table['game']:<11} {table['revision']:>8}  {turn:<5} {state:<9} {seats}")
    print(f"{len(found)} table(s) at {args.url}")
    return 0


def _seat_words(seat: dict[str, Any]) -> str:
    if seat["name"] is None:
        return f"{seat['seat']}: (open)"
    what = "bot" if seat["bot"] else ("connected" if seat["connected"] else "away")
    return f"{seat['seat']}: {_printable(seat['name'])} ({what})"


def _printable(text: str) -> str:
    """A name as the terminal shows it: anything unprintable escaped (a name cannot move the cursor)."""
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in text)


def _export_tables(args: argparse.Namespace) -> int:
    from pathlib import Path

    try:
        from townwidget.tables import Client

        records = Client(args.url, retry_seconds=0)
        finished = [table["table"] for table in records.tables() if table["finished"]]
        folder = Path(args.directory)
        folder.mkdir(parents=True, exist_ok=True)
        for table in finished:
            if not table.replace("-", "").replace("_", "").isalnum():  # an id is a file name here: no path
                raise ValueError(f"the server gave a table id that is no file name: {table!r}")
            record = records.record(table)
            (folder / f"{table}.json").write_text(json.dumps(record.to_dict(), indent=1) + "\n", encoding="utf-8")
    except (ImportError, OSError, ValueError) as error:
        print(f"error: {_words(error)}", file=sys.stderr)
        return 2
    print(f"{len(finished)} finished game record(s) written to {folder}")
    return 0


def _words(error: BaseException) -> str:
    if isinstance(error, ImportError):
        return f"the tables need their extra: pip install 'townwidget[tables]' ({error.name} is missing)"
    return str(error)


if __name__ == "__main__":
    sys.exit(main())
