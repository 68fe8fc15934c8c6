"""Search over Town boards, used by the lessons, one module per job (the mathematics below it: exact cover in
:mod:`townwidget.exact_cover`, Latin squares in :mod:`townwidget.latin`).

- :mod:`~townwidget.search.grid`: a board's JSON form read into the engine (:func:`read_board`).
- :mod:`~townwidget.search.backtrack`: completing boards by backtracking with constraint propagation
  (:class:`TownSearch`: count, list, trace, and the same problem as an exact cover).
- :mod:`~townwidget.search.traces`: a search's steps played back on the board, as boards and pictures.
- :mod:`~townwidget.search.replay`: a legal placement order for a board, replayed through the engine.
- :mod:`~townwidget.search.largest`: the largest Town boards (:func:`max_town_tiles`), Euler's 36 officers for n = 6.
- :mod:`~townwidget.search.puzzles`: puzzles with a unique completion, and what is wrong with an answer.

:class:`~townwidget.exact_cover.ExactCover` is importable from here too, beside the Town-board search it is
compared with in the lessons.
"""

from townwidget.exact_cover import ExactCover, TraceStep
from townwidget.search.backtrack import SearchStats, SearchStep, TownSearch
from townwidget.search.grid import Grid, read_board
from townwidget.search.largest import MaxTiles, max_town_tiles
from townwidget.search.puzzles import TownPuzzle, check_answer, random_town_board, town_puzzle
from townwidget.search.replay import placement_order, replay
from townwidget.search.traces import filmstrip_svg, trace_frames, trace_svgs

__all__ = [
    "ExactCover",
    "Grid",
    "MaxTiles",
    "SearchStats",
    "SearchStep",
    "TownPuzzle",
    "TownSearch",
    "TraceStep",
    "check_answer",
    "filmstrip_svg",
    "max_town_tiles",
    "placement_order",
    "random_town_board",
    "read_board",
    "replay",
    "town_puzzle",
    "trace_frames",
    "trace_svgs",
]
