"""One test per rule sentence of the Little Town rulebook, and per reading of its open questions.

Each test names the rule it checks. Positions are written in the JSON form and loaded with ``from_dict`` (which
checks them), through :func:`position`. Cells are (row, column) on side 1 of the board unless a test says otherwise:

    012345678
  0 M.FM.L.MM
  1 .........
  2 L........      (2, 2)-(2, 6) and (3, 2)-(3, 4) touch no forest, mountain or lake
  3 F.......L
  4 ......F..      rows 4 and 5 hold the workers of the turns already taken (FILLERS)
  5 .FF.LL..F
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from townwidget import littletown
from townwidget.littletown import (
    Activate,
    Build,
    Complete,
    Done,
    Feed,
    Gather,
    Give,
    IllegalAction,
    Pay,
    PlaceBuilding,
    PlaceWorker,
    Take,
)
from townwidget.littletown.data import BUILDING_IDS, CARDS, SEATS, building_kinds
from townwidget.littletown.objectives import possible_cards

Cell = tuple[int, int]
FILLERS = {
    1: [(4, 0), (4, 1), (4, 2), (4, 3), (4, 4), (4, 5), (4, 7), (4, 8), (5, 0), (5, 3), (5, 6), (5, 7)],
    2: [(4, 1), (4, 2), (4, 3), (4, 5), (4, 6), (4, 7), (4, 8), (5, 1), (5, 2), (5, 4), (5, 5), (5, 7)],
}
# The order in which position() deals objective cards: the hard ones first, so that tests rarely complete one by
# chance (the game completes at its end every card whose condition holds).
DEAL_ORDER = [1, 2, 4, 15, 17, 3, 5, 14, 16, 9, 8, 10, 11, 18, 13, 6, 12]
KINDS = {kind.id: kind for kind in building_kinds("vp")}
RESOURCE_NAMES = ("wood", "stone", "fish", "wheat")


def position(
    players: int = 2,
    *,
    rules: dict[str, Any] | None = None,
    round_number: int = 1,
    first: int = 0,
    turns: int = 0,
    workers: dict[Cell, int] | None = None,
    on_site: list[int] | None = None,
    buildings: dict[Cell, tuple[str, int]] | None = None,
    market: list[str] | None = None,
    absent: tuple[str, ...] = (),
    cubes: list[dict[str, int]] | None = None,
    coins: list[int] | None = None,
    score: list[int] | None = None,
    objectives: list[list[int]] | None = None,
) -> littletown.State:
    """A position at the start of a turn, checked by ``from_dict``.

    ``turns`` turns of the round were taken already, from ``first`` clockwise; their workers stand on the cells of
    ``workers`` (cell -> player), on the construction site (``on_site``) or else on FILLERS. The market holds the
    Wheat Fields not built, the buildings of ``market``, and others (not ``absent``) in the data file's order up to
    the 12 dealt with those in ``buildings``. ``score`` is given as points from effects (``vp``).
    """
    data = littletown.new_game(players, seed=0, rules=rules).to_dict()
    side = data["rules"]["side"]
    order = [(first + step) % players for step in range(players)]
    placed = [sum(1 for turn in range(turns) if order[turn % players] == p) for p in range(players)]
    workers, on_site, buildings = dict(workers or {}), on_site or [0] * players, buildings or {}
    fillers = iter(cell for cell in FILLERS[side] if cell not in workers)
    for p in range(players):
        extra = placed[p] - on_site[p] - sum(1 for owner in workers.values() if owner == p)
        assert extra >= 0, f"player {p} has more workers out than turns taken"
        workers.update({next(fillers): p for _ in range(extra)})
    built = [building for building, _ in buildings.values()]
    dealt = [b for b in dict.fromkeys(built + (market or [])) if b != "wheat_field"]
    fill = [b for b in BUILDING_IDS[1:] if b not in dealt and b not in absent][: 12 - len(dealt)]
    market = [b for b in dealt if b not in built] + fill
    data.update(round=round_number, first_player=first, current_player=order[turns % players], phase="turn")
    data["buildings"] = [{"cell": list(c), "building": b, "owner": o} for c, (b, o) in sorted(buildings.items())]
    data["workers"] = [{"cell": list(cell), "player": p} for cell, p in sorted(workers.items())]
    data["market"] = {"wheat_field": 5 - built.count("wheat_field"), **dict.fromkeys(market, 1)}
    possible = possible_cards(list(data["market"]) + built, data["rules"]["restaurant_gives"])
    deck = [card for card in DEAL_ORDER if card in possible]
    count = SEATS[players].objectives
    hands = objectives or [deck[p * count : (p + 1) * count] for p in range(players)]
    for p, entry in enumerate(data["players"]):
        own_vp = sum(KINDS[b].vp for b, o in buildings.values() if o == p)
        extra_vp = 0 if score is None else score[p]
        entry.update(coins=3 if coins is None else coins[p], score=own_vp + extra_vp, objectives=hands[p])
        entry["resources"] = {name: (cubes[p] if cubes else {}).get(name, 0) for name in RESOURCE_NAMES}
        entry["vp"] = {**entry["vp"], "buildings": own_vp, "effects": extra_vp}
        entry["workers_left"] = SEATS[players].workers - placed[p]
        entry["construction_site"] = on_site[p]
        entry.update(completed=[])
        del entry["houses_left"]
    data["objectives_unused"] = [card for card in sorted(CARDS) if all(card not in hand for hand in hands)]
    del data["reserve"]
    return littletown.from_dict(data)


def last_turn(players: int = 2, **kwargs: Any) -> littletown.State:
    """The last turn of a round: every worker but one is placed (the last to place is the player before the first,
    player 1 of 2 by default). The players hold no coins unless ``coins`` says so: with 3 coins, a player could buy
    food, and feeding would wait for their choice."""
    kwargs.setdefault("coins", [0] * players)
    return position(players, turns=SEATS[players].workers * players - 1, **kwargs)


def refused(state: littletown.State, action: Any, reason: str) -> None:
    """The action is refused with a message containing ``reason`` and the state is left exactly as it was."""
    before = state.to_dict()
    with pytest.raises(IllegalAction, match=reason):
        state.apply(action)
    assert state.to_dict() == before


def play(state: littletown.State, *actions: Any) -> littletown.State:
    for action in actions:
        state.apply(action)
    return state


def feed_without_buying(state: littletown.State) -> littletown.State:
    """Every player feeds from the cubes at hand (the first way offered), as the choices come."""
    while state.phase == "feed":
        state.apply(state.legal_actions()[0])
    return state


def cubes_of(state: littletown.State, player: int) -> dict[str, int]:
    return dict(zip(RESOURCE_NAMES, state.cubes[player], strict=True))


# --- components and setup --------------------------------------------------------------------------------------
def test_rule_60_resource_cubes_15_of_each_and_24_coin_tokens_worth_40() -> None:
    game = littletown.new_game(players=4, seed=1)
    assert game.reserve == [15, 15, 15, 15]
    assert game.reserve_coins + sum(game.coins) == 16 * 1 + 8 * 3


@pytest.mark.parametrize("side", [1, 2])
def test_rule_pick_a_side_of_the_board(side: int) -> None:
    game = littletown.new_game(seed=1, rules={"side": side})
    assert game.to_dict()["terrain"] == littletown.data.raw()["boards"][f"side{side}"]
    with pytest.raises(ValueError, match="side must be 1 or 2"):
        littletown.new_game(rules={"side": 3})


def test_rule_the_5_wheat_fields_are_a_stack_in_the_market() -> None:
    game = littletown.new_game(seed=2)
    assert game.to_dict()["market"]["wheat_field"] == 5


def test_rule_12_other_buildings_are_drawn_at_random_for_the_market() -> None:
    markets = set()
    for seed in range(30):
        market = littletown.new_game(seed=seed).to_dict()["market"]
        others = {building: count for building, count in market.items() if building != "wheat_field"}
        assert len(others) == 12 and set(others.values()) == {1}
        markets.add(frozenset(others))
    assert len(markets) == 30


def test_rule_first_game_uses_the_building_tiles_with_the_bird() -> None:
    market = littletown.new_game(seed=3, rules={"bird_market": True}).to_dict()["market"]
    birds = {kind.id for kind in building_kinds("vp") if kind.bird}
    assert len(birds) == 12 and set(market) == birds | {"wheat_field"}


@pytest.mark.parametrize("players, cards", [(2, 4), (3, 3), (4, 2)])
def test_rule_objective_cards_dealt_per_player_count(players: int, cards: int) -> None:
    game = littletown.new_game(players=players, seed=4)
    assert [len(hand) for hand in game.objectives] == [cards] * players
    dealt = [card for hand in game.objectives for card in hand] + game.unused
    assert sorted(dealt) == sorted(CARDS)


def test_rule_market_symbol_cards_impossible_with_the_market_are_discarded_and_redrawn() -> None:
    redrawn = 0
    for seed in range(60):
        game = littletown.new_game(players=3, seed=seed)
        market = [b for b, count in game.to_dict()["market"].items() if count]
        possible = possible_cards(market, "vp")
        assert all(card in possible for hand in game.objectives for card in hand)
        redrawn += any(card not in possible for card in game.unused)
    assert redrawn > 0


def test_rule_a_market_without_coin_buildings_rules_out_have_6_coins() -> None:
    """Card 13 (market symbol) needs a building that produces coins."""
    no_coins = ["workshop", "tavern", "brewery", "church", "warehouse", "market", "fountain", "barn", "pier"]
    assert 13 not in possible_cards(no_coins + ["shop", "well", "statue", "wheat_field"], "vp")
    assert 13 in possible_cards(no_coins + ["gold_mine"], "vp")
    assert 13 in possible_cards(no_coins + ["restaurant"], "coins") and 13 not in possible_cards(["restaurant"], "vp")


@pytest.mark.parametrize("players, workers, houses", [(2, 5, 7), (3, 4, 6), (4, 3, 6)])
def test_rule_workers_and_houses_per_player_count(players: int, workers: int, houses: int) -> None:
    game = littletown.new_game(players=players, seed=5)
    assert game.workers_left == [workers] * players and game.houses_left == [houses] * players


def test_rule_victory_points_start_at_0_and_the_round_token_on_1() -> None:
    game = littletown.new_game(players=3, seed=6)
    assert game.score == [0, 0, 0] and game.round == 1


def test_rule_each_player_takes_3_coins() -> None:
    assert littletown.new_game(players=4, seed=7).coins == [3, 3, 3, 3]


def test_rule_the_first_player_is_chosen_randomly_and_begins() -> None:
    games = [littletown.new_game(players=4, seed=seed) for seed in range(40)]
    assert {game.first_player for game in games} == {0, 1, 2, 3}
    assert all(game.current_player == game.first_player for game in games)


@pytest.mark.parametrize("players", [1, 5, True, "2"])
def test_rule_2_to_4_players(players: Any) -> None:
    with pytest.raises(ValueError, match="players must be"):
        littletown.new_game(players=players)


# --- structure of a round --------------------------------------------------------------------------------------
def test_rule_players_take_turns_clockwise_starting_with_the_first_player() -> None:
    game = position(3, first=2)
    seen = []
    for _ in range(4):
        seen.append(game.current_player)
        play(game, PlaceWorker((2, 2 + len(seen))), Done())
    assert seen == [2, 0, 1, 2]


def test_rule_each_action_requires_a_worker_and_the_round_ends_when_all_are_placed() -> None:
    game = last_turn(2)
    assert game.workers_left == [0, 1] and game.round == 1
    play(game, PlaceWorker((2, 3)), Done())
    assert game.round == 2 and game.workers_left == [5, 5]


def test_rule_the_game_is_played_in_4_rounds() -> None:
    rng = random.Random(1)
    game = littletown.new_game(players=3, seed=8)
    rounds_seen, worker_turns = set(), 0
    while not game.is_terminal():
        rounds_seen.add(game.round)
        action = rng.choice(game.legal_actions())
        worker_turns += isinstance(action, (PlaceWorker, Build))
        game.apply(action)
    assert rounds_seen == {1, 2, 3, 4} and worker_turns == 4 * 3 * 4


# --- gather and activate ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("cell, ground", [((0, 0), "mountain"), ((0, 2), "forest"), ((2, 0), "lake")])
def test_rule_a_worker_goes_only_on_grass(cell: Cell, ground: str) -> None:
    refused(position(), PlaceWorker(cell), f"is {ground}, not grass")


def test_rule_a_space_with_a_building_is_not_empty() -> None:
    refused(position(buildings={(2, 3): ("well", 1)}), PlaceWorker((2, 3)), r"holds a building \(Well\)")


def test_rule_a_space_with_a_worker_is_not_empty() -> None:
    game = position(turns=1, workers={(2, 3): 0})
    refused(game, PlaceWorker((2, 3)), "already holds a worker")


def test_rule_a_worker_gathers_from_the_8_adjacent_spaces_including_diagonals() -> None:
    game = play(position(), PlaceWorker((1, 1)), Done())  # (0, 0) mountain, (0, 2) forest, (2, 0) lake
    assert cubes_of(game, 0) == {"wood": 1, "stone": 1, "fish": 1, "wheat": 0}


def test_rule_forests_mountains_and_lakes_give_wood_stone_and_fish() -> None:
    game = play(position(), PlaceWorker((1, 1)))
    assert [a for a in game.legal_actions() if isinstance(a, Gather)] == [Gather(r) for r in ("wood", "stone", "fish")]
    play(game, Gather("fish"))
    assert cubes_of(game, 0)["fish"] == 1


def test_rule_each_terrain_is_gathered_once_per_worker() -> None:
    game = play(position(), PlaceWorker((1, 1)), Gather("wood"))
    refused(game, Gather("wood"), "already gathered this turn")
    refused(game, Gather("wheat"), "no space gives wheat")


def test_rule_each_space_of_a_terrain_counts_separately() -> None:
    game = play(position(), PlaceWorker((1, 7)), Done())  # (0, 7) and (0, 8): one mountain picture, two spaces
    assert cubes_of(game, 0)["stone"] == 2


def test_rule_resources_may_be_gathered_in_any_order() -> None:
    first = play(position(), PlaceWorker((1, 1)), Gather("fish"), Gather("wood"), Done())
    second = play(position(), PlaceWorker((1, 1)), Gather("stone"), Done())
    assert first.cubes == second.cubes


def test_rule_no_more_gathering_when_the_reserve_is_empty() -> None:
    game = position(cubes=[{}, {"stone": 14}])  # one stone left in the reserve, two mountains around (1, 7)
    play(game, PlaceWorker((1, 7)), Done())
    assert cubes_of(game, 0)["stone"] == 1 and game.reserve[1] == 0
    refused(play(position(cubes=[{}, {"stone": 15}]), PlaceWorker((1, 7))), Gather("stone"), "no stone left")


def test_rule_a_worker_may_activate_the_buildings_around_it_including_diagonals() -> None:
    game = play(
        position(buildings={(1, 3): ("pier", 0), (3, 5): ("well", 0), (2, 6): ("gold_mine", 0)}), PlaceWorker((2, 4))
    )
    assert [a for a in game.legal_actions() if isinstance(a, Activate)] == [Activate((1, 3)), Activate((3, 5))]
    refused(game, Activate((2, 6)), r"not next to the worker at \[2, 4\]")


def test_rule_activating_an_opponents_building_first_pays_them_1_coin() -> None:
    game = play(position(buildings={(2, 3): ("pier", 1)}), PlaceWorker((2, 4)), Activate((2, 3)))
    assert game.coins == [2, 4] and cubes_of(game, 0)["fish"] == 2


def test_rule_activating_ones_own_building_is_free() -> None:
    game = play(position(buildings={(2, 3): ("gold_mine", 0)}), PlaceWorker((2, 4)), Activate((2, 3)))
    assert game.coins == [5, 3]


def test_rule_without_a_coin_an_opponents_building_cannot_be_activated() -> None:
    game = play(position(buildings={(2, 3): ("pier", 1)}, coins=[0, 3]), PlaceWorker((2, 4)))
    refused(game, Activate((2, 3)), "cannot pay for the Pier's effect")


def test_rule_you_are_never_forced_to_activate_a_building() -> None:
    game = play(position(buildings={(2, 3): ("pier", 1)}), PlaceWorker((2, 4)), Done())
    assert game.coins == [3, 3] and game.current_player == 1


def test_rule_a_building_is_activated_once_per_worker() -> None:
    game = play(position(buildings={(2, 3): ("well", 0)}), PlaceWorker((2, 4)), Activate((2, 3)))
    refused(game, Activate((2, 3)), "already activated")
    assert game.score == [4 + 2, 0]


def test_rule_a_second_worker_activates_the_same_building_again() -> None:
    game = position(buildings={(2, 3): ("well", 0)})
    play(game, PlaceWorker((2, 4)), Activate((2, 3)), Done(), PlaceWorker((3, 3)), Done())
    play(game, PlaceWorker((3, 2)), Activate((2, 3)), Done())
    assert game.vp[0]["effects"] == 4


def test_rule_effects_of_different_buildings_in_any_order() -> None:
    """The Gold Mine's 2 coins pay for the Church's effect; the Church first cannot be paid."""
    setup: dict[str, Any] = {"buildings": {(2, 3): ("gold_mine", 0), (2, 5): ("church", 0)}, "coins": [1, 3]}
    game = play(position(**setup), PlaceWorker((2, 4)), Activate((2, 3)), Activate((2, 5)))
    assert game.vp[0]["effects"] == 5 and game.coins == [0, 3]
    refused(play(position(**setup), PlaceWorker((2, 4))), Activate((2, 5)), "cannot pay for the Church")


def test_rule_gain_effects_the_pier_gives_2_fish_the_gold_mine_2_coins() -> None:
    game = position(buildings={(2, 3): ("pier", 0), (2, 5): ("gold_mine", 0)})
    play(game, PlaceWorker((2, 4)), Activate((2, 3)), Activate((2, 5)))
    assert cubes_of(game, 0)["fish"] == 2 and game.coins[0] == 5


def test_rule_gains_are_limited_by_the_reserve() -> None:
    game = position(buildings={(2, 3): ("pier", 0)}, cubes=[{}, {"fish": 14}])
    play(game, PlaceWorker((2, 4)), Activate((2, 3)))
    assert cubes_of(game, 0)["fish"] == 1 and game.reserve[2] == 0


def test_rule_exchange_effects_the_restaurant_takes_1_fish_and_1_wheat() -> None:
    game = position(buildings={(2, 3): ("restaurant", 1)}, cubes=[{"fish": 1, "wheat": 1}, {}])
    play(game, PlaceWorker((2, 4)), Activate((2, 3)))
    assert cubes_of(game, 0) == dict.fromkeys(RESOURCE_NAMES, 0) and game.vp[0]["effects"] == 4


def test_rule_exchange_effects_the_shop_switches_2_cubes_for_2_of_other_types() -> None:
    game = position(buildings={(2, 3): ("shop", 0)}, cubes=[{"wood": 2, "stone": 1}, {}], coins=[0, 3])
    play(game, PlaceWorker((2, 4)), Activate((2, 3)))
    assert game.phase == "give" and game.legal_actions() == [Give(("wood", "wood")), Give(("wood", "stone"))]
    play(game, Give(("wood", "stone")))
    assert game.legal_actions() == [Take(("fish", "fish")), Take(("fish", "wheat")), Take(("wheat", "wheat"))]
    play(game, Take(("fish", "wheat")))
    assert cubes_of(game, 0) == {"wood": 1, "stone": 0, "fish": 1, "wheat": 1} and game.phase == "act"


def test_rule_the_shop_needs_two_cubes_to_switch() -> None:
    game = play(position(buildings={(2, 3): ("shop", 0)}, cubes=[{"wood": 1}, {}], coins=[2, 3]), PlaceWorker((2, 4)))
    refused(game, Activate((2, 3)), "cannot pay 0 coin.* and give the Shop 2 cubes")


@pytest.mark.parametrize("building", ["residence", "cathedral", "castle", "watchtower", "statue"])
def test_rule_residence_and_cathedral_effects_wait_for_the_end_of_the_round(building: str) -> None:
    """(and the Castle and Watchtower for the end of the game; the Statue has no effect)"""
    game = play(position(buildings={(2, 3): (building, 0)}), PlaceWorker((2, 4)))
    assert game.legal_actions() == [Done()]
    refused(game, Activate((2, 3)), "takes effect at the end of|has no effect")


# --- build a building ------------------------------------------------------------------------------------------
def test_rule_build_worker_to_the_construction_site_choose_pay_place_house_and_points() -> None:
    game = position(cubes=[{"wood": 3}, {}], coins=[0, 3], market=["pier"])
    assert Build("pier") in game.legal_actions()
    play(game, Build("pier"))
    assert game.on_site == [1, 0] and game.workers_left == [4, 5] and game.phase == "site"
    play(game, PlaceBuilding((2, 3)))
    assert game.buildings[2 * 9 + 3] == (KINDS["pier"].index, 0)
    assert cubes_of(game, 0)["wood"] == 0 and game.reserve[0] == 15
    assert game.houses_left == [6, 7] and game.score == [5, 0] and "pier" not in game.to_dict()["market"]
    assert game.current_player == 1


def test_rule_the_construction_site_holds_any_number_of_workers() -> None:
    game = position(turns=3, on_site=[2, 1], cubes=[{}, {"wood": 1}], coins=[3, 0])
    play(game, Build("wheat_field"), PlaceBuilding((2, 3)))
    assert game.on_site == [2, 2]


def test_rule_build_only_on_an_empty_grass_space() -> None:
    game = play(position(turns=1, workers={(2, 4): 0}, cubes=[{}, {"wood": 1}], coins=[3, 0]), Build("wheat_field"))
    refused(game, PlaceBuilding((2, 4)), "already holds a worker")
    refused(game, PlaceBuilding((0, 2)), "is forest, not grass")


def test_rule_only_market_buildings_can_be_built() -> None:
    refused(position(cubes=[{"wood": 5}, {}], absent=("barn",)), Build("barn"), "Barn is not in the market")


def test_rule_the_wheat_field_stack_empties_after_5() -> None:
    fields = {(2, c): ("wheat_field", 1) for c in range(2, 7)}
    refused(position(cubes=[{"wood": 1}, {}], buildings=fields), Build("wheat_field"), "not in the market")


def test_rule_without_enough_resources_or_coins_you_cannot_build() -> None:
    refused(position(cubes=[{"wood": 2}, {}], coins=[2, 3], market=["pier"]), Build("pier"), "cannot pay for the Pier")


def test_rule_without_a_house_token_you_cannot_build() -> None:
    houses = {(2, c): ("wheat_field", 0) for c in range(2, 7)} | {(3, 2): ("well", 0), (3, 3): ("fountain", 0)}
    game = position(cubes=[{"wood": 9}, {}], buildings=houses, market=["pier"])
    refused(game, Build("pier"), "no house token left")


def test_rule_castle_and_watchtower_points_are_not_counted_when_built() -> None:
    game = play(position(cubes=[{"stone": 6}, {}], coins=[0, 3], market=["castle"]), Build("castle"))
    play(game, PlaceBuilding((2, 3)))
    assert game.score == [0, 0]


def test_rule_the_residence_costs_6_coins() -> None:
    game = play(position(coins=[6, 3], market=["residence"]), Build("residence"), PlaceBuilding((2, 3)))
    assert game.coins == [0, 3] and game.score == [2, 0]


# --- additional actions: objectives and coins for cubes -----------------------------------------------------------
def test_rule_complete_an_objective_at_any_time_reveal_it_and_score() -> None:
    game = position(coins=[0, 3], objectives=[[12, 1, 2, 3], [4, 6, 15, 17]])
    assert Complete(12) in game.legal_actions()
    play(game, Complete(12))
    assert game.completed[0] == [12] and game.objectives[0] == [1, 2, 3] and game.score == [3, 0]
    assert game.to_dict(viewer=1)["players"][0]["completed"] == [12]
    assert game.current_player == 0 and game.phase == "turn"


def test_rule_completing_also_in_the_middle_of_a_turn() -> None:
    game = position(buildings={(2, 3): ("church", 0)}, objectives=[[12, 1, 2, 3], [4, 6, 15, 17]])
    play(game, PlaceWorker((2, 4)))
    refused(game, Complete(12), "condition does not hold")
    play(game, Activate((2, 3)))  # its 3 coins go to the reserve
    assert game.coins[0] == 0 and Complete(12) in game.legal_actions()


def test_rule_an_objective_needs_its_condition() -> None:
    refused(position(), Complete(1), "condition does not hold")
    refused(position(), Complete(16), "not among player 0's cards")


def test_rule_no_penalty_for_objectives_not_completed() -> None:
    game = last_turn(
        2, round_number=4, coins=[2, 2], cubes=[{"fish": 5}] * 2, objectives=[[1, 2, 3, 4], [6, 15, 17, 12]]
    )
    play(game, PlaceWorker((2, 3)), Done())
    assert game.is_terminal() and game.vp[0]["objectives"] == 0 and game.score[0] == 0


def test_rule_substitute_3_coins_for_a_resource_to_build() -> None:
    game = position(cubes=[{"wood": 2}, {}], coins=[3, 3], market=["pier"])
    play(game, Build("pier"), PlaceBuilding((2, 3)))  # one way only: 2 wood and 3 coins for the third
    assert cubes_of(game, 0)["wood"] == 0 and game.coins[0] == 0 and game.reserve_coins == 40 - 6 + 3


def test_rule_substituting_is_a_choice_even_with_the_cubes_at_hand() -> None:
    game = play(position(cubes=[{"wood": 3}, {}], coins=[6, 3], market=["pier"]), Build("pier"))
    assert game.legal_actions() == [Pay(()), Pay(("wood",)), Pay(("wood", "wood"))]
    play(game, Pay(("wood", "wood")), PlaceBuilding((2, 3)))
    assert cubes_of(game, 0)["wood"] == 2 and game.coins[0] == 0


def test_rule_only_the_ways_to_pay_offered_are_accepted() -> None:
    game = play(position(cubes=[{"wood": 3}, {}], coins=[6, 3], market=["pier"]), Build("pier"))
    refused(game, Pay(("stone",)), "is not one of the choices now")
    refused(game, Pay(("wood", "wood", "wood")), "is not one of the choices now")


def test_rule_substitute_3_coins_for_a_resource_an_effect_takes() -> None:
    game = position(buildings={(2, 3): ("workshop", 0)}, cubes=[{"wood": 1}, {}], coins=[3, 3])
    play(game, PlaceWorker((2, 4)), Activate((2, 3)))
    assert cubes_of(game, 0)["wood"] == 0 and game.coins[0] == 0 and game.vp[0]["effects"] == 3


def test_rule_a_substituted_resource_is_bought_from_the_reserve_and_spent_at_once() -> None:
    """No action buys a cube to keep; and a cube the reserve lacks cannot be bought."""
    assert {type(a) for a in position(coins=[9, 3]).legal_actions()} == {PlaceWorker, Build}
    game = position(cubes=[{}, {"wood": 15}], coins=[9, 3], market=["pier"])
    refused(game, Build("pier"), "cannot pay for the Pier")


# --- end of the round ------------------------------------------------------------------------------------------
def test_rule_end_of_round_the_cathedral_owner_scores_a_point_per_worker_around_it() -> None:
    game = last_turn(2, buildings={(2, 3): ("cathedral", 1)}, workers={(2, 2): 0, (1, 3): 1, (1, 4): 0})
    play(game, PlaceWorker((3, 4)), Done())
    assert game.vp[1]["cathedral"] == 4 and game.vp[0]["cathedral"] == 0


def test_rule_end_of_round_the_residence_owner_activates_the_buildings_around_it() -> None:
    buildings = {(2, 3): ("residence", 1), (2, 4): ("well", 1), (3, 3): ("pier", 0), (1, 1): ("gold_mine", 1)}
    game = last_turn(2, buildings=buildings, coins=[3, 3], cubes=[{"fish": 5}, {"fish": 5}])
    play(game, PlaceWorker((2, 6)), Done())
    assert game.phase == "residence" and game.current_player == 1
    assert game.legal_actions() == [Activate((2, 4)), Activate((3, 3)), Done()]
    feed_without_buying(play(game, Activate((3, 3)), Activate((2, 4)), Done()))
    assert game.coins == [4, 2] and game.vp[1]["effects"] == 2 and game.round == 2


def test_rule_end_of_round_feed_1_fish_or_wheat_per_worker() -> None:
    game = last_turn(2, cubes=[{"fish": 3, "wheat": 3}, {"fish": 5, "wheat": 1}])
    play(game, PlaceWorker((2, 3)), Done())
    assert game.phase == "feed" and game.current_player == 0
    assert game.legal_actions() == [Feed(2), Feed(3)]
    play(game, Feed(2))
    assert cubes_of(game, 0) == {"wood": 0, "stone": 0, "fish": 1, "wheat": 0}
    assert game.current_player == 1 and game.legal_actions() == [Feed(4), Feed(5)]
    play(game, Feed(5))
    assert cubes_of(game, 1)["fish"] == 0 and cubes_of(game, 1)["wheat"] == 1 and game.round == 2


def test_rule_feeding_starts_with_the_first_player() -> None:
    game = last_turn(3, first=1, cubes=[{"fish": 3, "wheat": 3}] * 3)
    play(game, PlaceWorker((2, 3)), Done())
    fed = []
    while game.phase == "feed":
        fed.append(game.current_player)
        play(game, game.legal_actions()[0])
    assert fed == [1, 2, 0]


def test_rule_lose_3_points_per_unfed_worker_example_5_workers_1_fish_3_wheat() -> None:
    game = last_turn(2, cubes=[{"fish": 1, "wheat": 3}, {"fish": 5}])
    play(game, PlaceWorker((2, 3)), Done())
    assert game.vp[0]["feeding"] == -3 and game.vp[1]["feeding"] == 0
    assert cubes_of(game, 0)["fish"] == cubes_of(game, 0)["wheat"] == 0


def feeding(cubes: dict[str, int], coins: int, other: dict[str, int] | None = None) -> littletown.State:
    """Player 0 (5 workers) about to feed, holding ``cubes`` and ``coins``; player 1 holds ``other`` (5 fish)."""
    game = last_turn(2, cubes=[cubes, other or {"fish": 5}], coins=[coins, 0])
    play(game, PlaceWorker((2, 3)), Done())
    assert game.phase == "feed" and game.current_player == 0
    return game


def test_rule_substitute_3_coins_for_a_food_cube_to_feed_example_5_workers_4_wheat_3_coins() -> None:
    game = feeding({"wheat": 4}, coins=3)
    assert game.legal_actions() == [Feed(0), Feed(0, ("wheat",)), Feed(1, ("fish",))]
    play(game, Feed(0, ("wheat",)))
    assert game.vp[0]["feeding"] == 0 and game.coins[0] == 0 and cubes_of(game, 0)["wheat"] == 0
    assert game.reserve[3] == 15 and game.reserve_coins == 40  # the wheat eaten and the 3 coins go to the reserve


def test_rule_substituting_at_feeding_is_a_choice_the_coins_may_be_kept() -> None:
    game = play(feeding({"wheat": 4}, coins=3), Feed(0))
    assert game.vp[0]["feeding"] == -3 and game.coins[0] == 3


def test_rule_a_food_cube_bought_feeds_a_worker_like_one_held_feed_all_with_fish() -> None:
    game = play(feeding({"fish": 4}, coins=3), Feed(5, ("fish",)))
    assert game.vp[0]["feeding"] == 0 and "fed_with_fish" in game.achievements[0]


def test_rule_substituting_needs_3_coins_per_cube() -> None:
    game = feeding({"wheat": 3}, coins=5)
    assert Feed(0, ("wheat", "wheat")) not in game.legal_actions()
    refused(game, Feed(0, ("wheat", "wheat")), "is not one of the choices now")
    game = play(last_turn(2, coins=[2, 0]), PlaceWorker((2, 3)), Done())  # 2 coins buy nothing: -15 VP
    assert game.vp[0]["feeding"] == -15 and game.coins[0] == 2


def test_rule_substituted_food_must_all_be_eaten_at_once() -> None:
    game = feeding({}, coins=18)
    assert Feed(0, ("wheat",) * 5) in game.legal_actions()
    refused(game, Feed(0, ("wheat",) * 6), "is not one of the choices now")
    refused(game, Feed(0, ("wood",)), "is not one of the choices now")


def test_rule_a_substituted_food_cube_comes_from_the_reserve() -> None:
    game = feeding({"fish": 4}, coins=3, other={"wheat": 15})
    refused(game, Feed(4, ("wheat",)), "is not one of the choices now")
    assert game.legal_actions() == [Feed(4), Feed(5, ("fish",))]


def test_rule_substituting_is_a_choice_at_feeding_even_with_the_food_at_hand() -> None:
    """As for any payment: the cube bought is eaten and the one at hand kept (for an objective, say)."""
    game = play(feeding({"fish": 5}, coins=3), Feed(5, ("fish",)))
    assert cubes_of(game, 0)["fish"] == 1 and game.coins[0] == 0 and game.vp[0]["feeding"] == 0


def test_rule_every_worker_the_food_at_hand_can_feed_is_fed() -> None:
    game = feeding({"fish": 2, "wheat": 3}, coins=3)
    refused(game, Feed(1), "is not one of the choices now")  # 1 fish and 3 wheat would leave a fish and a worker
    refused(game, Feed(3, ("wheat",)), "is not one of the choices now")  # a 3rd fish is neither held nor bought


def test_rule_objectives_spend_nothing_so_no_cube_is_bought_for_them() -> None:
    """Card 3 asks to have 10 food cubes: coins do not count, since a bought cube must be spent at once."""
    game = position(cubes=[{"fish": 9}, {}], coins=[30, 3], objectives=[[3, 1, 2, 4], [6, 15, 17, 12]])
    assert Complete(3) not in game.legal_actions()
    refused(game, Complete(3), "its condition does not hold")


def test_feed_actions_json_form_and_records_written_before_coins_for() -> None:
    assert Feed(1, ("wheat",)).to_dict() == {"type": "feed", "fish": 1, "coins_for": ["wheat"]}
    assert littletown.parse_action({"type": "feed", "fish": 2}) == Feed(2)
    assert littletown.parse_action({"type": "feed", "fish": 0, "coins_for": ["wheat", "fish"]}) == Feed(
        0, ("fish", "wheat")
    )
    for bad, key in (({"type": "feed", "fish": 0, "coins_for": "wheat"}, "coins_for"), ({"type": "feed"}, "fish")):
        with pytest.raises(IllegalAction, match=key):
            littletown.parse_action(bad)


def test_rule_negative_scores_are_possible() -> None:
    game = play(last_turn(2), PlaceWorker((2, 3)), Done())
    assert game.score == [-15, -15]


def test_rule_prepare_the_next_round_workers_back_round_token_and_first_player_clockwise() -> None:
    game = last_turn(3, first=2, on_site=[1, 0, 0], cubes=[{"fish": 4}] * 3)
    play(game, PlaceWorker((2, 3)), Done())
    assert game.round == 2 and game.first_player == 0 and game.current_player == 0
    assert game.workers == [None] * 54 and game.on_site == [0, 0, 0] and game.workers_left == [4, 4, 4]


@pytest.mark.parametrize(
    "scores, first, expected",
    [([5, 3, 9], 0, 1), ([2, 7, 9], 0, 0), ([4, 9, 4], 1, 2), ([4, 9, 4], 2, 0), ([6, 6, 6], 1, 2)],
)
def test_rule_3_players_4th_round_first_player_is_the_one_with_fewest_points(
    scores: list[int], first: int, expected: int
) -> None:
    """Ties go to the first tied player clockwise from the holder; all three tied: the token passes as usual."""
    game = last_turn(3, round_number=3, first=first, score=scores, cubes=[{"fish": 4}] * 3)
    play(game, PlaceWorker((2, 3)), Done())
    assert game.round == 4 and game.first_player == expected


def test_rule_with_2_or_4_players_the_4th_round_token_passes_as_usual() -> None:
    game = last_turn(4, round_number=3, first=1, score=[0, 30, 30, 30], cubes=[{"fish": 3}] * 4)
    play(game, PlaceWorker((2, 3)), Done())
    assert game.first_player == 2


# --- end of the game -----------------------------------------------------------------------------------------
def end_of_game(**kwargs: Any) -> littletown.State:
    game = last_turn(2, round_number=4, **kwargs)
    return feed_without_buying(play(game, PlaceWorker((3, 2)), Done()))


def test_rule_the_game_ends_after_the_4th_round() -> None:
    game = end_of_game(cubes=[{"fish": 5}, {"fish": 5}])
    assert game.is_terminal() and game.current_player is None and game.legal_actions() == []


def test_rule_end_of_game_1_point_per_3_coins() -> None:
    game = end_of_game(coins=[8, 2], cubes=[{"fish": 5}, {"fish": 5}])
    assert game.vp[0]["coins"] == 2 and game.vp[1]["coins"] == 0


def test_rule_end_of_game_the_castle_scores_4_per_house_token_around_it() -> None:
    buildings = {(2, 3): ("castle", 0), (2, 4): ("well", 0), (1, 2): ("pier", 1), (3, 3): ("wheat_field", 1)}
    game = end_of_game(buildings=buildings, coins=[0, 0], cubes=[{"fish": 5}, {"fish": 5}])
    assert game.vp[0]["castle"] == 12


def test_rule_end_of_game_the_watchtower_scores_2_per_empty_grass_space_around_it() -> None:
    buildings = {(1, 3): ("watchtower", 0), (1, 4): ("well", 1)}  # around: a forest, a mountain, a building, a worker
    game = end_of_game(buildings=buildings, workers={(2, 3): 1}, coins=[0, 0], cubes=[{"fish": 5}, {"fish": 5}])
    assert game.vp[0]["watchtower"] == 2 * 4  # (0, 4), (1, 2), (2, 2), (2, 4)


def test_rule_the_most_points_win_and_ties_share_the_victory() -> None:
    game = end_of_game(score=[10, 10], coins=[0, 0], cubes=[{"fish": 5}, {"fish": 5}])
    assert game.result() == {"scores": [10, 10], "ranks": [1, 1], "winners": [0, 1]}
    assert game.returns() == [0.5, 0.5]
    game = last_turn(3, round_number=4, score=[4, 9, 9], coins=[0, 0, 0], cubes=[{"fish": 4}] * 3)
    play(game, PlaceWorker((3, 2)), Done())
    assert game.score == [4, 9, 9] and game.returns() == [0.0, 0.75, 0.75]
    assert game.result() == {"scores": [4, 9, 9], "ranks": [3, 1, 1], "winners": [1, 2]}


def test_rule_scores_go_on_past_60() -> None:
    game = end_of_game(score=[70, 0], coins=[0, 0], cubes=[{"fish": 5}, {"fish": 5}])
    assert game.result() == {"scores": [70, 0], "ranks": [1, 2], "winners": [0]}


def test_rule_objectives_that_hold_at_the_end_are_completed() -> None:
    game = end_of_game(coins=[0, 6], cubes=[{"fish": 5}, {"fish": 5}], objectives=[[12, 1, 2, 3], [4, 6, 15, 17]])
    assert game.completed == [[12], [6]]  # 0 coins; and player 1 fed all their workers with fish


# --- the objective cards ---------------------------------------------------------------------------------------
def completable(game: littletown.State, card: int, player: int = 0) -> bool:
    from townwidget.littletown.objectives import fulfilled

    return fulfilled(game, player, card)


def test_objective_1_three_buildings_touching_by_a_side() -> None:
    line = {(2, 2): ("well", 0), (2, 3): ("pier", 0), (3, 3): ("wheat_field", 0)}
    assert completable(position(buildings=line), 1)
    diagonal = {(2, 2): ("well", 0), (2, 3): ("pier", 0), (3, 4): ("wheat_field", 0)}
    assert not completable(position(buildings=diagonal), 1)


def test_objective_2_more_buildings_than_workers() -> None:
    six = {(2, c): ("wheat_field", 0) for c in range(2, 7)} | {(3, 2): ("well", 0)}
    assert completable(position(buildings=six), 2)
    assert not completable(position(buildings=dict(list(six.items())[:5])), 2)


def test_objective_3_twice_as_many_food_cubes_as_workers() -> None:
    assert completable(position(cubes=[{"fish": 6, "wheat": 4}, {}]), 3)
    assert not completable(position(cubes=[{"fish": 6, "wheat": 3}, {}]), 3)


def test_objective_4_buildings_next_to_a_lake_a_mountain_and_a_forest() -> None:
    three = {(1, 0): ("well", 0), (1, 7): ("pier", 0), (4, 5): ("wheat_field", 0)}  # lake+mountain, mountain, forest
    assert completable(position(buildings=three), 4)
    assert not completable(position(buildings={(1, 0): ("well", 0), (1, 7): ("pier", 0)}), 4)


def test_objective_5_activate_a_building_that_consumes_2_resource_types() -> None:
    game = position(buildings={(2, 3): ("restaurant", 1)}, cubes=[{"fish": 1, "wheat": 1}, {}])
    assert not completable(game, 5)
    play(game, PlaceWorker((2, 4)), Activate((2, 3)))
    assert completable(game, 5)


def test_objective_6_feed_all_workers_with_fish() -> None:
    game = last_turn(2, cubes=[{"fish": 5, "wheat": 2}, {"fish": 5}])
    play(game, PlaceWorker((2, 3)), Done(), Feed(4))
    assert not completable(game, 6, 0) and completable(game, 6, 1)


@pytest.mark.parametrize(
    "card, building, holds",
    [(8, "pier", True), (8, "well", False), (10, "quarry", True), (10, "bakery", False), (11, "church", True)],
)
def test_objectives_8_10_11_build_a_building_of_a_kind(card: int, building: str, holds: bool) -> None:
    assert completable(position(buildings={(2, 3): (building, 0)}), card) == holds
    assert not completable(position(buildings={(2, 3): (building, 1)}), card)


def test_objective_9_two_buildings_that_produce_or_consume_coins() -> None:
    assert completable(position(buildings={(2, 3): ("church", 0), (2, 5): ("gold_mine", 0)}), 9)
    assert not completable(position(buildings={(2, 3): ("church", 0), (2, 5): ("pier", 0)}), 9)


def test_objective_12_and_13_have_0_coins_have_6_coins() -> None:
    assert completable(position(coins=[0, 3]), 12) and not completable(position(coins=[1, 3]), 12)
    assert completable(position(coins=[6, 3]), 13) and not completable(position(coins=[5, 3]), 13)


def test_objective_14_spend_a_resource_harvested_in_the_same_turn() -> None:
    game = position(buildings={(0, 1): ("workshop", 0)}, cubes=[{"wood": 1}, {}])
    play(game, PlaceWorker((1, 1)), Activate((0, 1)))  # the wood not yet gathered: none harvested
    assert not completable(game, 14)
    game = position(buildings={(0, 1): ("workshop", 0)}, cubes=[{"wood": 1}, {}])
    play(game, PlaceWorker((1, 1)), Gather("wood"), Activate((0, 1)), Pay(()))
    assert completable(game, 14)


def test_objective_15_activate_4_buildings_in_the_same_turn() -> None:
    around = {(1, 3): ("well", 1), (1, 5): ("pier", 0), (2, 3): ("gold_mine", 0), (3, 3): ("wheat_field", 0)}
    game = play(position(buildings=around), PlaceWorker((2, 4)))
    for cell in [(1, 3), (1, 5), (2, 3)]:
        play(game, Activate(cell))
        assert not completable(game, 15)
    play(game, Activate((3, 3)))
    assert completable(game, 15)


def test_objective_16_points_from_2_buildings_in_the_same_turn() -> None:
    game = position(buildings={(1, 4): ("well", 0), (2, 3): ("fountain", 0)})
    play(game, PlaceWorker((2, 4)), Activate((1, 4)))
    assert not completable(game, 16)
    play(game, Activate((2, 3)))
    assert completable(game, 16)


def test_objective_17_harvest_5_resources_in_the_same_turn() -> None:
    """Gathering gives at most 3 cubes: what buildings produce is harvested too."""
    game = play(position(buildings={(3, 2): ("pier", 0)}), PlaceWorker((4, 1)), Gather("wood"))  # 3 forests
    assert cubes_of(game, 0)["wood"] == 3 and not completable(game, 17)
    play(game, Activate((3, 2)))
    assert completable(game, 17)


def test_objective_18_build_a_building_costing_3_wood() -> None:
    assert completable(position(buildings={(2, 3): ("pier", 0)}), 18)
    assert not completable(position(buildings={(2, 3): ("bakery", 0)}), 18)


def test_an_achieved_moment_stays_achieved() -> None:
    buildings = {(1, 4): ("well", 0), (2, 3): ("fountain", 0)}
    game = position(buildings=buildings, objectives=[[16, 1, 2, 3], [4, 6, 15, 17]])
    play(game, PlaceWorker((2, 4)), Activate((1, 4)), Activate((2, 3)), Done())
    play(game, PlaceWorker((3, 3)), Done())
    assert Complete(16) in game.legal_actions()


# --- the open questions, as rule options -------------------------------------------------------------------------
@pytest.mark.parametrize("pays, coins", [(True, [4, 2]), (False, [3, 3])])
def test_option_residence_pays_owners(pays: bool, coins: list[int]) -> None:
    buildings = {(2, 3): ("residence", 1), (3, 3): ("pier", 0)}
    game = last_turn(
        2, rules={"residence_pays_owners": pays}, buildings=buildings, coins=[3, 3], cubes=[{"fish": 5}, {"fish": 5}]
    )
    feed_without_buying(play(game, PlaceWorker((2, 6)), Done(), Activate((3, 3)), Done()))
    assert game.coins == coins


@pytest.mark.parametrize("counts, points", [("any", 2), ("own", 1)])
def test_option_cathedral_counts(counts: str, points: int) -> None:
    game = last_turn(2, rules={"cathedral_counts": counts}, buildings={(2, 3): ("cathedral", 1)}, workers={(2, 2): 0})
    play(game, PlaceWorker((1, 3)), Done())
    assert game.vp[1]["cathedral"] == points


@pytest.mark.parametrize("counts, points", [("any", 8), ("own", 4)])
def test_option_castle_counts(counts: str, points: int) -> None:
    buildings = {(2, 3): ("castle", 0), (2, 4): ("well", 0), (1, 3): ("pier", 1)}
    game = end_of_game(rules={"castle_counts": counts}, buildings=buildings, coins=[0, 0], cubes=[{"fish": 5}] * 2)
    assert game.vp[0]["castle"] == points


@pytest.mark.parametrize("gives, effects, coins", [("vp", 4, 0), ("coins", 0, 4)])
def test_option_restaurant_gives(gives: str, effects: int, coins: int) -> None:
    restaurant = {(2, 3): ("restaurant", 0)}
    game = position(
        rules={"restaurant_gives": gives}, buildings=restaurant, cubes=[{"fish": 1, "wheat": 1}, {}], coins=[0, 3]
    )
    play(game, PlaceWorker((2, 4)), Activate((2, 3)))
    assert game.vp[0]["effects"] == effects and game.coins[0] == coins


@pytest.mark.parametrize("block, points", [(True, 8), (False, 10)])
def test_option_workers_block_watchtower(block: bool, points: int) -> None:
    buildings = {(1, 3): ("watchtower", 0), (1, 4): ("well", 1)}
    rules = {"workers_block_watchtower": block}
    game = end_of_game(rules=rules, buildings=buildings, workers={(2, 3): 1}, coins=[0, 0], cubes=[{"fish": 5}] * 2)
    assert game.vp[0]["watchtower"] == points
