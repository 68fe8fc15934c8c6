"""Gymnasium and PettingZoo adapters: the official checkers, the action numbering, and views only."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from townwidget import town
from townwidget.core import Rng
from townwidget.envs import SOLO_IDS, MultiEncoding, SoloEncoding, TownAECEnv, TownSoloEnv
from townwidget.envs.flat import solo_codes, solo_flat
from townwidget.envs.solo import ILLEGAL_REWARD
from townwidget.envs.vector import TownSoloVectorEnv


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
    seed_test(lambda: TownAECEnv(rules, players=players), num_cycles=50)


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
    seen = [players.observe(agent)["observation"] for agent in players.possible_agents]
    hand, bag = players.state.hands[1], players.state.bag
    swap = next((i, j) for i, tile in enumerate(hand) for j, other in enumerate(bag) if tile[0] == other[0])
    hand[swap[0]], bag[swap[1]] = bag[swap[1]], hand[swap[0]]  # player 1's hidden shape: same colour, another tile
    hand.sort()
    bag.sort()
    after = [players.observe(agent)["observation"] for agent in players.possible_agents]
    assert np.array_equal(after[0], seen[0]) and np.array_equal(after[2], seen[2])
    assert not np.array_equal(after[1], seen[1])  # player 1 sees its own hand


def view_observation(env: TownSoloEnv) -> dict[str, np.ndarray]:
    """The solo observation rebuilt from the player's view alone: what the environment's arrays must equal."""
    codes = solo_codes(env.state.view(0).to_dict())
    codes["action_mask"] = env.encoding.mask(env.state.legal_actions())
    return codes


@pytest.mark.parametrize("rules", ["town44", "town66", "town77"])
def test_the_observation_kept_move_by_move_is_the_views(rules: str) -> None:
    env, flat = TownSoloEnv(rules), TownSoloEnv(rules, flat=True)
    rng = Rng(3)
    for seed in range(4):
        observation, info = env.reset(seed=seed)
        flat_observation, _ = flat.reset(seed=seed)
        while True:
            expected = view_observation(env)
            assert observation.keys() == expected.keys()
            assert all(np.array_equal(observation[key], expected[key]) for key in expected), rules
            assert np.array_equal(flat_observation, solo_flat(env.state.view(0).to_dict()))
            assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
            if rng.randbelow(8) == 0:  # now and then an illegal action: nothing changes
                action = int(np.flatnonzero(info["action_mask"] == 0)[0])
            else:
                action = int(rng.choice(list(np.flatnonzero(info["action_mask"]))))
            observation, _, terminated, _, info = env.step(action)
            flat_observation, *_ = flat.step(action)
            if terminated:
                break


def test_reset_with_a_seed_deals_the_packages_game_of_that_seed() -> None:
    env = gymnasium.make("townwidget/Town44Solo-v0")
    for seed in (0, 1, 2, 12345):
        env.reset(seed=seed)
        assert env.unwrapped.state.to_dict() == town.new_solo("town44", seed=seed).to_dict()
    env.reset()  # after a seeded reset, the next deals follow from the seed
    follow = env.unwrapped.state.to_dict()
    env.reset(seed=12345)
    env.reset()
    assert env.unwrapped.state.to_dict() == follow
    players = TownAECEnv("town44", players=3)
    players.reset(seed=7)
    assert players.state.to_dict() == town.new_game("town44", players=3, seed=7).to_dict()


@pytest.mark.filterwarnings("ignore:.*not having a spec")
def test_stable_baselines_defaults_work() -> None:
    """SB3's make_vec_env asks for render_mode="rgb_array" and MaskablePPO calls action_masks()."""
    env = gymnasium.make("townwidget/Town44Solo-v0", render_mode="rgb_array")
    check_env(env.unwrapped)
    _, info = env.reset(seed=0)
    image = env.render()
    assert image.shape == (48, 48, 3) and image.dtype == np.uint8 and (image == 255).all()  # an empty board
    *_, info = env.step(int(info["action_mask"].argmax()))
    assert (env.render() != 255).any()
    assert np.array_equal(env.unwrapped.action_masks(), info["action_mask"].astype(bool))
    check_env(TownSoloEnv("town66", flat=True))
    vector = gymnasium.make_vec("townwidget/Town44Solo-v0", num_envs=2, vectorization_mode="sync")
    observations, _ = vector.reset(seed=0)
    assert observations["board"].shape == (2, 4, 4, 2)
    with pytest.raises(ValueError, match="render_mode must be None, 'ansi', 'svg' or 'rgb_array', not 'human'"):
        TownSoloEnv("town44", render_mode="human")


def choose(mask: np.ndarray, rng: Rng) -> int:
    """A random legal action, now and then an illegal one (and 0 where the game is over)."""
    legal = list(np.flatnonzero(mask))
    return int(np.flatnonzero(~mask)[0]) if not legal or rng.randbelow(10) == 0 else int(rng.choice(legal))


@pytest.mark.parametrize(("rules", "flat"), [("town44", False), ("town66", False), ("town55", True)])
def test_the_vector_environment_steps_in_lock_step_with_the_single_one(rules: str, flat: bool) -> None:
    """Each game of the vector environment, replayed by a TownSoloEnv on the same deal, shows the same observations,
    rewards and ends, through illegal actions and autoresets."""
    vector = TownSoloVectorEnv(rules, num_envs=4, flat=flat)
    singles = [TownSoloEnv(rules, flat=flat) for _ in range(4)]
    observations, _ = vector.reset(seed=1)
    shown = [single.reset(options={"piles": vector.piles_of(i)})[0] for i, single in enumerate(singles)]
    rng, episodes, restarting = Rng(2), 0, [False] * 4
    while episodes < 12:
        for i in range(len(singles)):
            if flat:
                assert np.array_equal(observations[i], shown[i]), i
            else:
                assert all(np.array_equal(observations[key][i], value) for key, value in shown[i].items()), i
        masks = vector.action_masks()
        assert np.array_equal(masks, np.array([single.action_masks() for single in singles]))
        actions = np.array([choose(mask, rng) for mask in masks])
        observations, rewards, terminated, truncated, _ = vector.step(actions)
        for i, single in enumerate(singles):
            if restarting[i]:  # the step after an end deals again, ignoring the action
                assert rewards[i] == 0 and not terminated[i]
                shown[i] = single.reset(options={"piles": vector.piles_of(i)})[0]
                restarting[i] = False
                continue
            shown[i], reward, ended, _, _ = single.step(int(actions[i]))
            assert (rewards[i], terminated[i], truncated[i]) == (reward, ended, False)
            if ended:
                restarting[i], episodes = True, episodes + 1


def test_piles_from_outside_are_checked() -> None:
    env = TownSoloEnv("town33")
    with pytest.raises(ValueError, match="piles must be 3 lists holding each of the 9 tiles once"):
        env.reset(options={"piles": [[(0, 0)] * 3] * 3})
    with pytest.raises(ValueError, match="piles must be lists of \\(colour, shape\\) pairs"):
        env.reset(options={"piles": [["x"]]})
    piles = [[(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)], [(2, 0), (2, 1), (2, 2)]]
    observation, _ = env.reset(options={"piles": piles})
    assert observation["tops"].tolist() == [[1, 3], [2, 3], [3, 3]]


def test_make_vec_builds_the_vector_environment() -> None:
    env = gymnasium.make_vec("townwidget/Town55Solo-v0", num_envs=3, vectorization_mode="vector_entry_point")
    assert isinstance(env, TownSoloVectorEnv) and env.rules.n == 5 and env.num_envs == 3
    observations, _ = env.reset(seed=0)
    assert observations["action_mask"].shape == (3, 75) and env.observation_space.contains(observations)
