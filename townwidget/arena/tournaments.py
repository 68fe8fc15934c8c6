"""Games and tournaments: one game between seated agents (:func:`play_game`), many with rotated seats
(:func:`tournament`, :func:`iter_tournament`), solo runs and their par; the run's seeds and deals."""

from __future__ import annotations

import dataclasses
import hashlib
import secrets
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from townwidget.agents import agent_name
from townwidget.agents.clairvoyant import ClairvoyantAgent
from townwidget.arena import sandbox
from townwidget.arena.isolation import (
    DEFAULT_MEMORY_MB,
    DEFAULT_MOVE_SECONDS,
    AgentSource,
    IsolatedPlayer,
    Limits,
    agent_processes,
    is_submission,
    process_for,
    source_of,
)
from townwidget.arena.players import Forfeit, InProcessPlayer, check_peeking, in_process_player
from townwidget.arena.summaries import format_summary, summarize
from townwidget.arena.workers import gather, iter_jobs, run_jobs
from townwidget.core import Rng, agent_label, is_agent
from townwidget.core.checks import is_integer, require_integer, require_seconds, shown
from townwidget.core.registry import GameRecord, lookup, new_game

CLAIRVOYANT = "clairvoyant"  # the package's one peeking agent, by name

AgentSpec = Any  # a name for make_agent, or an object with act(view) (see townwidget.agents.Agent)


def play_game(
    agents: Sequence[AgentSpec],
    game: str = "town77",
    seed: int = 0,
    *,
    isolate: bool | str = False,
    move_seconds: float = DEFAULT_MOVE_SECONDS,
    agent_memory_mb: int = DEFAULT_MEMORY_MB,
    allow_peeking: bool = False,
    **budget: Any,
) -> GameRecord:
    """Play one game, seat ``i`` to ``agents[i]`` (names are made into agents seeded from ``seed`` and the seat).

    ``budget`` (``iterations=``, ``seconds=``) is passed to the agents made from names. An agent that raises,
    returns no legal action or (isolated) exceeds ``move_seconds`` or ``agent_memory_mb`` forfeits (see
    :attr:`GameRecord.forfeits`). With ``isolate`` every agent runs in a process of its own (see
    :mod:`townwidget.arena.isolation`); submission files always do. ``isolate=True`` runs them in the sandbox where
    it works here, else as plain processes; ``"sandbox"`` or ``"process"`` ask for one (see
    :mod:`townwidget.arena.sandbox`). ``allow_peeking`` hands the package's
    clairvoyant solver the full state of a solo deal; no other agent ever sees more than its view.
    """
    settings = Settings.of({"isolate": isolate, "move_seconds": move_seconds, "agent_memory_mb": agent_memory_mb})
    settings = dataclasses.replace(settings, allow_peeking=allow_peeking, budget=budget).for_agents(agents)
    seated = prepare(agents, settings)
    with agent_processes():
        return _play(list(enumerate(seated)), game, seed, settings)


@dataclass(frozen=True)
class Settings:
    """How the agents of a run are played: isolated or not, their limits, whether the clairvoyant may peek, and
    the budget of agents made from names."""

    isolate: bool = False
    limits: Limits = field(default_factory=Limits)
    allow_peeking: bool = False
    budget: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, options: dict[str, Any]) -> Settings:
        """The settings from a call's keyword arguments (``isolate``: a bool, ``"sandbox"`` or ``"process"``;
        ``move_seconds``, ``agent_memory_mb``, ``allow_peeking``; the others are the budget of agents made from
        names)."""
        budget = dict(options)
        isolate = budget.pop("isolate", False)
        mode = isolate if isinstance(isolate, str) else "auto"
        limits = Limits(
            budget.pop("move_seconds", DEFAULT_MOVE_SECONDS), budget.pop("agent_memory_mb", DEFAULT_MEMORY_MB), mode
        )
        return cls(bool(isolate), limits, bool(budget.pop("allow_peeking", False)), budget)

    def for_agents(self, agents: Sequence[AgentSpec]) -> Settings:
        """These settings for a run of ``agents``: where any is isolated, the isolation that runs here resolved
        (once, in this process) and the submissions' folders hidden from the sandbox."""
        files = [spec for spec in agents if is_submission(spec)] if not isinstance(agents, (str, bytes)) else []
        if not (self.isolate or files):
            return self
        folders = tuple(str(Path(spec).resolve().parent) for spec in files)
        limits = dataclasses.replace(self.limits, hidden=(*self.limits.hidden, *folders)).resolved()
        return dataclasses.replace(self, limits=limits)

    def isolation(self, agents: Sequence[Any]) -> str | None:
        """The isolation that ran for the prepared ``agents`` (``"sandbox"`` or ``"process"``), ``None`` if none."""
        return self.limits.isolate if any(isinstance(spec, AgentSource) for spec in agents) else None


def prepare(agents: Sequence[AgentSpec], settings: Settings) -> list[Any]:
    """Each agent as it is sent to the games: isolated ones as their :class:`AgentSource` (pickled once, here);
    peeking checked before any game (only the clairvoyant solver, in solo, when allowed)."""
    if not agents or isinstance(agents, (str, bytes)):
        raise ValueError(f"give a list of one or more agents, not {shown(agents)}")
    solo = len(agents) == 1
    prepared = []
    for spec in agents:
        if isinstance(spec, str) and not is_submission(spec):
            agent_name(spec)  # an unknown name is said here, not as a forfeit of every game in its process
            peeks = spec == CLAIRVOYANT and check_peeking(ClairvoyantAgent(), solo, settings.allow_peeking)
            isolated = settings.isolate and not peeks
        elif is_submission(spec):
            isolated = True
        else:
            if not (is_agent(spec) or (settings.isolate and callable(spec))):
                raise ValueError(
                    f"an agent is a name, a submission file (.py) or an object with act(view), not {spec!r}"
                )
            isolated = settings.isolate and not check_peeking(spec, solo, settings.allow_peeking)
        prepared.append(source_of(spec, settings.budget) if isolated else spec)
    return prepared


def _play(seated: list[tuple[int, Any]], game: str, seed: int, settings: Settings) -> GameRecord:
    """One game between the prepared agents (``(slot, agent)`` per seat), faults made forfeits."""
    solo = len(seated) == 1
    players = [
        _player(slot, spec, game, _seat_seed(seed, seat), solo, settings) for seat, (slot, spec) in enumerate(seated)
    ]
    for player in players:
        if isinstance(player, IsolatedPlayer):
            player.process.launch()
    state = new_game(game, len(players), seed)
    resign = lookup(game).resign
    moves: list[dict[str, Any]] = []
    forfeits: list[dict[str, Any]] = []
    standing_in: set[int] = set()  # forfeited seats of a game without resignation: they play their first action
    try:
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            if seat in standing_in:
                state.apply(state.legal_actions()[0])
            else:
                try:
                    _apply(state, players[seat].choose(state, seat))
                except Forfeit as forfeit:
                    label = label_of(seated[seat][1])
                    forfeits.append(
                        {
                            "seat": seat,
                            "agent": label,
                            "move": len(moves),
                            "reason": forfeit.reason,
                            "detail": forfeit.detail,
                        }
                    )
                    if resign is None:
                        standing_in.add(seat)
                    else:
                        resign(state)
                    continue
            moves.append({**state.history[-1][2].to_dict(), "player": seat})
    finally:
        for player in players:
            player.close()
    result = state.result()
    assert result is not None  # the game is over
    labels = [label_of(spec) for _, spec in seated]
    peeked = [isinstance(player, InProcessPlayer) and player.peeks for player in players]
    cpu = [round(player.cpu_seconds, 6) for player in players]
    return GameRecord(game, seed, labels, moves, result, state.returns(), state.to_dict(), forfeits, peeked, cpu)


def _player(slot: int, spec: Any, game: str, seed: int, solo: bool, settings: Settings) -> Any:
    if isinstance(spec, AgentSource):
        return IsolatedPlayer(spec, process_for(spec, slot, settings.limits), settings.limits, seed)
    return in_process_player(spec, seed, settings.budget, solo, settings.allow_peeking)


def _apply(state: Any, action: Any) -> None:
    """The agent's action played by the game, which parses it; one it refuses is an ``"invalid"`` forfeit."""
    try:
        state.apply(action)
    except Exception as error:  # the engine's refusal (IllegalAction) or anything a forged value provokes
        raise Forfeit("invalid", f"{type(error).__name__}: {error}") from None


@dataclass
class Tournament:
    """The records of every game, the per-agent summary (see :func:`summarize`) and the run's ``seed`` (drawn
    when none was given, told only here, once the games are over: it replays the run)."""

    records: list[GameRecord]
    summary: list[dict[str, Any]] = field(default_factory=list)
    seed: int | None = None
    isolation: str | None = None  # how isolated agents ran: "sandbox", "process", or None (none was)

    def table(self) -> str:
        lines = [format_summary(self.summary)]
        lines += [] if self.isolation is None else [f"isolated agents: {isolation_words(self.isolation)}"]
        return "\n".join(lines + ([] if self.seed is None else [f"seed {self.seed}"]))


def tournament(
    agents: Sequence[AgentSpec],
    game: str = "town77",
    games: int = 100,
    seed: int | None = 0,
    rotate: bool = True,
    workers: int = 1,
    progress: bool | None = None,
    *,
    executor: Executor | None = None,
    on_record: Callable[[GameRecord], Any] | None = None,
    isolate: bool | str = False,
    move_seconds: float = DEFAULT_MOVE_SECONDS,
    agent_memory_mb: int = DEFAULT_MEMORY_MB,
    allow_peeking: bool = False,
    **budget: Any,
) -> Tournament:
    """Play ``games`` games between ``agents`` (one agent: ``games`` solo deals).

    With ``rotate``, game ``g`` uses deal ``seed + g // P`` with the seats turned by ``g % P`` (P players), so each
    deal is played from every seat. With ``seed=None`` a fresh 128-bit seed is drawn and each deal's seed is a
    hash of it and the deal's number (no agent can enumerate the deals); it is told in the result's ``seed`` once
    the games are over, and given again as ``seed`` it replays the run (see :func:`deal_seed`).
    Where the games run (see :func:`run_jobs`): here; on ``workers`` local processes; or on ``executor``, any
    :class:`concurrent.futures.Executor` such as a Dask cluster's ``Client(...).get_executor()``. The records and
    the summary depend only on the seed, never on where the games ran. ``on_record(record)`` is called as each
    game finishes (in the order they finish), e.g. to redraw a plot; ``progress`` shows a bar over finished games
    (``None``: see :func:`townwidget.core.progress.set_progress`). ``isolate``, ``move_seconds``,
    ``agent_memory_mb``, ``allow_peeking``: as in :func:`play_game`; a faulty agent forfeits its game and the
    tournament goes on.

    Ctrl-C raises :class:`TournamentInterrupted` holding the finished records; games whose worker died every time
    raise :class:`GamesLost` naming their deals.
    """
    options = {"isolate": isolate, "move_seconds": move_seconds, "agent_memory_mb": agent_memory_mb}
    settings = dataclasses.replace(Settings.of(options), allow_peeking=allow_peeking, budget=budget)
    run = _run(agents, game, games, seed, rotate, settings)
    with agent_processes():
        records = gather(_played(run, executor, workers, progress), len(run.jobs), on_record)
    return Tournament(records, summarize(records, run.labels), run.seed, run.isolation)


def iter_tournament(
    agents: Sequence[AgentSpec],
    game: str = "town77",
    games: int = 100,
    seed: int | None = 0,
    rotate: bool = True,
    workers: int = 1,
    progress: bool | None = None,
    *,
    executor: Executor | None = None,
    **options: Any,
) -> Iterator[GameRecord]:
    """The games of :func:`tournament` (same arguments, same records; ``options``: ``isolate``, ``move_seconds``,
    ``agent_memory_mb``, ``allow_peeking`` and the budget), yielded as they finish, so a notebook can redraw the
    table while it grows. Stopping early (``break``) stops the games still running.

    >>> records = []
    >>> for record in iter_tournament(["greedy", "random"], game="town44", games=4, seed=1, progress=False):
    ...     records.append(record)
    >>> summarize(records) == tournament(["greedy", "random"], game="town44", games=4, seed=1, progress=False).summary
    True
    """
    run = _run(agents, game, games, seed, rotate, Settings.of(options))
    return _results(_played(run, executor, workers, progress))


def _played(
    run: _Run, executor: Executor | None, workers: int, progress: bool | None
) -> Generator[tuple[int, GameRecord], None, None]:
    """The games of ``run`` as they finish, each with its number: what both :func:`tournament` (which puts them
    back in order) and :func:`iter_tournament` read."""
    return iter_jobs(play_job, run.jobs, seeds=run.deals, executor=executor, workers=workers, progress=progress)


def _results(stream: Generator[tuple[int, Any], None, None]) -> Iterator[Any]:
    try:
        with agent_processes():
            for _, result in stream:
                yield result
    finally:
        stream.close()  # at once, not when garbage is collected: it stops the workers


def solo_run(agent: AgentSpec, game: str = "town77", deals: int = 100, seed: int = 0, **options: Any) -> Tournament:
    """Play one agent on the solo deals ``seed``, ``seed + 1``, ... (the same deals for every agent); ``options``
    are those of :func:`tournament` (``workers``, ``executor``, ``progress``, ``on_record``, the search budget)."""
    return tournament([agent], game=game, games=deals, seed=seed, rotate=False, **options)


@dataclass(frozen=True)
class Par:
    """The par of one Town solo deal (see :func:`solo_par`): ``score`` (tiles placed with the piles' order known),
    ``exact`` (the search finished, so no play does better) and the proven ``upper_bound``."""

    seed: int
    score: int
    exact: bool
    upper_bound: int


def solo_par(
    game: str = "town77",
    deals: int = 100,
    seed: int = 0,
    seconds: float | None = None,
    workers: int = 1,
    progress: bool | None = None,
    *,
    executor: Executor | None = None,
    on_par: Callable[[Par], Any] | None = None,
) -> list[Par]:
    """The par of the Town solo deals ``seed``, ``seed + 1``, ...: the clairvoyant solver's score, run like a
    tournament (``workers``, ``executor``, ``progress``, interrupts: see :func:`tournament`; ``on_par`` as
    ``on_record``). With ``seconds`` (CPU seconds) each search stops then (``exact=False`` where it had not
    finished, and the result then depends on the machine's speed, not on its load); without, every par is exact
    and depends only on the seed, but an exact search can take hours on a Town 77 deal.

    >>> [(par.seed, par.score, par.exact) for par in solo_par("town44", deals=2, seed=2, progress=False)]
    [(2, 16, True), (3, 16, True)]
    """
    require_integer(deals, "deals", 1, error=ValueError)
    require_seconds(seconds, "seconds")
    if not isinstance(game, str) or not game.startswith("town"):
        raise ValueError(f"par is computed for Town solo deals ('town77', 'town66', ...), not {shown(game)}")
    jobs = [(game, deal, seconds) for deal in range(seed, seed + deals)]
    options: dict[str, Any] = {"executor": executor, "workers": workers, "progress": progress}
    return run_jobs(_solve_job, jobs, seeds=[job[1] for job in jobs], on_result=on_par, unit="deal", **options)


MAX_GAMES = 1_000_000  # a run's jobs are listed before it starts: beyond this, run several


@dataclass
class _Run:
    jobs: list[tuple[Any, ...]]  # per game: (seated (slot, agent) pairs, game, deal, settings)
    deals: list[int]
    labels: list[str]
    seed: int | None  # drawn here when none was given
    isolation: str | None = None  # how the isolated agents run, if any is


def _run(
    agents: Sequence[AgentSpec], game: str, games: int, seed: int | None, rotate: bool, settings: Settings
) -> _Run:
    """The games of a tournament: deal ``seed + d`` (or, with no seed, a hash of a drawn one), seats turned."""
    require_integer(games, "games", 1, MAX_GAMES, error=ValueError)
    run_seed = run_seed_of(seed)
    lookup(game)  # an unknown game is refused before any agent is prepared
    settings = settings.for_agents(agents)
    prepared = prepare(agents, settings)
    count = len(prepared)
    jobs, deals = [], []
    for number in range(games):
        turn = number % count if rotate else 0
        deal = deal_seed(run_seed, number // count if rotate else number)
        seated = [((seat + turn) % count, prepared[(seat + turn) % count]) for seat in range(count)]
        jobs.append((seated, game, deal, settings))
        deals.append(deal)
    labels = [label_of(spec) for spec in agents]
    return _Run(jobs, deals, labels, None if seed is not None else run_seed, settings.isolation(prepared))


HASHED_SEEDS = 2**64  # a run seed from here up (every drawn one) has its deals hashed: seed + g would wrap


def run_seed_of(seed: int | None) -> int:
    """``seed``, or a fresh 128-bit one (at least :data:`HASHED_SEEDS`) when it is ``None``."""
    if seed is not None and (not is_integer(seed) or seed < 0):
        raise ValueError(f"seed must be a non-negative integer or None (a fresh one is drawn), not {shown(seed)}")
    return secrets.randbits(127) | 1 << 127 if seed is None else int(seed)


def deal_seed(seed: int, deal: int) -> int:
    """Deal ``deal`` of a run: ``seed + deal``, or for a seed of :data:`HASHED_SEEDS` or more (those drawn when
    none is given), 64 bits of a hash of both, so that no deal leads to another or to the seed."""
    if seed < HASHED_SEEDS:
        return seed + deal
    digest = hashlib.blake2b(f"{seed}:{deal}".encode(), digest_size=8, person=b"townwidget-deal").digest()
    return int.from_bytes(digest, "big")


def play_job(job: tuple[Any, ...]) -> GameRecord:
    """One game of a run's jobs (``(seated, game, deal, settings)``), as a worker plays it."""
    seated, game, deal, settings = job
    return _play(seated, game, deal, settings)


def _solve_job(job: tuple[str, int, float | None]) -> Par:
    from townwidget.solvers.clairvoyant import solve

    game, deal, seconds = job
    best = solve(new_game(game, 1, deal), seconds=seconds, progress=False)  # type: ignore[arg-type]  # Town solo
    return Par(deal, best.score, best.exact, best.upper_bound)


def _seat_seed(deal: int, seat: int) -> int:
    """The seed of the agent in ``seat`` for deal ``deal``: fixed, and unrelated to the deal's own stream."""
    return Rng(deal * 16 + seat).next64()


def isolation_words(isolation: str) -> str:
    """How isolated agents ran, in words (for the tables)."""
    if isolation == "process":
        return "process (agents run as processes of this user: see docs/isolation.md for what that does not stop)"
    return f"sandbox (bubblewrap; bounds by {sandbox.bounds()})"


def label_of(spec: AgentSpec) -> str:
    """The name of an agent in tables and records (a submission's is its file's stem)."""
    if isinstance(spec, AgentSource):
        return spec.label
    if is_submission(spec):
        return Path(spec).stem
    return agent_label(spec)
