"""Generic search algorithms used by the lessons: exact cover by dancing links."""

from townwidget.search.exact_cover import ExactCover, TraceStep

__all__ = ["ExactCover", "TraceStep"]
