"""The constants the widgets' Python and JavaScript share (townwidget/widget/front_end.json) agree with the engines,
and the committed bundles are what the widgets load."""

from __future__ import annotations

from townwidget.littletown import RESOURCES
from townwidget.littletown.data import ROUNDS
from townwidget.littletown.refusals import TERRAIN_NAMES
from townwidget.widget import LittleTownWidget, TownWidget
from townwidget.widget.base import FRONT_END, STATIC


def test_little_town_names_are_the_engines() -> None:
    shared = FRONT_END["littletown"]
    assert shared["terrain"] == TERRAIN_NAMES
    assert tuple(shared["resources"]) == RESOURCES
    assert shared["rounds"] == ROUNDS


def test_each_widget_loads_its_bundle_as_a_file() -> None:
    """anywidget turns a path into file contents it can watch (hot reload); the text is the committed bundle's."""
    for widget, name in ((TownWidget, "town"), (LittleTownWidget, "littletown")):
        assert type(widget._esm).__name__ == "FileContents"
        assert str(widget._esm) == (STATIC / f"{name}.js").read_text(encoding="utf-8")
        assert str(widget._css) == (STATIC / f"{name}.css").read_text(encoding="utf-8")
        assert "as default" in str(widget._esm) and ".gw-root" in str(widget._css)
