"""One table: a game of the registry, its seats, and the rules of who may move when (no web here).

A move is accepted only from the seat to act, at the table's current revision, as an action the engine accepts;
anything else is a :class:`TableError` with an HTTP status and words, and the table is unchanged (the move is
tried on a copy of the game, which replaces the game only once the store has committed it).
"""

from __future__ import annotations

import hashlib
import json
import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from townwidget.core.checks import is_integer, name_fault, shown
from townwidget.core.protocol import PUBLIC, State
from townwidget.core.registry import GameRecord, lookup, new_game
from townwidget.tables.store import StoredTable, now

TOKEN_BYTES = 24  # a seat's token: 192 random bits from `secrets`
ID_BYTES = 6  # a table's id: 48 random bits (ids are not secrets; tokens are)
SEED_BITS = 63  # a fresh seed fits SQLite's integers
MIN_TURN_SECONDS, MAX_TURN_SECONDS = 0.5, 7 * 24 * 3600.0
DEFAULT_STAND_IN = "greedy"
# wall-clock seconds a hint may take (its search is bounded by its own budget, about 2 CPU s; the rest is room for a
# busy machine and a worker's first import of the search)
HINT_SECONDS = 30.0
CREATE_KEYS = ("game", "players", "bots", "turn_seconds", "seed", "stand_in", "hints")


class TableError(ValueError):
    """A refusal: ``status`` (an HTTP 4xx code) and ``words`` (what is wrong, for the person who sent it)."""

    def __init__(self, status: int, words: str) -> None:
        super().__init__(words)
        self.status = status
        self.words = words


def token_hash(token: str) -> str:
    """What the store keeps of a token: its SHA-256 (a copy of the file gives no one a seat)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def check_name(name: Any) -> str:
    """A display name as given: text of 1 to 40 characters, no control or invisible format ones
    (:func:`townwidget.core.checks.name_fault`)."""
    fault = name_fault(name)
    if fault:
        raise TableError(400, fault)
    return str(name)


def table_options(body: Any, check_bot: Callable[[Any], str]) -> StoredTable:
    """A new table from a create request's body (see docs/tables.md), each field checked; ``check_bot`` gives an
    agent's label or refuses it."""
    if not isinstance(body, dict):
        raise TableError(400, f"a new table is described by a JSON object, not {shown(body)}")
    unknown = sorted(set(body) - set(CREATE_KEYS), key=str)
    if unknown:
        raise TableError(400, f"unknown key(s) {shown(unknown)}: a new table has {', '.join(CREATE_KEYS)}")
    game_name = body.get("game", "town77")
    try:
        game = lookup(game_name)
    except ValueError as error:
        raise TableError(400, str(error)) from None
    players = body.get("players", 2)
    top = game.players.stop - 1
    if not is_integer(players) or not 2 <= players <= top:
        raise TableError(400, f"{game_name}: players must be an integer from 2 to {top}, not {shown(players)}")
    seed = body.get("seed")
    if seed is None:
        seed = secrets.randbits(SEED_BITS)
    elif not is_integer(seed) or not 0 <= seed < 2**SEED_BITS:
        raise TableError(400, f"a seed is an integer from 0 to 2**{SEED_BITS} - 1, or null, not {shown(seed)}")
    turn = body.get("turn_seconds")
    if turn is not None and (
        isinstance(turn, bool)
        or not isinstance(turn, (int, float))
        or not math.isfinite(turn)
        or not MIN_TURN_SECONDS <= turn <= MAX_TURN_SECONDS
    ):
        raise TableError(
            400,
            f"turn_seconds is null or a number from {MIN_TURN_SECONDS} to {MAX_TURN_SECONDS:.0f}, not {shown(turn)}",
        )
    stand_in = body.get("stand_in", DEFAULT_STAND_IN)
    check_bot(stand_in)
    if isinstance(stand_in, str) and stand_in.endswith(".py"):
        raise TableError(400, "the stand-in bot is one of the package's agents, not a submission file")
    hints = body.get("hints", False)
    if not isinstance(hints, bool):
        raise TableError(400, f"hints is true or false (may a seat ask the server for a hint), not {shown(hints)}")
    bots = body.get("bots") or {}
    if not isinstance(bots, dict):
        raise TableError(400, f"bots is an object {{seat: agent}}, not {shown(bots)}")
    seats: dict[int, dict[str, Any]] = {}
    for key, spec in bots.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() and len(key) < 3 else -1
        if not 0 <= seat < players:
            raise TableError(400, f"bots: {shown(key)} is no seat of this table (seats 0 to {players - 1})")
        seats[seat] = {"name": check_bot(spec), "bot": spec, "token_hash": None}
    table_id = secrets.token_urlsafe(ID_BYTES)
    said = f"table created: {game_name}, {players} players" + (", hints on" if hints else "")
    log = [{"revision": 0, "text": said}]
    return StoredTable(table_id, game_name, players, seed, turn, stand_in, now(), seats, [], log, hints)


@dataclass
class Outcome:
    """An accepted change, ready to commit: the game after it, the event and the log lines it adds."""

    state: State
    event: dict[str, Any]
    log: list[dict[str, Any]]


class Table:
    """A table held in memory: the stored table, its game replayed from the seed and the events."""

    def __init__(self, stored: StoredTable) -> None:
        self.stored = stored
        self.id = stored.id
        self.state = new_game(stored.game, stored.players, stored.seed)
        self.moves: list[dict[str, Any]] = []  # as a GameRecord's: the action's JSON form and "player"
        self.forfeits: list[dict[str, Any]] = []
        self.stand_ins: list[int] = []  # the moves the stand-in bot played for a person (their index in moves)
        self.standing_in: set[int] = set()  # forfeited seats of a game without resignation: they play their first
        self.started = now()  # when the player to act began to wait, if nothing happened since (the hub resets it)
        self.by_token = {entry["token_hash"]: seat for seat, entry in stored.seats.items() if entry["token_hash"]}
        for number, event in enumerate(stored.events):
            try:
                self._replay(event)
            except (ValueError, KeyError, TypeError) as error:
                raise ValueError(f"table {self.id}: stored event {number} does not replay: {error}") from None

    # --- what anyone may read ------------------------------------------------------------------------------
    @property
    def revision(self) -> int:
        """Grows by one with every accepted move (and forfeit): the events so far."""
        return len(self.stored.events)

    @property
    def full(self) -> bool:
        return len(self.stored.seats) == self.stored.players

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    @property
    def last_change(self) -> float:
        """When the player to act began to wait: the last event, or the moment the last seat was taken."""
        return self.stored.events[-1]["at"] if self.stored.events else self.started

    def summary(self, connected: set[int]) -> dict[str, Any]:
        """The table as the list shows it: nothing secret (no seed until finished, no token)."""
        stored = self.stored
        seats = []
        for seat in range(stored.players):
            entry = stored.seats.get(seat)
            bot = entry is not None and entry["bot"] is not None
            seats.append(
                {
                    "seat": seat,
                    "name": entry["name"] if entry else None,
                    "bot": bot,
                    "agent": entry["bot"] if bot and entry else None,
                    "connected": bot or seat in connected,
                    "forfeited": any(forfeit["seat"] == seat for forfeit in self.forfeits),
                }
            )
        summary = {
            "table": self.id,
            "game": stored.game,
            "players": stored.players,
            "seats": seats,
            "open": [seat["seat"] for seat in seats if seat["name"] is None],
            "turn": None if self.finished or not self.full else self.state.current_player,
            "finished": self.finished,
            "revision": self.revision,
            "turn_seconds": stored.turn_seconds,
            "stand_in": stored.stand_in,
            "hints": stored.hints,
            "log": stored.log[-20:],
        }
        if self.finished:
            summary["result"] = self.state.result()
        return summary

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator, the engine's public view)."""
        if seat is not None:
            return self.state.to_dict(viewer=seat)
        try:
            return self.state.to_dict(viewer=PUBLIC)
        except ValueError:  # a registered game without the public view: nobody watches rather than see too much
            raise TableError(501, f"{self.stored.game} has no spectator's view in this version") from None

    def seat_of(self, token: Any) -> int:
        """The seat whose token this is; a forged one is refused (401)."""
        if not isinstance(token, str) or not token:
            raise TableError(401, "no token: send the seat's token as 'Authorization: Bearer TOKEN'")
        seat = self.by_token.get(token_hash(token))
        if seat is None:
            raise TableError(401, f"this token is no seat's at table {self.id}")
        return seat

    def record(self) -> GameRecord:
        if not self.finished:
            raise TableError(409, f"table {self.id} is not finished: its record comes at the end of the game")
        names = [self.stored.seats[seat]["name"] for seat in range(self.stored.players)]
        state = self.state
        result = state.result()
        assert result is not None
        peeked = [False] * len(names)
        bots = [self.stored.seats[seat]["bot"] is not None for seat in range(self.stored.players)]
        return GameRecord(
            self.stored.game, self.stored.seed, names, self.moves, result, state.returns(), state.to_dict(),
            self.forfeits, peeked, bots=bots, stand_ins=list(self.stand_ins),
        )  # fmt: skip

    # --- changes (tried on a copy; the hub commits them, then calls accept) -----------------------------------
    def join(self, name: Any, wanted: Any) -> tuple[int, str, dict[str, Any], list[dict[str, Any]]]:
        """A person takes an open seat (``wanted``, or the first): (seat, token, stored entry, log lines)."""
        name = check_name(name)
        open_seats = [seat for seat in range(self.stored.players) if seat not in self.stored.seats]
        if not open_seats:
            raise TableError(409, f"table {self.id} has no open seat")
        if wanted is None:
            seat = open_seats[0]
        elif not is_integer(wanted) or wanted not in open_seats:
            raise TableError(409, f"seat {shown(wanted)} is not open at table {self.id} (open: {open_seats})")
        else:
            seat = wanted
        token = secrets.token_urlsafe(TOKEN_BYTES)
        entry = {"name": name, "bot": None, "token_hash": token_hash(token)}
        log = [{"revision": self.revision, "text": f"{name} sits at seat {seat}"}]
        if len(self.stored.seats) + 1 == self.stored.players:
            log.append({"revision": self.revision, "text": "every seat is taken: the game begins"})
        return seat, token, entry, log

    def seated(self, seat: int, entry: dict[str, Any], log: list[dict[str, Any]]) -> None:
        self.stored.seats[seat] = entry
        self.stored.log.extend(log)
        if entry["token_hash"]:
            self.by_token[entry["token_hash"]] = seat

    def check_move(self, seat: int | None, revision: Any, action: Any) -> None:
        """Whether ``seat`` may move now at ``revision`` (before the action itself is tried)."""
        self.check_turn(seat, revision, "the move was chosen")
        if not isinstance(action, dict):
            raise TableError(400, f"an action is a JSON object (the engine's form), not {shown(action)}")

    def check_turn(self, seat: int | None, revision: Any, said: str = "the hint was asked") -> None:
        """Whether it is ``seat``'s turn at ``revision``, the table's now (``said``: what happened at ``revision``,
        for the words of a stale one)."""
        if self.finished:
            raise TableError(410, f"table {self.id} is finished: no more moves")
        if not self.full:
            missing = self.stored.players - len(self.stored.seats)
            raise TableError(409, f"table {self.id} waits for {missing} more player(s): the game has not begun")
        if not is_integer(revision):
            raise TableError(400, f"{said} at a revision (an integer), not {shown(revision)}")
        if revision != self.revision:
            raise TableError(409, f"stale revision: the table is at revision {self.revision}, {said} at {revision}")
        if seat != self.state.current_player:
            raise TableError(403, f"not your turn: seat {self.state.current_player} is to move, you are seat {seat}")

    def move(self, seat: int, action: Any, by: str, log: tuple[str, ...] = ()) -> Outcome:
        """The game after ``seat`` plays ``action`` (refused in the engine's words: 422), not yet accepted."""
        state = self.state.clone()
        try:
            state.apply(action)
        except (ValueError, KeyError, TypeError, IndexError) as error:  # the engine's IllegalAction, or a forgery
            raise TableError(422, f"illegal move: {error}") from None
        played = state.history[-1][2].to_dict()
        event = {"kind": "move", "seat": seat, "data": {"action": played, "by": by}, "at": now()}
        return Outcome(state, event, [{"revision": self.revision + 1, "text": text} for text in log])

    def forfeit(self, seat: int, agent: str, reason: str, detail: str) -> Outcome:
        """The bot of ``seat`` leaves the game as in the arena (``record.forfeits``)."""
        state = self.state.clone()
        data = {"agent": agent, "reason": reason, "detail": detail}
        resign = lookup(self.stored.game).resign
        if resign is not None:
            resign(state)
        event = {"kind": "forfeit", "seat": seat, "data": data, "at": now()}
        text = f"seat {seat} ({agent}) forfeits: {reason}"
        return Outcome(state, event, [{"revision": self.revision + 1, "text": text}])

    def accept(self, outcome: Outcome) -> None:
        """A committed change becomes the table's."""
        self._record_event(outcome.event)
        self.state = outcome.state
        self.stored.events.append(outcome.event)
        self.stored.log.extend(outcome.log)

    def _replay(self, event: dict[str, Any]) -> None:
        if event["kind"] == "move":
            self.state.apply(event["data"]["action"])
        else:
            resign = lookup(self.stored.game).resign
            if resign is not None:
                resign(self.state)
        self._record_event(event)

    def _record_event(self, event: dict[str, Any]) -> None:
        seat = event["seat"]
        if event["kind"] == "move":
            if event["data"].get("by") == "stand-in":
                self.stand_ins.append(len(self.moves))
            self.moves.append({**event["data"]["action"], "player": seat})
            return
        self.forfeits.append({"seat": seat, "move": len(self.moves), **event["data"]})
        if lookup(self.stored.game).resign is None:
            self.standing_in.add(seat)


def message(table: Table, seat: int | None, connected: set[int]) -> dict[str, Any]:
    """What a seat (or a spectator, ``None``) is sent: the revision, its view, and the table's public summary."""
    return {
        "table": table.id,
        "revision": table.revision,
        "seat": seat,
        "view": table.view(seat),
        "status": table.summary(connected),
    }


def dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)
