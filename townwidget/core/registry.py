"""The games by name: how the arena, the advice and the widgets start, load and replay a game without knowing which.

A game family registers one :class:`Game`: the names it plays, its seats, how to deal a new game from a seed, how
to read its saved JSON form, and how to read a seat's score from ``result()``; and, as its adapter, what the layers
above read and only the game knows: its title, its moves and phases in words, its rules as data, its seat and
public views, the parser of untrusted actions, its picture and style, and the widget that draws it. :func:`game_of`
finds a state's family, so that hints, reviews, widgets and tables never ask a state what game it is. The package's own
games (Town and Little Town) register themselves when first asked for; another game calls :func:`register` once
(``docs/architecture.md``, "Adding a game").

>>> game = new_game("town44", players=1, seed=3)   # a Town 44 solo deal
>>> lookup("town44").family, lookup("littletown").players
('town', range(2, 5))
>>> load_state(game.to_dict()).to_dict() == game.to_dict()
True

A finished game is a :class:`GameRecord` (the game, its seed, the players and every move as JSON), and
:func:`replay` plays it again from its seed, each move checked by the engine. A saved state carries its own
history: :func:`positions` plays it again from the start the engine rebuilds (:attr:`Game.start_of`), where the
game can tell it (not in multiplayer Town, whose draws the history does not hold).
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from townwidget.core.checks import is_integer, shown
from townwidget.core.protocol import PUBLIC, State, View, action_data

RECORD_FORMAT = "townwidget-record/1"
_BUILTIN = ("townwidget.town", "townwidget.littletown")  # imported on first use, so core imports no game


def _no_start(state: State[Any]) -> State[Any]:
    raise ValueError(f"this game cannot tell where a saved state's history starts ({type(state).__name__})")


def _type_name(state: State[Any]) -> str:
    return type(state).__name__


def _action_type(state: State[Any], action: Any) -> str:
    return shown(action_data(action))


def _phase_itself(phase: str) -> str:
    return phase


def _no_goal(state: State[Any]) -> str:
    return ""


def _no_rules(state: State[Any]) -> dict[str, Any]:
    return {}


def _no_notes(before: State[Any], action: Any, better: Any | None, player: int) -> tuple[str, ...]:
    return ()


def _no_costs(final: State[Any], player: int, moves: list[tuple[State[Any], Any, Any | None]]) -> str:
    return ""


def legal_action_named(state: State[Any], data: Any) -> Any:
    """The legal action of ``state`` whose JSON form is ``data`` (untrusted: a ``ValueError`` in words when none
    is), the parser of a game that declares none of its own.

    >>> game = new_game("town33", players=1, seed=5)
    >>> legal_action_named(game, game.legal_actions()[0].to_dict()) == game.legal_actions()[0]
    True
    """
    for action in state.legal_actions():
        if action_data(action) == data:
            return action
    raise ValueError(f"{shown(data)} is not one of the {len(state.legal_actions())} legal actions now")


@dataclass(frozen=True)
class Game:
    """One game family behind the core protocol."""

    family: str  # "town", "littletown"
    plays: Callable[[str], bool]  # does this family play the game called so ("town77", "town66", "littletown")
    players: range  # the seats a game may have
    start: Callable[[str, int, int], State[Any]]  # (game name, players, seed) -> a new state
    load: Callable[[Any], State[Any]]  # a saved full state (its JSON form) -> the state, checked
    formats: tuple[str, ...]  # the "format" values of the saved states ``load`` reads
    score: Callable[[dict[str, Any], int], float]  # (result, seat) -> that seat's score
    score_name: Callable[[int], str]  # players -> what the score counts ("tiles placed", "VP")
    # a state of this family -> the position its history starts from; ValueError in words where it cannot be told
    start_of: Callable[[Any], State[Any]] = _no_start
    # (viewer form, player) -> that player's view, rebuilt from ``state.to_dict(viewer=player)`` alone (an isolated
    # agent's process gets nothing else); None: the game cannot be played by isolated agents
    view_from_dict: Callable[[dict[str, Any], int], View[Any]] | None = None
    # the player to act leaves the game (a forfeit; solo: the game ends there); None: the game has no such rule and
    # a forfeited seat's remaining moves are each its first legal action
    resign: Callable[[State[Any]], None] | None = None

    # --- the adapter: what advice, widgets and tables read of the game, declared here once ------------------------
    state_types: tuple[type, ...] = ()  # the classes of its states: game_of(state) finds the family by them
    title: Callable[[State[Any]], str] = _type_name  # the game's name as a player reads it ("Town 77", "Little Town")
    # (state, action) -> the action, about to be played in state, in a player's words (in the speaking language)
    move_words: Callable[[State[Any], Any], str] = _action_type
    phase_words: Callable[[str], str] = _phase_itself  # a phase as a verb: "your turn to ..." (programmer's English)
    rules: Callable[[State[Any]], dict[str, Any]] = _no_rules  # the state's rules as plain JSON data, for front ends
    # (state, untrusted data) -> the action it names, or a ValueError in words (widgets and tables share it);
    # legality is the engine's call, in apply
    parse_action: Callable[[State[Any], Any], Any] = legal_action_named
    picture: Callable[[dict[str, Any]], str] | None = None  # a JSON form (full, a seat's, public) as an SVG picture
    # how a game like ``state`` is won, in one or two sentences a player reads (in the speaking language; "": none)
    goal: Callable[[State[Any]], str] = _no_goal
    # whether a review of a multiplayer game measures each move in the game's score (score_name: Little Town's VP)
    # rather than in returns() (places of rank)
    reviews_in_score: bool = False
    # (position before, move played, the better move when the review measured one beyond noise or None, player) ->
    # what the move cost or missed in the game's own words ("2 workers went hungry: -6 VP"), for a review
    move_notes: Callable[[State[Any], Any, Any | None, int], tuple[str, ...]] = _no_notes
    # (final state, player, [(position before, move played, better move or None)] of the reviewed moves) -> what
    # cost the player most over the game, in words ("" when nothing is worth saying), for a review's summary
    cost_words: Callable[[State[Any], int, list[tuple[State[Any], Any, Any | None]]], str] = _no_costs
    front_end: str | None = None  # "module:Class" of the widget that draws it (None: no widget, the session only)
    # what a page draws its pieces with, as JSON (colours, and their names in the speaking language): the table
    # server's spectator page draws a public view of the game's format with it; None: the game has none
    style: Callable[[], dict[str, Any]] | None = None

    def seat_view(self, state: State[Any], seat: int) -> dict[str, Any]:
        """What ``seat`` may know of ``state``, as JSON (the widget's and a seated table client's form)."""
        return state.to_dict(viewer=seat)

    def public_view(self, state: State[Any]) -> dict[str, Any]:
        """What every player may know of ``state``, as JSON (a spectator's form)."""
        return state.to_dict(viewer=PUBLIC)


_GAMES: dict[str, Game] = {}


def register(game: Game) -> None:
    """Make ``game`` known by its family name (registering a family again replaces it)."""
    _GAMES[game.family] = game


def game_of(state: Any) -> Game:
    """The family of ``state``, found by the state classes each family declares (``ValueError`` in words for
    anything else).

    >>> game_of(new_game("littletown", players=2, seed=1)).title(new_game("littletown", players=2, seed=1))
    'Little Town'
    """
    for game in families():
        if isinstance(state, game.state_types):
            return game
    raise ValueError(f"no registered game plays states of type {type(state).__name__}")


def families() -> list[Game]:
    """Every registered game family."""
    _load_builtin()
    return list(_GAMES.values())


def lookup(name: Any) -> Game:
    """The family that plays ``name`` (``"littletown"``, ``"town77"``, ``"town66"``, ``"townNN"``)."""
    for game in families():
        if isinstance(name, str) and game.plays(name):
            return game
    raise ValueError(f"unknown game {shown(name)}: choose 'littletown' or Town rules such as 'town77', 'town66'")


def new_game(name: str, players: int, seed: int) -> State[Any]:
    """A new game of ``name`` with ``players`` seats (Town with one: a solo deal), dealt from ``seed``."""
    game = lookup(name)
    if not is_integer(players) or players not in game.players:
        seats = f"from {game.players.start} to {game.players.stop - 1}"
        raise ValueError(f"{name}: players must be an integer {seats}, not {shown(players)}")
    if not is_integer(seed):
        raise ValueError(f"a seed is an integer, not {shown(seed)}")
    return game.start(name, players, seed)


def load_state(data: Any) -> State[Any]:
    """A saved full state of any registered game, read by its own engine (which checks everything)."""
    return game_saving(data).load(data)


def game_saving(data: Any) -> Game:
    """The family whose states' JSON forms (full, a seat's or public) ``data`` is one of, by its ``"format"``
    (untrusted: a ``ValueError`` in words for any other value)."""
    kind = data.get("format") if isinstance(data, dict) else None
    for game in families():
        if kind in game.formats:
            return game
    known = sorted(form for game in families() for form in game.formats)
    raise ValueError(f"a saved state is a dict whose 'format' is one of {known}, not {shown(kind)}")


@dataclass
class GameRecord:
    """One finished game: enough to replay it and to score it. ``to_dict()`` is its JSON form."""

    game: str
    seed: int
    players: list[str]
    moves: list[dict[str, Any]]
    result: dict[str, Any]
    returns: list[float]
    final: dict[str, Any]  # the full JSON form of the final state, as played
    # {"seat", "agent", "move" (moves played before it), "reason", "detail"} of every seat that forfeited
    forfeits: list[dict[str, Any]] = field(default_factory=list)
    peeked: list[bool] = field(default_factory=list)  # per seat: was its agent handed the full state
    # per seat, the CPU seconds its agent spent choosing: a measurement of the machine, not of the game, so neither
    # compared nor in to_dict() (the records of a seed are the same wherever and however fast they were played)
    cpu_seconds: list[float] = field(default_factory=list, compare=False)
    # per seat, whether a bot sat there rather than a person (a table's record; empty: not recorded, as in the arena,
    # where every seat is an agent)
    bots: list[bool] = field(default_factory=list)
    # the moves (their index in ``moves``) a table's stand-in bot played for a person who did not move in time
    stand_ins: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        """Each field of the form it must have, checked here so that a record made in Python and one read from
        JSON are held alike: a forged record is refused in words, not by a ``TypeError`` deep in a replay."""
        try:
            seats = lookup(self.game).players
        except ValueError as error:
            raise ValueError(f"game record: 'game': {error}") from None
        _require_field(is_integer(self.seed), "seed", "an integer", self.seed)
        players = self.players
        named = isinstance(players, list) and all(isinstance(name, str) for name in players)
        _require_field(named, "players", "a list of player names (strings)", players)
        seats_wanted = f"a list of {seats.start} to {seats.stop - 1} player names for {self.game!r}"
        _require_field(len(players) in seats, "players", seats_wanted, players)
        moves_ok = isinstance(self.moves, list) and all(isinstance(move, dict) for move in self.moves)
        _require_field(moves_ok, "moves", "a list of action objects", self.moves)
        _require_field(isinstance(self.result, dict), "result", "an object", self.result)
        _require_field(isinstance(self.final, dict), "final", "an object (a saved state)", self.final)
        scores = self.returns
        numbers = isinstance(scores, list) and len(scores) == len(players) and all(map(_is_finite_number, scores))
        _require_field(numbers, "returns", f"a list of {len(players)} finite numbers, one per player", scores)
        forfeits = isinstance(self.forfeits, list) and all(isinstance(entry, dict) for entry in self.forfeits)
        _require_field(forfeits, "forfeits", "a list of objects (seat, agent, move, reason, detail)", self.forfeits)
        peeked = isinstance(self.peeked, list) and all(isinstance(flag, bool) for flag in self.peeked)
        peeked = peeked and len(self.peeked) in (0, len(players))  # empty: a record from before it was recorded
        _require_field(peeked, "peeked", "a list of true or false, one per player", self.peeked)
        bots = isinstance(self.bots, list) and all(isinstance(flag, bool) for flag in self.bots)
        bots = bots and len(self.bots) in (0, len(players))
        _require_field(bots, "bots", "a list of true or false, one per player", self.bots)
        marks = self.stand_ins
        marked = isinstance(marks, list) and all(is_integer(move) and 0 <= move < len(self.moves) for move in marks)
        _require_field(marked, "stand_ins", f"a list of move numbers from 0 to {len(self.moves) - 1}", marks)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "seed": self.seed,
            "players": list(self.players),
            "moves": [dict(move) for move in self.moves],
            "result": self.result,
            "returns": list(self.returns),
            "final": self.final,
            "forfeits": [dict(forfeit) for forfeit in self.forfeits],
            "peeked": list(self.peeked),
            **({"bots": list(self.bots), "stand_ins": list(self.stand_ins)} if self.bots or self.stand_ins else {}),
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise ValueError(f"a game record is a dict with 'format': {RECORD_FORMAT!r}")
        keys = ("game", "seed", "players", "moves", "result", "returns", "final")
        missing = set(keys) - set(data)
        if missing:
            raise ValueError(f"game record: missing key(s) {sorted(missing)}")
        optional = ("forfeits", "peeked", "bots", "stand_ins")  # older records, and the arena's, lack some
        unknown = set(data) - {"format", *keys, *optional}
        if unknown:
            raise ValueError(f"game record: unknown key(s) {shown(sorted(unknown, key=shown))}")
        return cls(*(data[key] for key in keys), **{key: data[key] for key in optional if key in data})


def _require_field(good: bool, key: str, wanted: str, value: Any) -> None:
    if not good:
        raise ValueError(f"game record: {key!r} must be {wanted}, not {shown(value)}")


def _is_finite_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def replay(record: GameRecord | dict[str, Any]) -> State[Any]:
    """Replay a record move by move from its seed; each move is checked by the engine as it is applied.

    >>> from townwidget import town
    >>> game = new_game("town33", players=1, seed=5)
    >>> moves = []
    >>> while not game.is_terminal():
    ...     action = game.legal_actions()[0]
    ...     game.apply(action)
    ...     moves.append({**action.to_dict(), "player": 0})
    >>> record = GameRecord("town33", 5, ["first"], moves, game.result(), game.returns(), game.to_dict())
    >>> replay(record.to_dict()).to_dict() == game.to_dict()
    True
    """
    *_, final = _replaying(record)  # one state object, played on to the end
    return final


def record_positions(record: GameRecord | dict[str, Any]) -> list[State[Any]]:
    """Every position of a record's game, replayed as :func:`replay` does: the deal, then one after each move
    (with the forfeits made there), the last one the final position.

    >>> from townwidget import arena
    >>> record = arena.play_game(["greedy"], "town33", seed=5)
    >>> found = record_positions(record)
    >>> len(found) == len(record.moves) + 1, found[-1].to_dict() == record.final
    (True, True)
    """
    return [state.clone() for state in _replaying(record)]


def _replaying(record: GameRecord | dict[str, Any]) -> Iterator[State[Any]]:
    """The state of a record's game after 0, 1, ... moves (one object, played on: clone what is kept)."""
    if isinstance(record, dict):
        record = GameRecord.from_dict(record)
    state = new_game(record.game, len(record.players), record.seed)
    resign = lookup(record.game).resign
    # a forfeit made the player to act leave after record.moves[:move] (several may leave at one point)
    resigning = [forfeit["move"] for forfeit in record.forfeits] if resign is not None else []
    for number, move in enumerate([*record.moves, None]):
        for _ in range(resigning.count(number)):
            resign(state)  # type: ignore[misc]  # resigning is empty when resign is None
        yield state
        if move is None:
            return
        try:
            state.apply(move)
        except ValueError as error:
            raise ValueError(f"game record: move {number} {shown(move)} does not replay: {error}") from None


def positions(state: State[Any]) -> list[State[Any]]:
    """Every position of ``state``'s game: the start its engine rebuilds, then one after each move of its history,
    the last one equal to ``state`` (the widgets' history slider and undo, the review's par).

    Raises ``ValueError`` in words where the start cannot be told or the history does not replay to ``state``.

    >>> game = new_game("town33", players=1, seed=5)
    >>> for _ in range(3):
    ...     game.apply(game.legal_actions()[0])
    >>> [position.to_dict()["board"] == game.to_dict()["board"] for position in positions(game)]
    [False, False, False, True]
    """
    return replay_history(start_of(state), state)


def start_of(state: State[Any]) -> State[Any]:
    """The position ``state``'s history starts from, rebuilt by its engine (not replayed: see :func:`positions`);
    a ``ValueError`` in words where the game cannot tell it (multiplayer Town: its draws are not in the history)."""
    kind = state.to_dict().get("format")
    game = next((game for game in families() if kind in game.formats), None)
    if game is None:
        raise ValueError(f"no registered game saves states of format {shown(kind)}")
    return game.start_of(state)


def replay_history(start: State[Any], state: State[Any], final: dict[str, Any] | None = None) -> list[State[Any]]:
    """The positions from ``start`` through ``state``'s history (``start`` first), checked to reach ``state``
    (whose full JSON form is ``final`` when the caller has it). Engines check a loaded history with it."""
    position, found = start.clone(), [start.clone()]
    for number, (player, phase, action) in enumerate(state.history):
        if (position.current_player, position.phase) != (player, phase):
            raise ValueError(
                f"history[{number}] does not replay: it was played by player {shown(player)} in phase "
                f"{shown(phase)}, but player {shown(position.current_player)} is to act, in phase "
                f"{shown(position.phase)}"
            )
        try:
            position.apply(action)
        except ValueError as error:
            raise ValueError(f"history[{number}] does not replay: {error}") from None
        found.append(position.clone())
    reached = position.to_dict()
    expected = state.to_dict() if final is None else final
    if reached != expected:
        differ = sorted(key for key in expected.keys() | reached.keys() if reached.get(key) != expected.get(key))
        raise ValueError(
            f"the history ({len(state.history)} moves) does not replay to this position: played from the start, "
            f"it gives other {', '.join(map(repr, differ))}"
        )
    return found


def _load_builtin() -> None:
    for module in _BUILTIN:
        importlib.import_module(module)  # each package registers its game when imported
