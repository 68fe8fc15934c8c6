"""Reviews: the par is at least the score, the estimates agree with playing the positions out, bad input is refused.

The statistical tests compare a review's estimate of a move with an independent measurement: the position after the
move played out many times, by the same policy but through the scalar engine, from states drawn from the player's
view. They pass when the two differ by less than 4 standard errors of the difference: for correct estimates the
chance of a false failure is below 1 in 10,000 (normal approximation), and the seeds are fixed.
"""

from __future__ import annotations

import importlib
import math
import statistics
import threading
from typing import Any

import pytest
from widget_comm import browser_of, use_front_ends

from townwidget import Review, arena, littletown, review, town
from townwidget.advice.careful import careful_move
from townwidget.advice.estimate import PLAYOUT_CHOICES
from townwidget.advice.review import LABEL_BOUNDS, LABELS, MEASURING_SAMPLES, review_decisions
from townwidget.agents.expert import ExpertAgent
from townwidget.agents.greedy import GreedyAgent
from townwidget.agents.mcts import heuristic_move
from townwidget.core import Rng, registry
from townwidget.core.errors import IllegalAction
from townwidget.core.language import speaking
from townwidget.widget import LittleTownWidget, TownWidget

Z = 4.0  # standard errors of the difference allowed between two measurements of the same value


def solo_game(rules: str, seed: int, agent: Any = None) -> town.SoloState:
    game, agent = town.new_solo(rules, seed=seed), agent or GreedyAgent(seed)
    while not game.is_terminal():
        game.apply(agent.act(game.view(0)))
    return game


def position_before(start: Any, actions: list[Any], number: int) -> Any:
    state = start.clone()
    for action in actions[:number]:
        state.apply(action)
    return state


def played_out(view: Any, action: Any, count: int, policy: Any, value: Any) -> list[float]:
    """``value`` of the end of ``count`` games: each a state drawn from ``view`` (seeds of their own, not those of the
    estimates), ``action``, then ``policy(state, rng)`` move after move through the scalar engine."""
    values = []
    for i in range(count):
        state = view.sample_state(Rng(10_000 + i))
        state.apply(action)
        rng = Rng(i)
        while not state.is_terminal():
            state.apply(policy(state, rng))
        values.append(float(value(state)))
    return values


def agree(estimate: Any, values: list[float]) -> None:
    """``estimate`` and the mean of ``values`` measure the same value (see the module docstring)."""
    spread = statistics.stdev(values) / math.sqrt(len(values))
    difference = estimate.mean - statistics.fmean(values)
    assert abs(difference) <= Z * math.hypot(estimate.se, spread), (estimate, statistics.fmean(values), spread)


@pytest.mark.parametrize(("rules", "seed"), [("town44", 1), ("town55", 2), ("town55", 3), ("town66", 4)])
def test_the_par_is_at_least_the_score_and_its_line_reaches_it_from_the_deal(rules: str, seed: int) -> None:
    game = solo_game(rules, seed)
    report = review(game, samples=4, par_seconds=None if rules == "town44" else 2, progress=False)
    assert isinstance(report, Review) and report.par is not None and report.par_line is not None
    assert report.par >= report.score == game.board.placed()
    deal = town.new_solo(rules, seed=seed)
    for action in report.par_line:
        deal.apply(action)
    assert deal.is_terminal() and deal.board.placed() == report.par
    if rules == "town44":
        assert report.par_exact  # solved to the end, without a time limit


def test_a_par_solver_out_of_time_falls_back_on_the_players_own_line() -> None:
    game = solo_game("town77", 7)
    report = review(game, samples=2, par_seconds=1e-6, progress=False)
    assert report.par is not None and report.par >= report.score
    assert report.summary.startswith("Town 77, solo: ") and "sees the piles" in report.summary


def test_a_state_its_json_form_and_its_record_give_the_same_review() -> None:
    record = arena.play_game(["greedy"], game="town55", seed=6)
    final = arena.replay(record)
    reviews = [
        review(game, samples=4, par_seconds=None, progress=False)
        for game in (final, final.to_dict(), record, record.to_dict())
    ]
    assert all(other == reviews[0] for other in reviews[1:])
    assert [move.number for move in reviews[0].moves] == list(range(len(final.history)))


def test_solo_estimates_agree_with_playing_the_position_out() -> None:
    game = solo_game("town66", 5)
    report = review(game, samples=32, par_seconds=0, progress=False)
    assert report.par is None
    start = town.new_solo("town66", seed=5)
    actions = [action for _player, _phase, action in game.history]
    move = max(report.moves[:20], key=lambda move: move.after.se)
    view = position_before(start, actions, move.number).view(0)
    values = played_out(view, move.action, 200, careful_move, lambda state: state.board.placed())
    agree(move.after, values)
    assert move.after.samples == 32 and move.loss.mean == pytest.approx(move.before.mean - move.after.mean)


def expert_games() -> list[town.SoloState]:
    """Two Town 77 games of the expert (its search at a small budget, seeded: the same games every run)."""
    return [solo_game("town77", deal, ExpertAgent(seed=deal, iterations=300)) for deal in (1, 2)]


def mean_loss(moves: Any) -> tuple[float, float]:
    """The mean loss over reviewed moves and its standard error (the moves' draws are independent)."""
    losses = [move.loss for move in moves]
    return statistics.fmean(loss.mean for loss in losses), math.sqrt(sum(loss.se**2 for loss in losses)) / len(losses)


def test_reviewing_the_best_agents_games_reports_a_mean_loss_within_noise_of_zero() -> None:
    """The review chooses the best move on some draws and measures it on others, so a strong player is not charged
    for the review's own luck: over two expert games the mean loss is within 3 standard errors of 0, though the
    expert played the review's choice in only some of its moves."""
    moves = [move for game in expert_games() for move in review(game, par_seconds=0, progress=False).moves]
    mean, se = mean_loss(moves)
    assert abs(mean) <= 3 * se and se < 0.15
    assert 0 < sum(move.best_played for move in moves) < len(moves) / 2


def test_a_random_legal_move_is_found_costly() -> None:
    """The expert's positions from its 9th move to its 36th (past the opening, where a move matters), each answered
    by a random legal move other than the expert's: the mean loss over both games is well above 0 (more than 3
    standard errors, and a quarter of a tile a move)."""
    moves, rng = [], Rng(7)
    for deal, game in zip((1, 2), expert_games(), strict=True):
        start, history = town.new_solo("town77", seed=deal), [action for _p, _f, action in game.history]
        decisions = []
        for number, played in list(enumerate(history))[8:36]:
            before = position_before(start, history, number)
            others = [action for action in before.legal_actions() if action != played]
            if others:
                decisions.append((number, before, rng.choice(others)))
        moves += review_decisions(decisions, game, 0, par_seconds=0, progress=False).moves
    mean, se = mean_loss(moves)
    assert mean > max(3 * se, 0.25)


def test_in_little_town_a_random_legal_move_is_found_costly_and_the_choice_costs_nothing() -> None:
    """The scalar engine chooses in two rounds (all candidates, then the two leaders): in positions of greedy
    games, answering with a random legal move other than greedy's is found costly (mean loss above 2 standard
    errors), and where the review's choice is the move played, its loss is exactly 0."""
    rng, decisions, start = Rng(11), [], littletown.new_game(players=2, seed=4)
    record = arena.play_game(["greedy", "greedy"], game="littletown", seed=4)
    actions = [action for _player, _phase, action in arena.replay(record).history]
    for number in range(len(actions)):
        before = position_before(start, actions, number)
        others = [action for action in before.legal_actions() if action != actions[number]]
        if before.current_player == 0 and len(others) > 4:
            decisions.append((number, before, rng.choice(others)))
    moves = review_decisions(decisions, arena.replay(record), 0, par_seconds=0, progress=False).moves
    mean, se = mean_loss(moves)
    assert len(moves) >= 20 and mean > 2 * se
    assert all(move.loss.mean == 0 for move in moves if move.best_played)


def test_multiplayer_estimates_agree_with_playing_the_position_out() -> None:
    record = arena.play_game(["greedy", "random"], game="town55", seed=3)
    report = review(record, player=1, samples=32, progress=False)
    assert report.par is None and report.moves and report.scale.players == 2
    move = max(report.moves, key=lambda move: move.after.se)
    assert move.after.se > 0
    start = registry.new_game("town55", 2, 3)
    actions = [action for _player, _phase, action in arena.replay(record).history]
    view = position_before(start, actions, move.number).view(1)

    def policy(state: Any, rng: Rng) -> Any:
        return heuristic_move(state, state.legal_actions(), rng, PLAYOUT_CHOICES["town"])

    values = played_out(view, move.action, 400, policy, lambda state: state.returns()[1])
    agree(move.after, values)


def test_a_little_town_record_is_reviewed_for_the_chosen_player() -> None:
    record = arena.play_game(["random", "greedy"], game="littletown", seed=2)
    report = review(record, player=1, samples=2, progress=False)
    final = arena.replay(record)
    assert len(report.moves) == sum(player == 1 for player, _phase, _action in final.history)
    assert report.game == "Little Town" and report.score == final.score[1]  # in VP
    assert report.rank == 1 + (1 - final.returns()[1]) and report.scale.unit == "VP"
    assert all(move.loss.mean == pytest.approx(move.before.mean - move.after.mean) for move in report.moves)
    assert all(move.loss.mean == 0 for move in report.moves if move.best_played)  # the choice played costs nothing
    costly = report.costliest(3)
    assert [move.loss.mean for move in costly] == sorted((move.loss.mean for move in costly), reverse=True)
    assert all(move.loss.mean > 0 and not move.best_played for move in costly)


def test_the_review_draws_the_expected_score_and_marks_the_costliest_moves() -> None:
    report = review(solo_game("town55", 8, agent=_Last()), samples=8, par_seconds=1, progress=False)
    html = report._repr_html_()
    costly = report.costliest(3)
    assert costly and html.count("<circle") == len(costly) and "<svg" in html
    assert "par " in html and "sees the piles" in html and "Par line" in html
    assert all(f">{move.number + 1}</text>" in html for move in costly)


class _Last:
    name = "last"

    def act(self, view: Any) -> Any:
        return view.legal_actions()[-1]


def test_the_widgets_review_the_seats_moves_kept_for_undo(monkeypatch: pytest.MonkeyPatch) -> None:
    use_front_ends(monkeypatch)
    solo = TownWidget("town44", seed=5)
    with pytest.raises(IllegalAction, match="the game is not over"):
        solo.review()
    for undo in (True, True, False):  # undo re-deals the hidden tiles: the review still reads the final deal
        solo.apply(solo.state.legal_actions()[-1])
        if undo:
            browser_of(solo).intent(intent="undo")
    while not solo.state.is_terminal():
        solo.apply(solo.state.legal_actions()[0])
    report = solo.review(samples=2, par_seconds=None, progress=False)
    assert [move.number for move in report.moves] == list(range(len(solo.state.history)))
    assert report.par is not None and report.par >= report.score == solo.state.board.placed()
    browser = browser_of(solo)
    browser.intent(intent="step", step=2)  # a review may be asked for while an earlier move is on show
    browser.intent(intent="review")
    shown = browser.model()["reviewed"]
    assert solo.error == "" and shown == solo.reviewed and shown["svg"].startswith("<svg")
    assert len(shown["moves"]) == len(report.moves) and shown["par"] >= shown["score"]
    fresh = MEASURING_SAMPLES["batched"]  # the default: the fresh draws that measure the moves
    assert [entry["after"]["samples"] for entry in shown["moves"]] == [fresh] * len(report.moves)
    solo.new_game()
    assert solo.reviewed == {}
    browser.intent(intent="review")
    assert "the game is not over" in solo.error
    party = LittleTownWidget(opponents=["random"], seed=4, seat=1)
    while not party.state.is_terminal():
        party.apply(party.state.legal_actions()[0])
    report = party.review(samples=1, progress=False)
    seat_moves = [number for number, (player, _, _) in enumerate(party.state.history) if player == 1]
    assert [move.number for move in report.moves] == seat_moves and report.par is None


def test_bad_input_is_refused_with_the_reason() -> None:
    game = town.new_solo("town55", seed=1)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    with pytest.raises(ValueError, match=r"the game is not over \(3 moves so far\): review a finished game"):
        review(game)
    party = town.new_game("town44", players=2, seed=1)
    while not party.is_terminal():
        party.apply(party.legal_actions()[0])
    with pytest.raises(ValueError, match="a finished multiplayer state cannot be replayed"):
        review(party)
    with pytest.raises(ValueError, match="a finished multiplayer state cannot be replayed"):
        review(littletown.new_game(players=2, seed=1))
    finished = solo_game("town44", 1)
    with pytest.raises(ValueError, match="the full solo state"):
        review(finished.to_dict(viewer=0))
    with pytest.raises(ValueError, match="not 42"):
        review(42)
    with pytest.raises(ValueError, match="not a dict with format 'x'"):
        review({"format": "x"})
    with pytest.raises(ValueError, match="player must be a player number from 0 to 0, not 1"):
        review(finished, player=1)
    with pytest.raises(ValueError, match="par_seconds must be a number of seconds above 0"):
        review(finished, par_seconds=-1)
    record = arena.play_game(["greedy"], game="town44", seed=1).to_dict()
    with pytest.raises(ValueError, match="game record: move 0 .* does not replay"):
        review({**record, "moves": [{"type": "pass"}]})
    with pytest.raises(ValueError, match="the game is not over"):
        review({**record, "moves": record["moves"][:2]})
    with pytest.raises(ValueError, match="k must be a non-negative integer"):
        review(finished, samples=2, progress=False).costliest(-1)


def held_reviews(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The widgets' reviews wait, once started, until the returned event is set."""
    use_front_ends(monkeypatch)
    module = importlib.import_module("townwidget.advice.review")  # (townwidget.advice.review is also the function)
    release, computed = threading.Event(), module.review_decisions

    def held(*args: Any, **kwargs: Any) -> Review:
        assert release.wait(30)
        return computed(*args, **kwargs)

    monkeypatch.setattr(module, "review_decisions", held)
    return release


def finished_solo_widget(rules: str, seed: int) -> TownWidget:
    widget = TownWidget(rules, seed=seed)
    widget.background_thinking = True  # as in a kernel: the review runs on a worker thread
    while not widget.state.is_terminal():
        widget.apply(widget.state.legal_actions()[-1])
    return widget


def test_the_review_intent_thinks_behind_the_view_and_sends_the_par_line_boards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    release = held_reviews(monkeypatch)
    widget = finished_solo_widget("town33", 3)
    browser = browser_of(widget)
    browser.intent_now(intent="review")
    model = browser.model()
    assert model["thinking"] == "the review" and model["status"].endswith("Reviewing your moves…")
    assert model["reviewed"] == {} and widget.error == ""
    browser.intent_now(intent="review")
    assert "the review is under way" in widget.error
    browser.intent_now(intent="step", step=1)  # the view keeps answering while the review thinks
    assert widget.error == "" and browser.model()["step"] == 1
    release.set()
    assert widget.wait(30)
    shown = browser.model()["reviewed"]
    assert browser.model()["thinking"] == "" and shown == widget.reviewed and shown["par"] >= shown["score"]
    frames, line = shown["par_frames"], shown["par_line"]
    assert len(frames) == len(line) + 1 and not any(any(row) for row in frames[0]["board"])
    for before, after, move in zip(frames, frames[1:], line, strict=False):
        row, column = move["cell"]
        assert before["board"][row][column] is None and after["board"][row][column] == move["tile"]
    assert sum(tile is not None for row in frames[-1]["board"] for tile in row) == shown["par"]
    assert len(shown["par_words"]) == len(line) and shown["par_words"][0].endswith(
        "to row {}, column {}".format(*(number + 1 for number in line[0]["cell"]))  # counted from 1
    )
    for move in shown["moves"]:  # solo estimates are shown in tiles, as measured
        assert move["shown"]["after"] == {key: move["after"][key] for key in ("mean", "se")}


def test_new_game_drops_a_review_still_thinking(monkeypatch: pytest.MonkeyPatch) -> None:
    release = held_reviews(monkeypatch)
    widget = finished_solo_widget("town33", 3)
    browser = browser_of(widget)
    browser.intent_now(intent="review")
    reviewer = widget._thinker
    assert reviewer is not None
    browser.intent_now(intent="new_game")
    release.set()
    reviewer.join(30)  # the dropped review finishes, finds a new game and publishes nothing
    assert not reviewer.is_alive()
    assert widget.error == "" and browser.model()["reviewed"] == {} and browser.model()["thinking"] == ""
    assert widget.state.history == []


def test_each_move_is_labelled_from_its_loss_and_no_cost_is_shown_below_zero() -> None:
    """A poor player's Town 44 game: each move's label follows its loss (best when played, as good as the best within
    noise, then the bounds of LABEL_BOUNDS), its words are in the review's language, and no cost shows below 0."""
    game = town.new_solo("town44", seed=2)
    while not game.is_terminal():
        game.apply(game.legal_actions()[-1])
    report = review(game, samples=8, par_seconds=0, progress=False)
    bounds = list(zip(("good", "inaccuracy", "mistake"), LABEL_BOUNDS["tiles"], strict=True))
    labels = []
    for move, shown in zip(report.moves, report.to_dict()["moves"], strict=True):
        loss, se = move.loss.mean, move.loss.se
        if move.best_played:
            expected = "best"
        elif loss <= 1.96 * se:
            expected = "as_good"
        else:
            expected = next((label for label, bound in bounds if loss < bound), "blunder")
        assert shown["label"] == expected and shown["label_words"] == LABELS[expected], (loss, se, shown)
        assert shown["shown"]["loss"]["mean"] >= 0
        labels.append(expected)
    assert "best" in labels and len(set(labels)) >= 2, labels
    with speaking("fr"):
        words = report.to_dict()["moves"][0]["label_words"]
    assert words in ("le meilleur", "aussi bon que le meilleur", "bon", "imprécision", "erreur", "gaffe"), words
