"""A flat array of what one player may know of a Little Town game, built from their viewer form
(``state.to_dict(viewer=player)``) only: the OpenSpiel game's tensors. A summary of the present view (the record
of play is left out), every count divided by a bound so that most entries lie in [0, 1] (scores may leave it).
Written for Little Town by design (an observation's layout is its game's).

In order: per cell of the board (row by row) the building's kind (one-hot over the game's kinds), its owner and the
worker standing there (one-hot over the players); the market's count of each kind; the reserve (resources, coins);
per player their coins, resources, score, workers, construction-site tiles, houses, number of objective cards held
and the cards completed (one-hot); the viewer's own cards (one-hot); the round, the phase, the player to act, the
first player and the viewer (one-hot); the resources harvested in the turn under way.

>>> from townwidget import littletown
>>> data = littletown.new_game(players=2, seed=0).to_dict(viewer=0)
>>> littletown_flat(data, 0).shape == (littletown_flat_size(2),)
True
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from townwidget.littletown import CARDS, RESOURCES, new_game
from townwidget.littletown.data import building_kinds
from townwidget.littletown.turn import PHASES

ROUNDS = 4
CARD_INDEX = {card: i for i, card in enumerate(sorted(CARDS))}
SCALE = {"coins": 40, "resource": 15, "score": 100, "workers": 5, "site": 5, "houses": 10, "cards": 3, "market": 5}


@cache
def _kinds() -> dict[str, int]:
    return {kind.id: i for i, kind in enumerate(building_kinds("vp"))}  # the kinds' names, whatever the options


@cache
def littletown_flat_size(players: int) -> int:
    return len(littletown_flat(new_game(players=players, seed=0).to_dict(viewer=0), 0))


def _one_hot(size: int, index: int | None) -> list[float]:
    out = [0.0] * size
    if index is not None and 0 <= index < size:
        out[index] = 1.0
    return out


def littletown_flat(data: dict[str, Any], player: int) -> np.ndarray:
    """The flat array of a Little Town viewer form, ``player``'s (see the module's doc)."""
    kinds, players = _kinds(), data["num_players"]
    rows, columns = len(data["terrain"]), len(data["terrain"][0])
    width = len(kinds) + 2 * players
    cells = np.zeros((rows * columns, width), dtype=np.float32)
    for building in data["buildings"]:
        at = building["cell"][0] * columns + building["cell"][1]
        cells[at, kinds[building["building"]]] = 1
        if building["owner"] is not None:
            cells[at, len(kinds) + building["owner"]] = 1
    for worker in data["workers"]:
        cells[worker["cell"][0] * columns + worker["cell"][1], len(kinds) + players + worker["player"]] = 1
    market = [0.0] * len(kinds)
    for kind, count in data["market"].items():
        market[kinds[kind]] = count / SCALE["market"]
    parts = [cells.ravel(), market, [data["reserve"][name] / SCALE["coins"] for name in (*RESOURCES, "coins")]]
    for seat in data["players"]:
        completed = [0.0] * len(CARD_INDEX)
        for card in seat["completed"]:
            completed[CARD_INDEX[card]] = 1.0
        parts.append(
            [
                seat["coins"] / SCALE["coins"],
                *(seat["resources"][name] / SCALE["resource"] for name in RESOURCES),
                seat["score"] / SCALE["score"],
                seat["workers_left"] / SCALE["workers"],
                seat["construction_site"] / SCALE["site"],
                seat["houses_left"] / SCALE["houses"],
                len(seat["objectives"]) / SCALE["cards"],
                *completed,
            ]
        )
    own = [0.0] * len(CARD_INDEX)
    for card in data["players"][player]["objectives"]:
        own[CARD_INDEX[card]] = 1.0
    parts += [own, _one_hot(ROUNDS, data["round"] - 1), _one_hot(len(PHASES), PHASES.index(data["phase"]))]
    parts += [_one_hot(players, data["current_player"]), _one_hot(players, data["first_player"])]
    parts += [_one_hot(players, player)]
    harvested = (data.get("turn") or {}).get("harvested") or {}
    parts.append([harvested.get(name, 0) / SCALE["resource"] for name in RESOURCES])
    return np.concatenate([np.asarray(part, dtype=np.float32) for part in parts])
