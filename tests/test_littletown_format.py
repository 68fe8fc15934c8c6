"""The Little Town JSON form: its keys, records, clones, and a clear ValueError naming the key for every bad input
(to ``from_dict``, ``apply``, ``new_game``), never a KeyError, TypeError or IndexError, and nothing changed."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import played

from townwidget import littletown
from townwidget.littletown import IllegalAction, InvalidState

Change = Callable[[dict[str, Any]], None]


def mid_turn() -> littletown.State:
    """A 3-player game in the middle of a worker's turn (phase 'act'), a building on the board."""
    for seed in range(200):
        game = played(littletown.new_game(3, seed=seed), 40, seed)
        if game.phase == "act" and game.to_dict()["buildings"]:
            return game
    raise AssertionError("no such game in 200 seeds")


def test_state_dict_has_every_key_of_the_format_and_is_json() -> None:
    data = mid_turn().to_dict()
    keys = {"format", "rules", "num_players", "round", "phase", "first_player", "current_player", "terrain"}
    keys |= {"buildings", "workers", "market", "reserve", "players", "objectives_unused", "turn", "history", "rng"}
    assert set(data) == keys and data["format"] == "littletown-state/1"
    assert json.loads(json.dumps(data)) == data
    over = played(littletown.new_game(2, seed=1), 1000, 1).to_dict()
    assert set(over["result"]) == {"scores", "ranks", "winners"}


def test_history_records_each_action_with_its_player_and_phase() -> None:
    game = littletown.new_game(2, seed=3)
    expected = []
    for _ in range(12):
        action = game.legal_actions()[-1]
        expected.append({**action.to_dict(), "player": game.current_player, "phase": game.phase})
        game.apply(action)
    assert game.to_dict()["history"] == expected


def test_a_game_record_replays_into_the_same_final_state() -> None:
    game = played(littletown.new_game(4, seed=8), 1000, 2)
    replay = littletown.new_game(4, seed=8)
    for entry in game.to_dict()["history"]:
        replay.apply(entry)
    assert replay.to_dict() == game.to_dict()


def test_a_record_entry_for_another_player_or_phase_is_refused() -> None:
    game = littletown.new_game(2, seed=1)
    other = 1 - (game.current_player or 0)
    action = {**game.legal_actions()[0].to_dict(), "player": other}
    with pytest.raises(IllegalAction, match="is for player"):
        game.apply(action)
    with pytest.raises(IllegalAction, match="taken in phase 'act'"):
        game.apply({**game.legal_actions()[0].to_dict(), "phase": "act"})


def test_clone_is_independent() -> None:
    game = mid_turn()
    twin = game.clone()
    before = game.to_dict()
    played(twin, 100, 3)
    assert game.to_dict() == before and twin.to_dict() != before


def test_a_position_without_rng_history_reserve_or_houses_loads() -> None:
    data = mid_turn().to_dict()
    del data["rng"], data["history"], data["reserve"]
    for entry in data["players"]:
        del entry["houses_left"], entry["achievements"]
    assert littletown.from_dict(data).legal_actions()


def test_a_viewer_form_cannot_be_loaded() -> None:
    with pytest.raises(InvalidState, match="hidden"):
        littletown.from_dict(mid_turn().to_dict(viewer=0) | {"objectives_unused": []})


@pytest.mark.parametrize("viewer", [-1, 3, True, "0"])
def test_a_bad_viewer_is_refused(viewer: Any) -> None:
    with pytest.raises(ValueError, match="viewer must be"):
        mid_turn().to_dict(viewer=viewer)


# --- bad input: from_dict ------------------------------------------------------------------------------------
def _set(path: list[Any], value: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _drop(*path: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


def _swap_cards(data: dict[str, Any]) -> None:
    data["players"][0]["objectives"][0] = data["players"][1]["objectives"][0]


def _move_first_worker(cell: list[int]) -> Change:
    return lambda data: data["workers"][0].update(cell=cell)


BAD_STATES: list[tuple[Change, str]] = [
    (_set(["format"], "littletown-state/2"), "'format' must be 'littletown-state/1'"),
    (_drop("rules"), "missing key 'rules'"),
    (_set(["rules"], [1]), "rules: expected an object"),
    (_set(["rules", "side"], 3), "side must be 1 or 2"),
    (_set(["rules", "castle_counts"], "mine"), "castle_counts must be one of"),
    (_set(["rules", "colour"], 1), r"rules: unknown key\(s\) \['colour'\]"),
    (_set(["num_players"], 5), "'num_players' must be an integer from 2 to 4"),
    (_set(["num_players"], "3"), "'num_players' must be an integer"),
    (_set(["terrain"], ["........."] * 6), "'terrain' does not match side"),
    (_set(["round"], 5), "'round' must be an integer from 1 to 4"),
    (_set(["phase"], "draw"), "'phase' must be one of"),
    (_set(["phase"], ["turn"]), "'phase' must be one of"),
    (_set(["first_player"], None), "'first_player' must be an integer"),
    (_set(["buildings"], {}), "'buildings' must be a list"),
    (_set(["buildings", 0, "cell"], [0, 0]), r"buildings\[0\] 'cell' \[0, 0\] is not a grass space"),
    (_set(["buildings", 0, "cell"], [9, 0]), r"buildings\[0\] 'cell' row must be an integer from 0 to 5"),
    (_set(["buildings", 0, "cell"], "a1"), r"buildings\[0\] 'cell' must be a cell"),
    (_set(["buildings", 0, "building"], "castle2"), r"buildings\[0\]: unknown building 'castle2'"),
    (_set(["buildings", 0, "owner"], 7), r"buildings\[0\] 'owner' must be an integer from 0 to 2"),
    (_set(["buildings", 0, "roof"], "red"), r"buildings\[0\]: unknown key\(s\) \['roof'\]"),
    (_drop("buildings", 0, "owner"), r"buildings\[0\]: missing key\(s\) \['owner'\]"),
    (_set(["workers"], [["x"]]), r"workers\[0\] must be an object"),
    (_set(["workers", 0, "player"], -1), r"workers\[0\] 'player' must be an integer from 0 to 2"),
    (_set(["market"], ["pier"]), "'market' must be an object"),
    (_set(["market", "pagoda"], 1), "'market': unknown building 'pagoda'"),
    (_set(["market", "wheat_field"], 6), "'market' 'wheat_field' must be an integer from 0 to 5, not 6"),
    (_set(["market", "wheat_field"], 1), "must hold the 5 Wheat Field tiles"),
    (_set(["market", "wheat_field"], -1), "'market' 'wheat_field' must be an integer from 0 to 5"),
    (_set(["rules", "side"], 1.0), "rules: side must be 1 or 2, not 1.0"),
    (_set(["rules", "bird_market"], 0), "rules: bird_market must be true or false"),
    (_set(["players", 0, "score"], 10**400), r"players\[0\] 'score' must be an integer from -\d+ to \d+, not 1000"),
    (
        _set(["players", 0, "vp", "coins"], 10**400),
        r"players\[0\] 'vp' 'coins' must be an integer from 0 to 13, not 1000",
    ),
    (_set(["players", 0, "vp", "feeding"], 3), r"players\[0\] 'vp' 'feeding' must be an integer from -\d+ to 0, not 3"),
    (_set(["players", 0, "vp", "castle"], 33), r"players\[0\] 'vp' 'castle' must be an integer from 0 to 32, not 33"),
    (_set(["players", 0, "houses_left"], 6.0), r"players\[0\] 'houses_left' must be an integer, not 6.0"),
    (lambda data: data["reserve"].update(coins=float(data["reserve"]["coins"])), "'reserve' must be what the players"),
    (_set(["players", 0, "resources", "fish"], 10**5000), "'fish' must be an integer from 0 to .*, not <an integer of"),
    (_set(["reserve", "wood"], 99), "'reserve' must be what the players do not hold"),
    (_set(["players"], {}), "'players' must be a list"),
    (_set(["players"], []), "'players' must hold 3 players, not 0"),
    (_set(["players", 0], 3), r"players\[0\] must be an object"),
    (_set(["players", 0, "coins"], 41), r"players\[0\] 'coins' must be an integer from 0 to 40"),
    (_set(["players", 0, "coins"], 2.5), r"players\[0\] 'coins' must be an integer"),
    (_set(["players", 0, "resources"], {"wood": 1}), r"players\[0\] 'resources': missing key"),
    (_set(["players", 0, "resources", "gold"], 1), r"players\[0\] 'resources': unknown key\(s\) \['gold'\]"),
    (_set(["players", 0, "resources", "wood"], 16), r"players\[0\] 'resources' 'wood' must be an integer from 0 to 15"),
    (_set(["players", 0, "score"], 1000), r"players\[0\]: 'score' 1000 is not the sum of 'vp'"),
    (_set(["players", 0, "vp", "luck"], 1), r"players\[0\] 'vp': unknown key\(s\) \['luck'\]"),
    (_set(["players", 0, "workers_left"], 9), r"players\[0\] 'workers_left' must be an integer from 0 to 4"),
    (_set(["players", 0, "construction_site"], 4), r"players\[0\]: .* do not make the 4 workers"),
    (_set(["players", 0, "houses_left"], 0), r"players\[0\]: 'houses_left' is 0 but"),
    (_set(["players", 0, "objectives"], [99]), r"players\[0\] 'objectives' must hold objective card numbers"),
    (_set(["players", 0, "objectives"], [[1]]), r"players\[0\] 'objectives' must hold objective card numbers"),
    (_set(["players", 0, "objectives"], "1"), r"players\[0\] 'objectives' must be a list"),
    (_set(["players", 0, "achievements"], ["won"]), r"players\[0\] 'achievements' must be among"),
    (_set(["players", 0, "wood"], 1), r"players\[0\]: unknown key\(s\) \['wood'\]"),
    (_drop("players", 0, "coins"), r"players\[0\]: missing key\(s\) \['coins'\]"),
    (_swap_cards, "objective cards must appear once each"),
    (_drop("objectives_unused"), "missing key 'objectives_unused'"),
    (_set(["current_player"], None), "'current_player' must be an integer"),
    (_set(["turn"], None), "'turn' must be an object"),
    (_set(["turn", "source"], "magic"), "'turn' 'source' must be null"),
    (_set(["turn", "source"], "build"), "'turn' does not fit phase 'act'"),
    (_set(["turn", "worker"], None), "'turn' does not fit phase 'act'"),
    (_set(["turn", "gathered"], ["wheat"]), "'turn' 'gathered' must name wood, stone or fish"),
    (_set(["turn", "gathered"], ["wood", "wood"]), "'turn' 'gathered' must name wood, stone or fish once"),
    (_set(["turn", "harvested"], {"wood": "1"}), "'turn' 'harvested'"),
    (_set(["turn", "activated"], [[0, 0]]), r"'turn' 'activated': \[0, 0\] is not a building next to"),
    (_set(["turn", "vp_buildings"], 5), "'turn' 'vp_buildings' must be an integer from 0 to 0"),
    (_set(["turn", "building"], "pagoda"), "'turn' 'building': unknown building"),
    (_set(["turn", "give"], ["wood"]), "'turn' 'give' must name 2 resources"),
    (_set(["history"], {}), "'history' must be a list"),
    (_set(["history"], [{"type": "done", "player": 0, "phase": "dinner"}]), r"history\[0\]: 'phase' must be one of"),
    (_set(["history"], [{"type": "fly", "player": 0, "phase": "act"}]), r"history\[0\]: action 'type' must be"),
    (_set(["history"], [{"type": "done", "phase": "act"}]), r"history\[0\] 'player' must be an integer"),
    (_set(["history"], [5]), r"history\[0\] must be an action object"),
    (_set(["rng"], -1), "'rng' must be an integer from 0"),
    (_set(["rng"], "seed"), "'rng' must be an integer"),
]


@pytest.mark.parametrize("change, message", BAD_STATES)
def test_from_dict_names_what_is_wrong(change: Change, message: str) -> None:
    data = mid_turn().to_dict()
    change(data)
    with pytest.raises(InvalidState, match=message):
        littletown.from_dict(data)


def _too_much_wood(data: dict[str, Any]) -> None:
    data["players"][0]["resources"]["wood"] = data["players"][1]["resources"]["wood"] = 15


def test_from_dict_refuses_impossible_positions() -> None:
    """Positions whose parts are each well formed but do not fit together."""
    game = mid_turn()
    player = game.current_player
    assert player is not None
    cases: list[tuple[Change, str]] = [
        (_set(["current_player"], (player + 1) % 3), "do not follow the turn order"),
        (_set(["phase"], "turn"), "do not follow the turn order"),  # the turn's worker is out already
        (_set(["phase"], "over"), "'current_player' must be null"),
        (_set(["phase"], "feed"), "every worker has been placed"),
        (_too_much_wood, r"the players hold \d+ wood but the game has 15"),
        (_move_first_worker([0, 0]), r"workers\[0\] 'cell' \[0, 0\] is not a grass space"),
    ]
    for change, message in cases:
        data = game.to_dict()
        change(data)
        with pytest.raises(InvalidState, match=message):
            littletown.from_dict(data)


def test_from_dict_refuses_cards_the_market_rules_out() -> None:
    """Card 13 (have 6 coins, market symbol) is redrawn at setup when no market building makes coins."""
    coin_makers = {"bakery", "bookstore", "gold_mine", "fishmonger"}
    for seed in range(300):
        data = littletown.new_game(2, seed=seed).to_dict()
        if coin_makers & set(data["market"]):
            continue
        assert 13 in data["objectives_unused"]
        held = data["players"][0]["objectives"]
        data["objectives_unused"] = sorted([c for c in data["objectives_unused"] if c != 13] + [held[0]])
        held[0] = 13
        with pytest.raises(InvalidState, match="card 13 is impossible with this market"):
            littletown.from_dict(data)
        return
    raise AssertionError("no market without coin buildings in 300 seeds")


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [leaf for key, item in value.items() for leaf in _leaves(item, (*path, key))] + [path]
    if isinstance(value, list):
        return [leaf for i, item in enumerate(value) for leaf in _leaves(item, (*path, i))] + [path]
    return [path]


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.text(max_size=3), st.just([]), st.just({}))


@settings(max_examples=150, deadline=None)
@given(which=st.integers(0, 10**6), junk=JUNK, drop=st.booleans())
def test_from_dict_of_a_damaged_state_raises_only_invalid_state(which: int, junk: Any, drop: bool) -> None:
    data = mid_turn().to_dict()
    paths = [path for path in _leaves(data) if path]
    path = paths[which % len(paths)]
    target = data
    for key in path[:-1]:
        target = target[key]
    if drop and isinstance(target, dict):
        del target[path[-1]]
    else:
        target[path[-1]] = junk
    try:
        state = littletown.from_dict(data)
    except InvalidState:
        return
    assert state.to_dict(), "a state that loads is a playable state"


# --- bad input: apply --------------------------------------------------------------------------------------------
BAD_ACTIONS: list[tuple[Any, str]] = [
    ("done", "an action must be a dict or an action object, not str"),
    ({"type": "fly"}, "action 'type' must be one of"),
    ({"type": ["done"]}, "action 'type' must be one of"),
    ({"type": "done", "extra": 1}, r"unknown key\(s\) \['extra'\] in a 'done' action"),
    ({"type": "activate"}, "a 'activate' action needs the key 'cell'"),
    ({"type": "activate", "cell": [1]}, r"action 'cell' must be a pair \[row, column\]"),
    ({"type": "activate", "cell": [1, "2"]}, "action 'cell column' must be an integer"),
    ({"type": "activate", "cell": [6, 0]}, r"action 'cell' \[6, 0\] is off the board"),
    ({"type": "activate", "cell": [True, 0]}, "action 'cell row' must be an integer"),
    ({"type": "build", "building": "pagoda"}, "action 'building' must be a building id"),
    ({"type": "build", "building": ["pier"]}, "action 'building' must be a building id"),
    ({"type": "gather", "resource": "gold"}, "action 'resource': 'gold' is not a resource"),
    ({"type": "gather", "resource": {}}, "action 'resource': {} is not a resource"),
    ({"type": "pay", "coins_for": "wood"}, "action 'coins_for' must be a list of resource names"),
    ({"type": "pay", "coins_for": [["wood"]]}, r"action 'coins_for': \['wood'\] is not a resource"),
    ({"type": "give", "resources": ["wood"]}, "action 'resources' must name exactly 2 cubes"),
    ({"type": "feed", "fish": "2"}, "action 'fish' must be an integer"),
    ({"type": "complete", "card": 7}, "action 'card' must be an objective card number"),
    ({"type": "complete", "card": None}, "action 'card' must be an integer"),
    ({"type": "gather", "resource": "wheat"}, "no space gives wheat"),
    ({"type": "place_worker", "cell": [0, 0]}, "a 'place_worker' action is not allowed in phase 'act'"),
    ({"type": "feed", "fish": 1}, "a 'feed' action is not allowed in phase 'act'"),
    ({"type": "activate", "cell": [5, 8]}, r"there is no building at \[5, 8\]|not next to"),
]


@pytest.mark.parametrize("action, message", BAD_ACTIONS)
def test_apply_names_what_is_wrong_and_changes_nothing(action: Any, message: str) -> None:
    game = mid_turn()
    before = game.to_dict()
    with pytest.raises(IllegalAction, match=message):
        game.apply(action)
    assert game.to_dict() == before


def test_completing_a_card_of_another_player_is_refused() -> None:
    game = mid_turn()
    player = game.current_player
    assert player is not None
    card = game.objectives[(player + 1) % 3][0]
    before = game.to_dict()
    with pytest.raises(IllegalAction, match=f"objective card {card} is not among player {player}'s cards"):
        game.apply({"type": "complete", "card": card})
    assert game.to_dict() == before


def test_apply_after_the_end_is_refused() -> None:
    game = played(littletown.new_game(2, seed=4), 1000, 4)
    with pytest.raises(IllegalAction, match="the game is over"):
        game.apply({"type": "done"})


ACTION_DICTS = st.fixed_dictionaries(
    {"type": st.sampled_from(["place_worker", "build", "place_building", "gather", "activate", "pay", "give"])},
    optional={
        "cell": st.one_of(st.lists(st.integers(-1, 9), max_size=3), JUNK),
        "building": st.one_of(st.sampled_from(["pier", "well", "castle"]), JUNK),
        "resource": st.one_of(st.sampled_from(["wood", "stone", "fish", "wheat"]), JUNK),
        "coins_for": st.one_of(st.lists(st.sampled_from(["wood", "fish"]), max_size=3), JUNK),
        "resources": st.one_of(st.lists(st.sampled_from(["wood", "stone", "fish"]), max_size=3), JUNK),
        "fish": JUNK,
        "card": JUNK,
        "player": JUNK,
    },
)


@settings(max_examples=200, deadline=None)
@given(action=ACTION_DICTS, steps=st.integers(0, 60))
def test_apply_of_any_dict_applies_or_raises_illegal_action_and_changes_nothing(action: Any, steps: int) -> None:
    game = played(littletown.new_game(3, seed=steps), steps, steps)
    before = game.to_dict()
    try:
        game.apply(action)
    except IllegalAction:
        assert game.to_dict() == before


@pytest.mark.parametrize(
    "rules, message",
    [
        ({"side": 0}, "side must be 1 or 2"),
        ({"bird_market": "yes"}, "bird_market must be true or false"),
        ({"restaurant_gives": "wine"}, "restaurant_gives must be one of"),
        ({"speed": 2}, r"unknown key\(s\) \['speed'\]"),
        ("town77", "rules must be a Rules object, a dict of options or None"),
    ],
)
def test_new_game_refuses_bad_rules(rules: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        littletown.new_game(2, rules=rules)


def test_rules_round_trip() -> None:
    rules = littletown.Rules(side=2, castle_counts="own", restaurant_gives="coins")
    assert littletown.Rules.from_dict(copy.deepcopy(rules.to_dict())) == rules
    assert littletown.new_game(2, seed=1, rules=rules).rules == rules


def in_phase(phase: str, source: str) -> littletown.State:
    """A 2-player game stopped in ``phase`` during a turn of ``source`` ("worker", "build", "residence")."""
    for seed in range(500):
        rng = random.Random(seed)
        game = littletown.new_game(2, seed=seed)
        while not game.is_terminal():
            if game.phase == phase and game.turn.source == source:
                return game
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError(f"no game reached phase {phase!r} in a {source!r} turn")


def _broke(data: dict[str, Any]) -> None:
    """The player to act has no cube and no coin left (the reserve takes them back)."""
    entry = data["players"][data["current_player"]]
    entry["resources"] = dict.fromkeys(entry["resources"], 0)
    entry["coins"] = 0
    del data["reserve"]


TURN_RECORDS: list[tuple[str, str, Change, str]] = [
    ("turn", "", _set(["turn", "harvested", "wood"], 1), "'turn' must be empty between turns"),
    ("pay", "build", _set(["turn", "gathered"], ["wood"]), "only a worker placed on the board gathers"),
    ("site", "build", _set(["turn", "building"], "pagoda"), "'turn' 'building': unknown building"),
    ("pay", "build", _broke, "player [01] has nothing to do in phase 'pay'"),
    ("pay", "worker", _set(["turn", "activating"], [0, 0]), "'turn' 'activating' must be the last building"),
    ("pay", "worker", _set(["turn", "activating"], "x"), "'turn' 'activating' must be a cell"),
    ("pay", "worker", _set(["turn", "give"], ["wood", "fish"]), "has no such step"),
    ("act", "worker", _set(["turn", "worker"], [2, 3]), "'turn' 'worker' must be a cell holding a worker"),
]


@pytest.mark.parametrize("phase, source, change, message", TURN_RECORDS)
def test_from_dict_checks_the_turn_under_way(phase: str, source: str, change: Change, message: str) -> None:
    game = littletown.new_game(2, seed=1) if phase == "turn" else in_phase(phase, source)
    data = game.to_dict()
    change(data)
    with pytest.raises(InvalidState, match=message):
        littletown.from_dict(data)


def _two_buildings_on_one_space(data: dict[str, Any]) -> None:
    data["buildings"].append({**data["buildings"][0], "building": "statue"})
    data["market"].pop("statue", None)


def _worker_on_a_building(data: dict[str, Any]) -> None:
    data["workers"][0]["cell"] = data["buildings"][0]["cell"]


def _too_many_coins(data: dict[str, Any]) -> None:
    for entry in data["players"]:
        entry["coins"] = 20


def _a_card_too_many(data: dict[str, Any]) -> None:
    data["players"][0]["objectives"].append(data["objectives_unused"].pop())


MORE_BAD_STATES: list[tuple[Change, str]] = [
    (_two_buildings_on_one_space, r"buildings\[\d+\]: space .* holds two buildings"),
    (_worker_on_a_building, r"workers\[0\]: space .* is not empty"),
    (_set(["rules", "bird_market"], True), "with bird_market, the buildings dealt are those with a bird"),
    (_too_many_coins, "the players hold 60 coins but the game has 40"),
    (_a_card_too_many, r"players\[0\] must have 3 objective cards"),
    (_set(["turn", "give"], "wood"), "'turn' 'give' must be a list"),
]


@pytest.mark.parametrize("change, message", MORE_BAD_STATES)
def test_from_dict_names_what_is_wrong_more(change: Change, message: str) -> None:
    data = mid_turn().to_dict()
    change(data)
    with pytest.raises(InvalidState, match=message):
        littletown.from_dict(data)


@pytest.mark.parametrize("data", [None, [], "state", 3])
def test_from_dict_of_something_else_than_a_dict(data: Any) -> None:
    with pytest.raises(InvalidState, match="a state must be an object"):
        littletown.from_dict(data)


def test_a_game_is_over_only_after_round_4() -> None:
    data = littletown.new_game(2, seed=1).to_dict() | {"phase": "over", "current_player": None}
    with pytest.raises(InvalidState, match="a game is over only after round 4"):
        littletown.from_dict(data)


def test_owning_more_buildings_than_house_tokens_is_refused() -> None:
    data = played(littletown.new_game(4, seed=3), 0, 0).to_dict()
    cells = [[2, c] for c in range(2, 7)] + [[3, 2], [3, 3]]
    data["buildings"] = [{"cell": cell, "building": "wheat_field", "owner": 0} for cell in cells[:5]]
    data["buildings"] += [{"cell": cells[5], "building": "statue", "owner": 0}]
    data["buildings"] += [{"cell": cells[6], "building": "well", "owner": 0}]
    data["market"] = {b: 1 for b in data["market"] if b != "wheat_field"} | {"statue": 0, "well": 0}
    with pytest.raises(InvalidState, match=r"players\[0\] owns 7 buildings but has only 6 house tokens"):
        littletown.from_dict(data)


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "complete", "card": 10**5000},
        {"type": "place_worker", "cell": [10**5000, 0]},
        {"type": "done", "player": 10**5000},
        {"type": "done", 1: 2, "a": 3},
        {"type": "build", "building": ["x"]},
        {"type": "gather", "resource": {"a": 1}},
        {"type": "x" * 10_000},
        {"type": "feed", "fish": 0, "coins_for": "x" * 10_000},
    ],
)
def test_a_malformed_action_is_refused_in_a_short_sentence_and_changes_nothing(bad: dict[Any, Any]) -> None:
    game = littletown.new_game(players=2, seed=1)
    before = game.to_dict()
    with pytest.raises(IllegalAction) as refused:
        game.apply(bad)
    assert len(str(refused.value)) < 300
    assert game.to_dict() == before


def test_rules_take_the_side_as_an_exact_integer() -> None:
    with pytest.raises(ValueError, match="side must be 1 or 2, not 1.0"):
        littletown.Rules(side=1.0)  # type: ignore[arg-type]
