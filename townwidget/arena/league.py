"""A class league: every submission isolated, on the same deals, ranked on a leaderboard.

A submission is a Python file that defines ``act(view)`` or an object named ``agent`` with ``act(view)`` (its name
is the file's stem), loaded only inside its own isolated process; agent objects and package names may join too.
A file that does not load, or defines neither, is reported in words (``League.rejected``) and plays no game.

- Solo (``players=1``): every submission plays the same ``games`` deals; the leaderboard gives the mean tiles
  placed with its 95% interval and each one's paired difference to the leader (deal by deal), with its interval.
- Multiplayer: tables of ``players`` seats drawn afresh each round from the run's seed, each deal played from every
  seat; the leaderboard gives an ``openskill`` rating (Plackett-Luce: ``mu`` and its uncertainty ``sigma``, ranked
  by ``mu - 3 sigma``), the win rate with its Wilson interval and the mean rank.

Every row also counts the forfeits by reason and the CPU seconds per move. ``League`` prints as a terminal table,
writes CSV and JSON files, and shows as an HTML table in a notebook.
"""

from __future__ import annotations

import csv
import dataclasses
import hashlib
import html
import json
import math
import os
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from townwidget.arena.intervals import mean_interval, wilson_interval
from townwidget.arena.isolation import (
    DEFAULT_MEMORY_MB,
    DEFAULT_MOVE_SECONDS,
    START_SECONDS,
    Limits,
    agent_processes,
    check_submission,
    is_submission,
)
from townwidget.arena.journal import Journal, league_seed
from townwidget.arena.labels import csv_cell, escaped, label_problem, look_alikes
from townwidget.arena.players import REASONS
from townwidget.arena.tournaments import (
    MAX_GAMES,
    Settings,
    deal_seed,
    isolation_words,
    label_of,
    play_job,
    prepare,
    run_seed_of,
)
from townwidget.arena.workers import TournamentInterrupted, iter_jobs
from townwidget.core.checks import require_integer, shown
from townwidget.core.registry import GameRecord, lookup
from townwidget.core.rng import Rng

DEFAULT_GAMES = 20


@dataclass
class League:
    """The records of a league, its leaderboard (one dict per agent, best first), the submissions that could not
    play (``rejected``: name -> why) and the run's seed (told once the games are over)."""

    records: list[GameRecord]
    leaderboard: list[dict[str, Any]]
    rejected: dict[str, str] = field(default_factory=dict)
    seed: int | None = None
    isolation: str | None = None  # how the agents ran: "sandbox" or "process"

    def table(self) -> str:
        """The leaderboard as a terminal table (with the rejected submissions and the seed under it)."""
        columns = _columns(self.leaderboard)
        cells = [[head for head, _ in columns]]
        cells += [[escaped(show(row)) for _, show in columns] for row in self.leaderboard]
        widths = [max(len(line[i]) for line in cells) for i in range(len(columns))]
        lines = [
            "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip() for line in cells
        ]
        lines.insert(1, "-" * len(lines[0]))
        lines += [f"not played: {escaped(name)}: {escaped(why)}" for name, why in self.rejected.items()]
        lines += [f"isolated agents: {isolation_words(self.isolation)}"] if self.isolation else []
        return "\n".join(lines + ([f"seed {self.seed}"] if self.seed is not None else []))

    def to_csv(self, path: str | os.PathLike[str]) -> None:
        """Write the leaderboard as CSV, one row per agent."""
        columns = _columns(self.leaderboard)
        with open(path, "w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerow([head for head, _ in columns])
            writer.writerows([csv_cell(show(row)) for _, show in columns] for row in self.leaderboard)

    def to_json(self, path: str | os.PathLike[str]) -> None:
        """Write the leaderboard, the rejected submissions and the seed as JSON."""
        data = {
            "leaderboard": self.leaderboard,
            "rejected": self.rejected,
            "seed": self.seed,
            "isolate": self.isolation,
        }
        Path(path).write_text(json.dumps(data, indent=1), encoding="utf-8")

    def _repr_html_(self) -> str:
        columns = _columns(self.leaderboard)
        head = "".join(f"<th>{html.escape(name)}</th>" for name, _ in columns)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(escaped(show(row)))}</td>" for _, show in columns) + "</tr>"
            for row in self.leaderboard
        )
        notes = "".join(
            f"<p>not played: {html.escape(escaped(name))}: {html.escape(escaped(why))}</p>"
            for name, why in self.rejected.items()
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{notes}"


def league(
    submissions: Sequence[Any] | str | os.PathLike[str],
    game: str = "town77",
    players: int = 1,
    games: int = DEFAULT_GAMES,
    move_seconds: float = DEFAULT_MOVE_SECONDS,
    seed: int | None = None,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool | None = None,
    *,
    on_record: Callable[[GameRecord], Any] | None = None,
    agent_memory_mb: int = DEFAULT_MEMORY_MB,
    journal: str | os.PathLike[str] | None = None,
    resume: bool = False,
    hidden: Sequence[str | os.PathLike[str]] = (),
) -> League:
    """Play a league between ``submissions`` (a directory of ``.py`` files, or a list of files, agent objects and
    package names), each isolated (see :mod:`townwidget.arena.isolation`; in the sandbox where it runs):
    ``games`` games per submission of ``players`` seats (1: solo deals), on ``workers`` local processes or
    ``executor`` (as :func:`tournament`, with the same records for the same seed). ``seed=None`` draws a fresh one
    (see :func:`tournament`).

    ``journal``: a file where each game is written as it finishes (:mod:`townwidget.arena.journal`); with
    ``resume`` the league journalled there goes on (its seed is read there), playing only its missing games.
    ``hidden``: more paths the agents' sandbox must not show (the league's output files); the submissions'
    folders and the journal are always hidden. Ctrl-C raises
    :class:`~townwidget.arena.workers.TournamentInterrupted` with the finished records."""
    entries = _entries(submissions)
    require_integer(players, "players", 1, error=ValueError)
    seats = lookup(game).players
    if players not in seats:
        raise ValueError(f"{game} is played by {seats.start} to {seats.stop - 1} players, not {players}")
    require_integer(games, "games", 1, MAX_GAMES, error=ValueError)
    if resume and journal is None:
        raise ValueError("resume continues a league's journal: give journal= (the file of its games)")
    if resume and seed is None:
        seed = league_seed(journal)  # type: ignore[arg-type]
    covered = [str(Path(spec).resolve().parent) for spec in entries if is_submission(spec)]
    covered += [str(Path(path).resolve()) for path in (*hidden, *([journal] if journal is not None else []))]
    limits = Limits(move_seconds, agent_memory_mb, "auto", tuple(covered)).resolved()
    unfit = _unfit_names(entries)
    checks = {label_of(spec): _not_loading(spec, limits) for spec in entries if label_of(spec) not in unfit}
    rejected = unfit | {label: why for label, (why, _) in checks.items() if why}
    playing = [spec for spec in entries if label_of(spec) not in rejected]
    if len(playing) < players:
        raise ValueError(
            f"a league of {players}-player games needs at least {players} submissions that load, not {len(playing)}"
        )
    slowest = max((seconds for _, seconds in checks.values()), default=0.0)
    limits = dataclasses.replace(limits, load_seconds=min(START_SECONDS, 2 * slowest + 1))
    settings = Settings(True, limits)
    prepared = prepare(playing, settings)
    run_seed = run_seed_of(seed)
    jobs = _jobs(prepared, players, games, run_seed, game, settings)
    labels = [label_of(spec) for spec in playing]
    description = {
        "game": game,
        "players": players,
        "games": games,
        "seed": run_seed,
        "move_seconds": move_seconds,
        "agents": {label_of(spec): _fingerprint(source) for spec, source in zip(playing, prepared, strict=True)},
    }
    book = Journal.open(journal, description, resume) if journal is not None else None
    options: dict[str, Any] = {"executor": executor, "workers": workers, "progress": progress}
    try:
        with agent_processes():
            records = _played(jobs, book, limits.isolate, on_record, options)
    finally:
        if book is not None:
            book.close()
    board = leaderboard(records, labels)
    return League(records, board, rejected, run_seed if seed is None else None, limits.isolate)


def _played(
    jobs: list[tuple[Any, ...]],
    book: Journal | None,
    isolation: str,
    on_record: Callable[[GameRecord], Any] | None,
    options: dict[str, Any],
) -> list[GameRecord]:
    """The records of ``jobs`` in order: those the journal holds, the others played (each journalled as it
    finishes); Ctrl-C raises :class:`TournamentInterrupted` with every finished record."""
    finished = dict(book.done) if book is not None else {}
    missing = [number for number in range(len(jobs)) if number not in finished]
    stream = iter_jobs(play_job, [jobs[number] for number in missing], seeds=[jobs[n][2] for n in missing], **options)
    try:
        for index, record in stream:
            finished[missing[index]] = record
            if book is not None:
                book.write(missing[index], isolation, record)
            if on_record is not None:
                on_record(record)
    except KeyboardInterrupt:
        stream.close()
        raise TournamentInterrupted([finished[n] for n in sorted(finished)], len(jobs)) from None
    return [finished[number] for number in range(len(jobs))]


def _fingerprint(source: Any) -> str:
    """What tells an agent's code apart (a resumed league must play the same)."""
    key = source.key if hasattr(source, "key") else repr(source)
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def _entries(submissions: Sequence[Any] | str | os.PathLike[str]) -> list[Any]:
    if isinstance(submissions, (str, os.PathLike)) and Path(submissions).is_dir():
        entries: list[Any] = sorted(str(path) for path in Path(submissions).glob("*.py"))
        if not entries:
            raise ValueError(f"no submission (.py file) in {str(submissions)!r}")
    elif isinstance(submissions, (str, bytes, os.PathLike)) or not isinstance(submissions, Sequence):
        raise ValueError(f"submissions are a directory of .py files or a list of agents, not {shown(submissions)}")
    else:
        entries = list(submissions)
    labels = [label_of(spec) for spec in entries]
    twins = sorted({label for label in labels if labels.count(label) > 1})
    if twins:
        raise ValueError(f"two submissions share the name(s) {[escaped(twin) for twin in twins]}: each needs its own")
    return entries


def _unfit_names(entries: list[Any]) -> dict[str, str]:
    """The submissions whose names cannot be shown as they are (control characters, bidirectional marks, spaces
    at an end) or read like another's: name -> why (a league plays none of them)."""
    labels = [label_of(spec) for spec in entries]
    unfit = {label: f"its name {why}" for label in labels if (why := label_problem(label))}
    for label, others in look_alikes(labels).items():
        unfit.setdefault(label, f"its name reads like {', '.join(repr(other) for other in others)}: rename one")
    return unfit


def _not_loading(spec: Any, limits: Limits) -> tuple[str | None, float]:
    """Why a submission file does not load in its own process (``None`` for one that does, and for agents), and
    the seconds its load took."""
    if not is_submission(spec):
        return None, 0.0
    if not Path(spec).is_file():
        return "no such file", 0.0
    return check_submission(spec, limits)


def _jobs(
    prepared: list[Any], players: int, games: int, seed: int, game: str, settings: Settings
) -> list[tuple[Any, ...]]:
    """Solo: every submission on the same deals. Multiplayer: rounds of tables drawn from the seed (every
    submission at one table or more per round), each deal played from every seat."""
    count = len(prepared)
    if players == 1:
        deals = [deal_seed(seed, number) for number in range(games)]
        return [([(slot, prepared[slot])], game, deal, settings) for deal in deals for slot in range(count)]
    tables = math.ceil(count / players)
    jobs = []
    for round_number in range(math.ceil(games / players)):
        order = list(range(count))
        Rng(_table_seed(seed, round_number)).shuffle(order)
        for table in range(tables):
            members = [order[(table * players + seat) % count] for seat in range(players)]
            deal = deal_seed(seed, round_number * tables + table)
            for turn in range(players):
                seated = [
                    (members[(seat + turn) % players], prepared[members[(seat + turn) % players]])
                    for seat in range(players)
                ]
                jobs.append((seated, game, deal, settings))
    return jobs


def _table_seed(seed: int, round_number: int) -> int:
    """The seed that draws the tables of a round: a deal seed of the run's far end, never a deal's."""
    return deal_seed(seed, MAX_GAMES + round_number)


def leaderboard(records: Sequence[GameRecord], labels: Sequence[str]) -> list[dict[str, Any]]:
    """One row per agent, best first (see the module's notes)."""
    if not records:
        return []
    solo = len(records[0].players) == 1
    rows = _solo_rows(records, labels) if solo else _rated_rows(records, labels)
    costs = _costs(records)
    for row in rows:
        row.update(costs[row["agent"]])
    return rows


def _solo_rows(records: Sequence[GameRecord], labels: Sequence[str]) -> list[dict[str, Any]]:
    score = lookup(records[0].game).score
    board = records[0].final["rules"]["n"] ** 2  # a solo league is Town's: its scores lie in 0 .. n * n
    tiles: dict[str, dict[int, float]] = {label: {} for label in labels}
    for record in records:
        tiles[record.players[0]][record.seed] = score(record.result, 0)
    played = [label for label in labels if tiles[label]]
    means = {label: statistics.fmean(tiles[label].values()) for label in played}
    leader = max(played, key=lambda label: means[label])
    rows = []
    for label in sorted(played, key=lambda label: -means[label]):
        paired = [tiles[label][deal] - tiles[leader][deal] for deal in tiles[label] if deal in tiles[leader]]
        rows.append(
            {
                "agent": label,
                "games": len(tiles[label]),
                "mean_tiles": means[label],
                "tiles_ci": mean_interval(list(tiles[label].values()), bounds=(0, board)),
                "to_leader": statistics.fmean(paired),
                "to_leader_ci": mean_interval(paired, bounds=(-board, board)),
            }
        )
    return rows


def _rated_rows(records: Sequence[GameRecord], labels: Sequence[str]) -> list[dict[str, Any]]:
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise ImportError("a multiplayer leaderboard rates with openskill: pip install 'townwidget[league]'") from None
    model = PlackettLuce()
    ratings = {label: model.rating(name=label) for label in labels}
    ranks: dict[str, list[float]] = {label: [] for label in labels}
    for record in records:
        teams = model.rate([[ratings[label]] for label in record.players], ranks=list(record.result["ranks"]))
        for label, team, rank in zip(record.players, teams, record.result["ranks"], strict=True):
            ratings[label] = team[0]
            ranks[label].append(rank)
    played = [label for label in labels if ranks[label]]
    rows = []
    for label in sorted(played, key=lambda label: -ratings[label].ordinal()):
        wins = sum(rank == 1 for rank in ranks[label])
        games = len(ranks[label])
        rows.append(
            {
                "agent": label,
                "games": games,
                "rating": ratings[label].mu,
                "rating_sigma": ratings[label].sigma,
                "win_rate": wins / games,
                "win_ci": wilson_interval(wins, games),
                "mean_rank": statistics.fmean(ranks[label]),
            }
        )
    return rows


def _costs(records: Sequence[GameRecord]) -> dict[str, dict[str, Any]]:
    """Per agent: forfeits by reason, CPU seconds per move, and whether it peeked."""
    costs: dict[str, dict[str, Any]] = {}
    for record in records:
        for seat, label in enumerate(record.players):
            entry = costs.setdefault(
                label, {"forfeits": dict.fromkeys(REASONS, 0), "cpu": 0.0, "moves": 0, "peeked": False}
            )
            entry["cpu"] += record.cpu_seconds[seat] if record.cpu_seconds else 0.0
            entry["moves"] += sum(move.get("player") == seat for move in record.moves)
            entry["peeked"] = entry["peeked"] or bool(record.peeked and record.peeked[seat])
        for forfeit in record.forfeits:
            costs[forfeit["agent"]]["forfeits"][forfeit["reason"]] += 1
    return {
        label: {
            "forfeits": entry["forfeits"],
            "cpu_per_move": entry["cpu"] / max(1, entry["moves"]),
            "peeked": entry["peeked"],
        }
        for label, entry in costs.items()
    }


def _interval(low_high: tuple[float, float]) -> str:
    return f"[{low_high[0]:.2f}, {low_high[1]:.2f}]"


def _columns(rows: Sequence[dict[str, Any]]) -> list[tuple[str, Callable[[dict[str, Any]], str]]]:
    """(heading, cell) of each column of the leaderboard's tables and files."""
    columns: list[tuple[str, Callable[[dict[str, Any]], str]]] = [
        ("agent", lambda row: row["agent"]),
        ("games", lambda row: str(row["games"])),
    ]
    if rows and "mean_tiles" in rows[0]:
        columns += [
            ("mean tiles", lambda row: f"{row['mean_tiles']:.2f}"),
            ("95% CI", lambda row: _interval(row["tiles_ci"])),
            ("to leader", lambda row: f"{row['to_leader']:+.2f}"),
            ("95% CI ", lambda row: _interval(row["to_leader_ci"])),
        ]
    else:
        columns += [
            ("rating", lambda row: f"{row['rating']:.2f}"),
            ("+-", lambda row: f"{row['rating_sigma']:.2f}"),
            ("win rate", lambda row: f"{row['win_rate']:.3f}"),
            ("95% CI", lambda row: f"[{row['win_ci'][0]:.3f}, {row['win_ci'][1]:.3f}]"),
            ("mean rank", lambda row: f"{row['mean_rank']:.2f}"),
        ]
    columns += [(reason, lambda row, reason=reason: str(row["forfeits"][reason])) for reason in REASONS]  # type: ignore[misc]
    columns += [
        ("CPU ms/move", lambda row: f"{row['cpu_per_move'] * 1000:.2f}"),
        ("peeked", lambda row: "yes" if row["peeked"] else "no"),
    ]
    return columns
