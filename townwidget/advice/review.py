"""Reviews: where did my game go wrong? Every move of a player measured against the best alternative.

:func:`review` replays a finished game and, at each of the player's decisions, measures the candidate moves from
the player's view at that time (:mod:`townwidget.advice.estimate`): the expected result before the move (that of
the best move measured), after it (that of the move played), and the best alternative. The costliest moves are
those whose expected result fell most below the best's. In Town solo the review also gives the *par* of the deal:
the score of the clairvoyant solver, which sees the order of the piles (no honest player can count on it).

The review does not grade itself on its own luck: it **chooses** each position's best move on one set of drawn
states and **measures** that move and the move played on a fresh set, drawn with another seed. (With the scalar
engine the fresh set is played in two halves, and two moves that end every drawn state of the first half alike are
taken as equivalent, loss 0, without the second: a step taken now or later in the same turn.) The largest of many
noisy means leans high (the move that looks best is often the one whose draws were kind); measured again on draws
that played no part in the choice, it does not, so for a player who always plays the best move the expected reported
loss is 0 (exactly 0: the move played is the one chosen), and for any player the reported loss is an unbiased
estimate of what the move cost against the review's choice. *Loss* (chosen minus played) is measured drawn state by
drawn state on the fresh draws, which makes it much more precise than the two values it compares; its mean plus or
minus 1.96 standard errors is a 95% interval for the tiles (VP in Little Town, returns in multiplayer Town) that
move cost against the review's choice, under the playout policy. It can be negative: the move played then did better
than the choice on the fresh draws.

>>> from townwidget import town
>>> game = town.new_solo("town44", seed=2)
>>> while not game.is_terminal():
...     game.apply(game.legal_actions()[-1])
>>> report = review(game, samples=8, progress=False)
>>> len(report.moves) == len(game.history), report.par >= report.score
(True, True)
>>> worst = report.costliest(1)[0]
>>> worst.loss.mean >= 0
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from townwidget.advice import town_advice
from townwidget.advice.estimate import (
    MAX_SAMPLES,
    NOISE,
    Estimate,
    Measurement,
    Scale,
    family_of,
    final_score,
    measure,
    solo_samples,
)
from townwidget.advice.words import game_title, words_for
from townwidget.core import Rng, State, registry
from townwidget.core.checks import is_integer, require_count, require_seconds, shown
from townwidget.core.language import N_, _
from townwidget.core.progress import progress as progress_bar
from townwidget.core.words import decimal

PAR_SECONDS = 8.0  # the clairvoyant solver's time for the par of a Town 77 deal (exact on small boards)
# Drawn states per move, by default: the draws that choose the best move (Town solo on the batched simulator:
# CHOOSING_PLAYOUTS shared among the legal placements) and the fresh ones that measure the chosen, the played and
# the alternative move. Together about what one measurement of every move cost before the two were kept apart.
CHOOSING_PLAYOUTS = 320
CHOOSING_SAMPLES = {"solo": 6, "town": 16, "littletown": 4, "other": 4}
MEASURING_SAMPLES = {"batched": 24, "solo": 12, "town": 16, "littletown": 8, "other": 8}


# The labels' bounds on a loss beyond noise, in the review's unit (tiles in Town solo, VP in Little Town, places of
# expected rank otherwise): good below the first, an inaccuracy below the second, a mistake below the third, a
# blunder from it. Round numbers near the measured spread of losses (benchmarks/review_losses.py;
# docs/hints-and-review.md).
LABEL_BOUNDS = {"tiles": (1.0, 2.5, 4.5), "rank": (0.25, 0.75, 1.0), "points": (2.0, 5.0, 7.5)}
COSTLY = ("inaccuracy", "mistake", "blunder")  # the labels of a move whose better alternative is worth naming
LABELS = {
    "best": N_("best"),
    "as_good": N_("as good as the best"),
    "good": N_("good"),
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}


@dataclass(frozen=True)
class MoveReview:
    """One decision of the reviewed player: ``number`` (its index among the moves the player saw, from 0: move
    ``number + 1`` of the log and the slider, which count a move hidden from the player not), the ``action`` played,
    the expected result ``before`` it (the best move's estimate) and ``after`` it (the played move's), the
    ``best`` move (chosen on one set of draws, maybe the one played) and the best ``alternative`` to the move
    played with its estimate (``None`` when no other move was legal; the estimate ``None`` too when the move played
    was the best: the alternative is then named, not measured), ``loss``: how much the best did better
    than the move played, paired drawn state by drawn state (exactly 0 when the move played was the best). Every
    estimate is measured on draws that did not choose the best move (see the module docstring): ``loss.mean``
    plus or minus 1.96 ``loss.se`` is a 95% interval for what the move cost."""

    number: int
    action: Any
    before: Estimate
    after: Estimate
    best: Any
    alternative: Any | None
    alternative_value: Estimate | None
    loss: Estimate
    words: str  # the move played, in words
    best_words: str  # the best move measured, in words
    notes: tuple[str, ...] = ()  # what the move cost in the game's own terms ("this worker gathered nothing")

    @property
    def best_played(self) -> bool:
        return self.best == self.action

    def label(self, scale: Scale) -> str:
        """The move's label (a key of :data:`LABELS`) from its loss in ``scale``'s unit.

        >>> from dataclasses import replace
        >>> move = MoveReview(0, "a", *[Estimate(30.0, 0.5, 64)] * 2, "b", None, None, Estimate(3.0, 0.4, 64), "", "")
        >>> move.label(Scale(True, 1)), replace(move, loss=Estimate(0.5, 0.4, 64)).label(Scale(True, 1))
        ('mistake', 'as_good')
        """
        if self.best_played:
            return "best"
        loss, se = scale.display_se(self.loss.mean), scale.display_se(self.loss.se)
        if loss <= NOISE * se:
            return "as_good"
        good, inaccuracy, mistake = LABEL_BOUNDS["tiles" if scale.solo else "points" if scale.points else "rank"]
        return (
            "good" if loss < good else "inaccuracy" if loss < inaccuracy else "mistake" if loss < mistake else "blunder"
        )


@dataclass(frozen=True)
class Review:
    """The review of one player's game: ``moves`` (:class:`MoveReview`, in order), the final ``score`` (tiles
    placed in Town solo, VP in Little Town: the ``scale``'s unit; the player's ``returns()`` otherwise), the
    ``scale`` of the estimates, the final ``rank`` (1 = first, shared places averaged), ``costs``: what cost the
    player most over the game in the game's words ("feeding cost 9 VP (3 hungry workers)"; "" if nothing stands
    out, and in Town), and in Town solo
    ``par`` (at least the score: the clairvoyant solver's best line, or the player's own when the solver's time ran
    out below it), ``par_line`` (its moves), ``par_exact`` (whether the solver proved no line does better) and
    ``par_words`` (its moves in words, in the language the review was made in)."""

    game: str
    player: int
    moves: tuple[MoveReview, ...]
    score: float
    scale: Scale
    rank: float = 1.0
    costs: str = ""
    par: int | None = None
    par_line: tuple[Any, ...] | None = None
    par_exact: bool | None = None
    par_words: tuple[str, ...] | None = None

    def costliest(self, k: int = 3) -> list[MoveReview]:
        """The ``k`` moves whose expected result fell most below the best move's, costliest first."""
        if not is_integer(k) or k < 0:
            raise ValueError(f"k must be a non-negative integer, not {shown(k)}")
        ranked = sorted(self.moves, key=lambda move: (-move.loss.mean, move.number))
        return [move for move in ranked[:k] if move.loss.mean > 0]

    @property
    def summary(self) -> str:
        """The result in one sentence, with the par in Town solo (in the current language)."""
        if self.scale.solo:
            placed = _("{game}, solo: {score} tiles placed").format(game=self.game, score=f"{self.score:.0f}")
            if self.par is None:
                return placed
            par = _("par {par}") if self.par_exact else _("par at least {par}")
            solver = _("{placed}; {par} (the clairvoyant solver, which sees the piles)")
            return solver.format(placed=placed, par=par.format(par=self.par))
        if self.scale.points:
            finished = _("{game}: player {player} finished with {score} (rank {rank} of {players})").format(
                game=self.game,
                player=self.player + 1,
                score=_("{value} {points}").format(value=f"{self.score:g}", points=_(self.scale.points)),
                rank=f"{self.rank:g}" if float(self.rank).is_integer() else decimal(self.rank),
                players=self.scale.players,
            )
            if not self.costs:
                return finished
            return _("{finished}; what cost most: {costs}").format(finished=finished, costs=self.costs)
        return _("{game}: player {player} finished with returns {returns} (rank {rank} of {players})").format(
            game=self.game,
            player=self.player,
            returns=f"{self.score:.2f}",
            rank=f"{self.scale.rank(self.score):.1f}",
            players=self.scale.players,
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form, for a front end: the summary, the plot (``svg``), each move's estimates (``mean``,
        ``se``, ``samples``; and as ``shown``, in the summary's units) with the actions as dicts, the costliest moves'
        numbers (and named, in ``costliest_words``), and the par and its line (as dicts and in words). Its words are in
        the current language (the moves' words in the language the review was made in)."""

        def estimate(value: Estimate | None) -> dict[str, Any] | None:
            return None if value is None else vars(value).copy()

        def action(value: Any) -> dict[str, Any] | None:
            return None if value is None else value.to_dict()

        from townwidget.advice.render import costliest_words, review_svg

        return {
            "game": self.game,
            "player": self.player,
            "summary": self.summary,
            "score": self.score,
            "unit": "tiles" if self.scale.solo else self.scale.points or "rank",
            "rank": self.rank,
            "costs": self.costs,
            "moves": [
                {
                    "number": move.number,
                    "action": action(move.action),
                    "words": move.words,
                    "best_words": move.best_words,
                    "before": estimate(move.before),
                    "after": estimate(move.after),
                    "best": action(move.best),
                    "alternative": action(move.alternative),
                    "alternative_value": estimate(move.alternative_value),
                    "loss": estimate(move.loss),
                    "label": move.label(self.scale),
                    "label_words": _(LABELS[move.label(self.scale)]),
                    "notes": list(move.notes),
                    "shown": {  # the estimates in the units the summary uses (tiles, or the expected rank)
                        "before": self._shown(move.before),
                        "after": self._shown(move.after),
                        "loss": self._shown(move.loss, difference=True),
                    },
                }
                for move in self.moves
            ],
            "costliest": [move.number for move in self.costliest()],
            "costliest_words": costliest_words(self),
            "par": self.par,
            "par_exact": self.par_exact,
            "par_line": None if self.par_line is None else [action(move) for move in self.par_line],
            "par_words": None if self.par_words is None else list(self.par_words),
            "svg": review_svg(self),
        }

    def _shown(self, value: Estimate, difference: bool = False) -> dict[str, float]:
        """An estimate's mean and standard error as shown: in tiles, or in ranks (a difference of ranks for a loss,
        never below 0: a move that measured better than the best is as good as the best)."""
        mean = max(0.0, self.scale.display_se(value.mean)) if difference else self.scale.display(value.mean)
        return {"mean": mean, "se": self.scale.display_se(value.se)}

    def _repr_html_(self) -> str:
        from townwidget.advice.render import review_html

        return review_html(self)

    def __repr__(self) -> str:
        return f"<Review {self.summary}: {len(self.moves)} moves>"


def review(
    game: Any,
    player: int | None = None,
    *,
    seed: int = 0,
    samples: int | None = None,
    par_seconds: float | None = PAR_SECONDS,
    progress: bool | None = None,
) -> Review:
    """Review ``player``'s moves in a finished game (default: player 0).

    ``game`` is a finished Town solo state (or its full JSON form, ``state.to_dict()``), or the record of any
    finished game (:class:`townwidget.core.registry.GameRecord` or its dict), which replays every position. A finished
    multiplayer state cannot be replayed (its draws are not in its history): review its record. ``seed`` and
    ``samples`` are passed to :func:`~townwidget.advice.estimate.measure` for each decision; ``par_seconds``
    bounds the solver in CPU seconds (``None``: no limit; 0: no par; at most a day); ``progress`` shows the bars of
    the review and of the solver (``None``: the package setting).

    Raises ``ValueError`` naming the fault for an unfinished game, a player who is not in the game, or anything
    that is not a game this function can replay.
    """
    start, actions = _replayable(game)
    player = 0 if player is None else player
    if not is_integer(player) or not 0 <= player < start.num_players:
        raise ValueError(f"player must be a player number from 0 to {start.num_players - 1}, not {shown(player)}")
    final = _final(start, actions)
    decisions = list(_decisions(start, actions, player))
    return review_decisions(
        decisions, final, player, seed=seed, samples=samples, par_seconds=par_seconds, progress=progress
    )


def review_decisions(
    decisions: Sequence[tuple[int, Any, Any]],
    final: Any,
    player: int,
    *,
    seed: int = 0,
    samples: int | None = None,
    par_seconds: float | None = PAR_SECONDS,
    progress: bool | None = None,
    par_aside: bool = False,
    on_move: Callable[[int, int], None] | None = None,
) -> Review:
    """Review the ``decisions`` of ``player`` in the finished game ``final``: each ``(number, state, action)`` is
    the move number in the history, the full state before it (only the player's view of it is read) and the action
    played. This is what :func:`review` does after replaying a game; a widget calls it with the snapshots it keeps
    for undo. In Town solo the par is solved from ``final``'s deal; with ``par_aside``, in a worker process while
    the moves are judged here (where processes can start: not in Pyodide): the same par, its budget in CPU seconds
    of that process, and the review sooner where a core is free. ``on_move(done, total)`` is called after each move
    judged (a widget's progress)."""
    without_par = type(par_seconds) in (int, float) and par_seconds == 0
    if not without_par:
        require_seconds(par_seconds, "par_seconds")
    require_count(samples, "samples", MAX_SAMPLES)
    _require_over(final)
    start = _deal_of(final) if town_advice.has_par(final) else None
    solving = None
    if par_aside and town_advice.PROCESSES and start is not None and not without_par:
        solving = town_advice.solve_aside(start, final, par_seconds)
    scale, game = Scale.of(final), registry.game_of(final)
    moves, played = [], []
    for number, before, action in progress_bar(decisions, desc="reviewing", unit="move", enabled=progress):
        move = _judged(_seen_number(before, player, number), before, action, player, seed, samples)
        better = move.best if move.label(scale) in COSTLY else None
        moves.append(replace(move, notes=game.move_notes(before, action, better, player)))
        played.append((before, action, better))
        if on_move is not None:
            on_move(len(moves), len(decisions))
    rank = scale.rank(final.returns()[player])
    costs = game.cost_words(final, player, played)
    review_ = Review(game_title(final), player, tuple(moves), final_score(final, player), scale, rank, costs)
    if start is not None and not without_par:
        line = [action for _player, _phase, action in final.history]
        par, par_line, exact = town_advice.par(start, review_.score, line, par_seconds, progress, solving)
        return Review(*_fields(review_), par, par_line, exact, tuple(words_for(start, move) for move in par_line))
    return review_


def _seen_number(before: Any, player: int, number: int) -> int:
    """A move's number as ``player`` counts moves (from 0): the moves before it their view lists (an opponent's move
    hidden from them, as a declined exchange in Town, is not counted; ``number`` where the view lists none)."""
    history = before.to_dict(viewer=player).get("history")
    return number if history is None else len(history)


def _judged(number: int, before: Any, action: Any, player: int, seed: int, samples: int | None) -> MoveReview:
    """One decision: the best move chosen on the draws of ``seed``, then it and the move played measured on fresh
    draws (see the module docstring); the best alternative to the move played is the chosen best unless that is
    the move played, and then it is named but not measured (no label or loss reads it)."""
    view = before.view(player)
    family = family_of(before)
    choosing = CHOOSING_SAMPLES.get(family) or solo_samples(len(view.legal_actions()), CHOOSING_PLAYOUTS)
    ranked = _ranked(view, seed, samples or choosing, action, halve=family != "batched")
    best = ranked[0]
    others = [other for other in ranked if other != action]
    alternative = others[0] if others else None
    judged = list(dict.fromkeys((best, action)))
    fresh = _fresh(view, seed, samples or MEASURING_SAMPLES[family], judged, halve=family != "batched")
    after = fresh.value_of(action)
    loss = Estimate(0.0, 0.0, after.samples) if best == action else fresh.margin(best, action)
    return MoveReview(
        number,
        action,
        fresh.value_of(best),
        after,
        best,
        alternative,
        None if alternative is None or alternative not in judged else fresh.value_of(alternative),
        loss,
        words_for(before, action),
        words_for(before, best),
    )


def _fresh(view: Any, seed: int, samples: int, judged: list[Any], halve: bool) -> Measurement:
    """The ``judged`` moves measured on the fresh draws of ``seed``. With ``halve`` (the scalar engine) in two
    halves: two moves that end every drawn state of the first half alike (the same result in each: a step taken now
    or later in the turn, two equal payments) are equivalent, and the second half is not played for them."""
    first = samples // 2 if halve and len(judged) == 2 else 0
    if not first:
        return measure(view, fresh_seed(seed), samples, only=judged)
    opening = measure(view, fresh_seed(seed), first, only=judged)
    if opening.outcomes[0] == opening.outcomes[1]:
        return opening
    more = measure(view, _stream(seed, 2), samples - first, only=judged)
    return opening.joined(more)


def _ranked(view: Any, seed: int, samples: int, action: Any, halve: bool) -> list[Any]:
    """The candidate moves (the move played among them), best first, on the choosing draws of ``seed``.

    With ``halve`` (the scalar engine, whose playouts are dear) in two rounds: every candidate on half the draws,
    then the two leaders on the other half, drawn from another stream of ``seed``, and ranked on all of them; the
    others stay in the first round's order. The choice reads only these draws, never the fresh ones that measure
    it, so the measured loss stays unbiased; the draws the trailing candidates would have had go unspent."""
    if len(view.legal_actions()) == 1:  # a forced move: nothing to choose
        return [action]
    first = samples // 2 if halve else samples
    opening = measure(view, seed, first or samples, include=[action])
    if not (halve and first):
        return list(opening.actions)
    leaders = opening.actions[:2]
    more = measure(view, _stream(seed, 1), samples - first, only=leaders)
    total = {
        move: sum(opening.outcomes[i]) + sum(more.outcomes[more.actions.index(move)]) for i, move in enumerate(leaders)
    }
    return sorted(leaders, key=lambda move: -total[move]) + list(opening.actions[2:])


def fresh_seed(seed: int) -> int:
    """The seed of the draws that measure what the draws of ``seed`` chose: another stream of the generator."""
    return _stream(seed, 0)


def _stream(seed: int, k: int) -> int:
    """The seed of the ``k``-th stream of draws of ``seed`` besides its own (0: the fresh draws that measure)."""
    rng = Rng(seed)
    for _skipped in range(k):
        rng.next64()
    return rng.next64()


def _fields(review_: Review) -> tuple[str, int, tuple[MoveReview, ...], float, Scale, float, str]:
    """A review's fields before the par."""
    return review_.game, review_.player, review_.moves, review_.score, review_.scale, review_.rank, review_.costs


# --- what can be replayed ----------------------------------------------------------------------------------------
def _replayable(game: Any) -> tuple[Any, list[Any]]:
    """The starting position and the actions of a finished game."""
    if isinstance(game, dict) and game.get("format") == registry.RECORD_FORMAT:
        game = registry.GameRecord.from_dict(game)
    if isinstance(game, registry.GameRecord):
        start = registry.new_game(game.game, len(game.players), game.seed)
        final = registry.replay(game)
        _require_over(final)
        for key, replayed in (("final", final.to_dict()), ("result", final.result()), ("returns", final.returns())):
            if replayed != getattr(game, key):  # the review scores the replay: a record at odds with it is forged
                raise ValueError(f"game record: its {key!r} is not what its moves replay to")
        return start, [action for _player, _phase, action in final.history]
    if isinstance(game, dict):
        game = _loaded(game)
    if isinstance(game, State) and game.num_players > 1:
        raise ValueError(
            "a finished multiplayer state cannot be replayed (its draws are not in its history): "
            "review its game record (townwidget.arena.play_game returns one)"
        )
    if isinstance(game, State):
        _require_over(game)
        return _deal_of(game), [action for _player, _phase, action in game.history]
    raise ValueError(f"review takes a finished game (a solo state or a game record), not {shown(game)}")


def _loaded(data: dict[str, Any]) -> State:
    """A saved solo state, read by its game's engine (``ValueError`` in words for anything else)."""
    try:
        registry.game_saving(data)
    except ValueError:
        raise ValueError(
            "review takes a finished solo state (or its to_dict()) or a game record "
            f"(format {registry.RECORD_FORMAT!r}), not a dict with format {shown(data.get('format'))}"
        ) from None
    try:
        return registry.load_state(data)
    except ValueError as error:
        raise ValueError(
            f"review needs the full solo state, state.to_dict(), not a player's view of it: {error}"
        ) from None


def _require_over(state: Any) -> None:
    if not state.is_terminal():
        raise ValueError(
            f"the game is not over ({len(state.history)} moves so far): review a finished game "
            "(townwidget.hint advises during play)"
        )


def _deal_of(final: State) -> State:
    """The deal a solo game started from, its history checked to replay to ``final`` (ValueError in words)."""
    return registry.positions(final)[0]


def par_positions(final: State, line: Sequence[Any]) -> list[State]:
    """The positions along ``line`` (a review's ``par_line``) from the deal of the finished solo game ``final``: the
    deal, then one position after each move, so that the par line can be stepped through on a board (it is played
    seeing the piles: these positions show what no honest player knows).

    >>> from townwidget import town
    >>> game = town.new_solo("town33", seed=1)
    >>> while not game.is_terminal():
    ...     game.apply(game.legal_actions()[0])
    >>> line = review(game, samples=2, progress=False).par_line
    >>> positions = par_positions(game, line)
    >>> len(positions) == len(line) + 1, positions[0].board.placed(), positions[-1].board.placed() == len(line)
    (True, 0, True)
    """
    state = _deal_of(final)
    positions: list[State] = [state.clone()]
    for action in line:
        state.apply(action)
        positions.append(state.clone())
    return positions


def _decisions(start: Any, actions: list[Any], player: int) -> Iterator[tuple[int, Any, Any]]:
    """(move number, position before, action) for every decision of ``player``."""
    state = start.clone()
    for number, action in enumerate(actions):
        if state.current_player == player:
            yield number, state.clone(), action
        state.apply(action)


def _final(start: Any, actions: list[Any]) -> Any:
    state = start.clone()
    for action in actions:
        state.apply(action)
    return state
