"""The turn and phase machine: the one place where the phase and the player to act change.

:func:`play` carries a :class:`~townwidget.littletown.state.State` through one step: what the step does (through
:mod:`~townwidget.littletown.effects` for the economy) and which phase and player come next. A turn ends with the
next player clockwise who has a worker left; when none has, the round ends: the Cathedral scores, the Residence's
owner activates around it, every player feeds their workers from the first player clockwise, then the next round
starts (or, after the 4th, the game is scored). :func:`settle` takes the steps that offer a single choice.

Every step is told in ``state.log``, the game as the players see it: each entry is ``(player, phase, what,
automatic)``, where ``what`` is an action (a player's decision, or a step with a single choice the game took for
them: ``automatic``) or an :class:`Event` the game makes happen on its own (always ``automatic``): the Cathedral's
points, the points lost for unfed workers, a new round and its first player, the Castle's, the Watchtower's and the
coins' points at the end, and the objectives completed then (``Complete`` actions, ``automatic``). Everything in
the log is public. It is kept in memory for the widget and is not part of the JSON form: a state read with
``from_dict`` (or drawn from a view) starts with an empty log, while ``history`` is written and read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from townwidget.littletown import effects
from townwidget.littletown import objectives as obj
from townwidget.littletown.actions import (
    Action,
    Activate,
    Build,
    Complete,
    Feed,
    Gather,
    Give,
    Pay,
    PlaceBuilding,
    PlaceWorker,
    Take,
)
from townwidget.littletown.board import CELLS, GRASS, NEIGHBOURS, index_of
from townwidget.littletown.data import (
    BUILDING_IDS,
    CASTLE,
    CATHEDRAL,
    COINS_PER_END_VP,
    FISH,
    RESIDENCE,
    RESOURCES,
    ROUNDS,
    UNFED_PENALTY,
    WATCHTOWER,
    WHEAT,
)
from townwidget.littletown.economy import Cubes, counts
from townwidget.littletown.turn import Turn

if TYPE_CHECKING:
    from townwidget.littletown.state import State

CASTLE_VP_PER_HOUSE, WATCHTOWER_VP_PER_SPACE = 4, 2  # the gameplay aid's end-of-game effects
AUTOMATIC = frozenset({"pay", "give", "take", "site", "feed"})  # phases whose single choice is taken for the player
EVENTS = ("cathedral", "unfed", "round", "castle", "watchtower", "coins")


@dataclass(frozen=True, slots=True)
class Event:
    """Something the game does on its own, for ``player`` in the log: ``kind`` (one of :data:`EVENTS`), the points
    it gives (``vp``, negative for a loss) and what it counts (``count``: workers around the Cathedral, unfed
    workers, the round starting, house tokens around the Castle, empty spaces around the Watchtower, coins)."""

    kind: str
    vp: int = 0
    count: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "vp": self.vp, "count": self.count}


def log_entry_to_dict(entry: tuple[int, str, Action | Event, bool]) -> dict[str, Any]:
    """A log entry in JSON form: the action's or event's dict with ``player``, ``phase`` and ``automatic``."""
    player, phase, what, automatic = entry
    return {**what.to_dict(), "player": player, "phase": phase, "automatic": automatic}


def play(state: State, action: Action) -> None:
    """Play one legal step of the player to act, and move on to the next phase (and player)."""
    player = state.current_player
    assert player is not None
    state.forget_steps()
    if isinstance(action, Complete):
        state.complete_objective(player, action.card)
    elif isinstance(action, PlaceWorker):
        _start_worker_turn(state, player, index_of(action.cell))
    elif isinstance(action, Build):
        _start_building(state, player, BUILDING_IDS.index(action.building))
    elif isinstance(action, Pay):
        effects.pay(state, player, counts(action.coins_for))
        _paid(state, player)
    elif isinstance(action, PlaceBuilding):
        _place_building(state, player, index_of(action.cell))
    elif isinstance(action, Gather):
        effects.gather(state, player, RESOURCES.index(action.resource))
    elif isinstance(action, Activate):
        _activate(state, player, index_of(action.cell))
    elif isinstance(action, Give):
        state.turn.give = counts(action.resources)
        state.phase = "pay"
    elif isinstance(action, Take):
        effects.receive(state, player, counts(action.resources))
        _finish_activation(state)
    elif isinstance(action, Feed):
        _feed(state, player, action.fish, counts(action.coins_for))
    elif state.phase == "act":  # done
        _end_worker_turn(state, player)
    else:  # done with the Residence
        _start_feeding(state)


def settle(state: State) -> None:
    """Take every step that offers a single choice (one way to pay, to feed, ...) for the player."""
    while state.phase in AUTOMATIC:
        steps = state.step_actions()
        if len(steps) != 1:
            return
        if not (state.phase == "pay" and effects.due(state) == ((0, 0, 0, 0), 0)):  # an effect taking nothing
            state.log.append((state.current_player, state.phase, steps[0], True))  # type: ignore[arg-type]
        play(state, steps[0])


def _tell(state: State, player: int, event: Event) -> None:
    state.log.append((player, state.phase, event, True))


# --- a turn ----------------------------------------------------------------------------------------------------
def _start_worker_turn(state: State, player: int, cell: int) -> None:

    state.workers[cell] = player
    state.workers_left[player] -= 1
    state.turn = Turn("worker", cell)
    state.phase = "act"


def _start_building(state: State, player: int, kind: int) -> None:

    state.workers_left[player] -= 1
    state.on_site[player] += 1
    state.turn = Turn("build")
    state.turn.building = kind
    state.phase = "pay"


def _activate(state: State, player: int, cell: int) -> None:
    """Pay the owner, then the input: the Shop's choice of cubes (``"give"``) or the payment (``"pay"``)."""
    kind = effects.activate(state, player, cell)
    state.phase = "give" if kind.takes_any else "pay"


def _paid(state: State, player: int) -> None:
    """After a payment: place the building, take the Shop's cubes, or take the effect's output."""
    turn = state.turn
    if turn.building is not None:
        state.phase = "site"
    elif turn.give is not None:
        state.phase = "take"
    else:
        effects.produce(state, player)
        _finish_activation(state)


def _finish_activation(state: State) -> None:
    """Back to the worker's turn, or to the Residence's activations."""
    state.turn.activating = state.turn.give = None
    state.phase = "residence" if state.turn.source == "residence" else "act"


def _place_building(state: State, player: int, cell: int) -> None:
    kind = state.turn.building
    assert kind is not None
    state.buildings[cell] = (kind, player)
    state.market[kind] -= 1
    state.houses_left[player] -= 1
    state.gain_vp(player, state.kinds[kind].vp, "buildings")
    _next_turn(state)


def _end_worker_turn(state: State, player: int) -> None:
    """The worker gathers what it has not gathered yet; the turn passes on."""
    turn = state.turn
    assert turn.worker is not None
    yields = state.terrain.yields[turn.worker]
    for resource in range(3):
        if yields[resource] and resource not in turn.gathered:
            effects.gather(state, player, resource)
    _next_turn(state)


def _next_turn(state: State) -> None:
    """The next player clockwise with a worker left takes a turn; when none has, the round ends."""

    player = state.current_player
    assert player is not None
    state.turn = Turn()
    for step in range(1, state.num_players + 1):
        following = (player + step) % state.num_players
        if state.workers_left[following]:
            state.current_player, state.phase = following, "turn"
            return
    _end_round(state)


# --- the end of a round ----------------------------------------------------------------------------------------
def _end_round(state: State) -> None:
    """Special buildings (the Cathedral scores, the Residence's owner may activate around it), then feeding."""

    _score_cathedral(state)
    found = _around(state, RESIDENCE)
    if found is not None:
        state.turn = Turn("residence")
        state.current_player, state.phase = found[0], "residence"
        if len(state.step_actions()) > 1:  # something to activate besides Done
            return
    _start_feeding(state)


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
    state.gain_vp(owner, len(workers), "cathedral")
    _tell(state, owner, Event("cathedral", len(workers), len(workers)))


def _start_feeding(state: State) -> None:
    """Feeding starts with the first player (each player's ``Feed`` passes it on clockwise)."""

    state.turn = Turn()
    state.current_player, state.phase = state.first_player, "feed"


def _feed(state: State, player: int, fish: int, bought: Cubes) -> None:
    """``player`` buys the food ``bought`` and feeds ``fish`` workers with fish and as many others as they can
    with wheat; -3 VP per unfed worker. The next player clockwise feeds theirs; after the last, the next round (or
    the end of the game)."""
    workers, cubes = state.seats.workers, state.cubes[player]
    fed = min(workers, cubes[FISH] + cubes[WHEAT] + sum(bought))
    effects.spend(state, player, (0, 0, fish, fed - fish), 0, bought)
    if fed < workers:
        state.gain_vp(player, -UNFED_PENALTY * (workers - fed), "feeding")
        _tell(state, player, Event("unfed", -UNFED_PENALTY * (workers - fed), workers - fed))
    if fish == workers:
        state.achieve(player, obj.FED_WITH_FISH)
    following = (player + 1) % state.num_players
    if following != state.first_player:
        state.current_player = following
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
    state.current_player, state.phase = state.first_player, "turn"
    _tell(state, state.first_player, Event("round", count=state.round))


def _next_first_player(state: State) -> int:
    """Clockwise; with 3 players, for the 4th round, the player with the fewest points (ties: the first of them
    clockwise from the holder; all three tied: clockwise as usual, which is the same rule)."""
    holder, count = state.first_player, state.num_players
    clockwise = [(holder + step) % count for step in range(1, count + 1)]
    if count == 3 and state.round + 1 == ROUNDS:
        score = state.score
        return min(clockwise, key=lambda player: score[player])  # min keeps the first of equal scores
    return clockwise[0]


# --- the end of the game ---------------------------------------------------------------------------------------
def _end_game(state: State) -> None:
    """Castle and Watchtower, 1 VP per 3 coins; every objective whose condition holds is completed (there is no
    later moment, and completing never costs anything)."""

    castle = _around(state, CASTLE)
    if castle is not None:
        owner, around = castle
        houses = [b[1] for b in (state.buildings[cell] for cell in around) if b is not None]
        if state.rules.castle_counts == "own":
            houses = [house for house in houses if house == owner]
        state.gain_vp(owner, CASTLE_VP_PER_HOUSE * len(houses), "castle")
        _tell(state, owner, Event("castle", CASTLE_VP_PER_HOUSE * len(houses), len(houses)))
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
        state.gain_vp(owner, WATCHTOWER_VP_PER_SPACE * len(empty), "watchtower")
        _tell(state, owner, Event("watchtower", WATCHTOWER_VP_PER_SPACE * len(empty), len(empty)))
    for player in range(state.num_players):
        points = state.coins[player] // COINS_PER_END_VP
        state.gain_vp(player, points, "coins")
        if points:
            _tell(state, player, Event("coins", points, state.coins[player]))
        for card in list(state.objectives[player]):
            if obj.fulfilled(state, player, card):
                state.log.append((player, state.phase, Complete(card), True))
                state.complete_objective(player, card)
    state.turn = Turn()
    state.current_player, state.phase = None, "over"
