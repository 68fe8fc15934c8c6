"""The classroom kit: the lessons as files for students and teachers, and an nbgrader course built from them.

* :mod:`~townwidget.classroom.lessons`: :func:`copy_lessons` (``townwidget lessons [--teacher] DIR``), and
  :func:`solutions_folder` (the worked solutions are not in the wheel).
* :mod:`~townwidget.classroom.sandbox`: the autograder's sandbox a course carries (bubblewrap).
* :mod:`~townwidget.classroom.course`: :func:`write_course` (``townwidget course DIR``, the ``nbgrader`` extra).
* :mod:`~townwidget.classroom.cli`: the two commands, registered by ``townwidget/__main__.py``.
"""

from __future__ import annotations

from townwidget.classroom.course import write_course
from townwidget.classroom.lessons import copy_lessons, lesson_files, lessons_folder, solutions_folder

__all__ = ["copy_lessons", "lesson_files", "lessons_folder", "solutions_folder", "write_course"]
