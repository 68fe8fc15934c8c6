"""Hints at a table (the table option ``hints``): worked out by the server from the asking seat's view alone, the
same for two positions that seat cannot tell apart; refused in words to a wrong token, at a table without hints,
off turn, at a stale revision, and past the rate limit; run beside the event loop (the other tables answer
meanwhile). And the words of a game with people: the record's names, bots and stand-in moves, from a store of
either schema."""

from __future__ import annotations

import contextlib
import random
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from table_play import legal_moves, random_move, raw, refused  # noqa: E402
from widget_comm import browser_of, use_front_ends  # noqa: E402

from townwidget import hint  # noqa: E402
from townwidget.core.registry import GameRecord, new_game, replay  # noqa: E402
from townwidget.tables import Client, Seat, Server, TableError  # noqa: E402
from townwidget.tables import store as store_module  # noqa: E402
from townwidget.tables.bots import seat_hint  # noqa: E402
from townwidget.widget import TownWidget  # noqa: E402


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Client]:
    """A client of one server for the module's tables (their requests are not rate limited here)."""
    with Server(tmp_path_factory.mktemp("hints") / "t.sqlite", port=0, rate=1000, burst=2000) as server:
        yield Client(server.url, retry_seconds=0)


def seated(client: Client, hints: bool, game: str = "town44") -> list[Seat]:
    table = client.create(game, players=2, seed=11, hints=hints)
    return [client.join(table, name) for name in ("Ana", "Bob")]


def to_move(seats: list[Seat]) -> tuple[Seat, Seat]:
    turn = seats[0].view()["current_player"]
    return seats[turn], seats[1 - turn]


# --- the hint itself: one source, the seat's view only --------------------------------------------------------------
TWINS = {"town44": (3, 5), "littletown": (3, 4)}  # game: (players, moves played before the hint)


@pytest.mark.parametrize("game", TWINS)
def test_the_servers_hint_is_the_same_for_twin_positions_and_the_advice_layers(game: str) -> None:
    players, moves = TWINS[game]
    state = new_game(game, players, 8)
    rng = random.Random(2)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    assert seat is not None
    twins = [state.view(seat).sample_state(seed) for seed in (1, 2)]  # differ only in what the seat cannot see
    hidden = [twin.to_dict() for twin in twins]
    assert hidden[0] != hidden[1] != state.to_dict()
    hints = [seat_hint(position.to_dict(viewer=seat), seat, "en") for position in (state, *twins)]
    assert hints[1:] == [hints[0]] * 2
    assert hints[0] == hint(state.view(seat)).to_dict()  # the widget's hint: the same function, the same answer
    assert hints[0]["action"] in [action.to_dict() for action in state.legal_actions()]


# --- at a table ---------------------------------------------------------------------------------------------------
def test_a_seat_gets_the_hint_of_its_view_in_its_language_and_the_same_again(client: Client) -> None:
    seats = seated(client, hints=True, game="littletown")
    mover, waiting = to_move(seats)
    view = mover.view()
    advice = mover.hint()
    assert advice == seat_hint(view, mover.seat, "en")
    assert advice["action"] in legal_moves("littletown", view, mover.seat)
    started = time.monotonic()
    assert mover.hint() == advice and time.monotonic() - started < 1  # asked again: kept, not searched again
    french = mover.hint(lang="fr")
    assert french["action"] == advice["action"] and french["text"] != advice["text"]
    assert client.table(seats[0].table)["status"]["hints"] is True
    assert "hints on" in client.table(seats[0].table)["status"]["log"][0]["text"]
    mover.act(advice["action"])
    mover, waiting = to_move(seats)  # the same seat again, or the other one
    assert mover.hint()["action"] in legal_moves("littletown", mover.view(), mover.seat)
    refused(client, seats, 403, "not your turn", waiting.hint)


def test_hints_refused_in_words_and_nothing_changes(client: Client) -> None:
    off = seated(client, hints=False)
    mover, waiting = to_move(off)
    refused(client, off, 403, "hints are off at table", mover.hint)
    seats = seated(client, hints=True)
    mover, waiting = to_move(seats)
    table = mover.table
    refused(client, seats, 403, "not your turn", waiting.hint)
    refused(client, seats, 401, "no seat's at table", Seat(client, table, mover.seat, "forged").hint)
    refused(client, seats, 401, "no seat's at table", Seat(client, table, mover.seat, off[0].token).hint)
    refused(client, seats, 409, "stale revision", lambda: mover.hint(revision=-1))
    refused(client, seats, 400, "lang: language must be one of", lambda: mover.hint(lang="xx"))
    path = f"/api/tables/{table}/hint"
    assert raw(client.url, "POST", path, b'{"revision": 0}')[0] == 401  # no token
    headers = {"Authorization": f"Bearer {mover.token}"}
    status, answer = raw(client.url, "POST", path, b'{"revision": 0, "peek": true}', headers)
    assert (status, "a hint is asked as" in answer["error"]) == (400, True)
    unstarted = client.create("town44", players=2, hints=True)
    lone = client.join(unstarted, "Cleo")
    refused(client, [lone], 409, "waits for 1 more player", lambda: lone.hint(revision=0))
    with pytest.raises(TableError, match="hints is true or false"):
        client.request("POST", "/api/tables", {"hints": "yes"})


def test_a_flood_of_hints_is_refused_and_one_search_at_a_time(tmp_path: Path) -> None:
    with Server(tmp_path / "flood.sqlite", port=0, rate=5, burst=10) as server:
        client = Client(server.url, retry_seconds=0)
        mover, _waiting = to_move(seated(client, hints=True, game="town77"))
        statuses: list[int] = []
        searched: list[float] = []  # how long the answered hints took

        def ask() -> None:
            began = time.monotonic()
            try:
                mover.hint()
                statuses.append(200)
                searched.append(time.monotonic() - began)
            except TableError as error:
                statuses.append(error.status)

        asking = [threading.Thread(target=ask) for _ in range(8)]  # all at once: one search, the others refused
        for thread in asking:
            thread.start()
        listed = time.monotonic()
        client.tables()  # the event loop answers while the search runs in a worker process
        answered = time.monotonic() - listed
        for thread in asking:
            thread.join(60)
        assert statuses.count(200) >= 1 and statuses.count(429) >= 1 and set(statuses) <= {200, 429}, statuses
        assert answered < 0.5 * max(searched), (answered, searched)  # the list did not wait for the search
        for _ in range(20):  # past the rate limit, however the hint is kept
            ask()
        assert statuses[-1] == 429


def test_a_widget_at_a_table_asks_the_server_for_its_hint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    use_front_ends(monkeypatch)
    with Server(tmp_path / "w.sqlite", port=0, rate=1000, burst=1000) as server:
        client = Client(server.url)
        seats = seated(client, hints=True)
        mover, _waiting = to_move(seats)
        widget = TownWidget(table=mover, lang="fr")
        browser_of(widget).intent_now(intent="hint")
        assert widget.error == "", widget.error
        expected = seat_hint(mover.view(), mover.seat, "fr")
        assert browser_of(widget).model()["suggestion"]["text"] == expected["text"]
        assert browser_of(widget).model()["suggestion"]["action"] == expected["action"]
        widget.close()


# --- the record of a game with people -----------------------------------------------------------------------------
def test_the_record_names_people_marks_bots_and_the_stand_ins_moves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_front_ends(monkeypatch)
    with Server(tmp_path / "r.sqlite", port=0, rate=1000, burst=1000) as server:
        client = Client(server.url, retry_seconds=0)
        table = client.create("town44", players=3, bots={2: "greedy"}, turn_seconds=0.5, seed=12)
        seats = [client.join(table, "Ana"), client.join(table, "Bob")]
        deadline = time.monotonic() + 20
        while client.table(table)["revision"] == 0:  # the first person lets the stand-in play for them
            assert time.monotonic() < deadline
            time.sleep(0.05)
        first = client.table(table)["view"]["history"][0]["player"]
        rng = random.Random(4)
        while not (status := client.table(table)["status"])["finished"]:
            if status["turn"] in (0, 1):
                seat = seats[status["turn"]]
                with contextlib.suppress(TableError):  # the stand-in or the bot moved meanwhile: look again
                    seat.act(random_move("town44", seat.view(), seat.seat, rng))
        record = client.record(table)
        widget = TownWidget(table=seats[first])  # its log says which of the moves the stand-in played
        noted = [line for line in browser_of(widget).model()["moves"] if "did not move in time" in line]
        widget.close()
    assert len(noted) == len(record.stand_ins) and "\nYou did not move in time" in noted[0], noted
    assert record.players == ["Ana", "Bob", "greedy"] and record.bots == [False, False, True]
    assert record.stand_ins and record.stand_ins[0] == 0 and record.moves[0]["player"] == first
    assert all(record.moves[move]["player"] in (0, 1) for move in record.stand_ins)
    again = GameRecord.from_dict(record.to_dict())
    assert again == record and replay(again).to_dict() == record.final
    older = {key: value for key, value in record.to_dict().items() if key not in ("bots", "stand_ins")}
    assert GameRecord.from_dict(older).bots == []  # a record from before still loads
    with pytest.raises(ValueError, match="'stand_ins' must be a list of move numbers"):
        GameRecord.from_dict({**record.to_dict(), "stand_ins": [len(record.moves)]})
    with pytest.raises(ValueError, match="'bots' must be a list of true or false"):
        GameRecord.from_dict({**record.to_dict(), "bots": [True]})


def test_a_store_of_the_first_schema_is_upgraded_and_its_tables_have_no_hints(tmp_path: Path) -> None:
    db = tmp_path / "v1.sqlite"
    old = sqlite3.connect(db)
    old.executescript(store_module.MIGRATIONS[0])
    old.execute("INSERT INTO tables VALUES ('old1', 'town44', 2, 5, NULL, 'greedy', 1.0)")
    old.execute("INSERT INTO seats VALUES ('old1', 0, 'Ana', NULL, NULL)")
    old.execute("PRAGMA user_version = 1")
    old.commit()
    old.close()
    with Server(db, port=0) as server:
        client = Client(server.url, retry_seconds=0)
        status = client.table("old1")["status"]
        assert status["hints"] is False and status["seats"][0]["name"] == "Ana"
        bob = client.join("old1", "Bob")
        refused(client, [bob], 403, "hints are off", lambda: bob.hint(revision=0))
    version = sqlite3.connect(db).execute("PRAGMA user_version").fetchone()[0]
    assert version == store_module.SCHEMA_VERSION == 2
