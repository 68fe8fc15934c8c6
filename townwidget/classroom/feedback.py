"""A preprocessor for nbgrader's feedback that keeps hidden tests hidden (see the course's nbgrader_config.py).

nbgrader's feedback shows each graded cell as it ran, hidden tests and their tracebacks included (by design:
jupyter/nbgrader issue 917). :class:`HideHiddenTests` removes the hidden regions from the test cells, as the
released notebooks have them, and cuts each error of a test cell to its last line, ``AssertionError: Not yet
right: ...``: the checker's sentence, without the failing line's source. Needs the ``nbgrader`` extra.
"""

from __future__ import annotations

from typing import Any

from nbgrader.preprocessors import ClearHiddenTests
from nbgrader.utils import is_grade


class HideHiddenTests(ClearHiddenTests):  # nbgrader has no type hints: its classes are Any to mypy
    """:class:`nbgrader.preprocessors.ClearHiddenTests`, and graded cells' errors cut to their message."""

    def preprocess_cell(self, cell: Any, resources: Any, cell_index: int) -> tuple[Any, Any]:
        cell, resources = super().preprocess_cell(cell, resources, cell_index)
        if is_grade(cell):
            for output in cell.get("outputs", []):
                if output.output_type == "error":
                    output.traceback = [f"{output.ename}: {output.evalue}"]
        return cell, resources
