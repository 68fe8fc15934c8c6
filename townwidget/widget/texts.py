"""The words the front ends draw themselves (``texts.json``: buttons, labels, aria-labels, titles), translated.

The JavaScript holds no English a player reads: it takes every word from the widget's ``texts`` trait, built here in
the widget's language. A message with a plural is sent as its forms for 0, 1 and 2 or more (which covers English and
French: French says "0 tuile", English "0 tiles").

>>> from townwidget.core.language import speaking
>>> front_end_texts({})["new_game"], front_end_texts({})["tiles"], front_end_texts({})["cell"]
('New game', ['{count} tiles', '{count} tile', '{count} tiles'], 'row {row}, column {column}')
>>> with speaking("fr"):
...     front_end_texts({})["tiles"], front_end_texts({})["cell"]
(['{count} tuile', '{count} tuile', '{count} tuiles'], 'rangée {row}, colonne {column}')
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from townwidget.core.language import _, ngettext
from townwidget.core.words import CELL

TEXTS: dict[str, str | list[str]] = {
    key: value
    for key, value in json.loads((Path(__file__).parent / "texts.json").read_text(encoding="utf-8")).items()
    if key != "about"
}


def front_end_texts(extra: dict[str, Any]) -> dict[str, Any]:
    """Every message of ``texts.json`` in the current language, with ``extra`` (already translated) added."""
    texts: dict[str, Any] = {}
    for key, message in TEXTS.items():
        if isinstance(message, str):
            texts[key] = _(message)
        else:
            singular, plural = message
            texts[key] = [ngettext(singular, plural, count) for count in (0, 1, 2)]
    texts["cell"] = _(CELL)  # the cells' words of the Python side (core.words.cell_words), for the boards' labels
    return {**texts, **extra}
