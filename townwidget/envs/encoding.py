"""Integer numbering of Town actions, for learning code (the engine's API uses action objects).
Written for Town by design (its actions are Town's), so it reads Town's rules (``tests/test_game_agnostic.py``).

Solo: ``index = (pile * F + flip) * n^2 + cell`` with ``F = 2`` when the rules allow flips, else 1; the tile is
the top of the pile. Multiplayer: first every placement (``tile * n^2 + cell``, ``tile = colour * n + shape``),
then every exchange of alike tiles (in a fixed order), then every discard (by tile), then pass.

>>> from townwidget import town
>>> encoding = SoloEncoding(town.TOWN77)
>>> encoding.size
147
>>> game = town.new_solo("town77", seed=0)
>>> first = game.legal_actions()[0]
>>> encoding.decode(encoding.encode(first), game) == first
True
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np

from townwidget.town import Discard, Exchange, Pass, Place, Rules, resolve_rules


class SoloEncoding:
    """Solo actions <-> integers in ``range(size)``."""

    def __init__(self, rules: Rules | str) -> None:
        self.rules = resolve_rules(rules)
        self.cells = self.rules.tiles
        self.flip_kinds = 2 if self.rules.flips else 1
        self.size = self.rules.piles * self.flip_kinds * self.cells

    def encode(self, action: Place) -> int:
        if not isinstance(action, Place) or action.pile is None:
            raise ValueError(f"a solo action is a placement from a pile, not {action!r}")
        row, column = action.cell
        return (action.pile * self.flip_kinds + int(action.flip)) * self.cells + row * self.rules.n + column

    def decode(self, index: int, state: Any) -> Place:
        """The placement numbered ``index`` (its tile is the top of its pile in ``state``)."""
        if not 0 <= index < self.size:
            raise ValueError(f"action index {index} is out of range 0..{self.size - 1}")
        kind, cell = divmod(int(index), self.cells)
        pile, flip = divmod(kind, self.flip_kinds)
        if not state.piles[pile]:
            raise ValueError(f"action index {index} takes from pile {pile}, which is empty")
        return Place(tuple(state.piles[pile][-1]), divmod(cell, self.rules.n), pile, bool(flip))

    def mask(self, actions: list[Any]) -> np.ndarray:
        """1 for every index among ``actions`` (the legal ones), else 0."""
        return _mask(self.size, (self.encode(action) for action in actions))


class MultiEncoding:
    """Multiplayer actions <-> integers in ``range(size)``."""

    def __init__(self, rules: Rules | str) -> None:
        self.rules = rules = resolve_rules(rules)
        n, k = rules.n, rules.exchange_size
        self.places = n**4
        same_colour = [tuple((c, s) for s in shapes) for c in range(n) for shapes in combinations(range(n), k)]
        same_shape = [tuple((c, s) for c in colours) for s in range(n) for colours in combinations(range(n), k)]
        self.exchanges = sorted(same_colour + same_shape)
        self._exchange_index = {group: i for i, group in enumerate(self.exchanges)}
        self.discards = self.places + len(self.exchanges)
        self.passing = self.discards + n * n
        self.size = self.passing + 1

    def encode(self, action: Any) -> int:
        n = self.rules.n
        if isinstance(action, Place):
            (c, s), (r, k) = action.tile, action.cell
            return (c * n + s) * n * n + r * n + k
        if isinstance(action, Exchange):
            return self.places + self._exchange_index[tuple(sorted(action.tiles))]
        if isinstance(action, Discard):
            return self.discards + action.tile[0] * n + action.tile[1]
        if isinstance(action, Pass):
            return self.passing
        raise ValueError(f"not a multiplayer Town action: {action!r}")

    def decode(self, index: int) -> Any:
        if not 0 <= index < self.size:
            raise ValueError(f"action index {index} is out of range 0..{self.size - 1}")
        n, index = self.rules.n, int(index)
        if index < self.places:
            tile, cell = divmod(index, n * n)
            return Place(divmod(tile, n), divmod(cell, n))
        if index < self.discards:
            return Exchange(self.exchanges[index - self.places])
        if index < self.passing:
            return Discard(divmod(index - self.discards, n))
        return Pass()

    def mask(self, actions: list[Any]) -> np.ndarray:
        return _mask(self.size, (self.encode(action) for action in actions))


def _mask(size: int, indices: Any) -> np.ndarray:
    mask = np.zeros(size, dtype=np.int8)
    for index in indices:
        mask[index] = 1
    return mask
