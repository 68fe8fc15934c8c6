"""The benchmarks' figures on file: each benchmark ends with :func:`save`, which writes its figures as JSON to
``benchmarks/results/NAME.json`` (NAME: the script's name), each with its provenance; ``benchmarks/page.py`` makes
``docs/benchmarks.md`` from those files. A figure is the only copy of a measurement: the README, the docstrings
and the changelog link to the page instead of repeating it.

    import results  # first, at the top of the script: the load average is read when this module is imported
    ...
    results.save(__file__, [results.Figure("random playouts", 41_000, "games/s", (39_500, 42_400))])

Every figure carries the command that produced it (``sys.argv``), the date, the machine (platform, CPU count,
load average before and after the run) and the git commit. A new figure replaces the one of the same label in the
file; figures of other labels (other parts of the benchmark, other arguments) stay, each with its own provenance.
"""

from __future__ import annotations

import ast
import datetime
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from townwidget.arena import t95

RESULTS = Path(__file__).resolve().parent / "results"
FIGURE_KEYS = ("label", "value", "interval", "unit", "command", "date", "machine", "commit")
FILE_KEYS = ("benchmark", "about", "figures")
MACHINE_KEYS = ("platform", "cpus", "load_before", "load_after")
NO_INTERVAL = "n/a"
LOAD_BEFORE = os.getloadavg()  # read on import, that is as the benchmark starts


@dataclass(frozen=True)
class Figure:
    """One measured figure: ``interval`` is its 95% interval (low, high), or None where none applies (a count)."""

    label: str
    value: float
    unit: str
    interval: tuple[float, float] | None = None


def mean_figure(label: str, values: list[float], unit: str) -> Figure:
    """The mean of repeated measurements (rounds of a speed benchmark, times, ratios: never negative) with its t
    interval (95%), cut at 0."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return Figure(label, round(mean, 3), unit)
    half = t95(len(values) - 1) * statistics.stdev(values) / len(values) ** 0.5
    return Figure(label, round(mean, 3), unit, (round(max(mean - half, 0.0), 3), round(mean + half, 3)))


def save(script: str, figures: Iterable[Figure]) -> Path:
    """Write ``figures`` of the benchmark ``script`` (its ``__file__``) to its results file; returns the file."""
    path = RESULTS / f"{Path(script).stem}.json"
    provenance = {"command": shlex.join(["python", *sys.argv]), "date": _today(), "machine": _machine()}
    provenance["commit"] = _commit()
    fresh = [_figure_entry(figure, provenance) for figure in figures]
    kept = [entry for entry in _earlier_figures(path) if entry["label"] not in {e["label"] for e in fresh}]
    data = {"benchmark": path.stem, "about": _about(Path(script)), "figures": kept + fresh}
    check(data, path.name)
    RESULTS.mkdir(exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"figures saved to {path}; python benchmarks/page.py makes docs/benchmarks.md")
    return path


def load(path: Path) -> dict[str, Any]:
    """A results file, checked (:func:`check`)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    check(data, path.name)
    return data  # type: ignore[no-any-return]


def check(data: object, name: str) -> None:
    """Refuse, naming the file, the figure and the key, a results file that lacks something the page shows."""
    if not isinstance(data, dict):
        raise ValueError(f"{name}: a results file holds a JSON object, not {type(data).__name__}")
    _require(data, FILE_KEYS, name)
    if not isinstance(data["figures"], list) or not data["figures"]:
        raise ValueError(f"{name}: 'figures' must be a non-empty list")
    for number, figure in enumerate(data["figures"], 1):
        where = f"{name}, figure {number}"
        if not isinstance(figure, dict):
            raise ValueError(f"{where}: a figure is a JSON object, not {type(figure).__name__}")
        _require(figure, FIGURE_KEYS, f"{where} ({figure.get('label', 'no label')!r})")
        _check_figure(figure, f"{where} ({figure['label']!r})")


def _check_figure(figure: Mapping[str, Any], where: str) -> None:
    if isinstance(figure["value"], bool) or not isinstance(figure["value"], int | float):
        raise ValueError(f"{where}: 'value' must be a number, not {figure['value']!r}")
    interval = figure["interval"]
    if interval != NO_INTERVAL and not (
        isinstance(interval, list) and len(interval) == 2 and all(isinstance(bound, int | float) for bound in interval)
    ):
        raise ValueError(f"{where}: 'interval' must be [low, high] or {NO_INTERVAL!r}, not {interval!r}")
    if isinstance(figure["machine"], dict):
        _require(figure["machine"], MACHINE_KEYS, f"{where} 'machine'")
    elif not isinstance(figure["machine"], str):
        raise ValueError(f"{where}: 'machine' must be an object of {list(MACHINE_KEYS)} or a sentence")


def _require(data: Mapping[str, Any], keys: Iterable[str], where: str) -> None:
    missing = [key for key in keys if key not in data]
    if missing:
        raise ValueError(f"{where} has no {', '.join(repr(key) for key in missing)}: every figure needs {list(keys)}")


def _figure_entry(figure: Figure, provenance: dict[str, Any]) -> dict[str, Any]:
    interval: object = NO_INTERVAL if figure.interval is None else [float(bound) for bound in figure.interval]
    return {"label": figure.label, "value": figure.value, "interval": interval, "unit": figure.unit, **provenance}


def _earlier_figures(path: Path) -> list[dict[str, Any]]:
    return list(load(path)["figures"]) if path.exists() else []


def _about(script: Path) -> str:
    """The first line of the benchmark's docstring: what it measures."""
    docstring = ast.get_docstring(ast.parse(script.read_text(encoding="utf-8"))) or script.stem
    return docstring.split("\n\n")[0].replace("\n", " ")


def _today() -> str:
    return datetime.datetime.now(datetime.timezone.utc).date().isoformat()


def _machine() -> dict[str, Any]:
    load_after = os.getloadavg()
    return {
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "load_before": [round(load, 2) for load in LOAD_BEFORE],
        "load_after": [round(load, 2) for load in load_after],
    }


def _commit() -> str:
    """The checkout's commit, marked when tracked files differ from it (the figures are then of uncommitted code)."""
    head = _git("rev-parse", "--short=12", "HEAD").stdout.strip() or "unknown"
    changed = _git("diff", "--quiet", "HEAD", "--", "townwidget", "benchmarks").returncode != 0
    return head + (" with uncommitted changes" if changed else "")


def _git(*arguments: str) -> subprocess.CompletedProcess[str]:
    root = Path(__file__).resolve().parent.parent
    return subprocess.run(["git", *arguments], cwd=root, capture_output=True, text=True, check=False)
