"""The JSON form of a Little Town state (``littletown-state/1``): writing it, and reading it back from untrusted data.

Plain JSON types only. A cell is ``[row, column]`` (rows 0-5 from the edge farthest from the market, columns 0-8);
resources are ``"wood"``, ``"stone"``, ``"fish"``, ``"wheat"``; buildings are named by their id in ``data.json``.

=====================  =================================================================================================
key                    value
=====================  =================================================================================================
``format``             ``"littletown-state/1"``
``rules``              the :class:`~townwidget.littletown.rules.Rules` as a dict (side, market, open questions)
``num_players``        2, 3 or 4
``round``              1 to 4
``phase``              ``"turn"``, ``"act"``, ``"pay"``, ``"give"``, ``"take"``, ``"site"``, ``"residence"``,
                       ``"feed"`` or ``"over"`` (see :mod:`townwidget.littletown.state`)
``first_player``       the holder of the first player token
``current_player``     the player to act; ``null`` when over
``terrain``            6 strings of 9 letters: ``F`` forest, ``M`` mountain, ``L`` lake, ``.`` grass (of the side)
``buildings``          ``[{"cell": [r, c], "building": "pier", "owner": p}, ...]`` in cell order
``workers``            ``[{"cell": [r, c], "player": p}, ...]``: the workers on the board, in cell order
``market``             ``{"wheat_field": 5, "pier": 1, ...}``: the tiles left in the market
``reserve``            ``{"wood": n, "stone": n, "fish": n, "wheat": n, "coins": n}`` (written; checked when read)
``players``            per player: ``coins``, ``resources`` (per resource), ``score``, ``vp`` (points per source,
                       summing to the score), ``workers_left`` (to place this round), ``construction_site`` (workers
                       there), ``houses_left``, ``objectives`` (card numbers not completed yet), ``completed`` (in
                       the order completed), ``achievements`` (moments that objective cards ask for, once reached)
``objectives_unused``  full form only: the cards not dealt or set aside by the market-symbol redraw (sorted)
``turn``               the steps taken in the turn under way: ``source`` (``"worker"``, ``"build"``,
                       ``"residence"`` or ``null``), ``worker`` (cell), ``gathered``, ``harvested``, ``activated``
                       (cells), ``vp_buildings``, ``building`` (chosen, not placed yet), ``activating`` (cell),
                       ``give`` (the Shop's cubes given)
``result``             when over: ``{"scores": [...], "ranks": [...], "winners": [...]}`` (rank 1 = best)
``history``            the actions applied, as dicts with their ``player`` and ``phase``
``rng``                full form only: the generator's state
=====================  =================================================================================================

With ``viewer=p``, the other players' objective cards not completed yet are ``null`` (their number shows), and
``objectives_unused`` and ``rng`` are left out; everything else is public. With ``viewer=PUBLIC`` (a spectator's
form) every player's cards not completed yet are ``null``.

``from_dict`` checks everything (exact types: ``1.0`` is no ``1``; every number within what a game can reach, points
per source included; cubes, coins and cards conserved; the board, the turn order and the turn under way) and raises
:class:`~townwidget.core.errors.InvalidState` naming the key at fault, the bad value quoted short. It takes the
position as written; ``history`` is its record, which must replay from the set-up it gives back
(:func:`townwidget.littletown.setup.start_of`) to the position (the replay also tells the log again), within what a
game can hold. ``reserve``, ``terrain``, ``history``, ``rng`` and the players' ``houses_left`` and
``achievements`` may be left out (a position typed in loads too).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from townwidget.core.checks import is_integer, require_integer, shown
from townwidget.core.errors import IllegalAction, InvalidState
from townwidget.core.protocol import Viewer, checked_viewer
from townwidget.core.registry import replay_history
from townwidget.core.rng import Rng
from townwidget.littletown import objectives as obj
from townwidget.littletown.actions import Action, parse_action
from townwidget.littletown.board import COLUMNS, NEIGHBOURS, ROWS, cell_of, index_of
from townwidget.littletown.data import (
    BUILDING_IDS,
    CARD_IDS,
    CARDS,
    COINS_PER_END_VP,
    CUBES_PER_RESOURCE,
    MARKET_SLOTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RESOURCES,
    ROUNDS,
    TOTAL_COINS,
    UNFED_PENALTY,
    WHEAT_FIELD,
)
from townwidget.littletown.economy import counts, names
from townwidget.littletown.rounds import CASTLE_VP_PER_HOUSE, WATCHTOWER_VP_PER_SPACE
from townwidget.littletown.rules import Rules
from townwidget.littletown.setup import start_of
from townwidget.littletown.state import FORMAT, RESIDENCE, VP_SOURCES, State
from townwidget.littletown.turn import PHASES, Turn


# --- writing -----------------------------------------------------------------------------------------------
def state_to_dict(state: State, viewer: Viewer = None) -> dict[str, Any]:
    viewer = checked_viewer(viewer, state.num_players)  # PUBLIC is nobody's seat: it sees what every player sees
    out: dict[str, Any] = {
        "format": FORMAT,
        "rules": state.rules.to_dict(),
        "num_players": state.num_players,
        "round": state.round,
        "phase": state.phase,
        "first_player": state.first_player,
        "current_player": state.current_player,
        "terrain": list(state.terrain.rows),
        "buildings": [
            {"cell": list(cell_of(cell)), "building": state.kinds[kind].id, "owner": owner}
            for cell, (kind, owner) in state.buildings_by_cell().items()
        ],
        "workers": [
            {"cell": list(cell_of(cell)), "player": player}
            for cell, player in enumerate(state.workers)
            if player is not None
        ],
        "market": {state.kinds[k].id: count for k, count in enumerate(state.market) if count},
        "reserve": {**dict(zip(RESOURCES, state.reserve, strict=True)), "coins": state.reserve_coins},
        "players": [_player_to_dict(state, player, viewer) for player in range(state.num_players)],
    }
    if viewer is None:
        out["objectives_unused"] = list(state.unused)
    out["turn"] = _turn_to_dict(state.turn)
    result = state.result()
    if result is not None:
        out["result"] = result
    out["history"] = [{**action.to_dict(), "player": player, "phase": phase} for player, phase, action in state.history]
    if viewer is None:
        out["rng"] = state.rng.state
    return out


def _player_to_dict(state: State, player: int, viewer: Viewer) -> dict[str, Any]:
    cards = state.objectives[player]
    return {
        "coins": state.coins[player],
        "resources": dict(zip(RESOURCES, state.cubes[player], strict=True)),
        "score": state.score[player],
        "vp": dict(state.vp[player]),
        "workers_left": state.workers_left[player],
        "construction_site": state.on_site[player],
        "houses_left": state.houses_left[player],
        "objectives": list(cards) if viewer in (None, player) else [None] * len(cards),
        "completed": list(state.completed[player]),
        "achievements": sorted(state.achievements[player]),
    }


def _turn_to_dict(turn: Turn) -> dict[str, Any]:
    return {
        "source": turn.source,
        "worker": None if turn.worker is None else list(cell_of(turn.worker)),
        "gathered": [RESOURCES[r] for r in turn.gathered],
        "harvested": dict(zip(RESOURCES, turn.harvested, strict=True)),
        "activated": [list(cell_of(cell)) for cell in turn.activated],
        "vp_buildings": turn.vp_buildings,
        "building": None if turn.building is None else BUILDING_IDS[turn.building],
        "activating": None if turn.activating is None else list(cell_of(turn.activating)),
        "give": None if turn.give is None else list(names(turn.give)),
    }


# --- reading -----------------------------------------------------------------------------------------------
def from_dict(data: Any, check_history: bool = True) -> State:
    """A state from its JSON form (the full form: a viewer form hides cards and cannot be loaded).

    >>> from townwidget.littletown import new_game
    >>> game = new_game(players=3, seed=3)
    >>> from_dict(game.to_dict()).to_dict() == game.to_dict()
    True

    ``check_history=False`` reads the history without replaying it (views do, on a deal of the hidden cards that
    the history was not played with).
    """
    if not isinstance(data, dict):
        raise InvalidState(f"a state must be an object (dict), not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise InvalidState(f"'format' must be {FORMAT!r}, not {shown(data.get('format'))}")
    rules = Rules.from_dict(require(data, "rules"))
    players = require_integer(
        require(data, "num_players"), "'num_players'", MIN_PLAYERS, MAX_PLAYERS, error=InvalidState
    )
    state = State(rules, players, _read_rng(data))
    if data.get("terrain", list(state.terrain.rows)) != list(state.terrain.rows):
        raise InvalidState(f"'terrain' does not match side {rules.side} of the board")
    state.round = require_integer(require(data, "round"), "'round'", 1, ROUNDS, error=InvalidState)
    state.phase = require(data, "phase")
    if state.phase not in PHASES:
        raise InvalidState(f"'phase' must be one of {list(PHASES)}, not {shown(state.phase)}")
    state.first_player = require_integer(
        require(data, "first_player"), "'first_player'", 0, players - 1, error=InvalidState
    )
    _read_board(data, state)
    _read_market(data, state)
    _read_players(data, state)
    _read_reserve(data, state)
    _read_objectives(data, state)
    _read_turn_order(data, state)
    state.turn = _read_turn(require(data, "turn"), state)
    _check_turn(state)
    state.history = _read_history(data, state)
    if check_history and state.history:
        _check_replay(state)
    return state


def _check_replay(state: State) -> None:
    """The history is the record of the position: it must replay to it from the set-up; the replay's log (every
    step in words, automatic ones too, kept in memory only) becomes the state's."""
    try:
        replayed = replay_history(start_of(state), state)[-1]
    except ValueError as error:
        raise InvalidState(f"'history': {error}") from None
    assert isinstance(replayed, State)
    state.log = replayed.log


def max_history(state: State) -> int:
    """More moves than any game holds: a worker's turn takes at most a placement, three steps for each of the
    spaces around it (gather or activate, then pay, give or take) and its end; each player feeds once a round and
    completes each objective card once."""
    turn = 2 + 3 * max(map(len, NEIGHBOURS))
    per_round = state.num_players * (state.seats.workers * turn + 1)
    return ROUNDS * per_round + state.num_players * state.seats.objectives


def require(data: dict[str, Any], key: str, where: str = "") -> Any:
    if key not in data:
        raise InvalidState(f"{where}missing key {key!r}")
    return data[key]


def _vp_bounds(state: State) -> dict[str, tuple[int, int]]:
    """The fewest and most points a player can hold from each source (``VP_SOURCES``) in a whole game: generous
    bounds from the components (every building around activated, every round), so a saved score beyond them is
    no game's."""
    seats, kinds, around = state.seats, state.kinds, max(map(len, NEIGHBOURS))
    activations = ROUNDS * (seats.workers + 1) * around  # each worker's turn and the Residence, every round
    return {
        "buildings": (0, seats.houses * max(kind.vp for kind in kinds)),
        "effects": (0, activations * max(kind.gives_vp for kind in kinds)),
        "objectives": (0, seats.objectives * max(card.vp for card in CARDS.values())),
        "cathedral": (0, ROUNDS * around),
        "feeding": (-ROUNDS * seats.workers * UNFED_PENALTY, 0),
        "castle": (0, CASTLE_VP_PER_HOUSE * around),
        "watchtower": (0, WATCHTOWER_VP_PER_SPACE * around),
        "coins": (0, TOTAL_COINS // COINS_PER_END_VP),
    }


def _object(value: Any, where: str, keys: set[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InvalidState(f"{where} must be an object, not {shown(value)}")
    unknown = set(value) - keys
    if unknown:
        raise InvalidState(f"{where}: unknown key(s) {shown(sorted(unknown, key=shown))}")
    missing = keys - set(value)
    if missing:
        raise InvalidState(f"{where}: missing key(s) {sorted(missing)}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidState(f"{where} must be a list, not {shown(value)}")
    return value


def _cell(value: Any, where: str) -> int:
    if not isinstance(value, list) or len(value) != 2:
        raise InvalidState(f"{where} must be a cell [row, column], not {shown(value)}")
    row = require_integer(value[0], f"{where} row", 0, ROWS - 1, error=InvalidState)
    return index_of((row, require_integer(value[1], f"{where} column", 0, COLUMNS - 1, error=InvalidState)))


def _grass(value: Any, where: str, state: State) -> int:
    cell = _cell(value, where)
    if state.terrain.kinds[cell] != ".":
        raise InvalidState(f"{where} {value} is not a grass space")
    return cell


def _cubes(value: Any, where: str) -> list[int]:
    amounts = _object(value, where, set(RESOURCES))
    return [
        require_integer(amounts[name], f"{where} {name!r}", 0, CUBES_PER_RESOURCE[r], error=InvalidState)
        for r, name in enumerate(RESOURCES)
    ]


def _read_rng(data: dict[str, Any]) -> Rng:
    value = data.get("rng")
    if value is None:
        return Rng()  # a position typed in has no generator yet
    return Rng.from_state(require_integer(value, "'rng'", 0, (1 << 64) - 1, error=InvalidState))


def _read_board(data: dict[str, Any], state: State) -> None:
    for i, entry in enumerate(_list(require(data, "buildings"), "'buildings'")):
        where = f"buildings[{i}]"
        entry = _object(entry, where, {"cell", "building", "owner"})
        cell = _grass(entry["cell"], f"{where} 'cell'", state)
        if state.buildings[cell] is not None:
            raise InvalidState(f"{where}: space {entry['cell']} holds two buildings")
        if entry["building"] not in BUILDING_IDS:
            raise InvalidState(f"{where}: unknown building {shown(entry['building'])}")
        owner = require_integer(entry["owner"], f"{where} 'owner'", 0, state.num_players - 1, error=InvalidState)
        state.buildings[cell] = (BUILDING_IDS.index(entry["building"]), owner)
    for i, entry in enumerate(_list(require(data, "workers"), "'workers'")):
        where = f"workers[{i}]"
        entry = _object(entry, where, {"cell", "player"})
        cell = _grass(entry["cell"], f"{where} 'cell'", state)
        if state.buildings[cell] is not None or state.workers[cell] is not None:
            raise InvalidState(f"{where}: space {entry['cell']} is not empty (a building or another worker)")
        state.workers[cell] = require_integer(
            entry["player"], f"{where} 'player'", 0, state.num_players - 1, error=InvalidState
        )


def _read_market(data: dict[str, Any], state: State) -> None:
    market = require(data, "market")
    if not isinstance(market, dict):
        raise InvalidState(f"'market' must be an object of building ids and counts, not {shown(market)}")
    built = [0] * len(state.kinds)
    for index, _ in state.placed_buildings():
        built[index] += 1
    for building, count in market.items():
        if building not in BUILDING_IDS:
            raise InvalidState(f"'market': unknown building {shown(building)}")
        kind = state.kinds[BUILDING_IDS.index(building)]
        state.market[kind.index] = require_integer(count, f"'market' {building!r}", 0, kind.count, error=InvalidState)
    for kind in state.kinds:
        if built[kind.index] + state.market[kind.index] > kind.count:
            raise InvalidState(f"'market' and 'buildings' hold more than the {kind.count} {kind.name} tile(s)")
    wheat = state.kinds[WHEAT_FIELD]
    if built[WHEAT_FIELD] + state.market[WHEAT_FIELD] != wheat.count:
        raise InvalidState(f"'market' and 'buildings' must hold the {wheat.count} {wheat.name} tiles")
    dealt = [kind for kind in state.kinds if kind.index != WHEAT_FIELD and built[kind.index] + state.market[kind.index]]
    if len(dealt) != MARKET_SLOTS:
        raise InvalidState(f"'market' and 'buildings' must hold the {MARKET_SLOTS} buildings dealt, not {len(dealt)}")
    if state.rules.bird_market and not all(kind.bird for kind in dealt):
        raise InvalidState("'market': with bird_market, the buildings dealt are those with a bird")


PLAYER_KEYS = {"coins", "resources", "score", "vp", "workers_left", "construction_site", "objectives", "completed"}


def _read_players(data: dict[str, Any], state: State) -> None:
    entries = _list(require(data, "players"), "'players'")
    if len(entries) != state.num_players:
        raise InvalidState(f"'players' must hold {state.num_players} players, not {len(entries)}")
    owned = [0] * state.num_players
    for _, owner in state.placed_buildings():
        owned[owner] += 1
    bounds = _vp_bounds(state)
    for p, entry in enumerate(entries):
        where = f"players[{p}]"
        if not isinstance(entry, dict):
            raise InvalidState(f"{where} must be an object, not {shown(entry)}")
        entry = _object(entry, where, PLAYER_KEYS | ({"houses_left", "achievements"} & set(entry)))
        state.coins[p] = require_integer(entry["coins"], f"{where} 'coins'", 0, TOTAL_COINS, error=InvalidState)
        state.cubes[p] = _cubes(entry["resources"], f"{where} 'resources'")
        vp = _object(entry["vp"], f"{where} 'vp'", set(VP_SOURCES))
        state.vp[p] = {
            source: require_integer(vp[source], f"{where} 'vp' {source!r}", *bounds[source], error=InvalidState)
            for source in VP_SOURCES
        }
        score = require_integer(  # written for readers; the score is the sum of the points
            entry["score"],
            f"{where} 'score'",
            sum(low for low, _ in bounds.values()),
            sum(high for _, high in bounds.values()),
            error=InvalidState,
        )
        if sum(state.vp[p].values()) != score:
            raise InvalidState(f"{where}: 'score' {score} is not the sum of 'vp' ({sum(state.vp[p].values())})")
        workers = state.seats.workers
        state.workers_left[p] = require_integer(
            entry["workers_left"], f"{where} 'workers_left'", 0, workers, error=InvalidState
        )
        state.on_site[p] = require_integer(
            entry["construction_site"], f"{where} 'construction_site'", 0, workers, error=InvalidState
        )
        on_board = state.workers.count(p)
        if on_board + state.on_site[p] + state.workers_left[p] != workers:
            raise InvalidState(
                f"{where}: {on_board} worker(s) on the board, {state.on_site[p]} on the construction site and "
                f"{state.workers_left[p]} left do not make the {workers} workers of a {state.num_players}-player game"
            )
        state.houses_left[p] = state.seats.houses - owned[p]
        if state.houses_left[p] < 0:
            raise InvalidState(f"{where} owns {owned[p]} buildings but has only {state.seats.houses} house tokens")
        houses = require_integer(
            entry.get("houses_left", state.houses_left[p]), f"{where} 'houses_left'", error=InvalidState
        )
        if houses != state.houses_left[p]:
            raise InvalidState(f"{where}: 'houses_left' is {houses} but {owned[p]} buildings are owned")
        state.objectives[p] = sorted(_cards(entry["objectives"], f"{where} 'objectives'"))
        state.completed[p] = _cards(entry["completed"], f"{where} 'completed'")
        achievements = _list(entry.get("achievements", []), f"{where} 'achievements'")
        if any(name not in obj.ACHIEVEMENTS for name in achievements):
            raise InvalidState(
                f"{where} 'achievements' must be among {list(obj.ACHIEVEMENTS)}, not {shown(achievements)}"
            )
        state.achievements[p] = set(achievements)


def _cards(value: Any, where: str) -> list[int]:
    cards = _list(value, where)
    if None in cards:
        raise InvalidState(f"{where}: a card is hidden (null): a viewer form cannot be loaded as a state")
    if any(not is_integer(card) or card not in CARDS for card in cards):
        raise InvalidState(f"{where} must hold objective card numbers {list(CARD_IDS)}, not {shown(cards)}")
    return list(cards)


def _read_reserve(data: dict[str, Any], state: State) -> None:
    """The reserve is what the players do not hold; when written, it must say so."""
    for r, name in enumerate(RESOURCES):
        held = sum(cubes[r] for cubes in state.cubes)
        if held > CUBES_PER_RESOURCE[r]:
            raise InvalidState(f"the players hold {held} {name} but the game has {CUBES_PER_RESOURCE[r]}")
        state.reserve[r] = CUBES_PER_RESOURCE[r] - held
    if sum(state.coins) > TOTAL_COINS:
        raise InvalidState(f"the players hold {sum(state.coins)} coins but the game has {TOTAL_COINS}")
    state.reserve_coins = TOTAL_COINS - sum(state.coins)
    expected = {**dict(zip(RESOURCES, state.reserve, strict=True)), "coins": state.reserve_coins}
    reserve = data.get("reserve", expected)
    if reserve != expected or not all(map(is_integer, reserve.values())):
        raise InvalidState(f"'reserve' must be what the players do not hold: {expected}, not {shown(reserve)}")


def _read_objectives(data: dict[str, Any], state: State) -> None:
    unused = sorted(_cards(require(data, "objectives_unused"), "'objectives_unused'"))
    everywhere = unused + [c for cards in state.objectives + state.completed for c in cards]
    if sorted(everywhere) != list(CARD_IDS):
        raise InvalidState(f"objective cards must appear once each in players and 'objectives_unused': {CARD_IDS}")
    state.unused = unused
    market = [state.kinds[k].id for k, count in enumerate(state.market) if count]
    possible = obj.possible_cards(
        market + [state.kinds[k].id for k, _ in state.placed_buildings()], state.rules.restaurant_gives
    )
    for p in range(state.num_players):
        if len(state.objectives[p]) + len(state.completed[p]) != state.seats.objectives:
            raise InvalidState(f"players[{p}] must have {state.seats.objectives} objective cards (completed or not)")
        impossible = [card for card in state.objectives[p] + state.completed[p] if card not in possible]
        if impossible:
            raise InvalidState(
                f"players[{p}]: card {impossible[0]} is impossible with this market (it is redrawn at setup)"
            )


def _read_turn_order(data: dict[str, Any], state: State) -> None:
    """Workers are placed one per turn from the first player clockwise, and the current player is next (or acts)."""
    current = require(data, "current_player")
    players, phase = state.num_players, state.phase
    if phase == "over":
        if current is not None:
            raise InvalidState(f"'current_player' must be null when the game is over, not {shown(current)}")
        if state.round != ROUNDS or any(state.workers_left):
            raise InvalidState(f"a game is over only after round {ROUNDS}, with every worker placed")
        state._current = None
        return
    state._current = current = require_integer(current, "'current_player'", 0, players - 1, error=InvalidState)
    if phase in ("residence", "feed"):
        if any(state.workers_left):
            raise InvalidState(f"in phase {phase!r} (end of the round) every worker has been placed")
        return
    placed = [state.seats.workers - left for left in state.workers_left]
    turns = sum(placed) - (phase != "turn")  # the worker of a turn under way is placed already
    order = [(state.first_player + step) % players for step in range(players)]
    expected = [turns // players + (order.index(p) < turns % players) for p in range(players)]
    if phase != "turn":
        expected[current] += 1
    if current != order[turns % players] or placed != expected:
        raise InvalidState(
            f"'current_player' {current} and the workers placed {placed} do not follow the turn order from "
            f"'first_player' {state.first_player}"
        )


TURN_KEYS = {"source", "worker", "gathered", "harvested", "activated", "vp_buildings", "building", "activating", "give"}


def _read_turn(value: Any, state: State) -> Turn:
    entry = _object(value, "'turn'", TURN_KEYS)
    source = entry["source"]
    if source not in (None, "worker", "build", "residence"):
        raise InvalidState(f"'turn' 'source' must be null, 'worker', 'build' or 'residence', not {shown(source)}")
    turn = Turn(source, None if entry["worker"] is None else _grass(entry["worker"], "'turn' 'worker'", state))
    gathered = _list(entry["gathered"], "'turn' 'gathered'")
    if any(name not in RESOURCES[:3] for name in gathered) or len(set(gathered)) != len(gathered):
        raise InvalidState(f"'turn' 'gathered' must name wood, stone or fish once each, not {shown(gathered)}")
    turn.gathered = [RESOURCES.index(name) for name in gathered]
    turn.harvested = _cubes(entry["harvested"], "'turn' 'harvested'")
    turn.activated = [
        _cell(cell, f"'turn' 'activated'[{i}]")
        for i, cell in enumerate(_list(entry["activated"], "'turn' 'activated'"))
    ]
    turn.vp_buildings = require_integer(
        entry["vp_buildings"], "'turn' 'vp_buildings'", 0, len(turn.activated), error=InvalidState
    )
    if entry["building"] is not None:
        if entry["building"] not in BUILDING_IDS:
            raise InvalidState(f"'turn' 'building': unknown building {shown(entry['building'])}")
        turn.building = BUILDING_IDS.index(entry["building"])
    if entry["activating"] is not None:
        turn.activating = _cell(entry["activating"], "'turn' 'activating'")
    if entry["give"] is not None:
        give = _list(entry["give"], "'turn' 'give'")
        if len(give) != 2 or any(name not in RESOURCES for name in give):
            raise InvalidState(f"'turn' 'give' must name 2 resources, not {shown(give)}")
        turn.give = counts(give)
    return turn


class TurnShape(NamedTuple):
    """What the turn under way holds: its source, and whether a worker, a building chosen, a building being
    activated and the Shop's cubes given are set."""

    source: str | None
    worker: bool = False
    building: bool = False
    activating: bool = False
    give: bool = False


BETWEEN_TURNS = TurnShape(None)
WORKER_TURN = TurnShape("worker", worker=True)
BUILD_TURN = TurnShape("build", building=True)
RESIDENCE_TURN = TurnShape("residence")
# A worker's (or the Residence's) activation under way: paying its input, or the Shop's give, pay and take.
WORKER_ACTIVATES = TurnShape("worker", worker=True, activating=True)
WORKER_SHOP = TurnShape("worker", worker=True, activating=True, give=True)
RESIDENCE_ACTIVATES = TurnShape("residence", activating=True)
RESIDENCE_SHOP = TurnShape("residence", activating=True, give=True)
TURN_SHAPES: dict[str, tuple[TurnShape, ...]] = {
    "turn": (BETWEEN_TURNS,),
    "feed": (BETWEEN_TURNS,),
    "over": (BETWEEN_TURNS,),
    "act": (WORKER_TURN,),
    "site": (BUILD_TURN,),
    "residence": (RESIDENCE_TURN,),
    "give": (WORKER_ACTIVATES, RESIDENCE_ACTIVATES),
    "take": (WORKER_SHOP, RESIDENCE_SHOP),
    "pay": (BUILD_TURN, WORKER_ACTIVATES, WORKER_SHOP, RESIDENCE_ACTIVATES, RESIDENCE_SHOP),
}
"""Per phase: the shapes the turn under way may have."""


def _shape(turn: Turn) -> TurnShape:
    return TurnShape(
        turn.source,
        worker=turn.worker is not None,
        building=turn.building is not None,
        activating=turn.activating is not None,
        give=turn.give is not None,
    )


def _check_turn(state: State) -> None:
    """The turn under way fits the phase, its cells are where the rules put them, and the player has a step."""
    turn, phase = state.turn, state.phase
    if _shape(turn) not in TURN_SHAPES[phase]:
        raise InvalidState(f"'turn' does not fit phase {phase!r} (its source, worker, building, activating, give)")
    if turn.source is None and (turn.gathered or any(turn.harvested) or turn.activated or turn.vp_buildings):
        raise InvalidState(f"'turn' must be empty between turns (phase {phase!r})")
    if turn.source != "worker" and turn.gathered:
        raise InvalidState("'turn' 'gathered': only a worker placed on the board gathers")
    _check_activated(state, _turn_centre(state))
    if turn.building is not None and not state.market[turn.building]:
        raise InvalidState(f"'turn' 'building': the {state.kinds[turn.building].name} is not in the market")
    if phase != "over" and not state.step_actions():
        raise InvalidState(f"player {state.current_player} has nothing to do in phase {phase!r}")


def _turn_centre(state: State) -> int | None:
    """The cell the turn activates around: the Residence (owned by the player to act) or the player's worker."""
    turn = state.turn
    if turn.source == "residence":
        centre = state.cell_of_kind(RESIDENCE)
        if centre is None or state.buildings[centre][1] != state.current_player:  # type: ignore[index]
            raise InvalidState("phase 'residence' needs the Residence built and its owner to act")
        return centre
    if turn.worker is not None and state.workers[turn.worker] != state.current_player:
        raise InvalidState("'turn' 'worker' must be a cell holding a worker of the current player")
    return turn.worker


def _check_activated(state: State, centre: int | None) -> None:
    """The buildings activated are around the centre, and the one under way is the last, at the right step."""
    turn = state.turn
    for cell in turn.activated:
        if state.buildings[cell] is None or centre is None or cell not in NEIGHBOURS[centre]:
            raise InvalidState(f"'turn' 'activated': {list(cell_of(cell))} is not a building next to the turn's worker")
    if turn.activating is None:
        return
    if turn.activating not in turn.activated or len(set(turn.activated)) != len(turn.activated):
        raise InvalidState("'turn' 'activating' must be the last building activated, once")
    kind = state.kinds[state.buildings[turn.activating][0]]  # type: ignore[index]
    shop_step = state.phase in ("give", "take") or turn.give is not None
    if not kind.activatable or bool(kind.takes_any) != shop_step:
        raise InvalidState(f"'turn' 'activating': the {kind.name} has no such step (phase {state.phase!r}, 'give')")


def _read_history(data: dict[str, Any], state: State) -> list[tuple[int, str, Action]]:
    history = []
    entries = _list(data.get("history", []), "'history'")
    if len(entries) > max_history(state):
        raise InvalidState(f"'history' holds {len(entries)} moves, more than a game can ({max_history(state)})")
    players = state.num_players
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise InvalidState(f"history[{i}] must be an action object")
        player = require_integer(entry.get("player"), f"history[{i}] 'player'", 0, players - 1, error=InvalidState)
        phase = entry.get("phase")
        if phase not in PHASES[:-1]:
            raise InvalidState(f"history[{i}]: 'phase' must be one of {list(PHASES[:-1])}, not {shown(phase)}")
        try:
            history.append((player, phase, parse_action(entry)))
        except IllegalAction as error:
            raise InvalidState(f"history[{i}]: {error}") from None
    return history
