"""The conda environment mirrors the pyproject dependencies, and the package keeps its import contracts (layers)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from importlinter.api import read_configuration
from importlinter.cli import lint_imports
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


CONTRACTS = read_configuration(str(ROOT / "pyproject.toml"))["contracts_options"]


@pytest.mark.parametrize("contract", CONTRACTS, ids=[contract["id"] for contract in CONTRACTS])
def test_the_import_contracts_hold(contract: dict[str, Any]) -> None:
    # the contracts `lint-imports` checks in scripts/test (layers, the games apart, no loop between parts), one by one;
    # a broken one prints the imports that break it into the failure report
    status = lint_imports(
        str(ROOT / "pyproject.toml"), limit_to_contracts=(contract["id"],), no_cache=True, no_logo=True
    )
    assert status == 0, f"import contract broken: {contract['name']}"
