"""The phases of a Little Town turn, the actions each allows, and the steps taken so far in the current turn.

Its own module, below :mod:`~townwidget.littletown.state` and :mod:`~townwidget.littletown.rounds` (which starts
and ends turns) and :mod:`~townwidget.littletown.refusals` (which says why an action does not fit the phase), so
that none of them imports another in a loop.
"""

from __future__ import annotations

from townwidget.littletown.economy import Cubes

PHASES = ("turn", "act", "pay", "give", "take", "site", "residence", "feed", "over")
ALLOWED = {
    "turn": ("place_worker", "build"),
    "act": ("gather", "activate", "done"),
    "pay": ("pay",),
    "give": ("give",),
    "take": ("take",),
    "site": ("place_building",),
    "residence": ("activate", "done"),
    "feed": ("feed",),
}


class Turn:
    """The steps taken so far in the current turn (or in the Residence's activations at the end of a round)."""

    __slots__ = (
        "source",
        "worker",
        "gathered",
        "harvested",
        "activated",
        "vp_buildings",
        "building",
        "activating",
        "give",
    )

    def __init__(self, source: str | None = None, worker: int | None = None) -> None:
        self.source = source  # "worker", "build" or "residence"; None between turns
        self.worker = worker  # the cell of this turn's worker
        self.gathered: list[int] = []  # resources gathered (each kind of terrain once)
        self.harvested = [0, 0, 0, 0]  # cubes taken from the reserve per resource (gathered or produced)
        self.activated: list[int] = []  # cells of the buildings activated
        self.vp_buildings = 0  # activations that gave victory points
        self.building: int | None = None  # the market building chosen, until it is placed
        self.activating: int | None = None  # the cell of the building whose activation is under way
        self.give: Cubes | None = None  # Shop: the cubes given, until the two others are taken

    def copy(self) -> Turn:
        other = Turn.__new__(Turn)  # every field is set below: no fresh lists to throw away (a copy per clone)
        other.source, other.worker = self.source, self.worker
        other.gathered, other.harvested, other.activated = (
            self.gathered.copy(),
            self.harvested.copy(),
            self.activated.copy(),
        )
        other.vp_buildings, other.building, other.activating, other.give = (
            self.vp_buildings,
            self.building,
            self.activating,
            self.give,
        )
        return other
