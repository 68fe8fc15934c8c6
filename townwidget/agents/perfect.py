"""Perfect cities: on small boards, the moves that keep a complete board possible.

A complete n x n Town board is a pair of orthogonal Latin squares, the colours and the shapes
(:func:`townwidget.latin.orthogonal_pairs`): a *perfect city*. On a 4 x 4 board there are 6,912 of them, few enough
to keep, for every cell and tile, the set of perfect cities that hold that tile there (a bitset over the cities).
The cities a board still allows are then the intersection of its tiles' sets, and a move keeps a perfect city
possible when that intersection meets the set of its own tile on its cell.

This matters on Town 44: order 4 has few Latin squares with an orthogonal mate (the cyclic square has none), so a few
careless placements rule out every perfect city, and the board then cannot be filled whatever comes up. On the expert's
own line of Town 44 games, the boards that still allowed a perfect city were worth several tiles more under optimal play
than the others, and the expert had often broken the last perfect city while a legal move kept one (measured when the
rule was made; ``benchmarks/honest_optimum.py`` compares the expert with and without it). The expert therefore searches
only among the moves that keep one, whenever any does (:func:`keeping_moves`).

>>> from townwidget import town
>>> game = town.new_solo("town44", seed=0)
>>> game.apply(game.legal_actions()[0])  # the first tile, on (0, 0): every tile fits some perfect city there
>>> len(keeping_moves(game.view(0).to_dict()["board"], game.legal_actions())) <= len(game.legal_actions())
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from townwidget.latin import MAX_PAIRED_ORDER, orthogonal_pairs
from townwidget.town.actions import Place

Grid = Sequence[Sequence[Any]]
"""A board as in the JSON state format: rows of cells, each ``None``, ``[colour, shape]``, ``[colour, None]`` (a
flip) or ``"blank"``."""


@cache
def _holding(n: int) -> tuple[dict[tuple[int, int, int, int], int], int]:
    """For each (row, column, colour, shape), the bitset of the perfect cities with that tile on that cell; and the
    bitset of them all."""
    holding: dict[tuple[int, int, int, int], int] = {}
    pairs = orthogonal_pairs(n)
    for city, (colours, shapes) in enumerate(pairs):
        for r in range(n):
            for k in range(n):
                key = (r, k, colours[r][k], shapes[r][k])
                holding[key] = holding.get(key, 0) | 1 << city
    return holding, (1 << len(pairs)) - 1


def perfect_cities(board: Grid) -> int | None:
    """How many perfect cities agree with every tile on ``board`` (0: the board can no longer be completed), or
    ``None`` when the board is too large to list them (past :data:`~townwidget.latin.MAX_PAIRED_ORDER`) or holds a
    flipped or blank tile (no longer a pair of Latin squares).

    >>> board = [[None] * 4 for _ in range(4)]
    >>> perfect_cities(board)
    6912
    >>> board[0][:2], board[1][:2] = [[0, 0], [1, 1]], [[1, 2], [0, 3]]
    >>> perfect_cities(board)
    8
    >>> board[1][1] = [2, 3]  # colours 0 1 / 1 2 start the cyclic square, which has no orthogonal mate
    >>> perfect_cities(board)
    0
    """
    allowed = _allowed(board)
    return None if allowed is None else allowed.bit_count()


def keeping_moves(board: Grid, moves: Sequence[Any]) -> list[Any]:
    """The placements among ``moves`` after which some perfect city is still possible on ``board``; all of
    ``moves`` when none keeps one, or when the board's cities cannot be listed (see :func:`perfect_cities`)."""
    allowed = _allowed(board)
    if not allowed:
        return list(moves)
    holding, _ = _holding(len(board))
    kept = [
        move
        for move in moves
        if isinstance(move, Place) and not move.flip and allowed & holding.get((*move.cell, *move.tile), 0)
    ]
    return kept or list(moves)


def _allowed(board: Grid) -> int | None:
    """The bitset of the perfect cities that agree with ``board``, or ``None`` where they cannot be listed."""
    n = len(board)
    if n > MAX_PAIRED_ORDER:
        return None
    holding, cities = _holding(n)
    for r, row in enumerate(board):
        for k, content in enumerate(row):
            if content is None:
                continue
            if isinstance(content, str) or content[1] is None:
                return None
            cities &= holding.get((r, k, content[0], content[1]), 0)
    return cities
