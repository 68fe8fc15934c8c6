"""An nbgrader course built from the lessons: one source assignment per lesson, graded by the lessons' checkers.

Each assignment is its lesson notebook, outputs cleared, with every exercise's cell split in three:

* the exercise's own set-up (the position, the givens), if any, locked like every other code cell of the lesson
  (nbgrader restores locked cells before grading, so a student cannot make an exercise easier);
* the **answer cell**: the lesson's placeholder (``answer_1 = None``, a function that returns ``False``) and, as a
  solution region (``### BEGIN SOLUTION`` ... ``### END SOLUTION``), the worked answer from the solutions notebook;
  the released version keeps the placeholder and a one-line stub, so a student's notebook still runs through;
* the **test cell**, autograded for the exercise's points: ``verdict = check_x(...)`` then
  ``assert verdict, str(verdict)``, so a wrong answer fails with the checker's sentence; where the answer is a
  function or an agent, hidden tests (``### BEGIN HIDDEN TESTS``) try it on further cases.

:data:`EXERCISES` says, lesson by lesson, which checker call each exercise ends with, the names the student
defines, its points and its hidden tests; the rest is read from the notebooks, so the lessons stay the one source.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

from townwidget.classroom.lessons import lessons_folder, prepare_folder, solutions_folder
from townwidget.classroom.sandbox import write_sandbox
from townwidget.classroom.variants import (
    Variant,
    Variation,
    easy_puzzle,
    hidden_hands,
    puzzle_seed,
    renamed_city,
    same_reduction,
    sampled_square,
    shared_mate,
    shared_transversal,
    shuffled_givens,
    shuffled_square,
    solo_deal,
    solo_position,
)
from townwidget.core.extras import require_extra

if TYPE_CHECKING:
    from nbformat import NotebookNode

BEGIN_SOLUTION, END_SOLUTION = "### BEGIN SOLUTION", "### END SOLUTION"
BEGIN_HIDDEN, END_HIDDEN = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"
#: The line before the exercise's set-up, run again in its test cell: an answer cell cannot change what is judged.
REPEATED_SETUP = "# the exercise's data again: an answer cell cannot change what is judged"


@dataclass(frozen=True)
class Exercise:
    """One graded exercise of a lesson.

    ``call`` is the checker call the lesson's exercise cell ends with, as written there (it finds the cell and
    becomes the test); ``answers`` the names the student defines (the placeholder starts at the first of them);
    ``hidden`` further assertions kept from the students (``{course_seed}`` in them becomes the course's seed);
    ``solution_tail`` code that fits the worked answer to the lesson's names; ``variant`` draws the course's own
    version of the exercise (:mod:`~townwidget.classroom.variants`); ``setup_cell`` a text of the earlier lesson
    cell that builds the exercise's data (``puzzle_1 = town_puzzle(...``), when the exercise cell does not: the
    variant changes that cell too, and the test cell runs it again.
    """

    call: str
    answers: tuple[str, ...]
    points: int
    hidden: tuple[str, ...] = ()
    solution_tail: str = ""
    variant: Variant | None = None
    setup_cell: str = ""

    @property
    def checker(self) -> str:
        return self.call.split("(", 1)[0]


#: The hidden tests reach what they use under private names imported in the test cell itself, so that an answer
#: cell cannot rebind it (``check_town_puzzle = lambda *a: "Right"``).
IS_LATIN_CASES = (
    'assert is_latin([[0, 1, 2], [1, 2, 0], [2, 0, 1]]), "is_latin should accept the cyclic square of order 3"',
    'assert not is_latin([[0, 1], [0, 1]]), "is_latin([[0, 1], [0, 1]]) should be False: each column repeats"',
    'assert not is_latin([[0, 1], [1, 2]]), "is_latin([[0, 1], [1, 2]]) should be False: 2 is no symbol of order 2"',
)
COMPLETE_CASES = (
    "from townwidget.exercises import check_town_puzzle as _check_town_puzzle",
    "from townwidget.search import town_puzzle as _town_puzzle",
    "_held_out = _town_puzzle(5, 14, seed={course_seed}, progress=False)",
    "_verdict = _check_town_puzzle(_held_out, complete([row.copy() for row in _held_out.board]))",
    'assert _verdict, "on a held-out 5 x 5 puzzle: " + str(_verdict)',
)
AGENT_CASES = (
    "from townwidget import town as _town",
    '_four = _town.new_game("town77", players=4, seed={course_seed})',
    "while not _four.is_terminal():",
    "    _four.apply(MyAgent().act(_four.view(_four.current_player)))  # refused with the rule if illegal",
)
#: The seed of the hidden tests when no course seed is given (the lessons' own version).
LESSON_SEED = 2026
PLAY = (
    Exercise(
        "check_legal_move_count(position, answer_1)",
        ("answer_1",),
        1,
        variant=solo_position,
        setup_cell="position = town.new_solo(",
    ),
    Exercise("check_solo_line(deal, answer_2)", ("answer_2",), 2, variant=solo_deal),
)
CHECKING = (
    Exercise("check_latin_square(answer_1, givens=givens)", ("answer_1",), 1, variant=shuffled_givens),
    Exercise("check_latin_function(is_latin)", ("is_latin",), 2, IS_LATIN_CASES),
)
COUNTING = (
    Exercise(
        "check_reduction(original_1, answer_1)", ("answer_1",), 1, variant=shuffled_square("original_1", same_reduction)
    ),
    Exercise("check_first_row_count(5, answer_2)", ("answer_2",), 1),
)
RANDOM = (Exercise("check_row_by_row_probability(cyclic(4), answer_1)", ("answer_1",), 2, variant=sampled_square),)
#: The graded exercises of each assignment: its lesson notebook, its solutions notebook, its exercises in order.
EXERCISES: dict[str, tuple[str, str, tuple[Exercise, ...]]] = {
    "01-play": ("01-play.ipynb", "solutions/01-play-solutions.ipynb", PLAY),
    "01-jouer": ("fr/01-jouer.ipynb", "solutions/01-play-solutions.ipynb", PLAY),
    "02-1-checking-squares": (
        "02-1-checking-squares.ipynb",
        "solutions/02-1-checking-squares-solutions.ipynb",
        CHECKING,
    ),
    "02-2-counting-squares": (
        "02-2-counting-squares.ipynb",
        "solutions/02-2-counting-squares-solutions.ipynb",
        COUNTING,
    ),
    "02-3-random-squares": (
        "02-3-random-squares.ipynb",
        "solutions/02-3-random-squares-solutions.ipynb",
        RANDOM,
    ),
    "02-1-verifier-un-carre": (
        "fr/02-1-verifier-un-carre.ipynb",
        "solutions/02-1-checking-squares-solutions.ipynb",
        CHECKING,
    ),
    "02-2-compter-les-carres": (
        "fr/02-2-compter-les-carres.ipynb",
        "solutions/02-2-counting-squares-solutions.ipynb",
        COUNTING,
    ),
    "02-3-un-carre-au-hasard": (
        "fr/02-3-un-carre-au-hasard.ipynb",
        "solutions/02-3-random-squares-solutions.ipynb",
        RANDOM,
    ),
    "03-1-graeco-latin": (
        "03-1-graeco-latin.ipynb",
        "solutions/03-1-graeco-latin-solutions.ipynb",
        (Exercise("check_graeco_latin(colours_answer, shapes_answer, n=5)", ("colours_answer", "shapes_answer"), 1),),
    ),
    "03-2-transversals": (
        "03-2-transversals.ipynb",
        "solutions/03-2-transversals-solutions.ipynb",
        (
            Exercise(
                "check_transversal(square_1, columns_answer)",
                ("columns_answer",),
                1,
                variant=shuffled_square("square_1", shared_transversal),
            ),
            Exercise(
                "check_orthogonal_mate(square_2, mate_answer)",
                ("mate_answer",),
                2,
                variant=shuffled_square("square_2", shared_mate),
            ),
        ),
    ),
    "03-3-order-six": (
        "03-3-order-six.ipynb",
        "solutions/03-3-order-six-solutions.ipynb",
        (
            Exercise("check_bachelor_square(bachelor_answer, n=5)", ("bachelor_answer",), 1),
            Exercise(
                "check_town_board(city_answer, tiles=36, flips=2, hidden=hidden_answer, givens=city_34)",
                ("city_answer", "hidden_answer"),
                2,
                variant=renamed_city,
                setup_cell="rename_colour, rename_shape = ",
            ),
        ),
    ),
    "04-1-backtracking": (
        "04-1-backtracking.ipynb",
        "solutions/04-1-backtracking-solutions.ipynb",
        (
            Exercise(
                "check_town_puzzle(puzzle_1, answer_1)",
                ("answer_1",),
                1,
                variant=easy_puzzle,
                setup_cell="puzzle_1 = town_puzzle(",
            ),
            Exercise("check_completion_function(complete)", ("complete",), 3, COMPLETE_CASES),
        ),
    ),
    "04-2-exact-cover": (
        "04-2-exact-cover.ipynb",
        "solutions/04-2-exact-cover-solutions.ipynb",
        (
            Exercise("check_completion_count(board_1, answer_1)", ("answer_1",), 1),
            Exercise("check_latin_exact_cover(latin_cover)", ("latin_cover",), 2),
            Exercise("check_town_puzzle(puzzle_3, answer_3)", ("answer_3",), 2, variant=puzzle_seed),
        ),
    ),
    "05-1-views": (
        "05-1-views.ipynb",
        "solutions/05-1-views-solutions.ipynb",
        (Exercise("check_hidden_hands_count(view_1, answer_1)", ("answer_1",), 1, variant=hidden_hands),),
    ),
    # 05-2-monte-carlo has "try it" questions only: no graded exercise, so no assignment
    "05-3-mcts": (
        "05-3-mcts.ipynb",
        "solutions/05-3-mcts-solutions.ipynb",
        (
            Exercise(
                'check_agent(MyAgent(), must_beat="random")',
                ("MyAgent",),
                3,
                AGENT_CASES,
                solution_tail="MyAgent = Lookahead  # the name the lesson's test uses",
            ),
        ),
    ),
    "05-4-tournaments": (
        "05-4-tournaments.ipynb",
        "solutions/05-4-tournaments-solutions.ipynb",
        (Exercise("check_games_needed(0.05, answer_1)", ("answer_1",), 1),),
    ),
    "06-1-playing": (
        "06-1-playing.ipynb",
        "solutions/06-1-playing-solutions.ipynb",
        (Exercise("check_legal_move_count(exercise_game, answer_1)", ("answer_1",), 1),),
    ),
    "06-2-a-study": (
        "06-2-a-study.ipynb",
        "solutions/06-2-a-study-solutions.ipynb",
        (Exercise("check_win_rate_interval(10, 10, answer_2)", ("answer_2",), 1),),
    ),
    "07-1-learning-a-value": (
        "07-1-learning-a-value.ipynb",
        "solutions/07-1-learning-a-value-solutions.ipynb",
        (Exercise("check_least_squares(fit)", ("fit",), 2),),
    ),
    "07-2-policy-iteration-and-td": (
        "07-2-policy-iteration-and-td.ipynb",
        "solutions/07-2-policy-iteration-and-td-solutions.ipynb",
        (Exercise("check_td_update(td_update)", ("td_update",), 2),),
    ),
    # 07-3-networks-and-search and 07-4-a-library have "try it" questions only: no graded exercise, no assignment
}


def write_course(
    target: str | Path, force: bool = False, seed: int | None = None, solutions: str | Path | None = None
) -> list[Path]:
    """Write an nbgrader course into ``target``: ``source/NAME/NAME.ipynb`` for every assignment of
    :data:`EXERCISES`, the course's own version of each exercise that has a variant (drawn from ``seed``; a fresh
    one by default, written in the README), ``nbgrader_config.py``, the autograder's sandbox
    (:mod:`~townwidget.classroom.sandbox`) and ``README.md`` (for the teacher). Returns the assignment folders.

    The worked answers come from :func:`~townwidget.classroom.lessons.solutions_folder` (``solutions``): they are
    not in the installed package. A folder that exists and holds anything is refused (``ValueError``) unless
    ``force``.
    """
    require_extra("nbgrader", "The nbgrader course (townwidget course)")
    worked = solutions_folder(solutions)
    import nbformat

    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
        raise ValueError(f"the course's seed must be a whole number >= 0, not {seed!r}")
    seed = secrets.randbits(32) if seed is None else seed
    folder = prepare_folder(target, force)
    written = []
    for name in EXERCISES:
        assignment = folder / "source" / name
        assignment.mkdir(parents=True, exist_ok=True)
        nbformat.write(source_assignment(name, seed, worked), assignment / f"{name}.ipynb")
        written.append(assignment)
    kit = files("townwidget.classroom")
    (folder / "nbgrader_config.py").write_text(kit.joinpath("course_config.py.txt").read_text(encoding="utf-8"))
    write_sandbox(folder)
    readme = kit.joinpath("course_readme.md").read_text(encoding="utf-8")
    readme = readme.replace("{assignments}", _assignment_table()).replace("{seed}", str(seed))
    (folder / "README.md").write_text(readme, encoding="utf-8")
    return written


def source_assignment(name: str, seed: int | None = None, solutions: str | Path | None = None) -> NotebookNode:
    """The source (teacher's) version of assignment ``name``: its lesson with graded exercises (module docstring).

    With a course's ``seed``, each exercise that has a variant is the course's own version, drawn from the seed
    and the assignment's name (the same seed, the same course); without, the lessons' own. The worked answers come
    from :func:`~townwidget.classroom.lessons.solutions_folder` (``solutions``).
    """
    if name not in EXERCISES:
        raise ValueError(f"no assignment {name!r}: the assignments are {', '.join(EXERCISES)}")
    import nbformat

    lesson_path, solutions_path, exercises = EXERCISES[name]
    folder = lessons_folder()
    lesson = nbformat.reads(folder.joinpath(*lesson_path.split("/")).read_text(encoding="utf-8"), as_version=4)
    solved = solutions_folder(solutions) / solutions_path.split("/")[-1]
    solutions = nbformat.reads(solved.read_text(encoding="utf-8"), as_version=4)
    worked = _worked_answers(solutions, exercises, solutions_path)
    code = [cell for cell in lesson.cells if cell.cell_type == "code"]
    missing = [e.call for e in exercises if not any(e.call in cell.source for cell in code)]
    if missing:
        raise ValueError(f"{lesson_path} has no exercise cell calling {missing[0]}: update EXERCISES to the lesson")
    found = [next(cell for cell in code if e.call in cell.source) for e in exercises]
    setups = [_setup_cell(code, e, cell, lesson_path) for e, cell in zip(exercises, found, strict=True)]
    variations = [
        _variation(e, (setup.source if setup else "") + "\n" + cell.source, seed, f"{name}/{number}")
        for number, (e, cell, setup) in enumerate(zip(exercises, found, setups, strict=True), 1)
    ]
    cells: list[Any] = []
    for cell in lesson.cells:
        if cell in setups:
            cell.source = variations[setups.index(cell)].applied(cell.source)
        if cell not in found:
            cells.append(_cleared(cell, len(cells)))
            continue
        number = found.index(cell) + 1
        exercise, variation, setup = exercises[number - 1], variations[number - 1], setups[number - 1]
        source, answer = variation.applied(cell.source), variation.applied(worked[number - 1])
        graded = Exercise(
            variation.applied(exercise.call),
            exercise.answers,
            exercise.points,
            tuple(
                line.replace("{course_seed}", str(LESSON_SEED if seed is None else seed)) for line in exercise.hidden
            ),
        )
        repeated = setup.source if setup else ""
        cells += _graded_cells(source, graded, number, answer, lesson_path, len(cells), repeated)
    lesson.cells = cells
    lesson.metadata.pop("widgets", None)
    return lesson


def _setup_cell(code: list[Any], exercise: Exercise, cell: Any, where: str) -> Any:
    """The last lesson code cell before the exercise cell holding the exercise's ``setup_cell`` text (or None)."""
    if not exercise.setup_cell:
        return None
    before = code[: code.index(cell)]
    found = [earlier for earlier in before if exercise.setup_cell in earlier.source]
    if not found:
        raise ValueError(f"{where}: no cell before {exercise.call} holds {exercise.setup_cell!r}: update EXERCISES")
    return found[-1]


def _variation(exercise: Exercise, cell: str, seed: int | None, where: str) -> Variation:
    """The course's version of an exercise (nothing changed without a seed or a variant)."""
    if seed is None or exercise.variant is None:
        return Variation()
    variation = exercise.variant(random.Random(f"{seed}/{where}"), cell)
    if not variation.found_in(cell):
        raise ValueError(f"{where}: the exercise cell lost what its variant changes: update the course's variants")
    return variation


def _graded_cells(
    source: str, exercise: Exercise, number: int, worked: str, where: str, at: int, repeated: str = ""
) -> list[Any]:
    """The exercise cell ``source`` as its set-up (if any), its answer cell and its test cell (which runs the
    ``repeated`` set-up cell of the lesson again, if any, then the exercise's own)."""
    from nbformat.v4 import new_code_cell

    lines = source.splitlines()
    starts = tuple(f"{prefix}{name}{suffix}" for name in exercise.answers for prefix, suffix in _DEFINITIONS)
    first = next((k for k, line in enumerate(lines) if line.startswith(starts)), None)
    check = next(k for k, line in enumerate(lines) if exercise.call in line)
    if first is None or first > check:
        names = ", ".join(exercise.answers)
        raise ValueError(f"{where}, exercise {number}: no placeholder for {names} before its check")
    setup = "\n".join(lines[:first]).strip()
    placeholder = "\n".join(lines[first:check]).rstrip()
    answer = new_code_cell(f"{placeholder}\n{BEGIN_SOLUTION}\n{worked}\n{END_SOLUTION}")
    answer.metadata["nbgrader"] = _nbgrader(f"exercise-{number}", solution=True)
    private = f"_{exercise.checker}"  # imported in the test cell: an answer cell cannot rebind it
    test_lines = [
        f"from townwidget.exercises import {exercise.checker} as {private}",
        *([REPEATED_SETUP, *(part for part in (repeated, setup) if part)] if repeated or setup else []),
        f"verdict = _{exercise.call}",
        "assert verdict, str(verdict)",
    ]
    if exercise.hidden:
        test_lines += [BEGIN_HIDDEN, *exercise.hidden, END_HIDDEN]
    test = new_code_cell("\n".join(test_lines))
    test.metadata["nbgrader"] = _nbgrader(f"exercise-{number}-test", grade=True, locked=True, points=exercise.points)
    if not setup:
        return [answer, test]
    return [_cleared(new_code_cell(setup), at), answer, test]


#: How an answer's definition starts: ``answer_1 = ...``, ``def is_latin(...``, ``class MyAgent:``.
_DEFINITIONS = (("", " ="), ("def ", "("), ("class ", ":"), ("class ", "("))


def _worked_answers(solutions: Any, exercises: tuple[Exercise, ...], where: str) -> list[str]:
    """Each exercise's worked answer: the solutions notebook's code from the previous exercise's verdict cell to
    this one's ``verdict = check_x(...)`` line (the verdict and its assertions are the test cell's job)."""
    codes = [cell.source for cell in solutions.cells if cell.cell_type == "code"]
    answers, start = [], 0
    for number, exercise in enumerate(exercises, 1):
        found = next(
            (
                (index, cut)
                for index in range(start, len(codes))
                for cut, line in enumerate(codes[index].splitlines())
                if line.startswith(f"verdict = {exercise.checker}(")
            ),
            None,
        )
        if found is None:
            raise ValueError(f"{where} has no 'verdict = {exercise.checker}(...)' line for exercise {number}")
        index, cut = found
        parts = [*codes[start:index], "\n".join(codes[index].splitlines()[:cut]), exercise.solution_tail]
        answers.append("\n\n".join(part.strip() for part in parts if part.strip()))
        start = index + 1
    return answers


def _cleared(cell: Any, at: int) -> Any:
    """A lesson cell for the assignment: no outputs, no run metadata; code cells locked (restored before grading)."""
    cell.metadata.pop("execution", None)
    if cell.cell_type == "code":
        cell.outputs, cell.execution_count = [], None
        cell.metadata["nbgrader"] = _nbgrader(f"lesson-cell-{at}", locked=True)
    return cell


def _nbgrader(
    grade_id: str, grade: bool = False, solution: bool = False, locked: bool = False, points: int = 0
) -> dict[str, Any]:
    """nbgrader's cell metadata (schema 3): an answer (solution), a test (grade, locked, points) or a locked cell."""
    metadata: dict[str, Any] = {
        "grade": grade,
        "grade_id": grade_id,
        "locked": locked,
        "schema_version": 3,
        "solution": solution,
        "task": False,
    }
    if grade:
        metadata["points"] = points
    return metadata


def _assignment_table() -> str:
    rows = ["| assignment | exercises (points) | total |", "|---|---|---|"]
    for name, (_lesson, _solutions, exercises) in EXERCISES.items():
        points = ", ".join(
            f"{number}: {e.checker} ({e.points}{', variant' if e.variant else ''})"
            for number, e in enumerate(exercises, 1)
        )
        rows.append(f"| `{name}` | {points} | {sum(e.points for e in exercises)} |")
    return "\n".join(rows)
