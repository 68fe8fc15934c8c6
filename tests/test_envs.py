"""Gymnasium and PettingZoo adapters: the official checkers, the action numbering, and views only."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from townwidget import town
from townwidget.core import Rng
from townwidget.envs import SOLO_IDS, MultiEncoding, SoloEncoding, TownAECEnv, TownSoloEnv
from townwidget.envs.solo import ILLEGAL_REWARD


@pytest.mark.parametrize("env_id", ["townwidget/Town77Solo-v0", "townwidget/Town66Solo-v0"])
def test_solo_env_passes_the_gymnasium_checker(env_id: str) -> None:
    check_env(gymnasium.make(env_id, render_mode="ansi").unwrapped)  # renders every mode: "ansi" gives a string


@pytest.mark.parametrize(
    ("env_id", "n", "flips"), [("Town77Solo-v0", 7, 0), ("Town66Solo-v0", 6, 2), ("Town44Solo-v0", 4, 0)]
)
def test_the_solo_games_are_registered_with_gymnasium(env_id: str, n: int, flips: int) -> None:
    env = gymnasium.make(f"townwidget/{env_id}", render_mode="ansi")
    assert isinstance(env.unwrapped, TownSoloEnv) and env.unwrapped.render_mode == "ansi"
    assert (env.unwrapped.rules.n, env.unwrapped.rules.flips) == (n, flips)
    assert env.action_space == gymnasium.spaces.Discrete(3 * (2 if flips else 1) * n * n)
    assert gymnasium.make(f"townwidget.envs:townwidget/{env_id}").unwrapped.rules == env.unwrapped.rules
    assert len(SOLO_IDS) == 8 and all(env_id in gymnasium.registry for env_id in SOLO_IDS)


def test_ansi_render_is_the_players_view_as_text() -> None:
    env = TownSoloEnv("town44", render_mode="ansi")
    _, info = env.reset(seed=3)
    env.step(int(info["action_mask"].argmax()))
    colour, shape = env.state.board.to_lists()[0][0]
    text = env.render()
    assert isinstance(text, str) and text.splitlines()[1] == f"0 {colour}{'abcd'[shape]} .. .. .."
    piles = env.state.piles
    env.state.piles = [pile[:-1][::-1] + pile[-1:] for pile in piles]  # the tiles below the tops: never shown
    assert env.render() == text
    players = TownAECEnv("town44", players=2, render_mode="ansi")
    players.reset(seed=1)
    assert "player 1 hand: " in str(players.render())


@pytest.mark.parametrize(("rules", "players"), [("town77", 3), ("town44", 2)])
@pytest.mark.filterwarnings("ignore:Action mask numpy array is all zeros", "ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
def test_multiplayer_env_passes_the_pettingzoo_api_test(rules: str, players: int) -> None:
    api_test(TownAECEnv(rules, players=players), num_cycles=300)


def test_solo_episode_return_is_the_score_and_illegal_actions_change_nothing() -> None:
    env = TownSoloEnv("town55")
    observation, info = env.reset(seed=8)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.state.to_dict()
    _, reward, terminated, _, info = env.step(illegal)
    assert reward == ILLEGAL_REWARD and "illegal" in info and not terminated
    assert env.state.to_dict() == before
    total, terminated = 0.0, False
    while not terminated:
        legal = np.flatnonzero(info["action_mask"])
        _, reward, terminated, _, info = env.step(int(legal[-1]))
        total += reward
    assert total == env.state.board.placed()


def test_encodings_round_trip_every_legal_action() -> None:
    rng = Rng(1)
    for rules in ("town66", "town77"):
        solo, multi = SoloEncoding(rules), MultiEncoding(rules)
        for game in (town.new_solo(rules, seed=1), town.new_game(rules, players=3, seed=1)):
            while not game.is_terminal():
                actions = game.legal_actions()
                for action in actions:
                    if game.mode == "solo":
                        assert solo.decode(solo.encode(action), game) == action
                    else:
                        assert multi.decode(multi.encode(action)) == action
                encoding = solo if game.mode == "solo" else multi
                assert int(encoding.mask(actions).sum()) == len(set(actions))
                game.apply(rng.choice(actions))


def test_observations_hold_only_what_the_player_may_know() -> None:
    env = TownSoloEnv("town77")
    env.reset(seed=2)
    first = env.observe()
    piles = env.state.piles
    hidden = [tile for pile in piles for tile in pile[:-1]][::-1]
    tiles = iter(hidden)
    env.state.piles = [[next(tiles) for _ in pile[:-1]] + pile[-1:] for pile in piles]
    second = env.observe()
    assert all(np.array_equal(first[key], second[key]) for key in first)
    players = TownAECEnv("town77", players=3)
    players.reset(seed=5)
    seen = players.observe("player_0")
    hands = players.state.hands
    players.state.hands = [hands[0], hands[2], hands[1]]  # another hand's tiles: the colours counts change
    assert np.array_equal(players.observe("player_0")["hand"], seen["hand"])
    assert not np.array_equal(players.observe("player_0")["colours"], seen["colours"])
