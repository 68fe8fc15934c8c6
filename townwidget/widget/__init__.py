"""The Jupyter widgets: :class:`TownWidget` plays and inspects Town games, :class:`LittleTownWidget` plays Little
Town (front ends bundled into ``static/`` from ``js/``; what both share is in :mod:`townwidget.widget.base`).

>>> from townwidget.widget import LittleTownWidget, TownWidget
>>> TownWidget("town44", seed=1).state.mode, LittleTownWidget(players=3, seed=1).state.num_players
('solo', 3)
"""

from townwidget.core.extras import require_extra

require_extra("widget", "The widgets (TownWidget, LittleTownWidget)")

from townwidget.widget.base import WidgetBusy  # noqa: E402
from townwidget.widget.little_town_widget import LittleTownWidget  # noqa: E402
from townwidget.widget.town_widget import TownWidget  # noqa: E402

__all__ = ["LittleTownWidget", "TownWidget", "WidgetBusy"]
