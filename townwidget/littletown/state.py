"""The Little Town game state: set-up, turns as short sequences of steps, the end of a round, the end of the game.

The state follows the core protocol (``legal_actions``, ``apply``, ``clone``, ``is_terminal``, ``returns``,
``view``, ``to_dict``) and offers ``heuristic(player)``. All chance is in the set-up (the market, the objective
cards, the first player), drawn from the state's own seeded generator.

Phases (``state.phase``) and what the player to act may do in them (and in every one of them, ``Complete`` an
objective card whose condition holds):

- ``"turn"``: ``PlaceWorker`` on an empty grass space, or ``Build`` a market building (a worker goes to the
  construction site);
- ``"act"``: after a worker was placed, ``Gather`` a resource now, ``Activate`` a building around it, or ``Done``
  (what was not gathered yet is gathered then: a worker always gathers; the player only chooses when);
- ``"pay"``: choose how to pay (``Pay``, which cubes to buy for coins) when there is more than one way;
- ``"give"`` / ``"take"``: the Shop's two cubes given, then the two received;
- ``"site"``: ``PlaceBuilding``, the space for the building just paid for;
- ``"residence"``: end of a round, the Residence's owner ``Activate``s the buildings around it, then ``Done``;
- ``"feed"``: end of a round, ``Feed`` the workers (how many with fish, which food cubes bought for 3 coins
  each), from the first player clockwise;
- ``"over"``.

A step with a single possible choice (one way to pay, one way to feed, ...) is taken automatically; the choice of
ending a worker's turn (``Done``) never is, so a player always has a moment to complete an objective. Which phase
and player follow each step is decided in one place, :mod:`~townwidget.littletown.rounds` (the turn and phase
machine), which also tells every step in ``state.log``; ``state.history`` keeps the players' decisions.

>>> from townwidget.littletown import new_game
>>> game = new_game(players=2, seed=1)
>>> game.phase, game.round, len(game.legal_actions()) > 30
('turn', 1, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from townwidget.core.checks import shown
from townwidget.core.errors import IllegalAction
from townwidget.core.protocol import PUBLIC, Viewer
from townwidget.core.rng import Rng
from townwidget.littletown import effects, rounds
from townwidget.littletown import objectives as obj
from townwidget.littletown.actions import (
    Action,
    Activate,
    Build,
    Complete,
    Done,
    Feed,
    Gather,
    Give,
    Pay,
    PlaceBuilding,
    PlaceWorker,
    Take,
    parse_action,
)
from townwidget.littletown.board import CELLS, NEIGHBOURS, Terrain, cell_of, terrain
from townwidget.littletown.data import (
    BUILDING_IDS,
    CARDS,
    CUBES_PER_RESOURCE,
    RESIDENCE,
    RESOURCES,
    SEATS,
    TOTAL_COINS,
    Kind,
    Seats,
    building_kinds,
)
from townwidget.littletown.economy import can_pay, feedings, names, shop_gives, shop_takes
from townwidget.littletown.heuristic import evaluate
from townwidget.littletown.refusals import refusal
from townwidget.littletown.rounds import Event
from townwidget.littletown.rules import Rules
from townwidget.littletown.turn import Turn

if TYPE_CHECKING:  # the view imports the state
    from townwidget.littletown.view import LittleTownView

FORMAT = "littletown-state/1"
VP_SOURCES = ("buildings", "effects", "objectives", "cathedral", "feeding", "castle", "watchtower", "coins")
"""Where victory points come from; ``state.vp[player]`` holds the points from each (their sum is the score)."""

# Action objects made once and shared, so that legal_actions() returns references rather than new objects.
PLACE_WORKER = tuple(PlaceWorker(cell_of(i)) for i in range(CELLS))
PLACE_BUILDING = tuple(PlaceBuilding(cell_of(i)) for i in range(CELLS))
ACTIVATE = tuple(Activate(cell_of(i)) for i in range(CELLS))
BUILD = tuple(Build(building) for building in BUILDING_IDS)
GATHER = tuple(Gather(resource) for resource in RESOURCES)
DONE = Done()


class State:
    """A Little Town game for 2 to 4 players (see the module docstring for its phases)."""

    __slots__ = (
        "rules",
        "kinds",
        "terrain",
        "seats",
        "num_players",
        "buildings",
        "workers",
        "market",
        "reserve",
        "reserve_coins",
        "coins",
        "cubes",
        "vp",
        "workers_left",
        "on_site",
        "houses_left",
        "objectives",
        "completed",
        "unused",
        "achievements",
        "round",
        "first_player",
        "_current",
        "phase",
        "turn",
        "history",
        "log",
        "rng",
        "_steps",
        "_memo",
    )

    def __init__(self, rules: Rules, num_players: int, rng: Rng) -> None:
        """An empty table (no market, no cards dealt): :func:`new_game` and ``from_dict`` fill it."""
        self.rules: Rules = rules
        self.kinds: tuple[Kind, ...] = building_kinds(rules.restaurant_gives)
        self.terrain: Terrain = terrain(rules.side)
        self.seats: Seats = SEATS[num_players]
        self.num_players: int = num_players
        self.buildings: list[tuple[int, int] | None] = [None] * CELLS  # per cell: (kind, owner)
        self.workers: list[int | None] = [None] * CELLS  # per cell: the player whose worker stands there
        self.market: list[int] = [0] * len(self.kinds)  # per kind: tiles left in the market
        self.reserve: list[int] = list(CUBES_PER_RESOURCE)
        self.reserve_coins: int = TOTAL_COINS
        self.coins: list[int] = [0] * num_players
        self.cubes: list[list[int]] = [[0, 0, 0, 0] for _ in range(num_players)]
        self.vp: list[dict[str, int]] = [dict.fromkeys(VP_SOURCES, 0) for _ in range(num_players)]
        self.workers_left: list[int] = [self.seats.workers] * num_players  # not placed yet this round
        self.on_site: list[int] = [0] * num_players  # workers on the construction site
        self.houses_left: list[int] = [self.seats.houses] * num_players
        self.objectives: list[list[int]] = [[] for _ in range(num_players)]  # held, not completed (sorted)
        self.completed: list[list[int]] = [[] for _ in range(num_players)]  # in the order completed
        self.unused: list[int] = []  # cards not dealt or set aside at the redraw (sorted)
        self.achievements: list[set[str]] = [set() for _ in range(num_players)]
        self.round: int = 1
        self.first_player: int = 0
        self._current: int | None = 0
        self.phase: str = "turn"
        self.turn: Turn = Turn()
        self.history: list[tuple[int, str, Action]] = []  # (player, phase, action) of every action applied
        self.log: list[tuple[int, str, Action | Event, bool]] = []  # every step, automatic ones too (see rounds)
        self.rng: Rng = rng
        # The steps of the position, once asked for: apply checks an action against them and a playout asks for
        # them again, so remembering them saves about a third of a playout. Only the engine's moves change a
        # position once play has begun (every change goes through rounds.play, which forgets them); a state still
        # being filled in (new_game, from_dict) remembers nothing.
        self._steps: list[Action] | None = None
        self._memo = False

    # --- the core protocol ---------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The player to act, or ``None`` when the game is over."""
        return self._current

    @current_player.setter
    def current_player(self, player: int | None) -> None:
        self._current = player

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def legal_actions(self) -> list[Action]:
        """The legal actions in a stable order: the phase's steps, then the objective cards that may be completed."""
        player = self._current
        if player is None:
            return []
        return self.step_actions() + self.completions(player)

    def apply(self, action: Action | dict[str, Any]) -> None:
        """Play ``action`` (an action object or its dict). An illegal action raises
        :class:`~townwidget.core.errors.IllegalAction` naming the reason, and the state does not change."""
        player = self._current
        if player is None:
            raise IllegalAction("the game is over: no action can be applied")
        parsed = parse_action(action)
        if isinstance(action, dict):
            if action.get("player", player) != player:
                raise IllegalAction(
                    f"the action is for player {shown(action['player'])}, but player {player} is to act"
                )
            if action.get("phase", self.phase) != self.phase:
                raise IllegalAction(
                    f"the action was taken in phase {shown(action['phase'])}, but the phase is {self.phase!r}"
                )
        if isinstance(parsed, Complete):
            legal = parsed.card in self.objectives[player] and obj.fulfilled(self, player, parsed.card)
        else:  # the legal steps are shared objects: most actions played are one of them (no field compared)
            steps = self.step_actions()
            legal = any(step is parsed for step in steps) or parsed in steps
        if not legal:
            raise IllegalAction(refusal(self, parsed))
        self.history.append((player, self.phase, parsed))
        self.log.append((player, self.phase, parsed, False))
        rounds.play(self, parsed)
        rounds.settle(self)
        self._memo = True

    def clone(self) -> State:
        """An independent copy (the generator included, so both play on identically)."""
        other = self._position()
        other.history, other.log = self.history.copy(), self.log.copy()
        return other

    def _position(self) -> State:
        """An independent copy of the position without the record of play (``history`` and ``log`` empty), which
        no rule reads: what :meth:`heuristic_after` plays a step on."""
        other = State.__new__(State)
        other.rules, other.kinds, other.terrain, other.seats = self.rules, self.kinds, self.terrain, self.seats
        other.num_players, other.round, other.first_player = self.num_players, self.round, self.first_player
        other._current, other.phase, other.reserve_coins = self._current, self.phase, self.reserve_coins
        other.buildings, other.workers, other.market = self.buildings.copy(), self.workers.copy(), self.market.copy()
        other.reserve, other.coins = self.reserve.copy(), self.coins.copy()
        other.cubes = [cubes.copy() for cubes in self.cubes]
        other.vp = [sources.copy() for sources in self.vp]
        other.workers_left, other.on_site = self.workers_left.copy(), self.on_site.copy()
        other.houses_left, other.unused = self.houses_left.copy(), self.unused.copy()
        other.objectives = [cards.copy() for cards in self.objectives]
        other.completed = [cards.copy() for cards in self.completed]
        other.achievements = [done.copy() for done in self.achievements]
        other.turn, other.rng = self.turn.copy(), self.rng.copy()
        other.history, other.log = [], []
        other._steps, other._memo = self._steps, self._memo  # the list is never changed in place: shared
        return other

    @property
    def score(self) -> list[int]:
        """Each player's victory points: the sum of their points from every source (``vp``)."""
        return [sum(points.values()) for points in self.vp]

    def returns(self) -> list[float]:
        """Per player in [0, 1]: 1 for the sole winner down to 0 for the last, linearly in the rank; tied players
        share the values of the places they tie for (the rulebook: ties share the victory). Zeros until the end."""
        if self._current is not None:
            return [0.0] * self.num_players
        last, score = self.num_players - 1, self.score
        order = sorted(range(self.num_players), key=lambda p: -score[p])
        values = []
        for player in range(self.num_players):
            tied = [place for place, other in enumerate(order) if score[other] == score[player]]
            values.append(sum(last - place for place in tied) / (last * len(tied)))
        return values

    def result(self) -> dict[str, Any] | None:
        """When the game is over: ``scores``, ``ranks`` (1 = best; tied players share a rank) and ``winners``."""
        if self._current is not None:
            return None
        score = self.score
        best = max(score)
        ranks = [1 + sum(other > mine for other in score) for mine in score]
        winners = [p for p in range(self.num_players) if score[p] == best]
        return {"scores": score, "ranks": ranks, "winners": winners}

    def heuristic(self, player: int) -> float:
        """A quick estimate in [0, 1] of how well ``player`` stands (for greedy agents and rollout cut-offs).

        It reads only what ``player`` may know. See :mod:`townwidget.littletown.heuristic`.
        """
        return evaluate(self, player)

    def heuristic_after(self, action: Action, player: int) -> float:
        """``player``'s :meth:`heuristic` after the legal ``action`` (an action object), the state unchanged: the
        step played on a copy of the position alone, neither checked again nor recorded (rollouts and greedy agents
        rate every candidate so; the same value as on a full copy, which the tests check)."""
        return self.rated_child(action, player)[0]

    def rated_child(self, action: Action, player: int) -> tuple[float, State]:
        """:meth:`heuristic_after` and the position it rated: the position :meth:`apply` leaves after the legal
        ``action``, without the record of play (``history`` empty, ``log`` the step's automatic entries only),
        which no rule reads. A playout goes on from the chosen candidate's instead of playing its step again."""
        child = self._position()
        rounds.play(child, action)
        rounds.settle(child)
        child._memo = True  # as apply leaves it: its steps may be remembered
        return evaluate(child, player), child

    def view(self, player: int) -> LittleTownView:
        """What ``player`` may know: a :class:`~townwidget.littletown.view.LittleTownView` (agents receive this)."""
        from townwidget.littletown.view import LittleTownView

        return LittleTownView(self, player)

    def to_dict(self, viewer: Viewer = None) -> dict[str, Any]:
        """The JSON form (see :mod:`townwidget.littletown.format`); with ``viewer``, only what that player may
        know, and with :data:`~townwidget.core.protocol.PUBLIC` only what every player may know (a spectator's)."""
        from townwidget.littletown.format import state_to_dict

        return state_to_dict(self, viewer)

    def _repr_svg_(self) -> str:
        """The board, the players and the market as a static SVG picture (Jupyter shows it; no JavaScript): what
        every player may know (a player's objective cards are hidden; their view's picture shows their own)."""
        from townwidget.littletown.render import state_svg

        return state_svg(self.to_dict(viewer=PUBLIC))

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """The state saved by :meth:`to_dict` (the full form), checked by :func:`townwidget.littletown.from_dict`;
        bad data raises :class:`~townwidget.core.errors.InvalidState` naming the fault.

        >>> from townwidget.littletown import new_game
        >>> game = new_game(players=2, seed=4)
        >>> State.from_dict(game.to_dict()).to_dict() == game.to_dict()
        True
        """
        from townwidget.littletown.format import from_dict

        return from_dict(data)

    def __repr__(self) -> str:
        return f"<LittleTown {self.num_players} players round={self.round} phase={self.phase} player={self._current}>"

    # --- what the board holds ----------------------------------------------------------------------------------
    def placed_buildings(self) -> list[tuple[int, int]]:
        """(kind, owner) of every building on the board."""
        return [building for building in self.buildings if building is not None]

    def buildings_by_cell(self) -> dict[int, tuple[int, int]]:
        return {cell: building for cell, building in enumerate(self.buildings) if building is not None}

    def empty_grass(self) -> list[int]:
        """The grass cells without a building or a worker."""
        buildings, workers = self.buildings, self.workers
        return [cell for cell in self.terrain.grass if buildings[cell] is None and workers[cell] is None]

    def cell_of_kind(self, kind: int) -> int | None:
        """The cell of the (single) building of this kind, if it has been built."""
        return next((cell for cell, b in enumerate(self.buildings) if b is not None and b[0] == kind), None)

    # --- legal steps ---------------------------------------------------------------------------------------
    def step_actions(self) -> list[Action]:
        """The current phase's steps for the player to act (the objective cards aside): they depend only on
        public information, so every player can tell what the player to act may do, completions apart."""
        steps = self._steps
        if steps is None:
            steps = self._phase_steps()
            if self._memo:
                self._steps = steps
        return steps.copy()

    def forget_steps(self) -> None:
        """The position is about to change (:func:`~townwidget.littletown.rounds.play` says so)."""
        self._steps = None

    def _phase_steps(self) -> list[Action]:
        player = self._current
        assert player is not None
        phase = self.phase
        if phase == "turn":
            empty = self.empty_grass()
            actions: list[Action] = [PLACE_WORKER[cell] for cell in empty]
            if empty and self.houses_left[player]:
                market, kinds = self.market, self.kinds
                actions += [BUILD[k] for k in range(len(market)) if market[k] and self.can_build(player, kinds[k])]
            return actions
        if phase in ("act", "residence"):
            return self.activation_steps(player)
        if phase == "pay":
            return [Pay(names(ways)) for ways in effects.payment_ways(self, player)]
        if phase == "give":
            return [Give(names(pair)) for pair in shop_gives(self.cubes[player], self.coins[player], self.reserve)]  # type: ignore[arg-type]
        if phase == "take":
            assert self.turn.give is not None
            return [Take(names(pair)) for pair in shop_takes(self.turn.give, self.reserve)]  # type: ignore[arg-type]
        if phase == "site":
            return [PLACE_BUILDING[cell] for cell in self.empty_grass()]
        ways = feedings(self.seats.workers, self.cubes[player], self.coins[player], self.reserve)
        return [Feed(fish, names(bought)) for fish, bought in ways]

    def completions(self, player: int) -> list[Action]:
        """The objective cards ``player`` may complete now."""
        return [Complete(card) for card in obj.fulfilled_cards(self, player)]

    def can_build(self, player: int, kind: Kind) -> bool:
        """Whether the market offers ``kind`` and ``player`` can pay for it (a house and a space aside)."""
        return bool(self.market[kind.index]) and can_pay(
            kind.cost, kind.cost_coins, self.cubes[player], self.coins[player], self.reserve
        )

    def activation_steps(self, player: int) -> list[Action]:
        turn = self.turn
        actions: list[Action] = []
        if self.phase == "act":
            centre = turn.worker
            assert centre is not None
            yields = self.terrain.yields[centre]
            actions += [GATHER[r] for r in range(3) if yields[r] and r not in turn.gathered and self.reserve[r]]
        else:
            centre = self.cell_of_kind(RESIDENCE)
            assert centre is not None
        actions += [ACTIVATE[cell] for cell in NEIGHBOURS[centre] if effects.can_activate(self, player, cell)]
        actions.append(DONE)
        return actions

    # --- what the machine (:mod:`~townwidget.littletown.rounds`) and the effects change --------------------------
    def gain_vp(self, player: int, amount: int, source: str) -> None:
        """Add ``amount`` points (negative: lose them) from ``source`` (one of :data:`VP_SOURCES`)."""
        self.vp[player][source] += amount

    def complete_objective(self, player: int, card: int) -> None:
        """Reveal the objective card and score it."""
        self.objectives[player].remove(card)
        self.completed[player].append(card)
        self.gain_vp(player, CARDS[card].vp, "objectives")

    def achieve(self, player: int, achievement: str) -> None:
        """Record a moment an objective card asks for (see :mod:`~townwidget.littletown.objectives`)."""
        self.achievements[player].add(achievement)
