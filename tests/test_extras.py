"""A missing optional dependency is an error that names the extra to install (simulated by hiding modules)."""

from __future__ import annotations

import importlib
import sys

import pytest
from packaging.requirements import Requirement
from test_packaging import project

from townwidget.core.extras import EXTRA_MODULES, MissingExtra


def hide(monkeypatch: pytest.MonkeyPatch, module: str, reimported: str) -> None:
    """Make ``module`` unimportable (as if not installed) and forget ``reimported`` so that it imports afresh."""
    monkeypatch.setitem(sys.modules, module, None)
    for name in [name for name in sys.modules if name == reimported or name.startswith(reimported + ".")]:
        monkeypatch.delitem(sys.modules, name)


@pytest.mark.parametrize(
    ("module", "package", "extra"),
    [
        ("anywidget", "townwidget.widget", "widget"),
        ("traitlets", "townwidget.widget", "widget"),
        ("gymnasium", "townwidget.envs", "rl"),
        ("pettingzoo", "townwidget.envs.solo", "rl"),
    ],
)
def test_a_missing_module_names_its_extra(
    monkeypatch: pytest.MonkeyPatch, module: str, package: str, extra: str
) -> None:
    hide(monkeypatch, module, ".".join(package.split(".")[:2]))  # the part's package runs its check afresh
    with pytest.raises(
        MissingExtra, match=rf'need {module}, which is not installed: pip install "townwidget\[{extra}\]"'
    ):
        importlib.import_module(package)


def test_the_top_level_widget_names_the_widget_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    hide(monkeypatch, "traitlets", "townwidget.widget")
    with pytest.raises(ModuleNotFoundError, match=r"townwidget\[widget\]"):
        from townwidget import TownWidget  # noqa: F401


def test_every_missing_module_is_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    hide(monkeypatch, "anywidget", "townwidget.widget")
    monkeypatch.setitem(sys.modules, "traitlets", None)
    with pytest.raises(MissingExtra, match="need anywidget and traitlets, which are not installed"):
        importlib.import_module("townwidget.widget")
    hide(monkeypatch, "gymnasium", "townwidget.envs")
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    with pytest.raises(MissingExtra, match="need gymnasium and pettingzoo, which are not installed"):
        importlib.import_module("townwidget.envs")


def test_the_extras_hold_the_modules_named_for_them() -> None:
    extras = project()["optional-dependencies"]
    for extra, modules in EXTRA_MODULES.items():
        assert set(modules) == {Requirement(line).name for line in extras[extra]}, extra
