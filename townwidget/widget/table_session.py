"""A widget's session at a table of a table server (:mod:`townwidget.tables`): the seat's view, pushed by the server.

``TownWidget(table=seat)`` and ``LittleTownWidget(table=seat)`` play over a :class:`TableSession` instead of the local
:class:`~townwidget.widget.session.Session`: the same board, log, history slider and review, for that seat's view only.
The session holds a state *sampled* from the seat's view (``view_from_dict(view, seat).sample_state``): what the
seat knows is exact (its view, its legal actions), what it does not know is made up and never shown; its history is
the view's (:class:`SeenMove`), and every trait is built from the view the server sent. The other seats' moves
come from the server's live connection (a thread of its own, which reconnects by itself); a move of the seat goes
to the server, which accepts it or refuses it in words (nothing changed). Undo is off (the others have seen the
move). Once the game is over the server's record replays every position, so the slider shows them all and the review
looks at each of the seat's moves.

``table`` is a :class:`townwidget.tables.Seat`, or a table's address ``"http://HOST:PORT/tables/ID"`` with ``name=``
(a new seat is taken there).
"""

from __future__ import annotations

import json
import threading
import time
import urllib.parse
from typing import Any

from townwidget.core import registry
from townwidget.core.checks import shown
from townwidget.core.errors import IllegalAction
from townwidget.core.language import _, speaking
from townwidget.core.protocol import PUBLIC
from townwidget.core.rng import Rng
from townwidget.widget.front_end import FRONT_END
from townwidget.widget.screens import blank, ranking_status
from townwidget.widget.session import Asking, Session

RETRY_PAUSE = 1.0  # seconds between two attempts to reach a server that is away


def table_path(table: str) -> str:
    return f"/api/tables/{urllib.parse.quote(table, safe='')}"


def seat_at(table: Any, name: str | None) -> Any:
    """The :class:`townwidget.tables.Seat` that ``table=`` names: a seat, or an address where ``name`` takes one."""
    from townwidget.tables import Client, Seat

    if isinstance(table, Seat):
        return table
    if not isinstance(table, str):
        wanted = "a tables.Seat or a table's address 'http://HOST:PORT/tables/ID'"
        raise ValueError(f"table must be {wanted}, not {table!r}")
    base, table_id = split_address(table)
    if not isinstance(name, str):
        raise ValueError(f"name= is the name to sit at {table!r} under (a text), not {shown(name)}")
    return Client(base).join(table_id, name)


class SeenMove:
    """A move of the history as the seat saw it (the view's entry: another seat's hidden tiles stay unknown)."""

    def __init__(self, entry: dict[str, Any]) -> None:
        self.entry = {key: value for key, value in entry.items() if key not in ("player", "phase")}

    def to_dict(self) -> dict[str, Any]:
        return dict(self.entry)

    def __repr__(self) -> str:
        return f"SeenMove({self.entry})"


class TableSession(Session):
    """The seat's game at a table (see the module docstring). ``seat`` is a :class:`townwidget.tables.Seat`."""

    def __init__(self, seat: Any, first: dict[str, Any], lang: str, frame_omits: tuple[str, ...], host: Any) -> None:
        self.table_seat = seat
        self.game = registry.lookup(first["status"]["game"])
        self.seat_view = first["view"]
        self.table_status: dict[str, Any] = first["status"]
        self.table_revision = int(first["revision"])
        self.away = False  # the live connection is lost (it is being restored)
        self.finished_positions: list[Any] | None = None  # every position of the finished game, from its record
        self.closed = threading.Event()
        self.socket: Any = None  # the live connection, while open
        state = self.sampled(self.seat_view)
        super().__init__(state, seat.seat, None, ("random",), None, lang, frame_omits=frame_omits, host=host)
        self.frames = [None] * len(self.seat_view.get("history", [])) + [self.frame()]
        self.seen = list(range(len(self.frames)))  # each frame is after a move of the seat's view: each is shown
        if self.table_status["finished"]:  # opened after the end: every position, from the record
            self.load_record()

    @classmethod
    def first_message(cls, seat: Any) -> dict[str, Any]:
        """The seat's view now, as the live connection sends it (``{"revision", "view", "status"}``)."""
        answer = seat.client.request("GET", table_path(seat.table), token=seat.token)
        seat.revision = int(answer["revision"])
        return answer

    def sampled(self, view: dict[str, Any]) -> Any:
        """A full state consistent with ``view``: exact in all the seat knows (its view and legal actions)."""
        if self.game.view_from_dict is None:
            raise ValueError(f"{self.game.family} cannot be played at a table from a widget")
        state: Any = self.game.view_from_dict(view, self.table_seat.seat).sample_state(Rng(self.table_revision))
        state.history = [(entry["player"], entry.get("phase"), SeenMove(entry)) for entry in view.get("history", [])]
        return state

    # --- what differs from a local session ---------------------------------------------------------------------
    def _make_agents(self, state: Any, seat: int) -> dict[int, Any]:
        return {}  # the other seats play at the table

    def advance(self) -> None:
        """Nothing moves here: the server's live connection brings the other seats' moves."""

    def resume(self) -> None:
        pass

    def frame(self, state: Any = None) -> dict[str, Any]:
        view = self.seat_view if state is None else state.to_dict(viewer=self.viewer)
        return {key: value for key, value in view.items() if key not in self.frame_omits}

    def view_of_seat(self) -> dict[str, Any]:
        return dict(self.seat_view)

    def play_seat(self, action: Any) -> None:
        """The seat's move, sent to the server at the revision on show; the server's refusal is raised in its words."""
        from townwidget.tables import TableError

        self.state.clone().apply(action)  # the engine's own refusal first: it is worded from the rule's data
        try:
            self.table_seat.act(action, revision=self.table_revision)
            self.receive(self.first_message(self.table_seat))
        except TableError as error:
            raise IllegalAction(error.words) from None
        except ConnectionError:
            raise IllegalAction(_("The table's server does not answer: your move was not played.")) from None

    def hint(self, lang: str, through: Asking) -> tuple[Any, dict[str, Any]]:
        """The server's hint for the seat at the revision on show, worked out from the seat's view (docs/tables.md;
        the server asks the advice layer itself, not ``through`` the presenter)."""
        from townwidget.tables import TableError

        try:
            data = self.table_seat.hint(lang, revision=self.table_revision)
        except TableError as error:
            raise IllegalAction(error.words) from None
        except OSError:  # away, or no answer in time
            raise IllegalAction(_("The table's server does not answer: no hint now.")) from None
        return data, data

    at_table = True

    def off_at_table(self, what: str) -> str:
        if what == "new_game":
            return _("New game is off at a shared table: start a new table in the lobby.")
        if what == "hint" and not self.table_status.get("hints", False):
            return _("Hints are off at this table.")
        return ""

    def no_undo(self) -> str:
        return _("Undo is off at a shared table: the other players have seen your move.")

    def decisions(self) -> list[tuple[int, Any, Any]]:
        """The seat's decisions in the finished game, from the server's record of it."""
        if self.finished_positions is None:
            raise IllegalAction("the game is not over: a review looks back at a finished game (hint() helps now)")
        positions, history = self.finished_positions, self.finished_positions[-1].history
        moves = enumerate(history)
        return [(move, positions[move], action) for move, (player, _phase, action) in moves if player == self.seat]

    def forfeit_lines(self, move: int, names: list[str]) -> list[str]:
        """The log's note under move ``move`` (1 = the first) if the table's stand-in bot played it for a person."""
        if move not in self.forfeits:
            return []
        return [
            _("{who} did not move in time: the table's stand-in bot played this move.").format(
                who=names[self.forfeits[move]]
            )
        ]

    def names(self) -> list[str]:
        """Each seat by its name at the table ("You" for this one), with "bot" or "away" where it applies."""
        seats = self.table_status["seats"]
        return [_("You") if entry["seat"] == self.seat else self.seat_name(entry) for entry in seats]

    @staticmethod
    def seat_name(entry: dict[str, Any]) -> str:
        """A seat of the table's status by its name, with "bot" or "away" where it applies."""
        name = entry["name"] or _("(an open seat)")
        if entry["bot"]:
            return str(_("{name} (bot)").format(name=name))
        if not entry["connected"]:
            return str(_("{name} (away)").format(name=name))
        return str(name)

    # --- the live connection -----------------------------------------------------------------------------------
    def receive(self, message: dict[str, Any]) -> None:
        """Take a message of the server: a newer view, or who is connected now."""
        revision = int(message["revision"])
        self.table_status = message["status"]
        if revision <= self.table_revision and self.frames[-1] is not None:
            return  # the same view: only who is connected may have changed
        self.table_revision, self.seat_view = revision, message["view"]
        self.state = self.sampled(self.seat_view)
        moves = len(self.seat_view.get("history", []))
        self.frames = self.frames[:moves] + [None] * (moves - len(self.frames)) + [self.frame()]
        self.seen = list(range(len(self.frames)))
        self.host.drop_picks()
        if self.table_status["finished"]:
            self.load_record()

    def load_record(self) -> None:
        """Every position of the finished game, from the server's record (the slider, the review)."""
        record = self.table_seat.client.record(self.table_seat.table)
        positions = registry.record_positions(record)
        self.forfeits = {move + 1: record.moves[move]["player"] for move in record.stand_ins}  # the log notes them
        self.finished_positions = positions
        self.state = positions[-1]
        self.frames = [*map(self.frame, positions[:-1]), self.frame()]
        self.seen = [*map(self.moves_seen, positions[:-1]), self.moves_seen()]

    def follow(self) -> None:
        """Start the thread that brings the server's pushes into the widget (until the game is over or closed)."""
        threading.Thread(target=self._follow, daemon=True, name=f"townwidget: table {self.table_seat.table}").start()

    def close(self) -> None:
        """Stop following the table (the seat stays taken: its token can rejoin)."""
        self.closed.set()
        if self.socket is not None:  # its closing handshake waits for the server: never on the caller's thread
            threading.Thread(target=self.socket.close, daemon=True, name="townwidget: table closed").start()

    def _follow(self) -> None:
        from websockets.exceptions import ConnectionClosed, InvalidHandshake
        from websockets.sync.client import connect

        seat = self.table_seat
        address = seat.client.url.replace("http", "ws", 1) + f"{table_path(seat.table)}/live"
        with speaking(self.lang):
            while not self.closed.is_set() and not self.table_status["finished"]:
                try:
                    with connect(address, open_timeout=seat.client.timeout, max_size=None) as socket:
                        self.socket = socket
                        socket.send(json.dumps({"token": seat.token}))
                        while not self.closed.is_set():
                            message = json.loads(socket.recv())
                            if "error" in message:  # the server refuses this seat: said, and no more tries
                                self._said(_("The table refused this seat: {error}").format(error=message["error"]))
                                return
                            self._show(message)
                except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError, ValueError):
                    if self.closed.is_set() or self.table_status["finished"]:
                        return
                    self._said(_("The connection to the table is lost: trying again…"), away=True)
                    time.sleep(RETRY_PAUSE)

    def _show(self, message: dict[str, Any]) -> None:
        with self.lock:
            if self.away:
                self.error, self.away = "", False
            self.receive(message)
            if self.refused:  # a refusal shown before the others moved is stale now
                self.error, self.refused = "", False
            self.host.publish()

    def _said(self, words: str, away: bool = False) -> None:
        with self.lock:
            self.error, self.away = words, away
            self.host.publish()


class Watcher:
    """Who watches a table without a seat: the server's client and the table (no token: the public view)."""

    seat = 0  # the seat whose form the public view is read as, to sample a full state (PUBLIC is nobody's seat)
    token = None

    def __init__(self, client: Any, table: str) -> None:
        self.client, self.table = client, table
        self.revision: int | None = None


def watcher_at(table: Any) -> Watcher:
    """The table that ``table=`` names for a spectator: its address, or a seat's table (watched without its token)."""
    from townwidget.tables import Client, Seat

    if isinstance(table, Seat):
        return Watcher(table.client, table.table)
    if not isinstance(table, str):
        raise ValueError(f"table must be a table's address 'http://HOST:PORT/tables/ID' to watch, not {table!r}")
    base, table_id = split_address(table)
    return Watcher(Client(base), table_id)


class SpectatorSession(TableSession):
    """A table watched without a seat (``spectate=True``): the public view, pushed by the server's spectator
    stream; nobody's hand, no controls, and every intent refused in words."""

    @property
    def viewer(self) -> Any:
        return PUBLIC

    def names(self) -> list[str]:
        """Each seat by its name at the table (nobody is "You"), with "bot" or "away" where it applies."""
        return [self.seat_name(entry) for entry in self.table_status["seats"]]

    def turn_elsewhere(self) -> str | None:
        return _("You are watching this table: a spectator cannot move.")

    def play(self, action: Any) -> None:
        raise IllegalAction("a spectator cannot move: join the table for a seat (tables.Client(url).join)")

    def off_at_table(self, what: str) -> str:
        return _("You are watching this table: a spectator cannot move.")

    def no_undo(self) -> str:
        return _("You are watching this table: a spectator cannot move.")

    def refused_intent(self, kind: str) -> str:
        return _("You are watching this table: a spectator cannot move.")

    def decisions(self) -> list[tuple[int, Any, Any]]:
        raise IllegalAction("a spectator has no moves to review: review() the table's record (tables.Client.record)")

    def mask(self, widget: Any) -> None:
        """The public view only: no seat's controls or advice, and the status says who is to play."""
        public = set(FRONT_END[widget.FAMILY]["public"])
        blank(widget, (set(FRONT_END["game_traits"]) - {"buttons", "suggestion"}) | public)
        if widget.step != -1:
            return
        names, player = widget.names, self.state.current_player
        if player is None:
            widget.set_trait("status", ranking_status(self.state, names))
        else:
            widget.set_trait("status", _("You are watching: {who} is to play.").format(who=names[player]))


def split_address(table: str) -> tuple[str, str]:
    """A table's address ``http://HOST:PORT/tables/ID`` as the server's address and the table's id."""
    parts = urllib.parse.urlsplit(table)
    base, marker, table_id = parts.path.rstrip("/").rpartition("/tables/")
    if not marker or not table_id or "/" in table_id:
        raise ValueError(f"a table's address ends with /tables/ID, not {table!r}")
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, base, "", "")), urllib.parse.unquote(table_id)


def open_table_session(
    table: Any,
    name: str | None,
    family: str,
    lang: str,
    frame_omits: tuple[str, ...],
    host: Any,
    spectate: bool = False,
) -> TableSession:
    """The session of ``table=`` (a seat, or an address where ``name`` sits down; with ``spectate``, the table
    watched without a seat) for a widget of the game ``family`` (the registry's name)."""
    if not isinstance(spectate, bool):
        raise ValueError(f"spectate must be True or False, not {shown(spectate)}")
    if spectate:
        watcher = watcher_at(table)
        session: TableSession = SpectatorSession(watcher, TableSession.first_message(watcher), lang, frame_omits, host)
        seat: Any = watcher
    else:
        seat = seat_at(table, name)
        session = TableSession(seat, TableSession.first_message(seat), lang, frame_omits, host)
    if registry.game_of(session.state).family != family:
        session.close()
        raise ValueError(f"table {seat.table} plays {session.table_status['game']}: open it with its own widget")
    return session
