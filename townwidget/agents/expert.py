"""The ``"expert"`` agent: information-set MCTS that plays the exact honest optimum once the endgame is small.

Its search is :class:`~townwidget.agents.mcts.ISMCTSAgent` tuned for Town solo, where ``"ismcts"``'s own settings
leave tiles on the table: exploration scaled by the standard deviation of the rewards seen (``steady``), not by
their range, which rare disaster lines (every pile top dead early) make 30 tiles wide, so that every move got about
the same visits; a new drawn state at every iteration rather than a pool of 64 reused; and twice the iterations
(:data:`DEFAULT_ITERATIONS`). Town 77 solo, paired with ismcts (1000 iterations, 0.48 CPU s a move) on deals
0-99: 35.56 tiles against 34.23, +1.33 [+0.26, +2.40] (95%), at 1.02 CPU s a move, and far fewer disasters
(lowest score 26 against 7; standard deviation 2.9 tiles against 4.7). On deals 0-11, without the
steady exploration 2000 or 2500 iterations placed no more than ismcts (-0.42 [-3.45, +2.62], -0.33 [-2.68,
+2.02]), and without the exact endgames the expert placed as many (+0.08 [-1.22, +1.38]).

In Town 77 solo its rollouts play moves greedy by the learned value of :mod:`townwidget.solvers.value` and end on that
value, compiled by numba (:func:`~townwidget.solvers.value.learned_rollout`, handed to its search as ``rollout``;
without numba or numpy, or on other boards, the heuristic's rollouts of :mod:`~townwidget.agents.mcts`): the value was
fitted by self-play to the tiles games went on to place, where the heuristic is nearly flat in the middle game (one move
played greedily on it places 34.3 tiles, on the heuristic 29.0). Town 77 deals 0-99: 37.38 [36.97, 37.79] tiles at 0.18
CPU s a move (2000 iterations); side by side with the expert on the heuristic's rollouts (deals 0-43, paired) +1.75
[+0.68, +2.82] tiles (better on 27 deals, worse on 9), at 0.18 against 1.09 CPU s a move; on deals 2000-2099 and
3000-3099, chosen after the design, 36.49 [35.92, 37.06] and 36.59 [36.13, 37.05], and later 4000-4099 36.65 [35.82,
37.48]: over all 400 deals 36.78 [36.48, 37.07] (deals 0-99 were kind). On Town 44, where six rollout moves nearly reach
the end, the opening was worth no more with it (-0.12 [-0.53, +0.28] tiles of exact value, deals 0-99, paired), so small
boards keep the heuristic.

The root's budget is shared by sequential halving over paired draws (``halving``, see
:mod:`~townwidget.agents.mcts`), not by UCB: with the steady exploration, UCB settled on whichever move led after
the first draws (on 66 positions of Town 77 games, four seeds often picked different moves; against evaluations of
every move with equal visits, its choice lost 0.120 tiles of the search's own estimate a move, sequential halving's
0.055). Town 44 deals 0-99, paired with the UCB root: the exact honest value of the first position with at most 8
unseen tiles 13.72 against 12.97 tiles, +0.75 [+0.15, +1.34] (95%), final scores 13.67 against 12.95; Town 77
deals 0-99: 35.43 against 34.95 tiles, +0.48 [-0.63, +1.59] (better on 51 deals, worse on 38; one game stalled
after 3 tiles), at 1.03 against 1.11 CPU s a move.

On boards up to 4 x 4, the search considers only the moves after which a complete board (a *perfect city*, a
pair of orthogonal Latin squares) is still possible, whenever some legal move keeps one
(:mod:`townwidget.agents.perfect`): order 4 has few such pairs, and a board that has lost them all cannot be filled.
Town 44, deals 100-179, the exact honest value of the expert's first position with at most 8 unseen tiles (its
expected score if optimal play took over there; paired by deal, the exact tries left out): 14.10 tiles with the
rule against 13.76 without, +0.34 [+0.02, +0.66] (95%).

In a solo game, once few tiles are unseen below the pile tops (:data:`EXACT_UNSEEN`), the agent asks the exact
solver of :mod:`townwidget.solvers.honest` for the move of optimal play without peeking, within a budget of searched
positions (:data:`EXACT_NODES`) and, under a time budget, of at most :data:`EXACT_SHARE` of the move's CPU
seconds (on a busy machine nodes cost more: a Town 44 move with a refused try took 2.3 s of a 1.9 s budget
before this share); the solver reads only what the player sees. When the position is still too large for
that budget (:class:`~townwidget.solvers.honest.TooLarge`), or earlier in the game, it searches with the rest of
its budget. The solver's tables are kept from move to move (and game to game on the same board size), so a refused
try is not wasted: the next move's position was searched in part. In any other game (multiplayer Town, Little
Town) it plays exactly as ``"ismcts"`` with the same arguments, its defaults included.

>>> from townwidget import town
>>> game = town.new_solo("town33", seed=0)
>>> agent = ExpertAgent(seed=0, iterations=50)
>>> while not game.is_terminal():
...     game.apply(agent.act(game.view(0)))
>>> game.board.placed()
9
"""

from __future__ import annotations

import time
from typing import Any

from townwidget.agents.budget import Budget
from townwidget.agents.common import legal_actions_of
from townwidget.agents.mcts import DEFAULT_ITERATIONS as ISMCTS_ITERATIONS
from townwidget.agents.mcts import ISMCTSAgent, Rollout
from townwidget.agents.perfect import keeping_moves
from townwidget.core import Rng, View
from townwidget.solvers.honest import HonestSearch, TooLarge, honest_policy
from townwidget.town.view import TownView

DEFAULT_ITERATIONS = 2000  # IS-MCTS iterations per move (Town 77: 0.18 CPU s a move with numba, 1 s without)
DEFAULT_SECONDS = 1.9  # CPU seconds per move at most, by default (the exact try included)
EXACT_UNSEEN = 14  # unseen tiles: with more, a Town 77 endgame is always beyond EXACT_NODES
EXACT_NODES = 30_000  # searched positions per move for the exact try (up to about 0.8 CPU s)
EXACT_SHARE = 0.6  # of a move's CPU seconds, at most, for the exact try (see ExpertAgent)
SAMPLE_POOL: int | None = None  # IS-MCTS draws a new state at every iteration (see ISMCTSAgent)
STEADY = True  # IS-MCTS explores by the standard deviation of the rewards, not their range (see ISMCTSAgent)
HALVING = True  # IS-MCTS shares its root's budget by sequential halving over paired draws (see ISMCTSAgent)
TABLE_LIMIT = 400_000  # solver table entries kept between moves, at most (then they start afresh)


class ExpertAgent:
    """IS-MCTS with the exact honest policy in solo endgames.

    ``iterations`` and ``seconds`` (CPU seconds of the thinking thread) bound each move as for ``"ismcts"``; the
    time of an exact try counts against ``seconds``, not against ``iterations`` (so a seed and an ``iterations``
    budget alone still give the same moves). With neither, in solo, :data:`DEFAULT_ITERATIONS` and at most
    :data:`DEFAULT_SECONDS` a move, whichever runs out first; in other games, the defaults of ``"ismcts"``.
    ``exact_unseen`` and ``exact_nodes`` bound the exact tries (0 unseen: none); ``keep_perfect=False`` lets the
    search consider every move on small boards too (see :mod:`townwidget.agents.perfect`).
    """

    name = "expert"

    def __init__(
        self,
        seed: int | Rng | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        exact_unseen: int = EXACT_UNSEEN,
        exact_nodes: int = EXACT_NODES,
        keep_perfect: bool = True,
    ) -> None:
        rng = seed if isinstance(seed, Rng) else Rng(seed)
        # Both search on the budget given at each move, from one generator.
        self.solo_search = ISMCTSAgent(
            rng, sample_pool=SAMPLE_POOL, steady=STEADY, halving=HALVING, rollout=learned_rollout()
        )
        self.plain_search = ISMCTSAgent(rng)
        self.iterations, self.seconds = iterations, seconds
        self.exact_unseen, self.exact_nodes = exact_unseen, exact_nodes
        self.keep_perfect = keep_perfect
        self.tables: dict[int, HonestSearch] = {}  # per board size

    def act(self, view: View) -> Any:
        if not isinstance(view, TownView) or (seen := view.to_dict())["mode"] != "solo":
            return self.plain_search.search(view, Budget(self.iterations, self.seconds, ISMCTS_ITERATIONS))
        start = time.thread_time()
        iterations, seconds = self.iterations, self.seconds
        if iterations is None and seconds is None:
            iterations, seconds = DEFAULT_ITERATIONS, DEFAULT_SECONDS
        if len(seen["unseen"]) <= self.exact_unseen:
            exact = self._exact_move(view, None if seconds is None else EXACT_SHARE * seconds)
            if exact is not None:
                return exact
        among = keeping_moves(seen["board"], legal_actions_of(view)) if self.keep_perfect else None
        if seconds is not None:  # what the exact try and the perfect cities took is spent
            seconds = max(seconds - (time.thread_time() - start), 1e-6)
        return self.solo_search.search(view, Budget(iterations, seconds, DEFAULT_ITERATIONS), among)

    def _exact_move(self, view: TownView, seconds: float | None) -> Any:
        """The exact honest move if the solver answers within its node budget (and ``seconds``), else ``None``."""
        if view.current_player != view.player:
            return None  # the search says why there is no move
        n = view.rules.n
        search = self.tables.get(n)
        if search is None or len(search.exact) + len(search.upper) > TABLE_LIMIT:
            search = self.tables[n] = HonestSearch(n)
        try:
            return honest_policy(view, max_nodes=self.exact_nodes, search=search, seconds=seconds)
        except TooLarge:
            return None


def learned_rollout() -> Rollout | None:
    """The rollouts on the learned value, compiled now (not within the first move's budget); ``None`` without
    numpy, where the search rolls out on the heuristic as it does without numba."""
    try:
        from townwidget.solvers import value
    except ImportError:  # numpy is absent (a browser's Python, say): the learned value needs it
        return None
    value.warm_up()
    return value.learned_rollout
