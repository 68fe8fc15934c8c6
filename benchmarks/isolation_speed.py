"""What isolation costs: the per-move overhead of an isolated agent on Town 77 views, and isolated ``mcts`` games
per second against in-process ones, measured side by side in one run.

    python benchmarks/isolation_speed.py [--positions 200] [--games 4] [--starts 40] [--iterations 300] [--game town77]

Each figure is measured for the sandbox (bubblewrap, where it runs) and for plain processes (``isolate="process"``).

1. Overhead per move: on ``--positions`` Town 77 positions (solo and 3-player, from greedy games), a first-choice
   agent is asked for its move in this process (``state.view(seat)``, ``act``) and in its own process (the viewer
   form encoded as JSON, sent, received, the view rebuilt, the action sent back and parsed), alternately; the
   overhead is the median of the paired differences, with the 95% interval of the median (order statistics), and
   the mean CPU seconds more per move of both processes (the wall clock adds the wake-ups of two processes, which
   a loaded machine delays).
2. Games per second: ``--games`` solo deals played by ``mcts`` at ``--iterations`` iterations a move, each deal
   once in this process and once isolated, in alternating order; the ratio isolated / in-process of the games per
   second, by the wall clock and by CPU seconds (this process and the agent's, from /proc: Linux), each with the
   95% Student's t interval of the per-deal ratios (the same deal, the same moves: the records match). On a
   shared machine the wall clock follows the load; the CPU ratio is what isolation itself costs.
3. Per-game start: ``--starts`` games of a submission file begun (a fresh child of the server, which in the sandbox
   loads the submission itself, and its "ready") and ended (the child and whatever it started killed; in the
   sandbox its folders and IPC objects emptied); the median with its 95% interval.
The CPU ratio is measured for plain processes only (the sandbox's process ids are its own namespace's).
The compiled kernels and the isolated agent's fork server are made ready before the timing (a run starts its agents'
servers once for all its games; each game is then a fresh child of the server, whose start is in the timing).
Last line: every figure as JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import results

from townwidget import arena, town
from townwidget.agents import make_agent
from townwidget.arena import isolation, sandbox
from townwidget.arena.isolation import AgentProcess, IsolatedPlayer, Limits, agent_processes, source_of
from townwidget.arena.players import InProcessPlayer, plain_action

T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228}


class FirstChoice:
    name = "first"

    def act(self, view: Any) -> Any:
        return view.legal_actions()[0]


def positions(game: str, count: int) -> list[tuple[Any, int]]:
    """``count`` positions (state, seat to act) from greedy games, solo and 3-player, half each."""
    found: list[tuple[Any, int]] = []
    greedy = make_agent("greedy", seed=1)
    deal = 0
    while len(found) < count:
        state = town.new_solo(game, seed=deal) if deal % 2 == 0 else town.new_game(game, players=3, seed=deal)
        while not state.is_terminal() and len(found) < count:
            seat = state.current_player
            assert seat is not None
            found.append((state.clone(), seat))
            state.apply(greedy.act(state.view(seat)))
        deal += 1
    return found


def median_interval(values: list[float]) -> tuple[float, float, float]:
    """The median and its 95% interval from order statistics (normal approximation of the binomial)."""
    ordered = sorted(values)
    n = len(ordered)
    half = 1.96 * math.sqrt(n) / 2
    low, high = max(0, math.floor(n / 2 - half)), min(n - 1, math.ceil(n / 2 + half))
    return statistics.median(ordered), ordered[low], ordered[high]


def t_interval(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = T975.get(len(values) - 1, 1.96) * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def overhead(game: str, count: int, mode: str) -> dict[str, Any]:
    limits = Limits(isolate=mode).resolved()
    local = InProcessPlayer(FirstChoice())
    source = source_of(FirstChoice(), {})
    isolated = IsolatedPlayer(source, AgentProcess(source, limits), limits, seed=0)
    times: dict[bool, list[float]] = {False: [], True: []}
    cpu = {False: 0.0, True: 0.0}
    try:
        isolated.start()
        for state, seat in positions(game, count):
            for isolate, player in ((False, local), (True, isolated)):
                wall, used = time.perf_counter(), time.process_time() + pid_cpu_seconds(isolated.process)
                state.clone().apply(plain_action(player.choose(state, seat)))
                times[isolate].append(time.perf_counter() - wall)
                cpu[isolate] += time.process_time() + pid_cpu_seconds(isolated.process) - used
    finally:
        isolated.stop()
        isolated.process.close()
    differences = [(b - a) * 1000 for a, b in zip(times[False], times[True], strict=True)]
    median, low, high = median_interval(differences)
    return {
        "positions": count,
        "in_process_ms": statistics.median(times[False]) * 1000,
        "isolated_ms": statistics.median(times[True]) * 1000,
        "overhead_ms": median,
        "overhead_ci_ms": [low, high],
        "cpu_overhead_ms": (cpu[True] - cpu[False]) / count * 1000,
    }


SUBMISSION = "def act(view):\n    return view.legal_actions()[0]\n"


def game_starts(count: int, mode: str, folder: Path) -> dict[str, Any]:
    """Seconds to begin a game of a submission file (its child ready) and to end it, ``count`` times."""
    path = folder / "first.py"
    path.write_text(SUBMISSION)
    limits = Limits(isolate=mode, hidden=(str(folder),)).resolved()
    source = source_of(str(path), {})
    player = IsolatedPlayer(source, AgentProcess(source, limits), limits, seed=0)
    view = town.new_solo("town44", seed=1).to_dict(viewer=0)
    starts = []
    try:
        player.ask(view, 0)  # the server started and the submission checked before the timing
        player.stop()
        for _ in range(count):
            wall = time.perf_counter()
            player.start()
            player.stop()
            starts.append((time.perf_counter() - wall) * 1000)
    finally:
        player.process.close()
    median, low, high = median_interval(starts)
    return {"starts": count, "start_ms": median, "start_ci_ms": [low, high]}


def pid_cpu_seconds(process: AgentProcess) -> float:
    """The CPU seconds (user + system) used so far by an isolated agent: its fork server, the children of the games
    it ended, and the child of the game under way (Linux /proc; clock ticks)."""
    ticks = 0
    for index, pid in enumerate(process.cpu_pids()):  # the server first
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
        if index == 0:
            ticks += int(fields[13]) + int(fields[14])  # cutime, cstime: the server's children, once ended
    return ticks / os.sysconf("SC_CLK_TCK")


def child_cpu_seconds() -> float:
    """The CPU seconds used so far by the isolated agent processes of this run."""
    return sum(pid_cpu_seconds(process) for process in isolation._PROCESSES.values())


def timed(deal: int, game: str, iterations: int, isolate: bool | str) -> tuple[arena.GameRecord, float, float]:
    """One game, its wall-clock seconds and the CPU seconds of this process and the agent's."""
    wall, cpu = time.perf_counter(), time.process_time() + child_cpu_seconds()
    record = arena.play_game(["mcts"], game=game, seed=deal, isolate=isolate, iterations=iterations)
    return record, time.perf_counter() - wall, time.process_time() + child_cpu_seconds() - cpu


def games_per_second(game: str, games: int, iterations: int, mode: str) -> dict[str, Any]:
    """Each deal in process and isolated, in alternating order; ratios isolated / in process of games per second."""
    wall_ratios, cpu_ratios, same = [], [], True
    seconds = {False: 0.0, True: 0.0}
    modes: dict[bool, bool | str] = {False: False, True: mode}
    with agent_processes():
        for isolate in (False, True):  # the compiled kernels and the agent's process are ready before the timing
            arena.play_game(["mcts"], game=game, seed=10**6, isolate=modes[isolate], iterations=5)
        for deal in range(games):
            order = (False, True) if deal % 2 == 0 else (True, False)
            runs = {isolate: timed(deal, game, iterations, modes[isolate]) for isolate in order}
            same = same and runs[False][0] == runs[True][0]
            wall_ratios.append(runs[False][1] / runs[True][1])
            if mode == "process":  # the sandbox's CPU seconds are not read from here
                cpu_ratios.append(runs[False][2] / runs[True][2])
            for isolate in order:
                seconds[isolate] += runs[isolate][1]
    wall = t_interval(wall_ratios)
    cpu = t_interval(cpu_ratios) if cpu_ratios else (math.nan, math.nan, math.nan)
    return {
        "games": games,
        "iterations": iterations,
        "in_process_games_per_s": games / seconds[False],
        "isolated_games_per_s": games / seconds[True],
        "wall_ratio": wall[0],
        "wall_ratio_ci": list(wall[1:]),
        "cpu_ratio": cpu[0],
        "cpu_ratio_ci": list(cpu[1:]),
        "same_records": same,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--starts", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--game", default="town77")
    args = parser.parse_args()
    modes = ["process"] + (["sandbox"] if sandbox.sandbox_problem() is None else [])
    figures, found = [], {}
    for mode in modes:
        cost = overhead(args.game, args.positions, mode)
        with tempfile.TemporaryDirectory() as folder:
            start = game_starts(args.starts, mode, Path(folder))
        speed = games_per_second(args.game, args.games, args.iterations, mode)
        found[mode] = {"overhead": cost, "start": start, "speed": speed}
        print(
            f"{mode}: per move, {cost['positions']} {args.game} positions: in process {cost['in_process_ms']:.3f} ms, "
            f"isolated {cost['isolated_ms']:.3f} ms; overhead (median of paired differences) "
            f"{cost['overhead_ms']:.3f} ms [95% CI {cost['overhead_ci_ms'][0]:.3f}, {cost['overhead_ci_ms'][1]:.3f}]"
        )
        print(
            f"{mode}: a game's start and end {start['start_ms']:.2f} ms "
            f"[95% CI {start['start_ci_ms'][0]:.2f}, {start['start_ci_ms'][1]:.2f}] (median of {start['starts']})"
        )
        print(
            f"{mode}: mcts at {args.iterations} iterations, {args.games} {args.game} solo deals: in process "
            f"{speed['in_process_games_per_s']:.4f} games/s, isolated {speed['isolated_games_per_s']:.4f} games/s; "
            f"ratio isolated / in process {speed['wall_ratio']:.3f} [95% CI {speed['wall_ratio_ci'][0]:.3f}, "
            f"{speed['wall_ratio_ci'][1]:.3f}] by the wall clock; same records: {speed['same_records']}"
        )
        figures += [
            results.Figure(
                f"per-move overhead of isolation ({mode}), {args.game} views (median of paired differences)",
                round(cost["overhead_ms"], 3),
                "ms",
                tuple(round(bound, 3) for bound in cost["overhead_ci_ms"]),
            ),
            results.Figure(
                f"a game's start and end, isolated ({mode}; median)",
                round(start["start_ms"], 2),
                "ms",
                tuple(round(bound, 2) for bound in start["start_ci_ms"]),
            ),
            results.Figure(
                f"isolated ({mode}) / in-process mcts games per second ({args.iterations} iterations, wall clock)",
                round(speed["wall_ratio"], 3),
                "x",
                tuple(round(bound, 3) for bound in speed["wall_ratio_ci"]),
            ),
            results.Figure(
                f"the same records isolated ({mode}) and in process (1: yes)", int(speed["same_records"]), "flag"
            ),
        ]
    print(json.dumps(found))
    results.save(__file__, figures)


if __name__ == "__main__":
    main()
