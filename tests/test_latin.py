"""Tests of townwidget.latin against OEIS values, brute force and the definitions."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations, permutations, product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from townwidget.latin import (
    MAX_CUBE_ORDER,
    IncidenceCube,
    are_orthogonal,
    count_latin_squares,
    euler_36_officers,
    galois_field_tables,
    graeco_latin_square,
    is_latin_square,
    is_reduced,
    latin_square_classes,
    max_disjoint_transversals,
    orthogonal_mate,
    orthogonal_pairs,
    random_latin_square,
    reduce,
    reduced_latin_squares,
    superimpose,
    transversals,
)
from townwidget.search import ExactCover

Square = list[list[int]]

REDUCED_A000315 = [1, 1, 1, 4, 56, 9408]
ALL_A002860 = [1, 2, 12, 576, 161280, 812851200]
ISOTOPY_CLASSES_A040082 = [1, 1, 1, 2, 2, 22]
MAIN_CLASSES_A003090 = [1, 1, 1, 2, 2, 12]
MAX_TRANSVERSALS_A090741_ORDER_6 = 32


def cyclic(n: int) -> Square:
    return [[(r + c) % n for c in range(n)] for r in range(n)]


def all_latin_squares_row_by_row(n: int) -> list[Square]:
    """Every Latin square of order n, by stacking permutations as rows: independent of the library."""
    squares: list[Square] = [[]]
    for _ in range(n):
        squares = [
            square + [list(row)]
            for square in squares
            for row in permutations(range(n))
            if all(row[c] != earlier[c] for earlier in square for c in range(n))
        ]
    return squares


def brute_force_transversals(a: Square) -> list[tuple[int, ...]]:
    n = len(a)
    return [p for p in permutations(range(n)) if len({a[r][p[r]] for r in range(n)}) == n]


latin_squares = st.builds(random_latin_square, st.integers(1, 6), st.integers(0, 2**32))


# --- checking -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "square",
    [[[0]], [[0, 1], [1, 0]], cyclic(5), np.array(cyclic(4)), [[0, 2, 1], [2, 1, 0], [1, 0, 2]]],
)
def test_latin_squares_are_recognised(square: Square) -> None:
    assert is_latin_square(square)


@pytest.mark.parametrize(
    "square",
    [
        [],
        [[1]],
        [[0, 1], [0, 1]],  # a column repeats
        [[0, 0], [1, 1]],  # a row repeats
        [[0, 1, 2], [1, 2, 0]],  # not square
        [[0, 1], [1]],  # ragged
        [[1, 2], [2, 1]],  # symbols not 0..n-1
        [[0.0, 1.0], [1.0, 0.0]],  # not integers
        np.array([[0.5, 1], [1, 0.5]]),
        [["a", "b"], ["b", "a"]],
    ],
)
def test_non_latin_squares_are_rejected(square: Square) -> None:
    assert not is_latin_square(square)


def test_is_reduced() -> None:
    assert is_reduced(cyclic(5)) and is_reduced([[0]])
    assert not is_reduced([[1, 0], [0, 1]])
    assert not is_reduced([[0, 1, 2], [2, 0, 1], [1, 2, 0]])  # first column out of order
    assert not is_reduced([[0, 1], [0, 1]])  # not Latin


def test_orthogonality_and_superimposition() -> None:
    a = cyclic(3)
    b = [[0, 1, 2], [2, 0, 1], [1, 2, 0]]
    assert are_orthogonal(a, b) and are_orthogonal(np.array(b), a)
    assert not are_orthogonal(a, a)
    assert not are_orthogonal(a, cyclic(4))
    assert not are_orthogonal([[0, 1], [0, 1]], [[0, 1], [1, 0]])
    board = superimpose(a, b)
    assert board[2] == [(2, 1), (0, 2), (1, 0)]
    assert all(isinstance(x, int) for row in superimpose(np.array(a), np.array(b)) for tile in row for x in tile)
    with pytest.raises(ValueError):
        superimpose(a, cyclic(4))


@settings(max_examples=60, deadline=None)
@given(latin_squares)
def test_reduce_gives_a_reduced_isotope_by_row_and_column_moves(square: Square) -> None:
    reduced = reduce(np.array(square))
    assert is_reduced(reduced) and all(type(x) is int for row in reduced for x in row)
    # Some column permutation of the square has the same rows as the result, possibly in another order.
    target = sorted(map(tuple, reduced))
    n = len(square)
    assert any(sorted(tuple(row[k] for k in order) for row in square) == target for order in permutations(range(n)))
    assert reduce(reduced) == reduced


def test_reduce_rejects_non_latin_squares() -> None:
    with pytest.raises(ValueError, match="Latin"):
        reduce([[0, 1], [0, 1]])


# --- enumeration and counting ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 7))
def test_counts_match_oeis(n: int) -> None:
    assert count_latin_squares(n, reduced=True) == REDUCED_A000315[n - 1]
    assert count_latin_squares(n) == ALL_A002860[n - 1]


@pytest.mark.parametrize("n", range(1, 5))
def test_counts_match_an_independent_enumeration(n: int) -> None:
    everything = all_latin_squares_row_by_row(n)
    assert count_latin_squares(n) == len(everything)
    assert count_latin_squares(n, reduced=True) == sum(map(is_reduced, everything))


@pytest.mark.parametrize("n", range(1, 6))
def test_reduced_squares_are_distinct_reduced_and_sorted(n: int) -> None:
    squares = list(reduced_latin_squares(n))
    assert all(map(is_reduced, squares))
    assert squares == sorted(squares) and len({str(s) for s in squares}) == len(squares)


def test_counting_refuses_order_7_and_quotes_the_known_value() -> None:
    with pytest.raises(ValueError, match="16942080.*61479419904000"):
        count_latin_squares(7)


@pytest.mark.parametrize("n", [0, -1])
def test_bad_orders_are_rejected(n: int) -> None:
    for function in (count_latin_squares, random_latin_square, graeco_latin_square, latin_square_classes):
        with pytest.raises(ValueError):
            function(n)


# --- random squares -------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 9), st.integers(0, 2**32))
def test_random_squares_are_latin_and_reproducible(n: int, seed: int) -> None:
    square = random_latin_square(n, seed)
    assert is_latin_square(square) and all(type(x) is int for row in square for x in row)
    assert random_latin_square(n, np.random.default_rng(seed)) == random_latin_square(n, np.random.default_rng(seed))
    assert random_latin_square(n, seed) == square


def chi_square_critical_value(degrees: int, z: float = 4.5) -> float:
    """Wilson-Hilferty approximation of the chi-square quantile at a normal z (4.5: p about 3e-6)."""
    return degrees * (1 - 2 / (9 * degrees) + z * math.sqrt(2 / (9 * degrees))) ** 3


@pytest.mark.parametrize(("n", "samples"), [(3, 1200), (4, 5760)])
def test_random_squares_are_uniform(n: int, samples: int) -> None:
    rng = np.random.default_rng(20240601 + n)
    seen = Counter(str(random_latin_square(n, rng)) for _ in range(samples))
    total = count_latin_squares(n)
    expected = samples / total
    statistic = sum((seen[str(s)] - expected) ** 2 / expected for s in all_latin_squares_row_by_row(n))
    assert sum(seen.values()) == samples and len(seen) <= total
    assert statistic < chi_square_critical_value(total - 1)


def line_sums(cube: IncidenceCube) -> set[int]:
    """The sums of the 3 n^2 lines of the cube (two coordinates fixed, the third varying)."""
    n, sums = cube.n, set()
    for a, b in product(range(n), repeat=2):
        sums |= {sum(cube.entry(x, a, b) for x in range(n)), sum(cube.entry(a, x, b) for x in range(n))}
        sums.add(sum(cube.entry(a, b, x) for x in range(n)))
    return sums


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**32), st.integers(1, 60))
def test_every_move_of_the_incidence_cube_keeps_every_line_sum_one(n: int, seed: int, moves: int) -> None:
    cube = IncidenceCube(n, random.Random(seed))
    for _ in range(moves):
        cube.move()
        assert line_sums(cube) == {1}
        entries = [cube.entry(r, c, s) for r, c, s in product(range(n), repeat=3)]
        assert entries.count(-1) == (cube.improper is not None)
        if cube.improper is not None:
            assert cube.entry(*cube.improper) == -1
    while cube.improper is not None:
        cube.move()
    assert is_latin_square(cube.square())


def test_a_move_from_a_square_of_order_2_gives_the_other_square() -> None:
    cube = IncidenceCube(2, random.Random(3))
    for expected in ([[1, 0], [0, 1]], [[0, 1], [1, 0]], [[1, 0], [0, 1]]):
        cube.move()
        assert cube.improper is None and cube.square() == expected


def test_an_incidence_cube_refuses_bad_orders_choosers_cells_and_improper_squares() -> None:
    with pytest.raises(ValueError, match=f"the order n must be an integer from 1 to {MAX_CUBE_ORDER}, not 0"):
        IncidenceCube(0, random.Random(1))
    with pytest.raises(ValueError, match="the order n must be an integer"):
        IncidenceCube(MAX_CUBE_ORDER + 1, random.Random(1))
    with pytest.raises(TypeError, match="chooser must be a random.Random"):
        IncidenceCube(3, np.random.default_rng(1))  # type: ignore[arg-type]
    cube = IncidenceCube(3, random.Random(1))
    with pytest.raises(ValueError, match="symbol must be an integer from 0 to 2, not 3"):
        cube.entry(0, 0, 3)
    while cube.improper is None:
        cube.move()
    with pytest.raises(ValueError, match="the state is improper"):
        cube.square()


# --- finite fields and Graeco-Latin squares -------------------------------------------------------------


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 16, 25, 27])
def test_galois_field_axioms(q: int) -> None:
    add, mul = galois_field_tables(q)
    elements = range(q)
    assert is_latin_square(add) and add[0] == list(elements)
    assert all(add[x][y] == add[y][x] and mul[x][y] == mul[y][x] for x, y in product(elements, repeat=2))
    assert mul[0] == [0] * q and mul[1] == list(elements)
    nonzero = [[mul[x][y] - 1 for y in range(1, q)] for x in range(1, q)]
    assert is_latin_square(nonzero), "every non-zero element has an inverse and there are no zero divisors"
    for x, y, z in product(elements, repeat=3):
        assert mul[x][add[y][z]] == add[mul[x][y]][mul[x][z]]
        assert mul[x][mul[y][z]] == mul[mul[x][y]][z] and add[x][add[y][z]] == add[add[x][y]][z]


def test_galois_field_has_the_right_characteristic() -> None:
    add, _ = galois_field_tables(9)
    assert all(add[add[x][x]][x] == 0 for x in range(9)), "x + x + x = 0 in characteristic 3"
    add, _ = galois_field_tables(8)
    assert all(add[x][x] == 0 for x in range(8))


@pytest.mark.parametrize("q", [1, 6, 10, 12])
def test_no_field_of_non_prime_power_order(q: int) -> None:
    with pytest.raises(ValueError, match="prime power"):
        galois_field_tables(q)


@pytest.mark.parametrize("n", [1, 3, 4, 5, 7, 8, 9, 12, 15])
def test_graeco_latin_squares(n: int) -> None:
    a, b = graeco_latin_square(n)
    assert is_latin_square(a) and is_latin_square(b) and are_orthogonal(a, b)
    tiles = [tile for row in superimpose(a, b) for tile in row]
    assert sorted(tiles) == list(product(range(n), repeat=2))


def test_order_7_is_a_complete_town_board() -> None:
    board = superimpose(*graeco_latin_square(7))
    assert len(board) == 7 and len({tile for row in board for tile in row}) == 49
    for line in [*board, *zip(*board, strict=True)]:
        assert len({colour for colour, _ in line}) == 7 and len({shape for _, shape in line}) == 7


def brute_force_complete_boards(n: int) -> set[tuple[tuple[int, int], ...]]:
    """Every n x n grid of the n^2 tiles with no colour and no shape twice in a row or a column (cells row by row)."""
    lines = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    return {
        grid
        for grid in permutations(product(range(n), repeat=2))
        if all(len({grid[i][part] for i in line}) == n for line in lines for part in (0, 1))
    }


@pytest.mark.parametrize("n", [1, 2, 3])
def test_orthogonal_pairs_are_the_complete_boards(n: int) -> None:
    pairs = orthogonal_pairs(n)
    boards = {tuple(tile for row in superimpose(a, b) for tile in row) for a, b in pairs}
    assert len(boards) == len(pairs)
    assert boards == brute_force_complete_boards(n)


def test_orthogonal_pairs_of_order_4_match_a_search_over_all_squares() -> None:
    """Renaming the symbols of ``a`` maps its mates one to one, so the squares whose first row is 0 1 2 3 give
    the count divided by 4! (and each pair listed must be orthogonal, once)."""
    squares = all_latin_squares_row_by_row(4)
    first_rows_fixed = [a for a in squares if a[0] == [0, 1, 2, 3]]
    count = sum(are_orthogonal(a, b) for a in first_rows_fixed for b in squares) * math.factorial(4)
    pairs = orthogonal_pairs(4)
    assert len(pairs) == count == 6912
    assert all(is_latin_square(a) and is_latin_square(b) and are_orthogonal(a, b) for a, b in pairs)
    assert len({(str(a), str(b)) for a, b in pairs}) == len(pairs)


@pytest.mark.parametrize("n", [0, 5, 2.5, "4"])
def test_orthogonal_pairs_are_listed_up_to_order_4(n: object) -> None:
    with pytest.raises(ValueError, match="the order of orthogonal_pairs must be an integer from 1 to 4"):
        orthogonal_pairs(n)  # type: ignore[arg-type]


def test_order_2_has_no_graeco_latin_square() -> None:
    with pytest.raises(ValueError, match="order 2") as raised:
        graeco_latin_square(2)
    squares = all_latin_squares_row_by_row(2)
    assert not any(are_orthogonal(a, b) for a in squares for b in squares), "the message must be true"
    assert "[[0, 1], [1, 0]]" in str(raised.value)


def test_order_6_names_euler_and_tarry() -> None:
    with pytest.raises(ValueError, match="Euler.*36 officers.*Tarry.*1900"):
        graeco_latin_square(6)


@pytest.mark.parametrize("n", [10, 14])
def test_orders_2_mod_4_beyond_6_are_not_constructed(n: int) -> None:
    with pytest.raises(ValueError, match="Bose, Shrikhande and Parker"):
        graeco_latin_square(n)


# --- transversals and orthogonal mates ------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(latin_squares)
def test_transversals_match_brute_force(square: Square) -> None:
    assert transversals(np.array(square)) == brute_force_transversals(square)


@pytest.mark.parametrize("n", [2, 4, 6, 8])
def test_cyclic_squares_of_even_order_have_no_transversal(n: int) -> None:
    assert transversals(cyclic(n)) == []
    assert orthogonal_mate(cyclic(n)) is None
    assert max_disjoint_transversals(cyclic(n)) == 0


@pytest.mark.parametrize("n", [3, 5, 7])
def test_cyclic_squares_of_odd_order_have_mates(n: int) -> None:
    mate = orthogonal_mate(cyclic(n))
    assert mate is not None and are_orthogonal(cyclic(n), mate)


@pytest.mark.parametrize("n", [3, 4, 5, 7, 8, 9])
def test_orthogonal_mate_of_field_squares(n: int) -> None:
    a, _ = graeco_latin_square(n)
    mate = orthogonal_mate(a)
    assert mate is not None and is_latin_square(mate) and are_orthogonal(a, mate)
    assert max_disjoint_transversals(a) == n


def brute_force_max_disjoint(square: Square) -> int:
    found = brute_force_transversals(square)
    cells = [{(r, c) for r, c in enumerate(t)} for t in found]
    for size in range(len(square), 0, -1):
        for chosen in combinations(cells, size):
            if len(set().union(*chosen)) == size * len(square):
                return size
    return 0


@settings(max_examples=40, deadline=None)
@given(st.builds(random_latin_square, st.integers(1, 5), st.integers(0, 2**32)))
def test_max_disjoint_transversals_and_mates_match_brute_force(square: Square) -> None:
    best = brute_force_max_disjoint(square)
    assert max_disjoint_transversals(square) == best
    mate = orthogonal_mate(square)
    assert (mate is not None) == (best == len(square))
    assert mate is None or are_orthogonal(square, mate)


def test_transversal_functions_reject_non_latin_squares() -> None:
    for function in (transversals, orthogonal_mate, max_disjoint_transversals):
        with pytest.raises(ValueError):
            function([[0, 1], [0, 1]])


# --- classes and Euler's 36 officers --------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 7))
def test_class_counts_match_oeis(n: int) -> None:
    isotopy, main = latin_square_classes(n, up_to="isotopy"), latin_square_classes(n)
    assert len(isotopy) == ISOTOPY_CLASSES_A040082[n - 1]
    assert len(main) == MAIN_CLASSES_A003090[n - 1]
    for representatives in (isotopy, main):
        assert all(map(is_reduced, representatives))
        assert representatives == sorted(representatives) and len({str(r) for r in representatives}) == len(
            representatives
        )
    assert {str(r) for r in main} <= {str(r) for r in isotopy}, "each main class's least square is an isotopy rep"


def test_order_4_classes_differ_in_transversals() -> None:
    counts = sorted(len(transversals(r)) for r in latin_square_classes(4))
    assert counts == [0, 8], "the cyclic group of order 4 versus the Klein four-group"


def test_class_enumeration_is_limited_to_order_6() -> None:
    with pytest.raises(ValueError):
        latin_square_classes(7)
    with pytest.raises(ValueError):
        latin_square_classes(4, up_to="conjugacy")  # type: ignore[arg-type]


def test_euler_36_officers() -> None:
    evidence = euler_36_officers()
    assert evidence.has_mate is False
    assert (evidence.reduced_squares, evidence.isotopy_classes, evidence.main_classes) == (9408, 22, 12)
    assert evidence.squares_checked == len(evidence.representatives) == 12
    assert evidence.max_disjoint_transversals == 4 == max(evidence.disjoint_transversals)
    assert 0 in evidence.transversal_counts and max(evidence.transversal_counts) == MAX_TRANSVERSALS_A090741_ORDER_6
    assert 0 < evidence.seconds < 60
    for representative, count, disjoint in zip(
        evidence.representatives, evidence.transversal_counts, evidence.disjoint_transversals, strict=True
    ):
        assert is_reduced(representative)
        assert len(brute_force_transversals([list(row) for row in representative])) == count
        assert max_disjoint_transversals(representative) == disjoint
        assert orthogonal_mate(representative) is None


def test_no_reduced_square_of_order_6_has_a_mate() -> None:
    """The direct check, independent of the class computation: each of the 9408 reduced squares."""
    counts: Counter[int] = Counter()
    for square in reduced_latin_squares(6):
        found = transversals(square)
        counts[len(found)] += 1
        split_into_transversals = ExactCover(list(product(range(6), repeat=2)), {t: list(enumerate(t)) for t in found})
        assert split_into_transversals.first() is None
    assert sum(counts.values()) == 9408 and max(counts) == MAX_TRANSVERSALS_A090741_ORDER_6 and 0 in counts
