"""A third game, written here and registered from outside the package, plays everywhere the package's own games do:
the arena, a review, the widget's session, the words of hints and the replay pages' lookup, all through its adapter
(``docs/architecture.md``, "Adding a game"). Nothing in ``advice/``, ``arena/`` or ``widget/`` names it.

The game: a pile of stones; each player in turn takes one or two; whoever takes the last stone wins. Each player
also holds a secret colour, which no one else sees, so that its views and public form have something to hide.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from townwidget import arena
from townwidget.advice import review
from townwidget.advice.words import game_title, words_for
from townwidget.core import IllegalAction, Rng, SearchAdvice, checked_viewer, make_rng, registry
from townwidget.widget.replay import widget_class
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
)


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
    with pytest.raises(ValueError, match="declares no widget"):
        widget_class(state)


def test_a_game_without_a_parser_of_its_own_takes_only_legal_actions() -> None:
    state = deal("stones", 2, seed=5)
    assert registry.legal_action_named(state, {"type": "take", "stones": 2}) == Take(2)
    with pytest.raises(ValueError, match="not one of the 2 legal actions"):
        registry.legal_action_named(state, {"type": "take", "stones": 7})
