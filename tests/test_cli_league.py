"""The command line stops well (Ctrl-C, bad numbers and paths said first) and runs class leagues."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from townwidget import arena
from townwidget.__main__ import main

ROOT = Path(__file__).resolve().parent.parent


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_ctrl_c_prints_the_finished_games_writes_their_records_and_exits_130(tmp_path: Path) -> None:
    records = tmp_path / "records.jsonl"
    command = [sys.executable, "-m", "townwidget", "arena", "--players", "mcts,greedy", "--game", "town55"]
    command += ["--games", "400", "--iterations", "60", "--no-progress", "--records", str(records)]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}
    )
    time.sleep(6)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    assert "Traceback" not in err and "interrupted:" in out and "win rate" in out
    finished = int(out.split("interrupted: ")[1].split()[0])
    assert 0 < finished < 400 and len(records.read_text().splitlines()) == finished


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--games", "99999999999999999999999"], "games must be an integer from 1 to 1000000"),
        (["--games", "2", "--workers", "100000"], "workers must be an integer from 1 to"),
        (["--games", "2", "--records", "/nonexistent/x"], "--records '/nonexistent/x' cannot be written"),
    ],
)
def test_bad_numbers_and_paths_are_said_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], words: str
) -> None:
    started = time.monotonic()
    status, out, err = run(capsys, "arena", "--players", "random,greedy", "--game", "town44", *argv)
    assert status == 2 and words in err and "win rate" not in out
    assert time.monotonic() - started < 5
    status, _, err = run(capsys, "arena", "--players", "random,greedy", "--records", str(tmp_path))
    assert status == 2 and "Is a directory" in err


def test_the_best_alias_plays_solo_and_the_clairvoyant_only_solo(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solo", "--agent", "best", "--game", "town33", "--deals", "1", "--iterations", "5")
    assert status == 0 and out.startswith("agent") and "best" in out
    status, _, err = run(capsys, "arena", "--players", "clairvoyant,greedy", "--game", "town44", "--games", "1")
    assert status == 2 and "the clairvoyant agent plays solo only" in err
    status, out, _ = run(capsys, "solo", "--agent", "clairvoyant", "--game", "town33", "--deals", "1")
    assert status == 0 and "clairvoyant (peeked)" in out


def submissions(directory: Path) -> Path:
    directory.mkdir()
    (directory / "first.py").write_text("def act(view):\n    return view.legal_actions()[0]\n")
    (directory / "last.py").write_text(
        "class Last:\n    def act(self, view):\n        return view.legal_actions()[-1]\n\nagent = Last()\n"
    )
    (directory / "sleepy.py").write_text("import time\n\ndef act(view):\n    time.sleep(60)\n")
    (directory / "broken.py").write_text("raise SystemExit('no')\n")
    (directory / "nothing.py").write_text("x = 1\n")
    return directory


def test_a_league_over_a_directory_ranks_the_files_that_load(tmp_path: Path) -> None:
    folder = submissions(tmp_path / "class")
    result = arena.league(folder, game="town44", games=2, move_seconds=1, seed=3, progress=False)
    assert set(result.rejected) == {"broken", "nothing"} and "neither act(view)" in result.rejected["nothing"]
    board = {row["agent"]: row for row in result.leaderboard}
    assert board["sleepy"]["forfeits"]["timeout"] == 2 and board["sleepy"]["mean_tiles"] == 0
    assert [row["agent"] for row in result.leaderboard][-1] == "sleepy" and result.leaderboard[0]["to_leader"] == 0
    assert {record.seed for record in result.records} == {3, 4}  # every submission on the same deals
    leader = result.leaderboard[0]
    assert leader["tiles_ci"][0] <= leader["mean_tiles"] <= leader["tiles_ci"][1]
    table = result.table()
    assert "not played: broken" in table and "timeout" in table and "<table>" in result._repr_html_()
    result.to_csv(tmp_path / "board.csv")
    result.to_json(tmp_path / "board.json")
    assert (tmp_path / "board.csv").read_text().splitlines()[0].startswith("agent,games,mean tiles")
    assert json.loads((tmp_path / "board.json").read_text())["rejected"].keys() == {"broken", "nothing"}


def test_a_multiplayer_league_rates_with_openskill_and_replays_by_its_seed() -> None:
    agents: list[Any] = ["greedy", "random", First()]
    result = arena.league(agents, game="town44", players=2, games=2, seed=None, progress=False)
    assert result.seed is not None and len(result.records) == 4
    rows = {row["agent"]: row for row in result.leaderboard}
    assert set(rows) == {"greedy", "random", "first"} and all(row["rating_sigma"] > 0 for row in rows.values())
    assert rows["greedy"]["win_ci"][0] <= rows["greedy"]["win_rate"] <= rows["greedy"]["win_ci"][1]
    again = arena.league(agents, game="town44", players=2, games=2, seed=result.seed, progress=False)
    assert [r.to_dict() for r in again.records] == [r.to_dict() for r in result.records]
    assert [(row["agent"], row["rating"]) for row in again.leaderboard] == [
        (row["agent"], row["rating"]) for row in result.leaderboard
    ]


class First:
    name = "first"

    def act(self, view: Any) -> Any:
        return view.legal_actions()[0]


def test_the_league_command_writes_its_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = submissions(tmp_path / "class")
    (folder / "sleepy.py").unlink()
    argv = ["league", str(folder), "--game", "town44", "--games", "1", "--seed", "1", "--no-progress"]
    status, out, _ = run(capsys, *argv, "--csv", str(tmp_path / "b.csv"), "--records", str(tmp_path / "r.jsonl"))
    assert status == 0 and "mean tiles" in out and "not played: nothing" in out
    assert len((tmp_path / "r.jsonl").read_text().splitlines()) == 2 and (tmp_path / "b.csv").exists()


def honest_class(directory: Path) -> Path:
    directory.mkdir()
    (directory / "first.py").write_text("def act(view):\n    return view.legal_actions()[0]\n")
    (directory / "last.py").write_text("def act(view):\n    return view.legal_actions()[-1]\n")
    return directory


def test_a_stopped_league_keeps_its_finished_games_and_resumes_to_the_same_records(tmp_path: Path) -> None:
    folder = honest_class(tmp_path / "class")
    whole = arena.league(folder, game="town44", games=3, seed=8, progress=False)
    journal = tmp_path / "games.jsonl"
    seen: list[Any] = []

    def stop_after_two(record: Any) -> None:
        seen.append(record)
        if len(seen) == 2:
            raise KeyboardInterrupt

    with pytest.raises(arena.TournamentInterrupted) as stopped:
        arena.league(folder, game="town44", games=3, seed=None, journal=journal, on_record=stop_after_two)
    assert len(stopped.value.records) == 2 and len(journal.read_text().splitlines()) == 3  # the league, two games
    assert oct(journal.stat().st_mode & 0o777) == "0o600"  # the arena's own: it holds the seed
    resumed = arena.league(folder, game="town44", games=3, journal=journal, resume=True, progress=False)
    lines = [json.loads(line) for line in journal.read_text().splitlines()]
    assert (
        len(resumed.records) == 6
        and len(lines) == 7
        and {line.get("isolate") for line in lines[1:]} == {resumed.isolation}
    )
    assert [r.to_dict() for r in resumed.records[:2]] == [r.to_dict() for r in stopped.value.records]
    again = arena.league(folder, game="town44", games=3, seed=lines[0]["league"]["seed"], progress=False)
    assert [r.to_dict() for r in again.records] == [r.to_dict() for r in resumed.records]
    assert len(whole.records) == 6
    with pytest.raises(ValueError, match="journals another league"):
        arena.league(folder, game="town44", games=4, journal=journal, resume=True, progress=False)
    with pytest.raises(ValueError, match="already holds a league's games"):
        arena.league(folder, game="town44", games=3, journal=journal, progress=False)


def test_a_league_killed_from_outside_resumes_from_its_journal(tmp_path: Path) -> None:
    folder = honest_class(tmp_path / "class")
    (tmp_path / "seed").write_text("123456789\n")
    argv = [sys.executable, "-m", "townwidget", "league", str(folder), "--game", "town44", "--games", "20"]
    argv += ["--seed-file", str(tmp_path / "seed"), "--csv", str(tmp_path / "board.csv"), "--no-progress"]
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment)
    journal = tmp_path / "board.games.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not journal.exists() or len(journal.read_text().splitlines()) < 4):
        time.sleep(0.1)
    process.kill()  # SIGKILL: no clean-up of any kind
    process.communicate(timeout=30)
    kept = len(journal.read_text().splitlines()) - 1
    assert 3 <= kept < 40
    done = subprocess.run([*argv, "--resume"], capture_output=True, text=True, env=environment, timeout=300)
    assert done.returncode == 0, done.stderr
    assert len(journal.read_text().splitlines()) == 41 and "mean tiles" in done.stdout
    assert "123456789" not in done.stdout  # the seed came from the file and is not told


def test_names_and_texts_of_submissions_are_shown_as_data(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    honest = "def act(view):\n    return view.legal_actions()[0]\n"
    names = ["alice", "\u0430lice", "aIice", "bob\nfirst  16  16.00", "carol\u202egnp", "dave ", "eve\x1b[2J", "=cmd"]
    for name in names:
        (folder / f"{name}.py").write_text(honest)
    (folder / "mallory.py").write_text("raise SystemExit('\\x1b[2J\\nfirst  99  16.00 [16.00, 16.00]' + 'x' * 900)\n")
    result = arena.league(folder, game="town44", games=1, seed=1, progress=False)
    assert [row["agent"] for row in result.leaderboard] == ["=cmd"]  # the one name that reads as itself
    for name in ("alice", "\u0430lice", "aIice"):
        assert "reads like" in result.rejected[name]
    assert "control character (U+000A)" in result.rejected["bob\nfirst  16  16.00"]
    assert "U+202E" in result.rejected["carol\u202egnp"] and "space" in result.rejected["dave "]
    table = result.table()
    assert "\x1b" not in table and "\u202e" not in table and len(table.splitlines()) == 3 + len(result.rejected) + 1
    assert "not played: mallory: " in table and not any(line.startswith("first") for line in table.splitlines())
    assert max(len(line) for line in table.splitlines()) < 300  # its text is cut
    result.to_csv(tmp_path / "board.csv")
    assert (tmp_path / "board.csv").read_text().splitlines()[1].startswith("'=cmd,")
