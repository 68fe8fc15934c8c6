"""The widget by composition: every intent of the front end has one handler in its widget's table, and the session
(not the widget) checks whose turn it is."""

from __future__ import annotations

import pytest
from widget_comm import use_front_ends

from townwidget import town
from townwidget.core import IllegalAction
from townwidget.widget import LittleTownWidget, TownWidget
from townwidget.widget.intents import COMMON_INTENTS, INTENT_KEYS, LITTLE_TOWN_INTENT_KEYS
from townwidget.widget.session import Refused, Session, _Quiet


def test_each_intent_of_the_front_end_has_one_handler(monkeypatch: pytest.MonkeyPatch) -> None:
    use_front_ends(monkeypatch)
    for widget, intents in (
        (TownWidget("town44", seed=1), INTENT_KEYS),
        (LittleTownWidget(seed=1), LITTLE_TOWN_INTENT_KEYS),
    ):
        assert set(widget._handlers) == set(intents)
        common = {name for name, handler in widget._handlers.items() if handler.__self__ is widget}
        game = {name for name, handler in widget._handlers.items() if handler.__self__ is widget._presenter}
        assert common == set(COMMON_INTENTS) and game == set(intents) - common  # the game's kinds: its presenter's


def test_the_session_refuses_the_seat_a_move_out_of_turn_and_changes_nothing() -> None:
    session = Session(town.new_game("town44", players=2, seed=5), 1, ["random"], ("random",), seed=1)
    before = session.state.to_dict()
    with pytest.raises(IllegalAction, match=r"it is not your turn: Player 1 \(random\) is to play"):
        session.play_seat(session.state.legal_actions()[0])
    assert session.state.to_dict() == before and session.undo == []
    while not session.state.is_terminal():
        session.play(session.state.legal_actions()[0])
    with pytest.raises(IllegalAction, match="the game is over"):
        session.play_seat({"type": "pass"})


class Wording(_Quiet):
    """A host that shows nothing but words every refusal of the engine its own way (as a game's presenter does)."""

    def why_not(self, action: object, reason: str) -> str:
        return f"worded: {reason}"


def test_the_session_decides_for_the_seat_its_turn_first_then_the_engine_worded_by_the_host() -> None:
    session = Session(town.new_game("town44", players=2, seed=5), 1, ["random"], ("random",), host=Wording())
    before = session.state.to_dict()
    with pytest.raises(Refused, match=r"^it is not your turn: Player 1 \(random\) is to play$"):
        session.decide(session.state.legal_actions()[0])  # the turn, in the player's words, not the host's
    assert session.state.to_dict() == before
    session.advance()
    with pytest.raises(Refused, match="^worded: "):
        session.decide({"type": "discard", "tile": [0, 0]})  # refused by the engine, worded by the host
    assert session.undo == [] and session.state.current_player == 1
    played = len(session.state.history)
    session.decide(session.seat_actions()[0])
    assert len(session.undo) == 1 and len(session.state.history) > played  # played, with its snapshot for undo
