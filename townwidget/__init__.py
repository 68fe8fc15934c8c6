"""townwidget: Town 77, Town 66 and Little Town in Jupyter, with exact rules, AI opponents and lessons.

>>> from townwidget import town
>>> town.new_game("town77", players=3, seed=1).current_player
0
"""

import importlib
from typing import Any

from townwidget import core, littletown, town
from townwidget.core.language import set_language

__version__ = "0.2.0"
__all__ = [
    "Hint",
    "LittleTownWidget",
    "Review",
    "TownWidget",
    "__version__",
    "core",
    "hint",
    "littletown",
    "replay_html",
    "review",
    "set_language",
    "town",
]
_ADVICE = ("Hint", "Review", "hint", "review")  # townwidget.advice: imported on first use, like the widgets
_WIDGETS = ("LittleTownWidget", "TownWidget")
_REPLAY = "replay_html"  # townwidget.widget.replay: a game record as a page to share (the widgets write its log)


def __getattr__(name: str) -> Any:
    # the widgets need anywidget and traitlets (the "widget" extra): import them only when asked for
    # import_module looks in sys.modules (a "from townwidget import widget" would take a stale package attribute)
    if name in _WIDGETS:
        return getattr(importlib.import_module("townwidget.widget"), name)
    if name == _REPLAY:
        return getattr(importlib.import_module("townwidget.widget.replay"), name)
    if name in _ADVICE:
        return getattr(importlib.import_module("townwidget.advice"), name)
    raise AttributeError(f"module 'townwidget' has no attribute {name!r}")
