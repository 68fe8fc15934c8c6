"""Little Town warns before it costs, through the widget's comm as the browser talks to it: near the round's end (the
seat's last worker, that worker's turn) the ``warning`` trait says what feeding will take if nothing changes, in
English and French; a payment that buys a missing cube for coins is said before the click that pays it, and a
payment with several ways waits for the player's choice."""

from __future__ import annotations

import pytest
from widget_comm import FrontEnd, browser_of, use_front_ends

from townwidget import littletown
from townwidget.littletown.data import UNFED_PENALTY
from townwidget.widget import LittleTownWidget


@pytest.fixture(autouse=True)
def front_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    use_front_ends(monkeypatch)


def hungry_vp(widget: LittleTownWidget, gathered_fish: int = 0) -> int:
    """The points the seat's food at hand (and the fish its worker still gathers) leaves it to lose at the feeding."""
    state, seat = widget.state, widget.seat
    food = state.cubes[seat][2] + state.cubes[seat][3] + gathered_fish
    return UNFED_PENALTY * max(0, state.seats.workers - food)


def to_last_worker(widget: LittleTownWidget, browser: FrontEnd) -> None:
    """Play the seat's turns by clicks (the first lit space, then End the turn) until one worker is left to place."""
    while widget.state.workers_left[widget.seat] > 1:
        assert widget.state.current_player == widget.seat and widget.state.phase == "turn"
        assert widget.warning == "", "the round's end is not near yet"
        browser.intent(intent="cell", cell=widget.legal[0])
        browser.intent(intent="act", action={"type": "done"})
        assert widget.error == "", widget.error


def test_the_last_worker_of_the_round_shows_what_feeding_will_take() -> None:
    widget = LittleTownWidget(opponents=["random"], seed=3)
    browser = browser_of(widget)
    to_last_worker(widget, browser)
    vp = hungry_vp(widget)
    assert vp, "the seat's food feeds every worker: choose another seed"
    assert widget.warning.startswith("Your last worker of this round. ") and f"-{vp} VP" in widget.warning
    assert browser.model()["warning"] == widget.warning
    grass = next(
        cell
        for cell in widget.legal
        if not widget.state.terrain.yields[cell[0] * 9 + cell[1]][2]  # a space without fish: the food stays as is
    )
    browser.intent(intent="cell", cell=grass)
    assert widget.state.phase == "act"
    assert widget.warning.startswith("When you end this turn, your part of the round is over. ")
    assert f"-{hungry_vp(widget)} VP" in widget.warning
    vp = hungry_vp(widget)
    browser.intent(intent="act", action={"type": "done"})
    assert widget.warning == "", "at the feeding, the choices themselves say what each way costs"
    assert widget.state.phase == "feed" and widget.state.current_player == widget.seat
    assert any(choice["text"].endswith(f"unfed: -{vp} VP") for choice in widget.choices), widget.choices


def test_the_warning_is_french_in_a_french_widget() -> None:
    widget = LittleTownWidget(opponents=["random"], seed=3, lang="fr")
    to_last_worker(widget, browser_of(widget))
    assert widget.warning.startswith("Votre dernier ouvrier de la manche. ")
    assert f"-{hungry_vp(widget)} PV" in widget.warning


def test_coins_for_a_missing_cube_are_said_before_and_several_ways_are_the_players_choice() -> None:
    widget = LittleTownWidget(opponents=["random"], seed=3)
    browser = browser_of(widget)
    state = widget.state
    wood = max(
        (action for action in state.legal_actions() if isinstance(action, littletown.PlaceWorker)),
        key=lambda action: state.terrain.yields[action.cell[0] * 9 + action.cell[1]][0],
    )
    browser.intent(intent="cell", cell=list(wood.cell))
    browser.intent(intent="act", action={"type": "done"})
    offers = {offer["id"]: offer for offer in widget.market}
    assert offers["barn"]["pays"] == "you lack 1 wood: you pay 3 coins instead", "said before the click"
    assert offers["wheat_field"]["buildable"] and offers["wheat_field"]["pays"] == "", "wood held: a choice, no fee"
    coins, cubes = widget.state.coins[0], list(widget.state.cubes[0])
    browser.intent(intent="build", building="wheat_field")
    assert widget.state.phase == "pay", "two ways to pay: the game waits for the player"
    ways = [choice for choice in widget.choices if choice["action"]["type"] == "pay"]
    assert [way["text"] for way in ways] == [
        "Pay 1 wood for the Wheat Field",
        "Pay 3 coins for the Wheat Field (buying 1 wood for 3 coins each)",
    ]
    browser.intent(intent="act", action=ways[1]["action"])
    assert widget.error == "" and widget.state.coins[0] == coins - 3 and widget.state.cubes[0] == cubes
