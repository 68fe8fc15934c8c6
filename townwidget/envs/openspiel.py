"""The games in OpenSpiel (optional extra ``openspiel``): importing this module registers them as pyspiel games.

- ``"townwidget_town"``, parameters ``rules`` (``"town77"``, ``"town66"`` with its flips, ``"townNN"`` for n = 2..9;
  default ``"town77"``) and ``players`` (1 for the solo Challenge Rule, 2 to 5; default 1);
- ``"townwidget_littletown"``, parameter ``players`` (2 to 4; default 2).

Chance is explicit. The engines draw every random thing through their state's generator (``randbelow(n)``, and
shuffles made of such draws); here that generator is a :class:`ChanceScript`, which hands out the chance outcomes
chosen so far and asks for the next one. So a chance node is one draw: outcomes ``0 .. n-1``, each with probability
1/n (the deal: one node per step of the shuffle; a multiplayer Town draw: the index of the tile in the sorted bag).
An action whose effect needs draws (a Town exchange, a placement followed by a draw) waits at chance nodes until
they are chosen, then is applied with them. What a player is told is built from their view only
(``state.to_dict(viewer=player)``): the information-state string is that view as JSON (its history included, so it
recalls everything the player saw), the observation string the same without the history; the tensors (both the
same) are flat arrays of the present view: Town's one-hot arrays of :mod:`townwidget.envs.flat`, Little Town's of
:mod:`townwidget.envs.littletown_flat`.
``resample_from_infostate`` deals the hidden tiles again through ``view.sample_state``. Returns are the game's own
(solo: the fraction of the board filled; multiplayer: 1 for the winner down to 0 for the last, ties sharing).

Actions are numbered as in :mod:`townwidget.envs.encoding` for Town; for Little Town, whose actions carry
payments and choices, an action is its index in the state's ``legal_actions()`` list (a stable order, the same for
every state a player cannot tell apart).

>>> import pyspiel
>>> import townwidget.envs.openspiel
>>> game = pyspiel.load_game("townwidget_town", {"rules": "town44", "players": 2})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())   # player 0's first tile: one of the 16
(True, 16)
>>> while state.is_chance_node():
...     state.apply_action(0)                                 # the deal: always the first tile of the bag
>>> state.view(0).to_dict()["hands"][0]                      # player 0 drew the first four tiles
[[0, 0], [0, 1], [0, 2], [0, 3]]
>>> state.current_player(), state.action_to_string(state.legal_actions()[0])
(0, '{"type": "exchange", "tiles": [[0, 0], [0, 1], [0, 2]]}')
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from townwidget.core.extras import MissingExtra, install_hint
from townwidget.core.rng import Rng

try:
    import pyspiel  # type: ignore[import-not-found]  # a compiled module without stubs
except ImportError as error:
    raise MissingExtra(
        f"The OpenSpiel games need open-spiel, which is not installed: {install_hint('openspiel')}"
    ) from error

from townwidget import littletown, town  # noqa: E402
from townwidget.envs.encoding import MultiEncoding, SoloEncoding  # noqa: E402
from townwidget.envs.flat import multi_flat, multi_flat_size, solo_flat, solo_flat_size  # noqa: E402
from townwidget.envs.littletown_flat import littletown_flat, littletown_flat_size  # noqa: E402

TOWN, LITTLETOWN = "townwidget_town", "townwidget_littletown"
LITTLETOWN_ACTIONS = 512
"""Little Town's action numbers: indices into ``legal_actions()``, which random play keeps under 50 (a state with
more raises an error naming this bound)."""


class NeedChance(Exception):
    """Raised by :class:`ChanceScript` when the engine draws past the outcomes chosen so far."""

    def __init__(self, outcomes: int) -> None:
        super().__init__(f"a chance node with {outcomes} outcomes")
        self.outcomes = outcomes


class ChanceScript(Rng):
    """A generator whose draws are given: ``randbelow(n)`` returns the next of ``outcomes`` (which must lie in
    ``0 .. n-1``) and raises :class:`NeedChance` when none is left; ``shuffle`` is Fisher-Yates made of such draws.

    >>> script = ChanceScript([2])
    >>> script.randbelow(3)
    2
    >>> script.randbelow(5)
    Traceback (most recent call last):
    ...
    townwidget.envs.openspiel.NeedChance: a chance node with 5 outcomes
    """

    __slots__ = ("outcomes", "used")

    def __init__(self, outcomes: list[int] | None = None) -> None:
        super().__init__(0)
        self.outcomes = outcomes or []
        self.used = 0

    def randbelow(self, n: int) -> int:
        if self.used == len(self.outcomes):
            raise NeedChance(n)
        outcome = self.outcomes[self.used]
        if not 0 <= outcome < n:
            raise ValueError(f"chance outcome {outcome} is out of range 0..{n - 1}")
        self.used += 1
        return outcome

    def shuffle(self, items: Any) -> None:
        for i in range(len(items) - 1, 0, -1):  # Rng.shuffle's order of draws
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def next64(self) -> int:
        raise RuntimeError("the OpenSpiel adapter exposes only randbelow() and shuffle() draws as chance nodes")

    def copy(self) -> ChanceScript:
        other = ChanceScript(self.outcomes.copy())
        other.used = self.used
        return other


class LargestDraw(ChanceScript):
    """A script that answers every draw with 0 and records the largest bound asked: a deal's widest chance node."""

    __slots__ = ("largest",)

    def __init__(self) -> None:
        super().__init__()
        self.largest = 1

    def randbelow(self, n: int) -> int:
        self.largest = max(self.largest, n)
        return 0


def widest_chance(deal: Callable[[Rng], Any]) -> int:
    """The most outcomes of a chance node of a game dealt by ``deal``: the deal's, as draws only shrink the bag."""
    probe = LargestDraw()
    deal(probe)
    return probe.largest


class Engine:
    """The engine's state, cloned (not deep-copied) when OpenSpiel copies a state: the engine shares its tables of
    action objects between states, and a deep copy would copy them all."""

    __slots__ = ("state",)

    def __init__(self, state: Any) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> Engine:
        return Engine(self.state.clone())


class Spec(NamedTuple):
    """What differs between the games: how to deal, number actions and encode a view. The game and the state of
    this module know no game and read it only through its spec and the core protocol; each spec
    (:func:`town_spec`, :func:`littletown_spec`) is written for its game by design (its action numbers and tensors
    are the game's)."""

    deal: Callable[[Rng], Any]
    encode: Callable[[Any, Any], int]  # (engine state, legal action) -> action number
    decode: Callable[[Any, int], Any]  # (engine state, action number) -> action
    tensor: Callable[[dict[str, Any], int], np.ndarray]  # (viewer form, player) -> flat array
    tensor_size: int
    draws_in_play: bool  # whether an action may draw (else chance is all in the deal, and actions apply in place)


def town_spec(rules: town.Rules, players: int) -> Spec:
    if players == 1:
        solo = SoloEncoding(rules)
        return Spec(
            lambda rng: town.new_solo(rules, seed=rng),
            lambda _state, action: solo.encode(action),
            lambda state, number: solo.decode(number, state),
            lambda view, _player: solo_flat(view),
            solo_flat_size(rules),
            False,
        )
    multi = MultiEncoding(rules)
    return Spec(
        lambda rng: town.new_game(rules, players=players, seed=rng),
        lambda _state, action: multi.encode(action),
        lambda _state, number: multi.decode(number),
        multi_flat,
        multi_flat_size(rules, players),
        True,
    )


def littletown_spec(players: int) -> Spec:
    return Spec(
        lambda rng: littletown.new_game(players=players, seed=rng),
        lambda state, action: state.legal_actions().index(action),
        lambda state, number: state.legal_actions()[number],
        littletown_flat,
        littletown_flat_size(players),
        False,
    )


def _game_type(short_name: str, long_name: str, players: tuple[int, int], tensors: bool, parameters: dict) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        min_num_players=players[0],
        max_num_players=players[1],
        provides_information_state_string=True,
        provides_information_state_tensor=tensors,
        provides_observation_string=True,
        provides_observation_tensor=tensors,
        parameter_specification=parameters,
    )


TOWN_TYPE = _game_type(
    TOWN, "Town 77, Town 66 and Town NN (townwidget)", (1, 5), True, {"rules": "town77", "players": 1}
)
LITTLETOWN_TYPE = _game_type(LITTLETOWN, "Little Town (townwidget)", (2, 4), True, {"players": 2})


class TownwidgetGame(pyspiel.Game):
    """One of the package's games as a pyspiel game (see the module's doc)."""

    def __init__(self, game_type: Any, params: dict[str, Any], spec: Spec, info: Any) -> None:
        super().__init__(game_type, info, params)
        self.spec = spec
        self.resamples = Rng(0)  # pyspiel's samplers restart at each call: this varies the worlds drawn

    def new_initial_state(self) -> TownwidgetState:
        return TownwidgetState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"the observers take no parameters, not {params!r}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        if iig_obs_type is not None and iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("the observers give one player's own view only (private info: single player)")
        return Observer(self.spec, perfect_recall)


class TownGame(TownwidgetGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**TOWN_TYPE.parameter_specification, **(params or {})}
        rules = town.resolve_rules(str(params["rules"]))
        players = int(params["players"])
        if players != 1 and not 2 <= players <= 5:
            raise ValueError(f"players must be 1 (solo) or 2 to 5, not {players}")
        if players > 1 and players * rules.hand_size + 1 > rules.tiles:
            raise ValueError(f"{rules.name} has too few tiles for {players} players")
        spec = town_spec(rules, players)
        actions = SoloEncoding(rules).size if players == 1 else MultiEncoding(rules).size
        info = pyspiel.GameInfo(
            num_distinct_actions=actions,
            max_chance_outcomes=widest_chance(spec.deal),
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=rules.tiles if players == 1 else 50 * rules.tiles,  # exchanges may repeat: no tight bound
        )
        super().__init__(TOWN_TYPE, {"rules": rules.name, "players": players}, spec, info)


class LittleTownGame(TownwidgetGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        players = int({**LITTLETOWN_TYPE.parameter_specification, **(params or {})}["players"])
        if not 2 <= players <= 4:
            raise ValueError(f"players must be 2 to 4, not {players}")
        spec = littletown_spec(players)
        info = pyspiel.GameInfo(
            num_distinct_actions=LITTLETOWN_ACTIONS,
            max_chance_outcomes=widest_chance(spec.deal),
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=2000,  # random play takes under 150 steps
        )
        super().__init__(LITTLETOWN_TYPE, {"players": players}, spec, info)


class TownwidgetState(pyspiel.State):
    """A game in progress: the engine's state, or the step waiting for chance (the deal, or an action that draws)."""

    def __init__(self, game: TownwidgetGame) -> None:
        super().__init__(game)
        self.engine: Engine | None = None  # None until dealt
        self.pending: Any = None  # the action waiting for its draws
        self.draws: list[int] = []  # the chance outcomes chosen for the step waiting
        self.bound = 0  # the number of outcomes of the chance node (0: not a chance node)
        self._advance()

    @property
    def spec(self) -> Spec:
        return self.get_game().spec  # not an attribute: states are pickled, and the spec holds closures

    # --- chance ----------------------------------------------------------------------------------------------
    def _advance(self) -> None:
        """Run the step waiting (the deal or ``pending``) with the draws chosen; stop at the next chance node."""
        script = ChanceScript(self.draws)
        try:
            if self.engine is None:
                state = self.spec.deal(script)
            else:
                # an action that may stop for a draw runs on a copy: the engine may have changed part of its state
                state = self.engine.state.clone() if self.spec.draws_in_play else self.engine.state
                state.rng = script
                state.apply(self.pending)
        except NeedChance as need:
            if self.engine is not None and not self.spec.draws_in_play:
                raise RuntimeError("the game drew during play, which its spec says it never does") from need
            self.bound = need.outcomes
            return
        state.rng = ChanceScript()
        self.engine, self.pending, self.draws, self.bound = Engine(state), None, [], 0

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(outcome, 1.0 / self.bound) for outcome in range(self.bound)]

    # --- the pyspiel API ---------------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.bound:
            return int(pyspiel.PlayerId.CHANCE)
        assert self.engine is not None
        if self.engine.state.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.engine.state.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        if self.bound or player != self.current_player():
            return []
        state = self.engine.state  # type: ignore[union-attr]
        numbers = sorted(self.spec.encode(state, action) for action in state.legal_actions())
        if numbers and numbers[-1] >= self.get_game().num_distinct_actions():
            raise RuntimeError(f"{len(numbers)} legal actions: more than the game's {LITTLETOWN_ACTIONS} numbers")
        return numbers

    def _apply_action(self, action: int) -> None:
        if self.bound:
            if not 0 <= action < self.bound:
                raise ValueError(f"chance outcome {action} is out of range 0..{self.bound - 1}")
            self.draws.append(int(action))
        else:
            self.pending = self.spec.decode(self.engine.state, int(action))  # type: ignore[union-attr]
        self._advance()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action} of {self.bound}"
        return json.dumps(self.spec.decode(self.engine.state, action).to_dict())  # type: ignore[union-attr]

    def is_terminal(self) -> bool:
        return not self.bound and self.engine is not None and self.engine.state.is_terminal()

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.get_game().num_players()
        return [float(value) for value in self.engine.state.returns()]  # type: ignore[union-attr]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TownwidgetState:
        """A state drawn uniformly among those ``player_id`` cannot tell from this one (``view.sample_state``)."""
        if self.engine is None:
            return self.clone()  # the deal has not begun: nothing is hidden yet
        game: TownwidgetGame = self.get_game()
        seed = int(probability_sampler() * 2**53) ^ game.resamples.next64()
        sampled = self.engine.state.view(player_id).sample_state(seed)
        # the record of play, as its player saw it, is part of the information state: the sampled world keeps it
        # (OpenSpiel's bots are handed the true state anyway, and read it through the observers only)
        sampled.history, sampled.rng = self.engine.state.history.copy(), ChanceScript()
        other = TownwidgetState.__new__(TownwidgetState)
        pyspiel.State.__init__(other, game)
        other.engine, other.bound = Engine(sampled), self.bound
        other.pending, other.draws = self.pending, self.draws.copy()  # draws are indices into a bag: any bag will do
        return other

    def __str__(self) -> str:
        if self.engine is None:
            return f"dealing: {len(self.draws)} draws"
        return json.dumps(self.engine.state.to_dict())

    # --- the package's agents -----------------------------------------------------------------------------------
    def view(self, player: int) -> Any:
        """``player``'s view of the game (what the package's agents take: ``agent.act(state.view(player))``)."""
        if self.engine is None:
            raise ValueError("the deal has not been made: no view yet")
        return self.engine.state.view(player)

    def action_number(self, action: Any) -> int:
        """The number of a legal engine action (what an agent returned), for ``apply_action``."""
        if self.bound or self.engine is None:
            raise ValueError("a chance node takes chance outcomes, not actions")
        return self.spec.encode(self.engine.state, action)

    # --- what a player is told --------------------------------------------------------------------------------
    def view_of(self, player: int) -> dict[str, Any] | None:
        """``player``'s viewer form of the engine's state (``None`` during the deal)."""
        return None if self.engine is None else self.engine.state.to_dict(viewer=player)


class Observer:
    """pyspiel's observer: strings and tensors of one player's view (see the module's doc)."""

    def __init__(self, spec: Spec, perfect_recall: bool) -> None:
        self.spec, self.perfect_recall = spec, perfect_recall
        self.tensor = np.zeros(spec.tensor_size, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: TownwidgetState, player: int) -> None:
        view = state.view_of(player)
        if view is None:  # the deal: nothing to see yet
            self.tensor.fill(0)
        else:
            self.tensor[:] = self.spec.tensor(view, player)

    def string_from(self, state: TownwidgetState, player: int) -> str:
        view = state.view_of(player)
        if view is None:
            return f"player {player}, dealing: {len(state.draws)} draws"
        if not self.perfect_recall:
            del view["history"]
        text = json.dumps(view, sort_keys=True)
        if state.bound:  # an action waits for its draws: its player knows it, the others know an action was taken
            actor = view["current_player"]
            shown = json.dumps(state.pending.to_dict()) if actor == player else "an action"
            text += f" | player {actor} played {shown}; draws so far: {len(state.draws)}"
        return text


pyspiel.register_game(TOWN_TYPE, TownGame)
pyspiel.register_game(LITTLETOWN_TYPE, LittleTownGame)

__all__ = ["LITTLETOWN", "TOWN", "ChanceScript", "LittleTownGame", "NeedChance", "TownGame", "TownwidgetState"]
