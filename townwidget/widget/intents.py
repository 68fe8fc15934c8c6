"""Intents: what the browser asks for, checked as untrusted input before a widget acts on them.

The front end never decides anything: it reports clicks and key presses as small JSON messages
(``{"intent": "select", "pile": 1}``, ``{"intent": "place", "cell": [2, 3]}``, ...). :func:`parse_intent` (Town) and
:func:`parse_little_town_intent` check their shape (type, keys, ranges) and return an :class:`Intent`; whether the
intent is legal *now* is the engine's call.

>>> parse_intent({"intent": "place", "cell": [2, 3]}, n=7)
Intent(kind='place', cell=(2, 3))
>>> parse_intent({"intent": "place", "cell": [2, 9]}, n=7)
Traceback (most recent call last):
...
townwidget.core.errors.IllegalAction: action 'cell': column 9 is out of range 0..6
>>> parse_little_town_intent({"intent": "act", "action": {"type": "gather", "resource": "wood"}})
Intent(kind='act', action=Gather(resource='wood'))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from townwidget.core.checks import require_integer, shown
from townwidget.core.errors import IllegalAction
from townwidget.littletown import Build, PlaceWorker
from townwidget.littletown import parse_action as parse_little_town_action
from townwidget.town.actions import Cell, Tile, parse_pair
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
MAX_PILES = 9  # far above any rules' pile count; the state checks the real range
MAX_STEP = 10_000  # far above any game's number of moves; the widget checks the real range
MAX_INTENT_CHARS = 200  # far above the longest intent (a Little Town payment, about 120): so no reason quotes more


@dataclass(frozen=True)
class Intent:
    """One checked intent; only the fields its kind uses are set."""

    kind: str
    pile: int | None = None
    tile: Tile | None = None
    cell: Cell | None = None
    on: bool | None = None
    step: int | None = None
    building: str | None = None
    action: Any = None  # an engine action object

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


def parse_intent(content: Any, n: int) -> Intent:
    """Check one message from the Town front end for board size ``n``; raise :class:`IllegalAction` naming the
    fault."""
    kind = intent_kind(content, INTENT_KEYS)
    if kind == "select":
        keys = set(content) - {"intent"}
        if len(keys) != 1:
            raise IllegalAction("a 'select' intent names exactly one of 'pile' or 'tile'")
        if "pile" in keys:
            return Intent(kind, pile=require_integer(content["pile"], "'pile'", 0, MAX_PILES - 1, error=IllegalAction))
        return Intent(kind, tile=parse_pair(content, "tile", n))
    require_keys(content, kind, INTENT_KEYS)
    if kind == "place":
        return Intent(kind, cell=parse_pair(content, "cell", n))
    if kind == "choose":
        return Intent(kind, tile=parse_pair(content, "tile", n))
    if kind in ("flip", "inspect"):
        if not isinstance(content["on"], bool):
            raise IllegalAction(f"'on' must be true or false, not {shown(content['on'])}")
        return Intent(kind, on=content["on"])
    return _common(kind, content)


def parse_little_town_intent(content: Any) -> Intent:
    """Check one message from the Little Town front end; raise :class:`IllegalAction` naming the fault.

    >>> parse_little_town_intent({"intent": "cell", "cell": [6, 0]})
    Traceback (most recent call last):
    ...
    townwidget.core.errors.IllegalAction: action 'cell' [6, 0] is off the board (rows 0-5, columns 0-8)
    """
    kind = intent_kind(content, LITTLE_TOWN_INTENT_KEYS)
    require_keys(content, kind, LITTLE_TOWN_INTENT_KEYS)
    # The engine's own parser checks the values: a cell on the board, a building id, a well-formed action.
    if kind == "cell":
        place = parse_little_town_action({"type": "place_worker", "cell": content["cell"]})
        assert isinstance(place, PlaceWorker)
        return Intent(kind, cell=place.cell)
    if kind == "build":
        build = parse_little_town_action({"type": "build", "building": content["building"]})
        assert isinstance(build, Build)
        return Intent(kind, building=build.building)
    if kind == "act":
        return Intent(kind, action=parse_little_town_action(content["action"]))
    return _common(kind, content)


def _common(kind: str, content: dict[str, Any]) -> Intent:
    if kind == "step":
        step = content["step"]
        return Intent(
            kind, step=None if step is None else require_integer(step, "'step'", 0, MAX_STEP, error=IllegalAction)
        )
    return Intent(kind)
