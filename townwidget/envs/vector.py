"""A Gymnasium vector environment of solo Town over the batched simulator: many games stepped together in numpy.
Written for Town by design (over Town's batched simulator), so it reads Town's rules.

:class:`TownSoloVectorEnv` shows each game exactly as :class:`~townwidget.envs.solo.TownSoloEnv` does (the same
observation dict, action numbers, rewards and action masks: ``tests/test_envs.py`` steps both in lock step), but
steps all its games with array operations on a :class:`~townwidget.solvers.vector.SoloBatch` (boards up to 8 x 8).
A game that ends is dealt again on its next step (Gymnasium's next-step autoreset: that step ignores its action and
returns the new deal with reward 0). The deals are uniform shuffles from the environment's own numpy generator.

>>> env = TownSoloVectorEnv("town44", num_envs=3)
>>> observations, infos = env.reset(seed=0)
>>> observations["board"].shape, env.action_masks().shape
((3, 4, 4, 2), (3, 48))
>>> observations, rewards, terminated, truncated, infos = env.step(env.action_masks().argmax(axis=1))
>>> rewards.tolist()
[1.0, 1.0, 1.0]
"""

from __future__ import annotations

from typing import Any

from townwidget.core.extras import require_extra

require_extra("rl", "The reinforcement-learning environments")

import numpy as np  # noqa: E402
from gymnasium.vector import AutoresetMode, VectorEnv  # noqa: E402
from gymnasium.vector.utils import batch_space  # noqa: E402

from townwidget.envs.flat import solo_flat_from  # noqa: E402
from townwidget.envs.solo import ILLEGAL_REWARD, TownSoloEnv  # noqa: E402
from townwidget.solvers.vector import SoloBatch, popcount  # noqa: E402
from townwidget.town import Rules, resolve_rules  # noqa: E402


class TownSoloVectorEnv(VectorEnv):
    """``num_envs`` solo games of ``rules`` as one Gymnasium vector environment (see the module's doc).

    ``step(actions)`` takes one action number per game; an illegal one gets :data:`ILLEGAL_REWARD` and changes
    nothing, as in the single environment. :meth:`action_masks` gives the legal actions, (num_envs, actions), also
    in ``infos["action_mask"]``. ``flat=True``: each game's observation is the single environment's flat one-hot
    array, (num_envs, size).
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, rules: Rules | str = "town44", num_envs: int = 1024, flat: bool = False) -> None:
        self.rules = rules = resolve_rules(rules)
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be an integer >= 1, not {num_envs!r}")
        single = TownSoloEnv(rules, flat=flat)
        self.flat = single.flat
        self.num_envs = num_envs
        self.single_action_space, self.single_observation_space = single.action_space, single.observation_space
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.render_mode = None
        self._generator = np.random.default_rng()
        self.batch = SoloBatch.new(rules, num_envs, self._generator)
        n = rules.n
        self._board = np.zeros((num_envs, n, n, 2), dtype=np.int8)
        self._unseen = np.zeros((num_envs, n * n), dtype=np.int8)
        self._autoreset = np.zeros(num_envs, dtype=bool)
        self._deal(np.arange(num_envs))
        self._options = self.batch.option_masks()  # (games, piles, layers): kept for the state as it stands

    # --- the Gymnasium API -----------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        if seed is not None:
            self._generator = np.random.default_rng(seed)
        self._deal(np.arange(self.num_envs))
        self._autoreset[:] = False
        self._options = self.batch.option_masks()
        return self._observe(), {"action_mask": self._masks()}

    def step(self, actions: Any) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or not np.issubdtype(actions.dtype, np.integer):
            raise ValueError(f"step needs one integer action per game: shape ({self.num_envs},), got {actions.shape}")
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        restart = np.flatnonzero(self._autoreset)
        if len(restart):
            self._deal(restart)
        playing = np.flatnonzero(~self._autoreset)
        legal = self._legal(playing, actions[playing])
        moved = playing[legal]
        rewards[playing] = np.where(legal, 1.0, ILLEGAL_REWARD)
        self._place(moved, actions[moved].astype(np.int64))
        self._options = self.batch.option_masks()
        self.batch.done[moved] = popcount(self._options[moved]).sum(axis=(1, 2)) == 0
        observations = self._observe()
        terminated = np.zeros(self.num_envs, dtype=bool)
        terminated[playing] = self.batch.done[playing]
        self._autoreset = terminated.copy()
        infos = {"action_mask": self._masks()}
        return observations, rewards, terminated, np.zeros(self.num_envs, dtype=bool), infos

    def action_masks(self) -> np.ndarray:
        """The legal actions of every game as booleans, (num_envs, actions) (sb3-contrib's MaskablePPO's name)."""
        return self._masks()

    def piles_of(self, game: int) -> list[list[tuple[int, int]]]:
        """Game ``game``'s piles as they stand, bottom first (at a deal: ``TownSoloEnv.reset(options={"piles": ...})``
        plays the same game)."""
        n, batch = self.rules.n, self.batch
        return [
            [divmod(int(tile), n) for tile in batch.piles[game, pile, : batch.heights[game, pile]]]
            for pile in range(self.rules.piles)
        ]

    # --- the games ---------------------------------------------------------------------------------------------
    def _deal(self, games: np.ndarray) -> None:
        """New deals for ``games``: their rows of the batch, an empty board, the tiles below the tops unseen."""
        fresh = SoloBatch.new(self.rules, len(games), self._generator)
        batch = self.batch
        batch.occupied[games], batch.frontier[games] = fresh.occupied, fresh.frontier
        batch.colour_free[games], batch.shape_free[games] = fresh.colour_free, fresh.shape_free
        batch.piles[games], batch.heights[games] = fresh.piles, fresh.heights
        batch.flips_left[games], batch.done[games] = fresh.flips_left, fresh.done
        self._board[games] = 0
        self._unseen[games] = 1
        tops = fresh.tops()
        for pile in range(self.rules.piles):
            self._unseen[games, tops[:, pile]] = 0

    def _legal(self, games: np.ndarray, actions: np.ndarray) -> np.ndarray:
        """Whether each action is legal in its game."""
        cells, layers = self.rules.tiles, self.batch.layers
        known = (actions >= 0) & (actions < self.batch.num_actions)
        number = np.where(known, actions, 0).astype(np.int64)
        masks = self._options[games, number // (layers * cells), number // cells % layers]
        return known & ((masks >> (number % cells).astype(np.uint64)) & np.uint64(1)).astype(bool)

    def _place(self, games: np.ndarray, actions: np.ndarray) -> None:
        """Play legal ``actions`` in ``games`` and bring the observation's arrays up to date."""
        batch, n, cells, layers = self.batch, self.rules.n, self.rules.tiles, self.batch.layers
        pile, flip, cell = actions // (layers * cells), actions // cells % layers, actions % cells
        tile = batch.piles[games, pile, batch.heights[games, pile] - 1].astype(np.int64)
        batch._apply(games, pile, flip, cell)
        row, column = cell // n, cell % n
        self._board[games, row, column, 0] = tile // n + 1
        self._board[games, row, column, 1] = np.where(flip == 1, 0, tile % n + 1)
        left = batch.heights[games, pile]
        shown = left > 0
        self._unseen[games[shown], batch.piles[games[shown], pile[shown], left[shown] - 1]] = 0  # the new tops

    def _masks(self) -> np.ndarray:
        # the cells' bits of each (pile, layer) mask, unpacked from its little-endian bytes
        octets = np.ascontiguousarray(self._options.astype("<u8")).reshape(self.num_envs, -1).view(np.uint8)
        bits = np.unpackbits(octets.reshape(self.num_envs, -1, 8), axis=2, bitorder="little")
        return bits[:, :, : self.rules.tiles].reshape(self.num_envs, -1).view(bool)

    def _observe(self) -> Any:
        batch, n = self.batch, self.rules.n
        tops = batch.tops()
        shown = tops >= 0
        codes = np.zeros((self.num_envs, self.rules.piles, 2), dtype=np.int8)
        codes[..., 0] = np.where(shown, tops // n + 1, 0)
        codes[..., 1] = np.where(shown, tops % n + 1, 0)
        observation = {
            "board": self._board.copy(),
            "tops": codes,
            "pile_sizes": batch.heights.astype(np.int16),
            "unseen": self._unseen.reshape(self.num_envs, n, n).copy(),
            "flips_left": batch.flips_left.astype(np.int8)[:, None],
        }
        if self.flat:
            return solo_flat_from(observation, self.rules)
        observation["action_mask"] = self._masks().view(np.int8)
        return observation
