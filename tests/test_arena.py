"""The arena: records that replay, seat rotation, statistics, parallel games, and the command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from townwidget import arena
from townwidget.__main__ import main


@pytest.mark.parametrize(
    ("players", "game"),
    [(["greedy"], "town55"), (["greedy", "random", "mcts"], "town55"), (["mcts", "greedy", "random"], "littletown")],
)
def test_a_record_replays_move_by_move_into_the_final_state(players: list[str], game: str) -> None:
    record = arena.play_game(players, game=game, seed=4, iterations=8)
    stored = json.loads(json.dumps(record.to_dict()))  # through JSON, as saved to a file
    assert arena.replay(stored).to_dict() == record.final
    assert arena.GameRecord.from_dict(stored).to_dict() == stored


def test_a_tampered_record_names_the_move_that_does_not_replay() -> None:
    record = arena.play_game(["random", "random"], game="town44", seed=2).to_dict()
    record["moves"][3]["player"] = 1 - record["moves"][3]["player"]
    with pytest.raises(ValueError, match="move 3"):
        arena.replay(record)


def test_tournament_rotates_seats_over_the_same_deals() -> None:
    result = arena.tournament(
        ["greedy", "random", "mcts"], game="town44", games=6, seed=10, progress=False, iterations=4
    )
    seatings = [record.players for record in result.records]
    assert seatings[:3] == [["greedy", "random", "mcts"], ["random", "mcts", "greedy"], ["mcts", "greedy", "random"]]
    assert [record.seed for record in result.records] == [10, 10, 10, 11, 11, 11]
    for name in ("greedy", "random", "mcts"):
        assert sorted(seating.index(name) for seating in seatings) == [0, 0, 1, 1, 2, 2]


def test_summary_counts_one_winner_per_game_and_ranks_in_range() -> None:
    result = arena.tournament(["greedy", "random"], game="town55", games=10, seed=0, progress=False)
    rows = {row["agent"]: row for row in result.summary}
    assert sum(row["win_rate"] for row in rows.values()) == pytest.approx(1.0)
    for row in rows.values():
        assert row["games"] == 10
        assert 1.0 <= row["mean_rank"] <= 2.0
        assert row["win_ci"][0] <= row["win_rate"] <= row["win_ci"][1]
        assert row["score_ci"][0] <= row["mean_score"] <= row["score_ci"][1]
    assert "greedy" in result.table() and "win rate" in result.table() and "tiles left" in result.table()


def test_a_little_town_tournament_scores_each_seat_in_victory_points() -> None:
    result = arena.tournament(["greedy", "random"], game="littletown", games=4, seed=7, progress=False)
    assert [record.players for record in result.records] == [["greedy", "random"], ["random", "greedy"]] * 2
    assert [record.seed for record in result.records] == [7, 7, 8, 8]
    for record in result.records:
        assert arena.replay(record).to_dict() == record.final
    rows = {row["agent"]: row for row in result.summary}
    scores = {name: [r.result["scores"][r.players.index(name)] for r in result.records] for name in rows}
    for name, row in rows.items():
        assert row["score_name"] == "VP" and row["mean_score"] == sum(scores[name]) / 4
    assert rows["greedy"]["mean_score"] > rows["random"]["mean_score"]
    assert "VP [95% CI]" in result.table()


def test_parallel_games_give_the_same_records_as_serial_ones() -> None:
    options = {"game": "town44", "games": 4, "seed": 3, "progress": False, "iterations": 5}
    serial = arena.tournament(["ismcts", "greedy"], workers=1, **options)
    parallel = arena.tournament(["ismcts", "greedy"], workers=2, **options)
    assert [r.to_dict() for r in serial.records] == [r.to_dict() for r in parallel.records]


def test_solo_run_plays_the_fixed_deals_and_the_clairvoyant_peeks() -> None:
    honest = arena.solo_run("greedy", game="town44", deals=5, seed=20, progress=False)
    par = arena.solo_run("clairvoyant", game="town44", deals=5, seed=20, progress=False, allow_peeking=True)
    assert [r.seed for r in honest.records] == [20, 21, 22, 23, 24]
    for mine, best in zip(honest.records, par.records, strict=True):
        assert mine.result["placed"] <= best.result["placed"]
        assert best.peeked == [True] and mine.peeked == [False]
    assert "tiles placed" in par.table() and "clairvoyant (peeked)" in par.table()


def test_confidence_intervals() -> None:
    low, high = arena.wilson_interval(0, 10)
    assert low == 0.0 and 0.25 < high < 0.35
    assert arena.mean_interval([2.0, 2.0, 2.0]) == (2.0, 2.0)
    low, high = arena.mean_interval([0.0, 10.0])
    assert low < 5.0 < high and high - low > 2 * 1.96 * 5  # Student's t: two values give a wide interval
    assert arena.mean_interval([0.0, 10.0], bounds=(0, 16)) == (0, 16)  # never beyond what a score can be
    wide, narrow = arena.mean_interval([3.0, 4.0, 5.0] * 2), arena.mean_interval([3.0, 4.0, 5.0] * 40)
    assert wide[0] < narrow[0] < 4.0 < narrow[1] < wide[1]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: arena.tournament(["random"], games=0), "games must be an integer from 1 to 1000000, not 0"),
        (lambda: arena.tournament(["random"], games=10**23), "games must be an integer from 1 to 1000000"),
        (lambda: arena.tournament(["random", 42], games=1, progress=False), "an agent is a name, a submission file"),
        (lambda: arena.play_game([], game="town44"), "one or more agents"),
        (lambda: arena.replay({"format": "other"}), "game record"),
        (lambda: arena.play_game(["random"], game="chess"), "unknown game 'chess'"),
        (lambda: arena.play_game(["random"], game="littletown"), "players must be an integer from 2 to 4"),
    ],
)
def test_bad_arena_input_is_refused_with_a_clear_message(call, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        call()


def test_command_line_prints_the_summary(capsys: pytest.CaptureFixture[str], tmp_path) -> None:  # type: ignore[no-untyped-def]
    records = tmp_path / "games.jsonl"
    status = main(
        ["arena", "--game", "town44", "--players", "greedy,random", "--games", "4", "--no-progress"]
        + ["--records", str(records)]
    )
    out = capsys.readouterr().out
    assert status == 0 and "greedy" in out and "win rate" in out
    lines = records.read_text().splitlines()
    assert len(lines) == 4 and arena.replay(json.loads(lines[0])).is_terminal()
    assert main(["solo", "--game", "town44", "--agent", "greedy", "--deals", "2", "--no-progress"]) == 0
    assert "tiles placed" in capsys.readouterr().out
    assert main(["arena", "--game", "town44", "--players", "greedy", "--no-progress"]) == 2
    assert "at least two" in capsys.readouterr().err
    assert main(["arena", "--game", "littletown", "--players", "greedy,random", "--games", "2", "--no-progress"]) == 0
    assert "VP [95% CI]" in capsys.readouterr().out


def test_python_dash_m_runs_the_command_line() -> None:
    command = [sys.executable, "-m", "townwidget", "solo", "--game", "town33", "--agent", "random", "--deals", "3"]
    done = subprocess.run(command + ["--no-progress"], capture_output=True, text=True, check=True, timeout=60)
    assert "random" in done.stdout and "tiles placed" in done.stdout
