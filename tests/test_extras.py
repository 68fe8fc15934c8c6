"""A missing optional dependency is an error that names the extra to install (simulated by hiding modules)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

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
        ("gymnasium", "townwidget.envs.solo", "rl"),
        ("gymnasium", "townwidget.envs.multi", "rl"),
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


@pytest.mark.parametrize("name", ["TownWidget", "LittleTownWidget"])
def test_the_top_level_widgets_name_the_widget_extra(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    hide(monkeypatch, "traitlets", "townwidget.widget")
    with pytest.raises(ModuleNotFoundError, match=r"townwidget\[widget\]"):
        getattr(importlib.import_module("townwidget"), name)


def test_the_top_level_widgets_are_the_widget_classes() -> None:
    from townwidget import LittleTownWidget, TownWidget, widget

    assert (TownWidget, LittleTownWidget) == (widget.TownWidget, widget.LittleTownWidget)
    assert {"TownWidget", "LittleTownWidget"} <= set(importlib.import_module("townwidget").__all__)
    with pytest.raises(AttributeError, match="no attribute 'LittleTownWidgets'"):
        importlib.import_module("townwidget").LittleTownWidgets  # noqa: B018


def test_the_course_names_the_nbgrader_extra(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from townwidget.classroom import write_course

    monkeypatch.setitem(sys.modules, "nbgrader", None)
    with pytest.raises(
        MissingExtra, match=r'need nbgrader, which is not installed: pip install "townwidget\[nbgrader\]"'
    ):
        write_course(tmp_path / "course")
    assert not (tmp_path / "course").exists()  # refused before anything is written


def test_every_missing_module_is_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    hide(monkeypatch, "anywidget", "townwidget.widget")
    monkeypatch.setitem(sys.modules, "traitlets", None)
    with pytest.raises(MissingExtra, match="need anywidget and traitlets, which are not installed"):
        importlib.import_module("townwidget.widget")
    hide(monkeypatch, "gymnasium", "townwidget.envs")
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    with pytest.raises(MissingExtra, match="need gymnasium and pettingzoo, which are not installed"):
        importlib.import_module("townwidget.envs.solo")


def test_the_extras_hold_the_modules_named_for_them() -> None:
    extras = project()["optional-dependencies"]
    for extra, modules in EXTRA_MODULES.items():
        assert set(modules) == {Requirement(line).name for line in extras[extra]}, extra
