"""A Gymnasium environment for solo Town (the Challenge Rule).

One step places the top of a pile: the action is an integer of :class:`~townwidget.envs.encoding.SoloEncoding`.
The reward is 1 per tile placed, so an episode's return is the score. An illegal action is refused: the game does
not change, the reward is :data:`ILLEGAL_REWARD` and ``info["illegal"]`` says why. The observation holds what the
player may know (the board, the pile tops and sizes, the set of unseen tiles, the flips left) and the action mask.

>>> env = TownSoloEnv("town33")
>>> observation, info = env.reset(seed=1)
>>> total = 0.0
>>> while True:
...     action = int(info["action_mask"].argmax())  # the first legal action
...     observation, reward, terminated, truncated, info = env.step(action)
...     total += reward
...     if terminated:
...         break
>>> total == env.state.board.placed()
True
"""

from __future__ import annotations

from typing import Any

from townwidget.core.extras import require_extra

require_extra("rl", "The reinforcement-learning environments")

import numpy as np  # noqa: E402
from gymnasium import Env, spaces  # noqa: E402

from townwidget.envs.encoding import SoloEncoding  # noqa: E402
from townwidget.envs.observation import board_array, board_space, tiles_array  # noqa: E402
from townwidget.town import IllegalAction, Rules, SoloState, new_solo, resolve_rules, state_svg  # noqa: E402
from townwidget.town.render import state_text  # noqa: E402

ILLEGAL_REWARD = -1.0


class TownSoloEnv(Env[dict[str, Any], np.int64]):
    """Solo Town for reinforcement learning (registered as ``townwidget/Town77Solo-v0``, ``Town66Solo-v0``, ...).

    Action space: ``Discrete(piles * F * n^2)`` (147 for Town 77, 216 for Town 66), numbered
    ``(pile * F + flip) * n^2 + row * n + column`` with ``F = 2`` when the rules allow flips, else 1: which pile's
    top to place, whether turned over (Town 66), and where.

    Observation space, a ``Dict`` of int arrays (``n`` the board size, 0 meaning "none"):

    - ``"board"`` ``(n, n, 2)``: per cell colour + 1 and shape + 1 (0 for empty or a colour-only tile's shape,
      ``n + 1`` for a blank tile);
    - ``"tops"`` ``(piles, 2)``: each pile's top tile as colour + 1, shape + 1 (0, 0 when the pile is empty);
    - ``"pile_sizes"`` ``(piles,)``; ``"unseen"`` ``(n, n)``: 1 for each tile (colour, shape) still below the
      tops (the player knows which, not their order); ``"flips_left"`` ``(1,)``;
    - ``"action_mask"`` ``(size,)``: 1 for each legal action (also in ``info["action_mask"]``).

    ``render_mode="ansi"``: :meth:`render` returns the player's view as text (see
    :func:`~townwidget.town.render.state_text`); ``"svg"``: an SVG picture.
    """

    metadata = {"render_modes": ["ansi", "svg"], "render_fps": 4}

    def __init__(self, rules: Rules | str = "town77", render_mode: str | None = None) -> None:
        if render_mode not in (None, "ansi", "svg"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'svg', not {render_mode!r}")
        self.rules = resolve_rules(rules)
        self.render_mode = render_mode
        self.encoding = SoloEncoding(self.rules)
        n, piles = self.rules.n, self.rules.piles
        self.action_space = spaces.Discrete(self.encoding.size)
        self.observation_space = spaces.Dict(
            {
                "board": board_space(self.rules),
                "tops": spaces.Box(0, n, shape=(piles, 2), dtype=np.int8),
                "pile_sizes": spaces.Box(0, n * n, shape=(piles,), dtype=np.int16),
                "unseen": spaces.Box(0, 1, shape=(n, n), dtype=np.int8),
                "flips_left": spaces.Box(0, max(self.rules.flips, 1), shape=(1,), dtype=np.int8),  # a non-empty range
                "action_mask": spaces.Box(0, 1, shape=(self.encoding.size,), dtype=np.int8),
            }
        )
        self.state: SoloState = new_solo(self.rules, seed=0)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        self.state = new_solo(self.rules, seed=int(self.np_random.integers(2**63)))
        observation = self.observe()
        return observation, {"action_mask": observation["action_mask"]}

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        info: dict[str, Any] = {}
        reward = 1.0
        try:
            self.state.apply(self.encoding.decode(int(action), self.state))
        except (IllegalAction, ValueError) as error:
            reward, info["illegal"] = ILLEGAL_REWARD, str(error)
        observation = self.observe()
        info["action_mask"] = observation["action_mask"]
        return observation, reward, self.state.is_terminal(), False, info

    def render(self) -> str | None:
        if self.render_mode == "svg":
            return state_svg(self.state.to_dict(viewer=0))
        if self.render_mode == "ansi":
            return state_text(self.state.view(0).to_dict())
        return None

    def observe(self) -> dict[str, np.ndarray]:
        """The current observation: what the player may know, and the action mask."""
        data = self.state.view(0).to_dict()
        n = self.rules.n
        tops = np.zeros((self.rules.piles, 2), dtype=np.int8)
        for i, pile in enumerate(data["piles"]):
            if pile:
                tops[i] = (pile[-1][0] + 1, pile[-1][1] + 1)
        return {
            "board": board_array(data),
            "tops": tops,
            "pile_sizes": np.array([len(pile) for pile in data["piles"]], dtype=np.int16),
            "unseen": tiles_array(n, data["unseen"]),
            "flips_left": np.array([data["flips_left"]], dtype=np.int8),
            "action_mask": self.encoding.mask(self.state.legal_actions()),
        }
