"""Both widgets' message handlers under fuzzing: whatever the browser sends, the answer is clean.

Every message (any JSON-like content: wrong types, huge numbers, megabyte strings, nested junk, out-of-range
indices, unknown keys, trait writes) ends accepted, or refused with ``error`` set to a short sentence; no
exception leaves the handler; after a refusal the game and every synced trait but ``error`` (and ``revision``,
which counts Python's answers) are as they were; values from the browser come back quoted short.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from widget_comm import FrontEnd, browser_of, updates, use_front_ends

from townwidget.core.checks import shown
from townwidget.town import Place
from townwidget.widget import LittleTownWidget, TownWidget
from townwidget.widget.base import GameWidget
from townwidget.widget.intents import INTENT_KEYS, LITTLE_TOWN_INTENT_KEYS

MAX_ERROR_CHARS = 400  # a sentence with a few values quoted at most ~100 characters each
HUGE_TEXT = "x" * 1_000_000

MODES: dict[str, Callable[[int], GameWidget]] = {
    "town77 solo": lambda seed: TownWidget("town77", seed=seed),
    "town66 solo": lambda seed: TownWidget("town66", seed=seed),
    "town77 2 players": lambda seed: TownWidget(mode="multi", opponents=["random"], seed=seed),
    "town66 3 players": lambda seed: TownWidget("town66", mode="multi", opponents=["random", "greedy"], seed=seed),
    "little town 2 players": lambda seed: LittleTownWidget(2, opponents=["random"], seed=seed),
    "little town 3 players": lambda seed: LittleTownWidget(3, opponents=["random", "greedy"], seed=seed),
    "little town 4 players": lambda seed: LittleTownWidget(4, opponents=["random"] * 3, seed=seed),
}

# Long texts and huge numbers come from maps, so that hypothesis's reports stay short.
NUMBERS = (
    st.integers(-3, 12)
    | st.integers()
    | st.sampled_from([2**63, 2**64])
    | st.integers(30, 4000).map(lambda digits: 10**digits)
    | st.floats(allow_nan=True, allow_infinity=True)
)
WORDS = (
    st.text(max_size=8)
    | st.sampled_from(["colour 12", "colour 7", "shape 9", "player 9", "player 1", "tile [9, 9]"])
    | st.integers(100, 5000).map(lambda size: "colour " + "9" * size)
    | st.integers(100, 5000).map(lambda size: "y" * size)
)
JSON = st.recursive(
    st.none() | st.booleans() | NUMBERS | WORDS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(WORDS, inner, max_size=4),
    max_leaves=10,
)
PAIRS = st.lists(st.integers(-2, 12) | NUMBERS, min_size=2, max_size=2)
KINDS = sorted(INTENT_KEYS.keys() | LITTLE_TOWN_INTENT_KEYS.keys())
KEYS = sorted({key for keys in (*INTENT_KEYS.values(), *LITTLE_TOWN_INTENT_KEYS.values()) for key in keys})
ACTION = st.fixed_dictionaries(
    {
        "type": st.sampled_from(["place_worker", "build", "gather", "activate", "pay", "feed", "complete", "done"])
        | JSON
    },
    optional={
        key: JSON | PAIRS | st.sampled_from(["wood", "pier", ["fish", "wheat"], 0, 1])
        for key in ("cell", "building", "resource", "coins_for", "resources", "fish", "card", "player", "phase")
    },
)
# Intents of the right shape with values good, bad and absurd, and plain junk.
INTENT = st.fixed_dictionaries(
    {"intent": st.sampled_from(KINDS) | JSON},
    optional={key: JSON | PAIRS | st.integers(0, 8) | ACTION for key in [*KEYS, "colour 12", "y" * 300]},
)


def legal_intents(widget: GameWidget) -> list[dict[str, Any]]:
    """Intents a player would send now, so that the fuzzing also reaches the later phases of each game."""
    if isinstance(widget, LittleTownWidget):
        cells = [{"intent": "cell", "cell": cell} for cell in widget.legal]
        builds = [{"intent": "build", "building": offer["id"]} for offer in widget.market if offer["buildable"]]
        return cells + builds + [{"intent": "act", "action": choice["action"]} for choice in widget.choices]
    intents: list[dict[str, Any]] = [{"intent": "pass"}, {"intent": "exchange"}, {"intent": "discard"}]
    for action in widget.state.legal_actions()[:6] if widget.state.current_player == widget.seat else []:
        if isinstance(action, Place):
            pick = {"pile": action.pile} if action.pile is not None else {"tile": list(action.tile)}
            intents += [{"intent": "select", **pick}, {"intent": "place", "cell": list(action.cell)}]
        else:
            intents += [{"intent": "select", "tile": list(tile)} for tile in getattr(action, "tiles", ())]
    return intents


def message(data: st.DataObject, widget: GameWidget) -> dict[str, Any]:
    """One message from the browser: an intent (mostly), or a write to the traits."""
    choice = data.draw(st.integers(0, 9))
    if choice < 4 and legal_intents(widget):
        content: Any = data.draw(st.sampled_from(legal_intents(widget)))
    elif choice < 8:
        content = data.draw(INTENT)
    elif choice < 9:
        content = data.draw(JSON)
    else:
        return {"method": "update", "state": data.draw(st.dictionaries(WORDS, JSON, max_size=3))}
    return {"method": "custom", "content": content}


def synced_traits(widget: GameWidget) -> dict[str, Any]:
    return {name: getattr(widget, name) for name in widget.trait_names(sync=True) if name not in ("error", "revision")}


def check_answer(widget: GameWidget, browser: FrontEnd, data: dict[str, Any]) -> str:
    """Deliver ``data`` and check the answer; returns "accepted" or "refused"."""
    before, traits = widget.state.to_dict(), synced_traits(widget)
    answer = browser.deliver(data)
    error = widget.error
    answers = len(updates(answer))  # none: an exception left the handler
    assert answers >= 1, f"no answer reached the browser for {shown(data, 300)}"
    assert browser.model()["error"] == error
    assert "internal error" not in error, error
    assert len(error) <= MAX_ERROR_CHARS, f"{len(error)} characters: {error[:300]}"
    if error:
        assert answers == 1 or data["method"] == "update", "a refusal is one update (a trait write: and the truth)"
        assert error[0].isalpha() or error[0] == "'", error
        assert widget.state.to_dict() == before, f"refused ({error}) but the game changed"
        assert synced_traits(widget) == traits, f"refused ({error}) but the view changed"
    return "refused" if error else "accepted"


@pytest.fixture(autouse=True)
def front_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    use_front_ends(monkeypatch)


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_every_message_is_accepted_or_refused_cleanly(mode: str, data: st.DataObject, seed: int) -> None:
    widget = MODES[mode](seed)
    browser = browser_of(widget)
    for _ in range(data.draw(st.integers(0, 40), label="moves played first")):  # to reach every phase
        actions = widget.state.legal_actions() if widget.state.current_player == widget.seat else []
        if actions:
            widget.apply(actions[data.draw(st.integers(0, len(actions) - 1), label="move")])
    for _ in range(data.draw(st.integers(1, 12), label="messages")):
        event(check_answer(widget, browser, message(data, widget)))


TOO_LONG = "an intent is at most 200 characters long"
REPRODUCTIONS = [
    ("town77 solo", {"intent": "select", "tile": [9, 0]}, "colour 9 is out of range 0..6"),
    ("town77 solo", {"intent": "undo", "colour 12": 1}, "unknown key(s) ['colour 12'] in a 'undo' intent"),
    ("town77 solo", {"intent": "colour " + "9" * 5000}, TOO_LONG),
    ("town77 solo", {"intent": HUGE_TEXT}, TOO_LONG),
    ("town77 solo", {"intent": "place", "cell": [0, 10**5000]}, TOO_LONG),
    ("town77 solo", {"intent": "place", "cell": [0, 10**40]}, f"column {10**40} is out of range 0..6"),
    ("town66 solo", {"intent": "select", "pile": 3}, "pile 4 is empty or does not exist"),  # players count piles from 1
    ("town77 2 players", {"intent": "select", "tile": [7, 0]}, "colour 7 is out of range 0..6"),
    ("town77 2 players", {"intent": "choose", "tile": ["colour 3", 0]}, "'tile colour' must be an integer"),
    ("little town 2 players", {"intent": "cell", "cell": "player 9"}, "'cell' must be a pair"),
    ("little town 2 players", {"intent": "cell", "cell": [HUGE_TEXT, 1]}, TOO_LONG),
    ("little town 2 players", {"intent": "build", "building": "player 1's"}, "'building' must be a building id"),
    ("little town 3 players", {"intent": "act", "action": {"type": "feed", "fish": 10**5000}}, TOO_LONG),
    ("little town 3 players", {"intent": "act", "action": {"type": "gather", "resource": "gold"}}, "resource"),
    ("little town 3 players", {"intent": "act", "action": {"type": "done", "player 7": 1}}, "unknown key"),
]


@pytest.mark.parametrize(
    "mode, content, expected", REPRODUCTIONS, ids=[f"{m}: {shown(c, 50)}" for m, c, _ in REPRODUCTIONS]
)
def test_the_reported_messages_are_refused_in_words(mode: str, content: Any, expected: str) -> None:
    widget = MODES[mode](1)
    browser = browser_of(widget)
    check_answer(widget, browser, {"method": "custom", "content": content})
    assert expected in widget.error, widget.error


def test_an_out_of_range_colour_is_worded_as_a_number_not_as_a_name() -> None:
    widget = MODES["town77 2 players"](1)
    check_answer(widget, browser_of(widget), {"method": "custom", "content": {"intent": "choose", "tile": [7, 1]}})
    assert "colour 7 is out of range 0..6" in widget.error and "black" not in widget.error


def test_a_trait_write_with_a_huge_key_is_refused_in_few_words() -> None:
    widget = MODES["little town 2 players"](1)
    check_answer(widget, browser_of(widget), {"method": "update", "state": {HUGE_TEXT: 1, "view": {}}})
    assert "the view tried to change" in widget.error


def test_the_browser_sets_drawn_to_a_revision_it_was_sent_and_nothing_else() -> None:
    """``drawn`` (so that marimo re-runs the cells reading the widget) is the one trait the browser may write: to a
    revision Python has published, alone; anything else is refused and changes nothing."""
    widget = MODES["town77 2 players"](1)
    browser = browser_of(widget)
    before, revision = widget.state.to_dict(), widget.revision
    answer = browser.deliver({"method": "update", "state": {"drawn": revision}})
    assert (widget.drawn, widget.error, widget.revision) == (revision, "", revision)
    assert widget.state.to_dict() == before and not updates(answer)  # accepted quietly: nothing to redraw
    forgeries: list[Callable[[int], Any]] = [
        lambda now: now + 1,  # a revision Python never sent
        lambda now: -1,
        lambda now: True,
        lambda now: str(now),
    ]
    for forged in forgeries:
        check_answer(widget, browser, {"method": "update", "state": {"drawn": forged(widget.revision)}})
        assert "the view tried to change ['drawn']" in widget.error and widget.drawn == revision
    check_answer(widget, browser, {"method": "update", "state": {"drawn": 1, "view": {}}})
    assert "the view tried to change" in widget.error and widget.drawn == revision
