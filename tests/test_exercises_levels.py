"""The easier and the harder versions of the lessons' exercises (issue 49, item 3): the checker judges both, a right
answer to the easier version can fail the harder one, and every wrong answer is refused by both."""

from __future__ import annotations

import math
import random
from decimal import Decimal
from fractions import Fraction
from functools import cache
from itertools import permutations, product
from typing import Any

import numpy as np
import pytest
from test_exercises_wrong_answers import Lookahead, fits, moves_after, rejected

from townwidget import latin, littletown, town
from townwidget.exercises import (
    check_completion_count,
    check_completion_function,
    check_first_row_count,
    check_games_needed,
    check_graeco_latin,
    check_hidden_hands_count,
    check_latin_square,
    check_least_squares,
    check_legal_move_count,
    check_row_by_row_probability,
    check_td_update,
    check_town_board,
    check_win_rate_interval,
)
from townwidget.exercises.opponents import not_shown_better
from townwidget.exercises.search import _blocked_cell
from townwidget.search import TownSearch, read_board

Grid = list[list[Any]]


# --- lesson 04-1, exercise 2: a completion function, easier (up to 4 x 4, empty 5 x 5), harder (fail first) -----------
def search(board: Grid, fail_first: bool) -> Grid | None:
    """Backtracking over the first empty cell in reading order, or over the most constrained one (fail first)."""
    n = len(board)
    empty = [(r, k) for r in range(n) for k in range(n) if board[r][k] is None]
    if not empty:
        return board
    on_board = {tuple(tile) for row in board for tile in row if tile is not None}
    unused = [(a, b) for a, b in product(range(n), repeat=2) if (a, b) not in on_board]
    options = {cell: [t for t in unused if fits(board, cell, t)] for cell in (empty if fail_first else empty[:1])}
    (r, k), tiles = min(options.items(), key=lambda item: len(item[1]))
    for tile in tiles:
        board[r][k] = list(tile)
        if search(board, fail_first) is not None:
            return board
    board[r][k] = None
    return None


def in_reading_order(board: Grid) -> Grid | None:
    return search(board, fail_first=False)


def fail_first(board: Grid) -> Grid | None:
    return search(board, fail_first=True)


def gives_up_past_5(board: Grid) -> Grid | None:  # right on the easier version's boards only
    return fail_first(board) if len(board) <= 5 else None


def never_undoes(board: Grid) -> Grid | None:  # the first tile that fits, never taken back
    n = len(board)
    for r, k in product(range(n), repeat=2):
        if board[r][k] is None:
            on_board = {tuple(tile) for row in board for tile in row if tile is not None}
            tiles = [
                (a, b) for a, b in product(range(n), repeat=2) if (a, b) not in on_board and fits(board, (r, k), (a, b))
            ]
            if not tiles:
                return None
            board[r][k] = list(tiles[0])
    return board


def test_both_versions_accept_a_search_with_fail_first() -> None:
    assert check_completion_function(fail_first, level="easier")
    assert check_completion_function(fail_first, level="harder")


def test_reading_order_passes_the_easier_version_only() -> None:
    easier = check_completion_function(in_reading_order, level="easier")
    assert easier and "up to 4 x 4 and the empty 5 x 5 board" in str(easier)
    rejected(check_completion_function(in_reading_order), "too slow on a 7 x 7 board of 7 tiles")


@pytest.mark.parametrize("level", ["easier", "harder"])
def test_both_versions_refuse_a_search_that_never_undoes_a_tile(level: str) -> None:
    rejected(check_completion_function(never_undoes, level=level), "returned None for")


def test_the_harder_version_tries_boards_larger_than_the_easier_one() -> None:
    assert check_completion_function(gives_up_past_5, level="easier")
    rejected(check_completion_function(gives_up_past_5, level="harder"), "returned None for a 7 x 7 puzzle")


@pytest.mark.parametrize("level", ["hard", None, 2, "Easier"])
def test_a_version_that_does_not_exist_is_a_broken_exercise(level: Any) -> None:
    with pytest.raises(ValueError, match="level must be one of 'easier', 'harder'"):
        check_completion_function(fail_first, level=level)


@pytest.mark.parametrize("seed", range(8))
def test_the_blocked_board_keeps_the_rules_and_has_no_completion(seed: int) -> None:
    board = _blocked_cell(random.Random(seed))
    read_board(board)  # no two givens clash
    assert sum(tile is not None for row in board for tile in row) == 7
    assert TownSearch(board).count(limit=1) == 0
    blocked = [
        (r, k)
        for r, k in product(range(7), repeat=2)
        if board[r][k] is None and not any(fits(board, (r, k), (a, b)) for a, b in product(range(7), repeat=2))
    ]
    assert len(blocked) == 1 and blocked[0][0] >= 4, blocked  # one doomed cell, low enough for reading order


def test_drawn_blocked_boards_differ() -> None:
    boards = {str(_blocked_cell(random.Random(seed))) for seed in range(10)}
    assert len(boards) == 10


# --- lesson 04-2, exercise 1: a count, easier (4 x 4, 12) and harder (5 x 5) ------------------------------------------
BOARD_5 = [[[i, i] for i in range(5)]] + [[None] * 5 for _ in range(4)]


def test_the_harder_count_is_judged_by_value() -> None:
    truth = TownSearch(BOARD_5).count()
    assert check_completion_count(BOARD_5, truth)
    assert check_completion_count(BOARD_5, float(truth))


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (12, "is not the right number"),  # the easier version's answer
        (6912 // 576 * 5, "is not the right number"),
        (math.factorial(20), "hint: 2432902008176640000 = 20! is the number of ways"),
        (str(TownSearch(BOARD_5).count()), "is text, not a number"),
    ],
)
def test_wrong_harder_counts_are_refused_without_a_direction(answer: Any, words: str) -> None:
    verdict = check_completion_count(BOARD_5, answer)
    rejected(verdict, words)
    assert "too" not in str(verdict)  # never "too small" or "too large": no bisecting


# --- lesson 02-2, exercise 2: squares with a fixed first row, easier (order 4) and harder (order 6) -------------------
@cache
def reduced_squares(n: int) -> int:
    """The Latin squares of order n whose first row and first column read 0, ..., n-1, counted cell by cell."""
    grid = [list(range(n))] + [[r] + [-1] * (n - 1) for r in range(1, n)]

    def fill(cell: int) -> int:
        if cell == n * n:
            return 1
        r, k = divmod(cell, n)
        if r == 0 or k == 0:
            return fill(cell + 1)
        total = 0
        for symbol in range(n):
            if symbol not in grid[r][:k] and all(grid[above][k] != symbol for above in range(r)):
                grid[r][k] = symbol
                total += fill(cell + 1)
        grid[r][k] = -1
        return total

    return fill(0)


@pytest.mark.parametrize("n", [4, 6])
def test_both_versions_of_the_first_row_count_accept_the_count(n: int) -> None:
    truth = reduced_squares(n) * math.factorial(n - 1)
    assert check_first_row_count(n, truth)
    assert check_first_row_count(n, Fraction(truth))


@pytest.mark.parametrize(
    "wrong",
    [
        lambda reduced: reduced,  # the reduced squares alone
        lambda reduced: reduced * math.factorial(6),  # every square, first row free: n!, not (n-1)!
        lambda reduced: reduced * math.factorial(5) + 1,
        lambda reduced: 1344,  # the lesson's own order 5
    ],
)
def test_wrong_counts_of_the_harder_version_are_refused_without_a_direction(wrong: Any) -> None:
    verdict = check_first_row_count(6, wrong(reduced_squares(6)))
    rejected(verdict, "is not the right number")
    assert "too" not in str(verdict)


# --- lesson 02-3, exercise 1: the row-by-row chance, easier (order 3) and harder (order 6) ----------------------------
def cyclic(n: int) -> list[list[int]]:
    return [[(r + k) % n for k in range(n)] for r in range(n)]


def row_by_row(square: list[list[int]]) -> Fraction:
    """The product over the rows of 1 / (the permutations that clash with no column above)."""
    n, chance = len(square), Fraction(1)
    for r in range(n):
        chance /= sum(
            all(row[k] != above[k] for above in square[:r] for k in range(n)) for row in permutations(range(n))
        )
    return chance


@pytest.mark.parametrize("n", [3, 6])
def test_both_versions_of_the_row_by_row_chance_accept_it_in_any_form(n: int) -> None:
    truth = row_by_row(cyclic(n))
    for form in (
        truth,
        float(truth),
        np.float64(truth),
        np.float32(truth),
        Decimal(truth.numerator) / truth.denominator,
    ):
        assert check_row_by_row_probability(cyclic(n), form), form


@pytest.mark.parametrize(
    ("wrong", "words"),
    [
        (Fraction(1, 812851200), "is one over the number of Latin squares of order 6"),  # the uniform chance
        (Fraction(1, 720**6), "is not the right number"),  # every row drawn among all permutations
        (Fraction(1, 432), "is not the right number"),  # the lesson's order 4
        ("1/610560000", "is text, not a number"),
    ],
)
def test_wrong_chances_of_the_harder_version_are_refused(wrong: Any, words: str) -> None:
    verdict = check_row_by_row_probability(cyclic(6), wrong)
    rejected(verdict, words)
    assert "too small" not in str(verdict) and "too large" not in str(verdict)


def test_a_rounded_harder_chance_is_refused_like_any_decimal() -> None:
    rounded = round(float(row_by_row(cyclic(6))), 12)
    rejected(check_row_by_row_probability(cyclic(6), rounded), "give the chance exactly")


# --- lesson 06-1: the legal actions of a turn, easier (2 players) and harder (4 players) ---------------------------
def four_player_turn() -> littletown.State:
    """The harder version's position: players 0, 1 and 2 each placed a worker on the first free space."""
    game = littletown.new_game(players=4, seed=42)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
        game.apply(littletown.Done())
    return game


def test_the_harder_legal_move_count_is_the_free_grass_and_the_construction_site() -> None:
    game = four_player_turn()
    placements = [action for action in game.legal_actions() if isinstance(action, littletown.PlaceWorker)]
    first = littletown.new_game(players=4, seed=42).legal_actions()[:3]
    occupied = {tuple(action.cell) for action in first if isinstance(action, littletown.PlaceWorker)}
    assert not occupied & {tuple(action.cell) for action in placements}  # the three workers' spaces are taken
    truth = len(placements) + 1  # player 3 can pay for a building: the construction site is open
    assert check_legal_move_count(game, np.int64(truth))
    for wrong in (truth - 1, truth + 1, truth + 2):  # the site forgotten, or the taken spaces counted
        verdict = check_legal_move_count(game, wrong)
        rejected(verdict, "is not the right number")
        assert "too" not in str(verdict)


# --- lesson 06-2: Wilson's interval, easier (10 in 10) and harder (5 in 5, from the formula) ----------------------
def wilson_at_one(games: int) -> tuple[float, float]:
    """Wilson's 95% interval when every game was won: [n / (n + z^2), 1]."""
    z = 1.959963984540054
    return games / (games + z * z), 1.0


@pytest.mark.parametrize("games", [10, 5])
def test_both_versions_accept_wilsons_interval_written_from_the_formula(games: int) -> None:
    low, high = wilson_at_one(games)
    assert check_win_rate_interval(games, games, (low, high))
    assert check_win_rate_interval(games, games, [np.float32(round(low, 2)), Fraction(1)])


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ((1.0, 1.0), "has no width"),  # the textbook interval, collapsed at 100%
        (wilson_at_one(10), "is off"),  # the easier version's interval
        ((0.48, 1.0), "is off"),  # neither Wilson's interval nor the normal one
        (("0.57", "1"), "text"),
    ],
)
def test_wrong_intervals_of_the_harder_version_are_refused(answer: Any, words: str) -> None:
    rejected(check_win_rate_interval(5, 5, answer), words)


# --- lesson 05-1: the hidden hands, easier (one hand, 2 players) and harder (two hands sharing the unseen tiles) -----
def three_player_view() -> Any:
    return town.new_game("town55", players=3, seed=2).view(0)


def hidden_by_colour(view: Any) -> list[tuple[int, list[int]]]:
    """For each colour: the tiles of it the viewer cannot see, and each hand's face-down tiles of it."""
    data = view.to_dict()
    seen = {tuple(c) for row in data["board"] for c in row if isinstance(c, list)}
    seen |= {tuple(t) for hand in data["hands"] for t in hand if t[1] is not None}
    return [
        (
            data["n"] - sum(1 for c, _ in seen if c == colour),
            [sum(1 for c, s in hand if c == colour and s is None) for hand in data["hands"]],
        )
        for colour in range(data["n"])
    ]


def test_the_harder_hidden_hands_count_is_a_multinomial_colour_by_colour() -> None:
    truth = math.prod(
        math.factorial(unseen) // math.prod(math.factorial(h) for h in [*hidden, unseen - sum(hidden)])
        for unseen, hidden in hidden_by_colour(three_player_view())
    )
    assert check_hidden_hands_count(three_player_view(), truth)
    assert check_hidden_hands_count(three_player_view(), np.float64(truth))


@pytest.mark.parametrize(
    "wrong",
    [
        lambda shares: math.prod(math.comb(u, h) for u, hidden in shares for h in hidden),  # the same tiles twice
        lambda shares: math.prod(math.perm(u, sum(hidden)) for u, hidden in shares),  # hands in order
        lambda shares: math.prod(math.comb(u, hidden[1]) for u, hidden in shares),  # player 1's hand only
    ],
)
def test_wrong_counts_of_the_harder_hidden_hands_are_refused(wrong: Any) -> None:
    verdict = check_hidden_hands_count(three_player_view(), wrong(hidden_by_colour(three_player_view())))
    rejected(verdict, "is not the right number")
    assert "too" not in str(verdict)


# --- lesson 01, exercise 1: the legal moves, easier (Town 44) and harder (Town 66, flips included) -----------------
def lookahead_position(rules: str) -> Any:
    """Deal 5 after three moves of lesson 01's player, which keeps the most moves open."""
    position = town.new_solo(rules, seed=5)
    for _ in range(3):
        position.apply(max(position.legal_actions(), key=lambda action: moves_after(position, action)))
    return position


def test_the_harder_legal_move_count_includes_the_flips() -> None:
    position = lookahead_position("town66")
    placements = [action for action in position.legal_actions() if not action.flip]
    flips = [action for action in position.legal_actions() if action.flip]
    assert flips and position.to_dict()["flips_left"] > 0  # the harder version's point: some moves are flips
    assert check_legal_move_count(position, len(placements) + len(flips))
    for wrong in (len(placements), len(placements) + 2 * len(flips)):  # flips forgotten, or counted twice
        rejected(check_legal_move_count(position, wrong), "is not the right number")


# --- lesson 02-1, exercise 1: complete a layout, easier (5 x 5) and harder (7 x 7, 21 givens) ----------------------
GIVENS_7 = [[(3 * r + k) % 7 if (r + 2 * k) % 7 < 3 else None for k in range(7)] for r in range(7)]


def test_the_harder_layout_accepts_any_latin_completion_that_keeps_its_givens() -> None:
    pattern = [[(3 * r + k) % 7 for k in range(7)] for r in range(7)]
    assert sum(cell is not None for row in GIVENS_7 for cell in row) == 21
    assert check_latin_square(pattern, givens=GIVENS_7)
    assert check_latin_square(np.array(pattern), givens=GIVENS_7)


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ([[(r + k) % 7 for k in range(7)] for r in range(7)], "is given as"),  # Latin, but not the givens
        ([[cell if cell is not None else 0 for cell in row] for row in GIVENS_7], "times"),  # blanks filled with 0
        ([[(3 * r + k) % 7 for k in range(7)] for r in range(6)], "6 rows, but it needs 7"),  # a row short
    ],
)
def test_wrong_completions_of_the_harder_layout_are_refused(answer: Any, words: str) -> None:
    rejected(check_latin_square(answer, givens=GIVENS_7), words)


# --- lesson 05-3: your own agent, easier (beat random) and harder (beat greedy) -------------------------------------
def test_the_easier_versions_model_agent_is_not_shown_better_than_greedy() -> None:
    """Lesson 01's lookahead, the easier version's model answer (accepted against random in
    test_exercises_wrong_answers.py), places about as many tiles as greedy: the harder version's comparison (the
    checker's own, on fixed deals here so that the verdict is the same every run) refuses it, saying why."""
    refusal = not_shown_better(Lookahead(), "greedy", seed=0)
    assert refusal is not None and "does not show it better" in refusal and "the greedy agent" in refusal, refusal


# --- lesson 05-4: how many games, easier (around 50%) and harder (around 25%, a 4-player game's share) --------------
def fewest_games(margin: float, rate: float) -> tuple[int, int]:
    """The fewest games by the normal approximation, and by Wilson's half width, written out here."""
    z = 1.959963984540054
    normal = math.ceil(z * z * rate * (1 - rate) / margin**2)
    wilson = next(
        n
        for n in range(1, normal + 1)
        if z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n) <= margin
    )
    return normal, wilson


@pytest.mark.parametrize(("rate", "counts"), [(0.5, (385, 381)), (0.25, (289, 286))])
def test_both_versions_of_the_games_needed_accept_either_count_in_any_form(rate: float, counts: tuple) -> None:
    assert fewest_games(0.05, rate) == counts
    for count in counts:
        for form in (count, float(count), np.int32(count), np.int64(count), Fraction(count), Decimal(count)):
            assert check_games_needed(0.05, form, rate=rate), form
    assert check_games_needed(0.05, 385) and not check_games_needed(0.05, 289)  # the default rate is 1/2


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (385, "is not the right number"),  # the widest case: enough games, but not the fewest
        (381, "is not the right number"),  # Wilson's count of the widest case
        (288, "is not the right number"),  # 288.1 rounded down: its half width is just over 5%
        (287, "is not the right number"),  # between Wilson's count and the normal one
        (285, "is not the right number"),
        (73, "is not the right number"),  # 1/16 for p (1 - p), or half the margin squared forgotten
        (577, "is not the right number"),  # p (1 - p) taken as 3/8
        (288.1, "whole number"),
        ("288", "text"),
    ],
)
def test_wrong_counts_of_the_harder_games_needed_are_refused_without_a_direction(answer: Any, words: str) -> None:
    verdict = check_games_needed(0.05, answer, rate=0.25)
    rejected(verdict, words)
    assert "25%" in str(verdict) and not any(word in str(verdict) for word in ("too", "more", "fewer", "289", "286"))


@pytest.mark.parametrize("rate", [0, 1, 1.5, -0.25, True, "0.25", None])
def test_a_rate_that_is_not_a_probability_is_a_broken_exercise(rate: Any) -> None:
    with pytest.raises(ValueError, match="the rate must be a number between 0 and 1"):
        check_games_needed(0.05, 289, rate=rate)


# --- lesson 03-1: a Graeco-Latin square, easier (order 5, the recipe mod 5) and harder (order 4, GF(4)'s tables) ---
def gf4_pair(k: int) -> tuple[Grid, Grid]:
    """The squares x + y and k x + y computed with the tables of GF(4)."""
    add, multiply = latin.galois_field_tables(4)
    colours = [[add[x][y] for y in range(4)] for x in range(4)]
    return colours, [[add[multiply[k][x]][y] for y in range(4)] for x in range(4)]


def test_the_harder_graeco_latin_square_of_order_4_is_built_from_gf4s_tables() -> None:
    assert check_graeco_latin(*gf4_pair(2), n=4)
    colours, shapes = gf4_pair(3)  # k = 3: 3 and 3 - 1 = 2 are nonzero too
    assert check_graeco_latin(np.array(colours), np.array(shapes), n=4)


@pytest.mark.parametrize(
    ("pair", "words"),
    [
        ((cyclic(4), [[(2 * x + y) % 4 for y in range(4)] for x in range(4)]), "column 0 holds shape 0 twice"),  # mod 4
        ((cyclic(5), [[(2 * x + y) % 5 for y in range(5)] for x in range(5)]), "has 5 rows, but it needs 4"),  # easier
        (gf4_pair(1), "the pair (0, 0) appears 4 times"),  # k = 1: k - 1 = 0 cannot be divided by
        (gf4_pair(0), "column 0 holds shape 0 4 times"),  # k = 0: the shapes ignore the row
    ],
)
def test_wrong_pairs_of_order_4_are_refused(pair: tuple[Grid, Grid], words: str) -> None:
    rejected(check_graeco_latin(*pair, n=4), words)


# --- lesson 03-3, exercise 2: a Town 66 city, easier (34 tiles, 2 holes) and harder (30 tiles, 6 holes) -----------
#: The lesson's 34-tile Town 66 city, max_town_tiles(6).board (a certificate found by search in about 10 s).
CITY_34: Grid = [
    [[0, 0], [1, 1], [2, 2], [3, 3], [4, 4], [5, 5]],
    [[1, 2], [2, 5], [5, 4], [0, 1], [3, 0], [4, 3]],
    [[3, 4], [5, 3], [4, 1], [1, 5], [0, 2], [2, 0]],
    [[4, 5], [3, 2], [0, 3], [5, 0], [2, 1], [1, 4]],
    [[2, 3], [0, 4], [1, 0], [4, 2], None, [3, 1]],
    [[5, 1], [4, 0], [3, 5], [2, 4], [1, 3], None],
]


def renamed(colours: list[int], shapes: list[int], emptied: frozenset[tuple[int, int]] = frozenset()) -> Grid:
    """The lesson's city with its colours and shapes renamed, and the cells ``emptied`` emptied."""
    return [
        [
            None if tile is None or (r, k) in emptied else [colours[tile[0]], shapes[tile[1]]]
            for k, tile in enumerate(row)
        ]
        for r, row in enumerate(CITY_34)
    ]


EASIER_CITY = renamed([3, 5, 0, 1, 4, 2], [2, 0, 5, 4, 1, 3])
HARDER_CITY = renamed([1, 4, 2, 5, 0, 3], [4, 2, 0, 3, 5, 1], frozenset({(0, 1), (0, 4), (2, 4), (3, 1)}))


def laid(city: Grid, tiles: tuple[tuple[int, int], ...]) -> tuple[Grid, dict[tuple[int, int], tuple[int, int]]]:
    """The missing tiles in the holes in reading order: whole where they fit, turned over where their shape clashes."""
    board, hidden = [row.copy() for row in city], {}
    holes = [(r, k) for r, k in product(range(6), repeat=2) if city[r][k] is None]
    for (r, k), (colour, shape) in zip(holes, tiles, strict=True):
        line = [tile for tile in city[r] if tile] + [row[k] for row in city if row[k]]
        if any(tile[1] == shape for tile in line):
            board[r][k], hidden[(r, k)] = [colour, None], (colour, shape)
        else:
            board[r][k] = [colour, shape]
    return board, hidden


def completions(city: Grid) -> list[tuple[Grid, dict[tuple[int, int], tuple[int, int]]]]:
    on_board = {tuple(tile) for row in city for tile in row if tile}
    missing = [(c, s) for c, s in product(range(6), repeat=2) if (c, s) not in on_board]
    return [
        (board, hidden)
        for board, hidden in (laid(city, tiles) for tiles in permutations(missing))
        if check_town_board(board, tiles=36, flips=2, hidden=hidden, givens=city)
    ]


def test_the_harder_city_has_more_than_one_completion_and_each_is_accepted() -> None:
    ways = completions(HARDER_CITY)
    assert len(ways) == 2 and len({str(hidden) for _board, hidden in ways}) == 2  # the flips go to other cells
    assert len(completions(EASIER_CITY)) == 1


def test_wrong_completions_of_the_harder_city_are_refused() -> None:
    board, hidden = completions(HARDER_CITY)[0]
    easier_board, easier_hidden = completions(EASIER_CITY)[0]
    rejected(  # the easier version's answer
        check_town_board(easier_board, tiles=36, flips=2, hidden=easier_hidden, givens=HARDER_CITY), "of the given city"
    )
    swapped = [row.copy() for row in board]
    swapped[0][1], swapped[0][4] = board[0][4], board[0][1]  # the two tiles of row 0 exchanged
    rejected(check_town_board(swapped, tiles=36, flips=2, hidden=hidden, givens=HARDER_CITY), "is already in column")
    three = [row.copy() for row in board]
    r, k = next((r, k) for r, k in [(0, 1), (0, 4), (2, 4), (3, 1)] if (r, k) not in hidden)
    three[r][k] = [board[r][k][0], None]  # a tile that fits whole, turned over as well
    rejected(
        check_town_board(three, tiles=36, flips=2, hidden={**hidden, (r, k): tuple(board[r][k])}, givens=HARDER_CITY),
        "colour-only tiles, but at most 2 flips are allowed",
    )
    rejected(  # the tiles turned over left unsaid
        check_town_board(board, tiles=36, flips=2, hidden={}, givens=HARDER_CITY), "must name the tile turned over"
    )


# --- lesson 07-1: a least-squares fit, easier (one count, no bias), harder (a bias, counts that move together) --------
def slope(X: np.ndarray, G: np.ndarray) -> float:  # the easier version's model answer
    return float(X[:, 0] @ G / (X[:, 0] @ X[:, 0]))


def with_bias(X: np.ndarray, G: np.ndarray) -> np.ndarray:  # the harder version's
    return np.linalg.lstsq(np.column_stack([np.ones(len(X)), X]), G, rcond=None)[0]


def ridge(X: np.ndarray, G: np.ndarray) -> np.ndarray:  # lesson 07-1's section 2, on a column of ones and the counts
    A = np.column_stack([np.ones(len(X)), X])
    return np.linalg.solve(A.T @ A + 1e-6 * np.eye(A.shape[1]), A.T @ G)


@pytest.mark.parametrize(
    "form",
    [
        lambda w: w,
        lambda w: [w],
        lambda w: (w,),
        lambda w: np.float32(w),
        lambda w: np.array([[w]]),
        lambda w: (x for x in [w]),
        lambda w: Decimal(repr(w)),
    ],
    ids=["float", "list", "tuple", "float32", "column", "generator", "Decimal"],
)
def test_the_easier_fit_is_accepted_in_any_numeric_form(form: Any) -> None:
    verdict = check_least_squares(lambda X, G: form(slope(X, G)))
    assert verdict, str(verdict)


@pytest.mark.parametrize("fit", [with_bias, ridge, lambda X, G: list(np.float32(with_bias(X, G)))])
def test_the_harder_fit_accepts_any_weights_of_least_error(fit: Any) -> None:
    verdict = check_least_squares(fit, level="harder")
    assert verdict, str(verdict)


def test_the_easier_versions_fit_is_refused_by_the_harder_one() -> None:
    rejected(check_least_squares(slope, level="harder"), "for a bias and 1 weight")
    rejected(check_least_squares(lambda X, G: with_bias(X, G)[1:], level="harder"), "for a bias and 1 weight")


@pytest.mark.parametrize(
    "fit",
    [
        lambda X, G: [0.0] * X.shape[1],  # the placeholder's kind
        lambda X, G: [G.mean() / X[:, 0].mean()],  # the ratio of the means
        lambda X, G: [X[:, 0] @ G / len(G)],  # no division by the sum of squares
        lambda X, G: [slope(X, G) * 1.001],  # close, but not the least
    ],
)
def test_wrong_easier_fits_are_refused_without_a_direction(fit: Any) -> None:
    rejected(check_least_squares(fit), "its squared error is not the least: other weights fit these returns better")


@pytest.mark.parametrize(
    ("fit", "words"),
    [
        (lambda X, G: np.concatenate([[G.mean()], with_bias(X, G)[1:]]), "its squared error is not the least"),
        (lambda X, G: np.roll(with_bias(X, G), -1), "its squared error is not the least"),  # the bias last
        (  # each count fitted alone, with the bias of the means
            lambda X, G: [G.mean(), *(np.cov(x, G)[0, 1] / max(np.var(x, ddof=1), 1e-9) for x in X.T)],
            "its squared error is not the least",
        ),
        (lambda X, G: [0.0, *np.linalg.lstsq(X, G, rcond=None)[0]], "its squared error is not the least"),  # no bias
        (lambda X, G: [str(w) for w in with_bias(X, G)], "is text, not a number: write the number itself"),
        (lambda X, G: with_bias(X, G) * np.inf, "not finite numbers"),
        (lambda X, G: None, "it returned None"),
    ],
)
def test_wrong_harder_fits_are_refused(fit: Any, words: str) -> None:
    rejected(check_least_squares(fit, level="harder"), words)


def test_the_harder_fit_is_judged_on_counts_that_move_together() -> None:
    """Plain normal equations (no ridge) fail where a count is the sum of others or the same on every row: numpy
    refuses the singular matrix or returns weights far from the least; a ridge or lstsq is right there."""

    def normal_equations(X: np.ndarray, G: np.ndarray) -> np.ndarray:
        A = np.column_stack([np.ones(len(X)), X])
        return np.linalg.solve(A.T @ A, A.T @ G)

    seen = [check_least_squares(normal_equations, level="harder") for _ in range(8)]
    assert not all(seen)  # numpy's solve succeeds on some singular matrices, by rounding, with weights of least error
    assert all(verdict or "on counts where one is" in str(verdict) for verdict in seen)


def test_a_fit_that_looks_up_the_data_of_an_earlier_call_is_refused(tmp_path: Any) -> None:
    """The checker draws its data afresh at each call (the student's function runs in a child process: what it saw
    is kept in a file)."""
    seen = tmp_path / "seen.txt"

    def remembering(X: np.ndarray, G: np.ndarray) -> float:
        with seen.open("a") as file:
            file.write(repr(round(float(G.sum()), 6)) + "\n")
        return slope(X, G)

    def looking_up(X: np.ndarray, G: np.ndarray) -> float:
        return slope(X, G) if repr(round(float(G.sum()), 6)) in seen.read_text().split() else 0.0

    assert check_least_squares(remembering)
    rejected(check_least_squares(looking_up), "its squared error is not the least")


# --- lesson 07-2: the TD(0) update, easier (one step), harder (online along a whole game) -----------------------------
def td_step(w: np.ndarray, x: np.ndarray, y: np.ndarray | None, a: float) -> np.ndarray:
    return w + a * (1.0 + (0.0 if y is None else w @ y) - w @ x) * x


def td_game(w: np.ndarray, rows: list[np.ndarray], a: float) -> np.ndarray:  # the harder version's model answer
    for k, x in enumerate(rows):
        w = td_step(w, x, rows[k + 1] if k + 1 < len(rows) else None, a)
    return w


def test_both_td_versions_accept_their_model_answers_in_any_form() -> None:
    assert check_td_update(td_step)
    assert check_td_update(td_game, level="harder")
    assert check_td_update(lambda w, rows, a: tuple(np.float32(td_game(w, rows, a))), level="harder")


def test_the_easier_td_answer_is_refused_by_the_harder_version() -> None:
    rejected(check_td_update(td_step, level="harder"), "it raised TypeError")
    rejected(check_td_update(lambda w, rows, a: td_step(w, rows[0], None, a), level="harder"), "on a game of")


@pytest.mark.parametrize(
    ("fit", "words"),
    [
        (  # the batch update: every step from the starting weights
            lambda w, rows, a: w + sum(td_step(w, x, y, a) - w for x, y in zip(rows, [*rows[1:], None], strict=True)),
            "every step used the weights the game started with",
        ),
        (lambda w, rows, a: td_game(w, rows[::-1], a), "the weights are not those of TD(0) steps along the game"),
        (  # the steps from the end backwards
            lambda w, rows, a: [w := td_step(w, rows[k], rows[k + 1] if k + 1 < len(rows) else None, a)
                                for k in reversed(range(len(rows)))][-1],
            "from the end of the game backwards",
        ),
        (lambda w, rows, a: td_game(w, rows[:-1], a), "the weights"),  # the last move left out
        (lambda w, rows, a: None, "it returned None"),
    ],
)  # fmt: skip
def test_wrong_td_games_are_refused(fit: Any, words: str) -> None:
    rejected(check_td_update(fit, level="harder"), words)
