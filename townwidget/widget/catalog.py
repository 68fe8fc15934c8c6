"""The widgets' message catalogs: every message players read, gathered from the code and the game data, and the
commands that keep the translations in step (they need Babel: ``pip install babel``).

    python -m townwidget.widget.catalog update      # townwidget.pot from the code; merge it into every .po; compile
    python -m townwidget.widget.catalog new de      # start a catalog for German from townwidget.pot

Messages come from two places: the ``_()``, ``ngettext()``, ``pgettext()``, ``N_()`` and ``N_plural()`` calls of
the core's and the games' words, the widgets, the advice and the lessons' checkers (extracted by Babel), and names
the code takes from data (``texts.json``, colour and shape names, play levels, Little Town's buildings, resources,
terrain and objective cards), listed by :func:`data_messages`. See ``docs/translating.md``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from townwidget.core.language import DOMAIN, LOCALE, SOURCE
from townwidget.littletown import CARDS, RESOURCES, building_kinds
from townwidget.littletown.data import raw
from townwidget.littletown.refusals import TERRAIN_NAMES
from townwidget.town.rules import TOWN77_LEVELS
from townwidget.town.style import COLOUR_NAMES, SHAPE_NAMES
from townwidget.town.words import TILE_CONTEXT
from townwidget.widget.littletown_words import AMOUNTS
from townwidget.widget.texts import TEXTS

PACKAGE = Path(__file__).parent.parent
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
Message = tuple[str | tuple[str, str], str | None, str]  # (msgid or (singular, plural), msgctxt, where it comes from)


def data_messages() -> Iterator[Message]:
    """The messages the code translates from data rather than writes out."""
    for key, text in TEXTS.items():
        yield (text if isinstance(text, str) else (text[0], text[1])), None, f"texts.json:{key}"
    for colour in COLOUR_NAMES:
        yield colour, None, "town/style.py:COLOUR_NAMES"
        yield colour, TILE_CONTEXT, "town/style.py:COLOUR_NAMES"
    for shape in SHAPE_NAMES:
        yield shape, None, "town/style.py:SHAPE_NAMES"
    for _low, level in TOWN77_LEVELS:
        yield level, None, "town/rules.py:TOWN77_LEVELS"
    for kind in building_kinds("vp"):
        yield kind.name, None, f"little-town.json:buildings:{kind.id}"
    for building in raw()["buildings"]:
        if "what" in (building.get("effect") or {}):
            yield building["effect"]["what"], None, f"little-town.json:buildings:{building['id']}:effect"
    for card in CARDS.values():
        yield card.text, None, "little-town.json:objectives"
    for amount in AMOUNTS.values():
        yield amount, None, "littletown_words.py:AMOUNTS"
    for name in (*RESOURCES, *TERRAIN_NAMES.values()):
        yield name, None, "littletown: resources and terrain"


def source_catalog() -> Any:
    """Every message of the package as a Babel catalog (the template translators start from)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

    catalog = Catalog(project="townwidget", domain=DOMAIN, charset="utf-8", fuzzy=False)
    keywords: dict[str, Any] = {**DEFAULT_KEYWORDS, "N_": None, "N_plural": (1, 2)}
    method_map = [("**/core/language.py", "ignore")]
    method_map += [
        (f"**/{part}/**.py", "python")
        for part in ("core", "town", "littletown", "advice", "exercises", "pages", "tables", "widget")
    ]
    for filename, line, message, _comments, context in extract_from_dir(PACKAGE, method_map, keywords=keywords):
        catalog.add(message, locations=[(f"townwidget/{filename}", line)], context=context)
    for message, context, where in data_messages():
        catalog.add(message, locations=[(where, 0)], context=context)
    return catalog


def _read(path: Path) -> Any:
    from babel.messages.pofile import read_po

    with path.open("rb") as file:
        return read_po(file)


def _write_po(catalog: Any, path: Path) -> None:
    from babel.messages.pofile import write_po

    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=120, omit_header=False, sort_output=False, include_lineno=False)


def compile_catalog(po: Path) -> None:
    """Write the ``.mo`` beside ``po`` (what :mod:`gettext` reads at run time)."""
    from babel.messages.mofile import write_mo

    with po.with_suffix(".mo").open("wb") as file:
        write_mo(file, _read(po))


def _entries(catalog: Any) -> list[tuple[Any, ...]]:
    """The messages of a catalog, in order (where they come from is a hint for translators, not compared)."""
    return [(message.id, message.context) for message in catalog]


def catalogs() -> list[Path]:
    return sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def update() -> None:
    """Write the template from the code, merge it into every language's catalog (new messages untranslated), and
    compile each catalog."""
    template = source_catalog()
    if TEMPLATE.exists() and _entries(_read(TEMPLATE)) == _entries(template):
        template = _read(TEMPLATE)  # the same messages: keep the file and its date (no change to commit)
    else:
        _write_po(template, TEMPLATE)
    for po in catalogs():
        catalog = _read(po)
        catalog.update(template, no_fuzzy_matching=True)
        _write_po(catalog, po)
        compile_catalog(po)


def new(lang: str) -> Path:
    """Start the catalog of ``lang`` from the template; refuses to overwrite one that exists."""
    from babel.messages.catalog import Catalog

    po = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if lang == SOURCE or po.exists():
        raise ValueError(f"{po} exists already (or {lang!r} is the source language): edit it, then run update")
    catalog = Catalog(locale=lang, domain=DOMAIN, project="townwidget", charset="utf-8", fuzzy=False)
    catalog.update(source_catalog(), no_fuzzy_matching=True)
    _write_po(catalog, po)
    return po


def main(argv: list[str]) -> int:
    if argv[:1] == ["update"] and len(argv) == 1:
        update()
        return 0
    if argv[:1] == ["new"] and len(argv) == 2:
        print(
            f"created {new(argv[1])}: translate its msgstr lines, then run: python -m townwidget.widget.catalog update"
        )
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
