"""The lessons as documents: formulas that render, and the shape every lesson shares (goals first, what it proved
last). Their outputs are checked by nbval (``--nbval``, every output compared) when pytest collects notebooks/."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
ALL = sorted(NOTEBOOKS.rglob("*.ipynb"))
#: The lessons in every language (not the teacher's solutions).
PROSE = sorted([*LESSONS, *NOTEBOOKS.glob("fr/[0-9][0-9]-*.ipynb")])
#: Every C0 control character but the newline: "\frac" written in a plain Python string becomes a form feed and
#: "rac", "\times" a tab and "imes", "\ast" a bell and "st", and the formula no longer renders.
CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")


def test_there_are_seven_lessons_some_in_parts() -> None:
    """Lesson NN is NN-name.ipynb, or NN-1-name.ipynb, NN-2-name.ipynb, ... when it is split into parts."""
    assert sorted({path.name[:2] for path in LESSONS}) == ["01", "02", "03", "04", "05", "06", "07"]
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


# --- issue 49: the prose states what the cells print ----------------------------------------------------------------
#: A figure: a number with decimals ("8.69", French "0,38") or thousands separators ("6,912", "812 851 200").
FIGURE = re.compile(r"(?<![\w.,])(\d{1,3}(?:[,\u202f\u00a0]\d{3})+|\d+[.,]\d+)(?![\w]|[.,]\d)")
#: Figures the lessons cite rather than compute, each with where it comes from.
CITED = {
    "812,851,200": "the Latin squares of order 6 (OEIS A002860), which lesson 02 counts only up to order 5",
    "16,942,080": "the reduced Latin squares of order 7 (OEIS A000315), too many to enumerate in a lesson",
    "1.96": "the 95% quantile of the normal distribution, a constant of the formulas",
    "3.09": "the one-sided 0.1% normal quantile that check_agent uses (townwidget.exercises.opponents.Z_BETTER)",
}


def stated_figures(markdown: str) -> list[str]:
    """The figures a markdown cell states, formulas ($...$) and code (`...`) left out."""
    prose = re.sub(r"\$[^$]*\$|`[^`]*`", " ", markdown)
    return [match.group(1) for match in FIGURE.finditer(prose)]


def readings(figure: str) -> list[tuple[float, float]]:
    """A figure's possible values, each with half a unit of its last place (a rounded figure matches what it
    rounds): "6,912" is six thousand and more in English, "0,251" a quarter in French, so both readings count."""
    found = []
    if re.fullmatch(r"\d+[.,]\d+", figure):
        decimals = len(re.split(r"[.,]", figure)[1])
        found.append((float(figure.replace(",", ".")), 0.5 * 10.0**-decimals))
    if re.fullmatch(r"\d{1,3}(?:[,\u202f\u00a0]\d{3})+", figure):
        digits = re.sub(r"\D", "", figure)
        zeros = len(digits) - len(digits.rstrip("0"))
        found.append((float(digits), 0.5 * 10.0**zeros if zeros else 0.0))
    return found


def printed(figure: str, numbers: tuple[float, ...] | list[float]) -> bool:
    """Whether some number a cell printed is ``figure`` (as written, or rounded to it)."""
    return any(abs(number - value) <= half + 1e-12 for value, half in readings(figure) for number in numbers)


@cache
def computed_numbers(lesson: str) -> tuple[float, ...]:
    """Every number the cells of a lesson print or write (outputs and sources of all its parts, in every language:
    a part cites another)."""
    found: list[float] = []
    for path in (path for path in PROSE if path.name[:2] == lesson):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "code":
                continue
            texts = [cell.source] + [
                "".join(output.get("text", "")) + "".join(output.get("data", {}).get("text/plain", ""))
                for output in cell.outputs
            ]
            for text in texts:
                found += [float(number.replace(",", "")) for number in re.findall(r"\d[\d,]*(?:\.\d+)?", text)]
    return tuple(found)


@pytest.mark.parametrize("path", PROSE, ids=lambda path: path.name)
def test_every_figure_the_prose_states_is_printed_by_a_cell(path: Path) -> None:
    numbers = computed_numbers(path.name[:2])
    absent = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "markdown":
            continue
        absent += [
            figure for figure in stated_figures(cell.source) if figure not in CITED and not printed(figure, numbers)
        ]
    assert absent == [], f"figures the prose states but no cell prints: {absent}"


def test_the_prose_test_catches_a_drifted_figure() -> None:
    numbers = [9.16, 0.75, 0.64, 101537.0]
    for figure, is_printed in (("9.16", True), ("9.2", True), ("8.69", False), ("100,000", True), ("0.38", False)):
        assert printed(figure, numbers) == is_printed, figure
    assert stated_figures("8.69 ± 0.38, $1.96 \\sigma$, `samples = 3.5`, 6,912 boards and 0,251") == [
        "8.69",
        "0.38",
        "6,912",
        "0,251",
    ]


#: What a progress bar leaves in an output: tqdm's "42%|####  | 21/50 [00:01<00:02, 9.8it/s]" or the package's own.
PROGRESS_BAR = re.compile(r"\d+%\|.*\||\d+(\.\d+)?(it|s)/(s|it)\]|\[\d\d:\d\d<")


@pytest.mark.parametrize("path", ALL, ids=lambda path: path.name)
def test_no_stored_output_holds_a_progress_bar(path: Path) -> None:
    """A bar's redraws differ from run to run and bury the results: the lessons are stored without them."""
    for cell in nbformat.read(path, as_version=4).cells:
        for output in cell.get("outputs", []):
            text = "".join(output.get("text", "")) + "".join(output.get("data", {}).get("text/plain", ""))
            assert not PROGRESS_BAR.search(text), text[:200]
            assert "application/vnd.jupyter.widget-view+json" not in output.get("data", {}), "a live bar or widget"


def test_the_progress_bar_pattern_finds_a_bar() -> None:
    assert PROGRESS_BAR.search(" 42%|####      | 21/50 [00:01<00:02,  9.81it/s]")
    assert not PROGRESS_BAR.search("order 7: 0.004 [0.002, 0.010] (95% Wilson, from 1000 samples)")
