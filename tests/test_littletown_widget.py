"""LittleTownWidget's protocol, without a browser: the tests play the front end's part on the widget's comm.

They send what the browser sends (clicks on spaces and market buildings, the choices in words, malformed and
illegal intents, trait writes) and check the traits and the update messages Python sends back: that the view offers
exactly the seated player's legal actions, that a refused intent shows its reason and changes nothing, and that the
other players' objective cards never leave Python before they are completed.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from widget_comm import FrontEnd, SpyAgent, assert_refused, browser_of, updates, use_front_ends

from townwidget import littletown, town
from townwidget.core.rng import Rng
from townwidget.littletown import Activate, Build, Complete, Done, PlaceBuilding, PlaceWorker
from townwidget.littletown.board import cell_of
from townwidget.widget import LittleTownWidget

ON_SPACES = (PlaceWorker, PlaceBuilding, Activate)


@pytest.fixture(autouse=True)
def front_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    use_front_ends(monkeypatch)


def told(moves: list[str]) -> list[str]:
    """Every step the log tells, in order: each move, then the notes under it (the steps the game took on its own)."""
    return [step for line in moves for step in line.split("\n")]


def new(seed: int = 3, **kwargs: Any) -> tuple[LittleTownWidget, FrontEnd]:
    widget = LittleTownWidget(opponents=kwargs.pop("opponents", ["random"]), seed=seed, **kwargs)
    return widget, browser_of(widget)


def intent_for(widget: LittleTownWidget, action: Any, on_the_board: bool = True) -> dict[str, Any]:
    """What the front end sends to take ``action``: a click on a space or a market building, or on a choice."""
    if isinstance(action, (PlaceWorker, PlaceBuilding)) or (isinstance(action, Activate) and on_the_board):
        return {"intent": "cell", "cell": list(action.cell)}
    if isinstance(action, Build):
        return {"intent": "build", "building": action.building}
    offered = [choice["action"] for choice in widget.choices]
    assert action.to_dict() in offered, f"{action} is legal but not offered as a choice"
    return {"intent": "act", "action": action.to_dict()}


def check_offers(widget: LittleTownWidget) -> None:
    """The view offers exactly the seat's legal actions: lit spaces, buildable market buildings, choices."""
    legal = widget.state.legal_actions()
    assert sorted(map(tuple, widget.legal)) == sorted(a.cell for a in legal if isinstance(a, ON_SPACES))
    buildable = {offer["id"] for offer in widget.market if offer["buildable"]}
    assert buildable == {action.building for action in legal if isinstance(action, Build)}
    assert all(offer["why"] for offer in widget.market if not offer["buildable"])
    others = [action.to_dict() for action in legal if not isinstance(action, (*ON_SPACES, Build))]
    others += [action.to_dict() for action in legal if isinstance(action, Activate)]
    assert sorted(map(json.dumps, (choice["action"] for choice in widget.choices))) == sorted(map(json.dumps, others))
    assert all(choice["text"] and "player 0" not in choice["text"] for choice in widget.choices)


def check_nothing_hidden_sent(browser: FrontEnd, seat: int) -> None:
    """In the browser's copy of the traits: no other player's objective card before it is completed."""
    model = browser.model()
    for shown in (model["view"], model["frame"]):
        for player, entry in enumerate(shown.get("players", [])):
            if player != seat:
                assert all(card is None for card in entry["objectives"])
    players = model["view"]["players"]
    readable = set(players[seat]["objectives"]) | {card for entry in players for card in entry["completed"]}
    assert {int(card) for card in model["cards"]} <= readable


def play_out(widget: LittleTownWidget, browser: FrontEnd, seed: int) -> set[str]:
    """The seat plays a whole game through intents, choosing at random (building, activating and completing
    objectives more often than not); returns the kinds of action it took."""
    rng, kinds = Rng(seed), set()
    for _ in range(1000):
        if widget.state.is_terminal():
            return kinds
        check_offers(widget)
        legal = widget.state.legal_actions()
        eventful = [action for action in legal if isinstance(action, (Activate, Build, Complete))]
        action = rng.choice(eventful if eventful and rng.random() < 0.7 else legal)
        kinds.add(action.to_dict()["type"])
        answer = browser.deliver({"method": "custom", "content": intent_for(widget, action, rng.random() < 0.5)})
        assert widget.error == "", widget.error
        assert 1 <= len(updates(answer)) <= 2  # the seat's move, then (if the turn passed) the opponents' moves
        check_nothing_hidden_sent(browser, widget.seat)
    raise AssertionError("the game did not end")


# --- playing through intents -----------------------------------------------------------------------------------
def test_a_grass_space_places_a_worker_then_the_choices_gather_and_end_the_turn() -> None:
    widget, browser = new()
    assert widget.state.current_player == 0 and widget.state.phase == "turn"
    check_offers(widget)
    answer = browser.intent(intent="cell", cell=[1, 1])
    assert len(updates(answer)) == 1, "one step must reach the browser as one update (hold_sync)"
    model = browser.model()
    assert {"cell": [1, 1], "player": 0} in model["view"]["workers"] and model["view"]["phase"] == "act"
    assert [choice["text"] for choice in model["choices"]] == [
        "Gather 1 wood now",
        "Gather 1 stone now",
        "Gather 1 fish now",
        "End the turn (gathering 1 wood, 1 stone, 1 fish)",
    ]
    browser.intent(intent="act", action={"type": "gather", "resource": "stone"})
    assert widget.state.cubes[0] == [0, 1, 0, 0]
    assert widget.choices[-1]["text"] == "End the turn (gathering 1 wood, 1 fish)"
    answer = browser.intent(intent="act", action={"type": "done"})
    mine, theirs = (update["state"] for update in updates(answer))
    assert mine["moves"][-1] == "You ended the turn" and mine["status"] == "Player 2 (random) is thinking…"
    assert widget.state.cubes[0] == [1, 1, 1, 0] and widget.state.current_player == 0
    assert theirs["moves"][:3] == ["You placed a worker at row 2, column 2", "You gathered stone", "You ended the turn"]
    assert theirs["moves"][3].startswith("Player 2 (random) ")


def test_spaces_say_what_a_click_there_does_or_why_not() -> None:
    widget, _ = new()
    assert widget.notes[1][1] == {
        "what": "empty grass",
        "click": "Place a worker at row 2, column 2: " + ("gathers 1 wood, 1 stone, 1 fish"),
        "blocked": False,
    }
    assert widget.notes[0][2] == {
        "what": "forest (wood)",
        "click": "Not here: the space at row 1, column 3 is forest, not grass",
        "blocked": True,
    }
    widget.apply({"type": "place_worker", "cell": [1, 1]})
    assert widget.notes[0][2]["click"] == ""  # a click on a space activates a building: there is none to say no to
    assert widget.notes[1][1]["what"] == "grass with your worker"


def test_build_by_choosing_a_market_building_and_a_space() -> None:
    widget, browser = new()
    wheat_field = next(offer for offer in widget.market if offer["id"] == "wheat_field")
    assert wheat_field == {  # a wood bought for 3 coins, said before
        "id": "wheat_field",
        "left": 5,
        "buildable": True,
        "why": "",
        "pays": "you lack 1 wood: you pay 3 coins instead",
    }
    browser.intent(intent="build", building="wheat_field")
    assert widget.error == "" and widget.state.phase == "site"  # the one way to pay was taken at once
    assert sorted(map(tuple, widget.legal)) == sorted(cell_of(i) for i in widget.state.empty_grass())
    browser.intent(intent="cell", cell=[2, 3])
    assert widget.error == ""
    assert {"cell": [2, 3], "building": "wheat_field", "owner": 0} in widget.view["buildings"]
    assert widget.view["players"][0]["score"] == 3 and widget.view["players"][0]["coins"] == 0
    assert told(widget.moves)[:3] == [
        "You went to the construction site to build the Wheat Field",
        "You paid, 3 coins for each of: wood (the only way)",  # a step the game took for the seat, told
        "You built the Wheat Field at row 3, column 4",
    ]


def test_a_whole_two_player_game_through_intents_ends_with_scores_ranks_and_winners() -> None:
    widget, browser = new(seed=7)
    moved: list[int] = []
    widget.on_move(lambda player, action: moved.append(player))
    kinds = play_out(widget, browser, seed=7)
    assert {"place_worker", "gather", "activate", "done", "build", "place_building", "pay"} <= kinds
    result = widget.state.result()
    rows = widget.outcome["rows"]
    assert [row["rank"] for row in rows] == sorted(result["ranks"])
    assert sorted(row["score"] for row in rows) == sorted(result["scores"])
    assert all(sum(row["sources"].values()) == row["score"] for row in rows)
    assert {row["name"] for row in rows if row["winner"]} == {widget.names[p] for p in result["winners"]}
    assert widget.status.startswith("Game over: you ")
    assert widget.legal == [] and widget.choices == [] and not any(offer["buildable"] for offer in widget.market)
    assert set(moved) == {0, 1} and len(moved) == len(widget.history)
    assert repr(widget).startswith("LittleTownWidget(2 players, side 1, seat 0: game over, round 4 of 4, scores ")


def test_other_players_objectives_never_reach_the_browser_until_completed() -> None:
    widget, browser = new(seed=11, players=3, opponents=["random", "random"])
    hidden_at_start = {card for player in (1, 2) for card in widget.state.objectives[player]}
    play_out(widget, browser, seed=11)
    browser.intent(intent="step", step=5)  # a history frame too
    check_nothing_hidden_sent(browser, 0)
    never_completed = {card for player in (1, 2) for card in widget.state.objectives[player]}
    assert never_completed and never_completed <= hidden_at_start
    sent = json.dumps(browser.messages)
    for card in never_completed:
        assert littletown.CARDS[card].text not in sent, f"objective {card} of an opponent reached the browser"
    assert '"rng"' not in sent and '"objectives_unused"' not in sent


def test_four_players_and_the_seat_elsewhere_than_first() -> None:
    widget, browser = new(seed=4, players=4, seat=2, opponents=["greedy", "random", "greedy"])
    assert widget.names == ["Player 1 (greedy)", "Player 2 (random)", "You", "Player 4 (greedy)"]
    play_out(widget, browser, seed=4)
    assert widget.state.is_terminal() and len(widget.outcome["rows"]) == 4


# --- refusals --------------------------------------------------------------------------------------------------
ILLEGAL = [
    ({"intent": "cell", "cell": [0, 2]}, "the space at row 1, column 3 is forest, not grass"),
    ({"intent": "build", "building": "church"}, "you cannot pay for the Church (4 stone"),
    ({"intent": "build", "building": "tavern"}, "the Tavern is not in the market"),
    ({"intent": "act", "action": {"type": "gather", "resource": "wood"}}, "a 'gather' action is not allowed"),
    ({"intent": "act", "action": {"type": "complete", "card": 12}}, "card 12 is not among your cards still to"),
    ({"intent": "act", "action": {"type": "complete", "card": 4}}, "its condition does not hold for you"),
    ({"intent": "act", "action": {"type": "place_building", "cell": [1, 1]}}, "not allowed in phase 'turn' (you may:"),
    ({"intent": "undo"}, "nothing to undo"),
    ({"intent": "step", "step": 3}, "'step' must be at most 0"),
]
MALFORMED = [
    ("not a dict", "an intent must be an object"),
    ({"intent": "place", "cell": [0, 1]}, "'intent' must be one of ['act', 'build', 'cell', 'hint', 'new_game'"),
    ({"no": "intent"}, "'intent' must be one of"),
    ({"intent": "cell"}, "needs key(s) ['cell']"),
    ({"intent": "cell", "cell": [1, 1], "tile": [0, 0]}, "unknown key(s) ['tile']"),
    ({"intent": "cell", "cell": [6, 0]}, "is off the board (rows 0-5, columns 0-8)"),
    ({"intent": "cell", "cell": [1, 9]}, "is off the board"),
    ({"intent": "cell", "cell": "1,1"}, "must be a pair [row, column]"),
    ({"intent": "cell", "cell": [True, 1]}, "must be an integer"),
    ({"intent": "build", "building": "castle in the air"}, "must be a building id"),
    ({"intent": "act", "action": "gather"}, "an action must be a dict"),
    ({"intent": "act", "action": {"type": "fly"}}, "action 'type' must be one of"),
    ({"intent": "act", "action": {"type": "gather", "resource": "gold"}}, "'gold' is not a resource"),
    ({"intent": "step", "step": -1}, "'step' must be an integer from 0"),
]


@pytest.mark.parametrize(("content", "expected"), ILLEGAL + MALFORMED, ids=[str(c) for c, _ in ILLEGAL + MALFORMED])
def test_illegal_or_malformed_intents_show_the_reason_and_change_nothing(content: Any, expected: str) -> None:
    widget, browser = new()
    assert_refused(widget, browser, content, expected)


def test_a_space_cannot_be_clicked_while_paying_nor_on_another_players_turn() -> None:
    data = littletown.new_game(players=2, seed=3).to_dict()
    data["players"][0]["resources"]["wood"] = 1
    del data["reserve"]  # the reserve is what the players do not hold
    widget = LittleTownWidget(state=littletown.from_dict(data), opponents=["random"])
    browser = browser_of(widget)
    browser.intent(intent="build", building="wheat_field")
    assert widget.state.phase == "pay"
    assert [choice["text"] for choice in widget.choices] == [
        "Pay 1 wood for the Wheat Field",
        "Pay 3 coins for the Wheat Field (buying 1 wood for 3 coins each)",
    ]
    before = widget.state.to_dict()
    browser.intent(intent="cell", cell=[1, 1])
    assert widget.error == "no space is to be chosen now. Choose how to pay."
    assert widget.state.to_dict() == before
    stuck = next(s for seed in range(20) for s in [littletown.new_game(seed=seed)] if s.current_player == 0)
    waiting = LittleTownWidget(state=stuck, seat=1, opponents=[Stalled()])
    browser_of(waiting).intent(intent="cell", cell=[1, 1])
    assert waiting.error == "it is not your turn: Player 1 (stalled) is to play"
    assert waiting.state.history == [] and waiting.notes[1][1]["click"] == ""


class Stalled:
    """An opponent who never moves (it raises when asked), to look at the table on its turn."""

    name = "stalled"

    def act(self, view: Any) -> Any:
        raise TimeoutError("thinking forever")


def test_trait_writes_from_the_browser_are_refused_and_answered_with_the_truth() -> None:
    widget, browser = new()
    true_view = widget.view
    forged = {**true_view, "players": []}
    answer = browser.deliver({"method": "update", "state": {"view": forged, "legal": [[0, 0]]}})
    assert widget.view == true_view and widget.legal != [[0, 0]] and "ignored" in widget.error
    resent = [message["state"] for message in updates(answer)]
    assert any(state.get("view") == true_view for state in resent)


# --- undo, history, Python API -------------------------------------------------------------------------------
def test_undo_goes_back_one_decision_at_a_time_past_the_opponents_moves() -> None:
    widget, browser = new()
    start = widget.state.to_dict()
    browser.intent(intent="cell", cell=[1, 1])
    placed = widget.state.to_dict()
    browser.intent(intent="act", action={"type": "done"})
    assert widget.state.history[-1][0] == 1, "the opponent should have moved"
    browser.intent(intent="undo")
    assert widget.error == "" and widget.state.to_dict() == placed
    assert widget.steps == 1 and widget.moves == ["You placed a worker at row 2, column 2"]
    browser.intent(intent="undo")
    assert widget.state.to_dict() == start and widget.history == []
    assert not widget.buttons["undo"]


def test_the_history_slider_shows_earlier_positions_read_only() -> None:
    widget, browser = new()
    browser.intent(intent="cell", cell=[1, 1])
    browser.intent(intent="act", action={"type": "done"})
    browser.intent(intent="step", step=1)
    assert widget.step == 1 and widget.frame["workers"] == [{"cell": [1, 1], "player": 0}]
    assert "history" not in widget.frame and widget.notes == [] and widget.legal == [] and widget.choices == []
    before = widget.state.to_dict()
    browser.intent(intent="cell", cell=[2, 2])
    assert "read only" in widget.error and widget.state.to_dict() == before
    assert all(not offer["buildable"] and "read only" in offer["why"] for offer in widget.market)
    browser.intent(intent="step", step=None)
    assert widget.step == -1 and widget.frame == {} and widget.legal


def test_repr_is_deterministic_and_same_seed_same_game() -> None:
    one, two = LittleTownWidget(seed=9), LittleTownWidget(seed=9)
    assert repr(one) == repr(two)
    assert repr(one) == "LittleTownWidget(2 players, side 1, seat 0: your turn to place a worker or build, " + (
        "round 1 of 4, scores [0, 0])"
    )
    assert one.view == two.view and one.history == two.history


def test_apply_new_game_rules_and_state() -> None:
    rules = {"side": 2, "bird_market": True}
    widget = LittleTownWidget(players=3, rules=rules, seed=1, opponents=["random"] * 2)
    browser = browser_of(widget)
    assert widget.view["rules"]["side"] == 2 and widget.state.num_players == 3
    revision = widget.revision
    action = widget.state.legal_actions()[0]
    widget.apply(action.to_dict())
    assert widget.revision > revision and widget.history[-1] == (0, action)
    assert {"cell": list(action.cell), "player": 0} in browser.model()["view"]["workers"]
    with pytest.raises(littletown.IllegalAction, match="a 'place_worker' action is not allowed in phase 'act'"):
        widget.apply(action)
    widget.apply({"type": "done"})  # the turn passes: the opponents move before apply returns
    assert widget.state.current_player == 0 and {player for player, _ in widget.history} == {0, 1, 2}
    widget.new_game(seed=4)
    expected = littletown.new_game(players=3, seed=4, rules=rules)
    assert widget.state.rules == expected.rules and widget.state.market == expected.market
    browser.intent(intent="new_game")
    assert widget.error == "" and browser.model()["view"]["rules"]["bird_market"] is True


def test_opponents_move_on_their_own_views_and_a_widget_continues_any_state() -> None:
    spy = SpyAgent()
    state = next(s for seed in range(20) for s in [littletown.new_game(seed=seed)] if s.current_player == 0)
    widget = LittleTownWidget(state=state, seat=1, opponents=[spy])
    assert widget.state is state and state.current_player == 1
    assert spy.seen and all(isinstance(view, littletown.LittleTownView) and view.player == 0 for view in spy.seen)
    assert widget.names == ["Player 1 (spy)", "You"]
    with pytest.raises(ValueError, match=r"state must be a Little Town state with 2 player\(s\)"):
        widget.state = town.new_game("town77", players=2, seed=1)  # type: ignore[assignment]


def test_errors_in_callbacks_and_agents_are_shown_not_swallowed(capsys: pytest.CaptureFixture[str]) -> None:
    widget, browser = new()

    def broken(player: int, action: Any) -> None:
        raise ZeroDivisionError("oops")

    widget.on_move(broken)
    browser.intent(intent="cell", cell=[1, 1])
    assert "broken failed: ZeroDivisionError: oops" in widget.error
    assert widget.state.workers[10] == 0  # the move stands
    assert "ZeroDivisionError" in capsys.readouterr().err
    state = next(s for seed in range(20) for s in [littletown.new_game(seed=seed)] if s.current_player == 0)
    stuck = LittleTownWidget(state=state, seat=1, opponents=[Stalled()])
    assert "Player 1 (stalled) could not move: TimeoutError: thinking forever" in stuck.error
    assert stuck.state.history == []


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 5}, "players must be an integer from 2 to 4"),
        ({"seat": 2}, "seat must be a player number from 0 to 1"),
        ({"seed": 1.5}, "seed must be an integer"),
        ({"rules": {"side": 3}}, "side must be 1 or 2"),
        ({"rules": "side 2"}, "rules must be a Rules object"),
        ({"state": "a game"}, "state must be a Little Town state"),
        ({"opponents": ["random", "random"]}, "1 other seat(s) but 2 opponent(s)"),
        ({"opponents": ["chess engine"]}, "unknown agent 'chess engine'"),
        ({"opponents": "random"}, "opponents must be a list"),
    ],
)
def test_bad_arguments_raise_clear_value_errors(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        LittleTownWidget(**kwargs)


# --- the round as a player sees it: every automatic step in the log ----------------------------------------------
def test_the_log_tells_every_automatic_step_of_a_round_end_in_words() -> None:
    from test_littletown_rules import last_turn

    buildings = {(2, 3): ("cathedral", 1), (3, 5): ("residence", 0), (3, 6): ("pier", 1)}
    # Player 1: 4 fish for 5 workers and no coin, a single way to feed (-3 VP); player 0 pays a coin to activate.
    game = last_turn(2, buildings=buildings, workers={(2, 2): 0, (1, 3): 1}, coins=[3, 0], cubes=[{}, {"fish": 4}])
    widget = LittleTownWidget(state=game, seat=0, opponents=[SpyAgent()], seed=1)
    assert widget.state.phase == "residence"  # the opponent placed its last worker; the Cathedral scored
    widget.apply(Activate((3, 6)))
    widget.apply(Done())
    assert len(widget.moves) == widget.steps  # a line per move: the slider's move k is the log's line k
    steps = told(widget.moves)
    cathedral = steps.index("Player 2 (spy) scored 2 VP with the Cathedral (2 workers around it)")
    assert steps[cathedral - 1 : cathedral + 8] == [
        "Player 2 (spy) ended the turn",
        "Player 2 (spy) scored 2 VP with the Cathedral (2 workers around it)",
        "You activated the Pier at row 4, column 7 around the Residence (paying its owner 1 coin)",
        "You finished with the Residence",
        "You fed 2 worker(s) with fish, the others with wheat (the only way)",
        "You could not feed 3 workers: -9 VP",
        "Player 2 (spy) fed 4 worker(s) with fish, the others with wheat (the only way)",
        "Player 2 (spy) could not feed 1 worker: -3 VP",
        "Round 2 begins: Player 2 (spy) has the first player token",
    ]


def test_the_log_tells_the_end_of_game_scoring_and_the_objectives_completed_then() -> None:
    from test_littletown_rules import last_turn

    # Card 12: have 0 coins; card 6: feed all your workers with fish.
    objectives = [[1, 2, 4, 12], [3, 5, 6, 15]]
    game = last_turn(2, round_number=4, coins=[0, 7], cubes=[{"fish": 5}, {"fish": 5}], objectives=objectives)
    widget = LittleTownWidget(state=game, seat=0, opponents=[SpyAgent()], seed=1)
    assert widget.state.is_terminal()
    tail = told(widget.moves)[-4:]
    assert "You completed the objective “Have 0 coins” (+3 VP) at the end of the game" in tail
    assert "Player 2 (spy) scored 2 VP for 7 coins at the end of the game" in tail
    assert (
        "Player 2 (spy) completed the objective “Feed all your workers with fish” (+2 VP) at the end of the game"
        in (tail)
    )


def test_feeding_choices_offer_buying_food_for_coins_in_words() -> None:
    from test_littletown_rules import last_turn

    game = last_turn(2, coins=[3, 0], cubes=[{"wheat": 4}, {"fish": 5}])
    widget = LittleTownWidget(state=game, seat=0, opponents=[SpyAgent()], seed=1)
    browser = browser_of(widget)
    assert widget.state.phase == "feed" and widget.state.current_player == 0
    assert [choice["text"] for choice in widget.choices] == [
        "Feed 0 worker(s) with fish and 4 with wheat; 1 unfed: -3 VP",
        "Buy 1 wheat for 3 coins and feed 0 worker(s) with fish and 5 with wheat",
        "Buy 1 fish for 3 coins and feed 1 worker(s) with fish and 4 with wheat",
    ]
    browser.intent(intent="act", action={"type": "feed", "fish": 0, "coins_for": ["wheat"]})
    assert widget.error == "" and widget.state.vp[0]["feeding"] == 0 and widget.state.coins[0] == 0
    assert "You bought 1 wheat for 3 coins and fed 0 worker(s) with fish, the others with wheat" in told(widget.moves)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_turn_says_what_feeding_will_cost_before_it_does(lang: str) -> None:
    """Before the round's feeding, the seat's prompt says how many workers eat, the food at hand, how many go hungry
    and the VP lost if nothing changes, and that coins may buy food then; with food for every worker it says
    nothing of it."""
    widget, browser = new(seed=3, lang=lang)
    state = widget.state
    assert state.current_player == 0 and state.phase == "turn"
    workers, food = state.seats.workers, state.cubes[0][2] + state.cubes[0][3]
    hungry = workers - food
    assert hungry > 0
    if lang == "en":
        said = f"each of your {workers} workers eats a fish or a wheat, and you hold {food}: if nothing changes, "
        assert f"{said}{hungry} go hungry, -{3 * hungry} VP." in widget.status, widget.status
    else:
        assert f"chacun de vos {workers} ouvriers mange" in widget.status and f"-{3 * hungry} PV" in widget.status
    browser.intent(intent="cell", cell=widget.legal[0])  # the warning stays through the turn, until the feeding
    assert f"-{3 * hungry} " in widget.status, widget.status
    from test_littletown_rules import last_turn

    fed = LittleTownWidget(state=last_turn(2, cubes=[{}, {"fish": 5}]), seat=1, opponents=[SpyAgent()], seed=1)
    assert fed.state.current_player == 1 and fed.state.phase == "turn"
    assert fed.status.startswith("Your turn") and "hungry" not in fed.status, fed.status
