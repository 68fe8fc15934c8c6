"""Cells in words, for every game on a grid: 'row 1, column 2' (French 'rangée 1, colonne 2').

Every text of the widgets, hints and reviews names cells with :func:`cell_words`, in the language of the enclosing
:func:`~townwidget.core.language.speaking` block; the front ends get the same message (``CELL``).

>>> cell_words((1, 2)), cells_in_words("space [0, 3] is forest, not grass")
('row 1, column 2', 'space row 0, column 3 is forest, not grass')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from townwidget.core.language import N_, _

CELL = N_("row {row}, column {column}")  # numbered from 0, as the boards' coordinate labels are
_CELL = re.compile(r"\[(\d{1,2}), (\d{1,2})\]")  # a cell as the engines' messages write it


def cell_words(cell: Sequence[int]) -> str:
    """A cell as the player reads it: 'row 1, column 2' (French 'rangée 1, colonne 2')."""
    return _(CELL).format(row=cell[0], column=cell[1])


def cells_in_words(text: str) -> str:
    """An engine's message with its cells (``[1, 2]``) named in words."""
    return _CELL.sub(lambda match: cell_words((int(match[1]), int(match[2]))), text)
