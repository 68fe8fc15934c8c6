"""What the widgets tell the player beyond the moves: who left a Town game, when and why; why a game ended; that a
solo result reached with undos is practice; and a saved game restored with its history, slider and undo."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from widget_comm import browser_of, use_front_ends

from townwidget import littletown, town
from townwidget.core.rng import Rng
from townwidget.widget import LittleTownWidget, TownWidget


@pytest.fixture(autouse=True)
def front_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    use_front_ends(monkeypatch)


def play_out(widget: Any) -> None:
    while widget.state.current_player is not None:
        widget.apply(widget.state.legal_actions()[-1])


def notes_of(line: str) -> list[str]:
    """The notes under a move of the log (what followed it: a departure, the end of the game)."""
    return line.split("\n")[1:]


@pytest.mark.parametrize("seed", [4, 7, 12])
def test_the_log_says_who_left_after_which_move_and_why_and_why_the_game_ended(seed: int) -> None:
    widget = TownWidget(mode="multi", opponents=["random", "greedy"], seed=seed)
    play_out(widget)
    state = widget.state
    assert isinstance(state, town.MultiState)
    leaving = [note for line in widget.moves for note in notes_of(line) if " left the game (" in note]
    # one note per player, in the order of leaving, with the reason that matches the tiles they kept
    assert len(leaving) == state.num_players
    for order, line in enumerate(leaving, start=1):
        player = state.out.index(order)
        assert line.startswith(f"{widget.names[player]} left the game ({order}"), line
        kept = len(state.hands[player])
        assert ("the last tile of the hand is placed" in line) == (kept == 0), line
        assert (f"none of the {kept} tile" in line) == (kept > 0), line
    assert notes_of(widget.moves[-1])[-1].startswith("Game over: every player has left")
    assert widget.outcome["reason"].startswith("The game ended: every player has left")
    assert widget.outcome["reason"].endswith(  # the end box says why the ranking is what it is
        "The ranking: fewer tiles left in hand ranks higher; between equal hands, the player who left the game later "
        "ranks higher."
    )
    rows = {row["name"]: row["left"] for row in widget.outcome["rows"]}
    for player, name in enumerate(widget.names):
        assert re.fullmatch(
            rf"{state.out[player]}(st|nd|rd|th), after move \d+: (hand emptied|no tile fitted)", rows[name]
        )


class Keeper:
    """An opponent that never exchanges (a declined exchange, hidden from the other players), else plays its last
    legal action."""

    name = "keeper"

    def act(self, view: Any) -> Any:
        actions = view.legal_actions()
        return town.Pass() if town.Pass() in actions and view.phase == "exchange" else actions[-1]


@pytest.mark.parametrize("seed", [9, 4])
def test_the_log_the_slider_and_the_review_count_the_moves_the_seat_saw(seed: int) -> None:
    """A line per move the seat saw (an opponent's declined exchange is hidden from the seat, so it is neither a line
    nor a step of the slider), its departures noted under it; the review numbers moves as the log does."""
    widget = TownWidget(mode="multi", opponents=[Keeper()], seed=seed)
    play_out(widget)
    frames, history = widget._frames, widget.state.history
    seen = [p == 0 or not (phase == "exchange" and action == town.Pass()) for p, phase, action in history]
    assert not all(seen), "the game should hold a declined exchange hidden from the seat"
    assert len(widget.moves) == widget.steps == sum(seen) == len(widget.state.to_dict(viewer=0)["history"])
    for move in range(1, len(frames)):
        for player, order in enumerate(frames[move]["out"]):
            if order and not frames[move - 1]["out"][player]:
                line = widget.moves[sum(seen[:move]) - 1]
                assert any(note.startswith(f"{widget.names[player]} left the game") for note in notes_of(line))
    report = widget.review(samples=4)
    for reviewed in report.moves:
        assert widget.moves[reviewed.number].startswith("You "), (reviewed.number, widget.moves)


def test_solo_says_when_no_pile_top_fits() -> None:
    widget = TownWidget(seed=4)
    play_out(widget)
    assert notes_of(widget.moves[-1]) == ["Game over: no pile top fits an open cell."]
    assert widget.outcome["reason"] == "The game ended: no pile top fits an open cell."


def test_a_solo_result_reached_with_undo_is_practice() -> None:
    widget = TownWidget(seed=3)
    browser = browser_of(widget)
    widget.apply(widget.state.legal_actions()[0])
    assert not widget.practice and "Practice" not in widget.status
    browser.intent(intent="undo")
    assert widget.practice and browser.model()["practice"] is True
    assert widget.status.startswith("Practice game (Undo was used).")
    play_out(widget)
    assert widget.status.endswith("Practice: Undo was used, so this score does not count.")
    widget.new_game()
    assert not widget.practice


def test_undo_against_opponents_is_not_practice() -> None:
    widget = TownWidget(mode="multi", opponents=["random"], seed=3)
    widget.apply(widget.state.legal_actions()[0])
    widget.undo()
    assert not widget.practice


# --- saving and loading ----------------------------------------------------------------------------------------
def test_a_saved_solo_game_comes_back_with_its_history_slider_and_undo() -> None:
    played = TownWidget(seed=3)
    for _ in range(5):
        played.apply(played.state.legal_actions()[0])
    saved = played.state.to_dict()
    state = type(played.state).from_dict(saved)  # the recipe of the README
    restored = TownWidget(state=state)
    browser = browser_of(restored)
    assert restored.steps == 5 and restored.moves == played.moves and restored.buttons["undo"]
    for step in range(6):  # every earlier position can be shown, and is the one that was played
        browser.intent(intent="step", step=step)
        assert restored.error == "" and restored.frame == (played._frames[step] if step < 5 else {})
    browser.intent(intent="step", step=None)
    browser.intent(intent="undo")
    assert restored.error == "" and restored.steps == 4 and len(restored.history) == 4
    assert restored.state.board.to_lists() == played._frames[4]["board"]
    assert restored.practice


def test_a_saved_multiplayer_town_game_shows_its_log_and_says_which_moves_can_be_shown() -> None:
    game = town.new_game("town77", players=2, seed=3)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    restored = TownWidget(state=town.MultiState.from_dict(game.to_dict()), opponents=["random"])
    browser = browser_of(restored)
    moves = len(restored.history)
    assert restored.steps == moves >= 6  # the slider counts every move, as the log does
    browser.intent(intent="step", step=2)
    assert restored.error == f"move 2 was played before this game was loaded: moves 6 to {moves} can be shown"
    assert restored.step == -1


def test_from_dict_on_the_state_class_refuses_the_other_kind() -> None:
    solo = town.new_solo("town44", seed=1)
    with pytest.raises(ValueError, match="the data is a SoloState, not a MultiState"):
        town.MultiState.from_dict(solo.to_dict())


def test_a_saved_little_town_game_comes_back_with_every_position_and_undo() -> None:
    played = LittleTownWidget(players=3, opponents=["random", "greedy"], seed=8, rules={"side": 2})
    rng = Rng(8)
    for _ in range(30):
        played.apply(rng.choice(played.state.legal_actions()))
    restored = LittleTownWidget(
        state=littletown.State.from_dict(json.loads(json.dumps(played.state.to_dict()))),
        opponents=["random", "greedy"],
    )
    assert restored._frames == played._frames and restored.moves == played.moves
    assert restored.steps == len(played.history) and restored.buttons["undo"]
    browser = browser_of(restored)
    browser.intent(intent="step", step=3)
    assert restored.error == "" and restored.frame == played._frames[3]
    browser.intent(intent="step", step=None)
    snapshot, _frames = played._undo[-1]
    browser.intent(intent="undo")
    assert restored.error == "" and restored.state.to_dict() == snapshot.to_dict()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_widget_says_how_the_game_is_won_from_its_adapter(lang: str) -> None:
    """The "How to win" panel's words: the game's goal, from its adapter, in the widget's language, in every mode."""
    solo = TownWidget(seed=1, lang=lang)
    multi = TownWidget(mode="multi", opponents=["random"], seed=1, lang=lang)
    little = LittleTownWidget(seed=1, lang=lang)
    words = {
        "en": ("Place as many tiles as you can", "fewer tiles left in your hand ranks higher", "most victory points"),
        "fr": ("Posez le plus de tuiles possible", "moins il reste de tuiles en main", "le plus de points de victoire"),
    }[lang]
    for widget, goal in zip((solo, multi, little), words, strict=True):
        assert goal in widget.goal, widget.goal
        assert widget.texts["how_to_win"] == ("How to win" if lang == "en" else "Comment gagner")
    assert "the player who left the game later" in TownWidget(mode="multi", opponents=["random"], seed=1).goal
