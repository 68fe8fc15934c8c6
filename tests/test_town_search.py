"""Town board search: completions against brute force and dancing links, the largest boards (certificates replayed by
the engine), puzzles and their checker, traces and their playback."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from itertools import permutations
from typing import Any

import pytest

from townwidget import town
from townwidget.core.rng import Rng
from townwidget.search import (
    SearchStep,
    TownPuzzle,
    TownSearch,
    backtrack,
    check_answer,
    filmstrip_svg,
    largest,
    max_town_tiles,
    placement_order,
    puzzles,
    random_town_board,
    read_board,
    replay,
    town_puzzle,
    trace_frames,
    trace_svgs,
)

Grid = list[list[Any]]


# --- an independent brute force ---------------------------------------------------------------------------------
def obeys_lines(grid: Grid) -> bool:
    """No colour twice in a row or column, no shape twice (colour-only tiles have no shape), no whole tile twice."""
    lines = [list(row) for row in grid] + [list(column) for column in zip(*grid, strict=True)]
    for line in lines:
        colours = [cell[0] for cell in line if isinstance(cell, list)]
        shapes = [cell[1] for cell in line if isinstance(cell, list) and cell[1] is not None]
        if len(set(colours)) != len(colours) or len(set(shapes)) != len(shapes):
            return False
    whole = [tuple(cell) for row in grid for cell in row if isinstance(cell, list) and cell[1] is not None]
    return len(set(whole)) == len(whole)


def brute_force_completions(grid: Grid, leave_empty: tuple[tuple[int, int], ...] = ()) -> list[Grid]:
    """Every way to put unused tiles on the empty cells (but ``leave_empty``) that obeys the lines."""
    n = len(grid)
    empty = [(r, k) for r in range(n) for k in range(n) if grid[r][k] is None and (r, k) not in leave_empty]
    used = {tuple(cell) for row in grid for cell in row if isinstance(cell, list) and cell[1] is not None}
    unused = [[c, s] for c in range(n) for s in range(n) if (c, s) not in used]
    found = []
    for chosen in permutations(unused, len(empty)):
        candidate = [row.copy() for row in grid]
        for (r, k), tile in zip(empty, chosen, strict=True):
            candidate[r][k] = tile
        if obeys_lines(candidate):
            found.append(candidate)
    return found


def first_row_normalised(n: int) -> Grid:
    return [[[i, i] for i in range(n)]] + [[None] * n for _ in range(n - 1)]


def partial_board(n: int, holes: int, seed: int) -> Grid:
    rng = random.Random(seed)
    board = random_town_board(n, seed)
    for r, k in rng.sample([(r, k) for r in range(n) for k in range(n)], holes):
        board[r][k] = None
    return board


# --- completions ------------------------------------------------------------------------------------------------
def test_every_full_3x3_board_is_counted_as_brute_force_counts_them() -> None:
    empty: Grid = [[None] * 3 for _ in range(3)]
    brute = brute_force_completions(empty)
    search = TownSearch(empty)
    assert len(brute) == 72
    assert search.count() == 72 and search.exact_cover().count() == 72
    assert sorted(map(str, search.solutions())) == sorted(map(str, brute))


@pytest.mark.parametrize("seed", range(12))
def test_partial_boards_match_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.choice([3, 4])
    holes = rng.randrange(2, 6)
    board = partial_board(n, 0, seed)
    for r, k in rng.sample([(r, k) for r in range(n) for k in range(n)], holes):
        board[r][k] = None
    for r, k in rng.sample([(r, k) for r in range(n) for k in range(n)], 2):
        if board[r][k] is not None:
            board[r][k] = None  # more freedom: several completions, or none
    empties = [(r, k) for r in range(n) for k in range(n) if board[r][k] is None]
    for leave in ((), (empties[0],)):
        brute = brute_force_completions(board, leave)
        found = list(TownSearch(board, leave_empty=leave).solutions())
        assert sorted(map(str, found)) == sorted(map(str, brute))


def test_colour_only_and_blank_cells_block_what_the_engine_says() -> None:
    board: Grid = [[[0, 0], [1, None], None], ["blank", None, None], [None, None, None]]
    found = list(TownSearch(board).solutions())
    assert len(found) == 4 and sorted(map(str, found)) == sorted(map(str, brute_force_completions(board)))
    assert all(grid[0][2][0] == 2 and grid[1][0] == "blank" for grid in found)  # colour 1 is taken in row 0


def test_exact_cover_and_backtracker_agree_on_larger_boards() -> None:
    for seed in range(6):
        board = partial_board(5, 15, seed)
        search = TownSearch(board)
        assert search.count() == search.exact_cover().count()


@pytest.mark.parametrize("n, count", [(3, 2), (4, 12), (5, 432)])
def test_a_board_one_tile_short_always_extends(n: int, count: int) -> None:
    """The lemma behind max_town_tiles(6) = 34: leaving one cell empty gives exactly as many boards as filling it."""
    full = TownSearch(first_row_normalised(n))
    one_short = TownSearch(first_row_normalised(n), leave_empty=[(n - 1, n - 1)])
    assert full.count() == one_short.count() == count


@pytest.mark.parametrize("n", [3, 4, 5, 7])
def test_the_missing_tile_fits_the_empty_cell(n: int) -> None:
    board = random_town_board(n, seed=n)
    for r, k in [(0, 0), (n - 1, n - 1), (n // 2, 1)]:
        short = [row.copy() for row in board]
        short[r][k] = None
        assert TownSearch(short).solve(limit=2)[0] == [board]


def test_statistics_and_solve_describe_the_same_search() -> None:
    board = partial_board(4, 10, seed=2)
    found, stats = TownSearch(board).solve()
    assert stats == TownSearch(board).statistics() and len(found) == stats.solutions
    assert stats.nodes >= stats.guesses + stats.dead_ends


def test_repeatable_cells_may_repeat_a_tile() -> None:
    board: Grid = [[[0, 0], [1, 1]], [None, None]]
    assert TownSearch(board).count() == 0
    found = TownSearch(board, repeatable=[(1, 0), (1, 1)]).first()
    assert found == [[[0, 0], [1, 1]], [[1, 1], [0, 0]]]


@pytest.mark.parametrize(
    "board, match",
    [
        ([[None]], "a board must be a list of n rows"),
        ([[None, None], [None]], "must have 2 cells in every row"),
        ([[[0, 0], [0, 1]], [None, None]], r"cell \[0, 1\]: colour 0 is already in row 0"),
        ([[[0, 0], None], [[1, 0], None]], r"cell \[1, 0\]: shape 0 is already in column 0 \(at \[0, 0\]\)"),
        ([[[0, 0], None], [None, [0, 0]]], r"tile \[0, 0\] is already at \[0, 0\]"),
        ([[[0, 2], None], [None, None]], r"cell \[0, 0\]: expected null"),
        ([[True, None], [None, None]], r"cell \[0, 0\]: expected null"),
    ],
)
def test_bad_boards_are_refused_naming_the_cell(board: Any, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        read_board(board)


def test_bad_search_arguments_are_refused() -> None:
    board: Grid = [[[0, 0], None], [None, None]]
    with pytest.raises(ValueError, match=r"leave_empty: \[0, 0\] is not an empty cell"):
        TownSearch(board, leave_empty=[(0, 0)])
    with pytest.raises(ValueError, match="both left empty and repeatable"):
        TownSearch(board, leave_empty=[(1, 1)], repeatable=[(1, 1)])
    with pytest.raises(ValueError, match="a cell is"):
        TownSearch(board, repeatable=["a1"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="limit"):
        TownSearch(board).count(limit=-1)
    with pytest.raises(ValueError, match="max_steps"):
        TownSearch(board).trace(max_steps=-1)


# --- traces -----------------------------------------------------------------------------------------------------
def test_a_trace_is_well_formed_and_replays_into_its_solutions() -> None:
    board = partial_board(4, 11, seed=5)
    search = TownSearch(board)
    steps = search.trace()
    frames = trace_frames(board, steps)
    solutions = [frame for step, frame in zip(steps, frames[1:], strict=True) if step.action == "solution"]
    assert solutions == list(search.solutions())
    placed: list[SearchStep] = []
    for step in steps:
        assert step.depth == len(placed) - (step.action == "retreat")
        if step.action == "place":
            assert step.options >= 1 and step.unit
            placed.append(step)
        elif step.action == "retreat":
            last = placed.pop()
            assert (step.cell, step.tile, step.unit) == (last.cell, last.tile, last.unit)
        elif step.action == "solution":
            assert step.depth == 11
    assert not placed and frames[-1] == board  # the search ends where it began


def test_a_trace_stops_at_its_limits() -> None:
    board = partial_board(4, 11, seed=5)
    first = TownSearch(board).trace(limit=1)
    assert first[-1].action == "solution" and trace_frames(board, first)[-1] == TownSearch(board).first()
    assert len(TownSearch(board).trace(max_steps=3)) == 3


def test_dead_ends_name_the_constraint_that_failed() -> None:
    board: Grid = [[[0, 0], [1, 1]], [None, None]]
    assert TownSearch(board).trace() == [SearchStep("dead end", 0, (1, 0), None, 0, "cell [1, 0]")]


def test_an_exact_cover_trace_plays_back_on_the_board() -> None:
    board = partial_board(4, 10, seed=1)
    cover_steps = TownSearch(board).exact_cover().trace(limit=1)
    assert trace_frames(board, cover_steps)[-1] == TownSearch(board).first()
    pictures = trace_svgs(board, cover_steps)
    assert len(pictures) == len(cover_steps) + 1 and "branch on" in pictures[1]


def test_svg_frames_and_filmstrip() -> None:
    board = partial_board(3, 4, seed=0)
    steps = TownSearch(board).trace(limit=1)
    pictures = trace_svgs(board, steps)
    assert len(pictures) == len(steps) + 1 and all(p.startswith("<svg") for p in pictures)
    assert 'stroke="#d62728"' in pictures[1]  # the cell of the first step is outlined
    strip = filmstrip_svg(board, steps, columns=2, every=2)
    shown = len(range(0, len(pictures), 2)) + (len(pictures) % 2 == 0)
    assert strip.count('class="tw-cell"') == 9 * shown and strip.count("<svg") == shown + 1
    with pytest.raises(ValueError, match="columns and every"):
        filmstrip_svg(board, steps, columns=0)


# --- building boards by legal moves -------------------------------------------------------------------------------
def test_placement_order_and_replay_go_through_the_engine() -> None:
    board = random_town_board(5, seed=4)
    order = placement_order(board)
    state = replay(order, 5)
    assert state.board.to_lists() == board and state.is_terminal()
    assert town.from_dict(state.to_dict()).to_dict() == state.to_dict()


def test_a_flip_is_placed_only_where_its_shape_conflicts() -> None:
    board: Grid = [[[0, 0], [1, 1]], [[1, None], None]]
    assert placement_order(board, {(1, 0): (1, 0)})[-1] == town.Place((1, 0), (1, 0), 0, True)
    no_conflict: Grid = [[[0, 0], [1, 1], None], [[1, None], None, None], [None, None, None]]
    with pytest.raises(ValueError, match=r"cell \[1, 0\] cannot be placed \(a flip is only allowed where the shape"):
        placement_order(no_conflict, {(1, 0): (1, 2)})


@pytest.mark.parametrize(
    "board, hidden, match",
    [
        ([["blank", None], [None, None]], {}, "blank tile"),
        ([[[0, 0], None], [None, [1, 1]]], {}, r"no legal order builds this board: cell \[1, 1\]"),
        ([[[0, 0], [1, None]], [None, None]], {}, "'hidden' must name the tile"),
        ([[[0, 0], [1, None]], [None, None]], {(0, 1): (0, 1)}, r"must be \[1, shape\]"),
        ([[[0, 0], [1, None]], [[1, 1], None]], {(0, 1): (1, 1)}, "also stands on the board"),
    ],
)
def test_boards_no_legal_order_builds_are_refused(board: Grid, hidden: Any, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        placement_order(board, hidden)


def test_replay_refuses_an_illegal_order() -> None:
    order = [town.Place((0, 0), (0, 0), 0), town.Place((1, 1), (0, 1), 0), town.Place((1, 2), (1, 1), 0)]
    with pytest.raises(town.IllegalAction, match=r"tile \[1, 2\] at \[1, 1\]: colour 1 is already in column 1"):
        replay(order, 3)


# --- the largest boards -----------------------------------------------------------------------------------------
def deepest_game(state: town.SoloState) -> int:
    if state.is_terminal():
        return state.board.placed()
    best = state.board.placed()
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        best = max(best, deepest_game(child))  # type: ignore[arg-type]
    return best


@pytest.mark.parametrize("flips", [0, 1, 2, 3])
def test_two_by_two_maximum_matches_every_game_the_engine_allows(flips: int) -> None:
    """Independent of the search: every order of the 4 tiles as one pile, every legal move, through the engine."""
    tiles = [(c, s) for c in range(2) for s in range(2)]
    rules = town.Rules("two", 2, piles=1, flips=flips)
    best = max(deepest_game(town.SoloState(rules, Rng(0), [list(order)], flips)) for order in permutations(tiles))
    assert max_town_tiles(2, flips).tiles == best == [2, 3, 4, 4][flips]


@pytest.mark.parametrize("n, flips", [(n, f) for n in (2, 3, 4, 5, 6, 7) for f in (0, 1, 2)])
def test_every_certificate_is_replayed_by_the_engine(n: int, flips: int) -> None:
    result = max_town_tiles(n, flips)
    expected = {2: [2, 3, 4], 6: [34, 35, 36]}.get(n, [n * n] * 3)[flips]
    state = result.replay()
    assert result.tiles == expected == state.board.placed()
    assert state.board.to_lists() == result.board
    assert sum(action.flip for action in result.order) <= flips and len(result.order) == expected
    assert town.from_dict(state.to_dict()).to_dict() == state.to_dict()  # the engine's own board checks
    assert result.proof and (result.n, result.flips) == (n, flips)


def test_six_without_flips_is_34_and_no_tile_fits_either_gap() -> None:
    result = max_town_tiles(6)
    assert result.evidence is not None and not result.evidence.has_mate and result.nodes > 0
    assert "Euler" in result.proof and "35 tiles always extend to 36" in result.proof
    gaps = [(r, k) for r in range(6) for k in range(6) if result.board[r][k] is None]
    assert len(gaps) == 2
    for gap, other in (gaps, gaps[::-1]):
        assert TownSearch(result.board, leave_empty=[other]).count() == 0, f"a 35-tile board extends at {gap}"


def test_six_with_flips_covers_the_board_with_two_colour_only_tiles() -> None:
    result = max_town_tiles(6, flips=2)
    colour_only = [cell for row in result.board for cell in row if cell[1] is None]
    assert len(colour_only) == 2 and [a.flip for a in result.order[-2:]] == [True, True]
    assert max_town_tiles(6, flips=1).order == result.order[:35]


@pytest.mark.parametrize(
    "n, flips, match", [(1, 0, "n must be"), (10, 0, "at most 9"), (3, -1, "flips"), (3, True, "flips")]
)
def test_max_town_tiles_refuses_bad_arguments(n: int, flips: int, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        max_town_tiles(n, flips)


# --- puzzles ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n, holes, seed", [(3, 5, 0), (4, 12, 1), (5, 18, 2), (7, 30, 3)])
def test_puzzles_have_exactly_one_completion(n: int, holes: int, seed: int) -> None:
    puzzle = town_puzzle(n, holes, seed)
    assert sum(cell is None for row in puzzle.board for cell in row) == holes
    assert TownSearch(puzzle.board).count(limit=2) == 1
    assert TownSearch(puzzle.board).exact_cover().count(limit=2) == 1  # a second opinion
    assert TownSearch(puzzle.board).first() == puzzle.solution
    assert all(
        g is None or g == s
        for gs, ss in zip(puzzle.board, puzzle.solution, strict=True)
        for g, s in zip(gs, ss, strict=True)
    )
    stats = TownSearch(puzzle.board).statistics(limit=2)
    assert (puzzle.nodes, puzzle.guesses) == (stats.nodes, stats.guesses)
    assert puzzle.grade == ("easy" if stats.guesses == 0 else "medium" if stats.guesses <= 5 else "hard")
    assert town_puzzle(n, holes, seed) == puzzle  # the seed decides everything


def test_puzzle_grades_follow_the_search() -> None:
    easy, hard = town_puzzle(5, 10, seed=1), town_puzzle(7, 36, seed=1)
    assert easy.grade == "easy" and easy.guesses == 0 and easy.nodes == 11
    assert hard.grade == "hard" and hard.nodes > easy.nodes


@pytest.mark.parametrize(
    "n, holes, match",
    [(6, 3, "Euler"), (2, 1, "order 2"), (3, 9, "could not empty 9 cells"), (3, -1, "holes"), (4, 17, "holes")],
)
def test_impossible_puzzles_are_refused(n: int, holes: int, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        town_puzzle(n, holes, seed=0, attempts=3)


def test_random_boards_are_complete_and_depend_on_the_seed() -> None:
    boards = [random_town_board(4, seed) for seed in range(6)]
    for board in boards:
        assert obeys_lines(board) and all(cell is not None for row in board for cell in row)
    assert len({str(board) for board in boards}) == 6


def test_random_boards_reach_every_complete_3x3_board() -> None:
    every = {str(board) for board in TownSearch([[None] * 3 for _ in range(3)]).solutions()}
    assert {str(random_town_board(3, seed)) for seed in range(2000)} == every


# --- the checker --------------------------------------------------------------------------------------------------
@pytest.fixture
def puzzle() -> TownPuzzle:
    return town_puzzle(4, 8, seed=7)


def holes_of(puzzle: TownPuzzle) -> list[tuple[int, int]]:
    return [(r, k) for r in range(4) for k in range(4) if puzzle.board[r][k] is None]


def test_the_right_answer_has_no_problem(puzzle: TownPuzzle) -> None:
    assert check_answer(puzzle, puzzle.solution) == [] and check_answer(puzzle.board, puzzle.solution) == []


def test_the_checker_names_empty_and_changed_cells(puzzle: TownPuzzle) -> None:
    (r, k), *_ = holes_of(puzzle)
    answer = [row.copy() for row in puzzle.solution]
    answer[r][k] = None
    given = next((i, j) for i in range(4) for j in range(4) if puzzle.board[i][j] is not None)
    answer[given[0]][given[1]] = "blank"
    problems = check_answer(puzzle, answer)
    assert f"cell {[r, k]} is still empty" in problems
    assert any(p.startswith(f"cell {list(given)} is given as") for p in problems)


def test_the_checker_names_the_rule_and_the_clash(puzzle: TownPuzzle) -> None:
    """Two filled holes swapped: a second completion cannot exist, so some rule breaks, at or against those cells."""
    (r1, k1), (r2, k2), *_ = holes_of(puzzle)
    swapped = [row.copy() for row in puzzle.solution]
    swapped[r1][k1], swapped[r2][k2] = puzzle.solution[r2][k2], puzzle.solution[r1][k1]
    problems = check_answer(puzzle, swapped)
    assert problems and all(" is already in row " in p or " is already in column " in p for p in problems)
    assert all(str([r1, k1]) in p or str([r2, k2]) in p for p in problems)


def test_the_checker_finds_a_tile_used_twice() -> None:
    puzzle: Grid = [[[0, 0], None], [None, None]]
    problems = check_answer(puzzle, [[[0, 0], [1, 1]], [[1, 1], None]])
    assert "cell [1, 0]: tile [1, 1] is already at [0, 1] (each tile exists once)" in problems


def test_the_checker_wants_whole_tiles(puzzle: TownPuzzle) -> None:
    (r, k), *_ = holes_of(puzzle)
    answer = [row.copy() for row in puzzle.solution]
    answer[r][k] = [answer[r][k][0], None]
    assert check_answer(puzzle, answer) == [
        f"cell {[r, k]}: fill it with a whole tile [colour, shape], not {answer[r][k]!r}"
    ]
    answer[r][k] = "a house"
    assert check_answer(puzzle, answer)[0].startswith(f"cell {[r, k]}: expected null")


def test_an_answer_of_the_wrong_size_is_refused(puzzle: TownPuzzle) -> None:
    with pytest.raises(ValueError, match="4 rows of 4 cells"):
        check_answer(puzzle, [[None] * 3 for _ in range(3)])


def test_long_searches_hand_their_progress_switch_to_the_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[str, bool | None]] = []

    def spy(iterable: Iterable[Any], *, desc: str, enabled: bool | None, **options: Any) -> Iterator[Any]:
        asked.append((desc, enabled))
        yield from iterable

    for module in (backtrack, largest, puzzles):
        monkeypatch.setattr(module, "progress_bar", spy)
    TownSearch([[None] * 3 for _ in range(3)]).count(progress=True)
    town_puzzle(3, holes=2, seed=1, progress=False)
    max_town_tiles(6, progress=True)
    assert asked[0] == ("completions", True)
    assert asked[1] == ("cells tried", False)
    assert ("the largest 6 x 6 board", True) in asked
    # the searches inside the puzzle and the largest board draw no bar of their own
    assert all(enabled is False for desc, enabled in asked[1:] if desc != "the largest 6 x 6 board")
