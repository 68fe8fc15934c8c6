"""The game-agnostic parts know no game: they read each game's adapter (``core.registry.Game``), never a game's
classes or its ``.rules`` (``docs/architecture.md``, "Adding a game"). A part written for one game says so here.

To hold another folder to it, add it to ``AGNOSTIC``.
"""

from __future__ import annotations

import ast

import pytest
from test_doc_links import ROOT

AGNOSTIC = (
    "townwidget/advice",
    "townwidget/widget",
    "townwidget/arena",
    "townwidget/tables",
    "townwidget/pages",
    "townwidget/envs",
)
GAMES = ("townwidget.town", "townwidget.littletown")
# The modules inside those folders written for one game, which may know it, and why.
WRITTEN_FOR_ONE_GAME = {
    "townwidget/advice/careful.py": "Town solo's careful playout policy",
    "townwidget/advice/careful_batch.py": "the careful policy on the batched Town solo simulator",
    "townwidget/advice/town_advice.py": "Town's par, hint reasons and solo measuring engine",
    "townwidget/widget/town_widget.py": "the Town widget",
    "townwidget/widget/town_modes.py": "the Town widget's solo and multiplayer modes",
    "townwidget/widget/one_click.py": "the Town widget's one-click multiplayer turn",
    "townwidget/widget/words.py": "the Town widget's log and refusals in words",
    "townwidget/widget/little_town_widget.py": "the Little Town widget",
    "townwidget/widget/littletown_words.py": "the Little Town widget's log and refusals in words",
    "townwidget/widget/catalog.py": "the translators' catalog, which lists every game's words from its data",
    "townwidget/envs/encoding.py": "Town's actions as integers",
    "townwidget/envs/flat.py": "Town's observations as arrays",
    "townwidget/envs/multi.py": "the PettingZoo environment of multiplayer Town",
    "townwidget/envs/observation.py": "the observation spaces of Town's environments",
    "townwidget/envs/solo.py": "the Gymnasium environment of solo Town",
    "townwidget/envs/vector.py": "the vector environment over Town's batched simulator",
    "townwidget/envs/littletown_flat.py": "Little Town's observations as arrays",
    "townwidget/envs/openspiel.py": "the pyspiel games: one spec per game (its action numbers and tensors)",
}


def offences(source: str) -> list[str]:
    """What in ``source`` knows a game: an import from a game's package, a ``.rules`` read, an ``isinstance`` on a
    game's state class (a name ending in ``State`` other than the protocol's own)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
            if any(name.startswith(GAMES) for name in names):
                found.append(f"line {node.lineno}: imports from {node.module}")
        if isinstance(node, ast.Import) and any(alias.name.startswith(GAMES) for alias in node.names):
            found.append(f"line {node.lineno}: imports a game")
        if isinstance(node, ast.Attribute) and node.attr == "rules":
            found.append(f"line {node.lineno}: reads .rules")
        if _isinstance_on_a_game_state(node):
            found.append(f"line {node.lineno}: isinstance on a game's state")
    return sorted(found, key=lambda offence: int(offence.split()[1].rstrip(":")))


def _isinstance_on_a_game_state(node: ast.AST) -> bool:
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance"):
        return False
    return any(_a_game_state(name) for argument in node.args[1:] for name in _names(argument))


def _names(node: ast.AST) -> list[str]:
    """The names and attributes an expression reads (``(SoloState, cls.STATE_TYPES)``: both)."""
    parts = [part for part in ast.walk(node) if isinstance(part, (ast.Name, ast.Attribute))]
    return [part.id if isinstance(part, ast.Name) else part.attr for part in parts]


def _a_game_state(name: str) -> bool:
    return (name.endswith("State") and name != "State") or name.endswith("STATE_TYPES")


def modules() -> list[str]:
    return sorted(str(path.relative_to(ROOT)) for folder in AGNOSTIC for path in (ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("module", [name for name in modules() if name not in WRITTEN_FOR_ONE_GAME])
def test_a_game_agnostic_module_knows_no_game(module: str) -> None:
    assert offences((ROOT / module).read_text(encoding="utf-8")) == []


def test_the_modules_written_for_one_game_exist_and_know_it() -> None:
    for module in WRITTEN_FOR_ONE_GAME:
        assert offences((ROOT / module).read_text(encoding="utf-8")), f"{module} knows no game: take it off the list"


def test_the_check_finds_every_way_of_knowing_a_game() -> None:
    source = (
        "from townwidget.town.state import SoloState\n"
        "import townwidget.littletown\n"
        "n = state.rules.n\n"
        "solo = isinstance(state, (SoloState, int))\n"
        "from townwidget import town\n"
        "ok = isinstance(view, State)\n"
        "mine = isinstance(state, self.STATE_TYPES)\n"
        "from townwidget.core import registry\n"
    )
    assert [offence.split(":")[0] for offence in offences(source)] == [f"line {n}" for n in (1, 2, 3, 4, 5, 7)]
    assert len(modules()) > len(WRITTEN_FOR_ONE_GAME)
