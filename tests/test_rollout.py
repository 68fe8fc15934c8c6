"""Tests of the compiled heuristic rollouts: they move in lock-step with the plain search's rollouts (the reward,
and the generator where a move has many placements), leave the state alone, and the expert's rollout picks the
compiled one that applies."""

from __future__ import annotations

import numpy as np
import pytest

from townwidget import town
from townwidget.agents import make_agent
from townwidget.agents.expert import ExpertAgent
from townwidget.agents.mcts import ROLLOUT_CHOICES, ROLLOUT_DEPTH, ISMCTSAgent, _Search
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


def in_lock_step(state: town.SoloState, moves: int, seed: int) -> bool:
    """Asserts that the compiled rollout gives the plain one's reward and leaves the generator where it does; says
    whether the rollouts drew from it."""
    plain, rng = _Search(Rng(seed), state.view(0)), Rng(seed)
    plain.rollout_moves = moves
    expected = plain._rollout(state.clone())
    assert rollout.heuristic_rollout(state, moves, rng) == expected, state.to_dict()
    assert rng.state == plain.rng.state, state.to_dict()
    return rng.state != Rng(seed).state


@pytest.mark.parametrize(
    ("rules", "moves"), [("town44", 6), ("town55", 6), ("town66", 6), ("town66", 36), ("town77", 6)]
)
def test_a_compiled_rollout_gives_the_plain_rollouts_reward(rules: str, moves: int) -> None:
    states = greedy_positions(rules, range(3))
    assert any(state.flips_left for state in states) == (rules == "town66")
    for state in states:
        in_lock_step(state, moves, seed=0)


class Recorder:
    """A rollout that records the states it is handed and declines them (the search's own rollout runs)."""

    def __init__(self) -> None:
        self.states: list[town.SoloState] = []

    def __call__(self, state: town.State, moves: int, rng: Rng) -> list[float] | None:
        assert isinstance(state, town.SoloState)
        self.states.append(state.clone())
        return None


def test_where_a_move_has_many_placements_the_compiled_rollout_draws_the_plain_ones_sample() -> None:
    # The wide cities of a search with flips left: some rollout moves there have more than ROLLOUT_CHOICES placements.
    game, best = town.new_solo("town66", seed=0), make_agent("best", seed=1)
    while game.board.placed() < WIDE_AT:
        game.apply(best.act(game.view(0)))
    recorder = Recorder()
    ISMCTSAgent(seed=0, iterations=SEARCHED, rollout=recorder).act(game.view(0))
    drew = [in_lock_step(state, ROLLOUT_DEPTH, seed) for seed, state in enumerate(recorder.states)]
    assert rollout.CHOICES == ROLLOUT_CHOICES
    assert any(drew)


WIDE_AT, SEARCHED = 10, 300  # tiles placed before the search, its iterations


def test_the_experts_search_values_every_move_as_with_the_plain_rollouts() -> None:
    game, best = town.new_solo("town66", seed=0), make_agent("best", seed=1)
    while game.board.placed() < WIDE_AT:
        game.apply(best.act(game.view(0)))
    compiled, plain = ExpertAgent(seed=2, iterations=SEARCHED), ExpertAgent(seed=2, iterations=SEARCHED)
    plain.rollout = None  # the search's own rollouts, in Python
    assert compiled.rollout is not None
    assert compiled.decide(game.view(0)) == plain.decide(game.view(0))


@pytest.mark.parametrize("count", [1, 5, ROLLOUT_CHOICES, ROLLOUT_CHOICES + 1, 36, 97])
def test_the_compared_placements_are_the_plain_rollouts_sample(count: int) -> None:
    for seed in range(20):
        rng, stream = Rng(seed), np.array([Rng(seed).state], dtype=np.uint64)
        if count > ROLLOUT_CHOICES:  # as mcts.heuristic_move: draws with repeats, each kept once in the order drawn
            drawn = [rng.randbelow(count) for _ in range(ROLLOUT_CHOICES)]
            expected = [pick for i, pick in enumerate(drawn) if pick not in drawn[:i]]
        else:
            expected = list(range(count))
        out = np.zeros(count, dtype=np.int64)
        kept = rollout._compared(count, stream, out)
        assert list(out[:kept]) == expected
        assert int(stream[0]) == rng.state


def test_a_rollout_leaves_the_state_alone() -> None:
    state = greedy_positions("town66", range(1))[5]
    before = state.to_dict()
    rollout.heuristic_rollout(state, ROLLOUT_DEPTH, Rng(0))
    assert state.to_dict() == before


def test_the_expert_rolls_out_on_the_learned_value_where_it_applies_else_on_the_heuristic() -> None:
    town77, town66 = greedy_positions("town77", range(1))[10], greedy_positions("town66", range(1))[10]
    learned = value.learned_rollout(town77, ROLLOUT_DEPTH)
    assert learned is not None and rollout.search_rollout(town77, ROLLOUT_DEPTH, Rng(0)) == learned
    heuristic = rollout.heuristic_rollout(town66, ROLLOUT_DEPTH, Rng(0))
    assert rollout.search_rollout(town66, ROLLOUT_DEPTH, Rng(0)) == heuristic
    assert value.learned_rollout(town66, ROLLOUT_DEPTH) is None
    multi = town.new_game("town44", players=2, seed=0)
    assert rollout.search_rollout(multi, ROLLOUT_DEPTH, Rng(0)) is None  # the search's own rollouts run there
