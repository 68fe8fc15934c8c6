"""Lesson 05, AI opponents: the checkers of its exercises."""

from __future__ import annotations

import math
import secrets
import statistics
from typing import Any

from townwidget.agents import AGENT_NAMES, make_agent
from townwidget.arena import Z95, Forfeit, IsolatedAgent, solo_run
from townwidget.arena.isolation import is_submission
from townwidget.core import asks_to_peek, declared_name, is_agent
from townwidget.core.errors import IllegalAction
from townwidget.core.language import _, language, ngettext
from townwidget.core.progress import progress
from townwidget.exercises.common import (
    NO_ANSWER,
    Verdict,
    _as_list,
    _plain,
    _read_whole_number,
    _wrong,
    in_package_language,
)
from townwidget.solvers.clairvoyant import solve
from townwidget.town import Place, SoloState, TownView, new_game, new_solo, parse_action

#: The largest board :func:`check_solo_line` computes the par of (the clairvoyant solver is quick up to 5 x 5).
MAX_PAR_N = 5
#: The games :func:`check_agent` plays, in order: (rules, players, games); the agent takes seat 0, random agents the
#: others. Their deals are drawn afresh at every call.
AGENT_TRIALS = (("town44", 1, 4), ("town66", 1, 2), ("town44", 2, 2), ("town55", 3, 2))
#: The Town 55 solo deals (drawn afresh at every call) on which :func:`check_agent` compares an agent with another.
COMPARISON_DEALS = 200
#: What the agent's process of :func:`check_agent` cannot import: the package's own players ...
PACKAGE_PLAYERS = ("townwidget.agents", "townwidget.advice", "townwidget.search", "townwidget.solvers")
#: ... but for the lessons' building blocks (05-2's SoloBatch simulates playouts; it chooses no move).
BUILDING_BLOCKS = ("townwidget.solvers", "townwidget.solvers.vector")
#: How many standard errors above 0 the mean paired difference must lie for :func:`check_agent` to call an agent
#: better: a one-sided test at the 0.1% level, so an agent no better than the other passes about once in 1,000 tries.
Z_BETTER = 3.09


def check_hidden_hands_count(view: Any, answer: Any) -> Verdict:
    """Whether ``answer`` is the number of possible hands of the other players, as the viewer of ``view`` (a
    multiplayer :class:`~townwidget.town.TownView`, on the viewer's turn) can tell from what they see: the board,
    their own hand, and the colours on the backs of the other hands. These are the hands
    :meth:`~townwidget.town.TownView.sample_state` draws from, each equally likely.

    >>> from townwidget import town
    >>> view = town.new_game("town44", players=2, seed=0).view(0)
    >>> view.to_dict()["hands"][1]
    [[0, None], [0, None], [1, None], [2, None]]
    >>> print(check_hidden_hands_count(view, 24))
    Right: it is the number of hands the other players may hold, given what player 0 sees.
    """
    data = view.to_dict() if isinstance(view, TownView) else None
    if data is None or data["mode"] != "multi":
        raise ValueError(f"the view must be a multiplayer TownView, not {view!r}")
    if data["current_player"] != view.player:
        raise ValueError("take the view of the player to act: then their own turn says nothing about the other hands")
    task = f"the number of hands the other players may hold, given what player {view.player} sees"
    number, problem = _read_whole_number(answer)
    if problem or number is None:
        return Verdict(task, (problem or NO_ANSWER,))
    # Computed here, not by a helper a student could call: for each colour, the unseen tiles of that colour shared
    # among the hidden places of that colour, hand after hand.
    seen = {tuple(cell) for row in data["board"] for cell in row if isinstance(cell, list)}
    seen |= {tuple(tile) for hand in data["hands"] for tile in hand if tile[1] is not None}
    truth = 1
    for colour in range(data["n"]):
        unseen = data["n"] - sum(1 for c, _shape in seen if c == colour)
        for hand in data["hands"]:
            hidden = sum(1 for c, shape in hand if c == colour and shape is None)
            truth *= math.comb(unseen, hidden)
            unseen -= hidden
    if number == truth:
        return Verdict(task)
    hint = (
        "hint: a face-down tile of colour c is one of the tiles of colour c you cannot see (not on the board, not in "
        "your hand),\n  and a hand is a set: count, colour by colour, the ways to choose them"
    )
    return Verdict(task, (_wrong(number), hint))


def _read_move(move: Any, game: SoloState) -> Any:
    """A solo move as an engine action, checked key by key by :func:`~townwidget.town.parse_action` (which names
    what is wrong): an action or its dict, or ``(pile, (row, column))`` / ``(pile, row, column)``, the top tile of
    that pile to that cell."""
    if isinstance(move, Place):
        move = move.to_dict()
    elif isinstance(move, list | tuple) and len(move) in (2, 3):
        pile, *rest = _plain(move)
        cell = rest[0] if len(rest) == 1 else rest
        if isinstance(pile, bool) or not isinstance(pile, int) or not 0 <= pile < len(game.piles):
            raise IllegalAction(f"there is no pile {pile!r}: the piles are 0 to {len(game.piles) - 1}")
        if not game.piles[pile]:
            raise IllegalAction(f"pile {pile} is empty")
        where = list(cell) if isinstance(cell, list | tuple) else cell
        move = {"type": "place", "pile": pile, "tile": list(game.piles[pile][-1]), "cell": where}
    if not isinstance(move, dict):
        raise IllegalAction(f"a move is (pile, (row, column)) or an action such as town.Place, not {move!r}")
    return parse_action(move, game.rules.n)


@in_package_language
def check_solo_line(deal: Any, moves: Any) -> Verdict:
    """Whether ``moves``, played in order on the solo ``deal`` (a :class:`~townwidget.town.SoloState` seen face up,
    as the clairvoyant solver sees it), place as many tiles as the deal allows: its *par*, computed by
    :func:`townwidget.agents.clairvoyant.solve`. Each move is ``(pile, (row, column))`` (the top of that pile goes
    on that cell) or an action such as ``town.Place``; the engine checks every one. Worded in the package language
    (a refused move as the widgets word it, from the board's rule).

    >>> from townwidget import town
    >>> deal = town.new_solo("town33", seed=0)
    >>> print(check_solo_line(deal, [(0, (0, 0)), (0, (0, 0))]))
    Not yet right: it should be a line of play placing 9 tiles on this deal (its par).
    - move 1, (0, (0, 0)): the engine refused it: tile [2, 2] at [0, 0]: cell [0, 0] is already taken by tile [1, 1]
    - your line places 1 tile; the deal allows 9
    """
    if not isinstance(deal, SoloState):
        raise ValueError(f"the deal must be a solo state (town.new_solo), not {deal!r}")
    if deal.rules.n > MAX_PAR_N:
        raise ValueError(f"the par is computed for boards up to {MAX_PAR_N} x {MAX_PAR_N}, not {deal.rules.n}")
    par = solve(deal).score
    task = _("a line of play placing {par} tiles on this deal (its par)").format(par=par)
    moves = _as_list(moves)
    if moves is None:
        return Verdict(task, (_(NO_ANSWER),))
    if not isinstance(moves, list | tuple):
        return Verdict(task, (_("the line should be a list of moves, not {moves}").format(moves=repr(moves)),))
    game, problems = deal.clone(), []
    assert isinstance(game, SoloState)
    for number, move in enumerate(moves):
        try:
            game.apply(_read_move(move, game))
        except (ValueError, TypeError) as error:  # IllegalAction is a ValueError: the engine's reason
            refused = _("move {number}, {move}: the engine refused it: {reason}")
            problems.append(refused.format(number=number, move=repr(move), reason=_refusal(game, move, error)))
            break
    placed = game.board.placed()
    if placed < par:
        short = ngettext(
            "your line places {count} tile; the deal allows {par}",
            "your line places {count} tiles; the deal allows {par}",
            placed,
        )
        problems.append(short.format(count=placed, par=par))
    return Verdict(task, tuple(problems))


def _refusal(game: SoloState, move: Any, error: Exception) -> str:
    """Why the engine refused ``move``: its own English words, or in another language the board's rule worded as the
    widgets word it (a move that does not read as a placement is said in general)."""
    if language() == "en":
        return str(error)
    try:
        action = _read_move(move, game)
    except (ValueError, TypeError):
        action = None
    refused = game.board.refusal(action.tile, action.cell, action.flip) if isinstance(action, Place) else None
    if action is None or refused is None:
        return _("this is not a placement of a pile top on this deal: (pile, (row, column))")
    from townwidget.widget.words import refusal_words  # the lesson that speaks another language shows widgets

    return refusal_words(refused, action.cell)


def _wilson_half_width(games: int, rate: float) -> float:
    """The half width of the 95% Wilson interval of a win rate of exactly ``rate`` after ``games`` games."""
    z2 = Z95 * Z95
    return Z95 * math.sqrt(rate * (1 - rate) / games + z2 / (4 * games * games)) / (1 + z2 / games)


def check_games_needed(margin: float, answer: Any, rate: float = 0.5) -> Verdict:
    """Whether ``answer`` is the fewest games after which the 95% confidence interval of a win rate of ``rate``
    (by default 1/2, the widest case) reaches +-``margin`` or less: by the normal approximation (1.96^2 rate
    (1 - rate) / margin^2, rounded up) or by the Wilson interval of :func:`townwidget.arena.wilson_interval`, a few
    games fewer; each is accepted, a count between them is not (too many for one, too few for the other). No
    verdict names the number, nor says which way a wrong one is off (so no one can home in on it by trying).

    The harder version asks about a rate other than 1/2 (a quarter, an agent no better than the others of a
    4-player game): the widest case's count is then safe but not the fewest, and is refused.

    >>> print(check_games_needed(0.1, 50))
    Not yet right: it should be the fewest games for a 95% interval of +-10.0% around a win rate of 50%.
    - 50 is not the right number
    - hint: the half width of the interval is about 1.96 * sqrt(p (1 - p) / games); the fewest games is the first count
      at which it is at most 10.0% (by that formula, or by Wilson's interval)
    >>> print(check_games_needed(0.1, 97))
    Right: it is the fewest games for a 95% interval of +-10.0% around a win rate of 50%.
    >>> print(check_games_needed(0.05, 289, rate=0.25))
    Right: it is the fewest games for a 95% interval of +-5.0% around a win rate of 25%.
    """
    if not isinstance(margin, int | float) or isinstance(margin, bool) or not 0 < margin < 0.5:
        raise ValueError(f"the margin must be a number between 0 and 0.5, not {margin!r}")
    if not isinstance(rate, int | float) or isinstance(rate, bool) or not 0 < rate < 1:
        raise ValueError(f"the rate must be a number between 0 and 1, not {rate!r}")
    task = f"the fewest games for a 95% interval of +-{margin:.1%} around a win rate of {rate:.0%}"
    number, problem = _read_whole_number(answer)
    if problem or number is None:
        return Verdict(task, (problem or NO_ANSWER,))
    # Computed here, not by a helper a student could call.
    normal = math.ceil(Z95 * Z95 * rate * (1 - rate) / (margin * margin))
    wilson = next(games for games in range(1, normal + 1) if _wilson_half_width(games, rate) <= margin)
    if number in (normal, wilson):
        return Verdict(task)
    how = (
        f"hint: the half width of the interval is about 1.96 * sqrt(p (1 - p) / games); the fewest games is the first "
        f"count\n  at which it is at most {margin:.1%} (by that formula, or by Wilson's interval)"
    )
    return Verdict(task, (_wrong(number), how))


def _legal_problem(agent: Any, state: Any, seat: int, where: str) -> str | None:
    """Ask ``agent`` for a move in ``state`` (seat ``seat``, shown only its view) and play it; the problem, if any."""
    view = state.view(seat)
    try:
        action = agent.act(view)
    except Forfeit as forfeit:  # the agent's own process: it raised, hung, crashed or ran out of memory
        return f"it {forfeit.words()} ({where})"
    except Exception as error:  # a student's bug is a verdict, not a crash of the checker
        return f"it raised {type(error).__name__}: {error} ({where})"
    legal = view.legal_actions()
    try:
        chosen = parse_action(action, state.rules.n)
    except IllegalAction as error:
        return f"it returned {action!r} ({where}): {error}"
    if chosen not in legal:
        return f"it returned {action!r} ({where}), which is not one of view.legal_actions()"
    state.apply(chosen)
    return None


def _trial_problem(agent: Any, first_deal: int) -> str | None:
    """Play the games of :data:`AGENT_TRIALS` on deals ``first_deal``, ``first_deal + 1``, ..., the agent in seat 0,
    up to the first problem (one is enough to fix); a bar shows the games played."""
    trials = [(rules, players, deal) for rules, players, games in AGENT_TRIALS for deal in range(games)]
    bar = progress(trials, desc="check_agent", unit="game")
    try:
        for number, (rules, players, deal) in enumerate(bar):
            kind = f"{rules} solo" if players == 1 else f"{rules}, {players} players"
            problem = _trial_game(agent, rules, players, first_deal + number, f"{kind}, deal {deal}")
            if problem:
                return problem
    finally:
        bar.close()  # type: ignore[attr-defined]
    return None


def _trial_game(agent: Any, rules: str, players: int, seed: int, where: str) -> str | None:
    """One game of the agent (seat 0) against random agents; its first problem, if any."""
    state = new_solo(rules, seed=seed) if players == 1 else new_game(rules, players=players, seed=seed)
    others = [make_agent("random", seed=seed * 8 + seat) for seat in range(players)]
    move = 0
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None  # the game is not over
        if seat == 0:
            problem = _legal_problem(agent, state, 0, f"{where}, move {move}")
            if problem:
                return problem
        else:
            state.apply(others[seat].act(state.view(seat)))
        move += 1
    return None


def _solo_tiles(agent: Any, seed: int = 0) -> list[int]:
    """The tiles ``agent`` (an object or a name) places on each comparison deal (seeds ``seed``, ``seed + 1``, ...)."""
    run = solo_run(agent, "town55", COMPARISON_DEALS, seed=seed, progress=False)
    return [record.result["placed"] for record in run.records]


def not_shown_better(agent: Any, other: str, seed: int = 0) -> str | None:
    """Why the :data:`COMPARISON_DEALS` paired deals (from ``seed`` on) do not show ``agent`` better than the agent
    named ``other`` (``None``: they do). The comparison :func:`check_agent` makes after its other checks, on deals
    drawn afresh; by itself it judges any agent, the package's too, so ``benchmarks/checker_agent.py`` measures its
    power with it."""
    return _not_better(_solo_tiles(agent, seed), _solo_tiles(other, seed), other)


def _not_better(mine: list[int], theirs: list[int], other: str) -> str | None:
    """Why the paired tiles ``mine`` do not show an agent better than ``other``: a one-sided paired z test
    (:data:`Z_BETTER`), stated with the 95% interval of the mean difference; ``None`` when they do."""
    differences = [a - b for a, b in zip(mine, theirs, strict=True)]
    mean = statistics.fmean(differences)
    error = statistics.stdev(differences) / math.sqrt(len(differences))
    if mean > Z_BETTER * error:
        return None
    return (
        f"on the same {len(differences)} Town 55 solo deals it placed {statistics.fmean(mine):.2f} tiles per deal, the "
        f"{other} agent {statistics.fmean(theirs):.2f}: a difference of {mean:+.2f} +- {Z95 * error:.2f} (95% "
        f"interval), which does not show it better;\n  the difference must exceed {Z_BETTER} standard errors "
        f"({Z_BETTER * error:.2f} here), so that an agent no better than {other} passes about once in 1,000 tries"
    )


def check_agent(agent: Any, must_beat: str | None = None) -> Verdict:
    """Whether ``agent`` (an object, or a submission file's path) is an honest Town agent: a ``name`` (a string;
    a file's is its name) and an ``act(view)`` method that returns one of ``view.legal_actions()``, in solo (Town
    44, Town 66 with its flips) and in 2- and 3-player games against random agents (:data:`AGENT_TRIALS`), on deals
    drawn afresh at every call. It runs isolated (the arena's sandbox where it runs), shown views only, in a process
    where the package's own players (:data:`PACKAGE_PLAYERS`: agents, advice, search, solvers) cannot be imported,
    but for the lessons' building blocks (:data:`BUILDING_BLOCKS`); it must not ask to peek. A bar shows the games.

    With ``must_beat`` (an agent name for :func:`~townwidget.agents.make_agent`), the agent must also be shown to
    place more tiles than that agent: both play the same :data:`COMPARISON_DEALS` Town 55 solo deals, and the mean
    of the paired differences (deal by deal) must lie more than :data:`Z_BETTER` standard errors above 0. An agent
    no better than the other passes about once in 1,000 tries; one that places a tile more per deal passes
    almost always.

    >>> from townwidget.core.progress import set_progress
    >>> set_progress(False)
    >>> class FirstChoice:
    ...     name = "first-choice"
    ...
    ...     def act(self, view):
    ...         return view.legal_actions()[0]
    >>> print(check_agent(FirstChoice()))
    Right: it is an agent that returns legal actions from views, in solo and multiplayer Town.
    >>> print(check_agent(FirstChoice(), must_beat="random"))  # doctest: +ELLIPSIS
    Not yet right: it should be an agent ..., and places more tiles than the random agent.
    - on the same 200 Town 55 solo deals it placed ... tiles per deal, the random agent ...: a difference of ...
      the difference must exceed 3.09 standard errors (... here), so that an agent no better than random passes ...
    >>> set_progress(None)
    """
    task = "an agent that returns legal actions from views, in solo and multiplayer Town"
    if must_beat is not None:
        if must_beat not in AGENT_NAMES:
            raise ValueError(f"must_beat must be one of {', '.join(AGENT_NAMES)}, not {must_beat!r}")
        task += f", and places more tiles than the {must_beat} agent"
    if agent is None:
        return Verdict(task, (NO_ANSWER,))
    problems = [] if is_submission(agent) else _object_problems(agent)
    if problems and problems[-1].startswith("it "):
        return Verdict(task, tuple(problems))
    try:
        isolated = IsolatedAgent(agent, forbidden=PACKAGE_PLAYERS, allowed=BUILDING_BLOCKS)
    except ValueError as error:
        return Verdict(task, (*problems, f"it cannot be run in a process of its own: {error}"))
    first_deal = secrets.randbits(62)  # fresh deals: an agent cannot know them in advance
    with isolated:
        trial = _trial_problem(isolated, first_deal)
        if trial:
            problems.append(trial)
        if must_beat is not None and not problems:
            weaker = not_shown_better(isolated, must_beat, secrets.randbits(62))
            problems += [weaker] if weaker else []
    return Verdict(task, tuple(problems))


def _object_problems(agent: Any) -> list[str]:
    """What is wrong with an agent object before it plays; a last problem that begins with "it" ends the check."""
    if not is_agent(agent):
        return [f"it has no act(view) method: {agent!r}"]
    problems = []
    if declared_name(agent) is None:
        problems.append("give it a name (a string attribute): the arena's tables show it")
    if asks_to_peek(agent):
        problems.append("it asks to peek (peeks = True): an honest agent plays from its view alone")
    return problems
