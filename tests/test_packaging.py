"""The conda environment mirrors the pyproject dependencies, and the package keeps its import contracts (layers)."""

from __future__ import annotations

import re
from importlib.metadata import requires
from pathlib import Path
from typing import Any

import pytest
from importlinter.api import read_configuration
from importlinter.cli import lint_imports

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


CONTRACTS = read_configuration(str(ROOT / "pyproject.toml"))["contracts_options"]


@pytest.mark.parametrize("contract", CONTRACTS, ids=[contract["id"] for contract in CONTRACTS])
def test_the_import_contracts_hold(contract: dict[str, Any]) -> None:
    # the contracts `lint-imports` checks in scripts/test (layers, the games apart, no loop between parts), one by one;
    # a broken one prints the imports that break it into the failure report
    status = lint_imports(
        str(ROOT / "pyproject.toml"), limit_to_contracts=(contract["id"],), no_cache=True, no_logo=True
    )
    assert status == 0, f"import contract broken: {contract['name']}"
