"""A multiplayer Town turn in one click (townwidget.widget.one_click), through the widget's comm as the browser talks
to it: one 'place' intent plays the whole turn (the engine sees the no-exchange, the placement and the keep), the
exchange and a discard chosen beforehand wait beside the board, Undo takes the turn back as one, the setting
``explicit_steps`` asks for the steps as before, and the opponents see exactly what the steps would show them."""

from __future__ import annotations

from typing import Any

import pytest
from widget_comm import FrontEnd, SpyAgent, assert_refused, browser_of, use_front_ends

from townwidget import town
from townwidget.widget import TownWidget


@pytest.fixture(autouse=True)
def front_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    use_front_ends(monkeypatch)


def exchange_deal() -> town.MultiState:
    """A 2-player Town 44 deal whose first player may exchange (3 alike tiles in hand) and also place."""
    for seed in range(500):
        state = town.new_game("town44", players=2, seed=seed)
        if state.phase == "exchange":
            return state
    raise AssertionError("no deal of the first 500 starts with an exchange")


def seated(explicit: bool = False, opponent: Any = "random") -> tuple[TownWidget, FrontEnd]:
    widget = TownWidget(state=exchange_deal(), opponents=[opponent], seed=4, explicit_steps=explicit)
    return widget, browser_of(widget)


def first_placement(widget: TownWidget) -> town.Place:
    """The first placement the seat may make once it declines to exchange (what a click on a lit cell plays)."""
    trial = widget.state.clone()
    if trial.phase == "exchange":
        trial.apply(town.Pass())
    action = trial.legal_actions()[0]
    assert isinstance(action, town.Place)
    return action


def seat_moves(widget: TownWidget, since: int) -> list[Any]:
    return [action for player, action in widget.history[since:] if player == widget.seat]


def test_one_place_intent_plays_the_whole_turn_and_undo_takes_it_back() -> None:
    widget, browser = seated()
    before = widget.state.to_dict()
    assert widget.state.phase == "exchange" and widget.turn_options["exchange"] and widget.turn_options["plan"]
    assert widget.buttons["pass"] == "", "placing declines the exchange: no 'No exchange' step in the way"
    place = first_placement(widget)
    browser.intent(intent="select", tile=list(place.tile))
    assert widget.selection["tile"] == list(place.tile) and widget.chosen == [], "a pick is for placing"
    assert list(place.cell) in widget.legal
    browser.intent(intent="place", cell=list(place.cell))
    assert widget.error == ""
    assert seat_moves(widget, 0)[:3] == [town.Pass(), place, town.Pass()], widget.history
    assert [phase for player, phase, _ in widget.state.history[:3]] == ["exchange", "place", "discard"]
    assert widget.state.current_player in (0, None) and widget.state.history[3][0] == 1, "the opponent moved"
    assert widget.moves[:3] == [
        "You did not exchange",
        widget.moves[1],
        "You kept the hand",
    ] and widget.moves[1].startswith("You placed ")
    browser.intent(intent="undo")
    assert widget.error == "" and widget.state.to_dict(viewer=0) == town.from_dict(before).to_dict(viewer=0)
    assert widget.state.phase == "exchange" and not widget.buttons["undo"], "one click, one undo"


def test_a_one_click_game_is_the_explicit_game_and_shows_the_opponents_nothing_more() -> None:
    """The same clicks' turns, played as one click or as the steps, give the same game: the same engine state,
    the same log, and the same views handed to the opponent (which never hold the seat's declined exchange)."""
    games = []
    for explicit in (False, True):
        spy = SpyAgent()
        widget, browser = seated(explicit=explicit, opponent=spy)
        for _turn in range(4):
            if widget.state.current_player != 0:
                break
            if explicit and widget.state.phase == "exchange":
                browser.intent(intent="pass")
            place = first_placement(widget)
            browser.intent(intent="select", tile=list(place.tile))
            browser.intent(intent="place", cell=list(place.cell))
            if explicit and widget.state.current_player == 0 and widget.state.phase == "discard":
                browser.intent(intent="pass")
            assert widget.error == ""
        games.append((widget.state.to_dict(), widget.moves, [view.to_dict() for view in spy.seen]))
    assert games[0] == games[1]
    views = games[0][2]
    assert views and all(
        not (entry["player"] == 0 and entry["phase"] == "exchange") for view in views for entry in view["history"]
    )


def test_a_discard_chosen_beside_the_board_follows_the_draw() -> None:
    widget, browser = seated(opponent=SpyAgent())
    place = first_placement(widget)
    kept = [tile for tile in widget.state.hands[0] if tile != place.tile]
    browser.intent(intent="plan_discard", tile="drawn")
    assert widget.turn_options["discard"] == "drawn" and "you discard the tile you draw" in widget.status
    browser.intent(intent="select", tile=list(place.tile))
    browser.intent(intent="place", cell=list(place.cell))
    assert widget.error == ""
    player, phase, discard = widget.state.history[2]
    assert (player, phase) == (0, "discard") and isinstance(discard, town.Discard) and discard.tile not in kept
    assert widget.state.to_dict(viewer=1)["history"][1]["tile"] == [discard.tile[0], None], "seen face down"
    assert widget.turn_options["discard"] is None, "a plan lasts one turn"
    browser.intent(intent="undo")
    browser.intent(intent="plan_discard", tile=list(kept[0]))
    browser.intent(intent="select", tile=list(place.tile))
    browser.intent(intent="place", cell=list(place.cell))
    assert widget.error == "" and widget.state.history[2][2] == town.Discard(kept[0])


def test_bad_plans_and_placing_the_planned_tile_are_refused_and_change_nothing() -> None:
    widget, browser = seated()
    place = first_placement(widget)
    outside = next(tile for tile in ((c, s) for c in range(4) for s in range(4)) if tile not in widget.state.hands[0])
    assert_refused(widget, browser, {"intent": "plan_discard", "tile": list(outside)}, "is not in your hand")
    assert_refused(widget, browser, {"intent": "plan_discard", "tile": "all"}, '"drawn" or null')
    assert_refused(widget, browser, {"intent": "plan_discard", "tile": [9, 0]}, "out of range")
    assert_refused(widget, browser, {"intent": "plan_discard"}, "needs key(s) ['tile']")
    assert_refused(widget, browser, {"intent": "explicit_steps", "on": "yes"}, "'on' must be true or false")
    browser.intent(intent="plan_discard", tile=list(place.tile))
    browser.intent(intent="select", tile=list(place.tile))
    assert_refused(widget, browser, {"intent": "place", "cell": list(place.cell)}, "is your discard after the draw")
    solo = TownWidget("town44", seed=1)
    assert_refused(solo, browser_of(solo), {"intent": "plan_discard", "tile": None}, "only in one-click turns")
    explicit, explicit_browser = seated(explicit=True)
    assert_refused(explicit, explicit_browser, {"intent": "plan_discard", "tile": "drawn"}, "only in one-click turns")
    with pytest.raises(ValueError, match="explicit_steps must be True or False"):
        TownWidget(mode="multi", explicit_steps=1)  # type: ignore[arg-type]


def test_the_exchange_waits_beside_the_board_and_the_setting_asks_for_the_steps() -> None:
    widget, browser = seated()
    exchange = next(action for action in widget.state.legal_actions() if isinstance(action, town.Exchange))
    for tile in exchange.tiles:
        browser.intent(intent="choose", tile=list(tile))
    assert widget.buttons["exchange"]
    browser.intent(intent="exchange")
    assert widget.error == "" and widget.history[0] == (0, exchange)
    browser.intent(intent="explicit_steps", on=True)  # the view's toggle: the steps come back
    assert widget.explicit_steps and widget.turn_options["explicit"] and not widget.turn_options["plan"]
    if widget.state.phase == "exchange":
        browser.intent(intent="pass")
    place = first_placement(widget)
    browser.intent(intent="select", tile=list(place.tile))
    browser.intent(intent="place", cell=list(place.cell))
    assert widget.state.phase == "discard" and widget.state.current_player == 0, "the discard step waits"
    assert widget.buttons["pass"] == "Keep hand"
    widget.explicit_steps = False  # from Python: the setting, not a step already under way
    assert widget.state.phase == "discard" and widget.buttons["pass"] == "Keep hand"


def play_hinted(browser: FrontEnd, action: dict[str, Any]) -> None:
    """The clicks that play a hinted move in a one-click turn: its tile and cell, or its tiles and Exchange."""
    if action["type"] == "place":
        browser.intent(intent="select", tile=action["tile"])
        browser.intent(intent="place", cell=action["cell"])
    else:
        for tile in action["tiles"]:
            browser.intent(intent="choose", tile=tile)
        browser.intent(intent="exchange")


def test_a_hint_in_the_exchange_phase_names_what_a_click_plays_from_the_seats_view() -> None:
    """At the start of a one-click turn that could exchange, the hint names the placement a click plays after no
    exchange (or the exchange, where the search rates it best), not "no exchange"; twins that differ only in what
    the seat cannot see (the opponent's hand, the bag) get the same hint, and the hinted clicks play it."""
    deal = exchange_deal()
    suggestions = []
    for seed in (3, 4):
        twin = deal.view(0).sample_state(seed)
        widget = TownWidget(state=twin, opponents=["random"], seed=4)
        browser = browser_of(widget)
        browser.intent(intent="hint")
        suggestions.append(widget.suggestion)
    shown = suggestions[0]
    assert widget.error == "" and suggestions[1] == shown and widget.state.phase == "exchange"
    action = shown["action"]
    assert action["type"] in ("place", "exchange"), shown
    if action["type"] == "place":
        assert shown["cells"] == [action["cell"]] and ". Before placing: no exchange" in shown["text"], shown
        played = [town.Pass(), town.Place(tuple(action["tile"]), tuple(action["cell"])), town.Pass()]
    else:
        played = [town.Exchange(tuple(tuple(tile) for tile in action["tiles"]))]
    play_hinted(browser, action)
    assert widget.error == "" and seat_moves(widget, 0)[: len(played)] == played
