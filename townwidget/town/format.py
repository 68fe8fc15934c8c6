"""The JSON form of a Town state (``town-state/1``): writing it, and reading it back from untrusted data.

``from_dict`` checks everything (types, ranges, tiles conserved, a legal connected board, a consistent phase) and
raises :class:`~townwidget.core.errors.InvalidState` naming the key or the cell at fault. It takes the position as
written; ``history`` is its record: a solo history must replay from the deal it gives back
(:func:`townwidget.town.start.start_of`) to the position, and no history may hold more moves than a game can (a
multiplayer game's draws are not in its history, so it is not replayed). A position typed in from a physical game,
without a history, loads too.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from townwidget.core.checks import is_integer, require_integer, shown
from townwidget.core.errors import IllegalAction, InvalidState
from townwidget.core.protocol import Viewer, checked_viewer
from townwidget.core.registry import replay_history
from townwidget.core.rng import Rng
from townwidget.town.actions import Action, Discard, Pass, Tile, parse_action
from townwidget.town.board import BLANK, Board, Content
from townwidget.town.rules import Rules
from townwidget.town.start import start_of
from townwidget.town.state import FORMAT, MAX_PLAYERS, MIN_PLAYERS, MultiState, SoloState, State, all_tiles

PHASES = {"multi": ("exchange", "place", "discard", "over"), "solo": ("place", "over")}


# --- writing -----------------------------------------------------------------------------------------------
def state_to_dict(state: State, viewer: Viewer = None) -> dict[str, Any]:
    viewer = checked_viewer(viewer, state.num_players)  # PUBLIC is nobody's seat: it sees what every player sees
    out: dict[str, Any] = {
        "format": FORMAT,
        "rules": state.rules.to_dict(),
        "n": state.rules.n,
        "mode": state.mode,
        "phase": _phase_seen(state, viewer),
        "current_player": state.current_player,
        "board": state.board.to_lists(),
    }
    if isinstance(state, MultiState):
        out["hands"] = [
            [[c, s if viewer in (None, p) else None] for c, s in hand] for p, hand in enumerate(state.hands)
        ]
        out["out"] = list(state.out)
        if viewer is None:
            out["bag"] = [list(tile) for tile in state.bag]
        out["bag_size"] = len(state.bag)
    else:
        assert isinstance(state, SoloState)
        out["piles"] = [
            [list(tile) if viewer is None or i == len(pile) - 1 else None for i, tile in enumerate(pile)]
            for pile in state.piles
        ]
        out["flips_left"] = state.flips_left
        if viewer is not None:  # the solo player knows which tiles remain, not their order
            out["unseen"] = sorted(list(tile) for pile in state.piles for tile in pile[:-1])
    result = state.result()
    if result is not None:
        out["result"] = result
    out["history"] = [
        _history_entry(player, phase, action, viewer)
        for player, phase, action in state.history
        if viewer in (None, player) or not (phase == "exchange" and isinstance(action, Pass))
    ]
    if viewer is None:
        out["rng"] = state.rng.state
    return out


def _history_entry(player: int, phase: str, action: Action, viewer: Viewer) -> dict[str, Any]:
    entry = action.to_dict()
    if isinstance(action, Discard) and viewer not in (None, player):
        entry["tile"] = [action.tile[0], None]  # a discard is returned face down: others see its colour only
    entry["player"] = player
    entry["phase"] = phase
    return entry


def _phase_seen(state: State, viewer: Viewer) -> str:
    """Whether the player to act may exchange hangs on their hidden shapes: others see their turn as 'place'."""
    if state.phase == "exchange" and viewer not in (None, state.current_player):
        return "place"
    return state.phase


# --- reading -----------------------------------------------------------------------------------------------
def from_dict(data: Any, check_phase: bool = True) -> State:
    """A state from its JSON form (the full form: a viewer form hides tiles and cannot be played on).

    >>> from townwidget.town import new_solo
    >>> game = new_solo("town66", seed=3)
    >>> from_dict(game.to_dict()).to_dict() == game.to_dict()
    True

    ``check_phase=False`` skips only the check that the player to act has a move in the phase written (views use
    it while they deal hidden tiles, then check the turn themselves).
    """
    if not isinstance(data, dict):
        raise InvalidState(f"a state must be an object (dict), not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise InvalidState(f"'format' must be {FORMAT!r}, not {shown(data.get('format'))}")
    rules = Rules.from_dict(_require(data, "rules"))
    if _require(data, "n") != rules.n:
        raise InvalidState(f"'n' is {shown(data['n'])} but the rules say {rules.n}")
    mode = _require(data, "mode")
    if not isinstance(mode, str) or mode not in PHASES:
        raise InvalidState(f"'mode' must be 'multi' or 'solo', not {shown(mode)}")
    phase = _require(data, "phase")
    if phase not in PHASES[mode]:
        raise InvalidState(f"'phase' must be one of {list(PHASES[mode])} in a {mode} game, not {shown(phase)}")
    board = _read_board(_require(data, "board"), rules.n)
    rng = _read_rng(data)
    state: State = (_read_solo if mode == "solo" else _read_multi)(data, rules, rng, board)
    state.board = board
    state.phase = phase
    _read_current_player(data, state)
    state.history = _read_history(data, state)
    if check_phase:
        _check_phase(state)
    if state.history and isinstance(state, SoloState):
        _check_replay(state)
    return state


def _check_replay(state: SoloState) -> None:
    """A solo history is the record of the position: it must replay to it from its deal."""
    try:
        replay_history(start_of(state), state)
    except ValueError as error:
        raise InvalidState(f"'history': {error}") from None


def _require(data: dict[str, Any], key: str) -> Any:
    if key not in data:
        raise InvalidState(f"missing key {key!r}")
    return data[key]


def _read_rng(data: dict[str, Any]) -> Rng:
    value = data.get("rng")
    if value is None:
        return Rng()  # a position typed in has no generator yet
    return Rng.from_state(require_integer(value, "'rng'", 0, (1 << 64) - 1, error=InvalidState))


def _read_tile(value: Any, where: str, n: int, colour_only: bool = False) -> tuple[int, Any]:
    if not isinstance(value, list) or len(value) != 2:
        raise InvalidState(f"{where}: a tile must be [colour, shape], not {shown(value)}")
    colour, shape = value
    if colour_only and shape is None:
        values: tuple[Any, ...] = (("colour", colour),)
    elif shape is None:
        raise InvalidState(f"{where}: shape is null (a viewer form hides tiles; it cannot be loaded as a state)")
    else:
        values = (("colour", colour), ("shape", shape))
    for name, number in values:
        require_integer(number, f"{where}: {name}", 0, n - 1, error=InvalidState)
    return colour, shape


def _read_tiles(value: Any, where: str, n: int) -> list[Tile]:
    if not isinstance(value, list):
        raise InvalidState(f"{where} must be a list of tiles, not {shown(value)}")
    return [_read_tile(tile, f"{where}[{i}]", n) for i, tile in enumerate(value)]


def _read_board(value: Any, n: int) -> Board:
    if (
        not isinstance(value, list)
        or len(value) != n
        or any(not isinstance(row, list) or len(row) != n for row in value)
    ):
        raise InvalidState(f"'board' must be {n} rows of {n} cells")
    board = Board(n)
    contents: dict[tuple[int, int], Content] = {}
    for r, row in enumerate(value):
        for k, cell in enumerate(row):
            if cell is None:
                continue
            where = f"board[{r}][{k}]"
            content: Content = BLANK if cell == BLANK else _read_tile(cell, where, n, colour_only=True)
            if isinstance(content, tuple):
                for part, name in ((0, "colour"), (1, "shape")):
                    value = content[part]
                    clash = None if value is None else board.conflict((r, k), part, value)
                    if clash:
                        raise InvalidState(f"{where}: {name} {value} is also in {clash}")
            board.put((r, k), content)
            contents[(r, k)] = content
    _check_connected(board, contents)
    return board


def _check_connected(board: Board, contents: dict[tuple[int, int], Content]) -> None:
    if not contents:
        return
    if (0, 0) not in contents:
        raise InvalidState("board: the top-left cell [0, 0] (the pioneer's) is empty but other cells are not")
    reached, todo = {(0, 0)}, [(0, 0)]
    while todo:
        r, k = todo.pop()
        for near in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)):
            if near in contents and near not in reached:
                reached.add(near)
                todo.append(near)
    stray = sorted(set(contents) - reached)
    if stray:
        raise InvalidState(f"board: cell {list(stray[0])} is not connected to the pioneer at [0, 0]")


def _check_conserved(placed: Board, held: list[Tile], where: str, n: int) -> None:
    """Every tile appears once: on the board, or in ``held``; blank and colour-only cells stand for the rest."""
    counts = Counter(held) + Counter(c for c in placed.cells if isinstance(c, tuple) and c[1] is not None)
    doubles = sorted(tile for tile, count in counts.items() if count > 1)
    if doubles:
        raise InvalidState(f"tile {list(doubles[0])} appears more than once (board and {where})")
    missing = [tile for tile in all_tiles(n) if tile not in counts]
    blanks = sum(c == BLANK for c in placed.cells)
    colour_only = Counter(c[0] for c in placed.cells if isinstance(c, tuple) and c[1] is None)
    missing_colours = Counter(c for c, _ in missing)
    short = [c for c, count in colour_only.items() if missing_colours[c] < count]
    if short or len(missing) != blanks + sum(colour_only.values()):
        examples = [list(t) for t in missing[:5]]
        raise InvalidState(
            f"tiles are not conserved: {len(missing)} tile(s) missing from board and {where} (e.g. {examples}), "
            f"for {blanks} blank and {sum(colour_only.values())} colour-only cell(s)"
        )


def _read_solo(data: dict[str, Any], rules: Rules, rng: Rng, board: Board) -> SoloState:
    piles = _require(data, "piles")
    if not isinstance(piles, list) or len(piles) != rules.piles:
        raise InvalidState(f"'piles' must be a list of {rules.piles} piles")
    parsed = [_read_tiles(pile, f"piles[{i}]", rules.n) for i, pile in enumerate(piles)]
    flips = require_integer(_require(data, "flips_left"), "'flips_left'", 0, rules.flips, error=InvalidState)
    if any(isinstance(c, tuple) and c[1] is None for c in board.cells) and not rules.flips:
        raise InvalidState("board: colour-only tiles need rules with flips")
    _check_conserved(board, [tile for pile in parsed for tile in pile], "piles", rules.n)
    return SoloState(rules, rng, parsed, flips)


def _read_multi(data: dict[str, Any], rules: Rules, rng: Rng, board: Board) -> MultiState:
    hands = _require(data, "hands")
    if not isinstance(hands, list) or not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
        raise InvalidState(f"'hands' must be a list of {MIN_PLAYERS} to {MAX_PLAYERS} hands")
    parsed = [sorted(_read_tiles(hand, f"hands[{p}]", rules.n)) for p, hand in enumerate(hands)]
    bag = sorted(_read_tiles(_require(data, "bag"), "bag", rules.n))
    if data.get("bag_size", len(bag)) != len(bag):
        raise InvalidState(f"'bag_size' is {shown(data['bag_size'])} but 'bag' holds {len(bag)} tiles")
    if any(isinstance(c, tuple) and c[1] is None for c in board.cells):
        raise InvalidState("board: colour-only tiles exist only in solo games")
    _check_conserved(board, [t for hand in parsed for t in hand] + bag, "hands and bag", rules.n)
    out = _require(data, "out")
    if not isinstance(out, list) or len(out) != len(parsed):
        raise InvalidState(f"'out' must have one entry per player ({len(parsed)})")
    orders = [o for o in out if o is not None]
    if not all(map(is_integer, orders)) or sorted(orders) != list(range(1, len(orders) + 1)):
        raise InvalidState(f"'out' must hold null or the leaving orders 1, 2, ... once each, not {shown(out)}")
    playing = [p for p, hand in enumerate(parsed) if not hand and out[p] is None]
    if playing:  # in play a player whose hand empties leaves at once
        raise InvalidState(f"hands[{playing[0]}] is empty but player {playing[0]} has not left ('out' is null)")
    return MultiState(rules, rng, parsed, bag, list(out))


def _read_current_player(data: dict[str, Any], state: State) -> None:
    player = _require(data, "current_player")
    if state.phase == "over":
        if player is not None:
            raise InvalidState(f"'current_player' must be null when the game is over, not {shown(player)}")
    elif not is_integer(player) or not 0 <= player < state.num_players:
        raise InvalidState(f"'current_player' must be a player from 0 to {state.num_players - 1}, not {shown(player)}")
    elif isinstance(state, MultiState) and state.out[player] is not None:
        raise InvalidState(f"'current_player' {player} has already left the game")
    state._current = player


def _read_history(data: dict[str, Any], state: State) -> list[tuple[int, str, Action]]:
    entries = data.get("history", [])
    if not isinstance(entries, list):
        raise InvalidState("'history' must be a list of actions")
    if len(entries) > max_history(state):
        raise InvalidState(
            f"'history' holds {len(entries)} moves, more than a {state.mode} game of {state.rules.name} can "
            f"({max_history(state)})"
        )
    history = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise InvalidState(f"history[{i}] must be an action object")
        player = entry.get("player", 0)
        if not is_integer(player) or not 0 <= player < state.num_players:
            raise InvalidState(f"history[{i}]: 'player' must be a player number, not {shown(player)}")
        phase = entry.get("phase", "place")
        if phase not in PHASES[state.mode][:-1]:
            raise InvalidState(
                f"history[{i}]: 'phase' must be one of {list(PHASES[state.mode][:-1])}, not {shown(phase)}"
            )
        try:
            history.append((player, phase, parse_action(entry, state.rules.n)))
        except IllegalAction as error:
            raise InvalidState(f"history[{i}]: {error}") from None
    return history


def max_history(state: State) -> int:
    """The most moves a game can hold: in solo one placement a tile; in multiplayer a turn is at most an exchange,
    a placement and a discard, and every turn places a tile but each player's last (the one they leave in)."""
    if isinstance(state, SoloState):
        return state.rules.tiles
    return 3 * (state.rules.tiles + state.num_players)


def _check_phase(state: State) -> None:
    """The position must be one the rules can stand in: a player to act with a move, or a finished game."""
    if isinstance(state, SoloState):
        can_move = state.can_move()
        if state.phase == "place" and not can_move:
            raise InvalidState("'phase' is 'place' but no pile top can be placed (the game is over)")
        if state.phase == "over" and can_move:
            raise InvalidState("'phase' is 'over' but a pile top can still be placed")
        return
    assert isinstance(state, MultiState)
    if state.phase == "over":
        if None in state.out:
            raise InvalidState("'phase' is 'over' but some players have not left ('out' holds null)")
        return
    player = state.current_player
    assert player is not None
    if state.phase == "exchange" and not state.can_exchange():
        raise InvalidState(f"'phase' is 'exchange' but player {player} has no tiles to exchange (or the bag is empty)")
    if state.phase == "place" and not state.has_placement():
        raise InvalidState(f"'phase' is 'place' but player {player} has no legal placement (they would have left)")
    if state.phase == "discard" and len(state.hands[player]) < 2:  # one tile left after placing, and one drawn
        raise InvalidState(f"'phase' is 'discard' but player {player} holds fewer than 2 tiles (placed, then drew)")
