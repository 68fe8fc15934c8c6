"""Intents: what the browser asks for, checked as untrusted input before a widget acts on them.

The front end never decides anything: it reports clicks and key presses as small JSON messages
(``{"intent": "select", "pile": 1}``, ``{"intent": "place", "cell": [2, 3]}``, ...), listed per front end in
``front_end.json``. This module checks what every game's intents share (an object, short, a known kind with only
its keys) and parses the intents every widget takes; each game's widget parses its own kinds (Town:
:func:`townwidget.widget.town_widget.parse_intent`), its actions through its game's adapter. Whether the intent is
legal *now* is the engine's call.

>>> kind = intent_kind({"intent": "step", "step": 3}, COMMON_INTENTS)
>>> common_intent(kind, {"intent": "step", "step": 3})
Intent(kind='step', step=3)
>>> intent_kind({"intent": "jump"}, COMMON_INTENTS)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
townwidget.core.errors.IllegalAction: 'intent' must be one of ['hint', 'new_game', ..., 'undo'], not 'jump'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from townwidget.core.checks import require_integer, shown
from townwidget.core.errors import IllegalAction
from townwidget.widget.front_end import FRONT_END


def _intent_keys(game: str) -> dict[str, frozenset[str]]:
    """Each intent of ``game`` in ``front_end.json`` (``"common"``: every widget's) and the keys it may carry."""
    return {name: frozenset(entry["keys"]) for name, entry in FRONT_END["intents"][game].items()}


# The intents every game widget takes, and the keys they carry besides "intent" (front_end.json says what each does).
COMMON_INTENTS = _intent_keys("common")
# Each Town intent and the keys it may carry (all of them required, except select's one-of).
INTENT_KEYS = {**_intent_keys("town"), **COMMON_INTENTS}
# Little Town's intents: a click on a space, on a market building, or on one of the choices in words.
LITTLE_TOWN_INTENT_KEYS = {**_intent_keys("littletown"), **COMMON_INTENTS}
MAX_STEP = 10_000  # far above any game's number of moves; the widget checks the real range
MAX_INTENT_CHARS = 200  # far above the longest intent (a Little Town payment, about 120): so no reason quotes more


@dataclass(frozen=True)
class Intent:
    """One checked intent; only the fields its kind uses are set."""

    kind: str
    pile: int | None = None
    tile: tuple[int, int] | None = None  # a Town tile (colour, shape)
    cell: tuple[int, int] | None = None  # a cell (row, column) of the game's board
    on: bool | None = None
    step: int | None = None
    building: str | None = None
    action: Any = None  # an engine action object
    choice: str | None = None  # a named choice (Town's planned discard: "tile", "drawn" or "keep")

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in vars(self).items() if value is not None)
        return f"Intent({fields})"


def intent_kind(content: Any, table: Mapping[str, frozenset[str]]) -> str:
    """The kind of an intent that is a short object naming a kind of ``table`` with only that kind's keys."""
    if not isinstance(content, dict):
        raise IllegalAction(f"an intent must be an object, not {type(content).__name__}")
    if not _short(content):
        raise IllegalAction(f"an intent is at most {MAX_INTENT_CHARS} characters long, not {shown(content)}")
    kind = content.get("intent")
    if not isinstance(kind, str) or kind not in table:
        raise IllegalAction(f"'intent' must be one of {sorted(table)}, not {shown(kind)}")
    unknown = set(content) - {"intent"} - table[kind]
    if unknown:
        raise IllegalAction(f"unknown key(s) {shown(sorted(unknown, key=shown))} in a {kind!r} intent")
    return kind


def _short(content: dict[str, Any]) -> bool:
    """Whether the intent's text is short (a number too long to write, or nesting too deep, is not)."""
    try:
        return len(repr(content)) <= MAX_INTENT_CHARS
    except (ValueError, RecursionError):
        return False


def require_keys(content: dict[str, Any], kind: str, table: Mapping[str, frozenset[str]]) -> None:
    missing = table[kind] - set(content)
    if missing:
        raise IllegalAction(f"a {kind!r} intent needs key(s) {sorted(missing)}")


def common_intent(kind: str, content: dict[str, Any]) -> Intent:
    """An intent every game widget takes (``front_end.json``'s "common": new game, undo, the history slider...),
    its keys already checked by :func:`intent_kind` and :func:`require_keys`."""
    if kind == "step":
        step = content["step"]
        return Intent(
            kind, step=None if step is None else require_integer(step, "'step'", 0, MAX_STEP, error=IllegalAction)
        )
    return Intent(kind)
