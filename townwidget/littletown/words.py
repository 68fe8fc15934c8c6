"""Little Town's moves in words, for players: 'a worker at row 2, column 5', 'build the Pier', in the language of
the enclosing :func:`~townwidget.core.language.speaking` block (English outside any). The game's adapter
(:mod:`townwidget.littletown.game`) declares them; hints, reviews, widgets and tables read them there.

>>> from townwidget.littletown import Build, PlaceWorker
>>> move_words(PlaceWorker((1, 4))), move_words(Build("pier"))
('a worker at row 2, column 5', 'build the Pier')
"""

from __future__ import annotations

from typing import Any

from townwidget.core.language import _, ngettext
from townwidget.core.words import cell_words
from townwidget.littletown.data import ROUNDS, UNFED_PENALTY, kind_by_id

TITLE = "Little Town"


def goal_words() -> str:
    """How a Little Town game is won, for a player, in the speaking language."""
    return _(
        "Have the most victory points (VP) after the {rounds} rounds: build buildings, use them, complete your "
        "objective cards. At the end of each round every worker eats a fish or a wheat: a hungry worker costs {vp} VP."
    ).format(rounds=ROUNDS, vp=UNFED_PENALTY)


# the phases as a verb for "your turn to ...", in a programmer's English (repr, logs)
PHASE_WORDS = {
    "turn": "place a worker or build",
    "act": "gather and activate",
    "pay": "pay",
    "give": "give cubes to the Shop",
    "take": "take cubes from the Shop",
    "site": "place a building",
    "residence": "activate around the Residence",
    "feed": "feed the workers",
    "over": "see the end",
}


def move_words(action: Any, restaurant_gives: str = "vp") -> str:
    """A Little Town action in a few words (the Restaurant's rule names the buildings' effects)."""
    data = action.to_dict()
    kind = data["type"]
    cell = cell_words(data["cell"]) if "cell" in data else None
    if kind == "place_worker":
        return _("a worker at {cell}").format(cell=cell)
    if kind == "build":
        name = kind_by_id(restaurant_gives)[data["building"]].name
        return _("build the {building}").format(building=_(name))
    if kind == "place_building":
        return _("the new building at {cell}").format(cell=cell)
    if kind == "gather":
        return _("gather {resource} now").format(resource=_(data["resource"]))
    if kind == "activate":
        return _("activate the building at {cell}").format(cell=cell)
    if kind == "done":
        return _("end the turn")
    if kind == "pay":
        bought = ", ".join(_(resource) for resource in data["coins_for"])
        return _("pay, buying {resources} for coins").format(resources=bought) if bought else _("pay with your cubes")
    if kind in ("give", "take"):
        resources = _(" and ").join(_(resource) for resource in data["resources"])
        return (_("give {resources}") if kind == "give" else _("take {resources}")).format(resources=resources)
    if kind == "feed":
        fed = ngettext("feed {count} worker with fish", "feed {count} workers with fish", data["fish"])
        return fed.format(count=data["fish"])
    return _("complete objective {card}").format(card=data["card"])
