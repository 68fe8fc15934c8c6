"""Tests of the batched simulator: exact rules against the scalar engine, and score distributions against its
uniform random agent (two-sample tests strong enough to catch a mean off by 0.3 tiles)."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from functools import cache

import numpy as np
import pytest

from townwidget import town
from townwidget.solvers import vector
from townwidget.solvers.vector import SoloBatch, _MultiGames, random_playouts
from townwidget.town.state import pile_sizes

# The numba kernel is tested wherever numba is installed; the numpy path always.
BACKENDS = ["numpy"] + (["numba"] if vector.numba_available() else [])
ALPHA = 1e-3  # the seeds are fixed, so a test fails only if the distributions really differ (or by a 1e-3 fluke)


# --- statistics by hand (no scipy) ---------------------------------------------------------------------------------
def chi2_survival(statistic: float, dof: int) -> float:
    """P(X >= statistic) for a chi-square variable with ``dof`` degrees of freedom (exact for integer dof)."""
    y = statistic / 2
    if dof % 2 == 0:
        return math.exp(-y) * sum(y**i / math.factorial(i) for i in range(dof // 2))
    tail = sum(y ** (i - 0.5) / math.gamma(i + 0.5) for i in range(1, (dof + 1) // 2))
    return math.erfc(math.sqrt(y)) + math.exp(-y) * tail


def homogeneity_p(first: Sequence[int], second: Sequence[int]) -> float:
    """Chi-square two-sample test on the counts of each value, adjacent values merged until every cell expects 5."""
    a, b = Counter(first), Counter(second)
    share = len(first) / (len(first) + len(second))
    bins, pending = [], [0, 0]
    for value in sorted(a.keys() | b.keys()):
        pending = [pending[0] + a[value], pending[1] + b[value]]
        total = sum(pending)
        if min(total * share, total * (1 - share)) >= 5:
            bins.append(pending)
            pending = [0, 0]
    if bins:
        bins[-1] = [bins[-1][0] + pending[0], bins[-1][1] + pending[1]]
    if len(bins) < 2:
        return 1.0
    statistic = 0.0
    for left, right in bins:
        total = left + right
        for observed, fraction in ((left, share), (right, 1 - share)):
            statistic += (observed - total * fraction) ** 2 / (total * fraction)
    return chi2_survival(statistic, len(bins) - 1)


def mean_difference_p(first: Sequence[float], second: Sequence[float]) -> float:
    """Two-sided p-value of Welch's z test on the means (the samples are large)."""
    x, y = np.asarray(first, dtype=float), np.asarray(second, dtype=float)
    error = math.sqrt(x.var(ddof=1) / len(x) + y.var(ddof=1) / len(y))
    if error == 0:
        return 1.0 if x.mean() == y.mean() else 0.0
    return math.erfc(abs(x.mean() - y.mean()) / error / math.sqrt(2))


def same_distribution(first: Sequence[int], second: Sequence[int], tests: int = 1) -> bool:
    """Both tests accept at level ALPHA (split over ``tests`` comparisons)."""
    level = ALPHA / (2 * tests)
    return homogeneity_p(first, second) > level and mean_difference_p(first, second) > level


def test_chi2_survival_matches_known_quantiles() -> None:
    assert chi2_survival(3.841, 1) == pytest.approx(0.05, abs=1e-4)
    assert chi2_survival(5.991, 2) == pytest.approx(0.05, abs=1e-4)
    assert chi2_survival(16.919, 9) == pytest.approx(0.05, abs=1e-4)


# --- the scalar engine's uniform random agent -------------------------------------------------------------------
@cache
def scalar_solo_scores(rules: str, games: int) -> tuple[int, ...]:
    chooser, scores = random.Random(7), []
    for seed in range(games):
        state = town.new_solo(rules, seed=seed)
        while not state.is_terminal():
            state.apply(chooser.choice(state.legal_actions()))
        scores.append(state.board.placed())
    return tuple(scores)


def scalar_tiles_left(rules: town.Rules, players: int, games: int) -> np.ndarray:
    chooser, left = random.Random(11), []
    for seed in range(games):
        state = town.new_game(rules, players=players, seed=seed)
        while not state.is_terminal():
            state.apply(chooser.choice(state.legal_actions()))
        left.append([len(hand) for hand in state.hands])
    return np.array(left)


# Scalar games enough to see a mean off by 0.3 tiles with power ~0.9 at ALPHA (from each rule set's spread).
SOLO_SAMPLES = [("town77", 14_000), ("town66", 6000), ("town33", 3000)]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("rules", "games"), SOLO_SAMPLES)
def test_solo_scores_follow_the_scalar_random_agent(rules: str, games: int, backend: str) -> None:
    scalar = scalar_solo_scores(rules, games)
    batched = random_playouts(rules, 100_000, seed=3, backend=backend)
    assert batched.shape == (100_000,) and batched.dtype == np.int64
    assert same_distribution(scalar, batched.tolist())


def test_the_distribution_tests_see_a_mean_off_by_a_third_of_a_tile() -> None:
    scalar = scalar_solo_scores("town77", 14_000)
    batched = random_playouts("town77", 100_000, seed=3, backend="numpy")
    batched[:30_000] += 1  # the mean moves by 0.3
    assert not same_distribution(scalar, batched.tolist())


MULTI_SAMPLES = [
    (town.resolve_rules("town44"), 2, 4000),
    (town.resolve_rules("town77"), 3, 3000),
    (town.Rules("hand3-swap1", 5, hand_size=3, exchange_size=1), 2, 3000),
    (town.Rules("hand5-swap2", 5, hand_size=5, exchange_size=2), 2, 2000),
]


@pytest.mark.parametrize(
    ("rules", "players", "games"), MULTI_SAMPLES, ids=[f"{r.name}-{p}" for r, p, _ in MULTI_SAMPLES]
)
def test_multiplayer_tiles_left_follow_the_scalar_random_agent(rules: town.Rules, players: int, games: int) -> None:
    scalar = scalar_tiles_left(rules, players, games)
    batched = random_playouts(rules, 50_000, seed=5, mode="multi", players=players)
    assert batched.shape == (50_000, players)
    assert batched.min() >= 0 and batched.max() <= rules.hand_size
    for player in range(players):
        assert same_distribution(scalar[:, player].tolist(), batched[:, player].tolist(), tests=players + 1)
    assert same_distribution(scalar.sum(axis=1).tolist(), batched.sum(axis=1).tolist(), tests=players + 1)


# --- exact rules: the batch and the scalar engine in lockstep --------------------------------------------------------
LOCKSTEP_RULES = ["town77", "town66", "town22", "town33", "town88", town.Rules("two-piles", 5, piles=2, flips=1)]


def play_in_lockstep(state: town.SoloState, chooser: random.Random) -> int:
    """Play ``state`` to its end with random moves, a one-game batch copying every move; returns the positions
    where the batch's legal actions, done flag, score and flips were checked against the scalar engine."""
    batch, positions = SoloBatch.from_state(state, copies=1, seed=0), 0
    while True:
        listed = [batch.action(0, int(a)) for a in np.flatnonzero(batch.legal_mask()[0])]
        assert listed == state.legal_actions()
        assert bool(batch.done[0]) == state.is_terminal()
        assert batch.placed()[0] == state.board.placed()
        assert batch.flips_left[0] == state.flips_left
        positions += 1
        if state.is_terminal():
            return positions
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        batch.step(np.array([batch.action_index(action)]))


@pytest.mark.parametrize("rules", LOCKSTEP_RULES, ids=str)
def test_legal_masks_equal_the_scalar_legal_actions_move_by_move(rules: town.Rules | str) -> None:
    chooser, positions = random.Random(2), 0
    for seed in range(25):
        state = town.new_solo(rules, seed=seed)
        for _ in range(chooser.randrange(12)):  # start from positions some moves into the game
            if not state.is_terminal():
                state.apply(chooser.choice(state.legal_actions()))
        positions += play_in_lockstep(state, chooser)
    assert positions > 25  # some checked positions were not the end of a game


MASK64 = 2**64 - 1


def splitmix_below(state: int, bound: int) -> tuple[int, int]:
    """The numba kernel's draw in Python integers: the next SplitMix64 state, and from its output a uniform integer
    in 0..bound-1 (the top 53 bits times the bound, shifted down)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = ((state ^ state >> 30) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ z >> 27) * 0x94D049BB133111EB) & MASK64
    return state, ((z ^ z >> 31) >> 11) * bound >> 53


def scalar_game_on_the_kernel_stream(rules: town.Rules, seed: int) -> int:
    """The tiles the scalar engine places when the kernel's stream from ``seed`` deals (a Fisher-Yates shuffle
    into the piles) and then picks each move by its index in ``legal_actions()``."""
    n, state, tiles = rules.n, seed, list(range(rules.n**2))
    for i in range(n * n - 1, 0, -1):
        state, j = splitmix_below(state, i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    piles, start = [], 0
    for size in pile_sizes(rules):
        piles.append([[tile // n, tile % n] for tile in tiles[start : start + size]])
        start += size
    game = town.from_dict(town.new_solo(rules, seed=0).to_dict() | {"piles": piles})
    assert isinstance(game, town.SoloState)
    while not game.is_terminal():
        actions = game.legal_actions()
        state, index = splitmix_below(state, len(actions))
        game.apply(actions[index])
    return game.board.placed()


@pytest.mark.parametrize("rules", LOCKSTEP_RULES, ids=str)
def test_the_numba_kernel_plays_the_scalar_games_of_its_random_stream(rules: town.Rules | str) -> None:
    from townwidget.solvers import _vector_numba  # the test extra installs numba

    resolved = town.resolve_rules(rules)
    seeds = np.random.default_rng(6).integers(0, 2**64, size=60, dtype=np.uint64, endpoint=False)
    geometry = vector.tables(resolved.n)
    sizes = np.array(pile_sizes(resolved), dtype=np.int64)
    kernel = [  # one game per call: a call shuffles its first deal from the sorted tiles, the next from the last
        int(
            _vector_numba.playouts(
                resolved.n, resolved.flips, sizes, geometry.lines, geometry.neighbours, seeds[i : i + 1]
            )[0]
        )
        for i in range(len(seeds))
    ]
    scalar = [scalar_game_on_the_kernel_stream(resolved, int(seed)) for seed in seeds]
    assert kernel == scalar and len(set(scalar)) > 1


def test_blank_tiles_only_take_their_cell() -> None:
    data = town.new_solo("town55", seed=0).to_dict()
    for cell in ((0, 0), (1, 0)):  # turned-over tiles: the tiles they were leave their piles
        data["board"][cell[0]][cell[1]] = "blank"
        data["piles"][cell[0]].pop()
    data["board"][0][1] = data["piles"][2].pop()
    state = town.from_dict(data)
    assert isinstance(state, town.SoloState)
    assert play_in_lockstep(state, random.Random(0)) > 5


def test_random_actions_are_legal_and_uniform() -> None:
    state = town.new_solo("town66", seed=4)
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    batch = SoloBatch.from_state(state, copies=30_000, seed=1)
    actions = batch.random_actions()
    legal = batch.legal_mask()
    assert legal[np.arange(len(batch)), actions].all()
    counts = np.bincount(actions, minlength=batch.num_actions)[legal[0]]
    expected = len(batch) / len(counts)
    assert len(counts) == len(state.legal_actions()) > 3
    assert chi2_survival(float(((counts - expected) ** 2 / expected).sum()), len(counts) - 1) > ALPHA


def test_new_deals_every_tile_once_into_piles_sized_like_new_solo() -> None:
    rules = town.Rules("four-piles", 5, piles=4)
    batch = SoloBatch.new(rules, games=20_000, seed=8)
    assert batch.heights.tolist()[0] == [len(pile) for pile in town.new_solo(rules, seed=0).piles] == [7, 6, 6, 6]
    dealt = np.sort(np.concatenate([batch.piles[:, i, :size] for i, size in enumerate([7, 6, 6, 6])], axis=1), axis=1)
    assert (dealt == np.arange(25)).all()
    tops = np.bincount(batch.tops()[:, 1], minlength=25)  # a uniform shuffle: every tile equally likely on top
    assert chi2_survival(float(((tops - 800) ** 2 / 800).sum()), 24) > ALPHA


@pytest.mark.parametrize("backend", BACKENDS)
def test_random_rollout_from_a_position_plays_every_copy_to_its_end(backend: str) -> None:
    state = town.new_solo("town66", seed=9)
    for _ in range(8):
        state.apply(state.legal_actions()[-1])
    batch = SoloBatch.from_state(state, copies=500, seed=2)
    final = batch.random_rollout(backend=backend)
    assert batch.done.all() and not batch.legal_mask().any()
    assert (final == batch.placed()).all() and final.min() >= state.board.placed()
    assert (final + batch.heights.sum(axis=1) == 36).all()  # every tile is placed or still in a pile
    assert len(set(final.tolist())) > 1  # the copies play different games
    assert (batch.flips_left >= 0).all() and (batch.flips_left <= state.flips_left).all()
    again = SoloBatch.from_state(state, copies=500, seed=2).random_rollout(backend=backend)
    assert (again == final).all()  # the same seed plays the same games


@pytest.mark.parametrize("backend", BACKENDS)
def test_random_rollout_leaves_finished_games_as_they_are(backend: str) -> None:
    finished = town.new_solo("town22", seed=0)
    while not finished.is_terminal():
        finished.apply(finished.legal_actions()[0])
    fresh = town.new_solo("town22", seed=1)
    batch = SoloBatch.from_states([finished, fresh], seed=0)
    batch.random_rollout(backend=backend)
    assert batch.placed()[0] == finished.board.placed() and batch.heights[0].tolist() == [
        len(pile) for pile in finished.piles
    ]


@pytest.mark.parametrize("backend", BACKENDS)
def test_playouts_are_reproducible_from_a_seed(backend: str) -> None:
    first = random_playouts("town77", 300, seed=12, backend=backend)
    assert (first == random_playouts("town77", 300, seed=12, backend=backend)).all()
    assert not (first == random_playouts("town77", 300, seed=13, backend=backend)).all()


def test_step_refuses_an_illegal_action_and_changes_nothing() -> None:
    batch = SoloBatch.from_state(town.new_solo("town77", seed=0), copies=2)
    before = batch.occupied.copy(), batch.heights.copy()
    with pytest.raises(ValueError, match="not legal in game 1"):
        batch.step(np.array([0, 5]))  # cell 5 of pile 0 is not the pioneer's cell
    with pytest.raises(ValueError, match="not legal in game 0"):
        batch.step(np.array([batch.num_actions, 0]))
    with pytest.raises(ValueError, match="one integer action per game"):
        batch.step(np.array([0]))
    assert (batch.occupied == before[0]).all() and (batch.heights == before[1]).all()


def test_finished_games_ignore_their_actions() -> None:
    finished = town.new_solo("town22", seed=0)
    while not finished.is_terminal():
        finished.apply(finished.legal_actions()[0])
    batch = SoloBatch.from_states([finished, town.new_solo("town22", seed=0)])
    batch.step(np.array([-1, 0]))
    assert batch.placed().tolist() == [finished.board.placed(), 1]


def test_action_numbers_round_trip_and_refuse_what_is_not_a_solo_action() -> None:
    batch = SoloBatch.from_state(town.new_solo("town66", seed=0))
    for index in range(batch.num_actions):
        assert batch.action_index(batch.action(0, index)) == index
    with pytest.raises(ValueError, match="out of range"):
        batch.action(0, batch.num_actions)
    with pytest.raises(ValueError, match="naming its pile"):
        batch.action_index(town.Place((0, 0), (0, 0)))
    plain = SoloBatch.from_state(town.new_solo("town77", seed=0))
    with pytest.raises(ValueError, match="no flips"):
        plain.action_index(town.Place((0, 0), (0, 0), pile=0, flip=True))


def test_batches_refuse_boards_past_eight_and_mixed_inputs() -> None:
    with pytest.raises(ValueError, match="n must be 2..8"):
        SoloBatch.new("town99", games=1)
    with pytest.raises(ValueError, match="same rules"):
        SoloBatch.from_states([town.new_solo("town77"), town.new_solo("town66")])
    with pytest.raises(ValueError, match="SoloState"):
        SoloBatch.from_states([town.new_game("town77")])  # type: ignore[list-item]


@pytest.mark.parametrize("mode", ["solo", "multi"])
def test_nine_by_nine_games_are_played_by_the_scalar_engine(mode: str) -> None:
    result = random_playouts("town99", 2, seed=0, mode=mode, players=None if mode == "solo" else 2)
    assert result.shape == ((2,) if mode == "solo" else (2, 2))
    assert (result >= 0).all() and (result <= 81).all()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"games": 0}, "games must be an integer >= 1"),
        ({"mode": "team"}, "mode must be"),
        ({"mode": "multi"}, "players must be an integer from 2 to 5"),
        ({"mode": "multi", "players": 6}, "players must be an integer from 2 to 5"),
        ({"mode": "multi", "players": 4, "rules": "town22"}, "need more than 4 tiles"),
        ({"players": 2}, "solo games have one player"),
        ({"backend": "gpu"}, "backend must be one of"),
        ({"mode": "multi", "players": 2, "backend": "numba"}, "solo games only"),
        ({"seed": "seven"}, "seed must be"),
    ],
)
def test_random_playouts_names_what_is_wrong(arguments: dict[str, object], message: str) -> None:
    call = {"rules": "town44", "games": 1, **arguments}
    with pytest.raises(ValueError, match=message):
        random_playouts(**call)  # type: ignore[arg-type]


def test_bit_helpers_match_python_integers() -> None:
    rng = np.random.default_rng(0)
    masks = rng.integers(0, 2**64, size=2000, dtype=np.uint64, endpoint=False)
    masks[:3] = [0, 1, 2**63]
    counts = [int(mask).bit_count() for mask in masks]
    assert vector.popcount_bytes(masks).tolist() == counts == vector.popcount(masks).tolist()
    live = masks[masks != 0]
    ranks = vector.uniform_below(vector.popcount(live), rng)
    expected = [
        [bit for bit in range(64) if int(mask) >> bit & 1][rank] for mask, rank in zip(live, ranks, strict=True)
    ]
    assert vector.select_bit(live, ranks).tolist() == expected


def test_without_numba_auto_falls_back_to_numpy_and_numba_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    expected = random_playouts("town55", 50, seed=4, backend="numpy")
    monkeypatch.setattr(vector, "_vector_numba", None)
    assert not vector.numba_available()
    assert (random_playouts("town55", 50, seed=4) == expected).all()
    with pytest.raises(ValueError, match="needs the numba package"):
        random_playouts("town55", 50, seed=4, backend="numba")


# --- exact rules of the multiplayer simulation ----------------------------------------------------------------------
def batch_outline(batch: _MultiGames) -> tuple[object, ...]:
    """What a move decides without chance: the board, who is out, who is to act and in which phase, the sizes."""
    return (
        int(batch.occupied[0]),
        batch.colour_free[0].tolist(),
        batch.shape_free[0].tolist(),
        batch.left[0].tolist(),
        int(batch.current[0]) if batch.phase[0] != vector.OVER else None,
        vector.PHASES[batch.phase[0]],
        vector.popcount(batch.hands[0]).tolist(),
        int(vector.popcount(batch.bag)[0]),
    )


def scalar_outline(state: town.MultiState) -> tuple[object, ...]:
    board = state.board
    return (
        board.occupied,
        board.colour_free,
        board.shape_free,
        [order is not None for order in state.out],
        state.current_player,
        state.phase,
        [len(hand) for hand in state.hands],
        len(state.bag),
    )


TURN_FLOW_RULES = [
    (town.resolve_rules("town44"), 2),
    (town.resolve_rules("town77"), 3),
    (town.resolve_rules("town55"), 4),
    (town.Rules("swap2", 5, exchange_size=2), 2),
    (town.Rules("small-bag", 4, hand_size=3, exchange_size=2), 4),  # the bag empties: no more exchanges
]


@pytest.mark.parametrize(("rules", "players"), TURN_FLOW_RULES, ids=[f"{r.name}-{p}" for r, p in TURN_FLOW_RULES])
def test_multiplayer_choices_and_turn_flow_match_the_scalar_engine(rules: town.Rules, players: int) -> None:
    """At every position of random scalar games: the batch counts the same legal actions; and after a placement
    or a discard (where chance decides nothing but the drawn tile) its next position is one the engine reaches."""
    chooser, rng, checked = random.Random(3), np.random.default_rng(0), Counter[str]()
    for seed in range(12):
        state = town.new_game(rules, players=players, seed=seed)
        while not state.is_terminal():
            batch = vector._MultiGames.from_state(state, rng)
            assert batch_outline(batch) == scalar_outline(state)
            assert batch.option_counts()[0] == len(state.legal_actions())
            if state.phase != "exchange":
                batch.random_round()
                successors = []
                for action in state.legal_actions():
                    successor = state.clone()
                    assert isinstance(successor, town.MultiState)
                    successor.apply(action)
                    successors.append(scalar_outline(successor))
                assert batch_outline(batch) in successors
            checked[state.phase] += 1
            state.apply(chooser.choice(state.legal_actions()))
    assert len(checked) == 3  # every phase was met


def test_from_view_keeps_the_public_tops_and_deals_the_hidden_tiles_anew() -> None:
    state = town.new_solo("town66", seed=6)
    for _ in range(5):
        state.apply(state.legal_actions()[-1])
    batch = SoloBatch.from_view(state.view(0), copies=50, seed=1)
    tops = [c * 6 + s for c, s in (pile[-1] for pile in state.piles)]
    assert (batch.tops() == tops).all()
    assert (batch.occupied == state.board.occupied).all() and (batch.flips_left == state.flips_left).all()
    below = {tuple(batch.piles[row, :, :10].ravel().tolist()) for row in range(len(batch))}
    assert len(below) > 40  # the hidden orders differ from copy to copy
    unseen = sorted(c * 6 + s for pile in state.piles for c, s in pile[:-1])
    hidden = [
        sorted(np.concatenate([batch.piles[row, i, : h - 1] for i, h in enumerate(batch.heights[row])]))
        for row in range(3)
    ]
    assert all(tiles == unseen for tiles in hidden)  # the same unseen tiles, in new orders
    with pytest.raises(ValueError, match="SoloState"):
        SoloBatch.from_view(town.new_game("town44", players=2, seed=0).view(0))
