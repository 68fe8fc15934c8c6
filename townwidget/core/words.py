"""Cells in words, for every game on a grid: 'row 1, column 2' (French 'rangée 1, colonne 2').

Every text of the widgets, hints and reviews names cells with :func:`cell_words`, in the language of the enclosing
:func:`~townwidget.core.language.speaking` block; the front ends get the same message (``CELL``).

Players read every number from 1: the cell ``(0, 0)`` of the engines and of the JSON forms is "row 1, column 1".

>>> cell_words((1, 2)), cells_in_words("space [0, 3] is forest, not grass")
('row 2, column 3', 'space row 1, column 4 is forest, not grass')
>>> lines_in_words("colour 4 is already in column 0")
'colour 4 is already in column 1'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from townwidget.core.language import N_, _, language

CELL = N_("row {row}, column {column}")  # numbered from 1, as the boards' coordinate labels are
_CELL = re.compile(r"\[(\d{1,2}), (\d{1,2})\]")  # a cell as the engines' messages write it
_LINE = re.compile(r"\b(row|column) (\d{1,2})\b")  # a row or column as the engines' messages write it (from 0)


def cell_words(cell: Sequence[int]) -> str:
    """A cell as the player reads it: 'row 1, column 2' (French 'rangée 1, colonne 2')."""
    return _(CELL).format(row=cell[0] + 1, column=cell[1] + 1)


def decimal(value: float, digits: int = 1) -> str:
    """A number as the player's language writes it: '34.2' in English, '34,2' in French (a decimal comma).

    >>> from townwidget.core.language import speaking
    >>> decimal(34.25), decimal(-0.04)
    ('34.2', '0.0')
    >>> with speaking("fr"):
    ...     decimal(34.25)
    '34,2'
    """
    text = f"{value:.{digits}f}"
    text = text[1:] if text.startswith("-") and not any(digit in "123456789" for digit in text) else text  # no "-0.0"
    return text.replace(".", ",") if language() == "fr" else text


def cells_in_words(text: str) -> str:
    """An engine's message with its rows and columns counted from 1 and its cells (``[1, 2]``) named in words."""
    return _CELL.sub(lambda match: cell_words((int(match[1]), int(match[2]))), lines_in_words(text))


def lines_in_words(text: str) -> str:
    """An engine's message with its rows and columns (``column 0``) counted from 1, as players read them."""
    return _LINE.sub(lambda match: f"{match[1]} {int(match[2]) + 1}", text)
