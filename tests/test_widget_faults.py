"""Issue 33's widget faults: opponents that raise anything, hang, or are interrupted by the kernel must leave a
consistent, playable widget that says what happened; reviews of loaded games say why they cannot be made; a hub's
locale never breaks a widget."""

from __future__ import annotations

import signal
import threading
from typing import Any

import pytest
from widget_comm import browser_of, use_front_ends

from townwidget import littletown, town
from townwidget.core import language
from townwidget.core.rng import Rng
from townwidget.widget import LittleTownWidget, TownWidget


@pytest.fixture(autouse=True)
def front_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    use_front_ends(monkeypatch)
    monkeypatch.delenv(language.ENVIRONMENT, raising=False)


class Fatal(BaseException):
    """Neither an Exception nor an exit: what no handler of ``Exception`` catches."""


class Raiser:
    """An opponent that raises ``error`` whenever it is asked to move."""

    name = "raiser"

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def act(self, view: Any) -> Any:
        raise self.error


class Hanger:
    """An opponent that answers only when ``released`` is set (its first legal action), then says it answered."""

    name = "hanger"

    def __init__(self) -> None:
        self.released, self.answered = threading.Event(), threading.Event()

    def act(self, view: Any) -> Any:
        self.released.wait(60)
        self.answered.set()
        return view.legal_actions()[-1]


def consistent(widget: Any) -> None:
    """History, slider, view and status agree, and nobody is thinking."""
    assert widget.steps == len(widget.history) == len(widget.state.history) == len(widget._frames) - 1
    assert widget.view == widget.state.to_dict(viewer=widget.seat)
    assert widget.thinking == "" and "is thinking" not in widget.status


def seat_move(widget: TownWidget) -> Any:
    """The seat's placement (after declining an exchange if one is offered)."""
    if widget.state.phase == "exchange":
        widget.apply(town.Pass())
    return next(action for action in widget.state.legal_actions() if isinstance(action, town.Place))


def place_from_the_browser(widget: TownWidget) -> None:
    browser = browser_of(widget)
    if widget.state.phase == "exchange":
        browser.intent_now(intent="pass")
    action = seat_move(widget)
    browser.intent_now(intent="select", tile=list(action.tile))
    browser.intent_now(intent="place", cell=list(action.cell))
    if widget.state.phase == "discard" and widget.state.current_player == widget.seat:
        browser.intent_now(intent="pass")


@pytest.mark.parametrize("error", [SystemExit(3), KeyboardInterrupt(), Fatal("out"), GeneratorExit()])
def test_an_opponent_raising_any_base_exception_in_the_background_does_not_jam_the_widget(error: Any) -> None:
    widget = TownWidget("town44", mode="multi", opponents=[Raiser(error)], seed=5)
    widget.background_thinking = True
    place_from_the_browser(widget)
    assert widget.wait(timeout=5), "wait() must return once the opponent has failed"
    assert f"Player 2 (raiser) could not move: {type(error).__name__}" in widget.error
    assert widget.status == "Player 2 (raiser) did not move: New game starts again."
    consistent(widget)
    browser_of(widget).intent(intent="undo")  # the widget answers: the seat takes its move back
    assert widget.state.current_player == 0 and "could not move" not in widget.error


@pytest.mark.parametrize("error", [SystemExit(3), Fatal("out")])
def test_an_opponent_raising_any_base_exception_in_a_call_from_python_does_not_escape(error: Any) -> None:
    widget = TownWidget("town44", mode="multi", opponents=[Raiser(error)], seed=5)
    widget.apply(seat_move(widget))
    if widget.state.current_player == 0:  # the discard step
        widget.apply(town.Pass())
    assert f"Player 2 (raiser) could not move: {type(error).__name__}" in widget.error
    consistent(widget)
    widget.undo()
    assert widget.state.current_player == 0


class Interrupter:
    """An opponent that, the first time it is asked, interrupts the main thread as a kernel interrupt does (SIGINT)
    and then thinks until ``released``; afterwards it plays its first legal action at once."""

    name = "interrupter"

    def __init__(self) -> None:
        self.calls, self.released, self.answered = 0, threading.Event(), threading.Event()

    def act(self, view: Any) -> Any:
        self.calls += 1
        if self.calls == 1:
            signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)
            self.released.wait(60)
            self.answered.set()
        return view.legal_actions()[0]


def test_a_kernel_interrupt_while_an_opponent_moves_drops_its_move_and_the_widget_plays_on() -> None:
    interrupter = Interrupter()
    widget = TownWidget("town44", mode="multi", opponents=[interrupter], seed=5)
    with pytest.raises(KeyboardInterrupt):
        widget.apply(seat_move(widget))
        if widget.state.current_player == 0:  # the seat's discard step: keeping the hand ends the turn
            widget.apply(town.Pass())
    assert widget.error == "Player 2 (interrupter) was interrupted: its move was dropped."
    assert widget.status == "Player 2 (interrupter) was interrupted: it moves again at your next click."
    assert widget.state.current_player == 1 and widget.wait(timeout=2)
    consistent(widget)
    interrupter.released.set()
    assert interrupter.answered.wait(10)
    moves = len(widget.history)
    assert len(widget.state.history) == moves, "the interrupted opponent's late answer was played"
    browser_of(widget).intent(intent="inspect", on=True)  # the next click: the opponent moves again
    assert widget.state.current_player == 0 and len(widget.history) > moves
    consistent(widget)


@pytest.mark.parametrize("background", [False, True])
def test_an_opponent_slower_than_move_seconds_forfeits_and_the_game_goes_on(background: bool) -> None:
    hanger = Hanger()
    widget = TownWidget("town44", mode="multi", opponents=[hanger], seed=5, move_seconds=0.2)
    widget.background_thinking = background
    before = len(widget.history)
    place_from_the_browser(widget)
    assert widget.wait(timeout=10)
    assert widget.state.current_player == 0, "the game must go on"
    assert any("Player 2 (hanger) took longer than 0.2 s: its move was forfeited" in line for line in widget.moves)
    consistent(widget)
    played = widget.state.to_dict()
    hanger.released.set()  # the abandoned thought ends now: its answer must not be played
    assert hanger.answered.wait(10) and len(widget.history) > before
    assert widget.state.to_dict() == played


@pytest.mark.parametrize("seconds", [0, -1, float("nan"), float("inf"), True, "30", None])
def test_move_seconds_must_be_a_finite_positive_number(seconds: Any) -> None:
    with pytest.raises(ValueError, match="move_seconds must be a finite number of seconds above 0"):
        LittleTownWidget(seed=1, move_seconds=seconds)


def test_the_review_intent_while_an_opponent_thinks_says_the_game_is_not_over() -> None:
    hanger = Hanger()
    widget = TownWidget("town44", mode="multi", opponents=[hanger], seed=5)
    widget.background_thinking = True
    place_from_the_browser(widget)
    browser_of(widget).intent_now(intent="review")
    assert widget.error == "the game is not over: the review looks back at a finished game"
    browser_of(widget).intent_now(intent="undo")
    assert widget.error == "Player 2 (hanger) is thinking: wait for its move (New game stops it)"
    hanger.released.set()
    assert widget.wait(timeout=10)
    assert widget.error == "", "the refusal about the thinking is stale once the opponent has moved"


def finished(game: Any) -> Any:
    rng = Rng(4)
    while not game.is_terminal():
        actions = game.legal_actions()
        game.apply(actions[rng.randbelow(len(actions))])
    return game


def test_a_loaded_multiplayer_game_reviewed_without_its_moves_says_why() -> None:
    game = town.from_dict(finished(town.new_game("town44", players=2, seed=3)).to_dict())
    widget = TownWidget(state=game, opponents=["random"])
    browser_of(widget).intent(intent="review")
    mine = sum(player == 0 for player, _action in widget.history)
    assert widget.reviewed["moves"] == [] and mine > 0
    assert f"{mine} of your moves were played before this game was loaded" in widget.reviewed["summary"]


def test_a_solo_game_without_its_history_is_refused_by_the_widgets_review_in_words() -> None:
    data = finished(town.new_solo("town44", seed=2)).to_dict()
    data["history"] = []
    widget = TownWidget(state=town.from_dict(data))
    browser_of(widget).intent(intent="review")
    assert widget.error.startswith("this game cannot be reviewed: the history holds 0 move(s)"), widget.error
    assert widget.reviewed == {} and widget.thinking == ""


def test_a_little_town_state_whose_history_does_not_replay_is_refused() -> None:
    game = littletown.new_game(players=2, seed=3)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    game.history = game.history[1:]
    with pytest.raises(ValueError, match="state: history\\[0\\] does not replay"):
        LittleTownWidget(state=game)


@pytest.mark.parametrize(("value", "lang"), [("fr_CA.UTF-8", "fr"), ("fr_FR.UTF-8", "fr"), ("fr", "fr"), ("C", "en")])
def test_a_locale_name_in_the_environment_is_read_as_its_language(
    monkeypatch: pytest.MonkeyPatch, value: str, lang: str
) -> None:
    monkeypatch.setenv(language.ENVIRONMENT, value)
    assert TownWidget("town44", seed=1).lang == lang


@pytest.mark.parametrize("value", ["klingon", "de_DE.UTF-8", "1"])
def test_an_unsupported_language_in_the_environment_gives_english_with_a_warning(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv(language.ENVIRONMENT, value)
    with pytest.warns(UserWarning, match=f"TOWNWIDGET_LANG='{value}': the widgets speak 'en', 'fr'; English is used"):
        assert LittleTownWidget(seed=1).lang == "en"
