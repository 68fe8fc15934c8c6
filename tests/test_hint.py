"""Hints: computed from the player's view only, reproducible, the best agent's move, explained by its search's values;
and in the widgets.

Twin positions (two full states that differ only in what the player cannot see: the order of the solo piles below
their tops, the other players' hands and the bag, Little Town's hidden objective cards) must give the same hint.
"""

from __future__ import annotations

from typing import Any

import pytest
from widget_comm import browser_of, use_front_ends

from townwidget import Hint, hint, littletown, town
from townwidget.advice import measure
from townwidget.advice.careful import careful_cost, careful_move
from townwidget.advice.careful_batch import careful_actions
from townwidget.advice.hint import within_noise
from townwidget.advice.words import words_for
from townwidget.agents.expert import EXACT_UNSEEN, ExpertAgent
from townwidget.agents.greedy import GreedyAgent
from townwidget.core import Rng
from townwidget.core.errors import IllegalAction
from townwidget.solvers.honest import honest_move_values, honest_policy, honest_value
from townwidget.solvers.vector import SoloBatch
from townwidget.widget import LittleTownWidget, TownWidget


def played(game: Any, moves: int, seed: int = 0) -> Any:
    """``game`` after ``moves`` moves of greedy agents (fewer if it ends)."""
    agent = GreedyAgent(seed)
    for _ in range(moves):
        if game.is_terminal():
            break
        game.apply(agent.act(game.view(game.current_player)))
    return game


def hidden(state: Any) -> Any:
    """What the player to act cannot see."""
    if isinstance(state, town.SoloState):
        return [pile[:-1] for pile in state.piles]
    if isinstance(state, town.MultiState):
        return [hand for p, hand in enumerate(state.hands) if p != state.current_player], state.bag
    return [cards for p, cards in enumerate(state.objectives) if p != state.current_player]


POSITIONS = {
    "town77 solo": lambda: played(town.new_solo("town77", seed=5), 12),
    "town66 solo": lambda: played(town.new_solo("town66", seed=2), 6),
    "town77 multi": lambda: played(town.new_game("town77", players=3, seed=4), 7),
    "little town": lambda: played(littletown.new_game(players=3, seed=1), 9),
}


@pytest.mark.parametrize("name", POSITIONS)
def test_twin_positions_that_differ_only_in_hidden_tiles_get_the_same_hint(name: str) -> None:
    game = POSITIONS[name]()
    player = game.current_player
    twins = [game.view(player).sample_state(seed) for seed in (1, 2)]  # full states, as the player sees them
    assert hidden(twins[0]) != hidden(twins[1]) != hidden(game)
    hints = [hint(state.view(player), iterations=60) for state in (game, *twins)]
    assert [h.to_dict() for h in hints[1:]] == [hints[0].to_dict()] * 2
    assert hints[0].action in game.legal_actions()


def test_a_hint_is_reproducible_and_depends_on_the_seed() -> None:
    view = POSITIONS["town77 solo"]().view(0)
    first, again = hint(view, seed=4, iterations=300), hint(view, seed=4, iterations=300)
    assert first.to_dict() == again.to_dict()
    other = hint(view, seed=5, iterations=300)
    assert other.value != first.value  # other drawn states, other values


HINTED = {
    **POSITIONS,
    "town44 solo": lambda: played(town.new_solo("town44", seed=1), 3),
    "town77 solo endgame": lambda: played(town.new_solo("town77", seed=6), 32),
}


@pytest.mark.parametrize("name", HINTED)
def test_the_hint_is_the_best_agents_move_and_its_sentence_gives_the_values_that_decided_it(name: str) -> None:
    game = HINTED[name]()
    assert not game.is_terminal()
    view = game.view(game.current_player)
    advice = hint(view, seed=3, iterations=200)
    assert advice.action == ExpertAgent(3, iterations=200).act(view)  # the move of make_agent("best", seed=3)
    assert isinstance(advice, Hint) and repr(advice).startswith("Hint(")
    found = advice.searched
    assert found.actions[0] == advice.action and found.values[0] == advice.value and len(found.actions) >= 2
    assert advice.runner_up == found.actions[1] and advice.runner_up_value == found.values[1]
    shown = f"{advice.value.mean:.1f} tiles" if found.scale.solo else f"rank {found.scale.rank(advice.value.mean):.1f}"
    if within_noise(advice.value, advice.runner_up_value):  # two values apart by chance alone are not told apart
        assert f"about as good as {words_for(game, advice.runner_up)}: both expected about {shown}" in advice.text
    elif found.scale.solo:
        assert f"clearly best: expected {shown} against {advice.runner_up_value.mean:.1f}" in advice.text
    else:
        rank = found.scale.rank
        assert f"clearly best: expected {shown} of {game.num_players} against " in advice.text
        assert f"against {rank(advice.runner_up_value.mean):.1f} for the next best" in advice.text
    if found.exact:  # the exact solver decided: its values, no error
        assert advice.value.se == 0 and advice.value.mean >= advice.runner_up_value.mean
    else:  # the search's root: the hinted move was simulated at least as often as any other
        assert advice.value.samples == max(value.samples for value in found.values)
        assert advice.value.se > 0 or not found.scale.solo  # Little Town's short rollouts may all agree


def test_an_endgame_hint_is_the_exact_honest_optimum_with_its_value() -> None:
    game = played(town.new_solo("town44", seed=3), 7)
    view = game.view(0)
    assert len(view.to_dict()["unseen"]) <= EXACT_UNSEEN and len(view.legal_actions()) > 2
    advice = hint(view)
    valued = honest_move_values(view)
    assert advice.searched.exact and advice.action == honest_policy(view)
    assert advice.value.mean == pytest.approx(valued[0][1]) and advice.value.mean == pytest.approx(honest_value(view))
    assert advice.runner_up_value.mean == pytest.approx(valued[1][1])


def test_a_multiplayer_hint_measures_in_expected_rank() -> None:
    game = littletown.new_game(players=3, seed=1)
    advice = hint(game.view(game.current_player))
    assert 2 <= len(advice.searched.actions) <= len(game.legal_actions())
    assert "expected about rank" in advice.text or ("expected rank" in advice.text and " of 3 against " in advice.text)
    assert all(0 <= value.mean <= 1 for value in advice.searched.values)


def test_hints_refuse_a_full_state_and_a_player_who_cannot_move() -> None:
    game = town.new_game("town55", players=2, seed=1)
    with pytest.raises(ValueError, match=r"a view \(state.view\(player\)\), not MultiState"):
        hint(game)
    with pytest.raises(ValueError, match="player 1 has no move to hint: it is not their turn"):
        hint(game.view(1))
    with pytest.raises(ValueError, match="seed must be an integer, not 'x'"):
        hint(game.view(0), seed="x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="samples must be an integer from 1 to 10000"):
        measure(game.view(0), samples=0)


def test_the_batched_careful_policy_plays_a_least_cost_placement_of_the_scalar_one() -> None:
    """The two implementations of the careful policy agree: in random positions, each game of the batch (ties
    broken differently) chooses one of the placements of least cost computed on the scalar state."""
    rng = Rng(3)
    checked = 0
    for seed in range(24):
        game = town.new_solo("town77" if seed % 2 else "town66", seed=seed)
        for _ in range(seed):
            if not game.is_terminal():
                game.apply(rng.choice(game.legal_actions()))
        if game.is_terminal():
            continue
        costs = {action: careful_cost(game, action) for action in game.legal_actions()}
        best = {action for action, cost in costs.items() if cost == min(costs.values())}
        batch = SoloBatch.from_state(game, copies=8, seed=seed)
        chosen = {batch.action(row, int(number)) for row, number in enumerate(careful_actions(batch))}
        assert chosen <= best
        checked += len(costs) > len(best)  # positions where the choice matters
    assert checked >= 10


def test_the_batched_careful_policy_weighs_a_top_as_the_scalar_one_when_a_pile_is_empty() -> None:
    """Late in a game, with a pile empty (its top reads as tile 0 in the batch), tile (0, 0) on another pile's top
    still weighs as a top: the batched policy still plays a least-cost placement of the scalar one."""
    rng, checked = Rng(5), 0
    for seed in range(120):
        game = town.new_solo("town44" if seed % 2 else "town55", seed=seed)
        while not game.is_terminal() and all(game.piles):
            game.apply(careful_move(game, rng))
        pile = next((p for p in game.piles if p and (0, 0) in p), None)
        if game.is_terminal() or pile is None:
            continue
        where = pile.index((0, 0))
        pile[where], pile[-1] = pile[-1], pile[where]  # tile (0, 0) on top: the deal is another, as legal
        costs = {action: careful_cost(game, action) for action in game.legal_actions()}
        if not costs:  # the new top ends the game
            continue
        best = {action for action, cost in costs.items() if cost == min(costs.values())}
        batch = SoloBatch.from_state(game, copies=8, seed=seed)
        chosen = {batch.action(row, int(number)) for row, number in enumerate(careful_actions(batch))}
        assert chosen <= best
        checked += len(costs) > len(best)
    assert checked >= 5


# --- in the widgets ----------------------------------------------------------------------------------------------
@pytest.fixture
def front_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    use_front_ends(monkeypatch)


@pytest.mark.usefixtures("front_ends")
def test_the_hint_intent_highlights_the_move_until_the_position_changes() -> None:
    widget = TownWidget("town55", seed=2)
    browser = browser_of(widget)
    browser.intent(intent="hint")
    shown = browser.model()["suggestion"]
    assert widget.error == "" and shown["text"] and shown["cells"] == [shown["action"]["cell"]]
    assert shown == widget.suggestion and widget.assisted and browser.model()["assisted"]
    browser.intent(intent="select", pile=shown["action"]["pile"])
    browser.intent(intent="place", cell=shown["action"]["cell"])
    assert widget.error == "" and browser.model()["suggestion"] == {}  # a new position: the hint is gone
    while not widget.state.is_terminal():
        widget.apply(widget.state.legal_actions()[0])
    assert widget.status.endswith("Played with 1 hint.") and widget.outcome["hints"] == 1
    widget.new_game()
    assert not widget.assisted and "hints" not in widget.outcome


@pytest.mark.usefixtures("front_ends")
def test_the_widget_hint_reads_only_what_the_seat_may_know() -> None:
    game = POSITIONS["town77 multi"]()
    twins = [game.view(game.current_player).sample_state(seed) for seed in (3, 4)]
    shown = []
    for state in twins:
        widget = TownWidget(state=state, seat=state.current_player, opponents=["random", "random"])
        advice = widget.hint()
        assert advice.player == widget.seat and browser_of(widget).model()["suggestion"]["text"] == advice.text
        shown.append(widget.suggestion)
    assert shown[0] == shown[1]


@pytest.mark.usefixtures("front_ends")
def test_little_town_hints_and_refusals_in_the_widget() -> None:
    widget = LittleTownWidget(opponents=["random"], seed=3)
    advice = widget.hint()
    assert advice.action in widget.state.legal_actions() and widget.suggestion["action"] == advice.action.to_dict()
    widget.apply(advice.action)
    assert widget.suggestion == {}
    while widget.state.current_player == widget.seat:
        widget.apply(widget.state.legal_actions()[0])
    if widget.state.current_player is not None:  # an opponent failed to move: nothing to check here
        pytest.fail(widget.error)
    with pytest.raises(IllegalAction, match="the game is over"):
        widget.hint()


@pytest.mark.usefixtures("front_ends")
def test_a_refused_hint_intent_shows_why_and_changes_nothing() -> None:
    widget = TownWidget("town55", seed=2)
    browser = browser_of(widget)
    widget.apply(widget.state.legal_actions()[0])
    browser.intent(intent="step", step=0)
    before = widget.state.to_dict()
    browser.intent(intent="hint")
    assert "(read only)" in widget.error and widget.suggestion == {} and not widget.assisted
    browser.intent(intent="hint", extra=1)
    assert "unknown key(s) ['extra']" in widget.error
    assert widget.state.to_dict() == before


@pytest.mark.usefixtures("front_ends")
def test_the_little_town_hint_intent_shows_the_move_and_its_space() -> None:
    widget = LittleTownWidget(opponents=["random"], seed=3)
    browser = browser_of(widget)
    browser.intent(intent="hint")
    shown = browser.model()["suggestion"]
    assert widget.error == "" and shown == widget.suggestion and shown["text"] and browser.model()["assisted"]
    action = shown["action"]
    assert shown["cells"] == ([action["cell"]] if "cell" in action else [])
    browser.intent(intent="act", action=action)  # the hinted move, as the front end sends it
    assert widget.error == "" and browser.model()["suggestion"] == {} and browser.model()["assisted"]
