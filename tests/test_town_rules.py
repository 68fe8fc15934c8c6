"""One test per rule sentence of the Town 77 / Town 66 rulebooks (and of docs/rules.md where they leave room).

Each test names the rule it checks. Positions are written in the JSON form (see ``town_positions``).
"""

from __future__ import annotations

import pytest
from town_positions import multi, multi_dict, placements, solo, solo_dict

from townwidget import town
from townwidget.town import Discard, Exchange, IllegalAction, Pass, Place

PIONEER = {(0, 0): (0, 0)}
QUIET_HAND = [(1, 1), (0, 2), (3, 0), (2, 3)]  # no three alike, so the turn starts with the placement
OTHER_HAND = [(4, 4), (5, 5), (6, 6), (1, 2)]


def refused(state: town.State, action: object, reason: str) -> None:
    """The action is refused with a message containing ``reason`` and the state is left exactly as it was."""
    before = state.to_dict()
    with pytest.raises(IllegalAction, match=reason):
        state.apply(action)  # type: ignore[arg-type]
    assert state.to_dict() == before


# --- the tile set -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules, count", [("town77", 49), ("town66", 36), ("town44", 16)])
def test_rule_every_colour_shape_pair_is_one_tile(rules: str, count: int) -> None:
    game = town.new_game(rules, players=2, seed=1)
    tiles = [tuple(t) for hand in game.hands for t in hand] + game.bag + [game.board.cells[0]]
    assert len(tiles) == count and len(set(tiles)) == count


@pytest.mark.parametrize("n", [1, 10])
def test_rule_board_sizes_from_2_to_9(n: int) -> None:
    with pytest.raises(ValueError, match="n must be"):
        town.Rules("odd", n)


def test_rule_presets_town77_and_town66() -> None:
    assert (town.TOWN77.n, town.TOWN77.flips) == (7, 0)
    assert (town.TOWN66.n, town.TOWN66.flips, town.TOWN66.hand_size) == (6, 2, 4)
    assert town.resolve_rules("town66") is town.TOWN66
    with pytest.raises(ValueError, match="unknown rules"):
        town.resolve_rules("town76")


# --- setup (multiplayer) ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rule_each_player_draws_four_and_a_pioneer_goes_top_left(players: int) -> None:
    game = town.new_game("town77", players=players, seed=players)
    assert [len(hand) for hand in game.hands] == [4] * players
    assert game.board.placed() == 1 and game.board.cells[0] is not None
    assert len(game.bag) == 49 - 4 * players - 1


def test_rule_the_pioneer_is_drawn_at_random() -> None:
    pioneers = {town.new_game("town77", players=2, seed=seed).board.cells[0] for seed in range(60)}
    assert len(pioneers) > 20


def test_rule_player_zero_starts() -> None:
    starts = {town.new_game("town77", players=3, seed=seed).current_player for seed in range(20)}
    assert starts == {0}


@pytest.mark.parametrize("players", [1, 6, True, "2"])
def test_rule_two_to_five_players(players: object) -> None:
    with pytest.raises(ValueError, match="players must be"):
        town.new_game("town77", players=players)  # type: ignore[arg-type]


def test_rule_backs_show_colours_to_everyone_but_shapes_only_to_the_owner() -> None:
    game = town.new_game("town77", players=3, seed=4)
    seen = game.to_dict(viewer=1)["hands"]
    for player, hand in enumerate(game.hands):
        expected = [[c, s if player == 1 else None] for c, s in hand]
        assert seen[player] == expected


# --- the city -----------------------------------------------------------------------------------------------
def test_rule_a_tile_must_touch_a_side_of_the_city() -> None:
    state = multi(PIONEER, [QUIET_HAND, OTHER_HAND])
    assert ((1, 1), (0, 1)) in placements(state)
    refused(state, Place((1, 1), (1, 1)), r"cell \[1, 1\] touches no placed tile")
    refused(state, Place((1, 1), (3, 3)), "touches no placed tile")


def test_rule_no_colour_twice_in_a_row() -> None:
    state = multi(PIONEER, [QUIET_HAND, OTHER_HAND])
    refused(state, Place((0, 2), (0, 1)), r"colour 0 is already in row 0 \(at \[0, 0\]\)")


def test_rule_no_colour_twice_in_a_column() -> None:
    state = multi(PIONEER, [QUIET_HAND, OTHER_HAND])
    refused(state, Place((0, 2), (1, 0)), r"colour 0 is already in column 0 \(at \[0, 0\]\)")


def test_rule_no_shape_twice_in_a_row_or_column() -> None:
    state = multi(PIONEER, [QUIET_HAND, OTHER_HAND])
    refused(state, Place((3, 0), (0, 1)), r"shape 0 is already in row 0")
    refused(state, Place((3, 0), (1, 0)), r"shape 0 is already in column 0")
    assert not any(tile == (3, 0) for tile, _ in placements(state))


def test_rule_a_colour_may_repeat_in_other_rows_and_columns() -> None:
    state = multi({(0, 0): (0, 0), (0, 1): (1, 1)}, [[(1, 2), (2, 0), (3, 4), (4, 5)], [(5, 5), (6, 6), (2, 3)]])
    assert ((1, 2), (1, 0)) in placements(state)
    state.apply(Place((1, 2), (1, 0)))
    assert state.board.cells[7] == (1, 2)


def test_rule_nothing_above_left_or_beyond_the_last_row_and_column() -> None:
    state = multi(PIONEER, [QUIET_HAND, OTHER_HAND])
    refused(state, {"type": "place", "tile": [1, 1], "cell": [-1, 0]}, r"row -1 is out of range 0..6")
    refused(state, {"type": "place", "tile": [1, 1], "cell": [0, 7]}, r"column 7 is out of range 0..6")
    assert all(0 <= r < 7 and 0 <= k < 7 for _, (r, k) in placements(state))


def test_rule_an_occupied_cell_cannot_take_a_tile() -> None:
    state = multi(PIONEER, [QUIET_HAND, OTHER_HAND])
    refused(state, Place((1, 1), (0, 0)), r"cell \[0, 0\] is already taken by tile \[0, 0\]")


def test_rule_on_an_empty_board_only_the_top_left_cell_is_open() -> None:
    game = town.new_solo("town77", seed=3)
    assert {a.cell for a in game.legal_actions()} == {(0, 0)}
    top = game.piles[0][-1]
    refused(game, Place(top, (0, 1), pile=0), r"the first tile \(the pioneer\) goes to \[0, 0\]")


# --- a multiplayer turn: 1 exchange -------------------------------------------------------------------------
def test_rule_exchange_three_tiles_of_one_colour_is_offered_and_optional() -> None:
    state = multi(PIONEER, [[(2, 1), (2, 3), (2, 5), (4, 4)], [(5, 5), (6, 6), (1, 2), (3, 3)]], phase="exchange")
    assert state.legal_actions() == [Exchange(((2, 1), (2, 3), (2, 5))), Pass()]
    state.apply(Pass())
    assert state.phase == "place" and state.current_player == 0


def test_rule_exchange_three_tiles_of_one_shape() -> None:
    state = multi(PIONEER, [[(1, 3), (4, 3), (5, 3), (6, 1)], OTHER_HAND], phase="exchange")
    assert Exchange(((1, 3), (4, 3), (5, 3))) in state.legal_actions()


def test_rule_exchange_is_skipped_without_three_alike() -> None:
    state = multi(PIONEER, [QUIET_HAND, OTHER_HAND])
    assert not state.can_exchange()
    assert all(isinstance(a, Place) for a in state.legal_actions())
    with pytest.raises(town.InvalidState, match="no tiles to exchange"):
        multi(PIONEER, [QUIET_HAND, OTHER_HAND], phase="exchange")


def test_rule_with_four_alike_the_player_chooses_which_three() -> None:
    state = multi(PIONEER, [[(2, 1), (2, 3), (2, 5), (2, 6)], OTHER_HAND], phase="exchange")
    exchanges = [a for a in state.legal_actions() if isinstance(a, Exchange)]
    assert len(exchanges) == 4 and len({a.tiles for a in exchanges}) == 4


def test_rule_exchange_returns_the_tiles_to_the_bag_then_draws_three() -> None:
    # 3 x 3 tiles: the bag holds one tile, so after returning three it holds four and any of them may come back
    hand = [(1, 0), (1, 1), (1, 2), (2, 2)]
    left_in_bag = set()
    for seed in range(40):
        data = multi_dict(PIONEER, [hand, [(2, 0), (2, 1), (0, 1)]], rules="town33", phase="exchange", bag=[(0, 2)])
        data["rng"] = seed
        state = town.from_dict(data)
        assert isinstance(state, town.MultiState)
        state.apply(Exchange(((1, 0), (1, 1), (1, 2))))
        assert len(state.hands[0]) == 4 and len(state.bag) == 1
        left_in_bag.add(state.bag[0])
    assert left_in_bag == {(1, 0), (1, 1), (1, 2), (0, 2)}


def test_rule_exchange_may_be_repeated_while_three_are_alike() -> None:
    outcomes = set()
    for seed in range(60):
        data = multi_dict(PIONEER, [[(2, 1), (2, 3), (2, 5), (3, 4)], OTHER_HAND], phase="exchange")
        data["rng"] = seed
        state = town.from_dict(data)
        assert isinstance(state, town.MultiState)
        state.apply(Exchange(((2, 1), (2, 3), (2, 5))))
        assert (state.phase == "exchange") == state.can_exchange()
        outcomes.add(state.phase)
    assert "exchange" in outcomes and "place" in outcomes


def test_rule_an_exchange_needs_alike_tiles_of_the_hand() -> None:
    state = multi(PIONEER, [[(2, 1), (2, 3), (2, 5), (3, 4)], OTHER_HAND], phase="exchange")
    refused(state, Exchange(((2, 1), (2, 3), (3, 4))), "share neither a colour nor a shape")
    refused(state, Exchange(((2, 1), (2, 3), (2, 6))), r"tile\(s\) \[\[2, 6\]\] are not in the hand")
    refused(state, Exchange(((2, 1), (2, 3))), "exactly 3 different tiles")


def test_rule_no_exchange_from_an_empty_bag() -> None:
    # engine reading (docs/rules.md; the booklets are silent): the same three tiles would come back, so not offered
    hand = [(2, 1), (2, 3), (2, 5), (3, 4)]
    rest = [(c, s) for c in range(7) for s in range(7) if (c, s) not in {(0, 0), *hand}]
    state = multi(PIONEER, [hand, rest], bag=[])
    assert not state.can_exchange() and state.phase == "place"
    with pytest.raises(town.InvalidState, match="or the bag is empty"):
        multi(PIONEER, [hand, rest], bag=[], phase="exchange")


# --- 2 place ------------------------------------------------------------------------------------------------
def test_rule_placing_a_tile_is_mandatory() -> None:
    state = multi(PIONEER, [QUIET_HAND, OTHER_HAND])
    assert state.legal_actions() and all(isinstance(a, Place) for a in state.legal_actions())
    refused(state, Pass(), "a 'pass' action is not allowed in phase 'place'")
    refused(state, Discard((1, 1)), "a 'discard' action is not allowed in phase 'place'")


def test_rule_a_player_who_cannot_place_leaves_the_game() -> None:
    # after player 0 places (1, 1) at [0, 1], neither (0, 1) nor (1, 0) fits anywhere: player 1 leaves at once
    state = multi(PIONEER, [QUIET_HAND, [(0, 1), (1, 0)]])
    state.apply(Place((1, 1), (0, 1)))
    state.apply(Pass())
    assert state.out == [None, 1]
    assert state.current_player == 0 and state.hands[1] == [(0, 1), (1, 0)]


def test_rule_the_exchange_step_comes_before_leaving() -> None:
    blocked = [(0, 1), (0, 2), (0, 3), (1, 0)]  # none fits next to the pioneer (0, 0), three share colour 0
    state = multi(PIONEER, [blocked, OTHER_HAND], phase="exchange")
    assert not state.has_placement() and state.out == [None, None]
    passed = state.clone()
    passed.apply(Pass())
    assert passed.out == [1, None] and passed.current_player == 1
    rescued = False
    for seed in range(30):
        data = multi_dict(PIONEER, [blocked, OTHER_HAND], phase="exchange")
        data["rng"] = seed
        trial = town.from_dict(data)
        trial.apply(Exchange(((0, 1), (0, 2), (0, 3))))
        rescued |= trial.out == [None, None] and trial.current_player == 0
    assert rescued


def test_rule_a_player_whose_hand_is_empty_after_placing_leaves() -> None:
    state = multi(PIONEER, [[(1, 1)], OTHER_HAND])
    bag = len(state.bag)
    state.apply(Place((1, 1), (0, 1)))
    assert state.out == [1, None] and state.hands[0] == [] and len(state.bag) == bag  # no draw
    assert state.current_player == 1


# --- 3 draw and 4 discard -----------------------------------------------------------------------------------
def test_rule_draw_a_tile_after_placing() -> None:
    state = multi(PIONEER, [QUIET_HAND, OTHER_HAND])
    bag = len(state.bag)
    state.apply(Place((1, 1), (0, 1)))
    assert len(state.hands[0]) == 4 and len(state.bag) == bag - 1
    assert state.phase == "discard" and state.current_player == 0


def test_rule_discard_one_tile_back_into_the_bag_or_keep_the_hand() -> None:
    state = multi(PIONEER, [QUIET_HAND, OTHER_HAND])
    state.apply(Place((1, 1), (0, 1)))
    kept = state.clone()
    assert Pass() in state.legal_actions() and len(state.legal_actions()) == 5
    tile = state.hands[0][0]
    state.apply(Discard(tile))
    assert tile in state.bag and tile not in state.hands[0] and len(state.hands[0]) == 3
    assert state.current_player == 1
    kept.apply(Pass())
    assert len(kept.hands[0]) == 4 and kept.current_player == 1


def test_rule_no_draw_and_no_discard_when_the_bag_is_empty() -> None:
    rest = [(c, s) for c in range(7) for s in range(7) if (c, s) not in {(0, 0), *QUIET_HAND, *OTHER_HAND}]
    state = multi(PIONEER, [QUIET_HAND, OTHER_HAND + rest], bag=[])
    state.apply(Place((1, 1), (0, 1)))
    assert len(state.hands[0]) == 3 and state.current_player == 1 and state.phase != "discard"


def test_rule_discard_only_just_after_a_draw() -> None:
    state = multi(PIONEER, [QUIET_HAND, OTHER_HAND])
    refused(state, Discard((1, 1)), "not allowed in phase 'place'")


# --- 5 the next player, and the end ---------------------------------------------------------------------------
def test_rule_the_bag_passes_to_the_next_player_still_in_the_game() -> None:
    state = multi(PIONEER, [QUIET_HAND, [(4, 4), (5, 5)], [(6, 6), (1, 2), (3, 4)]], out=[None, 1, None])
    state.apply(Place((1, 1), (0, 1)))
    state.apply(Pass())
    assert state.current_player == 2


def test_rule_ranking_fewer_tiles_first_then_the_later_leaver() -> None:
    # the rulebook's example: tiles left 0, 0, 2 and order of leaving 1, 2, 3 give ranks 2, 1, 3
    hands = [[], [], [(1, 1), (2, 2)]]
    data = multi_dict(PIONEER, hands, phase="over", out=[1, 2, 3])
    data["current_player"] = None
    state = town.from_dict(data)
    assert state.is_terminal() and state.legal_actions() == []
    assert state.result() == {"tiles_left": [0, 0, 2], "ranks": [2, 1, 3]}
    assert state.returns() == [0.5, 1.0, 0.0]
    refused(state, Pass(), "the game is over")


def test_rule_the_game_ends_when_every_player_has_left() -> None:
    game = town.new_game("town66", players=4, seed=9)
    while not game.is_terminal():
        assert None in game.out
        game.apply(game.legal_actions()[-1])
    assert None not in game.out and game.current_player is None and game.phase == "over"
    assert sorted(game.out) == [1, 2, 3, 4]  # type: ignore[type-var]


# --- solo (the Challenge Rule) ------------------------------------------------------------------------------
@pytest.mark.parametrize("rules, sizes", [("town77", [17, 16, 16]), ("town66", [12, 12, 12]), ("town44", [6, 5, 5])])
def test_rule_solo_three_face_up_piles_of_equal_size(rules: str, sizes: list[int]) -> None:
    game = town.new_solo(rules, seed=2)
    assert [len(pile) for pile in game.piles] == sizes
    n = game.rules.n
    assert sorted(t for pile in game.piles for t in pile) == [(c, s) for c in range(n) for s in range(n)]


def test_rule_solo_the_pioneer_is_chosen_among_the_three_tops() -> None:
    game = town.new_solo("town77", seed=5)
    tops = [pile[-1] for pile in game.piles]
    assert [(a.pile, a.tile, a.cell) for a in game.legal_actions()] == [(i, t, (0, 0)) for i, t in enumerate(tops)]


def test_rule_solo_only_the_top_of_a_pile_is_seen() -> None:
    game = town.new_solo("town77", seed=5)
    piles = game.to_dict(viewer=0)["piles"]
    for pile, seen in zip(game.piles, piles, strict=True):
        assert seen[-1] == list(pile[-1]) and all(tile is None for tile in seen[:-1])


def test_rule_solo_each_move_takes_the_top_of_a_pile() -> None:
    game = town.new_solo("town77", seed=5)
    below = game.piles[1][-2]
    refused(game, Place(below, (0, 0), pile=1), r"is not the top of pile 1")
    refused(game, Place(game.piles[1][-1], (0, 0)), "must name its 'pile'")
    refused(game, Place(game.piles[1][-1], (0, 0), pile=3), "pile 3 does not exist")
    top = game.piles[1][-1]
    game.apply(Place(top, (0, 0), pile=1))
    assert game.board.cells[0] == top and len(game.piles[1]) == 15


def test_rule_solo_ends_when_no_top_can_be_placed() -> None:
    # tops (0, 1), (1, 0), (0, 2) cannot go next to the pioneer (0, 0): the game is over, with 1 tile placed
    piles = [[(1, 1), (0, 1)], [(2, 2), (1, 0)], [(0, 2)]]
    rest = {(c, s) for c in range(3) for s in range(3)} - {(0, 0), *[t for p in piles for t in p]}
    piles[2][:0] = sorted(rest)
    with pytest.raises(town.InvalidState, match="no pile top can be placed"):
        solo(PIONEER, piles, rules="town33")
    data = solo_dict(PIONEER, piles, rules="town33")
    data.update(phase="over", current_player=None)
    over = town.from_dict(data)
    assert over.is_terminal() and over.result() == {"placed": 1, "level": None}


def test_rule_solo_ends_when_all_tiles_are_placed() -> None:
    # a 3 x 3 Graeco-Latin square, dealt so that taking pile 0 to the end fills the board row by row
    square = [(r * 2 + k) % 3 for r in range(3) for k in range(3)], [(r + k) % 3 for r in range(3) for k in range(3)]
    order = list(zip(*square, strict=True))
    state = solo({}, [list(reversed(order)), [], []], rules="town33")
    for index, tile in enumerate(order):
        state.apply(Place(tile, divmod(index, 3), pile=0))
    assert state.is_terminal() and state.result() == {"placed": 9, "level": None}
    assert state.returns() == [1.0]


@pytest.mark.parametrize(
    "placed, label",
    [
        (49, "MAGNIFICENT! You are the King / the Queen of the World!"),
        (48, "Gold Medal coming soon!"),
        (43, "Gold Medal coming soon!"),
        (42, "TOP-4 in Europe, easy!"),
        (37, "TOP-4 in Europe, easy!"),
        (36, "WOW! The nationals are in the bag!"),
        (31, "WOW! The nationals are in the bag!"),
        (30, "District champion! On to the Nationals!"),
        (28, "District champion! On to the Nationals!"),
        (27, "Nice! Shall we beat the Mayor?!"),
        (25, "Nice! Shall we beat the Mayor?!"),
        (24, "Top of the class?!"),
        (22, "Top of the class?!"),
        (21, "Good job! Keep at it!"),
        (16, "Good job! Keep at it!"),
        (15, "Some days are just like that..."),
        (1, "Some days are just like that..."),
    ],
)
def test_rule_town77_play_levels(placed: int, label: str) -> None:
    assert town.play_level("town77", placed) == label


def test_rule_the_solo_score_counts_the_pioneer_and_names_the_level() -> None:
    game = town.new_solo("town77", seed=11)
    while not game.is_terminal():
        game.apply(game.legal_actions()[0])
    result = game.result()
    assert result is not None and result["placed"] == game.board.placed() >= 1
    assert result["level"] == town.play_level("town77", result["placed"])


# --- Town 66 solo: flips ------------------------------------------------------------------------------------
def _town66_solo(top: tuple[int, int], flips_left: int = 2) -> town.SoloState:
    rest = [(c, s) for c in range(6) for s in range(6) if (c, s) not in {(0, 0), top}]
    return solo(PIONEER, [rest[:17] + [top], rest[17:], []], rules="town66", flips_left=flips_left)


def test_rule_town66_flip_a_tile_whose_shape_conflicts_and_place_it_as_colour_only() -> None:
    state = _town66_solo(top=(1, 0))
    flips = [a for a in state.legal_actions() if a.flip]  # type: ignore[union-attr]
    assert {a.cell for a in flips if a.pile == 0} == {(0, 1), (1, 0)}  # type: ignore[union-attr]
    assert not [a for a in state.legal_actions() if a.pile == 0 and not a.flip]  # type: ignore[union-attr]
    state.apply(Place((1, 0), (0, 1), pile=0, flip=True))
    assert state.board.cells[1] == (1, None) and state.flips_left == 1
    assert state.to_dict()["board"][0][1] == [1, None]


def test_rule_a_colour_only_tile_blocks_its_colour_and_no_shape() -> None:
    state = _town66_solo(top=(1, 0))
    state.apply(Place((1, 0), (0, 1), pile=0, flip=True))
    board = state.board
    assert board.legal_cells(1, 2) & 1 << board.index((1, 1)) == 0  # colour 1 is in column 1
    assert "colour 1 is already in column 1" in str(board.why_illegal((1, 2), (1, 1)))
    assert board.legal_cells(3, 0) & 1 << board.index((1, 1))  # shape 0 is not blocked by the flipped tile


def test_rule_colour_can_never_be_ignored_by_a_flip() -> None:
    state = _town66_solo(top=(0, 1))
    assert not [a for a in state.legal_actions() if a.pile == 0]  # type: ignore[union-attr]
    refused(state, Place((0, 1), (0, 1), pile=0, flip=True), "colour 0 is already in row 0")


def test_rule_a_flip_only_where_the_shape_conflicts() -> None:
    state = _town66_solo(top=(1, 1))
    refused(state, Place((1, 1), (0, 1), pile=0, flip=True), "a flip is only allowed where the shape conflicts")


def test_rule_at_most_two_flips() -> None:
    state = _town66_solo(top=(1, 0), flips_left=0)
    refused(state, Place((1, 0), (0, 1), pile=0, flip=True), "no flips are left")
    assert not any(a.flip for a in state.legal_actions())  # type: ignore[union-attr]
    with pytest.raises(town.InvalidState, match="'flips_left' must be an integer from 0 to 2"):
        _town66_solo(top=(1, 0), flips_left=3)


def test_rule_town77_solo_has_no_flip() -> None:
    game = town.new_solo("town77", seed=1)
    game.apply(game.legal_actions()[0])
    top = game.piles[0][-1]
    refused(game, Place(top, (0, 1), pile=0, flip=True), "these rules allow no flips")


def test_rule_a_top_that_fits_only_by_a_flip_is_placeable_while_flips_remain() -> None:
    blocked = [(0, 1), (1, 0), (0, 2)]  # none fits next to the pioneer as it is; (1, 0) fits by a flip
    rest = [(c, s) for c in range(6) for s in range(6) if (c, s) not in {(0, 0), *blocked}]
    piles = [rest[:10] + [blocked[0]], rest[10:21] + [blocked[1]], rest[21:] + [blocked[2]]]
    assert solo(PIONEER, piles, rules="town66", flips_left=1).legal_actions()
    with pytest.raises(town.InvalidState, match="no pile top can be placed"):
        solo(PIONEER, piles, rules="town66", flips_left=0)


# --- misplaced tiles: blanks --------------------------------------------------------------------------------
def test_rule_a_blank_tile_touches_blocks_nothing_and_cannot_be_covered() -> None:
    state = multi({(0, 0): (0, 0), (0, 1): town.BLANK}, [QUIET_HAND, OTHER_HAND])
    assert state.to_dict()["board"][0][1] == "blank"
    assert ((1, 1), (0, 2)) in placements(state)  # next to the blank only: it counts as part of the city
    assert ((1, 1), (1, 1)) in placements(state)  # column 1 holds only the blank: nothing is blocked
    refused(state, Place((1, 1), (0, 1)), r"cell \[0, 1\] is already taken by a blank")
