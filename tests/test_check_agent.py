"""check_agent judges behaviour, not code: submission files, the package's players out of reach (its building
blocks in reach), deals drawn afresh at every call, a bar over the games (issues 44 and 49)."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest

from townwidget import town
from townwidget.core.progress import set_progress
from townwidget.exercises.opponents import check_agent


@pytest.fixture(autouse=True)
def quiet() -> Any:
    set_progress(False)
    yield
    set_progress(None)


def saved(folder: Path, name: str, code: str) -> str:
    path = folder / f"{name}.py"
    path.write_text(textwrap.dedent(code))
    return str(path)


def test_a_submission_file_is_judged_as_an_object_is(tmp_path: Path) -> None:
    honest = saved(tmp_path, "honest", "def act(view):\n    return view.legal_actions()[0]\n")
    assert check_agent(honest)
    assert check_agent(Path(honest))
    broken = saved(tmp_path, "broken", "def act(view):\n    return 'place'\n")
    assert "an action must be a dict or an action object" in check_agent(broken).problems[0]


@pytest.mark.parametrize(
    "reach",
    [
        "importlib.import_module('townwidget.agents').make_agent('greedy')",
        "__import__('townwidget.solvers.clairvoyant', fromlist=['solve']).solve",
        "sys.modules['townwidget.arena.players'].make_agent('greedy')",
        "importlib.import_module('townwidget.advice')",
    ],
)
def test_the_packages_players_cannot_be_reached_however_they_are_named(tmp_path: Path, reach: str) -> None:
    spec = saved(
        tmp_path,
        "borrows",
        f"""
        import importlib, sys
        def act(view):
            borrowed = {reach}
            return view.legal_actions()[0]
        """,
    )
    problems = check_agent(spec).problems
    assert problems and ("may not be imported here" in problems[-1] or "Error" in problems[-1]), problems


def test_the_packages_own_agent_object_is_not_the_students() -> None:
    from townwidget.agents import make_agent

    problems = check_agent(make_agent("greedy", seed=1)).problems
    assert problems and "may not be imported here" in " ".join(problems), problems


def test_the_lessons_building_blocks_are_allowed(tmp_path: Path) -> None:
    spec = saved(
        tmp_path,
        "playouts",
        """
        import numpy as np
        from townwidget.solvers.vector import SoloBatch

        def act(view):
            actions = view.legal_actions()
            if view.num_players == 1 and len(actions) > 1:
                worlds = SoloBatch.from_view(view, copies=4, seed=np.random.default_rng(0))
                assert len(worlds) == 4
            return actions[0]
        """,
    )
    assert check_agent(spec), check_agent(spec).problems


class KnowsPublicDeals:
    """Plays well only on deals it has seen: the starts of Town 44 deals 0..199 (as a fixed public list would be)."""

    name = "knows-the-deals"

    def __init__(self) -> None:
        self.known = {repr(town.new_solo("town44", seed=deal).view(0).to_dict()) for deal in range(200)}
        self.playing_known = False

    def act(self, view: Any) -> Any:
        if view.rules.n == 4 and view.num_players == 1 and not view.to_dict()["history"]:
            self.playing_known = repr(view.to_dict()) in self.known
        if view.rules.n == 4 and view.num_players == 1 and not self.playing_known:
            raise RuntimeError("a deal I do not know")
        return view.legal_actions()[0]


def test_deals_are_drawn_afresh_so_a_list_of_public_deals_does_not_help() -> None:
    problems = check_agent(KnowsPublicDeals()).problems
    assert problems and "a deal I do not know" in problems[0], problems


def test_a_bar_shows_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    class First:
        name = "first"

        def act(self, view: Any) -> Any:
            return view.legal_actions()[0]

    set_progress(True)
    assert check_agent(First())
    assert "check_agent" in capsys.readouterr().err
