"""No click waits on numba's compiler: a widget compiles the kernels in the background when it opens, a hint asked
for meanwhile is answered by a shorter search in Python and says so, and ``townwidget warm-up`` fills the cache."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from townwidget import town
from townwidget.__main__ import main
from townwidget.agents.expert import ExpertAgent
from townwidget.solvers import warm

ROOT = Path(__file__).resolve().parent.parent

FIRST_HINT = """
import json, time
from townwidget.solvers import warm
from townwidget.widget import TownWidget

widget = TownWidget(seed=3)  # Town 77 solo: the compiled rollouts' game
compiling = warm.compiling()
start = time.perf_counter()
advice = widget.hint()
print(json.dumps({"seconds": time.perf_counter() - start, "text": advice.text, "compiling": compiling,
                  "shown": widget.suggestion["text"]}))
"""


def test_a_first_hint_with_a_cold_cache_is_answered_within_3_seconds(tmp_path: Path) -> None:
    """In a fresh process with an empty numba cache, the widget's first hint does not wait for the compiler (tens
    of seconds): it comes within 3 s, and its words say it was a shorter search."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", FIRST_HINT], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["compiling"], "the widget did not start compiling in the background"
    assert seen["seconds"] <= 3.0, f"the first hint took {seen['seconds']:.1f} s"
    assert seen["text"].endswith("(a first, shorter search: the full one is still getting ready)")
    assert seen["shown"] == seen["text"]


def test_an_agent_made_while_compiling_takes_the_compiled_rollouts_once_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    """An expert made during the background compilation rolls out in Python (rather than wait), and uses the compiled
    rollouts from its first move after they are ready."""
    assert warm.ready()  # loaded for the whole test session (conftest.py)
    monkeypatch.setattr(warm, "compiling", lambda: True)
    agent = ExpertAgent(seed=0, iterations=20)
    assert agent.rollout is None
    monkeypatch.setattr(warm, "compiling", lambda: False)
    game = town.new_solo("town77", seed=0)
    game.apply(agent.act(game.view(0)))
    assert agent.rollout is not None


def test_a_hint_with_the_kernels_ready_searches_in_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the kernels are loaded, a Town solo hint says nothing of a shorter search; while they compile, only a
    widget's quick hint is one (a hint asked from code is the full search's, whenever it is asked); and none is
    said outside Town solo, where the compiled rollouts do not apply."""
    from townwidget import littletown
    from townwidget.advice import hint

    game = town.new_solo("town44", seed=1)
    assert "shorter search" not in hint(game.view(0), iterations=30).text
    monkeypatch.setattr(warm, "compiling", lambda: True)
    assert hint(game.view(0), quick=True).text.endswith("the full one is still getting ready)")
    assert "shorter search" not in hint(game.view(0), iterations=30).text
    little = littletown.new_game(players=2, seed=1)
    assert "shorter search" not in hint(little.view(little.current_player), iterations=10).text


def test_the_warm_up_command_compiles_every_kernel(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``townwidget warm-up`` runs the warm-up and says where the cache is; without numba it says there is nothing
    to compile, and succeeds (a hub image without the fast extra still builds)."""
    calls = []
    monkeypatch.setattr(warm, "warm_up", lambda: calls.append("warm_up"))
    monkeypatch.setenv("NUMBA_CACHE_DIR", "/srv/numba-cache")
    assert main(["warm-up"]) == 0
    assert calls == ["warm_up"]
    assert "numba's cache (/srv/numba-cache)" in capsys.readouterr().out
    monkeypatch.setattr(warm, "available", lambda: False)
    assert main(["warm-up"]) == 0
    assert calls == ["warm_up"] and "numba is not installed: nothing to compile" in capsys.readouterr().out
