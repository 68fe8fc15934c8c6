"""Make docs/benchmarks.md from the benchmarks' results files (benchmarks/results/*.json, written by results.py).

    python benchmarks/page.py

A section per benchmark, a table per run of it (its command, date, machine and commit under the table). The page
depends only on the files: the same files give the same page, byte for byte (tests/test_benchmark_page.py checks
that the committed page is the one the committed files give).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from results import NO_INTERVAL, RESULTS, load

PAGE = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"
PROVENANCE = ("command", "date", "machine", "commit", "source")
HEAD = """# Benchmarks: the measured figures

Every figure the project has measured, once, with the command that produced it, its date, the machine and the
commit. This page is generated: each script of `benchmarks/` saves its figures as JSON in `benchmarks/results/`
(`benchmarks/results.py`), and `python benchmarks/page.py` writes this page from those files; do not edit it by
hand. The README, the docstrings and `CHANGELOG.md` link here instead of copying a figure.

Intervals are 95% (Student's t or normal for means, Wilson for rates, as each benchmark's docstring says); "n/a"
marks a count or a single measurement. CPU seconds are those of the measuring process. The machine is a shared
2-core computer: speed figures move with its load, which is given for each run. Figures marked "transcribed" were
measured before the benchmarks wrote their own results: they are copied from the README of the commit named, with
the date of that commit, and have not been run again since.
"""


def render(results: Path = RESULTS) -> str:
    """The page's text for the results files in ``results``."""
    sections = [_section(load(path)) for path in sorted(results.glob("*.json"))]
    return "\n".join([HEAD, *sections])


def _section(data: dict[str, Any]) -> str:
    lines = [f"## `benchmarks/{data['benchmark']}.py`", "", data["about"], ""]
    lines += [f"{note}\n" for note in data.get("notes", [])]
    for run in _runs(data["figures"]):
        lines += ["| figure | value | 95% interval | unit |", "|---|---|---|---|"]
        lines += [_row(figure) for figure in run]
        lines += ["", _provenance(run[0]), ""]
    return "\n".join(lines)


def _runs(figures: Iterable[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The figures grouped by their provenance, in the order each provenance first appears."""
    runs: dict[str, list[dict[str, Any]]] = {}
    for figure in figures:
        runs.setdefault(repr([figure.get(key) for key in PROVENANCE]), []).append(figure)
    return list(runs.values())


def _row(figure: dict[str, Any]) -> str:
    interval = figure["interval"]
    shown = NO_INTERVAL if interval == NO_INTERVAL else f"[{_number(interval[0])}, {_number(interval[1])}]"
    cells = (figure["label"], _number(figure["value"]), shown, figure["unit"])
    return "| " + " | ".join(str(cell).replace("|", "\\|") for cell in cells) + " |"


def _number(value: float) -> str:
    """Four significant digits (a count in full), the way the figures are measured, never more."""
    if isinstance(value, int) or abs(value) >= 10_000:
        return f"{value:,.0f}"
    return f"{value:.4g}"


def _provenance(figure: dict[str, Any]) -> str:
    machine = figure["machine"]
    if isinstance(machine, dict):
        before, after = (", ".join(f"{load:.2f}" for load in machine[key]) for key in ("load_before", "load_after"))
        machine = f"{machine['platform']}, {machine['cpus']} CPUs, load average {before} before and {after} after"
    lines = [f"Command: `{figure['command']}`  ", f"Date: {figure['date']}; commit {figure['commit']}  "]
    lines.append(f"Machine: {machine}" + ("  " if "source" in figure else ""))
    if "source" in figure:
        lines.append(f"Source: {figure['source']}")
    return "\n".join(lines)


def main() -> None:
    PAGE.write_text(render(), encoding="utf-8")
    print(f"wrote {PAGE}")


if __name__ == "__main__":
    main()
