"""Lesson 03, Euler's 36 officers: the checkers of its exercises."""

from __future__ import annotations

import random
import secrets
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from townwidget import latin
from townwidget.core.errors import IllegalAction
from townwidget.exercises.common import (
    NO_ANSWER,
    Grid,
    Verdict,
    _check_order,
    _exercise_square,
    _latin_problems,
    _listed,
    _plain,
    _read_number,
    _times,
)
from townwidget.exercises.running import lesson_helpers, run_cases
from townwidget.search import (
    placement_order,
    read_board,
    replay,
)
from townwidget.town import Board


def _pair_problems(first: Grid, second: Grid) -> list[str]:
    """Every pair (first[r][k], second[r][k]) that occurs more than once, with its cells."""
    where: dict[tuple[int, int], list[str]] = defaultdict(list)
    for r, (row_a, row_b) in enumerate(zip(first, second, strict=True)):
        for k, pair in enumerate(zip(row_a, row_b, strict=True)):
            where[pair].append(f"[{r}, {k}]")
    return [
        f"the pair {pair} appears {_times(len(cells))} (cells {_listed(cells)})"
        for pair, cells in sorted(where.items())
        if len(cells) > 1
    ]


def _order_of(answer: Any) -> int | None:
    return len(answer) if isinstance(answer, list) and answer else None


def check_graeco_latin(colours: Any, shapes: Any, n: int | None = None) -> Verdict:
    """Whether ``colours`` and ``shapes`` are two orthogonal Latin squares of order n: a full Town board.

    Each must be a Latin square (no colour, no shape twice in a row or column), and superimposed they must show
    every pair (colour, shape) once, as a board shows every tile once. ``n`` defaults to the size of ``colours``.

    >>> print(check_graeco_latin([[0, 1, 2], [1, 2, 0], [2, 0, 1]], [[0, 1, 2], [2, 0, 1], [1, 2, 0]]))
    Right: it is two orthogonal Latin squares of order 3 (a full Town board).
    >>> print(check_graeco_latin([[0, 1, 2], [1, 2, 0], [2, 0, 1]], [[0, 1, 2], [1, 2, 0], [2, 0, 1]]))
    Not yet right: it should be two orthogonal Latin squares of order 3 (a full Town board).
    - the pair (0, 0) appears three times (cells [0, 0], [1, 2] and [2, 1])
    - the pair (1, 1) appears three times (cells [0, 1], [1, 0] and [2, 2])
    - the pair (2, 2) appears three times (cells [0, 2], [1, 1] and [2, 0])
    """
    colours, shapes = _plain(colours), _plain(shapes)
    order = n if n is not None else _order_of(colours)
    if order is None:
        return Verdict("two orthogonal Latin squares (a full Town board)", (NO_ANSWER,))
    order = _check_order(order)
    task = f"two orthogonal Latin squares of order {order} (a full Town board)"
    colour_grid, problems = _latin_problems(colours, order, "the colour square", "colour")
    shape_grid, shape_problems = _latin_problems(shapes, order, "the shape square", "shape")
    problems = list(dict.fromkeys(problems + shape_problems))  # two missing squares need saying once
    if colour_grid is not None and shape_grid is not None and not problems:
        problems = _pair_problems(colour_grid, shape_grid)
    return Verdict(task, tuple(problems))


def check_transversal(square: Any, columns: Any) -> Verdict:
    """Whether ``columns`` (the column chosen in row 0, 1, ..., n-1) is a transversal of the Latin square ``square``:
    one cell in each row and each column, holding n different symbols.

    >>> square = [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    >>> print(check_transversal(square, [0, 1, 2]))
    Right: it is a transversal of the given square: one cell per row and column, no symbol twice.
    >>> print(check_transversal(square, [0, 1, 1]))
    Not yet right: it should be a transversal of the given square: one cell per row and column, no symbol twice.
    - rows 1 and 2 both use column 1
    - symbol 0 appears twice (cells [0, 0] and [2, 1])
    """
    rows = _exercise_square(square, "the square")
    n = len(rows)
    task = "a transversal of the given square: one cell per row and column, no symbol twice"
    answer = _plain(columns)
    if answer is None:
        return Verdict(task, (NO_ANSWER,))
    if not isinstance(answer, list | tuple) or len(answer) != n:
        return Verdict(task, (f"expected a list of {n} columns, one for each row, not {answer!r}",))
    chosen: list[tuple[int, int]] = []
    problems: list[str] = []
    for r, value in enumerate(answer):
        column, problem = _read_number(value, n - 1, f"the column for row {r} is", "column")
        if problem or column is None:
            problems.append(str(problem))
        else:
            chosen.append((r, column))
    by_column: dict[int, list[int]] = defaultdict(list)
    by_symbol: dict[int, list[str]] = defaultdict(list)
    for r, column in chosen:
        by_column[column].append(r)
        by_symbol[rows[r][column]].append(f"[{r}, {column}]")
    problems += [
        f"rows {_listed(used)} {'both' if len(used) == 2 else 'all'} use column {column}"
        for column, used in sorted(by_column.items())
        if len(used) > 1
    ]
    problems += [
        f"symbol {symbol} appears {_times(len(cells))} (cells {_listed(cells)})"
        for symbol, cells in sorted(by_symbol.items())
        if len(cells) > 1
    ]
    return Verdict(task, tuple(problems))


#: What the function form of :func:`check_orthogonal_mate` forbids: the package's own search for a mate.
MATE_HELPERS = ((latin.orthogonal_mate, "latin.orthogonal_mate"), (latin.transversals, "latin.transversals"))
_KLEIN = [[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 0, 1], [3, 2, 1, 0]]


def _shuffled(square: Grid, rng: random.Random) -> Grid:
    """``square`` with its rows, columns and symbols permuted at random: it has a mate exactly when ``square`` has."""
    n = len(square)
    rows, columns, symbols = (rng.sample(range(n), n) for _ in range(3))
    return [[symbols[square[r][k]] for k in columns] for r in rows]


def _mate_cases(rng: random.Random) -> list[tuple[str, Grid, bool]]:
    """The squares a student's ``find_mate`` is tried on, drawn afresh: (description, square, whether it has a
    mate). The cyclic squares of even order have none (no transversal at all)."""
    cyclic = [[[(r + k) % n for k in range(n)] for r in range(n)] for n in range(8)]
    return [
        ("a square of order 3", _shuffled(cyclic[3], rng), True),
        ("a square of order 4 without a mate", _shuffled(cyclic[4], rng), False),
        ("a square of order 4 with a mate", _shuffled(_KLEIN, rng), True),
        ("a square of order 5", _shuffled(cyclic[5], rng), True),
        ("a square of order 6", _shuffled(cyclic[6], rng), False),
        ("a square of order 7", _shuffled(cyclic[7], rng), True),
    ]


def check_orthogonal_mate(square: Any, mate: Any) -> Verdict:
    """Whether ``mate`` is a Latin square orthogonal to the Latin square ``square``: together a full board.

    The harder version of the exercise passes a function instead: ``find_mate(square)`` must return a mate of any
    square, or ``None`` when it has none. It is tried on squares of orders 3 to 7 drawn afresh at each call (so
    ``square`` serves only as the first of them), some with no mate; while it runs, the package's own
    :func:`~townwidget.latin.orthogonal_mate` and :func:`~townwidget.latin.transversals` raise, by whatever name they
    are reached (:mod:`~townwidget.exercises.running`): the exercise is to write the search.

    >>> square = [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    >>> print(check_orthogonal_mate(square, [[0, 1, 2], [2, 0, 1], [1, 2, 0]]))
    Right: it is a Latin square orthogonal to the given one.
    >>> print(check_orthogonal_mate(square, [[0, 1, 2], [2, 0, 1], [2, 1, 0]]))
    Not yet right: it should be a Latin square orthogonal to the given one.
    - column 0 holds symbol 2 twice (rows 1 and 2)
    - column 1 holds symbol 1 twice (rows 0 and 2)
    >>> print(check_orthogonal_mate(square, lambda square: latin.orthogonal_mate(square)))
    Not yet right: it should be a function that returns a Latin square orthogonal to any given one, or None.
    - it calls latin.orthogonal_mate on the given square: the exercise asks you to write that part yourself
    """
    rows = _exercise_square(square, "the square")
    if callable(mate):
        return _check_mate_function(rows, mate)
    task = "a Latin square orthogonal to the given one"
    grid, problems = _latin_problems(mate, len(rows), "your mate")
    if grid is not None and not problems:
        problems = _pair_problems(rows, grid)
    return Verdict(task, tuple(problems))


def _check_mate_function(given: Grid, find_mate: Any) -> Verdict:
    """The harder version of :func:`check_orthogonal_mate`: a function judged on fresh squares."""
    task = "a function that returns a Latin square orthogonal to any given one, or None"
    cases = [("the given square", given, True), *_mate_cases(random.Random(secrets.randbits(64)))]
    squares = {description: (grid, has_mate) for description, grid, has_mate in cases}
    forbidden = [*MATE_HELPERS, *lesson_helpers(find_mate, ("orthogonal_mate",))]
    problems = []
    for outcome in run_cases(find_mate, [(d, grid) for d, grid, _has in cases], _plain, forbidden):
        grid, has_mate = squares[outcome.description]
        failure = outcome.failure()
        if failure is None and outcome.value is None and has_mate:
            failure = f"it returned None for {outcome.description}, which has a mate"
        elif failure is None and outcome.value is not None:
            found, wrong = _latin_problems(outcome.value, len(grid), "its mate")
            wrong = wrong or (_pair_problems(grid, found) if found is not None else [])
            if wrong:
                failure = f"its answer for {outcome.description} is wrong: {wrong[0]}"
        problems += [failure] if failure else []
        if outcome.forbidden:  # once is enough to say
            break
    return Verdict(task, tuple(problems))


def check_bachelor_square(square: Any, n: int | None = None) -> Verdict:
    """Whether ``square`` is a Latin square (of order n) that has no orthogonal mate (a "bachelor" square).

    Searched with :func:`townwidget.latin.orthogonal_mate`; when a mate exists, the verdict says so without showing
    it (a mate is the answer to another exercise).

    >>> print(check_bachelor_square([[0, 1, 2, 3], [1, 2, 3, 0], [2, 3, 0, 1], [3, 0, 1, 2]]))
    Right: it is a Latin square of order 4 with no orthogonal mate.
    >>> print(check_bachelor_square([[0, 1, 2], [1, 2, 0], [2, 0, 1]]))
    Not yet right: it should be a Latin square of order 3 with no orthogonal mate.
    - it has an orthogonal mate, so it is not a bachelor: a square with a mate splits into 3 disjoint transversals
    """
    square = _plain(square)
    order = n if n is not None else _order_of(square)
    if order is None:
        return Verdict("a Latin square with no orthogonal mate", (NO_ANSWER,))
    order = _check_order(order)
    task = f"a Latin square of order {order} with no orthogonal mate"
    grid, problems = _latin_problems(square, order)
    if grid is not None and not problems and latin.orthogonal_mate(grid) is not None:
        problems.append(
            f"it has an orthogonal mate, so it is not a bachelor: a square with a mate splits into {order} "
            "disjoint transversals"
        )
    return Verdict(task, tuple(problems))


def _read_hidden(hidden: Any) -> tuple[dict[tuple[int, int], tuple[int, int]] | None, str | None]:
    """The tiles turned over, as {cell: tile} with tuples: from a mapping or (cell, tile) pairs, lists or tuples."""
    if hidden is None:
        return {}, None
    try:
        pairs = hidden.items() if isinstance(hidden, Mapping) else hidden
        return {tuple(_plain(cell)): tuple(_plain(tile)) for cell, tile in _plain(pairs)}, None
    except (TypeError, ValueError):
        return (
            None,
            f"hidden should map each colour-only cell (row, column) to its tile (colour, shape), not {hidden!r}",
        )


def _exercise_city(givens: Any) -> Board:
    """The city an exercise gives (a board's JSON form), read by the engine: ValueError if it is broken."""
    try:
        return read_board(_plain(givens))
    except (ValueError, TypeError) as error:
        raise ValueError(f"the given city is not a Town board: {error}") from None


def _changed_cells(city: Board, built: Board) -> list[str]:
    """Every tile of the given city that the answer does not keep in its cell."""
    if built.n != city.n:
        return [f"the given city is {city.n} x {city.n}, but your board is {built.n} x {built.n}"]
    given, answer = city.to_lists(), built.to_lists()
    return [
        f"cell [{r}, {k}] of the given city holds {tile}, but your board has {answer[r][k]} there"
        for r, row in enumerate(given)
        for k, tile in enumerate(row)
        if tile is not None and answer[r][k] != tile
    ]


def check_town_board(board: Any, tiles: int, flips: int = 0, hidden: Any = None, givens: Any = None) -> Verdict:
    """Whether ``board`` (a board's JSON form) holds ``tiles`` tiles or more and can be built by legal placements,
    at most ``flips`` of them flips. With ``givens`` (the city of the exercise, ``None`` in its empty cells), it
    must also keep every given tile in its cell: it completes that city, not any other.

    A colour-only cell ``[c, None]`` is a flip: ``hidden`` maps its cell to the tile turned over there, which must
    be on the board nowhere else and must conflict by its shape when placed (the Town 66 solo rule). The board is
    read by :func:`~townwidget.search.read_board` and an order of moves is found by
    :func:`~townwidget.search.placement_order`, then played through the engine, so the problems are the
    engine's own words.

    >>> print(check_town_board([[[0, 0], [1, 1]], [[1, 1], None]], tiles=3))
    Not yet right: it should be a Town board of 3 tiles or more, built by legal placements with no flip.
    - cell [1, 0]: tile [1, 1] is already at [0, 1]
    >>> print(check_town_board([[[0, 0], [1, None]], [None, [0, 1]]], tiles=3, flips=1, hidden={(0, 1): (1, 0)}))
    Right: it is a Town board of 3 tiles or more, built by legal placements with at most 1 flip.
    >>> print(check_town_board([[[1, 1], [0, 0]], [None, None]], tiles=2, givens=[[[0, 0], [1, 1]], [None, None]]))
    Not yet right: it should be a Town board of 2 tiles or more that completes the given city, built by legal \
placements with no flip.
    - cell [0, 0] of the given city holds [0, 0], but your board has [1, 1] there
    - cell [0, 1] of the given city holds [1, 1], but your board has [0, 0] there
    """
    for name, value in (("tiles", tiles), ("flips", flips)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"{name} must be an integer >= 0, not {value!r}")
    allowed = "no flip" if flips == 0 else f"at most {flips} flip{'s' if flips > 1 else ''}"
    city = None if givens is None else _exercise_city(givens)
    keeps = "," if city is None else " that completes the given city,"
    task = f"a Town board of {tiles} tiles or more{keeps} built by legal placements with {allowed}"
    grid = _plain(board)
    if grid is None:
        return Verdict(task, (NO_ANSWER,))
    try:
        built = read_board(grid)
    except (ValueError, TypeError) as error:
        return Verdict(task, (str(error),))
    problems = [] if city is None else _changed_cells(city, built)
    if built.placed() < tiles:
        problems.append(f"the board holds {built.placed()} tiles, not {tiles}")
    turned = sum(isinstance(cell, tuple) and cell[1] is None for cell in built.cells)
    if turned > flips:
        problems.append(
            f"the board has {turned} colour-only tiles, but {allowed} {'is' if flips < 2 else 'are'} allowed"
        )
    cells_hidden, problem = _read_hidden(hidden)
    if problem or cells_hidden is None:
        return Verdict(task, (*problems, problem or NO_ANSWER))
    if problems:
        return Verdict(task, tuple(problems))
    try:
        replay(placement_order(grid, cells_hidden), built.n, flips)
    except (ValueError, TypeError) as error:  # IllegalAction is a ValueError too: both say what is wrong
        problems.append(str(error) if not isinstance(error, IllegalAction) else f"the engine refused: {error}")
    return Verdict(task, tuple(problems))
