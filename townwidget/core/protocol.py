"""The protocols every game implements, and the only API that agents, the arena and the widget rely on.

A game is a ``State`` that changes in place through ``apply``. Chance (draws, shuffles) is resolved inside
``apply`` by the state's own seeded generator, so the same seed and the same actions always give the same game.
A ``View`` is what one player may know: agents receive a view, never the state, so they cannot peek.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from townwidget.core.rng import Rng


@runtime_checkable
class Action(Protocol):
    """A small immutable value. ``to_dict()`` gives its JSON form; states also accept that dict in ``apply``."""

    def to_dict(self) -> dict[str, Any]: ...


@runtime_checkable
class State(Protocol):
    """A full game state (it may hold information some players must not see)."""

    @property
    def current_player(self) -> int | None:
        """The player to act, ``None`` when the game is over."""
        ...

    @property
    def num_players(self) -> int: ...

    def legal_actions(self) -> list[Any]:
        """The actions the current player may take, in a stable order (empty when the game is over)."""
        ...

    def apply(self, action: Any) -> None:
        """Play an action (an action object or its dict), or raise ``IllegalAction`` and change nothing."""
        ...

    def clone(self) -> State: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[float]:
        """One value per player in [0, 1] (1 = best); meaningful when the game is over."""
        ...

    def heuristic(self, player: int) -> float:
        """A quick estimate in [0, 1] of how well ``player`` stands, reading only what that player may know
        (greedy agents and rollout cut-offs use it)."""
        ...

    def view(self, player: int) -> View: ...

    def to_dict(self, viewer: int | None = None) -> dict[str, Any]: ...


@runtime_checkable
class View(Protocol):
    """What one player may know of a state, and nothing that leads back to its hidden parts."""

    @property
    def player(self) -> int: ...

    @property
    def current_player(self) -> int | None: ...

    def legal_actions(self) -> list[Any]:
        """The viewer's legal actions when it is their turn, else an empty list."""
        ...

    def to_dict(self) -> dict[str, Any]: ...

    def sample_state(self, rng: int | Rng | None = None) -> State:
        """A full state drawn uniformly from those consistent with this view (a determinization)."""
        ...
