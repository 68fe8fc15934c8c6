"""Search used by the lessons: exact cover by dancing links, and Town-board backtracking with traces.

- :mod:`townwidget.search.exact_cover`: Knuth's Algorithm X with dancing links; enumerate, count, trace.
- :mod:`townwidget.search.town_search`: completing Town boards, the largest Town placements, puzzles.
"""

from townwidget.search.exact_cover import ExactCover, TraceStep
from townwidget.search.town_search import (
    MaxTiles,
    SearchStats,
    SearchStep,
    TownPuzzle,
    TownSearch,
    check_answer,
    filmstrip_svg,
    max_town_tiles,
    placement_order,
    random_town_board,
    read_board,
    replay,
    town_puzzle,
    trace_frames,
    trace_svgs,
)

__all__ = [
    "ExactCover",
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
