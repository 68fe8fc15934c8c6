"""A league's journal: its games written as they finish, one JSON object a line, so that no finished game is lost
when the league is stopped (Ctrl-C, SIGTERM, SIGKILL, a power cut) and ``townwidget league --resume`` plays only
the games still missing.

The first line describes the league (``{"league": {...}}``: game, players, games, the run's seed, the move limit
and each agent's name with a hash of its code); each later line is one finished game: ``{"job": N, "isolate":
"sandbox" | "process", "record": GAME_RECORD}``. The file is the arena's own: created readable by its owner only,
and hidden from the agents' sandboxes (it holds the run's seed).
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import IO, Any

from townwidget.core.registry import GameRecord


class Journal:
    """The journal file of one league, open for appending."""

    def __init__(self, path: Path, out: IO[str], done: dict[int, GameRecord]) -> None:
        self.path = path
        self._out = out
        self.done = done  # the games of the journal when it was opened, by job number

    @classmethod
    def open(cls, path: str | os.PathLike[str], league: dict[str, Any], resume: bool) -> Journal:
        """The journal at ``path`` for the league described by ``league``: a new one (an existing file is
        refused unless ``resume``), or with ``resume`` the one there, whose league must be this one."""
        where = Path(path)
        done: dict[int, GameRecord] = {}
        if resume:
            done = _read(where, league)
        elif where.exists() and where.stat().st_size > 0:
            raise ValueError(f"{str(where)!r} already holds a league's games: pass resume to continue it")
        try:
            descriptor = os.open(where, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        except OSError as error:
            raise ValueError(f"the league's journal {str(where)!r} cannot be written: {error.strerror}") from None
        out = os.fdopen(descriptor, "a", encoding="utf-8")
        if not done and where.stat().st_size == 0:
            out.write(json.dumps({"league": league}) + "\n")
            out.flush()
        return cls(where, out, done)

    def write(self, job: int, isolation: str | None, record: GameRecord) -> None:
        """Append a finished game (flushed at once: a killed league keeps it)."""
        self._out.write(json.dumps({"job": job, "isolate": isolation, "record": record.to_dict()}) + "\n")
        self._out.flush()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._out.close()


def league_seed(path: str | os.PathLike[str]) -> int | None:
    """The run seed of the league journalled at ``path`` (to resume a league whose seed was drawn)."""
    try:
        with open(path, encoding="utf-8") as lines:
            head = json.loads(lines.readline())
        seed = head["league"]["seed"]
    except (OSError, ValueError, KeyError, TypeError):
        raise ValueError(f"{str(path)!r} is no league journal (its first line describes the league)") from None
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"{str(path)!r} names no seed a league can have")
    return seed


def _read(path: Path, league: dict[str, Any]) -> dict[int, GameRecord]:
    """The finished games of the journal at ``path``, checked to be of ``league``; a line cut by a kill (the
    last) is dropped."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise ValueError(f"the league's journal {str(path)!r} cannot be read: {error.strerror}") from None
    if not lines:
        return {}
    try:
        head = json.loads(lines[0])["league"]
    except (ValueError, KeyError, TypeError):
        raise ValueError(f"{str(path)!r} is no league journal (its first line describes the league)") from None
    if head != league:
        changed = sorted(key for key in {*head, *league} if head.get(key) != league.get(key))
        raise ValueError(f"{str(path)!r} journals another league (it differs in {', '.join(changed)})")
    done = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            entry = json.loads(line)
            done[int(entry["job"])] = GameRecord.from_dict(entry["record"])
        except (ValueError, KeyError, TypeError) as error:
            if number == len(lines):
                break  # cut short by a kill while it was written
            raise ValueError(f"{str(path)!r}, line {number}: not a game of the league ({error})") from None
    return done
