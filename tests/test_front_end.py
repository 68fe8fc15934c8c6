"""The constants the widgets' Python and JavaScript share (townwidget/widget/front_end.json) agree with the engines,
and the committed bundles are what the widgets load."""

from __future__ import annotations

from townwidget.littletown import RESOURCES
from townwidget.littletown.data import ROUNDS
from townwidget.littletown.refusals import TERRAIN_NAMES
from townwidget.widget import LittleTownWidget, TownWidget
from townwidget.widget.front_end import FRONT_END, STATIC
from townwidget.widget.intents import INTENT_KEYS, LITTLE_TOWN_INTENT_KEYS


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


def test_the_intents_python_takes_are_those_front_end_json_lists() -> None:
    """js/src/intents.js builds its messages from the same table (js/test/intents.test.js)."""
    listed = {game: set(table) for game, table in FRONT_END["intents"].items() if game != "about"}
    assert set(INTENT_KEYS) == listed["town"] | listed["common"]
    assert set(LITTLE_TOWN_INTENT_KEYS) == listed["littletown"] | listed["common"]
    assert INTENT_KEYS["select"] == frozenset(FRONT_END["intents"]["town"]["select"]["keys"]) == {"pile", "tile"}
