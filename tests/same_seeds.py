"""Deals, draws and agents' moves for many seeds, as JSON: tests/test_no_numpy.py runs this with numpy and
without and compares the two."""

from __future__ import annotations

import json
from typing import Any

from townwidget import agents, littletown, town

TOWN_BOARDS = ("town44", "town66", "town77")
LITTLE_TOWN_EVERY = 5  # seeds: whole Little Town games on one in five


def _players(board: str, seed: int) -> int:
    """2 to 5 players (Town 44's 16 tiles deal at most 3 hands)."""
    return 2 + seed % (2 if board == "town44" else 4)


def deals(seeds: range) -> list[Any]:
    """Every game's starting state (the shuffled piles, hands, bag, cards and generator) for each seed."""
    out: list[Any] = []
    for seed in seeds:
        for board in TOWN_BOARDS:
            out.append(town.new_solo(board, seed=seed).to_dict())
            out.append(town.new_game(board, players=_players(board, seed), seed=seed).to_dict())
        out.append(littletown.new_game(players=2 + seed % 3, seed=seed).to_dict())
    return out


def games(seeds: range) -> list[Any]:
    """Whole games, greedy against random, and the states the views draw (the unseen tiles shuffled) on the way:
    Town 44, 66 and 77 by turns, solo and with 2 to 5 players, and Little Town with 2 to 4 (one seed in
    :data:`LITTLE_TOWN_EVERY`)."""
    out: list[Any] = []
    for seed in seeds:
        board = TOWN_BOARDS[seed % 3]
        out.append(_play(town.new_solo(board, seed=seed), seed))
        out.append(_play(town.new_game(board, players=_players(board, seed), seed=seed), seed))
        if seed % LITTLE_TOWN_EVERY == 0:  # a Little Town game takes a hundred moves, each view a copy of the state
            out.append(_play(littletown.new_game(players=2 + seed // LITTLE_TOWN_EVERY % 3, seed=seed), seed))
    return out


def _play(game: Any, seed: int) -> dict[str, Any]:
    players = [agents.make_agent("greedy" if p % 2 == 0 else "random", seed=seed + p) for p in range(5)]
    moves, drawn = [], []
    while not game.is_terminal():
        player = game.current_player
        view = game.view(player)
        if len(moves) % 7 == 0:
            drawn.append(view.sample_state(seed + len(moves)).to_dict())
        action = players[player].act(view)
        moves.append(action.to_dict())
        game.apply(action)
    return {"moves": moves, "drawn": drawn, "end": game.to_dict()}


def fingerprint(deal_seeds: int, game_seeds: int) -> str:
    return json.dumps({"deals": deals(range(deal_seeds)), "games": games(range(game_seeds))}, sort_keys=True)
