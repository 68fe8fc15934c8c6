"""The game session under the widgets, in plain Python: no anywidget, no comm, no kernel (issue 31 item 4)."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from townwidget import littletown, town
from townwidget.core.errors import IllegalAction
from townwidget.widget.session import Session, WidgetBusy


class Recorder:
    """A host that counts what the session asks of it."""

    def __init__(self) -> None:
        self.published = self.dropped = 0

    def publish(self) -> None:
        self.published += 1

    def drop_picks(self) -> None:
        self.dropped += 1

    def restore(self, before: Any) -> Any:
        return before

    def undo_is_practice(self) -> bool:
        return True


def first_placement(state: Any) -> Any:
    return next(action for action in state.legal_actions() if isinstance(action, town.Place))


def test_the_opponents_move_and_undo_goes_back_to_the_seats_decision() -> None:
    host = Recorder()
    session = Session(town.new_game("town44", players=2, seed=5), 0, ["random"], ("greedy",), seed=1, host=host)
    session.advance()
    assert session.state.current_player == 0
    before = session.state.to_dict()
    session.play(first_placement(session.state))
    if session.state.current_player == 0:  # the discard step: the seat's last decision is keeping the hand
        before = session.state.to_dict()
        session.play(town.Pass())
    session.advance()
    assert session.state.current_player == 0 and len(session.frames) == len(session.state.history) + 1
    session.undo_last()
    assert session.state.to_dict() == before and session.practice and host.dropped > 0
    with pytest.raises(IllegalAction, match="nothing to undo"):
        Session(littletown.new_game(2, 1), 0, None, ("random",), seed=1).undo_last()


def test_background_thinking_publishes_each_move_and_ends_idle() -> None:
    host = Recorder()
    session = Session(littletown.new_game(2, 3), 0, ["random"], ("greedy",), seed=2, host=host)
    session.background = True
    while session.state.current_player == 0:
        session.play(session.state.legal_actions()[0])
    session.advance()
    assert session.wait(timeout=30) and session.thinker is None
    assert session.state.current_player in (0, None) and host.published > 0


def test_a_callback_calling_back_into_the_session_is_refused() -> None:
    session = Session(town.new_game("town44", players=2, seed=5), 0, ["random"], ("greedy",), seed=1)
    refused: list[str] = []

    def meddle(player: int, action: Any) -> None:
        try:
            session.refuse_reentry("apply")
        except WidgetBusy as error:
            refused.append(str(error))

    session.callbacks.append(meddle)
    session.advance()
    session.play(first_placement(session.state))
    assert refused and "called from an on_move callback or an agent" in refused[0]
    session.refuse_reentry("apply")  # from outside a move it is allowed


def test_a_hanging_opponent_forfeits_on_its_own_thread() -> None:
    released = threading.Event()

    class Hanger:
        name = "hanger"

        def act(self, view: Any) -> Any:
            released.wait(30)
            return view.legal_actions()[-1]

    session = Session(town.new_game("town44", players=2, seed=5), 0, [Hanger()], ("greedy",), move_seconds=0.1)
    session.advance()
    session.play(first_placement(session.state))
    if session.state.current_player == 0:
        session.play(town.Pass())
    session.advance()
    released.set()
    assert session.forfeits and session.state.current_player == 0
    assert "took longer than 0.1 s" in session.forfeit_lines(min(session.forfeits), session.names())[0]
