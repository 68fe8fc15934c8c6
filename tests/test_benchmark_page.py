"""docs/benchmarks.md is exactly the page the committed results files give, and a results file that lacks what the
page shows is refused in words (benchmarks/results.py, benchmarks/page.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))  # the benchmarks are scripts that import each other by name

import page  # noqa: E402
import results  # noqa: E402


def test_the_committed_page_is_the_one_its_results_files_give() -> None:
    assert sorted(results.RESULTS.glob("*.json")), "benchmarks/results/ holds no results file"
    assert page.PAGE.read_text(encoding="utf-8") == page.render(), "run python benchmarks/page.py"


def test_every_results_file_names_an_existing_benchmark() -> None:
    for path in results.RESULTS.glob("*.json"):
        assert (BENCHMARKS / f"{results.load(path)['benchmark']}.py").exists(), path.name


@pytest.mark.parametrize("key", results.FIGURE_KEYS)
def test_a_figure_missing_a_key_is_refused_naming_it(tmp_path: Path, key: str) -> None:
    figure = {"label": "speed", "value": 1.5, "interval": [1.0, 2.0], "unit": "s", "command": "python x.py"}
    figure |= {"date": "2026-12-03", "machine": "a laptop", "commit": "abc"}
    del figure[key]
    (tmp_path / "x.json").write_text(json.dumps({"benchmark": "x", "about": "x", "figures": [figure]}))
    with pytest.raises(ValueError, match=rf"x\.json, figure 1 .* has no '{key}'"):
        page.render(tmp_path)


def test_a_file_without_figures_and_a_malformed_interval_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="x.json has no 'figures'"):
        results.check({"benchmark": "x", "about": "x"}, "x.json")
    figure = {"label": "speed", "value": 1.5, "interval": [1.0], "unit": "s", "command": "python x.py"}
    figure |= {"date": "2026-12-03", "machine": "a laptop", "commit": "abc"}
    with pytest.raises(ValueError, match=r"'interval' must be \[low, high\] or 'n/a', not \[1.0\]"):
        results.check({"benchmark": "x", "about": "x", "figures": [figure]}, "x.json")


def test_save_records_the_provenance_and_replaces_a_figure_of_the_same_label(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(results, "RESULTS", tmp_path)
    monkeypatch.setattr(sys, "argv", ["benchmarks/latin_speed.py", "--rounds", "1"])
    script = str(BENCHMARKS / "latin_speed.py")
    results.save(script, [results.Figure("a", 1.0, "s", (0.5, 1.5)), results.Figure("b", 2, "s")])
    saved = results.save(script, [results.Figure("a", 3.0, "s")])
    figures = results.load(saved)["figures"]
    assert [(figure["label"], figure["value"], figure["interval"]) for figure in figures] == [
        ("b", 2, "n/a"),
        ("a", 3.0, "n/a"),
    ]
    assert figures[0]["command"] == "python benchmarks/latin_speed.py --rounds 1"
    assert set(figures[0]["machine"]) == set(results.MACHINE_KEYS)
    assert "| a | 3 | n/a | s |" in page.render(tmp_path)
