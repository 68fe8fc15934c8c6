"""A Gymnasium environment for solo Town (the Challenge Rule).
Written for Town by design (its observations and actions are Town's), so it reads Town's rules.

One step places the top of a pile: the action is an integer of :class:`~townwidget.envs.encoding.SoloEncoding`.
The reward is 1 per tile placed, so an episode's return is the score. An illegal action is refused: the game does
not change, the reward is :data:`ILLEGAL_REWARD` and ``info["illegal"]`` says why. The observation holds what the
player may know (the board, the pile tops and sizes, the set of unseen tiles, the flips left) and the action mask;
``flat=True`` gives it as one flat one-hot array (:mod:`townwidget.envs.flat`), the mask then in ``info`` and
:meth:`TownSoloEnv.action_masks` (sb3-contrib's MaskablePPO reads it there). ``reset(seed=s)`` deals the game of
``town.new_solo(rules, seed=s)``, so learned agents and the package's agents can be compared on the same deals.

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

from townwidget.core.rng import Rng  # noqa: E402
from townwidget.envs.encoding import SoloEncoding  # noqa: E402
from townwidget.envs.flat import solo_flat_from  # noqa: E402
from townwidget.envs.observation import board_rgb, board_space, mask_space, solo_flat_space  # noqa: E402
from townwidget.town import IllegalAction, Place, Rules, SoloState, new_solo, resolve_rules, state_svg  # noqa: E402
from townwidget.town.render import state_text  # noqa: E402
from townwidget.town.state import all_tiles, solo_placements  # noqa: E402

ILLEGAL_REWARD = -1.0
RENDER_MODES = ("ansi", "svg", "rgb_array")


class TownSoloEnv(Env[Any, np.int64]):
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

    With ``flat=True``: a ``Box(0, 1)`` float32 array, the same in one-hot form
    (:func:`~townwidget.envs.flat.solo_flat`).

    ``render_mode="ansi"``: :meth:`render` returns the player's view as text (see
    :func:`~townwidget.town.render.state_text`); ``"svg"``: an SVG picture; ``"rgb_array"``: an image of the board
    (Stable-Baselines3's ``make_vec_env`` asks for it).

    The observation is kept up to date move by move rather than rebuilt from the view (the same arrays, tested
    against the view's, at a tenth of the cost).
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(self, rules: Rules | str = "town77", render_mode: str | None = None, flat: bool = False) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None, 'ansi', 'svg' or 'rgb_array', not {render_mode!r}")
        self.rules = resolve_rules(rules)
        self.render_mode, self.flat = render_mode, bool(flat)
        self.encoding = SoloEncoding(self.rules)
        n, piles = self.rules.n, self.rules.piles
        self.action_space = spaces.Discrete(self.encoding.size)
        codes: dict[str, spaces.Space[Any]] = {
            "board": board_space(self.rules),
            "tops": spaces.Box(0, n, shape=(piles, 2), dtype=np.int8),
            "pile_sizes": spaces.Box(0, n * n, shape=(piles,), dtype=np.int16),
            "unseen": spaces.Box(0, 1, shape=(n, n), dtype=np.int8),
            "flips_left": spaces.Box(0, max(self.rules.flips, 1), shape=(1,), dtype=np.int8),  # a non-empty range
            "action_mask": mask_space(self.encoding.size),
        }
        self.observation_space = solo_flat_space(self.rules) if self.flat else spaces.Dict(codes)
        # the engine's own placement objects (apply trusts them) and the action number of each
        self._places = solo_placements(n, piles)
        flips = (False, True) if self.rules.flips else (False,)
        self._numbers = {
            id(place): self.encoding.encode(place)
            for tables in self._places
            for flip in flips
            for by_colour in tables[flip]
            for by_shape in by_colour
            for place in by_shape
        }
        self.state: SoloState = new_solo(self.rules, seed=0)
        self._start()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """A new deal: ``town.new_solo(rules, seed=seed)``'s; without a seed, the next of the environment's stream.
        ``options={"piles": piles}`` deals the given piles instead (lists of ``(colour, shape)``, bottom first, every
        tile once: another environment's deal, as :meth:`TownSoloVectorEnv.piles_of` gives it)."""
        super().reset(seed=seed)
        if options and "piles" in options:
            self.state = SoloState(self.rules, Rng(0), dealt_piles(self.rules, options["piles"]), self.rules.flips)
        else:
            self.state = new_solo(self.rules, seed=seed if seed is not None else int(self.np_random.integers(2**63)))
        self._start()
        observation = self.observe()
        return observation, {"action_mask": self._mask}

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        info: dict[str, Any] = {}
        reward = 1.0
        try:
            place = self._place(int(action))
            self.state.apply(place)
        except (IllegalAction, ValueError) as error:
            reward, info["illegal"] = ILLEGAL_REWARD, str(error)
        else:
            self._placed(place)
        observation = self.observe()
        info["action_mask"] = self._mask
        return observation, reward, self.state.is_terminal(), False, info

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (the method sb3-contrib's MaskablePPO calls)."""
        return self._mask.astype(bool)

    def render(self) -> Any:
        if self.render_mode == "svg":
            return state_svg(self.state.to_dict(viewer=0))
        if self.render_mode == "ansi":
            return state_text(self.state.view(0).to_dict())
        if self.render_mode == "rgb_array":
            return board_rgb(self._board)
        return None

    def observe(self) -> Any:
        """The current observation: what the player may know, and the action mask."""
        state = self.state
        numbers, marks = self._numbers, bytearray(self.encoding.size)  # a bytearray: faster than numpy's indexing
        for action in state.legal_actions():
            marks[numbers[id(action)]] = 1
        self._mask = mask = np.frombuffer(marks, dtype=np.int8)
        codes = {
            "board": self._board.copy(),
            "tops": self._tops.copy(),
            "pile_sizes": self._sizes.copy(),
            "unseen": self._unseen.copy(),
            "flips_left": self._flips.copy(),
        }
        if self.flat:
            return solo_flat_from(codes, self.rules)
        codes["action_mask"] = mask
        return codes

    # --- the observation kept up to date -------------------------------------------------------------------------
    def _start(self) -> None:
        """The arrays of a new deal: an empty board, the tops, and the tiles below them (which, not where)."""
        n, piles = self.rules.n, self.state.piles
        self._board = np.zeros((n, n, 2), dtype=np.int8)
        self._unseen = np.zeros((n, n), dtype=np.int8)
        for pile in piles:
            for colour, shape in pile[:-1]:
                self._unseen[colour, shape] = 1
        self._tops = np.array([(pile[-1][0] + 1, pile[-1][1] + 1) if pile else (0, 0) for pile in piles], np.int8)
        self._sizes = np.array([len(pile) for pile in piles], dtype=np.int16)
        self._flips = np.array([self.state.flips_left], dtype=np.int8)

    def _place(self, number: int) -> Place:
        """The engine's placement object numbered ``number`` (its tile: the top of its pile)."""
        if not 0 <= number < self.encoding.size:
            raise ValueError(f"action index {number} is out of range 0..{self.encoding.size - 1}")
        kind, cell = divmod(number, self.rules.tiles)
        pile, flip = divmod(kind, self.encoding.flip_kinds)
        if not self.state.piles[pile]:
            raise ValueError(f"action index {number} takes from pile {pile}, which is empty")
        colour, shape = self.state.piles[pile][-1]
        return self._places[pile][flip][colour][shape][cell]

    def _placed(self, place: Place) -> None:
        (colour, shape), (row, column) = place.tile, place.cell
        self._board[row, column] = colour + 1, 0 if place.flip else shape + 1
        if place.flip:
            self._flips[0] = self.state.flips_left
        index: int = place.pile  # type: ignore[assignment]
        pile = self.state.piles[index]
        self._sizes[index] = len(pile)
        if pile:  # its new top is seen now
            colour, shape = pile[-1]
            self._unseen[colour, shape] = 0
            self._tops[index] = colour + 1, shape + 1
        else:
            self._tops[index] = 0


def dealt_piles(rules: Rules, piles: Any) -> list[list[tuple[int, int]]]:
    """Piles given from outside, checked: ``rules.piles`` lists of ``(colour, shape)`` holding every tile once."""
    try:
        dealt = [[(int(colour), int(shape)) for colour, shape in pile] for pile in piles]
    except (TypeError, ValueError) as error:
        raise ValueError(f"piles must be lists of (colour, shape) pairs: {error}") from None
    if len(dealt) != rules.piles or sorted(tile for pile in dealt for tile in pile) != all_tiles(rules.n):
        raise ValueError(f"piles must be {rules.piles} lists holding each of the {rules.tiles} tiles once")
    return dealt
