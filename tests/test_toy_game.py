"""A third game, written here and registered from outside the package, plays everywhere the package's own games do:
the arena, a review, the widget's session, a widget (its presenter and a front end of its own, here an empty one),
the words of hints and the replay pages, all through its adapter (``docs/architecture.md``, "Adding a game").
Nothing in ``advice/``, ``arena/`` or ``widget/`` names it.

The game: a pile of stones; each player in turn takes one or two; whoever takes the last stone wins. Each player
also holds a secret colour, which no one else sees, so that its views and public form have something to hide.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest
import traitlets

from townwidget import arena
from townwidget.advice import review
from townwidget.advice.words import game_title, words_for
from townwidget.core import IllegalAction, Rng, SearchAdvice, checked_viewer, make_rng, registry
from townwidget.widget.base import GameWidget, synced
from townwidget.widget.intents import COMMON_INTENTS, Intent, common_intent, intent_kind, require_keys
from townwidget.widget.replay import front_end_class, replay_html, widget_class
from townwidget.widget.session import Session

FORMAT = "stones/1"
COLOURS = ("red", "blue")


@dataclass(frozen=True)
class Take:
    stones: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "take", "stones": self.stones}


class Stones:
    """The full state: the pile, every player's secret colour, the history."""

    def __init__(self, players: int, pile: int, colours: list[str]) -> None:
        self.num_players, self.start_pile, self.pile, self.colours = players, pile, pile, colours
        self.history: list[tuple[int, str, Any]] = []

    @property
    def current_player(self) -> int | None:
        return None if self.pile == 0 else len(self.history) % self.num_players

    @property
    def phase(self) -> str:
        return "over" if self.pile == 0 else "take"

    def legal_actions(self) -> list[Take]:
        return [Take(count) for count in (1, 2) if count <= self.pile]

    def apply(self, action: Any) -> None:
        take = parse(action)
        if take not in self.legal_actions():
            raise IllegalAction(f"{take.stones} stones cannot be taken from a pile of {self.pile}")
        player = self.current_player
        assert player is not None
        self.history.append((player, self.phase, take))
        self.pile -= take.stones

    def clone(self) -> Stones:
        twin = Stones(self.num_players, self.start_pile, list(self.colours))
        twin.pile, twin.history = self.pile, list(self.history)
        return twin

    def is_terminal(self) -> bool:
        return self.pile == 0

    def winner(self) -> int:
        return self.history[-1][0]

    def returns(self) -> list[float]:
        return [float(self.is_terminal() and player == self.winner()) for player in range(self.num_players)]

    def result(self) -> dict[str, Any] | None:
        return {"winner": self.winner()} if self.is_terminal() else None

    def heuristic(self, player: int) -> float:
        return self.returns()[player] if self.is_terminal() else 0.5

    def view(self, player: int) -> StonesView:
        return StonesView(self.to_dict(viewer=player), player)

    def to_dict(self, viewer: Any = None) -> dict[str, Any]:
        viewer = checked_viewer(viewer, self.num_players)
        shown = [colour if viewer in (None, player) else None for player, colour in enumerate(self.colours)]
        moves = [{**action.to_dict(), "player": player} for player, _phase, action in self.history]
        return {"format": FORMAT, "start": self.start_pile, "pile": self.pile, "colours": shown, "history": moves}


class StonesView:
    """What one player knows: everything but the others' colours."""

    def __init__(self, data: dict[str, Any], player: int) -> None:
        self.data, self.player = data, player

    @property
    def current_player(self) -> int | None:
        return self.sample_state(0).current_player

    def legal_actions(self) -> list[Take]:
        state = self.sample_state(0)
        return state.legal_actions() if state.current_player == self.player else []

    def to_dict(self) -> dict[str, Any]:
        return dict(self.data)

    def sample_state(self, rng: int | Rng | None = None) -> Stones:
        draw = make_rng(rng)
        colours = [colour or COLOURS[draw.randbelow(2)] for colour in self.data["colours"]]
        return load({**self.data, "colours": colours})

    def search_advice(self) -> SearchAdvice:
        return SearchAdvice()


def parse(data: Any) -> Take:
    """An untrusted action: a ``Take`` or its dict, checked."""
    if isinstance(data, Take):
        return data
    if not isinstance(data, dict) or data.get("type") != "take" or data.get("stones") not in (1, 2):
        raise IllegalAction(f"an action is {{'type': 'take', 'stones': 1 or 2}}, not {data!r}")
    return Take(data["stones"])


def load(data: Any) -> Stones:
    state = Stones(len(data["colours"]), data["start"], list(data["colours"]))
    for move in data["history"]:
        state.apply(move)
    return state


def deal(name: str, players: int, seed: int) -> Stones:
    rng = Rng(seed)
    return Stones(players, 5 + rng.randbelow(4), [COLOURS[rng.randbelow(2)] for _ in range(players)])


GAME = registry.Game(
    family="stones",
    plays=lambda name: name == "stones",
    players=range(2, 4),
    start=deal,
    load=load,
    formats=(FORMAT,),
    score=lambda result, seat: float(result["winner"] == seat),
    score_name=lambda players: "wins",
    start_of=lambda state: Stones(state.num_players, state.start_pile, list(state.colours)),
    state_types=(Stones,),
    title=lambda state: "Stones",
    move_words=lambda state, action: f"take {action.stones} of {state.pile}",
    rules=lambda state: {"take": [1, 2], "last_stone": "wins"},
    parse_action=lambda state, data: parse(data),
    picture=lambda form: f'<svg xmlns="http://www.w3.org/2000/svg"><text>{form["pile"]} stones</text></svg>',
    front_end="test_toy_game:StonesWidget",
)
INTENTS = {**COMMON_INTENTS, "take": frozenset({"stones"})}  # its front end's intents and their keys


class StonesPresenter:
    """The game's part of its widget (``townwidget.widget.base.Presenter``): one intent, "take", and its words."""

    looking: tuple[str, ...] = ()

    def __init__(self, session: Session) -> None:
        self.session = session

    def handlers(self) -> dict[str, Any]:
        return {"take": self.on_take}

    def parse_intent(self, content: Any) -> Intent:
        kind = intent_kind(content, INTENTS)
        require_keys(content, kind, INTENTS)
        if kind == "take":  # the adapter's parser, shared with the table server
            return Intent(kind, action=GAME.parse_action(self.session.state, {"type": "take", **content}))
        return common_intent(kind, content)

    def on_take(self, intent: Intent) -> None:
        self.session.decide(intent.action)

    def hint(self, view: Any, advise: Any) -> Any:
        return advise(view)

    def traits(self, view: dict[str, Any], names: list[str]) -> dict[str, Any]:
        return {"pile": view["pile"]}

    def buttons(self) -> dict[str, Any]:
        return {"take": [action.stones for action in self.session.seat_actions()]}

    def log(self, view: dict[str, Any], names: list[str]) -> list[str]:
        return [f"{names[move['player']]} took {move['stones']}" for move in view["history"]]

    def outcome(self, names: list[str]) -> dict[str, Any]:
        result = self.session.state.result()
        return {} if result is None else {"winner": names[result["winner"]]}

    def final_status(self, names: list[str]) -> str:
        return f"{self.outcome(names)['winner']} took the last stone."

    def prompt(self) -> str:
        return "Take 1 or 2 stones."

    def label(self) -> str:
        return f"{self.session.state.num_players} players"

    def progress(self) -> str:
        return f"{self.session.state.pile} stones left"

    def texts(self) -> dict[str, Any]:
        return {}

    def new_state(self, seed: int) -> Stones:
        return deal("stones", self.session.state.num_players, seed)

    def drop_picks(self) -> None:
        pass

    def restore(self, before: Stones) -> Stones:
        return before

    def undo_is_practice(self) -> bool:
        return False

    def words(self, reason: str) -> str:
        return reason

    def why_not(self, action: Any, reason: str) -> str | None:
        return None

    def review_extras(self, report: Any, final: Any) -> dict[str, Any]:
        return {}


class StonesWidget(GameWidget):
    """Its widget: a thin anywidget class naming its front end, its one trait and its presenter."""

    _esm = "export default { render({ el }) { el.textContent = 'stones'; } };"
    GAME, FAMILY, PRESENTER = "Stones", "stones", StonesPresenter
    pile = synced(traitlets.Int(0, read_only=True))

    def __init__(
        self, players: int = 2, opponents: Any = None, seat: int = 0, seed: int = 0, state: Any = None
    ) -> None:
        self._check_given(state)
        super().__init__(state or deal("stones", players, seed), seat, opponents, seed, "en")

    @classmethod
    def holding(cls, state: Any, opponents: Any, seat: int, lang: str) -> StonesWidget:
        return cls(state.num_players, opponents, seat, state=state)


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    registry.register(GAME)
    yield
    registry._GAMES.pop("stones")


def test_the_arena_plays_it_and_a_record_replays() -> None:
    record = arena.play_game(["random", "greedy", "random"], game="stones", seed=4)
    final = registry.replay(record)
    assert final.is_terminal() and record.final == final.to_dict() and sum(record.returns) == 1.0
    assert registry.game_of(final) is GAME and game_title(final) == "Stones"


def test_a_review_measures_its_moves_in_its_own_words() -> None:
    record = arena.play_game(["random", "random"], game="stones", seed=2)
    report = review(record, player=1, samples=4, progress=False)
    played = [move for move in record.moves if move["player"] == 1]
    assert report.game == "Stones" and len(report.moves) == len(played) > 0
    assert all(move.words.startswith("take ") for move in report.moves)
    assert report.par is None and report.scale.players == 2


def test_the_widget_session_plays_it_against_an_opponent() -> None:
    session = Session(deal("stones", 2, seed=1), 0, ["random"], ("random",), seed=3)
    while not session.state.is_terminal():
        session.play(session.state.legal_actions()[-1])
        session.advance()
    seen = session.state.to_dict(viewer=0)
    assert session.frames[-1] == {key: value for key, value in seen.items() if key != "history"}
    assert len(session.frames) == len(session.state.history) + 1  # every position recalled, from the start
    assert all(frame is not None and frame["colours"][1] is None for frame in session.frames)
    assert len(session.decisions()) == sum(player == 0 for player, _phase, _action in session.state.history)


def test_its_adapter_serves_views_words_and_the_shared_parser() -> None:
    state = deal("stones", 3, seed=5)
    assert GAME.public_view(state)["colours"] == [None, None, None]
    assert GAME.seat_view(state, 2)["colours"][:2] == [None, None]
    assert words_for(state, Take(2)) == f"take 2 of {state.pile}"
    assert GAME.parse_action(state, {"type": "take", "stones": 1}) == Take(1)
    with pytest.raises(ValueError, match="an action is"):
        GAME.parse_action(state, {"type": "take", "stones": 3})
    assert widget_class(state) is StonesWidget
    with pytest.raises(ValueError, match="declares no widget"):
        front_end_class(replace(GAME, front_end=None))


def test_its_widget_plays_it_from_the_browsers_intents_and_reviews_it() -> None:
    widget = StonesWidget(opponents=["random"], seed=1)
    assert set(widget._handlers) == set(INTENTS) and widget.status == "Take 1 or 2 stones."
    pile, shown = widget.state.pile, widget.pile
    widget._receive_intent(widget, {"intent": "take", "stones": 3}, [])  # refused by the adapter's parser
    assert "an action is" in widget.error and widget.state.pile == pile and widget.pile == shown
    while not widget.state.is_terminal():
        widget._receive_intent(widget, {"intent": "take", "stones": 1}, [])  # the opponent answers each move
        assert widget.error == ""
    assert widget.moves[0] == "You took 1" and widget.pile == 0 and widget.status.endswith("took the last stone.")
    widget._receive_intent(widget, {"intent": "take", "stones": 1}, [])  # the session checks the turn
    assert widget.error == "the game is over"
    widget._receive_intent(widget, {"intent": "review"}, [])
    assert widget.reviewed["game"] == "Stones" and len(widget.reviewed["moves"]) == len(widget._session.decisions())
    assert repr(widget) == "StonesWidget(2 players, seat 0: game over, 0 stones left)"
    widget.close()


def test_a_replay_page_draws_it_with_the_widget_its_adapter_names() -> None:
    record = arena.play_game(["random", "random"], game="stones", seed=3)
    page = replay_html(record, seat=1)
    first = f"<text>{record.final['start']} stones<\\/text>"  # the deal's picture, in the slider's data
    assert "Replay: Stones, 2 players" in page and "<text>0 stones</text>" in page and first in page
    assert "You took" in page and page.count("<li>") == len(record.moves)  # the widget's log, a line a move


def test_a_game_without_a_parser_of_its_own_takes_only_legal_actions() -> None:
    state = deal("stones", 2, seed=5)
    assert registry.legal_action_named(state, {"type": "take", "stones": 2}) == Take(2)
    with pytest.raises(ValueError, match="not one of the 2 legal actions"):
        registry.legal_action_named(state, {"type": "take", "stones": 7})
