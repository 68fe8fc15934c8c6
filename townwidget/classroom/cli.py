"""The classroom commands of ``townwidget``: ``lessons`` and ``course``.

townwidget lessons my-lessons             # the lessons, English and French, without solutions
townwidget lessons --teacher for-me       # with the teacher's guide and the worked solutions (--solutions DIR)
townwidget course my-course               # an nbgrader course, one assignment per lesson, its own exercises
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from townwidget.classroom.course import write_course
from townwidget.classroom.lessons import copy_lessons


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``lessons`` and ``course`` to the ``townwidget`` command line; each runs itself (``args.run``)."""
    lessons = commands.add_parser("lessons", help="copy the lessons into a folder (for students, or --teacher)")
    lessons.add_argument("folder", nargs="?", default="townwidget-lessons", help="where (default townwidget-lessons)")
    lessons.add_argument("--teacher", action="store_true", help="add the teacher's guide and the worked solutions")
    lessons.set_defaults(run=_lessons)
    course = commands.add_parser("course", help="write an nbgrader course: one assignment per lesson")
    course.add_argument("folder", help="the course folder to create")
    course.add_argument("--seed", type=int, help="the seed of the course's own exercises (default: a fresh one)")
    course.set_defaults(run=_course)
    for command in (lessons, course):
        command.add_argument("--force", action="store_true", help="write into a folder that is not empty")
        command.add_argument(
            "--solutions",
            help="the folder of worked solutions (not in the installed package; a checkout finds its own)",
        )


def _lessons(args: argparse.Namespace) -> int:
    written = _guarded(
        lambda: copy_lessons(args.folder, teacher=args.teacher, force=args.force, solutions=args.solutions)
    )
    if written is None:
        return 2
    what = "lessons, solutions and the teacher's guide" if args.teacher else "lessons"
    print(f"{len(written)} files written to {args.folder} ({what})")
    return 0


def _course(args: argparse.Namespace) -> int:
    written = _guarded(lambda: write_course(args.folder, force=args.force, seed=args.seed, solutions=args.solutions))
    if written is None:
        return 2
    print(f"nbgrader course written to {args.folder}: {len(written)} assignments; read its README.md first")
    return 0


def _guarded(step: Callable[[], list[Path]]) -> list[Path] | None:
    """The files ``step`` wrote, or None after printing why it refused (bad folder, missing extra)."""
    try:
        return step()
    except (ValueError, TypeError, ModuleNotFoundError) as error:
        print(f"error: {error}", file=sys.stderr)
        return None
