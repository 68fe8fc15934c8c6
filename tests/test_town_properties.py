"""Properties over random games: tiles conserved, the board always valid and connected, games always end,
views never hold hidden tiles, and views depend only on what their player may know."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from townwidget import town

GAMES = st.sampled_from(["town77", "town66", "town44", "town33"])
MAX_ACTIONS = 3000  # a 7 x 7 game takes a few hundred; exchanges could loop only with vanishing probability


def check_board(state: town.State) -> None:
    """Rows and columns hold no colour or shape twice, and every tile is connected to the pioneer (0, 0)."""
    n, cells = state.rules.n, state.board.cells
    grid = {divmod(i, n): content for i, content in enumerate(cells) if content is not None}
    for line in [[(r, k) for k in range(n)] for r in range(n)] + [[(r, k) for r in range(n)] for k in range(n)]:
        tiles = [grid[cell] for cell in line if isinstance(grid.get(cell), tuple)]
        colours = [t[0] for t in tiles]
        shapes = [t[1] for t in tiles if t[1] is not None]
        assert len(colours) == len(set(colours)) and len(shapes) == len(set(shapes))
    if grid:
        reached, todo = {(0, 0)}, [(0, 0)]
        while todo:
            r, k = todo.pop()
            for near in ((r + 1, k), (r - 1, k), (r, k + 1), (r, k - 1)):
                if near in grid and near not in reached:
                    reached.add(near)
                    todo.append(near)
        assert reached == set(grid)


def check_conserved(state: town.State) -> None:
    n = state.rules.n
    on_board = [c for c in state.board.cells if isinstance(c, tuple)]
    if isinstance(state, town.MultiState):
        held = [t for hand in state.hands for t in hand] + state.bag
        assert Counter(held + on_board) == Counter((c, s) for c in range(n) for s in range(n))
    else:
        assert isinstance(state, town.SoloState)
        held = [t for pile in state.piles for t in pile]
        assert len(held) + len(on_board) == n * n and len(set(held) | {t for t in on_board if t[1] is not None}) == len(
            held
        ) + sum(t[1] is not None for t in on_board)


def check_views_hide(state: town.State) -> None:
    for player in range(state.num_players):
        seen = state.to_dict(viewer=player)
        assert "bag" not in seen and "rng" not in seen
        if isinstance(state, town.MultiState):
            for other, hand in enumerate(seen["hands"]):
                if other != player:
                    assert all(tile[1] is None for tile in hand)
            for entry in seen["history"]:
                if entry["type"] == "discard" and entry["player"] != player:
                    assert entry["tile"][1] is None
        else:
            assert all(tile is None for pile in seen["piles"] for tile in pile[:-1])


def play_checked(state: town.State, rng: random.Random) -> int:
    actions = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, "a state that is not over always offers an action"
        state.apply(rng.choice(legal))
        actions += 1
        assert actions < MAX_ACTIONS
        check_board(state)
        check_conserved(state)
        if actions % 7 == 0:
            check_views_hide(state)
    assert state.legal_actions() == [] and state.current_player is None and state.result() is not None
    return actions


@settings(max_examples=40, deadline=None)
@given(rules=GAMES, players=st.integers(2, 5), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_random_multiplayer_games_keep_every_invariant_and_end(
    rules: str, players: int, seed: int, choices: int
) -> None:
    spec = town.resolve_rules(rules)
    players = min(players, (spec.tiles - 1) // spec.hand_size)
    game = town.new_game(spec, players=players, seed=seed)
    play_checked(game, random.Random(choices))
    result = game.result()
    assert result is not None and sorted(result["ranks"]) == list(range(1, players + 1))


@settings(max_examples=40, deadline=None)
@given(rules=GAMES, seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_random_solo_games_keep_every_invariant_and_end(rules: str, seed: int, choices: int) -> None:
    game = town.new_solo(rules, seed=seed)
    play_checked(game, random.Random(choices))
    assert not game.can_move()
    result = game.result()
    assert result is not None and result["placed"] == game.board.placed()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60), players=st.integers(2, 5))
def test_a_view_does_not_depend_on_hidden_tiles(seed: int, steps: int, players: int) -> None:
    """Swap another player's hidden tile with a bag tile of the same colour: the viewer's form is unchanged."""
    game = town.new_game("town77", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_terminal():
            break
        game.apply(rng.choice(game.legal_actions()))
    viewer = rng.randrange(players)
    for other in range(players):
        if other == viewer:
            continue
        for i, (colour, shape) in enumerate(game.hands[other]):
            swaps = [t for t in game.bag if t[0] == colour and t != (colour, shape)]
            if not swaps:
                continue
            twin = game.clone()
            assert isinstance(twin, town.MultiState)
            twin.bag.remove(swaps[0])
            twin.bag.append((colour, shape))
            twin.bag.sort()
            twin.hands[other][i] = swaps[0]
            twin.hands[other].sort()
            assert twin.to_dict(viewer=viewer) == game.to_dict(viewer=viewer)
            view, twin_view = game.view(viewer), twin.view(viewer)
            assert view.legal_actions() == twin_view.legal_actions()
            assert view.sample_state(5).to_dict() == twin_view.sample_state(5).to_dict()
            return


def test_others_see_an_optional_exchange_step_as_place_and_not_its_pass() -> None:
    """Whether the player to act holds three tiles of one shape is theirs to know (the shapes are hidden)."""
    for seed in range(200):
        game = town.new_game("town77", players=2, seed=seed)
        if game.phase == "exchange":
            break
    assert game.phase == "exchange"
    assert game.to_dict(viewer=0)["phase"] == "exchange" and game.to_dict(viewer=1)["phase"] == "place"
    assert game.view(1).phase == "place" and game.view(1).legal_actions() == []
    game.apply(town.Pass())
    assert [e["type"] for e in game.to_dict(viewer=0)["history"]] == ["pass"]
    assert game.to_dict(viewer=1)["history"] == []
    for sample in range(20):
        guess = game.view(1).sample_state(sample)
        assert guess.current_player == 0 and guess.phase in ("place", "exchange")
