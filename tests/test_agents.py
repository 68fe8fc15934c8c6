"""Agents: the registry, legal and seeded play, the no-peek rule, and the clairvoyant agent reaching par."""

from __future__ import annotations

import copy
import functools
import math
import statistics
from typing import Any

import pytest

from townwidget import agents, town
from townwidget.agents.clairvoyant import ClairvoyantAgent
from townwidget.agents.expert import EXACT_UNSEEN, HALVING, STEADY, ExpertAgent
from townwidget.agents.expert import SAMPLE_POOL as EXPERT_POOL
from townwidget.agents.mcts import (
    DETERMINIZATIONS,
    EXPLORATION,
    EXPLORATION_DEVIATION,
    ITERATIONS_PER_ACTION,
    SAMPLE_POOL,
    ISMCTSAgent,
    MCTSAgent,
    _Search,
)
from townwidget.agents.perfect import keeping_moves, perfect_cities
from townwidget.core import Rng
from townwidget.latin import orthogonal_pairs
from townwidget.solvers import value
from townwidget.solvers.clairvoyant import solve
from townwidget.solvers.honest import HonestSearch, TooLarge, honest_policy

HONEST = ["random", "greedy", "mcts", "ismcts", "expert"]
SMALL_BUDGET = {"iterations": 12}


def honest_agent(name: str, seed: int) -> agents.Agent:
    return agents.make_agent(name, seed=seed, **SMALL_BUDGET)


def random_positions(rules: str, players: int, count: int, seed: int) -> list[town.State]:
    """``count`` positions reached by random play (none over), on ``players`` seats (1: solo)."""
    rng, positions = Rng(seed), []
    while len(positions) < count:
        game = town.new_solo(rules, seed=rng.next64()) if players == 1 else town.new_game(rules, players, rng.next64())
        while not game.is_terminal() and len(positions) < count:
            positions.append(game.clone())
            game.apply(rng.choice(game.legal_actions()))
    return positions


# --- the registry ---------------------------------------------------------------------------------------------
def test_best_is_the_strongest_honest_agent_with_the_same_moves() -> None:
    assert agents.ALIASES["best"] in HONEST and "best" not in agents.AGENT_NAMES
    best = agents.make_agent("best", seed=4, iterations=20)
    same = agents.make_agent(agents.ALIASES["best"], seed=4, iterations=20)
    assert best.name == "expert" and not getattr(best, "peeks", False)
    game = town.new_solo("town44", seed=4)
    while not game.is_terminal():
        view = game.view(0)
        action = best.act(view)
        assert action == same.act(view)
        game.apply(action)
    with pytest.raises(ValueError, match=r"unknown agent \['best'\].*best"):
        agents.make_agent(["best"])  # type: ignore[arg-type]


def test_make_agent_builds_every_named_agent_satisfying_the_protocol() -> None:
    for name in agents.AGENT_NAMES:
        agent = agents.make_agent(name, seed=1, iterations=5)
        assert isinstance(agent, agents.Agent)
        assert agent.name == name


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"name": "minimax"}, "unknown agent 'minimax'"),
        ({"name": "mcts", "iterations": -3}, "iterations must be an integer from 1 to"),
        ({"name": "mcts", "seconds": 0}, "seconds must be a number of seconds above 0"),
        ({"name": "random", "seed": "x"}, "seed must be an integer"),
    ],
)
def test_make_agent_rejects_bad_input_naming_it(arguments: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        agents.make_agent(**arguments)


def test_an_agent_asked_out_of_turn_says_so() -> None:
    game = town.new_game("town44", players=2, seed=0)
    with pytest.raises(ValueError, match="not their turn"):
        agents.make_agent("random", seed=0).act(game.view(1))


# --- legal and seeded play ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("rules", "players"), [("town44", 1), ("town66", 1), ("town44", 2), ("town77", 3)])
def test_cheap_agents_return_legal_actions_over_a_thousand_positions(rules: str, players: int) -> None:
    chooser = {name: agents.make_agent(name, seed=7) for name in ("random", "greedy")}
    for position in random_positions(rules, players, 1000 if players == 1 else 600, seed=len(rules) + players):
        view = position.view(position.current_player)
        legal = position.legal_actions()
        for agent in chooser.values():
            assert agent.act(view) in legal


@pytest.mark.parametrize(("rules", "players"), [("town44", 1), ("town66", 1), ("town44", 3), ("town77", 2)])
def test_search_agents_return_legal_actions(rules: str, players: int) -> None:
    searchers = [agents.make_agent(name, seed=3, iterations=6) for name in ("mcts", "ismcts")]
    searchers.append(ExpertAgent(seed=3, iterations=6, exact_nodes=2_000))  # exact tries answered and refused, fast
    for position in random_positions(rules, players, 60, seed=players):
        legal = position.legal_actions()
        for agent in searchers:
            assert agent.act(position.view(position.current_player)) in legal


@pytest.mark.parametrize("name", HONEST)
def test_same_seed_and_budget_give_the_same_game(name: str) -> None:
    def play() -> list[dict]:
        game, agent, actions = town.new_game("town55", players=2, seed=11), honest_agent(name, seed=5), []
        while not game.is_terminal() and len(actions) < 12:
            actions.append(agent.act(game.view(game.current_player)).to_dict())
            game.apply(actions[-1])
        return actions

    assert play() == play()


def test_greedy_and_search_place_more_tiles_than_random_play() -> None:
    def mean_score(name: str, **budget: int) -> float:
        scores = []
        for deal in range(12):
            game, agent = town.new_solo("town55", seed=deal), agents.make_agent(name, seed=deal, **budget)
            while not game.is_terminal():
                game.apply(agent.act(game.view(0)))
            scores.append(game.board.placed())
        return sum(scores) / len(scores)

    random_mean = mean_score("random")
    assert mean_score("greedy") > random_mean
    assert mean_score("ismcts", iterations=40) > random_mean


# --- no peeking -----------------------------------------------------------------------------------------------
def swap_hidden_shapes(state: town.MultiState, other: int) -> town.MultiState:
    """The same position but with ``other``'s hand shapes swapped with bag tiles of the same colours."""
    data = state.to_dict()
    bag = [tuple(tile) for tile in data["bag"]]
    swaps = 0
    for i, (colour, shape) in enumerate(data["hands"][other]):
        stand_in = next((tile for tile in bag if tile[0] == colour), None)
        if stand_in is not None:
            bag[bag.index(stand_in)] = (colour, shape)
            data["hands"][other][i] = list(stand_in)
            swaps += 1
    assert swaps, "the test needs a hand tile whose colour is also in the bag"
    data["bag"] = [list(tile) for tile in bag]
    return town.from_dict(data)  # type: ignore[return-value]


def reorder_hidden_piles(state: town.SoloState) -> town.SoloState:
    """The same solo position with the tiles below the pile tops dealt in another order."""
    data = copy.deepcopy(state.to_dict())
    hidden = [tile for pile in data["piles"] for tile in pile[:-1]]
    hidden.reverse()
    tiles = iter(hidden)
    data["piles"] = [[next(tiles) for _ in pile[:-1]] + pile[-1:] for pile in data["piles"]]
    return town.from_dict(data)  # type: ignore[return-value]


@pytest.mark.parametrize("name", HONEST)
def test_agents_do_not_see_other_hands_shapes(name: str) -> None:
    for deal in range(4):
        game = town.new_game("town77", players=3, seed=deal)
        for _ in range(5 + deal):
            game.apply(game.legal_actions()[-1])
        player = game.current_player
        assert player is not None
        twin = swap_hidden_shapes(game, (player + 1) % 3)
        assert twin.hands != game.hands
        assert twin.view(player).to_dict() == game.view(player).to_dict()
        assert honest_agent(name, deal).act(game.view(player)) == honest_agent(name, deal).act(twin.view(player))


@pytest.mark.parametrize("name", HONEST)
def test_agents_do_not_see_the_order_below_the_pile_tops(name: str) -> None:
    for deal in range(4):
        game = town.new_solo("town66", seed=deal)
        game.apply(game.legal_actions()[0])
        twin = reorder_hidden_piles(game)
        assert twin.piles != game.piles
        assert honest_agent(name, deal).act(game.view(0)) == honest_agent(name, deal).act(twin.view(0))


class CountingView:
    """A view that counts the states an agent draws from it."""

    def __init__(self, view: town.TownView) -> None:
        self.view, self.draws = view, 0

    def __getattr__(self, name: str) -> object:
        return getattr(self.view, name)

    def sample_state(self, rng: Rng) -> town.State:
        self.draws += 1
        return self.view.sample_state(rng)


@pytest.mark.parametrize(("trees", "expected_draws"), [(1, 1), (3, 3), (DETERMINIZATIONS + 2, DETERMINIZATIONS)])
def test_determinized_uct_adds_a_tree_only_after_each_action_had_its_iterations(
    trees: int, expected_draws: int
) -> None:
    game = town.new_solo("town55", seed=4)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    view = CountingView(game.view(0))
    actions = len(view.legal_actions())
    assert actions > 3
    MCTSAgent(seed=0, iterations=trees * ITERATIONS_PER_ACTION * actions).act(view)
    assert view.draws == expected_draws


def test_determinized_uct_draws_at_most_the_determinizations_it_is_given() -> None:
    game = town.new_solo("town55", seed=4)
    game.apply(game.legal_actions()[0])
    view = CountingView(game.view(0))
    actions = len(view.legal_actions())
    MCTSAgent(seed=0, iterations=10 * ITERATIONS_PER_ACTION * actions, determinizations=2).act(view)
    assert view.draws == 2


class CountingRollout:
    """A rollout policy that scores every state it is handed as a sure win for player 0, on solo games only."""

    def __init__(self) -> None:
        self.calls: list[int] = []

    def __call__(self, state: town.State, moves: int, rng: Rng) -> list[float] | None:
        self.calls.append(moves)
        return [1.0] if state.mode == "solo" else None


@pytest.mark.parametrize("make", [MCTSAgent, ISMCTSAgent])
def test_search_agents_roll_out_with_the_policy_handed_to_them(make: Any) -> None:
    game = town.new_solo("town55", seed=1)
    rollout = CountingRollout()
    choice = make(seed=0, iterations=40, rollout=rollout).act(game.view(0))
    assert choice in game.legal_actions()
    assert len(rollout.calls) == 40 and set(rollout.calls) == {6}  # once per simulation, of ROLLOUT_DEPTH moves
    multi = town.new_game("town44", players=2, seed=1)  # it gives None there: the heuristic's rollouts run
    view = multi.view(multi.current_player)
    assert make(seed=0, iterations=40, rollout=CountingRollout()).act(view) == make(seed=0, iterations=40).act(view)


@pytest.mark.parametrize(("pool", "expected_draws"), [(SAMPLE_POOL, SAMPLE_POOL), (None, 100)])
def test_ismcts_reuses_its_drawn_states_past_the_pool_or_draws_one_per_iteration(
    pool: int | None, expected_draws: int
) -> None:
    game = town.new_solo("town55", seed=4)
    game.apply(game.legal_actions()[0])
    view = CountingView(game.view(0))
    ISMCTSAgent(seed=0, iterations=100, sample_pool=pool).act(view)
    assert view.draws == expected_draws


def test_steady_exploration_scales_by_the_deviation_of_the_rewards_not_their_range() -> None:
    """One disaster among a thousand outcomes widens the range tenfold but the standard deviation little."""
    rewards = [0.70, 0.72, 0.74] * 333 + [0.1]
    view = town.new_solo("town55", seed=0).view(0)
    plain, steady = _Search(Rng(0), view), _Search(Rng(0), view, steady=True)
    for reward in rewards:
        plain.record(reward)
        steady.record(reward)
    assert plain._exploration() == pytest.approx(EXPLORATION * 0.64)
    assert steady._exploration() == pytest.approx(EXPLORATION_DEVIATION * statistics.pstdev(rewards))
    assert steady._exploration() < plain._exploration() / 3


def test_sequential_halving_simulates_the_actions_in_play_on_shared_draws_and_halves_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each round draws one state and simulates every action still in play on it once; the actions in play halve
    from phase to phase (k, ceil(k / 2), ... over ceil(log2 k) phases), the survivors those with the better mean
    rewards; the iteration limit holds; the choice is one of the last ones."""
    game = town.new_solo("town77", seed=2)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    view = CountingView(game.view(0))
    actions = view.legal_actions()
    assert len(actions) >= 5
    rounds: dict[int, list[object]] = {}
    means: dict[int, dict[object, float]] = {}  # at the start of each round, the mean reward of each root action
    iterate = _Search.iterate

    def spy(search: _Search, root: Any, state: town.State, first: object = None) -> None:
        if view.draws not in rounds:
            means[view.draws] = {action: node.reward / node.visits for action, node in root.children.items()}
        rounds.setdefault(view.draws, []).append(first)
        iterate(search, root, state, first)

    monkeypatch.setattr(_Search, "iterate", spy)
    choice = ISMCTSAgent(seed=0, iterations=400, sample_pool=None, halving=True).act(view)
    played = list(rounds.values())
    assert sum(map(len, played)) <= 400 and all(len(set(each)) == len(each) for each in played)
    sizes = sorted({len(each) for each in played}, reverse=True)
    expected = [len(actions)]
    while len(expected) < math.ceil(math.log2(len(actions))):
        expected.append((expected[-1] + 1) // 2)
    assert sizes == expected and len(sizes) > 1
    starts = list(means.values())
    for before, after, then in zip(played, played[1:], starts[1:], strict=False):
        if len(after) < len(before):  # a halving: the kept actions had the better means
            assert set(after) < set(before)
            assert min(then[a] for a in after) >= max(then[a] for a in before if a not in after)
    assert choice in played[-1]


# --- the expert agent: the exact honest policy in small solo endgames, ismcts elsewhere ------------------------
def endgames(rules: str, unseen: int, deals: range) -> list[town.SoloState]:
    """The first position of greedy play with at most ``unseen`` tiles below the pile tops, on each deal."""
    positions = []
    for deal in deals:
        game, guide = town.new_solo(rules, seed=deal), agents.make_agent("greedy", seed=deal)
        while not game.is_terminal() and sum(len(pile) - 1 for pile in game.piles if pile) > unseen:
            game.apply(guide.act(game.view(0)))
        if not game.is_terminal():
            positions.append(game)
    return positions


def test_the_expert_plays_the_exact_honest_move_in_small_solo_endgames() -> None:
    """Where the exact solver answers, the expert plays its move; plain ismcts with the same seed and budget does
    not always (so the test tells them apart)."""
    search, differs = HonestSearch(4), 0
    for deal, position in enumerate(endgames("town44", 6, range(10))):
        view = position.view(0)
        exact = honest_policy(view, search=search)
        assert ExpertAgent(seed=deal, iterations=12).act(view) == exact
        differs += ISMCTSAgent(seed=deal, iterations=12).act(view) != exact
    assert differs


def test_the_expert_searches_like_ismcts_beyond_the_exact_solver_and_outside_solo() -> None:
    """Too many unseen tiles to try the exact solver, or a refusal by the solver within its node budget: the expert
    plays what its tuned ismcts plays with the same seed and budget; multiplayer Town, Little Town: plain ismcts."""
    from townwidget import littletown

    opening = town.new_solo("town77", seed=2)
    for _ in range(8):
        opening.apply(opening.legal_actions()[0])
    assert sum(len(pile) - 1 for pile in opening.piles) > EXACT_UNSEEN
    with pytest.raises(TooLarge):
        honest_policy(opening, max_nodes=10)
    multi = town.new_game("town55", players=3, seed=2)
    little = littletown.new_game(players=2, seed=2)
    trying = {"exact_unseen": 49, "exact_nodes": 10}  # tries the solver on the opening, which refuses
    # the search tuned for Town solo, on the learned value's rollouts
    tuned = {"sample_pool": EXPERT_POOL, "steady": STEADY, "halving": HALVING, "rollout": value.learned_rollout}
    for state, options, search in ((opening, {}, tuned), (opening, trying, tuned), (multi, {}, {}), (little, {}, {})):
        view = state.view(state.current_player)
        agent = ExpertAgent(seed=9, iterations=15, **options)
        expert = agent.act(view)
        assert expert == ISMCTSAgent(seed=agent.move_rng(view), iterations=15, **search).act(view)
        assert expert in state.legal_actions()


def moves_of(agent: Any, rules: str, deal: int) -> list[Any]:
    """The moves ``agent`` plays through the solo deal ``deal`` of ``rules``."""
    game = town.new_solo(rules, seed=deal)
    while not game.is_terminal():
        game.apply(agent.act(game.view(0)))
    return [action for _player, _phase, action in game.history]


@pytest.mark.parametrize(("rules", "iterations"), [("town44", 30), ("town77", 120)])
def test_a_reused_expert_plays_each_game_as_a_new_one_with_its_seed(rules: str, iterations: int) -> None:
    """Nothing carries over from one game to the next (the generator, the solver's tables): an agent reused for
    two deals plays each exactly as a new agent with the same seed; exact endgame tries included."""
    reused = ExpertAgent(seed=1, iterations=iterations)
    for deal in (8019, 50):
        assert moves_of(reused, rules, deal) == moves_of(ExpertAgent(seed=1, iterations=iterations), rules, deal)
    assert reused.tables is not None  # it did try the exact solver, whose tables it then kept


# --- the clairvoyant agent (its solver: tests/test_town_solver.py) ---------------------------------------
def test_clairvoyant_agent_needs_the_full_state_and_reaches_par() -> None:
    game = town.new_solo("town44", seed=5)
    agent = ClairvoyantAgent()
    with pytest.raises(ValueError, match="peeks"):
        agent.act(game.view(0))
    par = solve(game).score
    while not game.is_terminal():
        game.apply(agent.act(game))
    assert game.board.placed() == par


def test_little_town_advises_searches_and_town_does_not() -> None:
    """Little Town's views advise a cut-off right after the tree and iterations by the number of choices; Town's
    views advise nothing, so the search agents play Town exactly as before."""
    from townwidget import littletown
    from townwidget.agents.budget import Budget
    from townwidget.core import SearchAdvice

    game = littletown.new_game(players=2, seed=3)
    advice = game.view(game.current_player).search_advice()
    assert advice == SearchAdvice(iterations=min(300, 8 * len(game.legal_actions())), rollout_moves=0)
    game.apply(game.legal_actions()[0])
    assert game.view(game.current_player).search_advice().iterations == 40  # gather now, or end the turn
    assert town.new_game("town44", players=2, seed=1).view(0).search_advice() == SearchAdvice()
    assert len(list(Budget(None, None, 1000).iterate(None))) == 1000
    assert len(list(Budget(None, None, 1000).iterate(40))) == 40 and len(list(Budget(7, None, 1000).iterate(40))) == 7


def test_a_seconds_budget_counts_the_cpu_time_of_the_thinking_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """The budget reads the thread's CPU clock and no other: with a fake clock that gains 0.1 s per reading, a
    0.35 s budget gives the iterations that begin before the deadline."""
    from townwidget.agents import budget

    readings = iter(range(100))
    monkeypatch.setattr(budget, "thread_seconds", lambda: next(readings) / 10)
    assert list(budget.Budget(None, 0.35, 1000).iterate()) == [0, 1, 2, 3]


# --- perfect cities: the moves that keep a complete board possible (boards up to 4 x 4) ---------------------
pairs_of = functools.cache(orthogonal_pairs)


def grid_of(state: town.SoloState) -> list[list[object]]:
    return state.view(0).to_dict()["board"]


def direct_count(grid: list[list[object]]) -> int:
    """The perfect cities agreeing with ``grid``, by scanning the list (no bitsets)."""
    placed = [(r, k, tuple(cell)) for r, row in enumerate(grid) for k, cell in enumerate(row) if cell is not None]
    return sum(all((a[r][k], b[r][k]) == tile for r, k, tile in placed) for a, b in pairs_of(len(grid)))


def test_perfect_cities_and_the_moves_that_keep_one() -> None:
    """On Town 33 and Town 44 boards from random play, the count matches a scan of the list, and the kept moves are
    exactly those after which the count stays above 0 (all moves when none does)."""
    dropped = broken = 0
    for rules, deal in [(rules, deal) for rules in ("town33", "town44") for deal in range(10)]:
        game, rng = town.new_solo(rules, seed=deal), Rng(deal)
        while not game.is_terminal():
            grid, moves = grid_of(game), game.legal_actions()
            assert perfect_cities(grid) == direct_count(grid)
            broken += perfect_cities(grid) == 0
            keeping = []
            for move in moves:
                after = game.clone()
                after.apply(move)
                if perfect_cities(grid_of(after)):
                    keeping.append(move)
            assert keeping_moves(grid, moves) == (keeping or moves)
            dropped += 0 < len(keeping) < len(moves)
            game.apply(rng.choice(moves))
    assert dropped and broken  # both cases came up


def test_perfect_cities_are_not_listed_past_4x4_nor_with_flips_or_blanks() -> None:
    game = town.new_solo("town77", seed=1)
    game.apply(game.legal_actions()[0])
    assert perfect_cities(grid_of(game)) is None
    assert keeping_moves(grid_of(game), game.legal_actions()) == game.legal_actions()
    for content in ("blank", [0, None]):
        grid: list[list[object]] = [[None] * 4 for _ in range(4)]
        grid[0][0] = content
        assert perfect_cities(grid) is None


def test_the_expert_keeps_a_perfect_city_possible_when_a_move_does() -> None:
    """Where some legal move keeps a complete board possible and some does not, the expert's search (the exact
    solver left out) plays one that keeps it; its search without that rule does not always (so the test tells
    them apart)."""
    chances = careless = 0
    for deal in range(8):
        game = town.new_solo("town44", seed=deal)
        while not game.is_terminal():
            grid, moves, view = grid_of(game), game.legal_actions(), game.view(0)
            keeping = keeping_moves(grid, moves)
            move = ExpertAgent(seed=deal, iterations=30, exact_unseen=0).act(view)
            if len(keeping) < len(moves):
                chances += 1
                assert move in keeping
                plain = ISMCTSAgent(seed=deal, iterations=30, sample_pool=EXPERT_POOL, steady=STEADY).act(view)
                careless += plain not in keeping
            game.apply(move)
    assert chances and careless


def test_ismcts_searches_only_among_the_actions_it_is_given() -> None:
    from townwidget.agents.budget import Budget

    tried = 0
    for deal in range(12):
        game = town.new_solo("town55", seed=deal)
        for _ in range(3):
            game.apply(game.legal_actions()[0])
        moves = game.legal_actions()
        if len(moves) < 3:
            continue
        among = moves[1::2]  # leaves out the first move, and every other one
        assert ISMCTSAgent(seed=deal).search(game.view(0), Budget(40, None, 40), among) in among
        tried += 1
    assert tried >= 5
    with pytest.raises(ValueError, match="no action to search among"):
        ISMCTSAgent(seed=0).search(game.view(0), Budget(40, None, 40), [])


def test_the_expert_gives_its_exact_try_a_share_of_its_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under a time budget the exact try may spend EXACT_SHARE of the move's CPU seconds at most (then the search
    has the rest); with an iterations budget alone it has no time limit, so the moves do not depend on the clock."""
    from townwidget.agents import expert

    given: list[float | None] = []

    def refusing(view: object, count: int, max_nodes: int, search: object, seconds: float | None) -> object:
        given.append(seconds)
        raise TooLarge("refused")

    monkeypatch.setattr(expert, "honest_choices", refusing)
    game = town.new_solo("town44", seed=3)
    for budget in ({"seconds": 1.0}, {"iterations": 20}, {}):
        assert ExpertAgent(seed=0, **budget).act(game.view(0)) in game.legal_actions()  # the search's move
    assert given == [expert.EXACT_SHARE * 1.0, None, expert.EXACT_SHARE * expert.DEFAULT_SECONDS]


def test_the_expert_on_town66_tries_exact_endgames_later(monkeypatch: pytest.MonkeyPatch) -> None:
    """Flips widen a Town 66 endgame: the exact try waits for EXACT_UNSEEN_FLIPS unseen tiles (with more it only
    wasted its share); Town 77 keeps its own threshold."""
    from townwidget.agents import expert

    tried: list[tuple[str, int, float | None]] = []

    def refusing(view: Any, count: int, max_nodes: int, search: object, seconds: float | None) -> object:
        tried.append((view.rules.name, len(view.to_dict()["unseen"]), seconds))
        raise TooLarge("refused")

    monkeypatch.setattr(expert, "honest_choices", refusing)
    for rules, unseen_now in (("town66", expert.EXACT_UNSEEN_FLIPS + 1), ("town66", expert.EXACT_UNSEEN_FLIPS)):
        game, greedy = town.new_solo(rules, seed=4), agents.make_agent("greedy", seed=0)
        while len(game.view(0).to_dict()["unseen"]) > unseen_now and not game.is_terminal():
            game.apply(greedy.act(game.view(0)))
        assert len(game.view(0).to_dict()["unseen"]) == unseen_now, "this deal skips that count: choose another"
        ExpertAgent(seed=0, iterations=5).act(game.view(0))  # an iterations budget: the try has no time limit
        ExpertAgent(seed=0, iterations=5, exact_unseen=expert.EXACT_UNSEEN).act(game.view(0))  # asked to try
    assert tried == [("town66", 10, None), ("town66", 9, None), ("town66", 9, None)]


def test_the_expert_spends_its_perfect_city_work_from_its_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    """The per-move CPU budget covers the whole move: with a fake clock, 0.5 s spent finding the moves that keep a
    complete board leaves 0.5 s of a 1 s budget to the search, 4 iterations of 0.125 s (8 if it were not counted)."""
    from townwidget.agents import budget, expert, mcts

    clock = [0.0]
    for module in (budget, expert, mcts):
        monkeypatch.setattr(module, "thread_seconds", lambda: clock[0])

    def slow_keeping(board: list[list[object]], moves: list[object]) -> list[object]:
        clock[0] += 0.5
        return keeping_moves(board, moves)

    iterations = []
    iterate = mcts._Search.iterate

    def timed_iterate(search: _Search, root: object, state: town.State, first: object = None) -> None:
        iterations.append(clock[0])
        clock[0] += 0.125
        iterate(search, root, state, first)  # type: ignore[arg-type]

    monkeypatch.setattr(expert, "keeping_moves", slow_keeping)
    monkeypatch.setattr(mcts._Search, "iterate", timed_iterate)
    game = town.new_solo("town44", seed=1)
    game.apply(game.legal_actions()[0])
    assert len(keeping_moves(grid_of(game), game.legal_actions())) > 1  # so the search runs
    ExpertAgent(seed=1, seconds=1.0, exact_unseen=0).act(game.view(0))
    assert iterations == [0.5, 0.625, 0.75, 0.875]
