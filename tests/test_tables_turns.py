"""Turn limits and bots at a table: a seat out of time gets one move from the stand-in bot (said in the log) and
plays on; a bot that raises, answers nonsense or hangs forfeits as in the arena, and the table goes on."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from table_play import random_move

from townwidget.core.registry import replay
from townwidget.tables import Client, Server, TableError


def wait_for(client: Client, table: str, done: Any, seconds: float = 20) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        entry = next(entry for entry in client.tables() if entry["table"] == table)
        if done(entry):
            return entry
        time.sleep(0.05)
    raise AssertionError(f"table {table} never reached the state waited for: {entry}")


@pytest.fixture
def agents(tmp_path: Path) -> Path:
    folder = tmp_path / "agents"
    folder.mkdir()
    (folder / "raises.py").write_text("def act(view):\n    raise RuntimeError('my bug')\n")
    (folder / "nonsense.py").write_text("def act(view):\n    return {'type': 'teleport'}\n")
    (folder / "hangs.py").write_text("import time\n\ndef act(view):\n    time.sleep(60)\n")
    return folder


def test_a_seat_out_of_time_gets_one_stand_in_move_then_plays_on(tmp_path: Path) -> None:
    with Server(tmp_path / "t.sqlite", port=0) as server:
        client = Client(server.url, retry_seconds=0)
        table = client.create("town44", players=2, turn_seconds=0.5, seed=12)
        seats = [client.join(table, "Ana"), client.join(table, "Bob")]
        started = time.monotonic()
        entry = wait_for(client, table, lambda entry: entry["revision"] == 1)
        assert time.monotonic() - started >= 0.45
        absent = 1 - entry["turn"]  # the seat that let its time run out
        texts = [line["text"] for line in entry["log"]]
        assert any("did not move in time: the stand-in bot greedy played" in text for text in texts), texts
        rng = random.Random(3)
        for seat in (seats[entry["turn"]], seats[absent]):  # the other, then the absent one, play on by hand
            view = seat.view()
            assert view["current_player"] == seat.seat
            seat.act(random_move("town44", view, seat.seat, rng))
        assert seats[0].view() and seats[0].revision == 3
        texts = [line["text"] for line in client.tables()[0]["log"]]
        assert sum("stand-in" in text for text in texts) == 1


def test_no_stand_in_for_a_seat_that_moves_in_time(tmp_path: Path) -> None:
    with Server(tmp_path / "t.sqlite", port=0) as server:
        client = Client(server.url, retry_seconds=0)
        table = client.create("town44", players=2, bots={1: "random"}, turn_seconds=1.5, seed=2)
        ana = client.join(table, "Ana")
        rng = random.Random(1)
        for _ in range(3):
            entry = wait_for(client, table, lambda entry: entry["turn"] in (0, None))
            if entry["finished"]:
                break
            view = ana.view()
            ana.act(random_move("town44", view, 0, rng))
        assert not any("stand-in" in line["text"] for line in client.tables()[0]["log"])


def test_bots_that_raise_or_answer_nonsense_forfeit_and_the_game_goes_on(tmp_path: Path, agents: Path) -> None:
    with Server(tmp_path / "t.sqlite", port=0, agents=agents, bot_seconds=10) as server:
        client = Client(server.url, retry_seconds=0)
        bots = {0: "raises.py", 1: "nonsense.py", 2: "greedy"}
        table = client.create("town77", players=3, bots=bots, seed=5)
        wait_for(client, table, lambda entry: entry["finished"], seconds=60)
        record = client.record(table)
    assert [(forfeit["seat"], forfeit["reason"]) for forfeit in record.forfeits] == [(0, "error"), (1, "invalid")]
    assert "my bug" in record.forfeits[0]["detail"]
    assert record.players == ["raises", "nonsense", "greedy"]
    assert replay(record).to_dict() == record.final


def test_a_bot_that_hangs_forfeits_and_its_seat_plays_its_first_moves(tmp_path: Path, agents: Path) -> None:
    with Server(tmp_path / "t.sqlite", port=0, agents=agents, bot_seconds=1) as server:
        client = Client(server.url, retry_seconds=0)
        table = client.create("littletown", players=2, bots={0: "hangs.py", 1: "greedy"}, seed=6)
        entry = wait_for(client, table, lambda entry: entry["finished"], seconds=60)
        record = client.record(table)
    assert [(forfeit["seat"], forfeit["reason"]) for forfeit in record.forfeits] == [(0, "timeout")]
    assert entry["seats"][0]["forfeited"] and replay(record).to_dict() == record.final


def test_submission_files_only_by_name_from_the_agents_folder(tmp_path: Path, agents: Path) -> None:
    with Server(tmp_path / "t.sqlite", port=0, agents=agents) as server:
        client = Client(server.url, retry_seconds=0)
        for spec, words in [
            ("../raises.py", "file name"),
            (str(agents / "raises.py"), "file name"),
            ("absent.py", "no submission"),
            (".hidden.py", "file name"),
        ]:
            with pytest.raises(TableError, match=words):
                client.create("town44", players=2, bots={0: spec})
        with pytest.raises(TableError, match="package's agents"):
            client.create("town44", players=2, stand_in="raises.py")
        assert client.tables() == []
