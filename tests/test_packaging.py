"""The conda environment mirrors the pyproject dependencies, and the package keeps its layers."""

from __future__ import annotations

import ast
import re
from importlib.metadata import requires
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=!~\[ ;]", req.strip(), maxsplit=1)[0].lower() for req in requirements}


def conda_names() -> set[str]:
    found = set()
    text = (ROOT / "environment.yml").read_text()
    for line in text.split("dependencies:", 1)[1].splitlines():
        match = re.match(r"\s+- ([A-Za-z0-9_.-]+)", line)
        if match and match.group(1) not in ("pip", "python", "-e"):
            found.add(match.group(1).lower())
    return found


def test_environment_yml_mirrors_pyproject() -> None:
    # the installed metadata is pyproject.toml's (scripts/setup.sh reinstalls whenever that file changes)
    assert conda_names() == names(requires("townwidget") or [])


def test_the_engine_imports_nothing_from_the_layers_above_it() -> None:
    above = (
        "townwidget.agents",
        "townwidget.advice",
        "townwidget.widget",
        "townwidget.arena",
        "townwidget.envs",
        "townwidget.exercises",
    )
    engines = ("core", "town", "littletown")
    for path in [path for engine in engines for path in (ROOT / "townwidget" / engine).rglob("*.py")]:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith(above), f"{path.name} imports {node.module}"
            if isinstance(node, ast.Import):
                assert not any(alias.name.startswith(above) for alias in node.names), path.name
