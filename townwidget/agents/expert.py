"""The ``"expert"`` agent: information-set MCTS that plays the exact honest optimum once the endgame is small.

Its search is :class:`~townwidget.agents.mcts.ISMCTSAgent` tuned for Town solo, where ``"ismcts"``'s own settings
leave tiles on the table: exploration scaled by the standard deviation of the rewards seen (``steady``), not by
their range, which rare disaster lines (every pile top dead early) make very wide, so that every move got about
the same visits; a new drawn state at every iteration rather than a pool reused; and twice the iterations
(:data:`DEFAULT_ITERATIONS`). Each of these was kept because it placed more tiles than ismcts on the same deals
(paired); without the steady exploration, more iterations placed no more than ismcts.

In Town 77 solo its rollouts play moves greedy by the learned value of :mod:`townwidget.solvers.value` and end on
that value, compiled by numba; on other boards they are the heuristic's rollouts of :mod:`~townwidget.agents.mcts`,
compiled too (:func:`~townwidget.solvers.rollout.search_rollout`, handed to its search as ``rollout``; without numba
or numpy the search's own heuristic rollouts run, in Python):
the value was fitted by self-play to the tiles games went on to place, where the heuristic is nearly flat in the
middle game. On Town 44, where six rollout moves nearly reach the end, the opening was worth no more with it, so
small boards keep the heuristic.

The root's budget is shared by sequential halving over paired draws (``halving``, see
:mod:`~townwidget.agents.mcts`), not by UCB: with the steady exploration, UCB settled on whichever move led after
the first draws (four seeds often picked different moves, and its choice lost more of the search's own estimate
than sequential halving's against evaluations of every move with equal visits).

On boards up to 4 x 4, the search considers only the moves after which a complete board (a *perfect city*, a
pair of orthogonal Latin squares) is still possible, whenever some legal move keeps one
(:mod:`townwidget.agents.perfect`): order 4 has few such pairs, and a board that has lost them all cannot be filled.

In Town solo the root never takes a move whose exact chance of ending the game within the next two draws is more
than :data:`END_MARGIN` above the safest move's (:func:`safest`, :mod:`townwidget.agents.dead_end`): sampled futures
see so sudden an end as noise. Games still end early by bad luck: on Town 77 deal 8019 two fresh seeds of twelve
place 4 tiles, but there every move they had was exactly as likely to end the game within four draws as any other
(the hidden order decided), and the opening they chose was among the safest; ``benchmarks/no_blunder.py`` counts
such games.

The expert's strength, and what each of these choices gained, side by side on the same deals and on deals chosen
after the design: ``benchmarks/strength.py`` and ``benchmarks/honest_optimum.py``, figures in
``docs/benchmarks.md``.

In a solo game, once few tiles are unseen below the pile tops (:data:`EXACT_UNSEEN`), the agent asks the exact
solver of :mod:`townwidget.solvers.honest` for the move of optimal play without peeking, within a budget of searched
positions (:data:`EXACT_NODES`) and, under a time budget, of at most :data:`EXACT_SHARE` of the move's CPU
seconds (on a busy machine nodes cost more: before this share, a Town 44 move with a refused try could overrun
its budget); the solver reads only what the player sees. When the position is still too large for
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

import contextlib
import hashlib
import json
from typing import Any

from townwidget.agents.budget import Budget
from townwidget.agents.common import legal_actions_of
from townwidget.agents.dead_end import end_risks
from townwidget.agents.mcts import DEFAULT_ITERATIONS as ISMCTS_ITERATIONS
from townwidget.agents.mcts import Evaluation, ISMCTSAgent, Rollout
from townwidget.agents.perfect import keeping_moves
from townwidget.core import Rng, View
from townwidget.core.clock import thread_seconds
from townwidget.solvers import warm
from townwidget.solvers.honest import HonestSearch, TooLarge, honest_choices
from townwidget.town.view import TownView

DEFAULT_ITERATIONS = 2000  # IS-MCTS iterations per move (CPU s a move: docs/benchmarks.md)
DEFAULT_SECONDS = 1.9  # CPU seconds per move at most, by default (the exact try included)
EXACT_UNSEEN = 14  # unseen tiles: with more, a Town 77 endgame is always beyond EXACT_NODES
# The same where the rules have flips (Town 66): they widen the endgame's tree; over 6 games every try with 10 or more
# unseen ran out of its budget (about 1 CPU s each, wasted) and most with 9 or fewer were answered.
EXACT_UNSEEN_FLIPS = 9
EXACT_NODES = 30_000  # searched positions per move for the exact try (under a second)
EXACT_SHARE = 0.6  # of a move's CPU seconds, at most, for the exact try (see ExpertAgent)
SAMPLE_POOL: int | None = None  # IS-MCTS draws a new state at every iteration (see ISMCTSAgent)
STEADY = True  # IS-MCTS explores by the standard deviation of the rewards, not their range (see ISMCTSAgent)
HALVING = True  # IS-MCTS shares its root's budget by sequential halving over paired draws (see ISMCTSAgent)
END_DRAWS = 2  # draws ahead over which the exact chance of the game's end guards the search's root (see safest)
END_MARGIN = 0.03  # a root move may risk the end within END_DRAWS draws by this much more than the safest one
TABLE_LIMIT = 400_000  # solver table entries kept between moves, at most (then they start afresh)


class ExpertAgent:
    """IS-MCTS with the exact honest policy in solo endgames.

    ``iterations`` and ``seconds`` (CPU seconds of the thinking thread) bound each move as for ``"ismcts"``; the
    time of an exact try counts against ``seconds``, not against ``iterations`` (so a seed and an ``iterations``
    budget alone still give the same moves). With neither, in solo, :data:`DEFAULT_ITERATIONS` and at most
    :data:`DEFAULT_SECONDS` a move, whichever runs out first; in other games, the defaults of ``"ismcts"``.
    ``exact_unseen`` and ``exact_nodes`` bound the exact tries (0 unseen: none; by default :data:`EXACT_UNSEEN`, or
    :data:`EXACT_UNSEEN_FLIPS` under rules with flips); ``keep_perfect=False`` lets the search consider every move
    on small boards too (see :mod:`townwidget.agents.perfect`).

    Each move's generator is drawn afresh from the seed and the view (:meth:`move_rng`), so a move depends on
    the seed and what the player sees, not on the games or moves the agent played before: an agent reused for many
    games plays each as a new agent with its seed would, and a hint (:func:`townwidget.advice.hint`) is the move
    of a new agent. The solver's tables are only a memory of exact values (they change which endgames are
    answered within the node budget, never an answer); they are kept within a game and dropped when a view does
    not continue the last one (:meth:`_tables_for`).
    """

    name = "expert"

    def __init__(
        self,
        seed: int | Rng | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        exact_unseen: int | None = None,
        exact_nodes: int = EXACT_NODES,
        keep_perfect: bool = True,
    ) -> None:
        self.seed = (seed if isinstance(seed, Rng) else Rng(seed)).next64()
        Budget(iterations, seconds, DEFAULT_ITERATIONS)  # refused here, not at the first move
        self.rollout = compiled_rollout()
        self.iterations, self.seconds = iterations, seconds
        self.exact_unseen, self.exact_nodes = exact_unseen, exact_nodes
        self.keep_perfect = keep_perfect
        self.tables: HonestSearch | None = None  # of the game being played
        self.last_board: dict[tuple[int, int], Any] = {}  # the cells filled in the last solo view, and by what

    def act(self, view: View) -> Any:
        return self.decide(view).action

    def decide(self, view: View, rivals: bool = False) -> Evaluation:
        """The move and the values that decided it: the search's root (or the exact solver's answer). With
        ``rivals``, the values of other moves too where only the best was needed (the exact solver's move
        alone; a single legal move unsearched), within the move's budget: an explanation compares them."""
        rng = self.move_rng(view)
        if self.rollout is None and warm.ready():  # compiled in the background since this agent was made
            self.rollout = compiled_rollout()
        if not isinstance(view, TownView) or (seen := view.to_dict())["mode"] != "solo":
            plain = ISMCTSAgent(rng)
            return plain.evaluate(view, Budget(self.iterations, self.seconds, ISMCTS_ITERATIONS), value_single=rivals)
        start = thread_seconds()
        iterations, seconds = self.iterations, self.seconds
        if iterations is None and seconds is None:
            iterations, seconds = DEFAULT_ITERATIONS, DEFAULT_SECONDS
        if len(seen["unseen"]) <= self._exact_unseen(view):
            exact = self._exact_move(view, None if seconds is None else EXACT_SHARE * seconds, rivals)
            if exact is not None:
                return exact
        among = keeping_moves(seen["board"], legal_actions_of(view)) if self.keep_perfect else None
        among = safest(view, among)
        if seconds is not None:  # what the exact try and the perfect cities took is spent
            seconds = max(seconds - (thread_seconds() - start), 1e-6)
        search = ISMCTSAgent(rng, sample_pool=SAMPLE_POOL, steady=STEADY, halving=HALVING, rollout=self.rollout)
        return search.evaluate(view, Budget(iterations, seconds, DEFAULT_ITERATIONS), among, value_single=rivals)

    def _exact_unseen(self, view: TownView) -> int:
        """The most unseen tiles at which this agent tries the exact solver on ``view``."""
        if self.exact_unseen is not None:
            return self.exact_unseen
        return EXACT_UNSEEN_FLIPS if view.rules.flips else EXACT_UNSEEN

    def move_rng(self, view: View) -> Rng:
        """The generator of a move: from the agent's seed and a digest of the view's JSON form (what the player
        sees) without its history, so the same position gets the same generator however it was reached, and
        nothing carries over from earlier moves."""
        position = {key: value for key, value in view.to_dict().items() if key != "history"}
        seen = json.dumps(position, sort_keys=True, separators=(",", ":")).encode()
        return Rng(self.seed ^ int.from_bytes(hashlib.blake2b(seen, digest_size=8).digest(), "little"))

    def _exact_move(self, view: TownView, seconds: float | None, rivals: bool) -> Evaluation | None:
        """The exact honest move and its value if the solver answers within its node budget (and ``seconds``),
        else ``None``; with ``rivals``, the next best move's exact value too (the same search, cut off less)."""
        if view.current_player != view.player:
            return None  # the search says why there is no move
        search, tiles, start = self._tables_for(view), view.rules.tiles, thread_seconds()
        try:
            valued = honest_choices(view, 1, self.exact_nodes, search, seconds)
        except TooLarge:
            return None
        if rivals:  # the next best too, on the tables the first search filled (the move stays the agent's)
            left = None if seconds is None else max(seconds - (thread_seconds() - start), 1e-6)
            with contextlib.suppress(TooLarge):
                valued = honest_choices(view, 2, self.exact_nodes, search, left)
        return Evaluation(
            tuple(action for action, _value in valued),
            tuple(value / tiles for _action, value in valued),
            (0.0,) * len(valued),
            (0,) * len(valued),
            exact=True,
        )

    def _tables_for(self, view: TownView) -> HonestSearch:
        """The solver's tables for this view: those of the game going on if the view continues the last one seen
        (the same board size, every tile of the last view's board still in its cell, more placed), else new ones
        (a new game), and new ones past :data:`TABLE_LIMIT` entries."""
        board = {
            (r, c): cell
            for r, row in enumerate(view.to_dict()["board"])
            for c, cell in enumerate(row)
            if cell is not None
        }
        tables = self.tables
        same_game = (
            tables is not None
            and tables.n == view.rules.n
            and len(board) > len(self.last_board)
            and all(board.get(cell) == tile for cell, tile in self.last_board.items())
        )
        if not same_game or tables is None or len(tables.exact) + len(tables.upper) > TABLE_LIMIT:
            tables = self.tables = HonestSearch(view.rules.n)
        self.last_board = board
        return tables


def safest(view: TownView, among: list[Any] | None) -> list[Any] | None:
    """The moves of ``among`` (default: every legal move) the search may choose from: those whose exact chance
    of ending the game within :data:`END_DRAWS` draws (:func:`~townwidget.agents.dead_end.end_risks`) is at most
    :data:`END_MARGIN` above the smallest. Sampled futures see so sudden an end as noise: on Town 77 deal 4, at 25
    tiles, every seed's search chose a move that ends the game at once with chance 0.105 over one with 0.007. A
    3% higher chance of ending costs a tile early in the game, more than the root's ratings tell apart."""
    candidates = legal_actions_of(view) if among is None else among
    if len(candidates) < 2:
        return among
    risks = end_risks(view, END_DRAWS)
    lowest = min(risks[move] for move in candidates)
    return [move for move in candidates if risks[move] <= lowest + END_MARGIN]


def compiled_rollout() -> Rollout | None:
    """The search's compiled rollouts (:func:`townwidget.solvers.rollout.search_rollout`), compiled now (not
    within the first move's budget); ``None`` without numpy, where the search rolls out on the heuristic in
    Python as it does without numba, and while a widget's thread compiles them (:mod:`townwidget.solvers.warm`):
    a search then rolls out in Python rather than wait, until they are ready."""
    if warm.compiling():
        return None
    try:
        from townwidget.solvers import rollout
    except ImportError:  # numpy is absent (a browser's Python, say): the compiled rollouts need it
        return None
    warm.warm_up_rollouts()
    return rollout.search_rollout
