"""The JSON state format: round trips, determinism, and a clear ValueError for every kind of bad input."""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import played
from town_positions import multi_dict, solo_dict

from townwidget import town
from townwidget.town import IllegalAction, InvalidState


def test_state_dict_has_every_key_of_the_format() -> None:
    data = played(town.new_game("town77", players=3, seed=1), 9, 1).to_dict()
    keys = {"format", "rules", "n", "mode", "phase", "current_player", "board", "hands", "out", "bag", "bag_size"}
    assert keys <= set(data)
    assert data["format"] == "town-state/1" and data["rules"] == town.TOWN77.to_dict()
    assert json.loads(json.dumps(data)) == data
    solo = played(town.new_solo("town66", seed=1), 5, 1).to_dict()
    assert {"piles", "flips_left", "history"} <= set(solo) and solo["rules"]["flips"] == 2


def test_history_records_each_action_with_its_player_and_phase() -> None:
    game = town.new_game("town77", players=2, seed=3)
    actions = []
    for _ in range(6):
        action = game.legal_actions()[0]
        actions.append({**action.to_dict(), "player": game.current_player, "phase": game.phase})
        game.apply(action)
    assert game.to_dict()["history"] == actions


@pytest.mark.parametrize("make", [lambda s: town.new_game("town77", 4, s), lambda s: town.new_solo("town66", s)])
@pytest.mark.parametrize("steps", [0, 7, 30, 200])
def test_from_dict_of_to_dict_plays_on_exactly_the_same(make: Callable[[int], town.State], steps: int) -> None:
    original = played(make(5), steps, seed=steps)
    data = original.to_dict()
    copy_ = town.from_dict(copy.deepcopy(data))
    assert copy_.to_dict() == data
    assert played(original, 500, seed=1).to_dict() == played(copy_, 500, seed=1).to_dict()


def test_same_seed_and_actions_give_the_same_game() -> None:
    first = played(town.new_game("town77", players=3, seed=42), 300, seed=0)
    second = played(town.new_game("town77", players=3, seed=42), 300, seed=0)
    other = played(town.new_game("town77", players=3, seed=43), 300, seed=0)
    assert first.to_dict() == second.to_dict() != other.to_dict()


def test_a_game_record_replays_into_the_same_final_state() -> None:
    game = played(town.new_game("town66", players=3, seed=8), 1000, seed=2)
    replay = town.new_game("town66", players=3, seed=8)
    for entry in game.to_dict()["history"]:
        replay.apply(entry)
    assert replay.to_dict() == game.to_dict()


def test_clone_is_independent() -> None:
    game = played(town.new_game("town77", players=2, seed=1), 5, 1)
    twin = game.clone()
    before = game.to_dict()
    played(twin, 100, 3)
    assert game.to_dict() == before and twin.to_dict() != before


def test_a_position_without_rng_or_history_loads() -> None:
    data = multi_dict({(0, 0): (0, 0)}, [[(1, 1), (0, 2), (3, 0), (2, 3)], [(4, 4), (5, 5)]])
    del data["rng"], data["history"], data["bag_size"]
    state = town.from_dict(data)
    assert state.legal_actions()


# --- bad input: from_dict -------------------------------------------------------------------------------------
def _multi() -> dict[str, Any]:
    return multi_dict({(0, 0): (0, 0), (0, 1): (1, 1)}, [[(2, 2), (3, 4), (4, 3), (5, 6)], [(6, 5), (2, 4), (3, 5)]])


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.pop(key)


def _empty_hand(player: int) -> Callable[[dict[str, Any]], None]:
    """The player's tiles go back to the bag."""

    def change(data: dict[str, Any]) -> None:
        data["bag"] += data["hands"][player]
        data["bag_size"], data["hands"][player] = len(data["bag"]), []

    return change


def _discard_with_one_tile(data: dict[str, Any]) -> None:
    """Player 0 keeps one tile and is to discard: a hand holds two after placing (one left) and drawing."""
    data["bag"] += data["hands"][0][1:]
    data["hands"][0] = data["hands"][0][:1]
    data["bag_size"], data["phase"] = len(data["bag"]), "discard"


BAD_MULTI = [
    (_set(["format"], "town-state/2"), "'format' must be 'town-state/1'"),
    (_drop("rules"), "missing key 'rules'"),
    (_set(["rules"], [7]), "rules: expected an object"),
    (_set(["rules", "n"], 12), "n must be at most 9"),
    (_set(["rules", "colour"], 1), r"rules: unknown key\(s\) \['colour'\]"),
    (_set(["n"], 6), "'n' is 6 but the rules say 7"),
    (_set(["mode"], "duel"), "'mode' must be 'multi' or 'solo'"),
    (_set(["phase"], "draw"), "'phase' must be one of"),
    (_set(["board"], [[None] * 7] * 6), "'board' must be 7 rows of 7 cells"),
    (_set(["board", 3, 3], "house"), r"board\[3\]\[3\]: a tile must be \[colour, shape\]"),
    (_set(["board", 1, 0], [9, 0]), r"board\[1\]\[0\]: colour must be an integer from 0 to 6, not 9"),
    (_set(["board", 1, 0], [2, True]), r"board\[1\]\[0\]: shape must be an integer"),
    (_set(["board", 1, 1], [1, 3]), r"board\[1\]\[1\]: colour 1 is also in column 1 \(at \[0, 1\]\)"),
    (_set(["board", 0, 2], [0, 6]), r"board\[0\]\[2\]: colour 0 is also in row 0"),
    (_set(["board", 3, 3], [6, 6]), r"cell \[3, 3\] is not connected to the pioneer"),
    (_set(["board", 0, 0], None), r"the top-left cell \[0, 0\] \(the pioneer's\) is empty"),
    (_set(["board", 1, 1], [2, 2]), r"tile \[2, 2\] appears more than once"),
    (_set(["hands"], [[]]), "'hands' must be a list of 2 to 5 hands"),
    (_set(["hands", 1, 0], [4, 3]), r"tile \[4, 3\] appears more than once"),
    (_set(["hands", 0, 0], [2]), r"hands\[0\]\[0\]: a tile must be \[colour, shape\]"),
    (_set(["hands", 1, 0], [6, None]), r"hands\[1\]\[0\]: shape is null \(a viewer form"),
    (_set(["bag"], "all"), "bag must be a list of tiles"),
    (_drop("bag"), "missing key 'bag'"),
    (lambda d: d.update(bag=d["bag"][1:], bag_size=d["bag_size"] - 1), "tiles are not conserved: 1 tile"),
    (_set(["bag_size"], 3), "'bag_size' is 3 but 'bag' holds"),
    (_set(["out"], [None]), "'out' must have one entry per player"),
    (_set(["out"], [None, 2]), "'out' must hold null or the leaving orders"),
    (_set(["out"], [1, None]), "'current_player' 0 has already left the game"),
    (_set(["current_player"], 2), "'current_player' must be a player from 0 to 1"),
    (_set(["current_player"], None), "'current_player' must be a player"),
    (_set(["phase"], "discard"), ""),  # a legal position (a tile was just drawn): must load
    (_set(["phase"], "exchange"), "has no tiles to exchange"),
    (_set(["phase"], "over"), "must be null when the game is over|some players have not left"),
    (_set(["history"], {"type": "pass"}), "'history' must be a list"),
    (_set(["history"], [{"type": "jump"}]), r"history\[0\]: action 'type' must be one of"),
    (_set(["history"], [{"type": {}}]), r"history\[0\]: action 'type' must be one of .*, not \{\}"),
    (_set(["history"], [{"type": "pass", "x" * 10**6: 1}]), r"unknown key\(s\) \['xxxx.{80,120} chars\)"),
    (_empty_hand(1), r"hands\[1\] is empty but player 1 has not left"),
    (_discard_with_one_tile, "'phase' is 'discard' but player 0 holds fewer than 2 tiles"),
    (_set(["rng"], 10**5000), "'rng' must be an integer from 0 to .*, not <an integer of about 5000 digits>"),
    (_set(["rules", "n"], 10**5000), "n must be at most 9, not <an integer of about 5000 digits>"),
    (_set(["history"], [{"type": "pass", "player": 5}]), r"history\[0\]: 'player' must be a player number"),
    (_set(["rng"], -1), "'rng' must be an integer"),
    (_set(["rng"], "seed"), "'rng' must be an integer"),
    (_set(["board", 1, 0], [2, None]), "colour-only tiles exist only in solo games"),
]


@pytest.mark.parametrize("change, message", BAD_MULTI, ids=[m or "legal" for _, m in BAD_MULTI])
def test_from_dict_names_what_is_wrong(change: Callable[[dict[str, Any]], None], message: str) -> None:
    data = _multi()
    change(data)
    if not message:
        assert town.from_dict(data).phase == data["phase"]
        return
    with pytest.raises(InvalidState, match=message):
        town.from_dict(data)


BAD_SOLO = [
    (_set(["piles"], [[], []]), "'piles' must be a list of 3 piles"),
    (_set(["piles", 0, 0], [0, 0]), r"tile \[0, 0\] appears more than once"),
    (_set(["piles", 2, 0], None), r"piles\[2\]\[0\]: a tile must be"),
    (_set(["flips_left"], 1), "'flips_left' must be an integer from 0 to 0"),
    (_drop("flips_left"), "missing key 'flips_left'"),
    (_set(["board", 0, 1], [1, None]), "colour-only tiles need rules with flips"),
    (_set(["phase"], "over"), "must be null when the game is over|a pile top can still be placed"),
]


@pytest.mark.parametrize("change, message", BAD_SOLO, ids=[m for _, m in BAD_SOLO])
def test_from_dict_solo_names_what_is_wrong(change: Callable[[dict[str, Any]], None], message: str) -> None:
    tiles = [(c, s) for c in range(7) for s in range(7) if (c, s) != (0, 0)]
    data = solo_dict({(0, 0): (0, 0)}, [tiles[:16], tiles[16:32], tiles[32:]])
    change(data)
    with pytest.raises(InvalidState, match=message):
        town.from_dict(data)


def test_a_viewer_form_cannot_be_loaded_as_a_state() -> None:
    with pytest.raises(InvalidState, match="viewer form"):
        town.from_dict(town.new_game("town77", 2, seed=0).to_dict(viewer=0))
    with pytest.raises(InvalidState):
        town.from_dict(town.new_solo("town77", seed=0).to_dict(viewer=0))


def test_from_dict_refuses_things_that_are_not_objects() -> None:
    for value in (None, 3, "state", [1, 2]):
        with pytest.raises(InvalidState, match="a state must be an object"):
            town.from_dict(value)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8,
)
KEYS = ["rules", "n", "mode", "phase", "current_player", "board", "hands", "out", "bag", "bag_size", "history", "rng"]


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(KEYS), value=JSON, row=st.integers(0, 6), column=st.integers(0, 6))
def test_from_dict_raises_only_value_errors_on_garbage(key: str, value: Any, row: int, column: int) -> None:
    top_level, in_board = _multi(), _multi()
    top_level[key] = value
    in_board["board"][row][column] = value
    for data in (top_level, in_board):
        with contextlib.suppress(InvalidState):  # any other exception fails the test
            town.from_dict(data)


# --- bad input: apply -----------------------------------------------------------------------------------------
BAD_ACTIONS = [
    ("place", "an action must be a dict or an action object, not str"),
    ({"tile": [1, 1]}, "action 'type' must be one of"),
    ({"type": "move"}, "action 'type' must be one of"),
    ({"type": "place", "cell": [0, 2]}, "action is missing key 'tile'"),
    ({"type": "place", "tile": [2, 2], "cell": [0, 2], "speed": 1}, r"unknown key\(s\) \['speed'\]"),
    ({"type": "place", "tile": "22", "cell": [0, 2]}, "must be a pair"),
    ({"type": "place", "tile": [2, 2, 2], "cell": [0, 2]}, "must be a pair"),
    ({"type": "place", "tile": [2, True], "cell": [0, 2]}, "'tile shape' must be an integer"),
    ({"type": "place", "tile": [2, 2.0], "cell": [0, 2]}, "'tile shape' must be an integer"),
    ({"type": "place", "tile": [2, 2], "cell": [0, 9]}, "column 9 is out of range"),
    ({"type": "place", "tile": [7, 2], "cell": [0, 2]}, "colour 7 is out of range"),
    ({"type": "place", "tile": [2, 2], "cell": [0, 2], "flip": "yes"}, "'flip' must be true or false"),
    ({"type": "place", "tile": [2, 2], "cell": [0, 2], "pile": 0}, "takes no 'pile' and no 'flip'"),
    ({"type": "place", "tile": [6, 6], "cell": [0, 2]}, r"tile \[6, 6\] is not in player 0's hand"),
    ({"type": "place", "tile": [2, 2], "cell": [0, 2], "player": 1}, "the action is for player 1"),
    ({"type": "exchange", "tiles": "all"}, "'tiles' must be a list of tiles"),
    ({"type": "exchange", "tiles": [[2, 2]]}, "not allowed in phase 'place'"),
    ({"type": "discard", "tile": [2, 2]}, "not allowed in phase 'place'"),
    ({"type": "pass", "tile": [2, 2]}, r"unknown key\(s\) \['tile'\] in a 'pass' action"),
    (None, "an action must be a dict"),
    ({"type": []}, r"action 'type' must be one of .*, not \[\]"),
    ({"type": {"place": 1}}, r"action 'type' must be one of .*, not \{'place': 1\}"),
    ({"type": "place", "tile": [2, 10**5000], "cell": [0, 2]}, "shape <an integer of about 5000 digits> is out of"),
    ({"type": "place", "tile": [2, "x" * 10**6], "cell": [0, 2]}, r"'tile shape' must be an integer, not 'x{90,}"),
]


@pytest.mark.parametrize("action, message", BAD_ACTIONS, ids=[m for _, m in BAD_ACTIONS])
def test_apply_names_what_is_wrong_and_changes_nothing(action: Any, message: str) -> None:
    state = town.from_dict(_multi())
    before = state.to_dict()
    with pytest.raises(IllegalAction, match=message):
        state.apply(action)
    assert state.to_dict() == before


ACTION = st.fixed_dictionaries(
    {"type": st.sampled_from(["place", "exchange", "discard", "pass", "flip"])},
    optional={
        "tile": JSON | st.tuples(st.integers(-1, 7), st.integers(-1, 7)).map(list),
        "tiles": st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)).map(list), max_size=4),
        "cell": JSON | st.tuples(st.integers(-1, 7), st.integers(-1, 7)).map(list),
        "pile": JSON,
        "flip": JSON,
        "player": JSON,
    },
)


@settings(max_examples=400, deadline=None)
@given(action=ACTION, solo=st.booleans(), steps=st.integers(0, 12))
def test_apply_of_garbage_either_plays_or_refuses_cleanly(action: dict[str, Any], solo: bool, steps: int) -> None:
    state = played(town.new_solo("town66", seed=steps) if solo else town.new_game("town77", 3, seed=steps), steps, 0)
    before = state.to_dict()
    try:
        state.apply(action)
    except IllegalAction:
        assert state.to_dict() == before
    else:
        assert len(state.history) == len(before["history"]) + 1


@pytest.mark.parametrize(
    "action, message",
    [
        (town.Place((1, 1), (0, 9)), "column 9 is out of range"),
        (town.Place((1, -1), (0, 1)), "shape -1 is out of range"),
        (town.Place((1, "1"), (0, 1)), "'tile shape' must be an integer"),
        (town.Place(5, (0, 1)), "malformed action object"),  # type: ignore[arg-type]
        (town.Discard((9, 9)), "colour 9 is out of range"),
        (town.Exchange(((1, 1), (1, 2), (1, 99))), "shape 99 is out of range"),
    ],
)
def test_action_objects_made_elsewhere_are_checked_too(action: Any, message: str) -> None:
    state = town.from_dict(_multi())
    before = state.to_dict()
    with pytest.raises(IllegalAction, match=message):
        state.apply(action)
    assert state.to_dict() == before
