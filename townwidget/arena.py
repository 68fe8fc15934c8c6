"""Games and tournaments between agents, with records that replay and a summary with confidence intervals.

- :data:`GAMES` names the games the arena plays: ``"littletown"`` (2 to 4 players) and Town, whose rules are named
  as in :mod:`townwidget.town` (``"town77"``, ``"town66"``, ``"townNN"``; one player: a solo deal). :func:`new_state`
  starts any of them from (game, players, seed).
- :func:`play_game` plays one game (one agent: a solo deal; several: a multiplayer game, seat i to agent i) and
  returns a :class:`GameRecord`: the game, the seed, the players and every move as JSON. :func:`replay` turns a
  record back into the final state, move by move.
- :func:`tournament` plays many games with rotated seats: deal ``d`` is played once per rotation, so every
  agent sits in every seat on the same tiles. :func:`solo_run` plays one agent on fixed solo deals.
- :func:`summarize` gives per agent: games, win rate, mean rank and mean score, each with a 95% confidence
  interval; :func:`format_summary` makes the table. The score is the game's own: Town solo, the tiles placed;
  Town multiplayer, the tiles left in hand (fewer is better); Little Town, the victory points (VP) at the end.

Agents are given by name (made with :func:`~townwidget.agents.make_agent`, seeded per game and seat so a run
replays exactly, in parallel or not) or as agent objects. An agent sees only ``state.view(seat)``, except one that
declares ``peeks = True`` (the clairvoyant solo solver), which is handed the full state.

>>> record = play_game(["greedy", "random"], game="town44", seed=3)
>>> replay(record).to_dict() == record.final  # the moves lead to the position the game ended in
True
>>> result = tournament(["greedy", "random"], game="town44", games=4, seed=1, progress=False)
>>> [row["agent"] for row in result.summary]
['greedy', 'random']
>>> result = tournament(["greedy", "random"], game="littletown", games=2, seed=1, progress=False)
>>> [(row["agent"], row["score_name"]) for row in result.summary]
[('greedy', 'VP'), ('random', 'VP')]
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from townwidget import littletown, town
from townwidget.agents import make_agent
from townwidget.core import Rng, State

RECORD_FORMAT = "townwidget-record/1"
Z95 = 1.959964  # two-sided 95% normal quantile

AgentSpec = Any  # a name for make_agent, or an object with act(view) (see townwidget.agents.Agent)


@dataclass(frozen=True)
class Game:
    """How the arena starts a game family and reads each seat's score from the engine's ``result()``."""

    start: Callable[[str, int, int], State]  # (game name, players, seed) -> a new state
    score: Callable[[dict[str, Any], int], float]  # (result, seat) -> that seat's score
    score_name: Callable[[int], str]  # players -> what the score counts


GAMES: dict[str, Game] = {
    "littletown": Game(
        start=lambda name, players, seed: littletown.new_game(players=players, seed=seed),
        score=lambda result, seat: result["scores"][seat],
        score_name=lambda players: "VP",
    ),
    "town": Game(
        start=lambda name, players, seed: (
            town.new_solo(name, seed=seed) if players == 1 else town.new_game(name, players=players, seed=seed)
        ),
        score=lambda result, seat: result["placed"] if "placed" in result else result["tiles_left"][seat],
        score_name=lambda players: "tiles placed" if players == 1 else "tiles left",
    ),
}
"""The games by name; a Town rules name (``"town77"``, ``"townNN"``) is played by ``GAMES["town"]``."""


def game_of(name: str) -> Game:
    """The :class:`Game` that plays ``name``.

    >>> game_of("town66") is GAMES["town"], game_of("littletown") is GAMES["littletown"]
    (True, True)
    """
    if isinstance(name, str) and name in GAMES:
        return GAMES[name]
    if isinstance(name, str) and name.startswith("town"):
        return GAMES["town"]  # the Town engine checks the rules name itself
    raise ValueError(f"unknown game {name!r}: choose 'littletown' or Town rules such as 'town77', 'town66'")


def new_state(game: str, players: int, seed: int) -> State:
    """A new game of ``game`` (``"littletown"``, ``"town77"``, ``"town66"``, ``"townNN"``; Town with one player:
    a solo deal) with ``players`` players, dealt from ``seed``."""
    return game_of(game).start(game, players, seed)


@dataclass
class GameRecord:
    """One finished game: enough to replay it and to score it. ``to_dict()`` is its JSON form."""

    game: str
    seed: int
    players: list[str]
    moves: list[dict[str, Any]]
    result: dict[str, Any]
    returns: list[float]
    final: dict[str, Any]  # the full JSON form of the final state, as played

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "seed": self.seed,
            "players": list(self.players),
            "moves": [dict(move) for move in self.moves],
            "result": self.result,
            "returns": list(self.returns),
            "final": self.final,
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise ValueError(f"a game record is a dict with 'format': {RECORD_FORMAT!r}")
        keys = ("game", "seed", "players", "moves", "result", "returns", "final")
        missing = set(keys) - set(data)
        if missing:
            raise ValueError(f"game record: missing key(s) {sorted(missing)}")
        return cls(*(data[key] for key in keys))


def replay(record: GameRecord | dict[str, Any]) -> State:
    """Replay a record move by move from its seed; each move is checked by the engine as it is applied."""
    if isinstance(record, dict):
        record = GameRecord.from_dict(record)
    state = new_state(record.game, len(record.players), record.seed)
    for number, move in enumerate(record.moves):
        try:
            state.apply(move)
        except ValueError as error:
            raise ValueError(f"game record: move {number} {move} does not replay: {error}") from None
    return state


def play_game(agents: Sequence[AgentSpec], game: str = "town77", seed: int = 0, **budget: Any) -> GameRecord:
    """Play one game, seat ``i`` to ``agents[i]`` (names are made into agents seeded from ``seed`` and the seat).

    ``budget`` (``iterations=``, ``seconds=``) is passed to the agents made from names.
    """
    if not agents:
        raise ValueError("play_game needs at least one agent")
    players = [_make(spec, _seat_seed(seed, seat), budget) for seat, spec in enumerate(agents)]
    state = new_state(game, len(players), seed)
    moves = []
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        agent = players[seat]
        action = agent.act(state.clone() if getattr(agent, "peeks", False) else state.view(seat))
        state.apply(action)
        moves.append({**_as_dict(action), "player": seat})
    result = state.result()  # type: ignore[attr-defined]
    labels = [_label(spec) for spec in agents]
    return GameRecord(game, seed, labels, moves, result, state.returns(), state.to_dict())


@dataclass
class Tournament:
    """The records of every game and the per-agent summary (see :func:`summarize`)."""

    records: list[GameRecord]
    summary: list[dict[str, Any]] = field(default_factory=list)

    def table(self) -> str:
        return format_summary(self.summary)


def tournament(
    agents: Sequence[AgentSpec],
    game: str = "town77",
    games: int = 100,
    seed: int = 0,
    rotate: bool = True,
    workers: int = 1,
    progress: bool = True,
    **budget: Any,
) -> Tournament:
    """Play ``games`` games between ``agents`` (one agent: ``games`` solo deals).

    With ``rotate``, game ``g`` uses deal ``seed + g // P`` with the seats turned by ``g % P`` (P players), so each
    deal is played from every seat. ``workers`` > 1 plays games in parallel processes (same results as serial).
    """
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise ValueError(f"games must be a positive integer, not {games!r}")
    if not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a positive integer, not {workers!r}")
    count = len(agents)
    jobs = []
    for number in range(games):
        turn = number % count if rotate else 0
        deal = seed + (number // count if rotate else number)
        jobs.append(([agents[(seat + turn) % count] for seat in range(count)], game, deal, budget))
    records = list(_run(jobs, workers, progress))
    return Tournament(records, summarize(records, [_label(spec) for spec in agents]))


def solo_run(agent: AgentSpec, game: str = "town77", deals: int = 100, seed: int = 0, **options: Any) -> Tournament:
    """Play one agent on the solo deals ``seed``, ``seed + 1``, ... (the same deals for every agent)."""
    return tournament([agent], game=game, games=deals, seed=seed, rotate=False, **options)


def _run(jobs: list[tuple[Any, ...]], workers: int, progress: bool) -> Iterator[GameRecord]:
    bar = _progress(len(jobs), progress)
    try:
        if workers == 1:
            for job in jobs:
                yield _play_job(job)
                bar(1)
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                for record in pool.map(_play_job, jobs):
                    yield record
                    bar(1)
    finally:
        bar(0)


def _play_job(job: tuple[Any, ...]) -> GameRecord:
    agents, game, deal, budget = job
    return play_game(agents, game=game, seed=deal, **budget)


def _progress(total: int, enabled: bool) -> Callable[[int], None]:
    """A callback advancing a tqdm bar (notebook-aware) by its argument; 0 closes it."""
    if not enabled:
        return lambda step: None
    from tqdm.auto import tqdm  # type: ignore[import-untyped]

    bar = tqdm(total=total, unit="game")

    def advance(step: int) -> None:
        if step:
            bar.update(step)
        else:
            bar.close()

    return advance


# --- statistics ----------------------------------------------------------------------------------------------
def summarize(records: Sequence[GameRecord], labels: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Per agent label: ``games``, ``win_rate`` (rank 1; solo: a full board) with its 95% Wilson interval,
    ``mean_rank`` and ``mean_score`` (the game's score, named by ``score_name``: Town solo, tiles placed; Town
    multiplayer, tiles left in hand; Little Town, VP), each with a 95% interval. The records are of one game.

    >>> record = GameRecord("town44", 0, ["a", "b"], [], {"ranks": [1, 2], "tiles_left": [0, 3]}, [1, 0], {})
    >>> rows = summarize([record])
    >>> rows[0]["agent"], rows[0]["win_rate"], rows[1]["mean_score"], rows[1]["score_name"]
    ('a', 1.0, 3.0, 'tiles left')
    """
    by_label: dict[str, dict[str, list[float]]] = {}
    for record in records:
        solo = len(record.players) == 1
        game = game_of(record.game)
        for seat, label in enumerate(record.players):
            stats = by_label.setdefault(label, {"wins": [], "ranks": [], "scores": []})
            stats["scores"].append(game.score(record.result, seat))
            if solo:
                stats["wins"].append(float(record.returns[0] == 1.0))
                stats["ranks"].append(1.0)
            else:
                rank = record.result["ranks"][seat]
                stats["wins"].append(float(rank == 1))
                stats["ranks"].append(rank)
    order = list(labels) if labels is not None else list(by_label)
    rows = []
    for label in dict.fromkeys(order):
        if label not in by_label:
            continue
        stats = by_label[label]
        wins = sum(stats["wins"])
        games = len(stats["wins"])
        rows.append(
            {
                "agent": label,
                "solo": len(records[0].players) == 1,
                "games": games,
                "win_rate": wins / games,
                "win_ci": wilson_interval(int(wins), games),
                "mean_rank": statistics.fmean(stats["ranks"]),
                "rank_ci": mean_interval(stats["ranks"]),
                "mean_score": statistics.fmean(stats["scores"]),
                "score_ci": mean_interval(stats["scores"]),
                "score_name": game_of(records[0].game).score_name(len(records[0].players)),
            }
        )
    return rows


def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson_interval(50, 100)]
    [0.404, 0.596]
    """
    if trials <= 0:
        raise ValueError(f"trials must be positive, not {trials}")
    p, z2 = successes / trials, Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The 95% normal interval of a mean (a single value gives a zero-width interval)."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean - half, mean + half


def format_summary(rows: Sequence[dict[str, Any]]) -> str:
    """The summary as a plain-text table; the score column is headed by what it counts (e.g. "VP [95% CI]")."""
    solo = any(row["solo"] for row in rows)
    score_head = f"{rows[0]['score_name'] if rows else 'score'} [95% CI]"
    if solo:
        head = f"{'agent':<16} {'deals':>6}  {score_head:<24} {'full boards':>11}"
    else:
        head = f"{'agent':<16} {'games':>6}  {'win rate [95% CI]':<22} {'mean rank [95% CI]':<22} {score_head}"
    lines = [head, "-" * len(head)]
    for row in rows:
        score = f"{row['mean_score']:.2f} [{row['score_ci'][0]:.2f}, {row['score_ci'][1]:.2f}]"
        if solo:
            lines.append(f"{row['agent']:<16} {row['games']:>6}  {score:<24} {row['win_rate']:>11.1%}")
            continue
        win = f"{row['win_rate']:.3f} [{row['win_ci'][0]:.3f}, {row['win_ci'][1]:.3f}]"
        rank = f"{row['mean_rank']:.2f} [{row['rank_ci'][0]:.2f}, {row['rank_ci'][1]:.2f}]"
        lines.append(f"{row['agent']:<16} {row['games']:>6}  {win:<22} {rank:<22} {score}")
    return "\n".join(lines)


# --- helpers -------------------------------------------------------------------------------------------------
def _make(spec: AgentSpec, seed: int, budget: dict[str, Any]) -> Any:
    if isinstance(spec, str):
        return make_agent(spec, seed=seed, **budget)
    if not callable(getattr(spec, "act", None)):
        raise ValueError(f"an agent is a name or an object with an act(view) method, not {spec!r}")
    return spec


def _seat_seed(deal: int, seat: int) -> int:
    """The seed of the agent in ``seat`` for deal ``deal``: fixed, and unrelated to the deal's own stream."""
    return Rng(deal * 16 + seat).next64()


def _label(spec: AgentSpec) -> str:
    return spec if isinstance(spec, str) else str(getattr(spec, "name", type(spec).__name__))


def _as_dict(action: Any) -> dict[str, Any]:
    return dict(action) if isinstance(action, dict) else action.to_dict()
