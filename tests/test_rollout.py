"""Tests of the compiled heuristic rollouts: they move in lock-step with the plain search's rollouts, leave the
state alone, and the expert's rollout picks the compiled one that applies."""

from __future__ import annotations

import pytest

from townwidget import town
from townwidget.agents import make_agent
from townwidget.agents.mcts import ROLLOUT_DEPTH, _Search
from townwidget.core import Rng
from townwidget.solvers import rollout, value

pytestmark = pytest.mark.skipif(not value.COMPILED, reason="the compiled rollouts need numba")


def greedy_positions(rules: str, deals: range) -> list[town.SoloState]:
    """Every position of greedy games (Town 66: flips played, then none left; the last one over)."""
    states = []
    for deal in deals:
        game, greedy = town.new_solo(rules, seed=deal), make_agent("greedy", seed=deal)
        states.append(game.clone())
        while not game.is_terminal():
            game.apply(greedy.act(game.view(0)))
            states.append(game.clone())
    return states


@pytest.mark.parametrize(
    ("rules", "moves"), [("town44", 6), ("town55", 6), ("town66", 6), ("town66", 36), ("town77", 6)]
)
def test_a_compiled_rollout_gives_the_plain_rollouts_reward(rules: str, moves: int) -> None:
    states = greedy_positions(rules, range(3))
    assert any(state.flips_left for state in states) == (rules == "town66")
    for state in states:
        plain = _Search(Rng(0), state.view(0))
        plain.rollout_moves = moves
        expected = plain._rollout(state.clone())
        assert rollout.heuristic_rollout(state, moves) == expected, state.to_dict()


def test_a_rollout_leaves_the_state_alone() -> None:
    state = greedy_positions("town66", range(1))[5]
    before = state.to_dict()
    rollout.heuristic_rollout(state, ROLLOUT_DEPTH)
    assert state.to_dict() == before


def test_the_expert_rolls_out_on_the_learned_value_where_it_applies_else_on_the_heuristic() -> None:
    town77, town66 = greedy_positions("town77", range(1))[10], greedy_positions("town66", range(1))[10]
    learned = value.learned_rollout(town77, ROLLOUT_DEPTH)
    assert learned is not None and rollout.search_rollout(town77, ROLLOUT_DEPTH) == learned
    assert rollout.search_rollout(town66, ROLLOUT_DEPTH) == rollout.heuristic_rollout(town66, ROLLOUT_DEPTH)
    assert value.learned_rollout(town66, ROLLOUT_DEPTH) is None
    multi = town.new_game("town44", players=2, seed=0)
    assert rollout.search_rollout(multi, ROLLOUT_DEPTH) is None  # the search's own rollouts run there
