"""A PettingZoo AEC environment for multiplayer Town (2 to 5 players).

Agents are ``"player_0"``, ``"player_1"``, ...; the one to act is ``agent_selection`` (a turn may take several
steps: exchanges, the placement, a discard). Actions are integers of
:class:`~townwidget.envs.encoding.MultiEncoding`. Each agent observes a dict: ``"board"``, ``"hand"`` (its own
tiles), ``"colours"`` (per player, how many tiles of each colour their hand holds: public), ``"bag_size"``,
``"out"`` (1 for players who left) and ``"action_mask"`` (all zeros when it is not that agent's turn). Rewards
come at the end: each player's ``returns()`` (1 for the winner down to 0 for the last).

>>> env = TownAECEnv("town44", players=2)
>>> env.reset(seed=3)
>>> for agent in env.agent_iter():
...     observation, reward, terminated, truncated, info = env.last()
...     mask = observation["action_mask"]
...     env.step(None if terminated else int(mask.argmax()))
>>> env.agents
[]
"""

from __future__ import annotations

import functools
from typing import Any

from townwidget.core.extras import require_extra

require_extra("rl", "The reinforcement-learning environments")

import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # type: ignore[import-untyped]  # noqa: E402

from townwidget.envs.encoding import MultiEncoding  # noqa: E402
from townwidget.envs.observation import board_array, board_space, tiles_array  # noqa: E402
from townwidget.town import MultiState, Rules, new_game, resolve_rules, state_svg  # noqa: E402
from townwidget.town.render import state_text  # noqa: E402


class TownAECEnv(AECEnv):
    """Multiplayer Town as an AEC game; ``render_mode="ansi"`` gives the whole game as text, ``"svg"`` a picture.

    Action space per agent: ``Discrete(n^4 + exchanges + n^2 + 1)``: placements ``tile * n^2 + cell`` (``tile =
    colour * n + shape``, ``cell = row * n + column``), then each exchange of 3 alike tiles, each discard (by
    tile), and pass (see :class:`~townwidget.envs.encoding.MultiEncoding`).

    Observation space per agent, a ``Dict`` of int arrays: ``"board"`` ``(n, n, 2)`` (as in
    :class:`~townwidget.envs.solo.TownSoloEnv`), ``"hand"`` ``(n, n)`` (1 per tile of its own hand),
    ``"colours"`` ``(players, n)`` (per player, the number of hand tiles of each colour: the tiles' backs are
    public), ``"bag_size"`` ``(1,)``, ``"out"`` ``(players,)`` and ``"action_mask"``.
    """

    metadata = {"render_modes": ["ansi", "svg"], "render_fps": 4, "name": "town_v0", "is_parallelizable": False}

    def __init__(self, rules: Rules | str = "town77", players: int = 2, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "svg"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'svg', not {render_mode!r}")
        self.rules = resolve_rules(rules)
        self.state: MultiState = new_game(self.rules, players=players, seed=0)  # checks the player count
        self.render_mode = render_mode
        self.encoding = MultiEncoding(self.rules)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seed_rng = np.random.default_rng()

    @functools.cache  # noqa: B019  # one space object per agent, as PettingZoo expects
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        n, players = self.rules.n, len(self.possible_agents)
        return spaces.Dict(
            {
                "board": board_space(self.rules),
                "hand": spaces.Box(0, 1, shape=(n, n), dtype=np.int8),
                "colours": spaces.Box(0, self.rules.hand_size, shape=(players, n), dtype=np.int8),
                "bag_size": spaces.Box(0, n * n, shape=(1,), dtype=np.int16),
                "out": spaces.Box(0, 1, shape=(players,), dtype=np.int8),
                "action_mask": spaces.Box(0, 1, shape=(self.encoding.size,), dtype=np.int8),
            }
        )

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return spaces.Discrete(self.encoding.size)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        self.state = new_game(self.rules, players=len(self.possible_agents), seed=int(self._seed_rng.integers(2**63)))
        self.agents = self.possible_agents.copy()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent(self.state.current_player)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(self.encoding.decode(int(action)))  # an illegal action raises IllegalAction
        if self.state.is_terminal():
            for player, value in enumerate(self.state.returns()):
                self.rewards[self._agent(player)] = value
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._agent(self.state.current_player)
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = self.possible_agents.index(agent)
        data = self.state.view(player).to_dict()
        n = self.rules.n
        colours = np.zeros((len(data["hands"]), n), dtype=np.int8)
        for other, hand in enumerate(data["hands"]):
            for colour, _ in hand:
                colours[other, colour] += 1
        actions = self.state.legal_actions() if self.state.current_player == player else []
        return {
            "board": board_array(data),
            "hand": tiles_array(n, data["hands"][player]),
            "colours": colours,
            "bag_size": np.array([data["bag_size"]], dtype=np.int16),
            "out": np.array([order is not None for order in data["out"]], dtype=np.int8),
            "action_mask": self.encoding.mask(actions),
        }

    def render(self) -> str | None:
        if self.render_mode == "svg":
            return state_svg(self.state.to_dict(viewer=None))
        if self.render_mode == "ansi":
            return state_text(self.state.to_dict())
        return None

    def close(self) -> None:
        pass

    def _agent(self, player: int | None) -> str:
        return self.possible_agents[0 if player is None else player]
