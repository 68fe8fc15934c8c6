"""Lesson 01, play (and lesson 06, Little Town): the checker of a count of legal moves, for any game of the engine."""

from __future__ import annotations

from typing import Any

from townwidget.core import State
from townwidget.core.language import _
from townwidget.exercises.common import NO_ANSWER, Verdict, _read_whole_number, _wrong, in_package_language
from townwidget.town import SoloState


def _unchecked_solo_moves(state: SoloState) -> int:
    """Every (pile top, open cell) pair of a solo Town state, as if no colour or shape could clash."""
    return sum(1 for pile in state.piles if pile) * bin(state.board.frontier).count("1")


@in_package_language
def check_legal_move_count(state: Any, answer: Any) -> Verdict:
    """Whether ``answer`` is the number of legal moves of the player to act in ``state`` (any engine state: Town
    solo or multiplayer, Little Town), as ``state.legal_actions()`` lists them; worded in the package language.

    >>> from townwidget import town
    >>> game = town.new_solo("town44", seed=0)
    >>> print(check_legal_move_count(game, 1))
    Not yet right: it should be the number of legal moves of player 0 in the given position.
    - 1 is not the right number
    - hint: on the empty board only the top-left cell is open, but each pile top may be the pioneer
    >>> print(check_legal_move_count(game, 3))
    Right: it is the number of legal moves of player 0 in the given position.
    """
    if not isinstance(state, State) or state.is_terminal():
        raise ValueError(f"the position must be an engine state with a player to act, not {state!r}")
    task = _("the number of legal moves of player {player} in the given position").format(player=state.current_player)
    number, problem = _read_whole_number(answer)
    if problem or number is None:
        return Verdict(task, (problem or _(NO_ANSWER),))
    truth = len(state.legal_actions())
    if number == truth:
        return Verdict(task)
    return Verdict(task, (_wrong(number), _hint(state, number)))


def _hint(state: State, number: int) -> str:
    if isinstance(state, SoloState):
        if state.board.placed() == 0:
            return _("hint: on the empty board only the top-left cell is open, but each pile top may be the pioneer")
        if number == _unchecked_solo_moves(state):
            return _(
                "hint: that is every pile top on every open cell, but a top may not go where its row or column\n"
                "  already holds its colour or its shape"
            )
        return _("hint: for each pile top in turn, count the cells next to the city whose row and column it fits")
    return _("hint: list the kinds of move allowed now (the rules of this phase), then count each kind")
