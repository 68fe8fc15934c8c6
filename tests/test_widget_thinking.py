"""Opponents think on a worker thread after a move from the browser: the widget keeps answering, refuses moves with
the reason, New game drops the thinking; calls back into the widget from a callback or an agent are refused.

The front end is played by :mod:`widget_comm`; a ``Gate`` agent blocks inside ``act`` until the test opens it, so the
test holds the widget in the middle of an opponent's thinking for as long as it needs.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from widget_comm import FrontEnd, browser_of, updates, use_front_ends

from townwidget import town
from townwidget.widget import LittleTownWidget, TownWidget, base, session
from townwidget.widget.base import WidgetBusy


@pytest.fixture(autouse=True)
def front_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    use_front_ends(monkeypatch)


class Gate:
    """An opponent that waits in ``act`` until ``opened`` is set, then plays the first legal action."""

    name = "gate"

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.opened = threading.Event()

    def act(self, view: Any) -> Any:
        self.entered.set()
        assert self.opened.wait(30), "the test never opened the gate"
        return view.legal_actions()[0]


def place_a_tile(widget: TownWidget, browser: FrontEnd) -> None:
    """The seat's placement through the browser (declining an exchange first if one is offered)."""
    if widget.state.phase == "exchange":
        browser.intent(intent="pass")
    action = widget.state.legal_actions()[0]
    assert isinstance(action, town.Place)
    browser.intent(intent="select", tile=list(action.tile))
    browser.intent(intent="place", cell=list(action.cell))


def held_in_thought() -> tuple[TownWidget, FrontEnd, Gate]:
    """A two-player Town game in which the seat has just ended its turn and the gate opponent is thinking."""
    gate = Gate()
    widget = TownWidget(mode="multi", opponents=[gate], seed=5, explicit_steps=True)  # the steps, one by one
    widget.background_thinking = True  # as in a kernel
    gate.opened.set()  # let it play while the widget is being set up, if it moves first
    widget.wait()
    gate.opened.clear()
    browser = browser_of(widget)
    place_a_tile(widget, browser)
    gate.entered.clear()
    answer = browser.intent_now(intent="pass")  # keep the hand: the turn passes to the gate
    assert len(updates(answer)) == 1, "the intent must be answered at once, not after the opponent's move"
    assert gate.entered.wait(10)
    return widget, browser, gate


def consistent(widget: Any) -> None:
    """History, slider and state agree."""
    assert widget.steps == len(widget.history) == len(widget.state.history)
    assert len(widget._frames) == widget.steps + 1
    assert widget.view == widget.state.to_dict(viewer=widget.seat)


def test_the_view_answers_while_an_opponent_thinks_and_moves_are_refused_with_the_reason() -> None:
    widget, browser, gate = held_in_thought()
    assert widget.thinking == "Player 2 (gate)" and widget.status == "Player 2 (gate) is thinking…"
    assert not widget.buttons["undo"] and widget.buttons["new_game"]
    before = widget.state.to_dict()
    browser.intent_now(intent="inspect", on=True)  # fits: still answered
    assert widget.inspect and widget.error == ""
    browser.intent_now(intent="step", step=0)  # history: still answered
    assert widget.step == 0 and widget.error == ""
    browser.intent_now(intent="step", step=None)
    for content in ({"intent": "undo"}, {"intent": "exchange"}, {"intent": "place", "cell": [0, 1]}):
        browser.intent_now(**content)
        assert widget.error == "Player 2 (gate) is thinking: wait for its move (New game stops it)", content
        assert widget.state.to_dict() == before
    with pytest.raises(WidgetBusy, match="Player 2 \\(gate\\) is thinking"):
        widget.apply(town.Pass())
    with pytest.raises(WidgetBusy):
        widget.undo()
    gate.opened.set()
    assert widget.wait(10)
    assert widget.thinking == "" and widget.state.current_player == 0 and widget.buttons["undo"]
    consistent(widget)


def test_new_game_interrupts_the_thinking_and_its_move_is_dropped() -> None:
    widget, browser, gate = held_in_thought()
    old_thinker = widget._thinker
    assert old_thinker is not None
    browser.intent_now(intent="new_game")
    assert widget.error == "" and widget.thinking in ("", "Player 2 (gate)")
    gate.opened.set()
    old_thinker.join(10)
    assert widget.wait(10)
    consistent(widget)
    assert all(player == 1 for player, _ in widget.history[:1]) or widget.history == []
    assert len(widget.history) <= 1, "the old game's move reached the new game"


@pytest.mark.parametrize("background", [True, False])
@pytest.mark.parametrize("call", ["apply", "undo", "new_game"])
def test_calls_from_an_on_move_callback_are_refused_and_nothing_disagrees(call: str, background: bool) -> None:
    widget = TownWidget("town44", mode="multi", opponents=["random"], seed=2)
    widget.background_thinking = background
    browser = browser_of(widget)
    calls: list[str] = []

    def meddle(player: int, action: Any) -> None:
        calls.append(call)
        if call == "apply":
            widget.apply(widget.state.legal_actions()[0])
        else:
            getattr(widget, call)()

    widget.on_move(meddle)
    place_a_tile(widget, browser)
    assert calls, "the callback was not called"
    assert f"WidgetBusy: {call}() was called from an on_move callback" in widget.error
    consistent(widget)
    # from Python too, where the opponents move before apply returns
    if widget.state.current_player == widget.seat:
        widget.apply(widget.state.legal_actions()[0])
        assert f"WidgetBusy: {call}() was called from an on_move callback" in widget.error
        consistent(widget)


def test_an_agent_that_calls_back_into_the_widget_is_stopped_with_a_clear_error() -> None:
    class Meddler:
        name = "meddler"
        widget: Any = None  # set once the widget exists

        def act(self, view: Any) -> Any:
            if self.widget is not None:
                self.widget.new_game()
            return view.legal_actions()[0]

    meddler = Meddler()
    widget = LittleTownWidget(opponents=[meddler], seed=1)
    widget.background_thinking = True
    meddler.widget = widget
    browser = browser_of(widget)
    while widget.state.current_player == widget.seat:  # play the seat's turn through the browser
        browser.intent(intent="act", action=widget.state.legal_actions()[0].to_dict())
    assert "Player 2 (meddler) could not move: WidgetBusy: new_game() was called" in widget.error
    assert widget.state.current_player == 1 and widget.thinking == ""
    consistent(widget)


def test_opponents_think_on_a_thread_only_in_a_kernel_by_default() -> None:
    widget = TownWidget(mode="multi", opponents=["random"], seed=5)
    browser = browser_of(widget)
    assert widget.background_thinking is None
    place_a_tile(widget, browser)
    answer = browser.intent_now(intent="pass") if widget.state.phase == "discard" else []
    # no kernel here: the opponent moved before the intent's answer was sent, and no thread was started
    assert widget._thinker is None and widget.state.current_player in (0, None)
    assert all(update["state"].get("thinking", "") == "" for update in updates(answer))


def test_in_a_kernel_without_threads_the_opponents_move_before_the_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    # Pyodide (the JupyterLite site) is a kernel in which a thread cannot start
    def no_thread(thread: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(base, "in_kernel", lambda: True)
    monkeypatch.setattr(session, "THREADS", False)
    monkeypatch.setattr(threading.Thread, "start", no_thread)
    widget = TownWidget(mode="multi", opponents=["random"], seed=5)
    browser = browser_of(widget)
    place_a_tile(widget, browser)
    if widget.state.phase == "discard":
        browser.intent_now(intent="pass")
    assert widget.error == "" and widget.thinking == ""
    assert widget.state.current_player in (0, None) and any(player == 1 for player, _ in widget.history)
