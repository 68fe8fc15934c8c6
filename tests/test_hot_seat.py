"""Hot-seat: people take turns at one widget (``TownWidget(mode="multi", humans=2)``, ``LittleTownWidget(humans=2)``),
played through the comm as a browser would (tests/widget_comm.py). Every message Python sends is checked as it
arrives: the synced state holds the view of the person holding the screen and nobody else's, and while the screen
is covered no view at all; the history slider's frames are that person's views of the earlier positions."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hidden_tiles import hidden_cards, hidden_shapes
from widget_comm import FrontEnd, assert_refused, browser_of, use_front_ends

from townwidget.widget import LittleTownWidget, TownWidget

# What a covered screen may still hold: who held it, the names, the front end's words, the revision, a refusal.
COVER_KEEPS = {"seat", "names", "texts", "revision", "error", "status", "cover", "drawn"}


@pytest.fixture(autouse=True)
def front_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    use_front_ends(monkeypatch)


class Watch:
    """Reads each message Python sends to the browser, in order, and checks it against the person on screen."""

    def __init__(self, widget: Any, hidden: Callable[[Any, int], list[Any]]) -> None:
        self.widget, self.browser, self.hidden = widget, browser_of(widget), hidden
        self.read, self.model, self.covers = 0, {}, 0

    def check(self) -> None:
        for message in self.browser.messages[self.read :]:
            self.model.update(message.get("state", {}))
            seat, sent = self.model["seat"], message.get("state", {})
            assert self.hidden(sent, seat) == [], f"another person's hidden information reached seat {seat}"
            if self.model["cover"]:  # covered: no view, no log, no hand, no controls
                held = {name: value for name, value in sent.items() if name not in COVER_KEEPS}
                assert all(not value or value == -1 for value in held.values()), held
        self.read = len(self.browser.messages)
        model, state = self.model, self.widget.state
        if model["cover"]:
            assert model["view"] == {} and model["frame"] == {} and model["moves"] == []
            assert model["cover"] == model["names"][state.current_player]
        else:  # the screen's person's view, exactly; on a person's turn that person's
            assert model["view"] == state.to_dict(viewer=model["seat"])
            if state.current_player is not None and state.current_player < self.widget._session.humans:
                assert model["seat"] == state.current_player

    def intent(self, **content: Any) -> None:
        self.browser.intent(**content)
        self.check()

    def uncover(self) -> None:
        person = self.widget.state.current_player
        self.intent(intent="uncover")
        self.covers += 1
        assert not self.model["cover"] and self.model["seat"] == person and self.widget.error == ""


def step_through(watch: Watch, positions: list[Any], omits: tuple[str, ...]) -> None:
    """Every position of the history slider is the screen's person's view of the position after that move."""
    seat, shown = watch.model["seat"], watch.widget._session.shown_frames()
    for step in range(watch.model["steps"]):  # the last one is the game itself, checked as the view
        watch.intent(intent="step", step=step)
        expected = positions[shown[step]].to_dict(viewer=seat)
        assert watch.model["frame"] == {key: value for key, value in expected.items() if key not in omits}
    watch.intent(intent="step", step=None)


def play_hot_seat(widget: Any, watch: Watch, play: Callable[[Any], None]) -> list[Any]:
    """The game to its end, every person playing by intents; returns the positions after each move."""
    positions = [widget.state.clone()]
    widget.on_move(lambda _player, _action: positions.append(widget.state.clone()))
    watch.check()
    while widget.state.current_player is not None:
        if watch.model["cover"]:
            before = widget.state.to_dict()
            assert_refused(widget, watch.browser, {"intent": "step", "step": 0}, "The screen is covered")
            assert widget.state.to_dict() == before
            watch.check()
            watch.uncover()
            if watch.covers == 3:  # once in the game: the slider shows this person's views
                step_through(watch, positions, widget.FRAME_OMITS)
            continue
        play(watch)
        assert widget.error == "", widget.error
    return positions


def test_a_hot_seat_town_77_game_never_shows_a_person_the_others_hand() -> None:
    widget = TownWidget("town77", mode="multi", humans=2, names=("Ana", "Bob"), opponents=("greedy",), seed=4)
    watch = Watch(widget, hidden_shapes)

    def play(watch: Watch) -> None:
        actions = widget.state.legal_actions()
        chosen = next((action.to_dict() for action in actions if type(action).__name__ == "Place"), None)
        if chosen is not None:
            watch.intent(intent="select", tile=chosen["tile"])
            watch.intent(intent="place", cell=chosen["cell"])
        elif any(type(action).__name__ == "Pass" for action in actions):
            watch.intent(intent="pass")  # no exchange, or keep the hand
        else:
            discard = actions[0].to_dict()
            watch.intent(intent="select", tile=discard["tile"])
            watch.intent(intent="discard")

    positions = play_hot_seat(widget, watch, play)
    step_through(watch, positions, widget.FRAME_OMITS)
    assert watch.covers >= 3
    model = watch.model
    assert model["names"] == ["Ana", "Bob", "Player 3 (greedy)"]
    assert any(line.startswith("Ana ") for line in model["moves"]) and any(
        line.startswith("Bob ") for line in model["moves"]
    )
    assert {row["name"] for row in model["outcome"]["rows"]} == set(model["names"])
    assert model["status"].startswith("Game over: ") and "Ana" in model["status"] and "Bob" in model["status"]
    # the review is the screen's person's: each of their moves, none of the other's
    decisions = widget._session.decisions()
    assert [move for move, _before, _action in decisions] == [
        move for move, (player, _phase, _action) in enumerate(widget.state.history) if player == model["seat"]
    ]


def test_a_hot_seat_little_town_game_never_shows_a_person_the_others_cards() -> None:
    widget = LittleTownWidget(players=3, humans=2, names=("Ana", "Bob"), seed=2)
    watch = Watch(widget, hidden_cards)
    chooser = random.Random(5)

    def play(watch: Watch) -> None:
        seat = watch.model["seat"]
        readable = set(widget.state.objectives[seat]) | {card for cards in widget.state.completed for card in cards}
        assert {int(card) for card in watch.model["cards"]} <= readable
        watch.intent(intent="act", action=chooser.choice(widget.state.legal_actions()).to_dict())

    positions = play_hot_seat(widget, watch, play)
    step_through(watch, positions, widget.FRAME_OMITS)
    model = watch.model
    assert model["names"][:2] == ["Ana", "Bob"] and "(greedy)" in model["names"][2]
    assert {row["name"] for row in model["outcome"]["rows"]} == set(model["names"])
    assert "Ana" in " ".join(model["moves"]) and "Bob" in " ".join(model["moves"])


def test_undo_takes_back_only_the_current_persons_turn() -> None:
    widget = TownWidget("town44", mode="multi", humans=2, seed=1)
    watch = Watch(widget, hidden_shapes)
    watch.check()
    assert watch.model["names"] == ["Player 1", "Player 2"] and not watch.model["cover"]
    browser: FrontEnd = watch.browser
    while widget.state.current_player == 0:  # Ana's turn: every decision of it may be taken back
        before = widget.state.to_dict()
        action = widget.state.legal_actions()[-1]
        widget.apply(action)
        if widget.state.current_player == 0:
            watch.intent(intent="undo")
            assert widget.state.to_dict()["board"] == before["board"] and widget.error == ""
            widget.apply(action)
    watch.check()
    assert watch.model["cover"] == "Player 2"
    watch.uncover()
    assert_refused(widget, browser, {"intent": "undo"}, "nothing to undo")
    assert_refused(widget, browser, {"intent": "uncover"}, "Nothing is covered")
    watch.check()


def test_the_cover_speaks_french_and_names_default_to_players() -> None:
    widget = TownWidget("town44", mode="multi", humans=2, seed=1, lang="fr")
    while widget.state.current_player == 0:
        widget.apply(widget.state.legal_actions()[-1])
    model = browser_of(widget).model()
    assert model["names"] == ["Joueur 1", "Joueur 2"] and model["cover"] == "Joueur 2"
    assert model["status"] == "Passez l'écran à Joueur 2 : appuyez pour montrer votre main."
    assert model["texts"]["show_hand"] == "Je suis {name} : montrer ma main"


@pytest.mark.parametrize(
    ("make", "fault"),
    [
        (lambda: TownWidget(mode="multi", humans=0), "humans must be a number of people from 1 to 5, not 0"),
        (lambda: TownWidget(mode="multi", humans=2, names=["Ana"]), "names must be 2 names"),
        (lambda: TownWidget(mode="multi", humans=2, names=["Ana", "B\x00b"]), "control or invisible"),
        (lambda: TownWidget(humans=2), "give mode='multi' with humans="),
        (lambda: TownWidget(mode="multi", names=["Ana"]), "give humans=2 or more"),
        (lambda: LittleTownWidget(players=2, humans=3), "humans must be at most the game's 2 players, not 3"),
        (lambda: LittleTownWidget(humans=2, seat=2), "seat must be one of the people at the screen, 0 to 1, not 2"),
        (lambda: TownWidget(mode="multi", humans=2, table="http://127.0.0.1:1/tables/x"), "each person has a seat"),
        (lambda: TownWidget(spectate=True), "spectate=True watches a table"),
    ],
)
def test_bad_people_are_refused_in_words(make: Callable[[], Any], fault: str) -> None:
    with pytest.raises(ValueError, match=None) as raised:
        make()
    assert fault in str(raised.value)
