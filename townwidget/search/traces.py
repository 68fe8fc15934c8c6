"""Search traces played back on the board: the boards a trace passes through, and pictures of them.

:meth:`TownSearch.trace <townwidget.search.TownSearch.trace>` and :meth:`ExactCover.trace
<townwidget.exact_cover.ExactCover.trace>` record the steps (place or select, retreat, dead end, solution);
:func:`trace_frames` turns them into the boards the search passes through and :func:`trace_svgs` /
:func:`filmstrip_svg` into static pictures, so a lesson can show search happening.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from townwidget.exact_cover import TraceStep as CoverStep
from townwidget.search.backtrack import SearchStep
from townwidget.search.grid import Grid
from townwidget.town.actions import Cell, Tile
from townwidget.town.render import board_svg


def _step_change(step: SearchStep | CoverStep) -> tuple[Cell | None, Tile | None]:
    """The cell a step concerns and the tile it places or removes (dead ends, choices and solutions have none)."""
    if isinstance(step, SearchStep):
        return step.cell, step.tile
    if step.action in ("select", "retreat"):
        row: Any = step.rows[0]  # the rows of TownSearch.exact_cover() are (cell, tile)
        return row[0], row[1]
    column = step.column
    if isinstance(column, tuple) and column[0] == "cell":  # a column of TownSearch.exact_cover(): ("cell", r, k)
        return (column[1], column[2]), None
    return None, None


def trace_frames(board: Grid, steps: Iterable[SearchStep | CoverStep]) -> list[Grid]:
    """The boards a trace passes through: ``board`` first, then the board after each step.

    ``steps`` come from :meth:`TownSearch.trace` or from the dancing-links solver's trace of
    :meth:`TownSearch.exact_cover` (its rows are ``(cell, tile)``): a place or select puts the tile on its cell, a
    retreat takes it off, the other steps leave the board as it is.

    >>> from townwidget.search import TownSearch
    >>> start = [[[0, 0], None], [None, None]]
    >>> frames = trace_frames(start, TownSearch(start, leave_empty=[(1, 1)]).trace())
    >>> [frame[0][1] for frame in frames]
    [None, [1, 1], [1, 1], None]
    """
    grid = [list(row) for row in board]
    frames = [[row.copy() for row in grid]]
    for step in steps:
        cell, tile = _step_change(step)
        if cell is not None and step.action == "retreat":
            grid[cell[0]][cell[1]] = None
        elif cell is not None and tile is not None and step.action in ("place", "select"):
            grid[cell[0]][cell[1]] = list(tile)
        frames.append([row.copy() for row in grid])
    return frames


def _caption(number: int, step: SearchStep | CoverStep) -> str:
    """A caption short enough for a 4 x 4 board (the constraint branched on is in ``step.unit``)."""
    cell, tile = _step_change(step)
    where, what = list(cell or ()), list(tile or ())
    if isinstance(step, SearchStep) and step.action == "place":
        return f"{number}: place {what} on {where} ({'forced' if step.options == 1 else f'1 of {step.options}'})"
    if isinstance(step, SearchStep) and step.action == "dead end":
        return f"{number}: dead end: {step.unit}"
    if isinstance(step, CoverStep) and step.action == "choose":
        return f"{number}: branch on {step.column} ({len(step.rows)} rows)"
    words = {"select": f"select {what} on {where}", "retreat": f"take {what} off {where}"}
    return f"{number}: {words.get(step.action, 'a solution')}"


def trace_svgs(board: Grid, steps: Sequence[SearchStep | CoverStep]) -> list[str]:
    """:func:`trace_frames` drawn as SVG pictures (the cell of each step outlined, the step in the caption), for a
    lesson to show one by one, e.g. behind a slider.

    >>> from townwidget.search import TownSearch
    >>> start = [[[0, 0], None], [None, None]]
    >>> svgs = trace_svgs(start, TownSearch(start, leave_empty=[(1, 1)]).trace())
    >>> len(svgs), "2: dead end: cell [1, 0]" in svgs[2]
    (4, True)
    """
    frames = trace_frames(board, steps)
    pictures = [board_svg(frames[0], caption="start")]
    for number, (step, frame) in enumerate(zip(steps, frames[1:], strict=True), start=1):
        cell = _step_change(step)[0]
        pictures.append(board_svg(frame, highlight=[cell] if cell else [], caption=_caption(number, step)))
    return pictures


def filmstrip_svg(board: Grid, steps: Sequence[SearchStep | CoverStep], columns: int = 6, every: int = 1) -> str:
    """One static SVG picture of a trace: the frames of :func:`trace_svgs` (every ``every``-th one, the last always
    included) in rows of ``columns``, so that the search shows on GitHub and nbviewer without JavaScript.

    >>> from townwidget.search import TownSearch
    >>> start = [[[0, 0], None], [None, None]]
    >>> strip = filmstrip_svg(start, TownSearch(start, leave_empty=[(1, 1)]).trace(), columns=2)
    >>> strip.startswith("<svg") and strip.count('class="tw-cell"') == 4 * 4
    True
    """
    if columns < 1 or every < 1:
        raise ValueError(f"columns and every must be at least 1, not {columns} and {every}")
    pictures = trace_svgs(board, steps)
    chosen = pictures[::every] if (len(pictures) - 1) % every == 0 else [*pictures[::every], pictures[-1]]
    size = re.match(r'<svg [^>]*width="(\d+)" height="(\d+)"', chosen[0])
    assert size is not None  # board_svg always starts with its size
    width, height = int(size.group(1)), int(size.group(2))
    across, down = min(columns, len(chosen)), -(-len(chosen) // columns)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{across * width}" height="{down * height}">']
    for i, picture in enumerate(chosen):
        x, y = i % columns * width, i // columns * height
        parts.append(picture.replace("<svg ", f'<svg x="{x}" y="{y}" ', 1))
    parts.append("</svg>")
    return "".join(parts)
