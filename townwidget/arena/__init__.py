"""Games and tournaments between agents, with records that replay and a summary with confidence intervals.

- The arena plays every game of the core registry (:mod:`townwidget.core.registry`): ``"littletown"`` (2 to 4
  players) and Town, whose rules are named as in :mod:`townwidget.town` (``"town77"``, ``"town66"``, ``"townNN"``;
  one player: a solo deal).
- :func:`play_game` plays one game (one agent: a solo deal; several: a multiplayer game, seat i to agent i) and
  returns a :class:`GameRecord`: the game, the seed, the players and every move as JSON. :func:`replay` turns a
  record back into the final state, move by move.
- :func:`tournament` plays many games with rotated seats: deal ``d`` is played once per rotation, so every
  agent sits in every seat on the same tiles. :func:`solo_run` plays one agent on fixed solo deals;
  :func:`solo_par` computes their par (the clairvoyant solver's score).
- Where the games run: here, on ``workers=`` local processes, or on ``executor=`` (any
  :class:`concurrent.futures.Executor`, such as a Dask cluster's); the records depend only on the seed. Results
  stream in as games finish (``on_record=``, :func:`iter_tournament`) under a progress bar. A local worker that
  dies loses nothing (its games are re-run, or reported in :class:`GamesLost`); Ctrl-C stops at once and raises
  :class:`TournamentInterrupted` with the finished records; workers die with their parent (:func:`run_jobs`).
- :func:`summarize` gives per agent: games, win rate, mean rank and mean score, each with a 95% confidence
  interval; :func:`format_summary` makes the table. The score is the game's own: Town solo, the tiles placed;
  Town multiplayer, the tiles left in hand (fewer is better); Little Town, the victory points (VP) at the end.

The parts: :mod:`.tournaments` (games, tournaments, seeds), :mod:`.workers` (where the games run, and the
supervision of the worker processes), :mod:`.isolation` and :mod:`.agent_process` (the isolated agents' processes),
:mod:`.summaries` (the summary tables), :mod:`.league` (class leagues), :mod:`.intervals` (confidence intervals).
This module only re-exports their public names.

Agents are given by name (made with :func:`~townwidget.agents.make_agent`, seeded per game and seat so a run
replays exactly, in parallel or not), as agent objects, or as submission files. An agent sees only
``state.view(seat)``; only the package's clairvoyant solo solver is handed the full state, and only with
``allow_peeking=True``.

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

from townwidget.arena.intervals import T95 as T95
from townwidget.arena.intervals import Z95 as Z95
from townwidget.arena.intervals import clustered_wilson_interval as clustered_wilson_interval
from townwidget.arena.intervals import mean_interval as mean_interval
from townwidget.arena.intervals import t95 as t95
from townwidget.arena.intervals import wilson_interval as wilson_interval
from townwidget.arena.isolation import DEFAULT_MEMORY_MB as DEFAULT_MEMORY_MB
from townwidget.arena.isolation import DEFAULT_MOVE_SECONDS as DEFAULT_MOVE_SECONDS
from townwidget.arena.isolation import IsolatedAgent as IsolatedAgent
from townwidget.arena.league import League as League
from townwidget.arena.league import league as league
from townwidget.arena.players import REASONS as REASONS
from townwidget.arena.players import Forfeit as Forfeit
from townwidget.arena.summaries import format_summary as format_summary
from townwidget.arena.summaries import summarize as summarize
from townwidget.arena.tournaments import MAX_GAMES as MAX_GAMES
from townwidget.arena.tournaments import AgentSpec as AgentSpec
from townwidget.arena.tournaments import Par as Par
from townwidget.arena.tournaments import Settings as Settings
from townwidget.arena.tournaments import Tournament as Tournament
from townwidget.arena.tournaments import deal_seed as deal_seed
from townwidget.arena.tournaments import iter_tournament as iter_tournament
from townwidget.arena.tournaments import play_game as play_game
from townwidget.arena.tournaments import run_seed_of as run_seed_of
from townwidget.arena.tournaments import solo_par as solo_par
from townwidget.arena.tournaments import solo_run as solo_run
from townwidget.arena.tournaments import tournament as tournament
from townwidget.arena.workers import MAX_WORKERS as MAX_WORKERS
from townwidget.arena.workers import GamesLost as GamesLost
from townwidget.arena.workers import TournamentInterrupted as TournamentInterrupted
from townwidget.arena.workers import iter_jobs as iter_jobs
from townwidget.arena.workers import run_jobs as run_jobs
from townwidget.core.registry import RECORD_FORMAT as RECORD_FORMAT
from townwidget.core.registry import GameRecord as GameRecord
from townwidget.core.registry import replay as replay
