"""Tests of the learned solo value: it reads only what the player sees, its greedy playouts move in lock-step with
the scalar engine, it declines what it cannot do, and training by self-play learns something."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from townwidget import town
from townwidget.agents.mcts import ROLLOUT_DEPTH, _Search
from townwidget.core import Rng
from townwidget.solvers import value
from townwidget.solvers.vector import tables

pytestmark = pytest.mark.skipif(not value.COMPILED, reason="the learned rollouts run only compiled (numba)")


def positions(board: str = "town77", deals: range = range(4), every: int = 6) -> list[town.SoloState]:
    """Solo states along games of first legal moves (some early, some late, the last one over)."""
    states = []
    for deal in deals:
        game = town.new_solo(board, seed=deal)
        while True:
            if game.board.placed() % every == 0 or game.is_terminal():
                states.append(game.clone())
            if game.is_terminal():
                break
            game.apply(game.legal_actions()[-1])
    return states


def greedy_by_hand(state: town.SoloState, moves: int) -> float:
    """The playout spelled out on the scalar engine: each move the first legal one with the best value after it."""
    state = state.clone()
    for _ in range(moves):
        if state.is_terminal():
            break
        best, best_value = None, -1.0
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            if (after := value.position_value(child)) > best_value:
                best, best_value = action, after
        state.apply(best)
    return value.position_value(state)


def test_the_value_is_the_same_for_every_order_the_player_cannot_see() -> None:
    for state in positions():
        view = state.view(0)
        twins = [view.sample_state(seed) for seed in range(4)]
        assert len({tuple(value.features(*value.arrays(twin))) for twin in twins}) == 1
        assert len({value.position_value(twin) for twin in twins}) == 1


def test_the_value_of_a_finished_game_is_its_score() -> None:
    over = [state for state in positions() if state.is_terminal()]
    assert over and all(value.position_value(state) == state.board.placed() for state in over)
    going = [state for state in positions() if not state.is_terminal()]
    assert any(value.position_value(state) > state.board.placed() + 1 for state in going)


@pytest.mark.parametrize("board", ["town77", "town55"])
def test_greedy_playouts_move_in_lock_step_with_the_scalar_engine(board: str) -> None:
    for state in positions(board, range(3), every=4):
        before = state.to_dict()
        for moves in (1, 3, 50):
            assert value.playout(state, moves) == pytest.approx(greedy_by_hand(state, moves), abs=1e-9)
        assert state.to_dict() == before  # the playout ran on arrays of its own


def test_compiled_and_plain_python_give_the_same_features_and_value() -> None:
    weights = value.WEIGHTS[7]
    for state in positions(deals=range(2)):
        arrays = value.arrays(state)
        assert np.array_equal(value.features.py_func(*arrays), value.features(*arrays))
        assert value.estimate.py_func(*arrays, weights) == pytest.approx(value.estimate(*arrays, weights), abs=1e-9)


def test_search_rollouts_on_the_learned_value_only_where_they_help() -> None:
    town77 = town.new_solo("town77", seed=0)
    assert value.playout_value(town77, 6) == value.playout(town77, 6)
    assert value.playout_value(town.new_solo("town66", seed=0), 6) is None  # flips left: the greedy moves never flip
    assert value.learned_rollout(town.new_solo("town66", seed=0), 6) is None
    assert value.learned_rollout(town.new_game("town77", players=2, seed=0), 6) is None  # solo only
    assert value.playout_value(town.new_solo("town44", seed=0), 6) is None  # measured weaker there
    untrained = town.new_solo("town99", seed=0)
    assert value.playout_value(untrained, 6) is None
    for refused in (value.position_value, lambda state: value.playout(state, 6)):
        with pytest.raises(ValueError, match="no learned value for 9 x 9 boards"):
            refused(untrained)


def test_search_rollouts_use_the_rollout_handed_to_them_where_it_applies() -> None:
    state = positions(deals=range(1))[2]
    learned = _Search(Rng(0), state.view(0), rollout=value.learned_rollout)
    assert learned._rollout(state.clone()) == value.learned_rollout(state, ROLLOUT_DEPTH)
    assert value.learned_rollout(state, ROLLOUT_DEPTH) == [value.playout_value(state, ROLLOUT_DEPTH) / 49]
    plain = _Search(Rng(0), state.view(0))  # the default: the heuristic's rollouts, never the learned value
    assert plain._rollout(state.clone()) != learned._rollout(state.clone())
    flips_left = town.new_solo("town66", seed=0)  # where the learned rollout does not apply, the heuristic's runs
    handed = _Search(Rng(3), flips_left.view(0), rollout=value.learned_rollout)
    assert handed._rollout(flips_left.clone()) == _Search(Rng(3), flips_left.view(0))._rollout(flips_left.clone())


def test_training_by_self_play_beats_its_starting_policy() -> None:
    """Round one fits the value of playing the first legal move; round two plays by that value and must place
    more tiles on the same deals than the first legal move does."""
    rules, n = town.resolve_rules("town55"), 5
    geometry, sizes = tables(n), np.array(town.state.pile_sizes(rules), dtype=np.int64)
    decks = np.random.default_rng(5).permuted(np.tile(np.arange(n * n, dtype=np.int64), (400, 1)), axis=1)

    def mean_score(weights: np.ndarray) -> float:
        rows, later, scores = value._self_play(n, decks, sizes, geometry.lines, geometry.neighbours, weights)
        starts = rows[:, 1] == 0
        assert np.array_equal(later[starts], scores)  # a game's first position goes on to place its whole score
        return float(scores.mean())

    untrained = np.zeros_like(value.WEIGHTS[n])
    assert mean_score(value.train(rules, games=400, rounds=1, seed=1)) > mean_score(untrained) + 1.0


def test_the_value_stays_between_the_tiles_placed_and_a_full_board() -> None:
    """Weights that would promise 100 more tiles, or 100 fewer, are held to what a game can still do."""
    state = positions(deals=range(1))[1]
    arrays = value.arrays(state)
    for bias in (100.0, -100.0):
        weights = np.zeros_like(value.WEIGHTS[7])
        weights[:, 0] = bias
        expected = 49.0 if bias > 0 else float(state.board.placed())
        assert value.estimate(*arrays, weights) == expected


def test_weights_survive_the_json_file(tmp_path: Path) -> None:
    path = tmp_path / "weights.json"
    value.save_weights({7: value.WEIGHTS[7], 5: value.WEIGHTS[5]}, path, note="a test")
    loaded = value.load_weights(path)
    assert sorted(loaded) == [5, 7]
    assert np.allclose(loaded[7], value.WEIGHTS[7], atol=1e-6) and np.allclose(loaded[5], value.WEIGHTS[5], atol=1e-6)
