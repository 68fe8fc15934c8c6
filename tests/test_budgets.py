"""Budgets: every time or count budget a caller hands the package is a finite positive number (or ``None``), else a
``ValueError`` naming the parameter. NaN passes ``<= 0``, and NaN, infinity or 1e300 seconds would think forever."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from townwidget import arena, hint, review, town
from townwidget.agents import make_agent
from townwidget.agents.greedy import GreedyAgent
from townwidget.agents.mcts import ISMCTSAgent, MCTSAgent
from townwidget.core.checks import MAX_COUNT, MAX_SECONDS
from townwidget.solvers.clairvoyant import solve

NOT_SECONDS = [float("nan"), float("inf"), -float("inf"), 1e300, MAX_SECONDS * 2, 0, -1, True, "1", [1]]
NOT_COUNTS = [float("nan"), float("inf"), 1.0, 0, -3, True, "5", [5], MAX_COUNT + 1, 10**300]


def finished_solo(rules: str = "town33", seed: int = 1) -> town.SoloState:
    game = town.new_solo(rules, seed=seed)
    while not game.is_terminal():
        game.apply(game.legal_actions()[0])
    return game


def refused(call: Callable[[Any], Any], values: list[Any], name: str) -> None:
    for value in values:
        with pytest.raises(ValueError, match=rf"^{name} must be "):
            call(value)


def test_time_budgets_are_finite_positive_numbers_of_at_most_a_day() -> None:
    deal = town.new_solo("town33", seed=1)
    refused(lambda value: make_agent("mcts", seconds=value), NOT_SECONDS, "seconds")
    refused(lambda value: make_agent("greedy", seconds=value), NOT_SECONDS, "seconds")  # even one that ignores it
    refused(lambda value: MCTSAgent(0, seconds=value), NOT_SECONDS, "seconds")
    refused(lambda value: arena.solo_par("town33", deals=1, seconds=value, progress=False), NOT_SECONDS, "seconds")
    refused(lambda value: solve(deal, seconds=value), NOT_SECONDS, "seconds")
    finished = finished_solo()
    bad_par = [value for value in NOT_SECONDS if value != 0]  # 0 means no par
    refused(lambda value: review(finished, samples=2, par_seconds=value, progress=False), bad_par, "par_seconds")


def test_count_budgets_are_integers_from_one_to_a_bound() -> None:
    view = town.new_solo("town33", seed=2).view(0)
    refused(lambda value: make_agent("ismcts", iterations=value), NOT_COUNTS, "iterations")
    refused(lambda value: ISMCTSAgent(0, iterations=value), NOT_COUNTS, "iterations")
    refused(lambda value: hint(view, iterations=value), NOT_COUNTS, "iterations")
    refused(lambda value: GreedyAgent(0, samples=value), NOT_COUNTS, "samples")
    refused(lambda value: review(finished_solo(), samples=value, par_seconds=0), NOT_COUNTS + [10_001], "samples")


def test_good_budgets_still_pass() -> None:
    assert make_agent("mcts", seed=0, iterations=MAX_COUNT, seconds=MAX_SECONDS).name == "mcts"
    report = review(finished_solo(), samples=1, par_seconds=0.5, progress=False)
    assert report.par is not None and report.moves[0].after.samples == 1
    assert solve(town.new_solo("town33", seed=1), seconds=1).score >= 1


def test_the_command_line_refuses_a_nan_budget_at_once() -> None:
    command = [sys.executable, "-m", "townwidget", "solo", "--game", "town33", "--agent", "mcts", "--deals", "2"]
    done = subprocess.run(command + ["--seconds", "nan", "--no-progress"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "seconds must be a number of seconds above 0" in done.stderr
