"""Town game states: :class:`SoloState` (the Challenge Rule) and :class:`MultiState` (2 to 5 players).

Both follow the core protocol: ``legal_actions()``, ``apply(action)``, ``clone()``, ``is_terminal()``,
``returns()``, ``view(player)`` and ``to_dict(viewer=None)``. Chance (shuffles and draws) is resolved inside the
state by its own seeded generator, so a seed and a list of actions always give the same game.

>>> game = new_solo("town77", seed=1)
>>> first = game.legal_actions()[0]      # the pioneer: the top of pile 0 at the top-left cell
>>> first.cell
(0, 0)
>>> game.apply(first)
>>> game.board.placed()
1
"""

from __future__ import annotations

import bisect
from collections import Counter, defaultdict
from collections.abc import Callable
from functools import cache
from itertools import combinations
from typing import Any

from townwidget.core.checks import require_integer, shown
from townwidget.core.errors import IllegalAction, InvalidState
from townwidget.core.protocol import Viewer
from townwidget.core.rng import Rng, make_rng
from townwidget.town.actions import Action, Discard, Exchange, Pass, Place, Tile, parse_action
from townwidget.town.bits import fitting_cells, flip_cells
from townwidget.town.board import Board
from townwidget.town.rules import Rules, play_level, resolve_rules

FORMAT = "town-state/1"
MIN_PLAYERS, MAX_PLAYERS = 2, 5


@cache
def placements(n: int, pile: int | None, flip: bool) -> tuple[tuple[tuple[Place, ...], ...], ...]:
    """Every placement action object, indexed ``[colour][shape][cell index]``, made once and shared.

    Sharing them makes ``legal_actions()`` cost a list of references rather than new objects.
    """
    cells = [divmod(i, n) for i in range(n * n)]
    table = tuple(tuple(tuple(Place((c, s), cell, pile, flip) for cell in cells) for s in range(n)) for c in range(n))
    ENGINE_PLACES.update(id(place) for by_shape in table for row in by_shape for place in row)
    return table


ENGINE_PLACES: set[int] = set()
"""The ids of the placement objects :func:`placements` made (they live as long as its cache): ``apply`` trusts
these as well-formed and checks any other action object key by key."""


@cache
def solo_placements(n: int, piles: int) -> tuple[tuple[Any, Any], ...]:
    """Per pile, the pair (placements, flipped placements) of :func:`placements`."""
    return tuple((placements(n, i, False), placements(n, i, True)) for i in range(piles))


def _add_placements(append: Callable[[Action], None], mask: int, row: tuple[Place, ...]) -> None:
    """Append the placement of ``row`` (indexed by cell) for every cell in ``mask``."""
    while mask:
        low = mask & -mask
        append(row[low.bit_length() - 1])
        mask ^= low


def _check_record_keys(action: dict[str, Any], player: int, phase: str) -> None:
    """A game record's entry names its player and phase: replaying it elsewhere is refused."""
    if action.get("player", player) != player:
        raise IllegalAction(f"the action is for player {shown(action['player'])}, but player {player} is to act")
    if action.get("phase", phase) != phase:
        raise IllegalAction(f"the action was taken in phase {shown(action['phase'])}, but the phase is {phase!r}")


def all_tiles(n: int) -> list[Tile]:
    """Every tile of an n x n game, in sorted order (a new list)."""
    return list(_tiles(n))


@cache
def _tiles(n: int) -> tuple[Tile, ...]:
    return tuple((c, s) for c in range(n) for s in range(n))


class State:
    """What solo and multiplayer Town games share: the board, the rules, the history, the generator."""

    mode = ""
    __slots__ = ("rules", "board", "phase", "_current", "history", "rng")

    def __init__(self, rules: Rules, rng: Rng) -> None:
        self.rules = rules
        self.board = Board(rules.n)
        self.phase = "place"
        self._current: int | None = 0
        self.history: list[tuple[int, str, Action]] = []  # (player, phase, action) of every action applied
        self.rng = rng

    # --- the core protocol ---------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The player to act, or ``None`` when the game is over."""
        return self._current

    @property
    def num_players(self) -> int:
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def legal_actions(self) -> list[Action]:
        """The legal actions, in a stable order. Random play means choosing uniformly among them."""
        raise NotImplementedError

    def apply(self, action: Action | dict[str, Any]) -> None:
        """Play ``action`` (an action object or its dict). An illegal action raises
        :class:`~townwidget.core.errors.IllegalAction` naming the reason, and the state does not change."""
        if self._current is None:
            raise IllegalAction("the game is over: no action can be applied")
        if id(action) in ENGINE_PLACES:  # the common case first: a placement offered by legal_actions()
            parsed: Action = action  # type: ignore[assignment]
        else:
            parsed = parse_action(action, self.rules.n)
            if isinstance(action, dict):
                _check_record_keys(action, self._current, self.phase)
        self._check(parsed)
        self.history.append((self._current, self.phase, parsed))
        self._play(parsed)

    def resign(self) -> None:
        """The player to act leaves the game (an arena forfeit): solo, the game ends with the tiles placed so far;
        multiplayer, they leave as a player who cannot place does, keeping their hand, and the others play on.
        Like leaving for want of a placement, it is no action of the history."""
        if self._current is None:
            raise IllegalAction("the game is over: nobody is left to resign")
        self._resign()

    def _resign(self) -> None:
        raise NotImplementedError

    def clone(self) -> State:
        """An independent copy (the generator included, so both play on identically)."""
        other = self.__class__.__new__(self.__class__)
        other.rules, other.phase, other._current = self.rules, self.phase, self._current
        other.board = self.board.clone()
        other.history = self.history.copy()
        other.rng = self.rng.copy()
        self._clone_parts(other)
        return other

    def returns(self) -> list[float]:
        """One value per player in [0, 1]: solo, the fraction of the board filled; multiplayer, 1 for the winner
        down to 0 for the last, linearly in the rank."""
        raise NotImplementedError

    def result(self) -> dict[str, Any] | None:
        """The format's ``result`` (``None`` while the game goes on)."""
        raise NotImplementedError

    def heuristic(self, player: int) -> float:
        """A quick estimate in [0, 1] of how well ``player`` stands (for greedy agents and rollout cut-offs).

        It reads the position only through what ``player`` may know. See :mod:`townwidget.town.heuristic`.
        """
        from townwidget.town.heuristic import evaluate

        return evaluate(self, player)

    def view(self, player: int) -> Any:
        """What ``player`` may know: a :class:`~townwidget.town.view.TownView` (agents receive this)."""
        from townwidget.town.view import TownView

        return TownView(self, player)

    def to_dict(self, viewer: Viewer = None) -> dict[str, Any]:
        """The JSON form (see the state format); with ``viewer``, only what that player may know, and with
        :data:`~townwidget.core.protocol.PUBLIC` only what every player may know (a spectator's form)."""
        from townwidget.town.format import state_to_dict

        return state_to_dict(self, viewer)

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """The state saved by :meth:`to_dict` (the full form), checked by :func:`townwidget.town.from_dict`;
        bad data raises :class:`~townwidget.core.errors.InvalidState` naming the fault.

        >>> game = new_solo("town44", seed=2)
        >>> type(game).from_dict(game.to_dict()).to_dict() == game.to_dict()
        True
        """
        from townwidget.town.format import from_dict

        state = from_dict(data)
        if not isinstance(state, cls):
            raise InvalidState(f"the data is a {type(state).__name__}, not a {cls.__name__}")
        return state

    def _repr_svg_(self) -> str:
        from townwidget.town.render import state_svg

        return state_svg(self.to_dict())

    # --- shared rule helpers -------------------------------------------------------------------------------
    def _check_placement(self, action: Place) -> None:
        board = self.board
        (colour, shape), (row, column) = action.tile, action.cell
        cells = flip_cells if action.flip else fitting_cells
        mask = cells(board.frontier, board.colour_free[colour], board.shape_free[shape])
        if not mask >> (row * board.n + column) & 1:
            reason = board.why_illegal(action.tile, action.cell, action.flip)
            raise IllegalAction(f"tile {list(action.tile)} at {list(action.cell)}: {reason}")

    # --- per mode ------------------------------------------------------------------------------------------
    def _check(self, action: Action) -> None:
        raise NotImplementedError

    def _play(self, action: Action) -> None:
        raise NotImplementedError

    def _clone_parts(self, other: Any) -> None:
        raise NotImplementedError

    def __repr__(self) -> str:
        name, placed = type(self).__name__, self.board.placed()
        return f"<{name} {self.rules.name} phase={self.phase} player={self._current} placed={placed}>"


def top_fits(frontier: int, colour_free: list[int], shape_free: list[int], tile: Tile, flips: int) -> bool:
    """Whether a pile top fits a cell of a board given by its masks, by a flip too while ``flips`` remain."""
    free_colour, free_shape = colour_free[tile[0]], shape_free[tile[1]]
    return bool(
        fitting_cells(frontier, free_colour, free_shape) or (flips and flip_cells(frontier, free_colour, free_shape))
    )


def tops_fit(frontier: int, colour_free: list[int], shape_free: list[int], piles: list[list[Tile]], flips: int) -> bool:
    """Whether some pile top fits (:func:`top_fits`): the solo game goes on (the rule once, for states and for the
    heuristic's positions that are never built)."""
    for pile in piles:  # noqa: SIM110  # a loop, not any(): the engine asks this after every placement
        if pile and top_fits(frontier, colour_free, shape_free, pile[-1], flips):
            return True
    return False


class SoloState(State):
    """The Challenge Rule: take the top of one of the face-up piles and place it; the score is the tiles placed."""

    mode = "solo"
    __slots__ = ("piles", "flips_left", "_tables")

    def __init__(self, rules: Rules, rng: Rng, piles: list[list[Tile]], flips_left: int) -> None:
        super().__init__(rules, rng)
        self.piles = piles  # the top of each pile is its last tile
        self.flips_left = flips_left
        self._tables = solo_placements(rules.n, len(piles))

    @property
    def num_players(self) -> int:
        return 1

    def heuristic_after(self, action: Place, player: int) -> float:
        """``heuristic(player)`` of the position after the legal placement ``action``, without building it (see
        :func:`townwidget.core.protocol.heuristic_after`)."""
        from townwidget.town.heuristic import evaluate_after

        return evaluate_after(self, action)

    def legal_actions(self) -> list[Action]:
        actions: list[Action] = []
        if self._current is None:
            return actions
        board, flips, append, tables = self.board, self.flips_left, actions.append, self._tables
        frontier, colour_free, shape_free = board.frontier, board.colour_free, board.shape_free
        for index, pile in enumerate(self.piles):  # not zip(strict=True): its keyword costs a tenth of this call
            if pile:
                colour, shape = pile[-1]
                free_colour, free_shape = colour_free[colour], shape_free[shape]
                cells = fitting_cells(frontier, free_colour, free_shape)
                if cells:
                    _add_placements(append, cells, tables[index][0][colour][shape])
                if flips:
                    flipped = flip_cells(frontier, free_colour, free_shape)
                    _add_placements(append, flipped, tables[index][1][colour][shape])
        return actions

    def _check(self, action: Action) -> None:
        if type(action) is not Place:
            raise IllegalAction(self._refusal(action))
        piles, pile = self.piles, action.pile
        if (
            pile is None
            or not 0 <= pile < len(piles)
            or not piles[pile]
            or piles[pile][-1] != action.tile
            or (action.flip and not self.flips_left)
        ):
            raise IllegalAction(self._refusal(action))
        self._check_placement(action)

    def _refusal(self, action: Action) -> str:
        """Why a solo action that is not a legal pile-top placement is refused."""
        if not isinstance(action, Place):
            return f"a solo game takes only 'place' actions, not {action.to_dict()['type']!r}"
        if action.pile is None:
            return "a solo placement must name its 'pile'"
        if not 0 <= action.pile < len(self.piles):
            return f"pile {shown(action.pile)} does not exist (piles 0..{len(self.piles) - 1})"
        pile = self.piles[action.pile]
        if not pile:
            return f"pile {action.pile} is empty"
        if pile[-1] != action.tile:
            return f"tile {list(action.tile)} is not the top of pile {action.pile} (its top is {list(pile[-1])})"
        reason = "these rules allow no flips" if not self.rules.flips else "no flips are left"
        return f"cannot flip tile {list(action.tile)}: {reason}"

    def _play(self, action: Place) -> None:  # type: ignore[override]  # _check let only placements through
        tile = self.piles[action.pile].pop()  # type: ignore[index]
        if action.flip:
            self.flips_left -= 1
            self.board.put(action.cell, (tile[0], None))
        else:
            self.board.put(action.cell, tile)
        if not self.can_move():
            self.phase, self._current = "over", None

    def _resign(self) -> None:
        self.phase, self._current = "over", None

    def can_move(self) -> bool:
        """Whether some pile top can be placed (by a flip too, while flips remain)."""
        board = self.board
        return tops_fit(board.frontier, board.colour_free, board.shape_free, self.piles, self.flips_left)

    def returns(self) -> list[float]:
        return [self.board.placed() / self.rules.tiles]

    def result(self) -> dict[str, Any] | None:
        if self._current is not None:
            return None
        placed = self.board.placed()
        return {"placed": placed, "level": play_level(self.rules, placed)}

    def _clone_parts(self, other: Any) -> None:
        other.piles = [pile.copy() for pile in self.piles]
        other.flips_left, other._tables = self.flips_left, self._tables


class MultiState(State):
    """2 to 5 players with hands of tiles: exchange, place (or leave), draw, discard; fewest tiles left wins."""

    mode = "multi"
    __slots__ = ("hands", "bag", "out")

    def __init__(self, rules: Rules, rng: Rng, hands: list[list[Tile]], bag: list[Tile], out: list[int | None]) -> None:
        super().__init__(rules, rng)
        self.hands = hands  # each sorted
        self.bag = bag  # sorted, so that a draw depends only on the bag's contents and the generator
        self.out = out  # per player: None while playing, else the order of leaving (1 = first)

    @property
    def num_players(self) -> int:
        return len(self.hands)

    def legal_actions(self) -> list[Action]:
        actions: list[Action] = []
        player = self._current
        if player is None:
            return actions
        hand = self.hands[player]
        if self.phase == "exchange":
            actions.extend(Exchange(tiles) for tiles in self._alike_groups(hand))
            actions.append(Pass())
        elif self.phase == "place":
            board, table = self.board, placements(self.rules.n, None, False)
            for colour, shape in hand:
                _add_placements(actions.append, board.legal_cells(colour, shape), table[colour][shape])
        else:  # discard
            actions.extend(Discard(tile) for tile in hand)
            actions.append(Pass())
        return actions

    def _alike_groups(self, hand: list[Tile]) -> list[tuple[Tile, ...]]:
        """The groups of ``exchange_size`` tiles of the hand that share a colour or a shape, in sorted order.

        Drawn within each colour and each shape (at most n tiles), never from the whole hand: a large hand of a
        position typed in would have too many groups to try.
        """
        size, alike = self.rules.exchange_size, defaultdict(list)
        for tile in hand:  # the hand is sorted, and so is each of these lists
            alike["colour", tile[0]].append(tile)
            alike["shape", tile[1]].append(tile)
        return sorted({group for tiles in alike.values() for group in combinations(tiles, size)})

    def can_exchange(self) -> bool:
        """Whether the player to act may exchange. Not with an empty bag: the same tiles would come back."""
        if self._current is None or not self.bag:
            return False
        hand, size = self.hands[self._current], self.rules.exchange_size
        counts = Counter(c for c, _ in hand) + Counter(("shape", s) for _, s in hand)
        return max(counts.values(), default=0) >= size

    def has_placement(self) -> bool:
        board = self.board
        assert self._current is not None
        return any(board.legal_cells(c, s) for c, s in self.hands[self._current])

    def _check(self, action: Action) -> None:
        player = self._current
        assert player is not None
        hand, phase = self.hands[player], self.phase
        kind = action.to_dict()["type"]
        allowed = {"exchange": ("exchange", "pass"), "place": ("place",), "discard": ("discard", "pass")}[phase]
        if kind not in allowed:
            hint = " or ".join(repr(a) for a in allowed)
            raise IllegalAction(f"a {kind!r} action is not allowed in phase {phase!r} (player {player} may: {hint})")
        if isinstance(action, Place):
            if action.pile is not None or action.flip:
                raise IllegalAction("a multiplayer placement takes no 'pile' and no 'flip'")
            if action.tile not in hand:
                raise IllegalAction(f"tile {list(action.tile)} is not in player {player}'s hand")
            self._check_placement(action)
        elif isinstance(action, Exchange):
            self._check_exchange(action, hand)
        elif isinstance(action, Discard) and action.tile not in hand:
            raise IllegalAction(f"tile {list(action.tile)} is not in player {player}'s hand")

    def _check_exchange(self, action: Exchange, hand: list[Tile]) -> None:
        tiles, size = action.tiles, self.rules.exchange_size
        if len(tiles) != size or len(set(tiles)) != size:
            raise IllegalAction(f"an exchange returns exactly {size} different tiles, not {[list(t) for t in tiles]}")
        missing = [list(t) for t in tiles if t not in hand]
        if missing:
            raise IllegalAction(f"exchange: tile(s) {missing} are not in the hand")
        if len({c for c, _ in tiles}) != 1 and len({s for _, s in tiles}) != 1:
            raise IllegalAction(f"exchange: tiles {[list(t) for t in tiles]} share neither a colour nor a shape")
        if not self.bag:
            raise IllegalAction("exchange: the bag is empty, so the same tiles would come back")

    def _play(self, action: Action) -> None:
        player = self._current
        assert player is not None
        hand = self.hands[player]
        if isinstance(action, Exchange):
            for tile in action.tiles:
                hand.remove(tile)
                bisect.insort(self.bag, tile)
            for _ in action.tiles:
                self._draw(hand)
            if not self.can_exchange():
                self._to_placement()
        elif isinstance(action, Place):
            hand.remove(action.tile)
            self.board.put(action.cell, action.tile)
            if not hand:
                self._leave()
                self._next_turn()
            elif self.bag:
                self._draw(hand)
                self.phase = "discard"
            else:
                self._next_turn()
        elif isinstance(action, Discard):
            hand.remove(action.tile)
            bisect.insort(self.bag, action.tile)
            self._next_turn()
        elif self.phase == "exchange":  # pass: stop exchanging
            self._to_placement()
        else:  # pass: keep the hand
            self._next_turn()

    # --- turn flow -----------------------------------------------------------------------------------------
    def _draw(self, hand: list[Tile]) -> None:
        bisect.insort(hand, self.bag.pop(self.rng.randbelow(len(self.bag))))

    def _resign(self) -> None:
        self._leave()
        self._next_turn()

    def _leave(self) -> None:
        assert self._current is not None
        self.out[self._current] = sum(order is not None for order in self.out) + 1

    def _start_turn(self) -> bool:
        """Begin the current player's turn; ``False`` if they had to leave at once."""
        if self.can_exchange():
            self.phase = "exchange"
            return True
        return self._enter_place()

    def _enter_place(self) -> bool:
        if self.has_placement():
            self.phase = "place"
            return True
        self._leave()  # no legal placement: the player leaves the game now
        return False

    def _to_placement(self) -> None:
        if not self._enter_place():
            self._next_turn()

    def _next_turn(self) -> None:
        """Pass the bag to the next player still in the game (players with no move leave on the way)."""
        player, count = self._current, self.num_players
        assert player is not None
        while None in self.out:
            player = (player + 1) % count
            if self.out[player] is None:
                self._current = player
                if self._start_turn():
                    return
        self.phase, self._current = "over", None

    def returns(self) -> list[float]:
        result = self.result()
        if result is None:
            return [0.0] * self.num_players
        last = self.num_players - 1
        return [(self.num_players - rank) / last for rank in result["ranks"]]

    def result(self) -> dict[str, Any] | None:
        if self._current is not None:
            return None
        left = [len(hand) for hand in self.hands]
        # fewer tiles first; among equal counts, the later leaver ranks higher
        order = sorted(range(self.num_players), key=lambda p: (left[p], -(self.out[p] or 0)))
        ranks = [0] * self.num_players
        for rank, player in enumerate(order, start=1):
            ranks[player] = rank
        return {"tiles_left": left, "ranks": ranks}

    def _clone_parts(self, other: Any) -> None:
        other.hands = [hand.copy() for hand in self.hands]
        other.bag = self.bag.copy()
        other.out = self.out.copy()


def new_solo(rules: Rules | str = "town77", seed: int | Rng | None = None) -> SoloState:
    """A new solo game: every tile shuffled into face-up piles of sizes as equal as possible (Town 77: 17, 16, 16).

    >>> [len(pile) for pile in new_solo("town77", seed=0).piles]
    [17, 16, 16]
    """
    rules = resolve_rules(rules)
    rng = make_rng(seed)
    tiles = all_tiles(rules.n)
    rng.shuffle(tiles)
    piles, start = [], 0
    for size in pile_sizes(rules):
        piles.append(tiles[start : start + size])
        start += size
    return SoloState(rules, rng, piles, rules.flips)


@cache
def pile_sizes(rules: Rules | str) -> tuple[int, ...]:
    """Solo pile sizes at the start: as equal as possible, earlier piles larger.

    >>> pile_sizes("town77"), pile_sizes("town66")
    ((17, 16, 16), (12, 12, 12))
    """
    rules = resolve_rules(rules)
    tiles, count = rules.tiles, rules.piles
    return tuple(tiles // count + (i < tiles % count) for i in range(count))


def new_game(rules: Rules | str = "town77", players: int = 2, seed: int | Rng | None = None) -> MultiState:
    """A new multiplayer game: each player draws a hand, one more tile becomes the pioneer at (0, 0), player 0 starts.

    >>> game = new_game("town77", players=3, seed=0)
    >>> [len(hand) for hand in game.hands], len(game.bag), game.board.placed()
    ([4, 4, 4], 36, 1)
    """
    rules = resolve_rules(rules)
    require_integer(players, "players", MIN_PLAYERS, MAX_PLAYERS, error=ValueError)
    if players * rules.hand_size + 1 > rules.tiles:
        raise ValueError(f"{players} hands of {rules.hand_size} and a pioneer need more than {rules.tiles} tiles")
    state = MultiState(
        resolve_rules(rules),
        make_rng(seed),
        [[] for _ in range(players)],
        all_tiles(rules.n),
        [None] * players,
    )
    for hand in state.hands:
        for _ in range(rules.hand_size):
            state._draw(hand)
    state.board.put((0, 0), state.bag.pop(state.rng.randbelow(len(state.bag))))
    if not state._start_turn():
        state._next_turn()
    return state
