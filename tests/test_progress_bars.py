"""Long computations show a progress bar (tqdm.auto) that can be turned off and changes no result."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np
import pytest

from townwidget import latin, town
from townwidget.core.progress import progress
from townwidget.solvers import vector


def spy(monkeypatch: pytest.MonkeyPatch, module: ModuleType) -> list[dict[str, Any]]:
    """Record the options of every bar ``module`` opens (the bar itself still runs)."""
    calls: list[dict[str, Any]] = []

    def recording(iterable: Any, **options: Any) -> Any:
        calls.append(options)
        return progress(iterable, **options)

    monkeypatch.setattr(module, "progress_bar", recording)
    return calls


def test_a_bar_draws_on_stderr_unless_turned_off(capsys: pytest.CaptureFixture[str]) -> None:
    assert list(progress(range(3), desc="counting", enabled=True)) == [0, 1, 2]
    assert "counting" in capsys.readouterr().err
    assert list(progress(range(3), desc="counting", enabled=False)) == [0, 1, 2]
    assert list(progress(range(3), desc="counting", enabled=True, delay=60)) == [0, 1, 2]  # quick: never shown
    assert capsys.readouterr().err == ""


def test_random_playouts_count_their_chunks_under_a_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = spy(monkeypatch, vector)
    monkeypatch.setattr(vector, "CHUNK", 100)
    shown = vector.random_playouts("town44", games=250, seed=3, backend="numpy", progress=True)
    hidden = vector.random_playouts("town44", games=250, seed=3, backend="numpy", progress=False)
    assert np.array_equal(shown, hidden) and shown.shape == (250,)
    assert [(call["total"], call["enabled"]) for call in calls] == [(3, True), (3, False)]
    assert "250 random games" in calls[0]["desc"]


def test_multiplayer_and_large_board_playouts_run_under_a_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = spy(monkeypatch, vector)
    monkeypatch.setattr(vector, "CHUNK", 4)
    assert vector.random_playouts("town44", games=9, seed=1, mode="multi", players=2, progress=False).shape == (9, 2)
    assert vector.random_playouts("town99", games=2, seed=1, progress=False).shape == (2,)
    assert [call["total"] for call in calls] == [3, 2]  # chunks of 4 games; on 9 x 9 boards, one game at a time


def test_latin_square_counts_samples_and_transversals_run_under_a_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = spy(monkeypatch, latin)
    assert latin.count_latin_squares(5, reduced=True, progress=False) == 56
    squares = latin.random_latin_squares(4, 5, rng=2, progress=True)
    generator = np.random.default_rng(2)
    assert squares == [latin.random_latin_square(4, generator) for _ in range(5)]
    assert len(latin.transversals(latin.graeco_latin_square(5)[0], progress=False)) == 15
    assert [call["enabled"] for call in calls] == [False, True, False]
    assert "order 5" in calls[0]["desc"] and "order 4" in calls[1]["desc"]
    with pytest.raises(ValueError, match="count must be an integer"):
        latin.random_latin_squares(4, -1)


def test_a_review_without_progress_shows_no_solver_bar(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    from townwidget.advice.review import review_decisions
    from townwidget.solvers import clairvoyant as solver

    calls = spy(monkeypatch, solver)
    game = town.new_solo("town77", seed=7)
    while not game.is_terminal():
        game.apply(game.legal_actions()[0])
    report = review_decisions([], game, 0, par_seconds=1.5, progress=False)  # the par alone, over the bar's delay
    assert report.par is not None and report.par >= report.score
    assert [call["enabled"] for call in calls] == [False]
    assert "clairvoyant search" not in capfd.readouterr().err
