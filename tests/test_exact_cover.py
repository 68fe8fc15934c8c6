"""Tests of the dancing-links exact cover solver, mostly against brute force over all subsets of rows."""

from __future__ import annotations

from collections.abc import Hashable
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from townwidget.search import ExactCover, TraceStep

Instance = tuple[list[int], list[int], dict[int, list[int]]]


@st.composite
def instances(draw: st.DrawFn) -> Instance:
    """Up to 6 primary and 3 secondary columns, and up to 10 random rows (possibly repeated), each with a
    primary column and up to 3 more columns."""
    primary = list(range(draw(st.integers(0, 6))))
    secondary = list(range(10, 10 + draw(st.integers(0, 3))))
    row_count = draw(st.integers(0, 10)) if primary else 0
    rows = {}
    for name in range(row_count):
        others = draw(st.lists(st.sampled_from(primary + secondary), unique=True, max_size=3))
        rows[name] = list(dict.fromkeys([draw(st.sampled_from(primary)), *others]))
    return primary, secondary, rows


def brute_force(primary: list[int], secondary: list[int], rows: dict[int, list[int]]) -> set[frozenset[int]]:
    """Every set of rows covering each primary column exactly once and each secondary one at most once."""
    found = set()
    for size in range(len(rows) + 1):
        for chosen in combinations(rows, size):
            covered = [column for name in chosen for column in rows[name]]
            if sorted(c for c in covered if c in primary) == primary and len(set(covered)) == len(covered):
                found.add(frozenset(chosen))
    return found


@settings(max_examples=300, deadline=None)
@given(instances())
def test_solutions_match_brute_force(instance: Instance) -> None:
    primary, secondary, rows = instance
    solutions = list(ExactCover(primary, rows, secondary).solutions())
    as_sets = {frozenset(solution) for solution in solutions}
    assert len(as_sets) == len(solutions), "a solution was reported twice"
    assert as_sets == brute_force(primary, secondary, rows)


@settings(max_examples=100, deadline=None)
@given(instances(), st.integers(0, 5))
def test_count_first_and_limit(instance: Instance, limit: int) -> None:
    primary, secondary, rows = instance
    problem = ExactCover(primary, rows, secondary)
    total = len(brute_force(primary, secondary, rows))
    assert problem.count() == total
    assert problem.count(limit=limit) == min(limit, total)
    assert len(list(problem.solutions(limit=limit))) == min(limit, total)
    first = problem.first()
    assert (first is None) == (total == 0)
    if first is not None:
        assert frozenset(first) in brute_force(primary, secondary, rows)


def replay(steps: list[TraceStep], problem: ExactCover[int], rows: dict[int, list[int]]) -> int:
    """Check a trace step by step against the rules; return the number of solutions it reports."""
    partial: list[Hashable] = []
    candidates_at: dict[int, tuple[Hashable, ...]] = {}
    solutions = 0
    for step in steps:
        if step.action == "choose":
            assert step.depth == len(partial)
            covered = {c for name in partial for c in rows[name]}  # type: ignore[index]
            assert step.column not in covered
            assert all(step.column in rows[name] for name in step.rows)  # type: ignore[index]
            candidates_at[step.depth] = step.rows
        elif step.action == "select":
            assert step.depth == len(partial)
            assert step.rows[0] in candidates_at[step.depth]
            partial.append(step.rows[0])
        elif step.action == "retreat":
            assert step.depth == len(partial) - 1 and partial.pop() == step.rows[0]
        else:
            assert step.action == "solution" and list(step.rows) == partial
            solutions += 1
    return solutions


@settings(max_examples=150, deadline=None)
@given(instances())
def test_trace_is_well_formed(instance: Instance) -> None:
    primary, secondary, rows = instance
    problem = ExactCover(primary, rows, secondary)
    steps = problem.trace(max_steps=100_000)
    assert steps, "even an empty search reports something"
    assert steps[0].action == ("choose" if primary else "solution")
    assert replay(steps, problem, rows) == len(brute_force(primary, secondary, rows))
    selects = sum(step.action == "select" for step in steps)
    assert selects == sum(step.action == "retreat" for step in steps), "a complete search retreats from every row"


def test_trace_caps_and_stops_at_limit() -> None:
    rows = {(r, c): [("row", r), ("column", c)] for r in range(4) for c in range(4)}
    problem = ExactCover([("row", k) for k in range(4)] + [("column", k) for k in range(4)], rows)
    assert problem.count() == 24
    assert len(problem.trace(max_steps=7)) == 7
    assert problem.trace(max_steps=0) == [] == problem.trace(limit=0)
    limited = problem.trace(limit=2)
    assert [step.action for step in limited].count("solution") == 2 and limited[-1].action == "solution"


def test_dead_end_is_a_choose_without_candidates() -> None:
    problem = ExactCover("abc", {"x": "ab", "y": "bc"})
    steps = problem.trace()
    assert problem.first() is None
    assert any(step.action == "choose" and step.rows == () for step in steps)


def test_minimum_remaining_values_column_is_chosen_first() -> None:
    problem = ExactCover("abc", {"x": "a", "y": "ab", "z": "ac", "w": "bc", "v": "b"})
    first = problem.trace(max_steps=1)[0]
    assert first == TraceStep("choose", 0, "c", ("z", "w"))


def test_searches_are_independent() -> None:
    problem = ExactCover("ab", {"x": "a", "y": "b", "xy": "ab"})
    abandoned = problem.solutions()
    assert next(abandoned) == ["x", "y"]
    assert problem.count() == 2
    assert list(abandoned) == [["xy"]]


def test_secondary_columns_may_stay_uncovered() -> None:
    problem = ExactCover("ab", {"x": ["a", "s"], "y": ["a"], "z": ["b", "s"], "w": ["b"]}, secondary=["s"])
    assert sorted(map(sorted, problem.solutions())) == [["w", "x"], ["w", "y"], ["y", "z"]]


@pytest.mark.parametrize(
    ("columns", "rows", "secondary", "message"),
    [
        ("ab", {"x": "ac"}, (), "unknown"),
        ("ab", {"x": "aa"}, (), "twice"),
        ("ab", {}, "b", "distinct"),
        ("a", {"x": "s"}, "s", "no primary"),
        ("a", {"x": ""}, "", "no primary"),
    ],
)
def test_bad_problems_are_rejected(columns: str, rows: dict[str, str], secondary: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ExactCover(columns, rows, secondary)


def test_negative_limits_are_rejected() -> None:
    problem = ExactCover("a", {"x": "a"})
    with pytest.raises(ValueError):
        problem.count(limit=-1)
    with pytest.raises(ValueError):
        problem.trace(max_steps=-1)
