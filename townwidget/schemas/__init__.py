"""JSON Schema files (draft 2020-12) for the package's JSON formats: ``town-state/1``, ``littletown-state/1`` and
the arena's game records, ``townwidget-record/1``.

A schema says the shape (keys, types, ranges, the actions' forms) for programs outside the package; the engines'
``from_dict`` and the arena's ``replay`` check the rules and stay the authority. The record's schema refers to the
two state schemas by their ``$id`` (``urn:townwidget:...``), so a validator needs all three (docs/state-format.md
shows how with the ``jsonschema`` package).

>>> sorted(SCHEMAS)
['littletown-state/1', 'town-state/1', 'townwidget-record/1']
>>> schema("town-state/1")["properties"]["format"]
{'const': 'town-state/1'}
"""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any

#: Each format: its schema file in this folder.
SCHEMAS = {
    "town-state/1": "town-state-1.schema.json",
    "littletown-state/1": "littletown-state-1.schema.json",
    "townwidget-record/1": "townwidget-record-1.schema.json",
}


def schema(format_name: str) -> dict[str, Any]:
    """The JSON Schema of a format, by its ``format`` value (a key of :data:`SCHEMAS`), as a fresh dict."""
    if format_name not in SCHEMAS:
        raise ValueError(f"no schema for {format_name!r}: the formats are {', '.join(SCHEMAS)}")
    loaded: dict[str, Any] = json.loads(files(__name__).joinpath(SCHEMAS[format_name]).read_text(encoding="utf-8"))
    return loaded
