"""The lesson notebooks as the package carries them, and copying them into a folder for students or a teacher.

One source of truth: the notebooks live in the repository's ``notebooks/`` folder, and the wheel carries that
folder as ``townwidget/classroom/notebooks/`` (``[tool.hatch.build.targets.wheel.sources]`` in pyproject.toml). In
a source checkout, where that folder does not exist, the repository's own folder serves.

**The worked solutions are not in the wheel** (pyproject.toml excludes ``notebooks/solutions``), so no student's
install holds them and ``townwidget lessons --teacher`` cannot hand them to anyone with the package: a teacher passes
the folder that holds them (``--solutions DIR``: the ``notebooks/solutions`` folder of the project's repository, or
a copy kept off the students' machines). A source checkout finds its own.

>>> students = lesson_files(teacher=False)
>>> "01-play.ipynb" in students, "02-1-checking-squares.ipynb" in students, "05-1-views.ipynb" in students
(True, True, True)
>>> "README.md" in students, "README.md" in lesson_files(teacher=True)
(False, True)
"""

from __future__ import annotations

import sys
from fnmatch import fnmatch
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    if sys.version_info >= (3, 11):
        from importlib.resources.abc import Traversable
    else:
        from importlib.abc import Traversable

#: What a student gets: the lessons, in English and in French (with the French glossary).
STUDENT_FILES = ("[0-9][0-9]-*.ipynb", "fr/[0-9][0-9]-*.ipynb", "fr/README.md")
#: What a teacher gets besides: the teacher's guide (and the worked solutions, from :func:`solutions_folder`).
TEACHER_FILES = ("README.md",)
#: The worked solutions' notebooks, in their folder.
SOLUTION_FILES = "[0-9][0-9]-*-solutions.ipynb"
NO_SOLUTIONS = (
    "the worked solutions are not part of the installed package (so that no student's install holds them): pass the "
    "folder that holds them, --solutions DIR (solutions=DIR), e.g. the notebooks/solutions folder of the project's "
    "repository"
)


def lessons_folder() -> Traversable:
    """The folder of lesson notebooks: the package's copy when installed from a wheel, else the repository's."""
    packaged = files("townwidget.classroom") / "notebooks"
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parents[2] / "notebooks"
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(
        "the lesson notebooks are missing: neither townwidget/classroom/notebooks (a wheel) nor the source"
        " checkout's notebooks/ folder exists; reinstall townwidget"
    )


def solutions_folder(given: str | Path | None = None) -> Path:
    """The folder of worked solutions: ``given`` (checked to hold them), or a source checkout's
    ``notebooks/solutions``; ``ValueError`` (:data:`NO_SOLUTIONS`) when there is none."""
    if given is not None:
        folder = Path(given)
        if not folder.is_dir() or not any(folder.glob(SOLUTION_FILES)):
            raise ValueError(f"{str(folder)!r} holds no worked solutions ({SOLUTION_FILES}): {NO_SOLUTIONS}")
        return folder
    checkout = Path(__file__).resolve().parents[2] / "notebooks" / "solutions"
    if checkout.is_dir() and any(checkout.glob(SOLUTION_FILES)):
        return checkout
    raise ValueError(NO_SOLUTIONS)


def lesson_files(teacher: bool) -> list[str]:
    """The notebooks' paths (relative, with "/") a student gets, or a teacher (``teacher=True``: the guide too)."""
    patterns = STUDENT_FILES + (TEACHER_FILES if teacher else ())
    return sorted({path for pattern in patterns for path in _matching(lessons_folder(), pattern)})


def copy_lessons(
    target: str | Path, teacher: bool = False, force: bool = False, solutions: str | Path | None = None
) -> list[Path]:
    """Copy the lessons into ``target`` (made if missing) and return the files written; for a teacher, the guide
    and the worked solutions of :func:`solutions_folder` (``solutions``) too, in ``solutions/``.

    A folder that exists and holds anything is refused (``ValueError``) unless ``force`` (then files of the same
    name are overwritten, others kept), so that a student's work is never written over by accident.
    """
    worked = solutions_folder(solutions) if teacher else None  # refused before anything is written
    folder = prepare_folder(target, force)
    source = lessons_folder()
    written = []
    for relative in lesson_files(teacher):
        destination = folder.joinpath(*relative.split("/"))
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_bytes(source.joinpath(*relative.split("/")).read_bytes())
        written.append(destination)
    for notebook in sorted(worked.glob(SOLUTION_FILES)) if worked else []:
        destination = folder / "solutions" / notebook.name
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_bytes(notebook.read_bytes())
        written.append(destination)
    return written


def prepare_folder(target: str | Path, force: bool) -> Path:
    """``target`` as a folder that exists and may be written into: refused if it is a file, or holds anything
    while ``force`` is false."""
    if not isinstance(target, (str, Path)):
        raise TypeError(f"the folder must be a path (str or Path), not {type(target).__name__}")
    folder = Path(target)
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"{str(folder)!r} is a file, not a folder: name a new or empty folder")
    if folder.is_dir() and any(folder.iterdir()) and not force:
        raise ValueError(
            f"the folder {str(folder)!r} is not empty: name a new or empty folder, or pass --force"
            " (force=True) to write into it, replacing files of the same name"
        )
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _matching(folder: Traversable, pattern: str) -> list[str]:
    """The files under ``folder`` matching ``pattern`` ("sub/name-*.ext": a folder part, then a file pattern)."""
    *parts, name = pattern.split("/")
    for part in parts:
        folder = folder / part
    if not folder.is_dir():
        return []
    prefix = "".join(part + "/" for part in parts)
    return [prefix + entry.name for entry in folder.iterdir() if entry.is_file() and fnmatch(entry.name, name)]
