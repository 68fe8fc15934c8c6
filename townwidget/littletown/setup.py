"""Setting up a Little Town game: the market, the objective cards (with the market-symbol redraw), coins, the first
player.

>>> game = new_game(players=3, seed=4, rules={"side": 2})
>>> [len(cards) for cards in game.objectives], game.coins, game.workers_left
([3, 3, 3], [3, 3, 3], [4, 4, 4])
>>> sum(game.market), game.market[0]
(17, 5)

A saved game's set-up is known from the end (:func:`start_of`): play draws nothing after it, so the market, the
cards and the first player the history starts from are read back from the position.
"""

from __future__ import annotations

from typing import Any

from townwidget.core.checks import require_integer
from townwidget.core.rng import Rng, make_rng
from townwidget.littletown import objectives as obj
from townwidget.littletown.data import (
    CARD_IDS,
    MARKET_SLOTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    START_COINS,
    TOTAL_COINS,
    WHEAT_FIELD,
)
from townwidget.littletown.rules import Rules, resolve_rules
from townwidget.littletown.state import State


def new_game(players: int = 2, seed: int | Rng | None = None, rules: Rules | dict[str, Any] | None = None) -> State:
    """A new game: the market (the 5 Wheat Fields and 12 other buildings: drawn at random, or with
    ``bird_market`` the 12 marked with a bird), objective cards dealt (a card the market makes impossible is set
    aside and replaced), 3 coins each, and a first player drawn at random."""
    rules = resolve_rules(rules)
    require_integer(players, "players", MIN_PLAYERS, MAX_PLAYERS, error=ValueError)
    state = State(rules, players, make_rng(seed))
    rng = state.rng
    others = [kind for kind in state.kinds if kind.index != WHEAT_FIELD]
    if rules.bird_market:
        chosen = [kind for kind in others if kind.bird]
    else:
        rng.shuffle(others)
        chosen = others[:MARKET_SLOTS]
    state.market[WHEAT_FIELD] = state.kinds[WHEAT_FIELD].count
    for kind in chosen:
        state.market[kind.index] = kind.count
    possible = obj.possible_cards([kind.id for kind in chosen], rules.restaurant_gives)
    deck = list(CARD_IDS)
    rng.shuffle(deck)
    set_aside: list[int] = []
    for hand in state.objectives:
        # The deck cannot run out: the 8 cards without the market symbol and at least one with it are possible.
        while len(hand) < state.seats.objectives:
            card = deck.pop()
            (hand if card in possible else set_aside).append(card)
        hand.sort()
    state.unused = sorted(deck + set_aside)
    state.coins = [START_COINS] * players
    state.reserve_coins = TOTAL_COINS - START_COINS * players
    state.first_player = state.current_player = rng.randbelow(players)
    return state


def start_of(state: State) -> State:
    """The set-up ``state``'s history was played from: its market with every building back, each player's objective
    cards (held and completed), the cards set aside, 3 coins each, and the first mover (its first move's player)."""
    start = State(state.rules, state.num_players, state.rng.copy())
    built = {kind for kind, _owner in filter(None, state.buildings)}
    for kind in start.kinds:
        if state.market[kind.index] or kind.index in built:
            start.market[kind.index] = kind.count
    start.objectives = [sorted(held + done) for held, done in zip(state.objectives, state.completed, strict=True)]
    start.unused = list(state.unused)
    start.coins = [START_COINS] * state.num_players
    start.reserve_coins = TOTAL_COINS - START_COINS * state.num_players
    start.first_player = start.current_player = state.history[0][0] if state.history else state.first_player
    return start
