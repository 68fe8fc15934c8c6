"""TownWidget's protocol, without a browser: the tests play the front end's part on the widget's comm.

They send the messages the browser sends (valid, illegal and malformed intents, even trait writes) and check the
traits and the update messages Python sends back: what they show, that a refused intent changes nothing, and that
nothing hidden from the seated player ever leaves Python.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from widget_comm import FrontEnd, SpyAgent, assert_refused, browser_of, updates, use_front_ends

from townwidget import town
from townwidget.widget import TownWidget


@pytest.fixture(autouse=True)
def front_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    use_front_ends(monkeypatch)


def solo(game: str = "town77", seed: int = 1) -> tuple[TownWidget, FrontEnd]:
    widget = TownWidget(game, seed=seed)
    return widget, browser_of(widget)


def multi(seed: int, **kwargs: Any) -> tuple[TownWidget, FrontEnd]:
    """A multiplayer game whose turns ask for each step (the one-click turn: tests/test_one_click.py)."""
    kwargs.setdefault("explicit_steps", True)
    widget = TownWidget(mode="multi", opponents=kwargs.pop("opponents", ("random", "random")), seed=seed, **kwargs)
    return widget, browser_of(widget)


def place_first_legal(widget: TownWidget, browser: FrontEnd) -> town.Place:
    """Pick the tile of the first legal placement and click its cell, as a player would."""
    action = widget.state.legal_actions()[0]
    assert isinstance(action, town.Place)
    if action.pile is not None:
        browser.intent(intent="select", pile=action.pile)
    else:
        browser.intent(intent="select", tile=list(action.tile))
    browser.intent(intent="place", cell=list(action.cell))
    assert widget.error == "", widget.error
    return action


# --- playing through intents -----------------------------------------------------------------------------------
def test_picking_a_pile_top_lights_its_legal_cells_and_placing_updates_the_view() -> None:
    widget, browser = solo()
    top = widget.state.piles[2][-1]  # type: ignore[attr-defined]
    browser.intent(intent="select", pile=2)
    assert widget.selection == {"pile": 2, "tile": list(top)}
    assert widget.legal == [[0, 0]]  # the pioneer's cell, the only one open on an empty board
    answer = browser.intent(intent="place", cell=[0, 0])
    assert len(updates(answer)) == 1, "one move must reach the browser as one update (hold_sync)"
    model = browser.model()
    assert model["view"]["board"][0][0] == list(top)
    assert widget.history == [(0, town.Place(top, (0, 0), 2))]
    assert model["selection"] == {} and model["legal"] == []
    assert model["moves"][-1].startswith("You placed ") and "(pile 3) at row 1, column 1" in model["moves"][-1]


def test_an_illegal_cell_shows_why_and_the_conflicting_tile_and_changes_nothing() -> None:
    widget, browser = solo(seed=4)
    for _ in range(4):
        place_first_legal(widget, browser)
    state = widget.state
    assert isinstance(state, town.SoloState)
    board = state.board
    pile, cell = next(
        (pile, board.cell_of(index))
        for pile, tiles in enumerate(state.piles)
        for index in board.cells_in(board.frontier & ~board.legal_cells(*tiles[-1]))
    )
    browser.intent(intent="select", pile=pile)
    note = widget.reasons[cell[0]][cell[1]]
    engine_reason = board.why_illegal(state.piles[pile][-1], cell)
    assert engine_reason is not None and "is already in" in engine_reason
    assert "is already in" in note["text"] and "colour " not in note["text"] and "shape " not in note["text"]
    blamed = engine_reason.split("(at [")[1].rstrip(")]").split(", ")
    assert note["conflict"] == [int(blamed[0]), int(blamed[1])]
    assert board.cells[board.index(tuple(note["conflict"]))] is not None  # it outlines a tile in the way
    before = widget.state.to_dict()
    browser.intent(intent="place", cell=list(cell))
    assert widget.state.to_dict() == before
    assert "is already in" in widget.error and browser.model()["error"] == widget.error
    assert all(widget.reasons[r][k] is None for r, k in widget.legal)  # legal cells have no reason


MALFORMED = [
    ("not a dict", "must be an object"),
    ({"intent": "fly"}, "'intent' must be one of"),
    ({"no": "intent"}, "'intent' must be one of"),
    ({"intent": "place"}, "needs key(s) ['cell']"),
    ({"intent": "place", "cell": [1, 2], "tile": [0, 0]}, "unknown key(s) ['tile']"),
    ({"intent": "place", "cell": [1, 7]}, "out of range"),
    ({"intent": "place", "cell": [1]}, "must be a pair"),
    ({"intent": "place", "cell": "1,2"}, "must be a pair"),
    ({"intent": "place", "cell": [True, 0]}, "must be an integer"),
    ({"intent": "select", "pile": -1}, "'pile' must be an integer from 0"),
    ({"intent": "select", "pile": 1.0}, "'pile' must be an integer"),
    ({"intent": "select"}, "exactly one of"),
    ({"intent": "select", "pile": 0, "tile": [0, 0]}, "exactly one of"),
    ({"intent": "select", "tile": [0, 0]}, "pick the top of a pile"),
    ({"intent": "select", "pile": 5}, "pile 6 is empty or does not exist"),  # the engine's pile 5 is key 6
    ({"intent": "inspect", "on": "yes"}, "'on' must be true or false"),
    ({"intent": "step", "step": 3}, "'step' must be at most 0"),
    ({"intent": "flip", "on": True}, "no flip is available"),
    ({"intent": "exchange"}, "a solo game takes only 'place' actions"),
    ({"intent": "place", "cell": [0, 0]}, "pick a tile first"),
    ({"intent": "undo"}, "nothing to undo"),
]


@pytest.mark.parametrize(("content", "expected"), MALFORMED, ids=[str(c) for c, _ in MALFORMED])
def test_malformed_or_illegal_intents_are_refused_with_a_reason(content: Any, expected: str) -> None:
    widget, browser = solo()
    assert_refused(widget, browser, content, expected)


def test_trait_writes_from_the_browser_are_refused_and_answered_with_the_truth() -> None:
    widget, browser = solo()
    true_view = widget.view
    forged = {**true_view, "board": [[[0, 0]] * 7] * 7}
    answer = browser.deliver({"method": "update", "state": {"view": forged, "revision": 99}})
    assert widget.view == true_view and "ignored" in widget.error
    resent = [message["state"] for message in updates(answer)]
    assert any(state.get("view") == true_view and state.get("revision") != 99 for state in resent)


def test_the_history_slider_shows_earlier_moves_read_only() -> None:
    widget, browser = solo()
    for _ in range(3):
        place_first_legal(widget, browser)
    assert widget.steps == 3 and widget.step == -1 and widget.frame == {}
    browser.intent(intent="step", step=1)
    assert widget.step == 1
    assert sum(cell is not None for row in widget.frame["board"] for cell in row) == 1
    assert "history" not in widget.frame and "unseen" not in widget.frame
    before = widget.state.to_dict()
    browser.intent(intent="select", pile=0)
    assert "read only" in widget.error and widget.state.to_dict() == before
    assert not widget.buttons["new_game"] and not widget.buttons["undo"]
    browser.intent(intent="deselect")  # Escape: back to the game
    assert widget.step == -1 and widget.frame == {}
    browser.intent(intent="step", step=3)  # the slider's right end is the game itself
    assert widget.step == -1


def test_inspect_counts_the_hand_tiles_that_fit_each_open_cell() -> None:
    widget, browser = solo(seed=2)
    browser.intent(intent="inspect", on=True)
    assert widget.inspect
    assert widget.fits[0][0] == 3 and all(value is None for row in widget.fits for value in row[1:])
    place_first_legal(widget, browser)
    state = widget.state
    assert isinstance(state, town.SoloState)
    tops = [pile[-1] for pile in state.piles if pile]
    for row, column in [(0, 1), (1, 0)]:
        expected = sum(state.board.why_illegal(tile, (row, column)) is None for tile in tops)
        assert widget.fits[row][column] == expected
    assert widget.fits[0][0] is None  # taken


# --- undo ------------------------------------------------------------------------------------------------------
def test_undo_in_solo_goes_back_one_placement_and_deals_the_unseen_tiles_again() -> None:
    widget, browser = solo(seed=3)
    place_first_legal(widget, browser)
    middle = widget.state.to_dict(viewer=0)
    place_first_legal(widget, browser)
    browser.intent(intent="undo")
    assert widget.error == ""
    assert widget.state.to_dict(viewer=0) == middle  # what the player knew is back, history included
    assert widget.steps == 1 and len(widget.moves) == 1
    browser.intent(intent="undo")
    assert widget.state.board.placed() == 0 and widget.history == []
    browser.intent(intent="undo")
    assert "nothing to undo" in widget.error


def test_undo_redeals_so_it_cannot_reveal_the_tile_below_a_pile_top() -> None:
    below = set()
    for seed in range(6):
        widget = TownWidget(state=town.new_solo("town77", seed=0), seed=seed)  # same game, different re-deals
        browser = browser_of(widget)
        pioneer = place_first_legal(widget, browser)
        assert pioneer.pile is not None
        browser.intent(intent="undo")
        below.add(tuple(widget.state.piles[pioneer.pile][-2]))  # type: ignore[attr-defined]
    assert len(below) > 1, "after undo the tile under a pile top must be dealt again, not be the one seen"


def test_undo_against_ai_returns_to_your_previous_decision() -> None:
    widget, browser = multi(seed=8)
    seen = widget.state.to_dict(viewer=0)
    hands = [hand.copy() for hand in widget.state.hands]  # type: ignore[attr-defined]
    decisions = 0
    while widget.state.current_player == 0 and decisions < 3:  # the seat's own turn: up to the opponents' moves
        if widget.state.phase == "place":
            place_first_legal(widget, browser)
        else:
            browser.intent(intent="pass")
        decisions += 1
    assert widget.state.history[-1][0] != 0 or widget.state.is_terminal(), "the opponents should have moved"
    for _ in range(decisions):
        browser.intent(intent="undo")
    assert widget.error == ""
    assert widget.state.to_dict(viewer=0) == seen
    assert widget.state.hands == hands  # type: ignore[attr-defined]  # nobody's tiles changed


def test_undo_against_ai_draws_afresh_so_it_cannot_reveal_the_next_draw() -> None:
    redrawn = 0
    for seed in range(4):
        widget = TownWidget(state=town.new_game("town77", players=2, seed=0), opponents=["random"], seed=seed)
        browser = browser_of(widget)
        if widget.state.phase == "exchange":
            browser.intent(intent="pass")
        place_first_legal(widget, browser)
        first_draw = list(widget.state.hands[0])  # type: ignore[attr-defined]
        browser.intent(intent="undo")
        place_first_legal(widget, browser)
        redrawn += widget.state.hands[0] != first_draw  # type: ignore[attr-defined]
    assert redrawn, "after undo the same placement drew the same tile every time: the draw was foreseeable"


# --- multiplayer -----------------------------------------------------------------------------------------------
def play_out(widget: TownWidget, browser: FrontEnd) -> None:
    """The seated player plays a whole game through intents: no exchange, first legal placement, keep the hand."""
    for _ in range(200):
        if widget.state.is_terminal():
            return
        if widget.state.phase == "place":
            place_first_legal(widget, browser)
        else:
            browser.intent(intent="pass")
            assert widget.error == "", widget.error
    raise AssertionError("the game did not end")


def test_a_whole_multiplayer_game_against_random_opponents() -> None:
    widget, browser = multi(seed=21)
    moved: list[int] = []
    widget.on_move(lambda player, action: moved.append(player))
    play_out(widget, browser)
    rows = widget.outcome["rows"]
    assert sorted(row["rank"] for row in rows) == [1, 2, 3]
    assert {row["name"] for row in rows} == {"You", "Player 2 (random)", "Player 3 (random)"}
    assert widget.status.startswith("Game over: you finished")
    assert set(moved) == {0, 1, 2} and len(moved) == len(widget.history)
    assert repr(widget).endswith("game over, " + f"{widget.state.board.placed()}/49 tiles placed)")


def test_your_move_shows_at_once_then_the_opponents_moves_follow() -> None:
    widget, browser = multi(seed=21)
    if widget.state.phase == "exchange":
        browser.intent(intent="pass")
    place_first_legal(widget, browser)
    assert widget.state.phase == "discard"
    answer = updates(browser.intent(intent="pass"))  # keep the hand: the turn passes to the opponents
    assert len(answer) == 2
    mine, theirs = answer[0]["state"], answer[1]["state"]
    assert mine["view"]["current_player"] == 1 and mine["status"] == "Player 2 (random) is thinking…"
    assert mine["moves"][-1] == "You kept the hand"
    assert theirs["view"]["current_player"] == 0 and len(theirs["moves"]) > len(mine["moves"])


def test_nothing_hidden_from_the_seat_is_ever_sent() -> None:
    widget, browser = multi(seed=13)
    play_out(widget, browser)
    solo_widget, solo_browser = solo(seed=5)
    for _ in range(5):
        place_first_legal(solo_widget, solo_browser)
    solo_browser.intent(intent="step", step=2)
    for message in browser.messages + solo_browser.messages:
        state = message.get("state", {})
        text = json.dumps(state)
        assert '"bag"' not in text and '"rng"' not in text
        for shown in (state.get("view"), state.get("frame")):
            if shown and shown.get("mode") == "multi":
                assert all(tile[1] is None for hand in shown["hands"][1:] for tile in hand)
            if shown and shown.get("mode") == "solo":
                assert all(tile is None for pile in shown["piles"] for tile in pile[:-1])


def test_exchange_needs_three_alike_chosen_and_then_draws() -> None:
    widget, browser = next(
        (widget, browser)
        for seed in range(200)
        for widget, browser in [multi(seed=seed)]
        if widget.state.phase == "exchange" and widget.state.current_player == 0
    )
    exchange = next(action for action in widget.state.legal_actions() if isinstance(action, town.Exchange))
    odd = next(tile for tile in widget.state.hands[0] if tile not in exchange.tiles)  # type: ignore[attr-defined]
    for tile in exchange.tiles[:2]:
        browser.intent(intent="select", tile=list(tile))  # in the exchange step a pick chooses
    assert widget.chosen == [list(tile) for tile in exchange.tiles[:2]] and not widget.buttons["exchange"]
    browser.intent(intent="exchange")
    assert "exactly 3" in widget.error
    browser.intent(intent="choose", tile=list(odd))
    browser.intent(intent="choose", tile=list(odd))  # choosing again takes it back
    browser.intent(intent="select", tile=list(exchange.tiles[2]))
    assert widget.buttons["exchange"]
    browser.intent(intent="exchange")
    assert widget.error == "" and widget.history[0] == (0, exchange) and widget.chosen == []


def test_discard_after_a_draw_returns_the_picked_tile() -> None:
    widget, browser = multi(seed=30)
    while widget.state.phase != "discard" or widget.state.current_player != 0:
        if widget.state.phase == "place":
            place_first_legal(widget, browser)
        else:
            browser.intent(intent="pass")
    assert widget.buttons["pass"] == "Keep hand" and not widget.buttons["discard"]
    tile = widget.state.hands[0][-1]  # type: ignore[attr-defined]
    browser.intent(intent="select", tile=list(tile))
    assert widget.buttons["discard"]
    browser.intent(intent="discard")
    assert widget.error == "" and (0, town.Discard(tile)) in widget.history
    assert any(line == f"You discarded {widget_tile_name(tile)}" for line in widget.moves)


def widget_tile_name(tile: tuple[int, int]) -> str:
    from townwidget.widget.words import tile_name

    return tile_name(tile)


def test_town66_flip_places_a_colour_only_tile() -> None:
    widget, browser = solo(game="town66", seed=6)
    for _ in range(40):
        flips = [a for a in widget.state.legal_actions() if isinstance(a, town.Place) and a.flip]
        if flips:
            break
        place_first_legal(widget, browser)
    else:
        raise AssertionError("no flip became possible: choose another seed")
    action = flips[0]
    assert action.pile is not None
    browser.intent(intent="select", pile=action.pile)
    assert widget.buttons["flip"]
    browser.intent(intent="flip", on=True)
    assert [tuple(cell) for cell in widget.legal] == [a.cell for a in flips if a.pile == action.pile]
    browser.intent(intent="place", cell=list(action.cell))
    assert widget.error == ""
    assert widget.view["board"][action.cell[0]][action.cell[1]] == [action.tile[0], None]
    assert widget.view["flips_left"] == 1 and not widget.flip
    assert "turned over (colour only)" in widget.moves[-1]


# --- Python API ------------------------------------------------------------------------------------------------
def test_repr_is_deterministic_and_same_seed_same_game() -> None:
    one, two = TownWidget(seed=9), TownWidget(seed=9)
    assert repr(one) == repr(two) == "TownWidget(town77 solo, seat 0: your turn to place, 0/49 tiles placed)"
    assert one.view == two.view and one.state.to_dict() == town.new_solo("town77", seed=9).to_dict()
    three = TownWidget(mode="multi", opponents=["random"], seat=1, seed=2)
    assert repr(three).startswith("TownWidget(town77 2 players, seat 1: ")


def test_apply_from_code_is_shown_and_new_game_starts_over() -> None:
    widget = TownWidget("town55", seed=1)
    browser = browser_of(widget)
    revision = widget.revision
    action = widget.state.legal_actions()[0]
    widget.apply(action.to_dict())
    assert widget.revision > revision and browser.model()["view"]["board"][0][0] is not None
    with pytest.raises(town.IllegalAction, match="is not the top of pile"):
        widget.apply(action)
    widget.new_game(seed=4)
    assert widget.history == [] and widget.state.to_dict() == town.new_solo("town55", seed=4).to_dict()
    browser.intent(intent="new_game")
    assert widget.history == [] and widget.error == ""


def test_opponents_move_on_their_own_views_and_a_widget_can_continue_any_state() -> None:
    spy = SpyAgent()
    state = town.new_game("town77", players=2, seed=3)
    widget = TownWidget(state=state, seat=1, opponents=[spy])
    assert widget.state is state and state.current_player == 1  # the spy (player 0) moved first
    assert spy.seen and all(isinstance(view, town.TownView) and view.player == 0 for view in spy.seen)
    assert widget.names == ["Player 1 (spy)", "You"]


def test_errors_in_callbacks_and_agents_are_shown_not_swallowed(capsys: pytest.CaptureFixture[str]) -> None:
    widget, browser = solo()

    def broken(player: int, action: Any) -> None:
        raise ZeroDivisionError("oops")

    widget.on_move(broken)
    pioneer = widget.state.legal_actions()[0]
    assert isinstance(pioneer, town.Place)
    browser.intent(intent="select", pile=pioneer.pile)
    browser.intent(intent="place", cell=list(pioneer.cell))
    assert "broken failed: ZeroDivisionError: oops" in widget.error
    assert widget.state.board.placed() == 1  # the move stands
    assert "ZeroDivisionError" in capsys.readouterr().err
    widget.on_move(broken, remove=True)

    class Stubborn:
        name = "stubborn"

        def act(self, view: Any) -> Any:
            return {"type": "teleport"}

    stuck = TownWidget(mode="multi", opponents=[Stubborn()], seat=1, seed=1)
    assert "Player 1 (stubborn) could not move" in stuck.error and stuck.state.current_player == 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"mode": "duel"}, "mode must be 'solo' or 'multi'"),
        ({"game": "town10"}, "unknown rules"),
        ({"seat": 1}, "seat must be a player number from 0 to 0"),
        ({"seed": "x"}, "seed must be an integer"),
        ({"state": "a game"}, "state must be a Town state"),
        ({"opponents": ["random"]}, "0 other seat(s) but 1 opponent(s)"),
        ({"mode": "multi", "opponents": ["chess engine"]}, "unknown agent 'chess engine'"),
        ({"mode": "multi", "opponents": [42]}, "an opponent must be an agent name"),
        ({"mode": "multi", "opponents": "random"}, "opponents must be a list"),
        ({"mode": "multi", "opponents": ["random"] * 5}, "players must be an integer from 2 to 5"),
    ],
)
def test_bad_arguments_raise_clear_value_errors(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        TownWidget(**kwargs)
