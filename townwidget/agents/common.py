"""What the agents share: the states they search (the core ``State`` with the game's position estimate) and the
refusal to act when the viewer has no move."""

from __future__ import annotations

from typing import Any, Protocol

from townwidget.core import State, View


class SearchState(State, Protocol):
    """A core ``State`` that also offers ``heuristic(player)``: a quick estimate in [0, 1] of how well ``player``
    stands, reading only what that player may know (Town: :mod:`townwidget.town.heuristic`)."""

    def heuristic(self, player: int) -> float: ...

    def clone(self) -> SearchState: ...


def sample(view: View, rng: Any) -> SearchState:
    """A full state drawn from ``view`` with the agent's generator ``rng`` (typed for searching)."""
    return view.sample_state(rng)  # type: ignore[return-value]


def legal_actions_of(view: View) -> list[Any]:
    """The view's legal actions, or a ValueError when the viewer has none (not their turn, or the game is over)."""
    actions = view.legal_actions()
    if not actions:
        raise ValueError(f"player {view.player} has no action to choose: it is not their turn or the game is over")
    return actions
