"""Builders of Town positions for tests: a position is written as the JSON form and loaded with ``from_dict``."""

from __future__ import annotations

from typing import Any

from townwidget import town

Tile = tuple[int, int]


def grid(n: int, board: dict[tuple[int, int], Any]) -> list[list[Any]]:
    cells: list[list[Any]] = [[None] * n for _ in range(n)]
    for (r, k), content in board.items():
        cells[r][k] = list(content) if isinstance(content, tuple) else content
    return cells


def multi_dict(
    board: dict[tuple[int, int], Any],
    hands: list[list[Tile]],
    rules: str = "town77",
    current: int = 0,
    phase: str = "place",
    out: list[int | None] | None = None,
    bag: list[Tile] | None = None,
) -> dict[str, Any]:
    """A multiplayer position; by default the bag holds every other tile (fewer, one per blank on the board)."""
    spec = town.resolve_rules(rules)
    used = {t for t in board.values() if isinstance(t, tuple)} | {t for hand in hands for t in hand}
    if bag is None:
        rest = [(c, s) for c in range(spec.n) for s in range(spec.n) if (c, s) not in used]
        blanks = sum(content == town.BLANK for content in board.values())
        bag = rest[: len(rest) - blanks]
    return {
        "format": "town-state/1",
        "rules": spec.to_dict(),
        "n": spec.n,
        "mode": "multi",
        "phase": phase,
        "current_player": current,
        "board": grid(spec.n, board),
        "hands": [[list(t) for t in hand] for hand in hands],
        "out": out if out is not None else [None] * len(hands),
        "bag": [list(t) for t in bag],
        "bag_size": len(bag),
        "history": [],
        "rng": 12345,
    }


def multi(*args: Any, **kwargs: Any) -> town.MultiState:
    state = town.from_dict(multi_dict(*args, **kwargs))
    assert isinstance(state, town.MultiState)
    return state


def solo_dict(
    board: dict[tuple[int, int], Any], piles: list[list[Tile]], rules: str = "town77", flips_left: int | None = None
) -> dict[str, Any]:
    spec = town.resolve_rules(rules)
    return {
        "format": "town-state/1",
        "rules": spec.to_dict(),
        "n": spec.n,
        "mode": "solo",
        "phase": "place",
        "current_player": 0,
        "board": grid(spec.n, board),
        "piles": [[list(t) for t in pile] for pile in piles],
        "flips_left": spec.flips if flips_left is None else flips_left,
        "history": [],
        "rng": 7,
    }


def solo(*args: Any, **kwargs: Any) -> town.SoloState:
    state = town.from_dict(solo_dict(*args, **kwargs))
    assert isinstance(state, town.SoloState)
    return state


def placements(state: town.State) -> set[tuple[Tile, tuple[int, int]]]:
    return {(a.tile, a.cell) for a in state.legal_actions() if isinstance(a, town.Place)}
