"""The honest optimum: equal to a plain expectimax, between greedy and par, reached in play, blind to hidden order."""

from __future__ import annotations

import itertools
import statistics

import pytest

from townwidget import town
from townwidget.agents import make_agent
from townwidget.core import Rng
from townwidget.solvers.clairvoyant import solve
from townwidget.solvers.honest import HonestSearch, TooLarge, honest_move_values, honest_policy, honest_value

TOWN33_FLIP = town.Rules("town33-flip", 3, flips=1)


def plain_expectimax(state: town.SoloState) -> float:
    """The expected final score of the best honest play, by trying every move and every draw: no symmetry, no
    bound, no memo."""
    if state.is_terminal():
        return float(state.board.placed())
    moves = [move for move in state.legal_actions() if isinstance(move, town.Place)]  # solo: every move places
    return max(statistics.fmean(map(plain_expectimax, draws(state, move))) for move in moves)


def draws(state: town.SoloState, move: town.Place) -> list[town.SoloState]:
    """The states after ``move``, one for each tile that may come up on its pile (each tile unseen before it,
    equally likely): the tile is put just below the top before the move is played, so that the engine sees it
    come up."""
    assert move.pile is not None
    unseen = [tile for pile in state.piles for tile in pile[:-1]]
    out = []
    for tile in unseen if len(state.piles[move.pile]) > 1 else [None]:
        drawn = state.clone()
        assert isinstance(drawn, town.SoloState)
        if tile is not None:
            _swap(drawn.piles, tile, (move.pile, len(drawn.piles[move.pile]) - 2))
        drawn.apply(move)
        out.append(drawn)
    return out


def _swap(piles: list[list[town.Tile]], tile: town.Tile, place: tuple[int, int]) -> None:
    """Swap ``tile`` with the tile at ``place`` (pile, index)."""
    where = next((p, i) for p, pile in enumerate(piles) for i, t in enumerate(pile) if t == tile)
    piles[where[0]][where[1]], piles[place[0]][place[1]] = piles[place[0]][place[1]], tile


def positions(rules: town.Rules | str, deals: range, moves: int, seed: int) -> list[town.SoloState]:
    """The deals after ``moves`` random moves (or fewer, if the game ends)."""
    rng, out = Rng(seed), []
    for deal in deals:
        game = town.new_solo(rules, seed=deal)
        for _ in range(moves):
            if not game.is_terminal():
                game.apply(rng.choice(game.legal_actions()))
        out.append(game)
    return out


def reordered(state: town.SoloState, rng: Rng) -> town.SoloState:
    """A twin: the same tops and pile sizes, the tiles below the tops shuffled among all piles."""
    twin = state.clone()
    assert isinstance(twin, town.SoloState)
    below = [tile for pile in twin.piles for tile in pile[:-1]]
    rng.shuffle(below)
    for pile in twin.piles:
        for i in range(len(pile) - 1):
            pile[i] = below.pop()
    return twin


# --- exact against a plain expectimax ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "deals", "moves"),
    [("town22", range(6), 0), ("town33", range(1), 0), ("town33", range(20), 2), (TOWN33_FLIP, range(12), 2)],
)
def test_honest_value_equals_a_plain_expectimax(rules: town.Rules | str, deals: range, moves: int) -> None:
    values = set()
    for game in positions(rules, deals, moves, seed=moves):
        value = honest_value(game)
        assert value == pytest.approx(plain_expectimax(game), abs=1e-9)
        values.add(round(value, 6))
    assert len(values) > 1 or len(deals) < 10  # the many positions are not all alike


def move_value(game: town.SoloState, move: town.Place) -> float:
    """The honest value of a move, the mean over the tiles that could come up on its pile."""
    return statistics.fmean(map(honest_value, draws(game, move)))


def test_the_policy_move_reaches_the_value() -> None:
    for game in positions("town33", range(20), 2, seed=3):
        if game.is_terminal():
            continue
        move = honest_policy(game)
        assert move in game.legal_actions()
        assert move_value(game, move) == pytest.approx(honest_value(game), abs=1e-9)


def test_every_move_gets_its_value_best_first() -> None:
    spread = 0.0
    for game in positions(TOWN33_FLIP, range(12), 1, seed=5):
        if game.is_terminal():
            continue
        valued = honest_move_values(game)
        assert sorted(map(repr, (move for move, _ in valued))) == sorted(map(repr, game.legal_actions()))
        for move, value in valued:
            assert value == pytest.approx(move_value(game, move), abs=1e-9)
        values = [value for _, value in valued]
        assert all(better >= worse - 1e-9 for better, worse in itertools.pairwise(values))  # best first
        assert values[0] == pytest.approx(honest_value(game), abs=1e-9)
        assert valued[0][0] == honest_policy(game)
        spread = max(spread, values[0] - values[-1])
    assert spread > 1  # some positions have moves that differ a lot


# --- between what honest play reaches and what peeking reaches -----------------------------------------------
def test_honest_value_lies_between_greedy_and_par_over_every_order() -> None:
    """Over every order of the unseen tiles: greedy (an honest policy for a fixed seed) averages no more than
    the honest value, and the clairvoyant par averages no less."""
    checked = 0
    for game in positions("town33", range(8), 2, seed=7):
        if game.is_terminal():
            continue
        value = honest_value(game)
        pars, greedy = [], []
        below = [tile for pile in game.piles for tile in pile[:-1]]
        for order in itertools.permutations(below):
            twin = game.clone()
            assert isinstance(twin, town.SoloState)
            rest = list(order)
            for pile in twin.piles:
                for i in range(len(pile) - 1):
                    pile[i] = rest.pop()
            pars.append(solve(twin).score)
            agent = make_agent("greedy", seed=1)
            while not twin.is_terminal():
                twin.apply(agent.act(twin.view(0)))
            greedy.append(twin.board.placed())
        assert statistics.fmean(greedy) <= value + 1e-9 <= statistics.fmean(pars) + 2e-9
        checked += 1
    assert checked >= 5


def test_the_optimal_policy_scores_its_predicted_value_on_fresh_deals() -> None:
    """Played on deals 1000-1299, the policy's mean score matches the mean predicted value (z-test, |z| < 4)."""
    search = HonestSearch(3)
    gaps = []
    for deal in range(1000, 1300):
        game = town.new_solo("town33", seed=deal)
        predicted = honest_value(game, search=search)
        while not game.is_terminal():
            game.apply(honest_policy(game.view(0), search=search))
        gaps.append(game.board.placed() - predicted)
    spread = statistics.stdev(gaps) / len(gaps) ** 0.5
    assert spread > 0
    assert abs(statistics.fmean(gaps)) < 4 * spread


# --- no peeking -----------------------------------------------------------------------------------------------
def test_value_and_move_do_not_depend_on_the_order_below_the_tops() -> None:
    rng = Rng(11)
    for rules, moves in (("town33", 1), ("town44", 8), (TOWN33_FLIP, 1)):
        for game in positions(rules, range(4), moves, seed=5):
            if game.is_terminal():
                continue
            search = HonestSearch(game.rules.n)
            value, move = honest_value(game, search=search), honest_policy(game, search=search)
            for _ in range(3):
                twin = reordered(game, rng)  # fresh tables for each twin: nothing carried over
                assert honest_value(twin) == value
                assert honest_policy(twin) == move
            assert honest_value(game.view(0)) == value and honest_policy(game.view(0)) == move


# --- refusals ------------------------------------------------------------------------------------------------
def test_positions_beyond_the_budget_are_refused_with_the_unseen_count_and_the_budget() -> None:
    deal = town.new_solo("town44", seed=0)
    before = deal.to_dict()
    with pytest.raises(TooLarge, match=r"13 unseen tiles.*max_nodes=500"):
        honest_value(deal, max_nodes=500)
    with pytest.raises(ValueError, match=r"13 unseen tiles.*max_nodes=500"):
        honest_policy(deal, max_nodes=500)
    assert deal.to_dict() == before


def test_non_solo_states_finished_games_and_mismatched_tables_are_refused() -> None:
    with pytest.raises(ValueError, match="solo"):
        honest_value(town.new_game("town33", players=2, seed=0))
    with pytest.raises(ValueError, match="solo"):
        honest_value("town33")
    game = town.new_solo("town33", seed=0)
    while not game.is_terminal():
        game.apply(game.legal_actions()[0])
    assert honest_value(game) == game.board.placed()
    with pytest.raises(ValueError, match="game is over"):
        honest_policy(game)
    with pytest.raises(ValueError, match="4 x 4 boards"):
        honest_value(town.new_solo("town33", seed=0), search=HonestSearch(4))


def test_a_time_budget_refuses_a_search_that_would_take_longer(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``seconds``, the solver looks at the thread's CPU clock every CLOCK_EVERY nodes and gives up past the
    budget (a fake clock here: one second a look), naming both budgets; without it, only nodes count."""
    from townwidget.solvers import honest

    looks = iter(range(1000))
    monkeypatch.setattr(honest, "thread_seconds", lambda: float(next(looks)))
    deal = town.new_solo("town44", seed=0)
    search = HonestSearch(4)
    with pytest.raises(TooLarge, match=r"13 unseen tiles.*max_nodes=300000.*seconds=2\.5"):
        honest_value(deal, search=search, seconds=2.5)
    assert search.nodes == 3 * honest.CLOCK_EVERY  # the looks at 0 (start), then 1, 2, 3 > 2.5
    with pytest.raises(TooLarge, match=r"max_nodes=5000 \(a budget of searched positions\):"):
        honest_policy(deal, max_nodes=5000, search=search)
    assert search.nodes == 3 * honest.CLOCK_EVERY + 5000 + 1
