"""The JSON Schemas of the package's formats accept the states of 270 random games, saved at random moments and at
their end (full form, every player's view and the public form; Town solo and multiplayer, Little Town) and the
arena's records, and reject broken ones."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from test_doc_links import ROOT

from townwidget import littletown, town
from townwidget.arena import RECORD_FORMAT, play_game
from townwidget.core.protocol import PUBLIC
from townwidget.littletown import objectives
from townwidget.littletown.data import BUILDING_IDS, CARD_IDS, RESOURCES
from townwidget.littletown.state import VP_SOURCES
from townwidget.littletown.turn import PHASES
from townwidget.schemas import SCHEMAS, schema
from townwidget.town.format import PHASES as TOWN_PHASES

REGISTRY = Registry().with_resources(
    (schema(name)["$id"], Resource.from_contents(schema(name))) for name in SCHEMAS
)  # fmt: skip
VALIDATORS = {name: Draft202012Validator(schema(name), registry=REGISTRY) for name in SCHEMAS}
TOWN_GAMES = [("town33", 1), ("town44", 1), ("town66", 1), ("town77", 1), ("town44", 2), ("town55", 3), ("town77", 5)]


def problems(format_name: str, data: Any) -> list[str]:
    return [error.message for error in VALIDATORS[format_name].iter_errors(data)]


def forms(state: Any) -> list[dict[str, Any]]:
    """Every saved form of ``state``: the full one, each player's view and the public one."""
    return [state.to_dict(), *(state.to_dict(viewer=p) for p in range(state.num_players)), state.to_dict(viewer=PUBLIC)]


def saved_forms(state: Any, seed: int, saves: float) -> list[dict[str, Any]]:
    """The forms of the states a uniformly random game from ``state`` is saved in: after each move with chance
    ``saves``, and at its end (validating every state of every game would take minutes: the history grows)."""
    rng, seen = random.Random(seed), []
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        if rng.random() < saves:
            seen += forms(state)
    return seen + forms(state)


def test_the_schemas_are_valid_json_schemas_named_by_their_format() -> None:
    for name in SCHEMAS:
        Draft202012Validator.check_schema(schema(name))
        assert schema(name)["title"] == name and schema(name)["properties"]["format"] == {"const": name}
    assert RECORD_FORMAT in SCHEMAS
    with pytest.raises(ValueError, match="no schema for 'town-state/2'"):
        schema("town-state/2")


@pytest.mark.parametrize(("board", "players"), TOWN_GAMES, ids=[f"{b}-{p}p" for b, p in TOWN_GAMES])
def test_every_town_state_of_random_games_fits_the_schema(board: str, players: int) -> None:
    for seed in range(30):
        game = town.new_solo(board, seed=seed) if players == 1 else town.new_game(board, players=players, seed=seed)
        for data in saved_forms(game, seed, saves=0.05):
            assert problems("town-state/1", data) == [], data


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_little_town_state_of_random_games_fits_the_schema(players: int) -> None:
    for seed in range(20):
        game = littletown.new_game(players=players, seed=seed, rules={"side": 1 + seed % 2})
        for data in saved_forms(game, seed, saves=0.01):
            assert problems("littletown-state/1", data) == [], data


def test_records_of_both_games_fit_the_schema() -> None:
    games = [("littletown", ["random", "greedy"]), ("town44", ["random"]), ("town55", ["greedy", "random", "random"])]
    for game, players in games:
        for seed in range(5):
            assert problems(RECORD_FORMAT, play_game(players, game=game, seed=seed).to_dict()) == []


def test_broken_states_are_rejected() -> None:
    solo = town.new_solo("town44", seed=1).to_dict()
    multi = town.new_game("town55", players=2, seed=1).to_dict()
    little = littletown.new_game(players=2, seed=1).to_dict()
    broken = {
        "a colour beyond 8": ("town-state/1", solo, lambda d: d["piles"][0].__setitem__(0, [9, 0])),
        "a tile of three numbers": ("town-state/1", multi, lambda d: d["hands"][0].__setitem__(0, [1, 2, 3])),
        "an unknown mode": ("town-state/1", solo, lambda d: d.__setitem__("mode", "duo")),
        "solo in the discard phase": ("town-state/1", solo, lambda d: d.__setitem__("phase", "discard")),
        "a board cell that is a string": ("town-state/1", solo, lambda d: d["board"][0].__setitem__(0, "tile")),
        "no board": ("town-state/1", multi, lambda d: d.pop("board")),
        "a typo in the rules": ("town-state/1", multi, lambda d: d["rules"].__setitem__("flip", 2)),
        "a multiplayer game without hands": ("town-state/1", multi, lambda d: d.pop("hands")),
        "a history entry with a made-up move": ("town-state/1", multi, lambda d: d["history"].append({"type": "jump"})),
        "an unknown building": ("littletown-state/1", little, lambda d: d["market"].__setitem__("tower", 1)),
        "coins as text": ("littletown-state/1", little, lambda d: d["players"][0].__setitem__("coins", "3")),
        "a cell off the board": ("littletown-state/1", little, lambda d: d["workers"].append({"cell": [6, 0]})),
        "five players": ("littletown-state/1", little, lambda d: d.__setitem__("num_players", 5)),
        "a misspelled turn key": ("littletown-state/1", little, lambda d: d["turn"].__setitem__("gatherd", [])),
        "a float for an integer": ("littletown-state/1", little, lambda d: d.__setitem__("round", 1.5)),
    }
    for what, (format_name, original, breaking) in broken.items():
        data = copy.deepcopy(original)
        breaking(data)
        assert problems(format_name, data), f"the schema accepts a state with {what}"
    record = play_game(["random"], game="town44", seed=1).to_dict()
    assert problems(RECORD_FORMAT, {**record, "moves": [{"type": "place"}]})  # no player
    assert problems(RECORD_FORMAT, {key: value for key, value in record.items() if key != "seed"})
    little_record = play_game(["random", "random"], game="littletown", seed=1).to_dict()
    assert problems(RECORD_FORMAT, {**little_record, "final": record["final"]})  # a Town state in a Little Town game


def test_the_schemas_name_the_engines_own_words() -> None:
    # the schemas copy some vocabularies from the engine: they must stay the same
    little = schema("littletown-state/1")
    assert little["$defs"]["building"]["enum"] == list(BUILDING_IDS)
    assert little["$defs"]["card"]["enum"] == list(CARD_IDS)
    assert little["$defs"]["resource"]["enum"] == list(RESOURCES)
    assert little["properties"]["phase"]["enum"] == list(PHASES)
    assert list(little["properties"]["players"]["items"]["properties"]["vp"]["properties"]) == list(VP_SOURCES)
    achievements = little["properties"]["players"]["items"]["properties"]["achievements"]["items"]["enum"]
    assert achievements == list(objectives.ACHIEVEMENTS)
    assert schema("town-state/1")["properties"]["phase"]["enum"] == list(TOWN_PHASES["multi"])
    assert set(TOWN_PHASES["solo"]) < set(TOWN_PHASES["multi"])


def test_the_state_format_page_links_the_schemas() -> None:
    page = (ROOT / "docs" / "state-format.md").read_text(encoding="utf-8")
    for file in SCHEMAS.values():
        assert f"(../townwidget/schemas/{file})" in page
