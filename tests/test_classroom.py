"""The classroom kit: ``townwidget lessons`` copies lessons that run as they are, and ``townwidget course`` writes an
nbgrader course that grades right and wrong answers (nbgrader run end to end on a temporary course)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import nbformat
import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # hatchling (test extra) brings tomli to Python 3.10
    import tomli as tomllib

from townwidget.__main__ import main
from townwidget.classroom import copy_lessons, lesson_files, write_course
from townwidget.classroom.course import (
    BEGIN_HIDDEN,
    BEGIN_SOLUTION,
    END_SOLUTION,
    EXERCISES,
    REPEATED_SETUP,
    source_assignment,
)

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


def child_environment() -> dict[str, str]:
    """This environment for a child process (a pytest, nbgrader and their kernels), importing this checkout, with
    this Python's scripts first on the path (nbgrader runs the ``alembic`` command)."""
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    return {**os.environ, "PATH": path, "PYTHONPATH": str(ROOT), "TOWNWIDGET_PROGRESS": "0"}


# --- townwidget lessons -----------------------------------------------------------------------------------------
def test_students_get_every_lesson_in_both_languages_and_no_solution(tmp_path: Path) -> None:
    written = copy_lessons(tmp_path / "class")
    names = sorted(str(path.relative_to(tmp_path / "class")) for path in written)
    lessons = sorted(path.name for path in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
    french = ["01-jouer", "02-1-verifier-un-carre", "02-2-compter-les-carres", "02-3-un-carre-au-hasard"]
    assert names == sorted([*lessons, *(f"fr/{name}.ipynb" for name in french), "fr/README.md"])
    assert not any("solution" in name for name in names)
    assert (tmp_path / "class" / "01-play.ipynb").read_bytes() == (NOTEBOOKS / "01-play.ipynb").read_bytes()


def test_every_lesson_part_with_a_checker_is_an_assignment() -> None:
    """The course follows the lessons' files: a part that calls a checker is graded, one with "try it" questions
    only (05-2) is not."""
    for path in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"):
        cells = nbformat.read(path, as_version=4).cells
        checks = any(cell.cell_type == "code" and "check_" in cell.source for cell in cells)
        assert (path.stem in EXERCISES) == checks, path.name
    assert all(
        (NOTEBOOKS / lesson).exists() and (NOTEBOOKS / solutions).exists()
        for lesson, solutions, _ in EXERCISES.values()
    )


def test_a_teacher_also_gets_the_solutions_and_the_guide(tmp_path: Path) -> None:
    copy_lessons(tmp_path / "teacher", teacher=True)
    solutions = sorted(path.name for path in (NOTEBOOKS / "solutions").glob("*.ipynb"))
    assert sorted(path.name for path in (tmp_path / "teacher" / "solutions").iterdir()) == solutions
    guide = (tmp_path / "teacher" / "README.md").read_text(encoding="utf-8")
    assert guide.startswith("# The townwidget lessons: a teacher's guide")
    assert set(lesson_files(teacher=False)) < set(lesson_files(teacher=True))


def test_a_folder_that_is_not_empty_is_refused_unless_forced(tmp_path: Path) -> None:
    (tmp_path / "work.ipynb").write_text("a student's work")
    with pytest.raises(ValueError, match="is not empty: name a new or empty folder, or pass --force"):
        copy_lessons(tmp_path)
    copy_lessons(tmp_path, force=True)
    assert (tmp_path / "work.ipynb").read_text() == "a student's work"  # kept: only the lessons' names are written
    assert (tmp_path / "01-play.ipynb").exists()
    with pytest.raises(ValueError, match="is a file, not a folder"):
        copy_lessons(tmp_path / "work.ipynb", force=True)
    with pytest.raises(TypeError, match="must be a path"):
        copy_lessons(3)  # type: ignore[arg-type]


def test_the_command_line_copies_and_refuses_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lessons", "--teacher", str(tmp_path / "kit")]) == 0
    solutions = len(list((NOTEBOOKS / "solutions").glob("*-solutions.ipynb")))
    assert f"{len(lesson_files(teacher=True)) + solutions} files written" in capsys.readouterr().out
    assert main(["lessons", str(tmp_path / "kit")]) == 2
    assert "is not empty" in capsys.readouterr().err
    assert main(["lessons", "--force", str(tmp_path / "kit")]) == 0
    assert main(["course", str(tmp_path / "kit")]) == 2
    assert "is not empty" in capsys.readouterr().err


FILE_READS = ("open(", "Path(", "read_csv", "imread", "../", "loadtxt")


def test_no_lesson_reads_a_file_beside_it() -> None:
    # so a copy runs wherever it is put: what a lesson shows it computes (its plots are drawn, not read)
    for relative in lesson_files(teacher=True):
        if relative.endswith(".ipynb"):
            cells = nbformat.read(NOTEBOOKS / relative, as_version=4).cells
            code = "\n".join(cell.source for cell in cells if cell.cell_type == "code")
            assert not [read for read in FILE_READS if read in code], relative


def test_a_copied_lesson_runs_as_it_is(tmp_path: Path) -> None:
    # the quickest lesson, copied, outputs compared by nbval from a folder outside the project
    copy_lessons(tmp_path / "class")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", "--nbval",
         "--nbval-sanitize-with", str(NOTEBOOKS / "nbval-sanitize.cfg"), "01-play.ipynb"],
        cwd=tmp_path / "class", env=child_environment(), capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert " passed" in run.stdout


# --- townwidget course: the assignments as built ---------------------------------------------------------------
@pytest.mark.parametrize("name", list(EXERCISES))
def test_every_exercise_becomes_an_answer_cell_and_a_graded_test(name: str) -> None:
    cells = source_assignment(name).cells
    answers = [cell for cell in cells if cell.metadata.get("nbgrader", {}).get("solution")]
    tests = [cell for cell in cells if cell.metadata.get("nbgrader", {}).get("grade")]
    exercises = EXERCISES[name][2]
    assert len(answers) == len(tests) == len(exercises)
    for answer, test, exercise in zip(answers, tests, exercises, strict=True):
        assert BEGIN_SOLUTION in answer.source and answer.source.rstrip().endswith(END_SOLUTION)
        private = f"from townwidget.exercises import {exercise.checker} as _{exercise.checker}"
        lines = test.source.splitlines()
        assert (
            lines[0] == private and f"verdict = _{exercise.call}" in lines and "assert verdict, str(verdict)" in lines
        )
        assert test.metadata["nbgrader"]["points"] == exercise.points and test.metadata["nbgrader"]["locked"]
        assert (BEGIN_HIDDEN in test.source) == bool(exercise.hidden)
    code = [cell for cell in cells if cell.cell_type == "code"]
    assert all(not cell.outputs for cell in code)
    assert all(cell.metadata["nbgrader"]["locked"] for cell in code if cell not in answers)
    ids = [cell.metadata["nbgrader"]["grade_id"] for cell in code]
    assert len(set(ids)) == len(ids)


def test_a_translated_lesson_grades_every_exercise_of_its_original() -> None:
    """A French assignment shares its English twin's solutions notebook: same tests, same points, same hidden cases."""

    def graded(name: str) -> list[tuple[str, int]]:
        cells = source_assignment(name).cells
        tests = [cell for cell in cells if cell.metadata.get("nbgrader", {}).get("grade")]
        return [(judged(cell.source), cell.metadata["nbgrader"]["points"]) for cell in tests]

    def judged(test: str) -> str:  # the test without the set-up it repeats (the French one comments in French)
        lines = test.splitlines()
        if REPEATED_SETUP in lines:
            verdict = next(k for k, line in enumerate(lines) if line.startswith("verdict = "))
            lines = lines[: lines.index(REPEATED_SETUP)] + lines[verdict:]
        return "\n".join(lines)

    french = [name for name, (lesson, _, _) in EXERCISES.items() if lesson.startswith("fr/")]
    assert "01-jouer" in french and len(french) == 4
    for name in french:
        twin = next(other for other in EXERCISES if other not in french and EXERCISES[other][1] == EXERCISES[name][1])
        assert graded(name) == graded(twin), (name, twin)


def test_a_lesson_that_lost_its_exercise_is_named() -> None:
    lesson, solutions, exercises = EXERCISES["01-play"]
    changed = (exercises[0], exercises[1].__class__("check_solo_line(other_deal, answer_2)", ("answer_2",), 1))
    EXERCISES["01-play"] = (lesson, solutions, changed)
    try:
        with pytest.raises(ValueError, match=r"01-play.ipynb has no exercise cell calling check_solo_line\(other"):
            source_assignment("01-play")
    finally:
        EXERCISES["01-play"] = (lesson, solutions, exercises)
    with pytest.raises(ValueError, match="no assignment 'play'"):
        source_assignment("play")


def test_a_variant_whose_set_up_cell_is_gone_is_named() -> None:
    """An exercise whose data an earlier cell builds: that cell lost, the course says which text it looked for."""
    lesson, solutions, exercises = EXERCISES["04-1-backtracking"]
    lost = (replace(exercises[0], setup_cell="puzzle_one = town_puzzle("), *exercises[1:])
    EXERCISES["04-1-backtracking"] = (lesson, solutions, lost)
    try:
        with pytest.raises(ValueError, match=r"before check_town_puzzle\(puzzle_1, answer_1\) holds 'puzzle_one"):
            source_assignment("04-1-backtracking", 1)
    finally:
        EXERCISES["04-1-backtracking"] = (lesson, solutions, exercises)


# --- townwidget course: nbgrader end to end --------------------------------------------------------------------
def nbgrader(course: Path, *arguments: str) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "nbgrader", *arguments],
        cwd=course, env=child_environment(), capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert run.returncode == 0, f"nbgrader {' '.join(arguments)}:\n{run.stdout[-3000:]}{run.stderr[-3000:]}"


def submit(course: Path, assignment: str, student: str, answers: dict[int, str]) -> None:
    """The released notebook with answer cells replaced (exercise number: code), as a student's submission."""
    notebook = nbformat.read(course / "release" / assignment / f"{assignment}.ipynb", as_version=4)
    for cell in notebook.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id", "")
        number = int(grade_id.split("-")[1]) if grade_id.startswith("exercise-") and grade_id.count("-") == 1 else 0
        if number in answers:
            cell.source = answers[number]
    folder = course / "submitted" / student / assignment
    folder.mkdir(parents=True)
    nbformat.write(notebook, folder / f"{assignment}.ipynb")


def worked(assignment: str, seed: int) -> dict[int, str]:
    """The solution regions of the course's source (of seed ``seed``), as a right submission's answers."""
    cells = source_assignment(assignment, seed).cells
    regions = [cell.source for cell in cells if cell.metadata.get("nbgrader", {}).get("solution")]
    return {n: region.split(BEGIN_SOLUTION)[1].split(END_SOLUTION)[0] for n, region in enumerate(regions, 1)}


GRADED = "0[12]-[p1j][lo-][acu]*"  # nbgrader takes a pattern: 01-play, 01-jouer and 02-1-checking-squares (not the
# French 02-1), in one run each
CHECKING = "02-1-checking-squares"  # lesson 02, part 1: the Latin-square exercises
COURSE_SEED = 3  # the course's own versions of the exercises: the right answers are its worked answers
FORGETS_COLUMNS = """
def is_latin(square):
    n = len(square)
    return n > 0 and all(sorted(row) == list(range(n)) for row in square)
"""


REBINDS_THE_CHECKER = """
check_latin_square = lambda *args, **kwargs: "Correct!"
answer_1 = None
"""
WALKS_TO_THE_SOURCE = """
from pathlib import Path
answer_1 = None
for folder in Path.cwd().resolve().parents:  # up from autograded/STUDENT/ASSIGNMENT to the course
    for source in folder.glob("source/*/02-1-checking-squares.ipynb"):
        import nbformat
        cells = nbformat.read(source, as_version=4).cells
        worked = next(c.source for c in cells if "BEGIN SOLUTION" in c.source and "answer_1" in c.source)
        exec(worked.split("### BEGIN SOLUTION")[1].split("### END SOLUTION")[0])
"""


def test_nbgrader_grades_right_and_wrong_submissions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from nbgrader.api import Gradebook

    monkeypatch.setenv("PATH", child_environment()["PATH"])  # the gradebook runs alembic too

    course = tmp_path / "course"
    write_course(course, seed=COURSE_SEED)
    nbgrader(course, "generate_assignment", GRADED)
    released = (course / "release" / CHECKING / f"{CHECKING}.ipynb").read_text(encoding="utf-8")
    assert "check_latin_function(is_latin)" in released
    assert BEGIN_HIDDEN not in released and "column repeats" not in released and "column_order" not in released

    submit(course, "01-play", "right", worked("01-play", COURSE_SEED))
    submit(course, "01-play", "wrong", {1: "answer_1 = 4"})  # exercise 2 left as released: its placeholder
    jouer = worked("01-jouer", COURSE_SEED)
    submit(course, "01-jouer", "right", jouer)
    submit(course, "01-jouer", "wrong", {1: jouer[1]})  # exercise 1 right, exercise 2 its placeholder
    latin_right = worked(CHECKING, COURSE_SEED)
    # the wrong student: exercise 1 right, an is_latin that forgets the columns
    submit(course, CHECKING, "right", latin_right)
    submit(course, CHECKING, "wrong", {**latin_right, 2: FORGETS_COLUMNS})
    submit(course, CHECKING, "rebinds", {1: REBINDS_THE_CHECKER, 2: latin_right[2]})
    submit(course, CHECKING, "walks", {1: WALKS_TO_THE_SOURCE, 2: latin_right[2]})
    nbgrader(course, "autograde", GRADED)

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        scores = {
            (assignment, student): gradebook.find_submission(assignment, student).score
            for assignment in ("01-play", "01-jouer", CHECKING)
            for student in ("right", "wrong", "rebinds", "walks")
            if (course / "submitted" / student / assignment).exists()
        }
        latin_points = [e.points for e in EXERCISES[CHECKING][2]]
        assert scores == {
            ("01-play", "right"): 3,
            ("01-play", "wrong"): 0,
            ("01-jouer", "right"): 3,
            ("01-jouer", "wrong"): 1,
            (CHECKING, "right"): sum(latin_points),
            (CHECKING, "wrong"): latin_points[0],
            (CHECKING, "rebinds"): latin_points[1],  # the rebound name is not the one the test cell uses
            (CHECKING, "walks"): latin_points[1],  # the sandbox shows no source/: nothing to borrow
        }

    # feedback (nbgrader's default shows the hidden tests): the course's switch hides them, keeping the sentence
    config = course / "nbgrader_config.py"
    switch = "HIDE_HIDDEN_TESTS_IN_FEEDBACK = "
    config.write_text(config.read_text().replace(switch + "False", switch + "True"))
    nbgrader(course, "generate_feedback", CHECKING, "--student", "wrong")
    page = (course / "feedback" / "wrong" / CHECKING / f"{CHECKING}.html").read_text(encoding="utf-8")
    assert "check_latin_function" in page and "Not yet right" in page
    assert "HIDDEN TESTS" not in page and "column repeats" not in page


# --- issue 49: graded work that holds -----------------------------------------------------------------------------
def graded(notebook: Any) -> list[tuple[str, str]]:
    """(answer cell's worked answer, its test cell) for each exercise of a source notebook."""
    cells = [cell for cell in notebook.cells if cell.cell_type == "code"]
    pairs = []
    for answer, test in zip(cells, cells[1:], strict=False):
        if answer.metadata.get("nbgrader", {}).get("solution"):
            pairs.append((answer.source.split(BEGIN_SOLUTION)[1].split(END_SOLUTION)[0], test.source))
    return pairs


def exercise_setup(notebook: Any, number: int) -> str:
    """The code of the lesson cells before exercise ``number``'s answer cell (the set-up it relies on)."""
    code, found = [], 0
    for cell in notebook.cells:
        if cell.metadata.get("nbgrader", {}).get("solution"):
            found += 1
            if found == number:
                break
        if cell.cell_type == "code" and not cell.metadata.get("nbgrader", {}).get("grade"):
            code.append(cell.source)
    return "\n".join(line for line in "\n".join(code).splitlines() if not line.lstrip().startswith(("%", "!")))


#: What lesson 03-3's cells before its city exercise leave that the exercise reads: its cells take half a minute.
CITY_CELLS = """
from IPython.display import SVG
from townwidget import town
from townwidget.search import max_town_tiles
best = {0: max_town_tiles(6)}
"""


@pytest.mark.parametrize(
    ("assignment", "number", "lesson_cells"),
    [
        ("01-play", 1, None),
        ("01-play", 2, None),
        ("02-1-checking-squares", 1, None),
        ("02-2-counting-squares", 1, None),
        ("02-3-random-squares", 1, None),
        ("03-2-transversals", 1, None),
        ("03-2-transversals", 2, None),
        ("03-3-order-six", 2, CITY_CELLS),
        ("04-1-backtracking", 1, None),
        ("05-1-views", 1, None),
    ],
)
def test_a_courses_own_version_is_answered_by_its_worked_answer_only(
    assignment: str, number: int, lesson_cells: str | None
) -> None:
    lesson = source_assignment(assignment)
    lesson_answer, lesson_test = graded(lesson)[number - 1]
    versions = {seed: source_assignment(assignment, seed) for seed in (1, 2)}
    assert graded(versions[1]) == graded(source_assignment(assignment, 1))  # the same seed, the same course
    # the lesson's cells run once (they are the slow part): a course's differ only in data its test cell builds again
    lessons: dict[str, Any] = {}
    exec(lesson_cells or exercise_setup(lesson, number), lessons)
    for notebook in versions.values():
        answer, test = graded(notebook)[number - 1]
        setup = exercise_setup(notebook, number)
        assert (setup, test) != (exercise_setup(lesson, number), lesson_test)  # other data than the lesson's
        exec(answer + "\n" + test, dict(lessons))  # the course's worked answer passes its own test
        with pytest.raises(AssertionError, match="Not yet right"):  # the lesson's worked answer does not
            exec(lesson_answer + "\n" + test, dict(lessons))
    assert (exercise_setup(versions[1], number), graded(versions[1])[number - 1]) != (
        exercise_setup(versions[2], number),
        graded(versions[2])[number - 1],
    )


def test_a_test_cell_imports_its_checker_under_a_private_name() -> None:
    for name in EXERCISES:
        for _answer, test in graded(source_assignment(name)):
            lines = test.splitlines()
            assert lines[0].startswith("from townwidget.exercises import check_") and " as _check_" in lines[0]
            assert any(line.startswith("verdict = _check_") for line in lines)


def test_the_sandbox_shows_a_submission_only_itself(tmp_path: Path) -> None:
    course = tmp_path / "course"
    write_course(course, seed=5)
    submission = course / "autograded" / "ann" / "02-1-checking-squares"
    submission.mkdir(parents=True)
    (course / "autograded" / "bob").mkdir()
    connection = tmp_path / "runtime" / "kernel-1.json"
    connection.parent.mkdir()
    connection.write_text("{}")
    looks = (
        "import os, pathlib; here = pathlib.Path.cwd(); (here / 'mine.txt').write_text('ok');"
        f"print(os.path.exists({str(course / 'source')!r}), os.path.exists({str(course / 'gradebook.db')!r}),"
        f" sorted(os.listdir(here)), os.path.exists({str(course / 'autograded' / 'bob')!r}))"
    )
    run = subprocess.run(
        ["/bin/sh", str(course / "sandbox" / "run-sandboxed.sh"), str(connection), sys.executable, "-c", looks],
        cwd=submission, capture_output=True, text=True, timeout=60, env=child_environment(),
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["False", "False", "['mine.txt']", "False"]
    kernel = json.loads((course / "sandbox" / "kernels" / "townwidget-sandboxed" / "kernel.json").read_text())
    assert kernel["argv"][:2] == ["/bin/sh", str((course / "sandbox" / "run-sandboxed.sh").resolve())]
    assert 'c.Execute.kernel_name = "townwidget-sandboxed"' in (course / "nbgrader_config.py").read_text()


def test_without_bubblewrap_grading_is_refused_in_one_sentence(tmp_path: Path) -> None:
    course = tmp_path / "course"
    write_course(course, seed=5)
    no_bwrap = {**child_environment(), "PATH": "/nonexistent"}
    for command in (["/bin/sh", str(course / "autograde.sh"), "01-play"],
                    ["/bin/sh", str(course / "sandbox" / "run-sandboxed.sh"), "c.json", "/bin/true"]):  # fmt: skip
        run = subprocess.run(command, cwd=course, capture_output=True, text=True, timeout=60, env=no_bwrap)
        assert run.returncode == 2
        assert "bubblewrap (bwrap) is missing or cannot start here" in run.stderr and "grading refused" in run.stderr


def test_the_worked_solutions_stay_out_of_the_wheel(tmp_path: Path) -> None:
    wheel = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert "notebooks/solutions" in wheel["exclude"] and wheel["sources"] == {
        "notebooks": "townwidget/classroom/notebooks"
    }
    assert "force-include" not in wheel  # hatch would ship a force-included folder whole, solutions included
    (tmp_path / "empty").mkdir()
    with pytest.raises(ValueError, match="holds no worked solutions"):
        copy_lessons(tmp_path / "teacher", teacher=True, solutions=tmp_path / "empty")
    assert not (tmp_path / "teacher").exists()  # refused before anything is written
    with pytest.raises(ValueError, match="holds no worked solutions"):
        write_course(tmp_path / "course", solutions=tmp_path / "empty")
    written = copy_lessons(tmp_path / "kit", teacher=True, solutions=NOTEBOOKS / "solutions")
    assert any(path.parent.name == "solutions" for path in written)
