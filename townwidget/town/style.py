"""How Town tiles look: one definition shared by the static SVG renderer and the widget's front end.

Colours come from the Okabe-Ito palette, which stays distinguishable with the common colour-vision deficiencies;
every tile also carries its colour number, and shapes are distinct house silhouettes, so no tile is told apart by
colour alone. Paths are drawn in a 100 x 100 box.
"""

from __future__ import annotations

from typing import Any

PALETTE = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#000000", "#999999")
COLOUR_NAMES = ("orange", "sky blue", "green", "yellow", "blue", "red", "purple", "black", "grey")
SHAPE_NAMES = ("gable", "block", "tower", "dome", "shed", "steps", "tent", "chimney", "sawtooth")
SHAPE_PATHS = (
    "M15 90V45L50 15L85 45V90Z",
    "M20 90V30H80V90Z",
    "M33 90V38L50 8L67 38V90Z",
    "M15 90V55A35 35 0 0 1 85 55V90Z",
    "M12 90V52L88 24V90Z",
    "M10 90V52H45V26H90V90Z",
    "M8 90L50 14L92 90Z",
    "M15 90V52L50 22L62 32V16H73V42L85 52V90Z",
    "M8 90V46L29 26V46L50 26V46L71 26V46L92 26V90Z",
)
LABEL_INK = tuple(
    "#FFFFFF" if colour in ("#009E73", "#0072B2", "#D55E00", "#000000") else "#000000" for colour in PALETTE
)


def tile_style() -> dict[str, Any]:
    """The drawing data as plain JSON (the widget sends it to the browser once)."""
    return {
        "palette": list(PALETTE),
        "colour_names": list(COLOUR_NAMES),
        "shape_names": list(SHAPE_NAMES),
        "shape_paths": list(SHAPE_PATHS),
        "label_ink": list(LABEL_INK),
    }
