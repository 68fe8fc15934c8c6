"""The protocols every game implements, and the only API that agents, the arena, the advice and the widgets rely on.

A game is a ``State`` that changes in place through ``apply``. Chance (draws, shuffles) is resolved inside
``apply`` by the state's own seeded generator, so the same seed and the same actions always give the same game.
A ``View`` is what one player may know: agents receive a view, never the state, so they cannot peek. Games are
found by name in :mod:`townwidget.core.registry`. What a game tells its users beyond the moves is data in these
protocols (``phase``, ``history``, ``result()``, :class:`SearchAdvice`), never an attribute to probe for.
"""

from __future__ import annotations

import types
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

from townwidget.core.checks import is_integer, shown
from townwidget.core.rng import Rng

PUBLIC = "public"
"""The spectator: ``state.to_dict(viewer=PUBLIC)`` is what every player may know (no hand's shapes, no hidden
tile, nobody's secret card), the form a table shows to someone watching without a seat."""

Viewer = int | str | None
"""Who reads a state's JSON form: ``None`` (everything, for saving), a player number, or :data:`PUBLIC`."""


def checked_viewer(viewer: object, num_players: int) -> Viewer:
    """``viewer`` if it names a reader of a game of ``num_players`` seats, else ``ValueError`` in words.

    >>> checked_viewer(PUBLIC, 2), checked_viewer(1, 2), checked_viewer(None, 2)
    ('public', 1, None)
    >>> checked_viewer(2, 2)
    Traceback (most recent call last):
        ...
    ValueError: viewer must be a player number from 0 to 1, 'public' or None, not 2
    """
    if viewer is None or (isinstance(viewer, str) and viewer == PUBLIC):
        return viewer
    if isinstance(viewer, int) and is_integer(viewer) and 0 <= viewer < num_players:
        return viewer
    raise ValueError(
        f"viewer must be a player number from 0 to {num_players - 1}, {PUBLIC!r} or None, not {shown(viewer)}"
    )


ActionT = TypeVar("ActionT")
"""A game's action type: ``State[Place | Exchange | ...]`` plays Town's actions and gives them back."""


@runtime_checkable
class Action(Protocol):
    """A small immutable value. ``to_dict()`` gives its JSON form; states also accept that dict in ``apply``."""

    def to_dict(self) -> dict[str, Any]: ...


@runtime_checkable
class State(Protocol[ActionT]):
    """A full game state (it may hold information some players must not see), generic in its actions' type."""

    @property
    def current_player(self) -> int | None:
        """The player to act, ``None`` when the game is over."""
        ...

    @property
    def num_players(self) -> int: ...

    @property
    def phase(self) -> str:
        """The step of the turn the game is in (its own names: Town ``"place"``, ``"exchange"``; ``"over"`` at the
        end); the same action can mean different things in different phases."""
        ...

    @property
    def history(self) -> list[tuple[int, str, ActionT]]:
        """``(player, phase, action)`` of every action applied since the start, in order."""
        ...

    def legal_actions(self) -> list[ActionT]:
        """The actions the current player may take, in a stable order (empty when the game is over)."""
        ...

    def apply(self, action: ActionT | dict[str, Any]) -> None:
        """Play an action (an action object or its dict), or raise ``IllegalAction`` and change nothing."""
        ...

    def clone(self) -> State[ActionT]: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[float]:
        """One value per player in [0, 1] (1 = best); meaningful when the game is over."""
        ...

    def result(self) -> dict[str, Any] | None:
        """The outcome in the game's own words (JSON data, e.g. tiles placed or victory points), ``None`` until the
        game is over; the registry's :class:`~townwidget.core.registry.Game` reads each seat's score from it."""
        ...

    def heuristic(self, player: int) -> float:
        """A quick estimate in [0, 1] of how well ``player`` stands, reading only what that player may know
        (greedy agents and rollout cut-offs use it)."""
        ...

    def view(self, player: int) -> View[ActionT]: ...

    def to_dict(self, viewer: Viewer = None) -> dict[str, Any]:
        """The JSON form: everything (``viewer=None``), what one player may know (a player number), or what every
        player may know (:data:`PUBLIC`)."""
        ...


@runtime_checkable
class View(Protocol[ActionT]):
    """What one player may know of a state, and nothing that leads back to its hidden parts."""

    @property
    def player(self) -> int: ...

    @property
    def current_player(self) -> int | None: ...

    def legal_actions(self) -> list[ActionT]:
        """The viewer's legal actions when it is their turn, else an empty list."""
        ...

    def to_dict(self) -> dict[str, Any]: ...

    def sample_state(self, rng: int | Rng | None = None) -> State[ActionT]:
        """A full state drawn uniformly from those consistent with this view (a determinization)."""
        ...

    def search_advice(self) -> SearchAdvice:
        """What the game advises a tree search deciding from this view."""
        ...


@dataclass(frozen=True)
class SearchAdvice:
    """A game's advice to a tree search about one decision; ``None`` leaves the search's own default.

    ``iterations``: the iterations to spend when the search was given no budget. ``rollout_moves``: how many
    moves a rollout plays before the position's ``heuristic`` judges it (0: judge the tree's leaf at once).
    """

    iterations: int | None = None
    rollout_moves: int | None = None


@runtime_checkable
class Agent(Protocol):
    """A player: ``act(view)`` returns one of ``view.legal_actions()``; ``name`` labels it in tables."""

    name: str

    def act(self, view: View[Any]) -> Any: ...


def has_action_form(thing: Any) -> bool:
    """Whether ``thing``'s type declares the :class:`Action` protocol's ``to_dict`` (an instance attribute of that
    name does not count: what is played must be what the type says)."""
    return callable(getattr(type(thing), "to_dict", None))


def action_data(action: Any) -> Any:
    """Any game's action as plain data: an action object's ``to_dict()`` form, anything else (a dict, already the
    form every state's ``apply`` accepts) as it is.

    >>> class Pass:
    ...     def to_dict(self):
    ...         return {"type": "pass"}
    >>> action_data(Pass()), action_data({"type": "pass"})
    ({'type': 'pass'}, {'type': 'pass'})
    """
    return type(action).to_dict(action) if has_action_form(action) else action


def heuristic_after(state: Any, action: Any, player: int) -> float:
    """``player``'s heuristic in the position after the legal ``action`` on ``state``, which does not change: by
    the game's own quicker way where its state has one (``heuristic_after``: Town solo rates a placement from the
    masks it leaves), else on a copy. Rollouts and greedy agents rate every candidate move so."""
    quicker = getattr(type(state), "heuristic_after", None)
    if quicker is not None:
        return float(quicker(state, action, player))
    child = state.clone()
    child.apply(action)
    return float(child.heuristic(player))


def rated_child(state: Any, action: Any, player: int) -> tuple[float, Any | None]:
    """:func:`heuristic_after`, and the position it rated where the game's state plays the step on a copy to rate
    it (``rated_child``: Little Town's): the state ``apply(action)`` would leave, its record of play aside, for a
    playout to go on from (``None`` where the game rates otherwise)."""
    own = getattr(type(state), "rated_child", None)
    if own is None:
        return heuristic_after(state, action, player), None
    value, child = own(state, action, player)
    return float(value), child


def home_module(thing: Any) -> str:
    """The module ``thing``'s code was defined in: a class's or a function's own, else its type's (``"__main__"``
    for a notebook's or a script's)."""
    if isinstance(thing, (type, types.FunctionType)):
        return thing.__module__
    return type(thing).__module__


def is_agent(thing: Any) -> bool:
    """Whether ``thing`` can play: it has a callable ``act`` (a ``name`` is optional, see :func:`agent_label`)."""
    return callable(getattr(thing, "act", None))


def declared_name(agent: Any) -> str | None:
    """The ``name`` an agent declares for tables, if it is a string (else ``None``)."""
    name = getattr(agent, "name", None)
    return name if isinstance(name, str) else None


def asks_to_peek(agent: Any) -> bool:
    """Whether an agent declares ``peeks``: it asks for full states, which only the package's clairvoyant solver is
    ever given (a ``peeks`` property that raises asks too: the arena refuses it rather than guess)."""
    try:
        return getattr(agent, "peeks", None) not in (None, False)
    except Exception:
        return True


def agent_label(thing: Any) -> str:
    """The name that labels an agent (or an agent's name itself) in tables, records and messages."""
    if isinstance(thing, str):
        return thing
    name = getattr(thing, "name", None) or getattr(thing, "__qualname__", None)
    return name if isinstance(name, str) else type(thing).__name__
