"""The teacher's commands: ``townwidget tables`` lists a server's tables (names escaped), ``townwidget tables export``
writes every finished game's record, and ``townwidget serve`` stops cleanly on SIGTERM within 2 seconds."""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path

import pytest
from test_tables_restart import start

from townwidget.__main__ import main
from townwidget.core.registry import GameRecord, replay
from townwidget.tables import Client, Server


def test_tables_lists_and_exports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Server(tmp_path / "t.sqlite", port=0) as server:
        client = Client(server.url, retry_seconds=0)
        done = client.create("town44", players=2, bots={0: "greedy", 1: "random"}, seed=4)
        waiting = client.create("littletown", players=3, bots={2: "greedy"}, seed=5)
        capsys.readouterr()
        for _ in range(200):
            if client.tables()[0]["finished"]:
                break
            time.sleep(0.05)
        assert main(["tables", "--url", server.url]) == 0
        listed = capsys.readouterr().out
        assert main(["tables", "export", "--url", server.url, str(tmp_path / "games")]) == 0
        exported = capsys.readouterr().out
    lines = {line.split()[0]: line for line in listed.splitlines()[1:-1]}
    assert "finished" in lines[done] and "0: greedy (bot), 1: random (bot)" in lines[done]
    assert "open" in lines[waiting] and "0: (open)" in lines[waiting] and "2: greedy (bot)" in lines[waiting]
    assert "1 finished game record(s)" in exported
    record = GameRecord.from_dict(json.loads((tmp_path / "games" / f"{done}.json").read_text()))
    assert record.seed == 4 and replay(record).to_dict() == record.final
    assert [path.name for path in (tmp_path / "games").iterdir()] == [f"{done}.json"]


def test_names_are_shown_escaped_in_the_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Server(tmp_path / "t.sqlite", port=0) as server:
        client = Client(server.url, retry_seconds=0)
        table = client.create("town44", players=2, seed=1)
        client.join(table, "<script>alert(1)</script>")
        client.join(table, "Ana\u00a0Lía")
        assert main(["tables", "--url", server.url]) == 0
    out = capsys.readouterr().out
    assert "0: <script>alert(1)</script> (away)" in out  # text, as given
    assert "1: Ana\\xa0Lía (away)" in out  # the unprintable space escaped, the accent kept


def test_a_server_that_cannot_be_reached_is_said_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tables", "--url", "http://127.0.0.1:9"]) == 2
    assert "does not answer" in capsys.readouterr().err
    assert main(["tables", "--url", "ftp://example"]) == 2


def test_serve_stops_on_sigterm_within_2_seconds(tmp_path: Path) -> None:
    process, url = start(tmp_path / "t.sqlite")
    try:
        Client(url).create("town44", players=2, bots={0: "greedy", 1: "greedy"})  # bots at work as it stops
        Client(url).join(Client(url).create("town44", players=2), "Ana").messages(timeout=5).__next__()
        began = time.monotonic()
        process.send_signal(signal.SIGTERM)
        assert process.wait(5) == 0
        assert time.monotonic() - began < 2.0
    finally:
        process.kill()
        process.wait(5)
