"""The widgets in French: the catalogs are complete and compiled, the language is chosen as documented, and a whole
French game sends the browser no English word (what the browser test then checks on the drawn page)."""

from __future__ import annotations

import gettext
import io
import random
import re
from typing import Any

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from english_words import english_in
from widget_comm import FrontEnd, browser_of, use_front_ends

import townwidget
from townwidget.core import language
from townwidget.widget import LittleTownWidget, TownWidget
from townwidget.widget.catalog import TEMPLATE, catalogs, source_catalog

FRENCH = language.LOCALE / "fr" / "LC_MESSAGES" / "townwidget.po"
PLACEHOLDER = re.compile(r"\{(\w*)\}")


def untranslated(source: Any, catalog: Any) -> list[str]:
    """The messages of ``source`` with no translation in ``catalog`` (missing, empty, fuzzy, or a placeholder lost
    or invented)."""
    faults = []
    for message in source:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        found = catalog.get(key, context=message.context)
        forms = [found.string] if found is not None and isinstance(found.string, str) else list(found.string or ())
        if found is None or found.fuzzy or not forms or not all(forms):
            faults.append(f"untranslated: {key!r}")
            continue
        wanted = set(PLACEHOLDER.findall(key if isinstance(message.id, str) else message.id[-1]))
        for form in forms:
            if set(PLACEHOLDER.findall(form)) - wanted or (
                isinstance(message.id, str) and wanted - set(PLACEHOLDER.findall(form))
            ):
                faults.append(f"placeholders differ: {key!r} -> {form!r}")
    return faults


def read(path: Any) -> Any:
    with open(path, "rb") as file:
        return read_po(file)


@pytest.mark.parametrize("po", catalogs(), ids=lambda po: po.parent.parent.name)
def test_every_message_in_the_code_and_data_has_a_translation(po: Any) -> None:
    faults = untranslated(source_catalog(), read(po))
    assert not faults, "\n".join(faults)


def test_the_translation_check_finds_a_missing_or_broken_translation() -> None:
    source, french = source_catalog(), read(FRENCH)
    french.get("New game").string = ""
    french.get("Pile {pile}: empty").string = "Pile : vide"  # the value is lost
    french.get("{count} tile").string = ("{count} tuile", "")
    faults = untranslated(source, french)
    assert "untranslated: 'New game'" in faults and "untranslated: '{count} tile'" in faults
    assert "placeholders differ: 'Pile {pile}: empty' -> 'Pile : vide'" in faults


def test_the_template_and_the_compiled_catalogs_are_up_to_date() -> None:
    """The committed .pot lists the code's messages; each .mo is its .po compiled (python -m
    townwidget.widget.catalog update)."""
    template = {
        (message.id if isinstance(message.id, str) else message.id[0], message.context) for message in read(TEMPLATE)
    }
    source = {
        (message.id if isinstance(message.id, str) else message.id[0], message.context) for message in source_catalog()
    }
    assert template == source, (
        f"run: python -m townwidget.widget.catalog update ({sorted(map(str, template ^ source))[:5]})"
    )
    assert FRENCH in catalogs()
    for po in catalogs():
        compiled = io.BytesIO()
        write_mo(compiled, read(po))
        compiled.seek(0)
        with po.with_suffix(".mo").open("rb") as committed:
            stale = gettext.GNUTranslations(committed)._catalog != gettext.GNUTranslations(compiled)._catalog  # type: ignore[attr-defined]
        assert not stale, f"{po.with_suffix('.mo')} is stale: run python -m townwidget.widget.catalog update"


# --- choosing the language --------------------------------------------------------------------------------------
@pytest.fixture(autouse=True)
def front_ends(monkeypatch: pytest.MonkeyPatch) -> Any:
    use_front_ends(monkeypatch)
    monkeypatch.delenv(language.ENVIRONMENT, raising=False)
    yield
    townwidget.set_language(None)


def test_the_language_comes_from_the_argument_then_set_language_then_the_environment(monkeypatch: Any) -> None:
    assert TownWidget("town44", seed=1).lang == "en"
    monkeypatch.setenv("TOWNWIDGET_LANG", "fr")
    assert TownWidget("town44", seed=1).lang == "fr"
    townwidget.set_language("en")
    assert LittleTownWidget(seed=1).lang == "en"
    assert LittleTownWidget(seed=1, lang="fr").lang == "fr"
    townwidget.set_language(None)
    assert LittleTownWidget(seed=1).status.startswith("À vous")
    monkeypatch.setenv("TOWNWIDGET_LANG", "klingon")  # a hub's setting must not stop the widgets (issue 33)
    with pytest.warns(UserWarning, match="TOWNWIDGET_LANG='klingon': the widgets speak 'en', 'fr'; English is used"):
        assert TownWidget("town44").lang == "en"


def test_an_unknown_language_is_refused_and_changes_nothing() -> None:
    with pytest.raises(ValueError, match="language must be one of 'en', 'fr', not 'de'"):
        TownWidget("town44", lang="de")
    with pytest.raises(ValueError, match="not 'fr_'"):
        townwidget.set_language("fr_")
    assert language.default_language() == "en"


def test_a_french_widget_leaves_english_words_to_programmers() -> None:
    """repr, exceptions from Python calls and the engine stay English; the player reads French."""
    widget = TownWidget("town44", seed=2, lang="fr")
    assert repr(widget).startswith("TownWidget(town44 solo, seat 0: your turn")
    with pytest.raises(ValueError, match="nothing to undo"):
        widget.undo()
    assert widget.status == "À vous : prenez la tuile du dessus d’une pile, puis une case éclairée."


# --- a whole game in French --------------------------------------------------------------------------------------
def shown_words(browser: FrontEnd) -> list[str]:
    """Every text the widget sent the browser to show (the engine's view and frames hold data, not words)."""
    found: list[str] = []

    def walk(value: Any, key: str = "") -> None:
        if key in ("view", "frame", "action", "palette", "shape_paths", "label_ink", "id", "_esm", "_css"):
            return
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for inner, item in value.items():
                walk(item, inner)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for message in browser.messages:
        walk(message.get("state", {}))
    return found


def play_town(widget: TownWidget, browser: FrontEnd, rng: random.Random) -> None:
    """Click through a whole game as a player would, with a refused click and the fit counts on the way."""
    browser.intent(intent="inspect", on=True)
    while widget.state.current_player is not None:
        action = rng.choice(widget.state.legal_actions())
        kind = type(action).__name__
        if kind == "Place":
            browser.intent(
                intent="select", **({"pile": action.pile} if action.pile is not None else {"tile": list(action.tile)})
            )
            browser.intent(intent="place", cell=[widget.state.rules.n - 1] * 2)  # mostly refused: a reason in words
            if widget.state.history and widget.history[-1][1] == action:
                continue
            if action.flip:
                browser.intent(intent="flip", on=True)
            browser.intent(intent="place", cell=list(action.cell))
        elif kind == "Discard":
            browser.intent(intent="select", tile=list(action.tile))
            browser.intent(intent="discard")
        elif kind == "Pass":
            browser.intent(intent="pass")
        else:
            for tile in action.tiles:
                browser.intent(intent="select", tile=list(tile))
            browser.intent(intent="exchange")
    browser.intent(intent="undo")
    browser.intent(intent="step", step=1)


@pytest.mark.parametrize(("game", "mode"), [("town66", "solo"), ("town77", "multi")])
def test_a_whole_town_game_in_french_shows_no_english_word(game: str, mode: str) -> None:
    widget = TownWidget(game, mode=mode, seed=5, lang="fr")
    browser = browser_of(widget)
    play_town(widget, browser, random.Random(5))
    texts = shown_words(browser)
    assert any(text.startswith("Partie finie") for text in texts)
    assert english_in(texts) == {}


def test_a_whole_little_town_game_in_french_shows_no_english_word() -> None:
    widget = LittleTownWidget(players=3, seed=4, lang="fr")
    browser = browser_of(widget)
    while widget.state.current_player is not None:
        browser.intent(intent="build", building="castle")  # refused, in words
        browser.intent(intent="cell", cell=[0, 0])
        if widget.legal:
            browser.intent(intent="cell", cell=widget.legal[-1])
        elif widget.choices:
            browser.intent(intent="act", action=widget.choices[-1]["action"])
        else:
            browser.intent(intent="build", building=next(o["id"] for o in widget.market if o["buildable"]))
    texts = shown_words(browser)
    assert any(text.startswith("Partie finie") for text in texts)
    assert english_in(texts) == {}


def test_french_refusals_are_worded_from_the_rules_data() -> None:
    """A placement the board forbids is refused with the rule in French (from ``Refusal.rule``), a malformed
    message from the browser in general words; neither changes the game."""
    widget = TownWidget("town44", seed=3, lang="fr")
    browser = browser_of(widget)
    first = widget.state.legal_actions()[0]
    browser.intent(intent="select", pile=first.pile)
    browser.intent(intent="place", cell=list(first.cell))
    top = next(pile[-1] for pile in widget.state.piles if pile[-1][0] == first.tile[0] or pile[-1][1] == first.tile[1])
    pile = next(index for index, tiles in enumerate(widget.state.piles) if tiles[-1] == top)
    before = widget.state.to_dict()
    browser.intent(intent="select", pile=pile)
    browser.intent(intent="place", cell=[0, 1])
    assert widget.state.to_dict() == before
    assert widget.error.endswith("est déjà dans la rangée 1 (en rangée 1, colonne 1)"), widget.error
    browser.intent(intent="place", cell=[3, 3])
    assert (
        widget.error
        == "la case en rangée 4, colonne 4 ne touche aucune tuile placée (une tuile doit toucher la ville par un côté)"
    )
    browser.intent(intent="fly")
    assert widget.error == "Ce n’est pas possible maintenant (le jeu a refusé le message de l’affichage)."
    assert widget.state.to_dict() == before
