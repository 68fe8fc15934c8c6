"""A PettingZoo AEC environment for multiplayer Town (2 to 5 players).
Written for Town by design (its observations and actions are Town's), so it reads Town's rules.

Agents are ``"player_0"``, ``"player_1"``, ...; the one to act is ``agent_selection`` (a turn may take several
steps: exchanges, the placement, a discard). Actions are integers of
:class:`~townwidget.envs.encoding.MultiEncoding`. Each agent observes the layout of PettingZoo's classic games,
``{"observation": array, "action_mask": array}``: the observation is the flat one-hot array of what that agent may
know (:func:`~townwidget.envs.flat.multi_flat`: the board, its own hand, the colours of every hand, the bag's size,
who has left, who acts, who it is, the phase); the mask is all zeros when it is not that agent's turn. Rewards
come at the end: each player's ``returns()`` (1 for the winner down to 0 for the last). ``reset(seed=s)`` deals the
game of ``town.new_game(rules, players, seed=s)``.

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
from townwidget.envs.flat import board_array, multi_flat  # noqa: E402
from townwidget.envs.observation import board_rgb, mask_space, multi_flat_space  # noqa: E402
from townwidget.envs.solo import RENDER_MODES  # noqa: E402
from townwidget.town import MultiState, Rules, new_game, resolve_rules, state_svg  # noqa: E402
from townwidget.town.render import state_text  # noqa: E402


class TownAECEnv(AECEnv):
    """Multiplayer Town as an AEC game; ``render_mode="ansi"`` gives the whole game as text, ``"svg"`` a picture,
    ``"rgb_array"`` an image of the board.

    Action space per agent: ``Discrete(n^4 + exchanges + n^2 + 1)``: placements ``tile * n^2 + cell`` (``tile =
    colour * n + shape``, ``cell = row * n + column``), then each exchange of 3 alike tiles, each discard (by
    tile), and pass (see :class:`~townwidget.envs.encoding.MultiEncoding`).

    Observation space per agent: ``Dict(observation=Box(0, 1, (size,), float32), action_mask=Box(0, 1, (actions,),
    int8))``, the observation laid out as in :mod:`townwidget.envs.flat` (``multi_flat_size(rules, players)``).
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4, "name": "town_v1", "is_parallelizable": False}

    def __init__(self, rules: Rules | str = "town77", players: int = 2, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None, 'ansi', 'svg' or 'rgb_array', not {render_mode!r}")
        self.rules = resolve_rules(rules)
        self.state: MultiState = new_game(self.rules, players=players, seed=0)  # checks the player count
        self.render_mode = render_mode
        self.encoding = MultiEncoding(self.rules)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seed_rng = np.random.default_rng()

    @functools.cache  # noqa: B019  # one space object per agent, as PettingZoo expects
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        players = len(self.possible_agents)
        return spaces.Dict(
            {"observation": multi_flat_space(self.rules, players), "action_mask": mask_space(self.encoding.size)}
        )

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return spaces.Discrete(self.encoding.size)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        deal = seed if seed is not None else int(self._seed_rng.integers(2**63))
        self.state = new_game(self.rules, players=len(self.possible_agents), seed=deal)
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
        actions = self.state.legal_actions() if self.state.current_player == player else []
        return {
            "observation": multi_flat(self.state.to_dict(viewer=player), player),
            "action_mask": self.encoding.mask(actions),
        }

    def action_masks(self) -> np.ndarray:
        """The legal actions of the agent to act, as booleans (the method sb3-contrib's MaskablePPO calls)."""
        return self.encoding.mask(self.state.legal_actions()).astype(bool)

    def render(self) -> Any:
        if self.render_mode == "svg":
            return state_svg(self.state.to_dict(viewer=None))
        if self.render_mode == "ansi":
            return state_text(self.state.to_dict())
        if self.render_mode == "rgb_array":
            return board_rgb(board_array(self.state.to_dict()))  # the board is public
        return None

    def close(self) -> None:
        pass

    def _agent(self, player: int | None) -> str:
        return self.possible_agents[0 if player is None else player]
