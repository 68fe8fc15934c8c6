"""Turn order, the end of a round (special buildings, feeding, the next first player) and the end of the game.

These functions carry a :class:`~townwidget.littletown.state.State` from one turn to the next; the state calls
them when a turn ends or a player has fed their workers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from townwidget.littletown import objectives as obj
from townwidget.littletown.board import CELLS, GRASS, NEIGHBOURS
from townwidget.littletown.data import (
    CASTLE,
    CATHEDRAL,
    COINS_PER_END_VP,
    FISH,
    RESIDENCE,
    ROUNDS,
    UNFED_PENALTY,
    WATCHTOWER,
    WHEAT,
)

if TYPE_CHECKING:
    from townwidget.littletown.state import State

CASTLE_VP_PER_HOUSE, WATCHTOWER_VP_PER_SPACE = 4, 2  # the gameplay aid's end-of-game effects


def next_turn(state: State) -> None:
    """The next player clockwise with a worker left takes a turn; when none has, the round ends."""
    from townwidget.littletown.state import Turn

    player = state.current_player
    assert player is not None
    state.turn = Turn()
    for step in range(1, state.num_players + 1):
        following = (player + step) % state.num_players
        if state.workers_left[following]:
            state._current, state.phase = following, "turn"
            return
    _end_round(state)


def _end_round(state: State) -> None:
    """Special buildings (the Cathedral scores, the Residence's owner may activate around it), then feeding."""
    from townwidget.littletown.state import Turn

    _score_cathedral(state)
    found = _around(state, RESIDENCE)
    if found is not None:
        state.turn = Turn("residence")
        state._current, state.phase = found[0], "residence"
        if len(state.step_actions()) > 1:  # something to activate besides Done
            return
    start_feeding(state)


def _around(state: State, kind: int) -> tuple[int, list[int]] | None:
    """(owner, cells around) of the building of this kind, if it has been built."""
    cell = state.cell_of_kind(kind)
    if cell is None:
        return None
    return state.buildings[cell][1], list(NEIGHBOURS[cell])  # type: ignore[index]


def _score_cathedral(state: State) -> None:
    found = _around(state, CATHEDRAL)
    if found is None:
        return
    owner, around = found
    workers = [state.workers[cell] for cell in around if state.workers[cell] is not None]
    if state.rules.cathedral_counts == "own":
        workers = [worker for worker in workers if worker == owner]
    state._gain_vp(owner, len(workers), "cathedral")


def start_feeding(state: State) -> None:
    """Feeding starts with the first player (each player's ``Feed`` passes it on clockwise)."""
    from townwidget.littletown.state import Turn

    state.turn = Turn()
    state._current, state.phase = state.first_player, "feed"


def feed(state: State, player: int, fish: int) -> None:
    """``player`` feeds ``fish`` workers with fish and as many others as they can with wheat; -3 VP per unfed."""
    workers, cubes = state.seats.workers, state.cubes[player]
    fed = min(workers, cubes[FISH] + cubes[WHEAT])
    for resource, eaten in ((FISH, fish), (WHEAT, fed - fish)):
        cubes[resource] -= eaten
        state.reserve[resource] += eaten
    if fed < workers:
        state._gain_vp(player, -UNFED_PENALTY * (workers - fed), "feeding")
    if fish == workers:
        state._achieve(player, obj.FED_WITH_FISH)
    following = (player + 1) % state.num_players
    if following != state.first_player:
        state._current = following
    elif state.round == ROUNDS:
        _end_game(state)
    else:
        _next_round(state)


def _next_round(state: State) -> None:
    """The workers come back, the round token moves on, the first player token passes."""
    state.workers = [None] * CELLS
    state.on_site = [0] * state.num_players
    state.workers_left = [state.seats.workers] * state.num_players
    state.first_player = _next_first_player(state)
    state.round += 1
    state._current, state.phase = state.first_player, "turn"


def _next_first_player(state: State) -> int:
    """Clockwise; with 3 players, for the 4th round, the player with the fewest points (ties: the first of them
    clockwise from the holder; all three tied: clockwise as usual, which is the same rule)."""
    holder, count = state.first_player, state.num_players
    clockwise = [(holder + step) % count for step in range(1, count + 1)]
    if count == 3 and state.round + 1 == ROUNDS:
        return min(clockwise, key=lambda player: state.score[player])  # min keeps the first of equal scores
    return clockwise[0]


def _end_game(state: State) -> None:
    """Castle and Watchtower, 1 VP per 3 coins; every objective whose condition holds is completed (there is no
    later moment, and completing never costs anything)."""
    from townwidget.littletown.state import Turn

    castle = _around(state, CASTLE)
    if castle is not None:
        owner, around = castle
        houses = [b[1] for b in (state.buildings[cell] for cell in around) if b is not None]
        if state.rules.castle_counts == "own":
            houses = [house for house in houses if house == owner]
        state._gain_vp(owner, CASTLE_VP_PER_HOUSE * len(houses), "castle")
    tower = _around(state, WATCHTOWER)
    if tower is not None:
        owner, around = tower
        blocked = state.rules.workers_block_watchtower
        empty = [
            cell
            for cell in around
            if state.terrain.kinds[cell] == GRASS
            and state.buildings[cell] is None
            and not (blocked and state.workers[cell] is not None)
        ]
        state._gain_vp(owner, WATCHTOWER_VP_PER_SPACE * len(empty), "watchtower")
    for player in range(state.num_players):
        state._gain_vp(player, state.coins[player] // COINS_PER_END_VP, "coins")
        for card in list(state.objectives[player]):
            if obj.fulfilled(state, player, card):
                state._complete(player, card)
    state.turn = Turn()
    state._current, state.phase = None, "over"
