"""Forged records and solo histories: ``review()`` refuses every one with a short ``ValueError`` naming the fault.

The forgeries are made from real records (Town solo, Town with two players, Little Town) and a real finished solo
state, by deleting keys, giving keys values of the wrong type or range, and editing the moves or the history. Every
forgery is malformed or at odds with its own replay, so none may be reviewed, and no other exception may escape.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest

from townwidget import arena, review, town
from townwidget.core import registry

ODD_VALUES = [None, True, 1.5, "1", "ab", 3, -1, 10**20, float("nan"), [], {}, [None], ["a", 7]]
SHORT = 300  # characters: a refusal names the fault, it does not echo the forgery


def records() -> list[dict[str, Any]]:
    """Real records through JSON, as read from a file."""
    played = [
        arena.play_game(["greedy"], game="town33", seed=3),
        arena.play_game(["greedy", "random"], game="town33", seed=4),
        arena.play_game(["random", "random"], game="littletown", seed=5),
    ]
    return [json.loads(json.dumps(record.to_dict())) for record in played]


def solo_state() -> dict[str, Any]:
    game = town.new_solo("town44", seed=2)
    while not game.is_terminal():
        game.apply(game.legal_actions()[-1])
    return game.to_dict()


OPTIONAL = ("forfeits", "peeked")


def record_forgeries(record: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    for key in record:
        if key not in OPTIONAL:  # a record written before forfeits were recorded lacks them, and is no forgery
            yield f"no {key}", {name: value for name, value in record.items() if name != key}
        for value in ODD_VALUES:
            unknown = key in OPTIONAL and value == []  # what a record written before they were recorded holds
            if not unknown and (value != record[key] or type(value) is not type(record[key])):
                yield f"{key}={value!r}", {**record, key: value}
    yield "an unknown key", {**record, "comment": "x"}
    moves = record["moves"]
    yield "a move dropped", {**record, "moves": moves[1:]}
    yield "a move repeated", {**record, "moves": [moves[0], *moves]}
    yield "a pass inserted", {**record, "moves": [{"type": "pass", "player": 0}, *moves]}
    yield "a move that is no dict", {**record, "moves": [5, *moves[1:]]}
    yield "a move of another player", {**record, "moves": [{**moves[0], "player": 7}, *moves[1:]]}
    yield "another final", {**record, "final": {**record["final"], "current_player": 0}}
    yield "other returns", {**record, "returns": [value + 1 for value in record["returns"]]}


def history_forgeries(state: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    history = state["history"]
    first = history[0]
    edits: dict[str, Any] = {
        "an extra pass": [*history, {"type": "pass"}],
        "an extra exchange": [*history, {"type": "exchange", "tiles": [[0, 0]]}],
        "an extra discard": [*history, {"type": "discard", "tile": [0, 0]}],
        "a place without pile": [{key: value for key, value in first.items() if key != "pile"}, *history[1:]],
        "pile 7": [{**first, "pile": 7}, *history[1:]],
        "pile 10**20": [{**first, "pile": 10**20}, *history[1:]],
        "pile -1": [{**first, "pile": -1}, *history[1:]],
        "emptied": [],
        "one move dropped": history[1:],
        "repeated": history * 200,
        "reversed": history[::-1],
        "two moves swapped": [history[1], history[0], *history[2:]],
        "a tile changed": [{**first, "tile": [3, 3] if first["tile"] != [3, 3] else [0, 0]}, *history[1:]],
        "a flip added": [{**first, "flip": True}, *history[1:]],
        "not a list": 5,
        "an entry that is no dict": [None, *history[1:]],
    }
    for name, edited in edits.items():
        yield f"history: {name}", {**copy.deepcopy(state), "history": edited}


def forgeries() -> list[tuple[str, Any]]:
    made: list[tuple[str, Any]] = []
    for record in records():
        made += [
            (f"{record['game']} x{len(record['players'])}: {name}", data) for name, data in record_forgeries(record)
        ]
    made += list(history_forgeries(solo_state()))
    return made


def test_every_forged_record_and_history_is_refused_with_a_short_value_error() -> None:
    made = forgeries()
    assert len(made) >= 90
    escaped = []
    for name, data in made:
        try:
            review(data, samples=1, par_seconds=0.1, progress=False)
        except ValueError as error:
            if len(str(error)) > SHORT or "\n" in str(error):
                escaped.append((name, f"a long message: {str(error)[:80]}..."))
        except Exception as error:  # noqa: BLE001  # what the test looks for: anything but a ValueError
            escaped.append((name, f"{type(error).__name__}: {error}"))
        else:
            escaped.append((name, "reviewed"))
    assert escaped == []


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("seed", 1.5, "'seed' must be an integer, not 1.5"),
        ("seed", "1", "'seed' must be an integer, not '1'"),
        ("seed", True, "'seed' must be an integer, not True"),
        ("moves", None, "'moves' must be a list of action objects, not None"),
        ("moves", 5, "'moves' must be a list of action objects, not 5"),
        ("players", None, "'players' must be a list of player names"),
        ("players", 3, "'players' must be a list of player names"),
        ("players", "ab", "'players' must be a list of player names"),
        ("returns", [float("inf")], "'returns' must be a list of 1 finite numbers"),
        ("game", "chess", "'game': unknown game 'chess'"),
    ],
)
def test_a_record_read_from_json_names_the_field_at_fault(key: str, value: Any, words: str) -> None:
    record = arena.play_game(["greedy"], game="town33", seed=3).to_dict()
    with pytest.raises(ValueError, match="^game record: " + words.replace("(", r"\(")):
        registry.GameRecord.from_dict({**record, key: value})


def test_a_solo_history_that_is_not_the_games_own_is_named() -> None:
    state = solo_state()
    named = dict(history_forgeries(state))
    cases = {
        "history: an extra pass": r"holds 11 move\(s\) but 10 tile\(s\) are on the board",
        "history: pile 7": r"history\[0\] .* is not a placement from one of the 3 piles",
        "history: reversed": r"history\[0\] does not replay",
        "history: a flip added": "does not start from a deal",
    }
    for name, words in cases.items():
        with pytest.raises(ValueError, match=words):
            review(named[name], samples=1, par_seconds=0, progress=False)
