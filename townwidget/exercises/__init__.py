"""Checkers for the lessons' exercises: call one on your answer, and it says in words what is wrong.

Every checker returns a :class:`Verdict`. Shown in a notebook or printed, it reads "Right: ..." or "Not yet right:
..." followed by the problems found, one per line. It is true exactly when the answer is right, so a solution can
say ``assert check_latin_square(answer)``. A checker judges whatever it is given: an answer that is ``None``, ragged
or full of strings is reported as a problem, never raised. Only a malformed *exercise* (the arguments the lesson
supplies, such as the givens of a puzzle) raises ValueError.

The checkers are grouped by lesson, one module each; all of them are importable from here:

* 01, play (:mod:`~townwidget.exercises.play`): :func:`check_legal_move_count` (for lesson 06 too).
* 02, Latin squares (:mod:`~townwidget.exercises.latin_squares`): :func:`check_latin_square`,
  :func:`check_latin_function`, :func:`check_reduction`, :func:`check_first_row_count`,
  :func:`check_row_by_row_probability`.
* 03, Euler's 36 officers (:mod:`~townwidget.exercises.officers`): :func:`check_graeco_latin`,
  :func:`check_transversal`, :func:`check_orthogonal_mate`, :func:`check_bachelor_square`, :func:`check_town_board`.
* 04, search (:mod:`~townwidget.exercises.search`): :func:`check_town_puzzle`, :func:`check_completion_count`,
  :func:`check_completion_function`, :func:`check_latin_exact_cover`.
* 05, AI opponents (:mod:`~townwidget.exercises.opponents`): :func:`check_hidden_hands_count`,
  :func:`check_solo_line`, :func:`check_games_needed`, :func:`check_agent`.
* 06, Little Town (:mod:`~townwidget.exercises.little_town`): :func:`check_win_rate_interval`.
* 07, learning to play (:mod:`~townwidget.exercises.learning`): :func:`check_least_squares` (part 1),
  :func:`check_td_update` (part 2).

>>> print(check_latin_square([[0, 1, 2], [1, 2, 0], [2, 1, 0]]))
Not yet right: it should be a Latin square of order 3.
- column 1 holds symbol 1 twice (rows 0 and 2)
- column 2 holds symbol 0 twice (rows 1 and 2)
>>> print(check_latin_square([[0, 1, 2], [1, 2, 0], [2, 0, 1]]))
Right: it is a Latin square of order 3.
"""

from __future__ import annotations

from townwidget.exercises.common import LEVELS, MAX_SHOWN, NO_ANSWER, Verdict
from townwidget.exercises.latin_squares import (
    check_first_row_count,
    check_latin_function,
    check_latin_square,
    check_reduction,
    check_row_by_row_probability,
)
from townwidget.exercises.learning import check_least_squares, check_td_update
from townwidget.exercises.little_town import check_win_rate_interval
from townwidget.exercises.officers import (
    check_bachelor_square,
    check_graeco_latin,
    check_orthogonal_mate,
    check_town_board,
    check_transversal,
)
from townwidget.exercises.opponents import check_agent, check_games_needed, check_hidden_hands_count, check_solo_line
from townwidget.exercises.play import check_legal_move_count
from townwidget.exercises.search import (
    check_completion_count,
    check_completion_function,
    check_latin_exact_cover,
    check_town_puzzle,
)

__all__ = [
    "LEVELS",
    "MAX_SHOWN",
    "NO_ANSWER",
    "Verdict",
    "check_agent",
    "check_bachelor_square",
    "check_completion_count",
    "check_completion_function",
    "check_first_row_count",
    "check_games_needed",
    "check_graeco_latin",
    "check_hidden_hands_count",
    "check_latin_exact_cover",
    "check_legal_move_count",
    "check_latin_function",
    "check_latin_square",
    "check_orthogonal_mate",
    "check_reduction",
    "check_row_by_row_probability",
    "check_solo_line",
    "check_least_squares",
    "check_td_update",
    "check_town_board",
    "check_town_puzzle",
    "check_transversal",
    "check_win_rate_interval",
]
