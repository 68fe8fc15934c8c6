"""Monte Carlo tree search over states drawn from the acting player's view.

Two agents share one tree search (UCT: Kocsis and Szepesvari, 2006):

- :class:`MCTSAgent` (``"mcts"``), *determinized UCT*: it draws a few full states from the view (in solo: orders of
  the unseen pile tiles), grows one UCT tree on each, and plays the action with the most visits over all trees.
  A new drawn state joins only every few iterations per legal action, so a small budget grows a few trees that
  each try every action, rather than many trees that each see one action once (a vote of noise).
- :class:`ISMCTSAgent` (``"ismcts"``), *single-observer information-set MCTS* (Cowling, Powley and Whitehouse,
  2012): one tree over the acting player's information, and a new drawn state at every iteration (in
  multiplayer: the other hands' shapes and the bag, consistent with the public colours). A node's children are the
  actions seen so far; selection considers only those legal in the current drawn state, and counts how often each
  was available, which replaces the parent's visit count in the UCB formula.

With ``halving=True`` IS-MCTS shares the root's budget by *sequential halving* (Karnin, Koren and Somekh, 2013;
at the root of MCTS: Cazenave, 2014) instead of UCB: every action is simulated equally often, in rounds that run
them all on the same drawn state, and after each of ceil(log2 k) phases the worse half by mean reward is dropped.
UCB with little exploration settles early on whichever action led after a few lucky draws; halving keeps every
action until the evidence is in, and the shared draws let it compare the actions under the same luck.

Both end a simulation with a *rollout*: a few moves, each the best by the game's own position estimate
(``state.heuristic``) among the legal ones (a sample of them when there are many), then the position is scored
by that estimate (random rollouts are weak in Town: a random placement wrecks the board's structure). An agent
may be handed another rollout policy (``rollout=``, a :data:`Rollout`: rewards, or ``None`` where it does not apply
and the heuristic's rollout runs): the expert hands its search compiled Town solo rollouts, on a learned value of
the positions or on the heuristic itself (:func:`townwidget.solvers.rollout.search_rollout`). Rewards
are each player's ``returns()`` (in [0, 1]); the exploration term is scaled by the spread of the rewards seen, so
one constant suits games whose rewards differ by 1/49 (a Town solo tile) or by 1 (a multiplayer win). The spread
is their range, or with ``steady=True`` their standard deviation: in Town solo the range is mostly made by rare
disasters (a line where every pile top dies early) and flattens the search, a range of dozens of tiles against
moves that differ by one.

A game advises searches through its views (``view.search_advice()``, a :class:`~townwidget.core.SearchAdvice`):
its ``iterations`` replace :data:`DEFAULT_ITERATIONS` for the decision when the agent was given no budget, and its
``rollout_moves`` replace :data:`ROLLOUT_DEPTH` (Little Town advises both, see
:class:`~townwidget.littletown.view.LittleTownView`; Town gives no advice).

Everything random comes from the agent's own seeded generator: same seed and same ``iterations``, same moves.

>>> from townwidget import town
>>> game = town.new_game("town44", players=2, seed=1)
>>> agent = ISMCTSAgent(seed=0, iterations=50)
>>> agent.act(game.view(0)) in game.legal_actions()
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from townwidget.agents.budget import Budget
from townwidget.agents.common import legal_actions_of
from townwidget.core import Rng, State, View
from townwidget.core.clock import thread_seconds
from townwidget.core.protocol import rated_child

DEFAULT_ITERATIONS = 1000
EXPLORATION = 0.15  # UCB constant, in units of the reward spread seen so far (0.05 to 0.7 measured about equal)
EXPLORATION_DEVIATION = 0.3  # UCB constant, in standard deviations of the rewards seen (``steady=True``)
DETERMINIZATIONS = 8  # trees grown by determinized UCT, at most
ITERATIONS_PER_ACTION = 2  # iterations per legal action between two new trees of determinized UCT
SAMPLE_POOL = 64  # states drawn by IS-MCTS per move, then reused (a Town solo draw costs a fraction of an iteration)
ROLLOUT_DEPTH = 6  # moves played after the tree before the position estimate takes over
ROLLOUT_CHOICES = 32  # at most this many actions (sampled) are compared by the rollout policy at each move

Rollout = Callable[[State, int, Rng], "list[float] | None"]
"""A rollout policy handed to a search: from a state (which it must leave unchanged), the rollout's length in
moves and the search's generator (for a policy that draws), every player's reward in [0, 1], or ``None`` where it
does not apply (the heuristic's rollout then runs)."""


class _Node:
    """Statistics of one action in the tree: rewards are those of the player who took it."""

    __slots__ = ("children", "visits", "reward", "squares", "available")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.squares = 0.0  # of the rewards: the spread of a root action's value, for an explanation's error bar
        self.available = 0


@dataclass(frozen=True)
class Evaluation:
    """What decided a search's move: the ``actions`` it valued, the chosen one first, then by decreasing merit, each
    with the mean reward the search saw after it (the searching player's ``returns()``: in Town solo the fraction of
    the board filled), that mean's standard error and its simulations (``visits``). ``exact`` values are the
    honest solver's (:mod:`townwidget.solvers.honest`): errors 0, no simulations."""

    actions: tuple[Any, ...]
    means: tuple[float, ...]
    errors: tuple[float, ...]
    visits: tuple[int, ...]
    exact: bool = False

    @property
    def action(self) -> Any:
        return self.actions[0]

    @classmethod
    def of_root(cls, root: _Node, actions: list[Any]) -> Evaluation:
        """The root's children among ``actions``, by visits then mean reward (the first in ``actions`` among
        equals: the order of :func:`_most_visited` and of sequential halving's final choice)."""
        valued = [(action, root.children[action]) for action in actions if action in root.children]
        valued = [(action, child) for action, child in valued if child.visits]
        valued.sort(key=lambda pair: (-pair[1].visits, -pair[1].reward / pair[1].visits))
        return cls(
            tuple(action for action, _child in valued),
            tuple(child.reward / child.visits for _action, child in valued),
            tuple(_error(child) for _action, child in valued),
            tuple(child.visits for _action, child in valued),
        )


def _error(node: _Node) -> float:
    """The standard error of a node's mean reward (0 for a single visit)."""
    if node.visits < 2:
        return 0.0
    mean = node.reward / node.visits
    variance = max(node.squares - node.visits * mean * mean, 0.0) / (node.visits - 1)
    return math.sqrt(variance / node.visits)


class _Search:
    """One tree search: the shared selection, expansion, rollout and backpropagation."""

    def __init__(
        self,
        rng: Rng,
        view: View,
        steady: bool = False,
        among: list[Any] | None = None,
        rollout: Rollout | None = None,
    ) -> None:
        self.rng = rng
        self.own_rollout = rollout
        self.among = among  # the actions the root may take (default: all legal ones)
        self.player = view.player
        advised = view.search_advice().rollout_moves
        self.rollout_moves = ROLLOUT_DEPTH if advised is None else advised
        self.low, self.high = math.inf, -math.inf  # rewards seen by the searching player
        self.steady = steady
        self.count, self.mean, self.squares = 0, 0.0, 0.0  # their running mean and sum of squared deviations

    def iterate(self, root: _Node, state: State, first: Any = None) -> None:
        """One simulation from ``root`` on ``state`` (a drawn state, changed in place); ``first``, if given, is
        the root's action, taken whatever the statistics say (sequential halving chooses it)."""
        path: list[tuple[_Node, int]] = []  # each node with the player who took its action
        node = root
        if first is not None:
            mover = state.current_player
            assert mover is not None
            node = root.children.setdefault(first, _Node())
            state.apply(first)
            path.append((node, mover))
        while not state.is_terminal():
            actions, mover = state.legal_actions(), state.current_player
            assert mover is not None
            if node is root and self.among is not None:
                actions = self.among
            untried = [action for action in actions if action not in node.children]
            if untried:
                action = self.rng.choice(untried)
                node.children[action] = child = _Node()
                state.apply(action)
                path.append((child, mover))
                break
            action = self._select(node, actions)
            state.apply(action)
            node = node.children[action]
            path.append((node, mover))
        rewards = self._rollout(state)
        for child, mover in path:
            reward = rewards[mover]
            child.visits += 1
            child.reward += reward
            child.squares += reward * reward
        self.record(rewards[self.player])

    def record(self, reward: float) -> None:
        """Count a reward of the searching player in the statistics that scale exploration."""
        self.low, self.high = min(self.low, reward), max(self.high, reward)
        self.count += 1
        delta = reward - self.mean  # Welford's running variance
        self.mean += delta / self.count
        self.squares += delta * (reward - self.mean)

    def _exploration(self) -> float:
        """The UCB constant for the rewards seen: in units of their range, or (steady) of their standard deviation,
        which one rare disaster among thousands of outcomes hardly moves."""
        if self.steady:
            return EXPLORATION_DEVIATION * max(math.sqrt(self.squares / self.count), 1e-3)
        return EXPLORATION * max(self.high - self.low, 1e-3)

    def _select(self, node: _Node, actions: list[Any]) -> Any:
        scale = self._exploration()
        best, best_score = actions[0], -math.inf
        for action in actions:
            child = node.children[action]
            child.available += 1
            score = child.reward / child.visits + scale * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score = action, score
        return best

    def _rollout(self, state: State) -> list[float]:
        """Play a few policy moves, then score the position with the game's estimate (exact when over); or the
        rollout handed to the agent, of as many moves, where it applies to this state."""
        own = self.own_rollout
        if own is not None and (rewards := own(state, self.rollout_moves, self.rng)) is not None:
            return list(rewards)
        for _ in range(self.rollout_moves):
            if state.is_terminal():
                return state.returns()
            actions = state.legal_actions()
            state.apply(actions[0] if len(actions) == 1 else heuristic_move(state, actions, self.rng))
        if state.is_terminal():
            return state.returns()
        return [state.heuristic(player) for player in range(state.num_players)]


def heuristic_move(state: State, actions: list[Any], rng: Rng, choices: int = ROLLOUT_CHOICES) -> Any:
    """The rollout policy: the best of ``choices`` actions sampled from ``actions`` (all of them when there are no
    more) by the mover's position estimate after each (:func:`~townwidget.core.protocol.heuristic_after`: ``state``
    does not change); the first in order among equals."""
    return heuristic_step(state, actions, rng, choices)[0]


def heuristic_step(state: State, actions: list[Any], rng: Rng, choices: int = ROLLOUT_CHOICES) -> tuple[Any, Any]:
    """:func:`heuristic_move` and the position after it where rating it gave one
    (:func:`~townwidget.core.protocol.rated_child`; ``None`` otherwise): a playout goes on from that position
    rather than applying the move again, the same game either way."""
    mover = state.current_player
    assert mover is not None
    if len(actions) > choices:
        drawn = [actions[rng.randbelow(len(actions))] for _ in range(choices)]
        actions = [action for i, action in enumerate(drawn) if action not in drawn[:i]]  # each rated once
    best: tuple[Any, float, Any] | None = None
    for action in actions:
        value, child = rated_child(state, action, mover)
        if best is None or value > best[1]:  # the first in order among equals
            best = (action, value, child)
    assert best is not None  # ``actions`` is never empty
    return best[0], best[2]


def _most_visited(roots: list[_Node], actions: list[Any]) -> Any:
    """The action with the most visits over the trees, then the best mean reward; the first in the legal order
    among equals (a stable choice)."""

    def merit(action: Any) -> tuple[int, float]:
        children = [root.children[action] for root in roots if action in root.children]
        visits = sum(child.visits for child in children)
        return visits, sum(child.reward for child in children) / visits if visits else 0.0

    return max(actions, key=merit)


class MCTSAgent:
    """Determinized UCT: a few drawn states, one UCT tree on each, the most visited action over all trees.

    At most ``determinizations`` states are drawn (default :data:`DETERMINIZATIONS`): one at the start, then one
    more every :data:`ITERATIONS_PER_ACTION` x (legal actions) iterations, the later trees sharing the iterations in
    turn. ``rollout`` replaces the heuristic's rollouts where it applies (see :data:`Rollout`).
    """

    name = "mcts"

    def __init__(
        self,
        seed: int | Rng | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        determinizations: int = DETERMINIZATIONS,
        rollout: Rollout | None = None,
    ) -> None:
        self.rng = seed if isinstance(seed, Rng) else Rng(seed)
        self.budget = Budget(iterations, seconds, DEFAULT_ITERATIONS)
        self.determinizations = determinizations
        self.rollout = rollout

    def act(self, view: View) -> Any:
        actions = legal_actions_of(view)
        if len(actions) == 1:
            return actions[0]
        search = _Search(self.rng, view, rollout=self.rollout)
        drawn: list[State] = []
        roots: list[_Node] = []
        grow_every = ITERATIONS_PER_ACTION * len(actions)
        for i in self.budget.iterate(view.search_advice().iterations):
            if len(drawn) < self.determinizations and i == len(drawn) * grow_every:
                drawn.append(view.sample_state(self.rng.spawn()))
                roots.append(_Node())
            tree = i % len(drawn)
            search.iterate(roots[tree], drawn[tree].clone())
        return _most_visited(roots, actions)


class ISMCTSAgent:
    """Single-observer information-set MCTS: one tree, a new state drawn from the view at every iteration.

    Past ``sample_pool`` draws (default :data:`SAMPLE_POOL`) the drawn states are reused in turn; with
    ``sample_pool=None`` every iteration draws its own. ``steady=True`` scales exploration by the standard
    deviation of the rewards seen rather than by their range (:data:`EXPLORATION_DEVIATION`). ``halving=True``
    chooses the root's actions by sequential halving over shared draws rather than by UCB (see the module's
    docstring); below the root the search is the same. ``rollout`` replaces the heuristic's rollouts where it
    applies (see :data:`Rollout`). The expert sets the first three for Town solo (:mod:`townwidget.agents.expert`).
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int | Rng | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        sample_pool: int | None = SAMPLE_POOL,
        steady: bool = False,
        halving: bool = False,
        rollout: Rollout | None = None,
    ) -> None:
        self.rng = seed if isinstance(seed, Rng) else Rng(seed)
        self.budget = Budget(iterations, seconds, DEFAULT_ITERATIONS)
        self.sample_pool, self.steady, self.halving, self.rollout = sample_pool, steady, halving, rollout

    def act(self, view: View) -> Any:
        return self.search(view, self.budget)

    def search(self, view: View, budget: Budget, among: list[Any] | None = None) -> Any:
        """The action the search picks within ``budget`` (the agent's own, or one another agent hands it), among
        the legal actions or, if given, only among ``among`` (some of them)."""
        return self.evaluate(view, budget, among).action

    def evaluate(
        self, view: View, budget: Budget, among: list[Any] | None = None, value_single: bool = False
    ) -> Evaluation:
        """:meth:`search`'s move and the values that decided it. A single action is returned unsearched (no
        values), unless ``value_single``: then the budget goes to the line after it, for its value."""
        actions = legal_actions_of(view) if among is None else among
        if not actions:
            raise ValueError("no action to search among: `among` is empty")
        if len(actions) == 1 and not value_single:
            return Evaluation((actions[0],), (math.nan,), (math.nan,), (0,))
        search, root, draws = _Search(self.rng, view, self.steady, among, self.rollout), _Node(), self._draws(view)
        if self.halving and len(actions) > 1:
            self._halve(search, root, view, actions, budget, draws)
        else:
            for _ in budget.iterate(view.search_advice().iterations):
                search.iterate(root, next(draws))
        return Evaluation.of_root(root, actions)

    def _draws(self, view: View) -> Iterator[State]:
        """States to simulate on, one per call: a new draw from ``view`` each time, or past the sample pool the
        pool's draws in turn (copies)."""
        pool = self.sample_pool
        drawn: list[State] = []
        while True:
            if pool is None:
                yield view.sample_state(self.rng.spawn())
            elif len(drawn) < pool:
                drawn.append(view.sample_state(self.rng.spawn()))
                yield drawn[-1].clone()
            else:
                yield from (state.clone() for state in drawn)

    def _halve(
        self, search: _Search, root: _Node, view: View, actions: list[Any], budget: Budget, draws: Iterator[State]
    ) -> None:
        """Sequential halving at the root: the budget is cut into ceil(log2(k)) phases for k actions; in each,
        every action still in play is simulated equally often, each *round* on one drawn state for them all (so
        the luck of the draw hits them alike), and the worse half by mean reward is then dropped. Whole rounds
        only: at least one, and never past the iteration limit. The actions still in play at the end have the most
        visits: :meth:`Evaluation.of_root` ranks them first, by mean reward."""
        limit, deadline = budget.start(view.search_advice().iterations)
        live, started, done = list(actions), thread_seconds(), 0

        def mean(action: Any) -> float:
            child = root.children[action]
            return child.reward / child.visits

        def left() -> float:
            """Iterations the budget still affords (by the CPU time a simulation has taken so far)."""
            count = math.inf if limit is None else limit - done
            if deadline is not None and done:
                now = thread_seconds()
                count = min(count, (deadline - now) * done / (now - started or 1e-9))
            return count

        phases = math.ceil(math.log2(len(live)))
        for phase in range(phases):
            rounds, played = None, 0
            while rounds is None or played < rounds:
                if done and left() < len(live):
                    return
                state = next(draws)
                for action in live:
                    search.iterate(root, state.clone(), first=action)
                done, played = done + len(live), played + 1
                if rounds is None:  # the phase's share of what is left (this first round included)
                    rounds = max(1, int((left() + len(live)) / ((phases - phase) * len(live))))
            if phase < phases - 1:
                live = sorted(live, key=mean, reverse=True)[: (len(live) + 1) // 2]
