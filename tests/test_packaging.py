"""The conda environment mirrors the pyproject dependencies, and the package keeps its layers."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement

if sys.version_info >= (3, 11):
    import tomllib
else:  # hatchling (test extra) brings tomli to Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent


def project() -> dict[str, Any]:
    """The ``[project]`` table of pyproject.toml."""
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def pyproject_bounds() -> dict[str, set[str]]:
    """Every dependency of pyproject.toml (required and optional), by name: its version bounds."""
    table = project()
    lines = table["dependencies"] + [line for extra in table["optional-dependencies"].values() for line in extra]
    bounds: dict[str, set[str]] = {}
    for line in lines:
        requirement = Requirement(line)
        bounds.setdefault(requirement.name.lower(), set()).add(str(requirement.specifier))
    return bounds


def conda_bounds(text: str) -> dict[str, set[str]]:
    """The conda packages of an environment.yml text, by name: their version bounds."""
    bounds: dict[str, set[str]] = {}
    for line in text.split("dependencies:", 1)[1].splitlines():
        match = re.match(r"\s+- ([A-Za-z0-9_.-]+)\s*([<>=!~][^#]*)?", line)
        if match and match.group(1) not in ("pip", "python", "-e"):
            specifier = Requirement(match.group(1) + (match.group(2) or "").replace(" ", "")).specifier
            bounds.setdefault(match.group(1).lower(), set()).add(str(specifier))
    return bounds


def test_environment_yml_mirrors_pyproject_names_and_version_bounds() -> None:
    assert conda_bounds((ROOT / "environment.yml").read_text()) == pyproject_bounds()


def test_a_changed_bound_in_environment_yml_is_caught() -> None:
    text = (ROOT / "environment.yml").read_text()
    assert "  - numpy>=1.24\n" in text
    assert conda_bounds(text.replace("  - numpy>=1.24\n", "  - numpy>=1.20\n")) != pyproject_bounds()
    assert conda_bounds(text.replace("  - numpy>=1.24\n", "  - numpy\n")) != pyproject_bounds()


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
