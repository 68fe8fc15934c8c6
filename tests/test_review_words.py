"""A Little Town review measures in VP and says in words what cost most: hungry workers, a worker that gathered
nothing, a building not built; the labels follow the VP bounds."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from townwidget import arena, littletown
from townwidget.advice.estimate import Estimate, Scale
from townwidget.advice.review import LABEL_BOUNDS, MoveReview, review_decisions
from townwidget.core import registry
from townwidget.core.language import speaking
from townwidget.littletown import Done, Feed, PlaceWorker, costs
from townwidget.littletown.board import cell_of, index_of

YIELDS = littletown.new_game(players=2, seed=5).terrain.yields  # side 1's, as every game here


class Idle:
    """Places each worker where nothing can be gathered (a grass space with no forest, mountain or lake around)
    and ends its turn at once: its workers gather nothing and go hungry."""

    name = "idle"

    def act(self, view: Any) -> Any:
        legal = view.legal_actions()
        barren = [
            action for action in legal if isinstance(action, PlaceWorker) and not any(YIELDS[index_of(action.cell)][:3])
        ]
        return (barren or [action for action in legal if isinstance(action, Done)] or legal)[0]


@pytest.fixture(scope="module")
def idle_game() -> tuple[Any, list[tuple[int, Any, Any]]]:
    """A finished game of the idle player against greedy, and the idle player's decisions of the first round."""
    record = arena.play_game([Idle(), "greedy"], game="littletown", seed=5)
    positions = registry.record_positions(record)
    final = positions[-1]
    decisions = []
    for number, (player, _phase, action) in enumerate(final.history):
        before = positions[number]
        if player == 0 and before.round == 1:
            decisions.append((number, before, action))
    return final, decisions


def test_the_idle_players_review_names_feeding_and_the_idle_workers(idle_game: Any) -> None:
    final, decisions = idle_game
    lost = -final.vp[0]["feeding"]
    assert lost > 0, "the idle player's workers went hungry"
    report = review_decisions(decisions, final, 0, samples=2, progress=False)
    assert report.scale.points == "VP" and report.score == final.score[0]  # measured in VP, not returns
    assert report.rank == 2 and "rank 2 of 2" in report.summary
    hungry = lost // 3
    assert f"feeding cost {lost} VP ({hungry} hungry workers)" in report.summary
    idle = [move for move in report.moves if "this worker gathered nothing" in move.notes]
    dones = [move for move in report.moves if isinstance(move.action, Done)]
    assert idle and len(idle) == len(dones)  # every turn of the idle player gathered nothing
    assert f"{len(idle)} workers gathered nothing" in report.summary
    fed = [move for move in report.moves if any("went hungry" in note for note in move.notes)]
    assert fed, "the move that brought the hungry feeding says so"
    data = report.to_dict()
    assert data["unit"] == "VP" and data["costs"] == report.costs
    assert any(note.endswith("VP") for move in data["moves"] for note in move["notes"])
    with speaking("fr"):
        french = review_decisions(decisions, final, 0, samples=2, progress=False)
        summary = french.summary
    assert f"{lost} PV" in summary and "nourrir" in summary.lower() and "rang 2 sur 2" in summary
    assert any("rien récolté" in note for move in french.moves for note in move.notes)


def test_a_worker_that_gathers_something_is_not_called_idle() -> None:
    game = littletown.new_game(players=2, seed=5)
    rich = next(cell for cell in game.terrain.grass if sum(game.terrain.yields[cell][:3]) >= 2)
    game.apply(PlaceWorker(cell_of(rich)))
    assert costs.idle_worker(game, Done()) is False
    barren = littletown.new_game(players=2, seed=5)
    empty = next(cell for cell in barren.terrain.grass if not any(barren.terrain.yields[cell][:3]))
    barren.apply(PlaceWorker(cell_of(empty)))
    assert costs.idle_worker(barren, Done()) is True
    assert costs.move_notes(barren, Done(), None, 0) == ("this worker gathered nothing",)


def test_a_building_not_built_is_named_only_when_building_measured_better() -> None:
    game = littletown.new_game(players=2, seed=5)
    build = littletown.Build("pier")
    worker = game.legal_actions()[0]
    assert costs.move_notes(game, worker, build, 0) == ("a building not built (best measured: build the Pier)",)
    assert costs.move_notes(game, worker, None, 0) == ()
    assert not costs.building_missed(build, build) and costs.building_missed(worker, build)


def test_the_hungry_workers_of_a_feed_are_counted() -> None:
    game = littletown.new_game(players=2, seed=5)
    while game.phase != "feed" or not isinstance(game.legal_actions()[0], Feed):
        game.apply(Idle().act(game.view(game.current_player)))
    player = game.current_player
    food = game.cubes[player][2] + game.cubes[player][3]
    for feed in game.step_actions():
        bought = len(feed.coins_for)
        expected = max(0, game.seats.workers - food - bought)
        assert costs.hungry_after(game, feed, player) == expected


def test_the_labels_of_a_vp_review_follow_the_vp_bounds() -> None:
    move = MoveReview(0, "a", *[Estimate(20.0, 0.5, 8)] * 2, "b", None, None, Estimate(0, 0.01, 8), "", "")
    scale = Scale(False, 2, "VP")
    labels = []
    for bound in LABEL_BOUNDS["points"]:
        labels += [move_with(move, bound - 0.01).label(scale), move_with(move, bound).label(scale)]
    assert labels == ["good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder"]
    assert LABEL_BOUNDS["points"] != LABEL_BOUNDS["rank"]  # a VP review is not labelled by places of rank
    assert replace(move, loss=Estimate(0.5, 0.3, 8)).label(scale) == "as_good"  # within noise of 0


def move_with(move: MoveReview, loss: float) -> MoveReview:
    return replace(move, loss=Estimate(loss, 0.001, 8))


def test_the_widget_says_how_far_the_review_has_come(monkeypatch: pytest.MonkeyPatch) -> None:
    from widget_comm import browser_of, use_front_ends

    from townwidget.widget import TownWidget

    use_front_ends(monkeypatch)
    widget = TownWidget("town33", seed=3)
    widget.background_thinking = True  # as in a kernel: the review runs on a worker thread
    while not widget.state.is_terminal():
        widget.apply(widget.state.legal_actions()[-1])
    said: list[str] = []
    widget.observe(lambda change: said.append(change["new"]), names="status")
    browser_of(widget).intent_now(intent="review")
    assert widget.wait(60)
    progress = [status for status in said if "Reviewing your moves:" in status]
    total = len(widget.state.history)
    assert progress[0].endswith(f"Reviewing your moves: 1 of {total}…")
    assert progress[-1].endswith(f"Reviewing your moves: {total} of {total}…")
    assert widget.reviewed and "Reviewing" not in widget.status
