"""The language of the words players read (the widgets' status, prompts, log, refusals), from gettext catalogs.

Each language other than English has a catalog in ``townwidget/locale/<lang>/LC_MESSAGES/``: ``townwidget.po``, the
text translators edit, compiled to ``townwidget.mo``, which the standard library's :mod:`gettext` reads at run time
(both are committed; a test fails when the ``.mo`` is stale or a message has no translation). English is the
source language and needs no catalog. ``docs/translating.md`` shows how to add a language.

The language of a widget is its ``lang`` argument; by default :func:`default_language`: the one given to
:func:`set_language`, else the environment variable ``TOWNWIDGET_LANG``, else English. The variable may hold a locale
name (``fr_CA.UTF-8``, ``fr_FR@euro``: French); one the package does not speak gives English, with a warning. The
functions that word things for people translate into the language of the innermost :func:`speaking` block (English
outside any).

>>> with speaking("fr"):
...     _("New game"), ngettext("{count} tile", "{count} tiles", 0).format(count=0)
('Nouvelle partie', '0 tuile')
>>> _("New game")
'New game'
>>> set_language("xx")
Traceback (most recent call last):
...
ValueError: language must be one of 'en', 'fr', not 'xx'
"""

from __future__ import annotations

import gettext
import os
import re
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

from townwidget.core.checks import shown

LOCALE = Path(__file__).parent.parent / "locale"
DOMAIN = "townwidget"
ENVIRONMENT = "TOWNWIDGET_LANG"
SOURCE = "en"  # the language of the messages in the code

LOCALE_NAME = re.compile(r"(?P<language>[A-Za-z]+)(?:[_-][A-Za-z0-9]+)?(?:\.[\w-]+)?(?:@\w+)?")  # fr_CA.UTF-8@euro
_chosen: str | None = None  # set_language's choice
_speaking: ContextVar[str] = ContextVar("townwidget_language", default=SOURCE)


@cache
def languages() -> tuple[str, ...]:
    """The languages the package speaks: English and every language with a compiled catalog (looked up once per
    process, like the catalogs themselves)."""
    found = sorted(path.parent.parent.name for path in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (SOURCE, *found)


def check_language(lang: Any) -> str:
    """``lang`` if the package speaks it; a ValueError naming the languages otherwise."""
    known = languages()
    if lang not in known:
        raise ValueError(f"language must be one of {', '.join(map(repr, known))}, not {shown(lang)}")
    return str(lang)


def set_language(lang: str | None) -> None:
    """The language of widgets created from now on without a ``lang`` (``None``: back to ``TOWNWIDGET_LANG`` or
    English). An unknown language raises ValueError and changes nothing."""
    global _chosen
    _chosen = None if lang is None else check_language(lang)


def default_language() -> str:
    """:func:`set_language`'s choice, else ``TOWNWIDGET_LANG`` (a language or a locale name such as
    ``fr_CA.UTF-8``), else ``"en"``; a language the package does not speak in the environment gives English with a
    warning naming the variable (a hub's locale must not stop the widgets)."""
    if _chosen is not None:
        return _chosen
    value = os.environ.get(ENVIRONMENT, "").strip()
    return environment_language(value) if value else SOURCE


def environment_language(value: str) -> str:
    """The language a locale name or language code (``"fr"``, ``"fr_CA.UTF-8"``, ``"C"``) is in, English (with a
    warning) where the package does not speak it.

    >>> environment_language("fr_CA.UTF-8"), environment_language("en_GB")
    ('fr', 'en')
    """
    found = LOCALE_NAME.fullmatch(value)
    lang = found["language"].lower() if found else None
    if lang in languages():
        return str(lang)
    if lang not in ("c", "posix"):  # the system's default locale: no language asked for
        known = ", ".join(map(repr, languages()))
        warnings.warn(f"{ENVIRONMENT}={value!r}: the widgets speak {known}; English is used", stacklevel=3)
    return SOURCE


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang`` (English: the messages as written)."""
    if check_language(lang) == SOURCE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE, languages=[lang])


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Word things in ``lang`` inside the block (in this thread or task only)."""
    token = _speaking.set(check_language(lang))
    try:
        yield
    finally:
        _speaking.reset(token)


def language() -> str:
    """The language words are put in now (see :func:`speaking`)."""
    return _speaking.get()


def _(message: str) -> str:
    """``message`` in the current language."""
    return translations(_speaking.get()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` in the current language (French: 0 and 1 take the singular)."""
    return translations(_speaking.get()).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where its translation depends on ``context`` (e.g. a colour's
    agreement with the word it qualifies)."""
    return translations(_speaking.get()).pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 (gettext's name for "mark for translation, translate later")
    """Mark a message for the catalog without translating it now (constants translated where they are used)."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 (a marker, like N_)
    """Mark a message with a plural for the catalog, to be translated later with :func:`ngettext`."""
    return singular, plural
