"""The lessons as documents: formulas that render, and the shape every lesson shares (goals first, what it proved
last). Their outputs are checked by nbval (``--nbval``, every output compared) when pytest collects notebooks/."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
ALL = sorted(NOTEBOOKS.rglob("*.ipynb"))
#: Every C0 control character but the newline: "\frac" written in a plain Python string becomes a form feed and
#: "rac", "\times" a tab and "imes", "\ast" a bell and "st", and the formula no longer renders.
CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")


def test_there_are_six_lessons_some_in_parts() -> None:
    """Lesson NN is NN-name.ipynb, or NN-1-name.ipynb, NN-2-name.ipynb, ... when it is split into parts."""
    assert sorted({path.name[:2] for path in LESSONS}) == ["01", "02", "03", "04", "05", "06"]
    for number in {path.name[:2] for path in LESSONS}:
        names = [path.name for path in LESSONS if path.name[:2] == number]
        parts = [name[3] for name in names if re.match(r"\d\d-\d-", name)]
        assert len(names) == 1 or parts == [str(part) for part in range(1, len(names) + 1)], names


@pytest.mark.parametrize("path", ALL, ids=lambda path: path.name)
def test_no_markdown_cell_holds_a_control_character(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    found = [
        (number, repr(cell.source[max(0, match.start() - 15) : match.end() + 15]))
        for number, cell in enumerate(notebook.cells)
        if cell.cell_type == "markdown"
        for match in CONTROL.finditer(cell.source)
    ]
    assert not found, f"control characters in Markdown cells (cell number, context): {found}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path.name)
def test_every_lesson_starts_with_its_goals_and_ends_with_what_it_proved(path: Path) -> None:
    cells = nbformat.read(path, as_version=4).cells
    assert cells[0].cell_type == "markdown" and "**Learning goals.**" in cells[0].source
    last = [cell for cell in cells if cell.cell_type == "markdown"][-1].source
    assert "## What we proved" in last
    assert "**Classroom questions**" in "".join(cell.source for cell in cells if cell.cell_type == "markdown")


@pytest.mark.parametrize("path", ALL, ids=lambda path: path.name)
def test_only_cells_marked_as_varying_are_left_unchecked(path: Path) -> None:
    """nbval compares every output; a cell opts out only by saying why its output varies (a timing, a widget)."""
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "code" and "# NBVAL_IGNORE_OUTPUT" in cell.source:
            first = cell.source.splitlines()[0]
            assert first.startswith("# NBVAL_IGNORE_OUTPUT: "), f"say why the output varies: {first!r}"
        assert "NBVAL_SKIP" not in cell.source, "a skipped cell is an unchecked claim"


@pytest.mark.parametrize("path", ALL, ids=lambda path: path.name)
def test_no_live_widget_state_is_committed(path: Path) -> None:
    """A widget's live view needs a kernel: committed, it shows as an error; its one-line text shows instead."""
    notebook = nbformat.read(path, as_version=4)
    assert "widgets" not in notebook.metadata
    views = [
        number
        for number, cell in enumerate(notebook.cells)
        for output in cell.get("outputs", [])
        if "application/vnd.jupyter.widget-view+json" in output.get("data", {})
    ]
    assert not views, f"run scripts/run_lessons.py, which drops the live views (cells {views})"


#: The French lesson parts and the English parts they follow cell for cell: the same code, the same checkers.
FRENCH_PARTS = {
    "fr/02-1-verifier-un-carre.ipynb": "02-1-checking-squares.ipynb",
    "fr/02-2-compter-les-carres.ipynb": "02-2-counting-squares.ipynb",
    "fr/02-3-un-carre-au-hasard.ipynb": "02-3-random-squares.ipynb",
}


def checker_calls(path: Path) -> list[str]:
    """The lines of a notebook's code cells that call an exercise checker, in order."""
    cells = nbformat.read(path, as_version=4).cells
    lines = [line.strip() for cell in cells if cell.cell_type == "code" for line in cell.source.splitlines()]
    return [line for line in lines if re.match(r"check_\w+\(", line)]


@pytest.mark.parametrize(("french", "english"), FRENCH_PARTS.items())
def test_a_french_part_asks_the_exercises_of_its_english_part(french: str, english: str) -> None:
    def code_cells(path: Path) -> int:
        return sum(cell.cell_type == "code" for cell in nbformat.read(path, as_version=4).cells)

    assert code_cells(NOTEBOOKS / french) == code_cells(NOTEBOOKS / english)
    assert checker_calls(NOTEBOOKS / french) == checker_calls(NOTEBOOKS / english) != []


def test_scripts_play_opens_the_play_notebook_town77_solo_first() -> None:
    """``./scripts/play`` opens notebooks/play.ipynb, whose widgets are, in order, Town 77 solo, Town 77 against the
    computer and Little Town (the committed outputs, which nbval checks against a fresh run)."""
    script = (NOTEBOOKS.parent / "scripts" / "play").read_text()
    assert re.search(r"jupyter lab notebooks/play\.ipynb\b", script), script
    cells = nbformat.read(NOTEBOOKS / "play.ipynb", as_version=4).cells
    shown = [output["data"]["text/plain"] for cell in cells for output in cell.get("outputs", []) if "data" in output]
    assert [text.split("(")[0] for text in shown] == ["TownWidget", "TownWidget", "LittleTownWidget"], shown
    assert shown[0].startswith("TownWidget(town77 solo") and shown[1].startswith("TownWidget(town77 2 players")
