"""The games in OpenSpiel: pyspiel's own random-simulation test, explicit chance, what each player is told, and
OpenSpiel's MCTS and ISMCTS bots playing through the adapter against the package's agents."""

from __future__ import annotations

import importlib
import random
import sys
from itertools import permutations

import numpy as np
import pyspiel  # the extra `openspiel` (in the test extra)
import pytest
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, expected_game_score, ismcts, mcts

from townwidget import town
from townwidget.agents import make_agent
from townwidget.core.extras import MissingExtra
from townwidget.core.rng import Rng
from townwidget.envs.openspiel import LITTLETOWN, TOWN, ChanceScript, TownwidgetState
from townwidget.town.state import all_tiles, pile_sizes

GAMES = [
    (TOWN, {"rules": "town44", "players": 1}),
    (TOWN, {"rules": "town66", "players": 1}),  # flips
    (TOWN, {"rules": "town77", "players": 1}),
    (TOWN, {"rules": "town44", "players": 2}),
    (TOWN, {"rules": "town77", "players": 5}),
    (LITTLETOWN, {"players": 2}),
    (LITTLETOWN, {"players": 4}),
]


def dealt(game: object, seed: int) -> TownwidgetState:
    """A new game of ``game`` with its chance nodes drawn by a seeded generator, up to the first decision."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    generator = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(generator.randrange(len(state.chance_outcomes())))
    return state


def played(game: object, seed: int, moves: int) -> TownwidgetState:
    """``moves`` random decisions (and the chance they call for) into a game, or its end."""
    state, generator = dealt(game, seed), random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(generator.choice(state.legal_actions()))
        while state.is_chance_node():
            state.apply_action(generator.randrange(len(state.chance_outcomes())))
    return state


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_pyspiels_random_simulation_test_passes(name: str, params: dict) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=1 if name == LITTLETOWN else 2, serialize=True, verbose=False)
    assert game.num_players() == params["players"]


def test_without_open_spiel_the_module_names_its_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.delitem(sys.modules, "townwidget.envs.openspiel")
    hint = r'need open-spiel, which is not installed: pip install "townwidget\[openspiel\]"'
    with pytest.raises(MissingExtra, match=hint):
        importlib.import_module("townwidget.envs.openspiel")


def test_the_games_load_by_name_and_refuse_bad_parameters() -> None:
    game = pyspiel.load_game("townwidget_town(players=3,rules=town77)")
    assert (game.num_players(), game.num_distinct_actions()) == (
        3,
        7**4 + 2 * 7 * 35 + 49 + 1,
    )  # places, exchanges, discards, pass
    assert pyspiel.load_game(TOWN).num_players() == 1  # the default: Town 77 solo
    assert pyspiel.load_game(TOWN, {"rules": "town66"}).num_distinct_actions() == 3 * 2 * 36  # flips
    with pytest.raises(ValueError, match="unknown rules 'town12'"):
        pyspiel.load_game(TOWN, {"rules": "town12"})
    with pytest.raises(ValueError, match="players must be 1 \\(solo\\) or 2 to 5, not 6"):
        pyspiel.load_game(TOWN, {"players": 6})
    with pytest.raises(ValueError, match="town33 has too few tiles for 3 players"):
        pyspiel.load_game(TOWN, {"rules": "town33", "players": 3})
    with pytest.raises(ValueError, match="players must be 2 to 4, not 1"):
        pyspiel.load_game(LITTLETOWN, {"players": 1})


def test_a_town_draw_is_a_chance_node_over_the_bag() -> None:
    game = pyspiel.load_game(TOWN, {"rules": "town44", "players": 2})
    state = game.new_initial_state()
    for left in range(16, 16 - 2 * 4 - 1, -1):  # two hands of 4, then the pioneer: one draw each
        assert state.chance_outcomes() == [(outcome, 1 / left) for outcome in range(left)]
        state.apply_action(left - 1)  # the last tile of the sorted bag
    assert state.view(0).to_dict()["hands"][0] == [[3, 0], [3, 1], [3, 2], [3, 3]]
    generator = random.Random(0)
    while not state.is_chance_node():  # play until a placement draws (no exchange: it returns tiles first)
        kept = [a for a in state.legal_actions() if "exchange" not in state.action_to_string(a)]
        state.apply_action(generator.choice(kept))
    engine = state.engine.state  # type: ignore[attr-defined]
    bag, player = engine.bag.copy(), engine.current_player
    assert state.chance_outcomes() == [(outcome, 1 / len(bag)) for outcome in range(len(bag))]
    state.apply_action(2)
    assert bag[2] in state.engine.state.hands[player] and bag[2] not in state.engine.state.bag  # type: ignore[attr-defined]


def test_solo_deals_every_tile_by_chance_then_has_none() -> None:
    game = pyspiel.load_game(TOWN, {"rules": "town33", "players": 1})
    state = game.new_initial_state()
    bounds = []
    while state.is_chance_node():
        bounds.append(len(state.chance_outcomes()))
        state.apply_action(0)
    assert bounds == list(range(9, 1, -1))  # the shuffle of 9 tiles, one draw per step
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
        assert not state.is_chance_node()


def test_chance_script_refuses_outcomes_out_of_range() -> None:
    with pytest.raises(ValueError, match="chance outcome 3 is out of range 0..2"):
        ChanceScript([3]).randbelow(3)
    state = pyspiel.load_game(TOWN, {"rules": "town44", "players": 1}).new_initial_state()
    with pytest.raises(Exception, match="out of range 0..15"):
        state.apply_action(16)


def told(state: TownwidgetState, player: int) -> tuple[str, str, list[float], list[float]]:
    """Everything ``player`` is told: both strings and both tensors."""
    return (
        state.information_state_string(player),
        state.observation_string(player),
        state.information_state_tensor(player),
        state.observation_tensor(player),
    )


@pytest.mark.parametrize(("name", "params"), [g for g in GAMES if g[1]["players"] > 1] + [GAMES[0], GAMES[1]])
@pytest.mark.parametrize("moves", [0, 3])
def test_twin_states_differing_in_hidden_tiles_tell_the_player_the_same(name: str, params: dict, moves: int) -> None:
    game = pyspiel.load_game(name, params)
    state = played(game, seed=moves, moves=moves)
    player = state.current_player()
    assert player >= 0
    twins = [state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0)) for _ in range(8)]
    differing = [twin for twin in twins if str(twin) != str(state)]
    assert differing, "the resampled states should deal the hidden tiles differently"
    for twin in differing:
        assert told(twin, player) == told(state, player)
        assert twin.legal_actions() == state.legal_actions()
    others = [p for p in range(game.num_players()) if p != player]
    if others:  # someone else, who holds hidden tiles, is told of the difference
        assert any(told(twin, p)[0] != told(state, p)[0] for twin in differing for p in others)


def test_solo_twin_with_the_hidden_piles_reordered_by_hand() -> None:
    state = played(pyspiel.load_game(TOWN, {"rules": "town55", "players": 1}), seed=1, moves=3)
    twin = state.clone()
    engine = twin.engine.state  # type: ignore[attr-defined]
    engine.piles = [pile[:-1][::-1] + pile[-1:] for pile in engine.piles]  # the tiles below the tops
    assert str(twin) != str(state) and told(twin, 0) == told(state, 0)
    engine.piles[0][-1], engine.piles[0][0] = engine.piles[0][0], engine.piles[0][-1]  # a top: seen
    assert told(twin, 0)[0] != told(state, 0)[0] and told(twin, 0)[2] != told(state, 0)[2]


def test_the_tensors_have_the_declared_shape_and_range() -> None:
    for name, params in ((TOWN, {"rules": "town44", "players": 3}), (TOWN, {"rules": "town66", "players": 1})):
        game = pyspiel.load_game(name, params)
        state = played(game, seed=2, moves=5)
        tensor = np.array(state.information_state_tensor(0))
        assert tensor.shape == tuple(game.information_state_tensor_shape()) and tensor.min() >= 0
        assert tensor.max() == 1 and np.array(state.observation_tensor(0)).shape == tensor.shape
    game = pyspiel.load_game(LITTLETOWN, {"players": 3})
    state = played(game, seed=3, moves=30)
    tensors = [np.array(state.information_state_tensor(p)) for p in range(3)]
    assert all(tensor.shape == tuple(game.information_state_tensor_shape()) for tensor in tensors)
    assert tensors[0].max() == 1 and not np.array_equal(tensors[0], tensors[1])  # each sees its own cards


def play_against(game: object, bot: object, agent_name: str, seed: int, decisions: int | None = None) -> object:
    """Player 0 is ``bot`` (OpenSpiel's), the others the package's agent, through the adapter's views."""
    state, generator = dealt(game, seed), random.Random(seed)
    agents = {p: make_agent(agent_name, seed=p) for p in range(1, game.num_players())}  # type: ignore[attr-defined]
    taken = 0
    while not state.is_terminal() and (decisions is None or taken < decisions):
        if state.is_chance_node():
            state.apply_action(generator.randrange(len(state.chance_outcomes())))
            continue
        player = state.current_player()
        # OpenSpiel's bot reads the state through its observers; the package's agent gets the player's view
        agent = agents.get(player)
        action = state.action_number(agent.act(state.view(player))) if agent else bot.step(state)  # type: ignore[attr-defined]
        assert action in state.legal_actions()
        state.apply_action(action)
        taken += 1
    return state


def test_openspiels_ismcts_and_mcts_bots_play_town_44_against_the_packages_agents() -> None:
    game = pyspiel.load_game(TOWN, {"rules": "town44", "players": 3})
    rollouts = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, rollouts, 2.0, max_simulations=20, random_state=np.random.RandomState(1))
    state = play_against(game, bot, "greedy", seed=4)
    assert state.is_terminal() and sorted(state.returns()) == [0.0, 0.5, 1.0]
    bot = mcts.MCTSBot(game, 2.0, 20, rollouts, random_state=np.random.RandomState(2))
    state = play_against(pyspiel.load_game(TOWN, {"rules": "town44", "players": 2}), bot, "random", seed=5)
    assert state.is_terminal() and sorted(state.returns()) == [0.0, 1.0]


def test_openspiels_ismcts_and_mcts_bots_play_little_town_against_the_packages_agents() -> None:
    game = pyspiel.load_game(LITTLETOWN, {"players": 2})
    rollouts = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0), max_length=20)
    bot = ismcts.ISMCTSBot(game, rollouts, 2.0, max_simulations=8, random_state=np.random.RandomState(1))
    state = play_against(game, bot, "greedy", seed=6, decisions=12)
    assert not state.is_chance_node() and len(state.history()) > 12  # the deal, then the moves
    bot = mcts.MCTSBot(game, 2.0, 8, rollouts, random_state=np.random.RandomState(2))
    state = play_against(game, bot, "random", seed=7, decisions=12)
    assert state.engine.state.history  # type: ignore[attr-defined]


def random_play_value(state: object) -> float:
    """The exact expected return of uniform random play from an engine state (by the engine alone)."""
    if state.is_terminal():  # type: ignore[attr-defined]
        return float(state.returns()[0])  # type: ignore[attr-defined]
    actions = state.legal_actions()  # type: ignore[attr-defined]
    total = 0.0
    for action in actions:
        child = state.clone()  # type: ignore[attr-defined]
        child.apply(action)
        total += random_play_value(child)
    return total / len(actions)


def test_openspiels_tree_algorithms_agree_with_the_engine_on_a_tiny_game() -> None:
    """The uniform policy's value over OpenSpiel's whole tree (chance nodes weighted by their probabilities) is the
    engine's own expectation over every deal; CFR's average policy does at least as well."""
    game = pyspiel.load_game(TOWN, {"rules": "town22", "players": 1})
    root = game.new_initial_state()
    uniform = expected_game_score.policy_value(root, [policy.UniformRandomPolicy(game)])[0]
    deals = []
    for order in permutations(all_tiles(2)):
        sizes, piles, start = pile_sizes("town22"), [], 0
        for size in sizes:
            piles.append(list(order[start : start + size]))
            start += size
        deals.append(random_play_value(town.SoloState(town.resolve_rules("town22"), Rng(0), piles, 0)))
    assert uniform == pytest.approx(sum(deals) / len(deals))
    solver = cfr.CFRSolver(game)
    for _ in range(3):
        solver.evaluate_and_update_policy()
    assert expected_game_score.policy_value(root, [solver.average_policy()])[0] >= uniform
