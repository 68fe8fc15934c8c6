"""Pages for people at tables, served by the table server itself (no Jupyter): a lobby at ``/``, a join page per
table (``/tables/ID/join``: type a name, get a seat, then the widget's own board in the browser), a spectator's
page (``/tables/ID/watch``). See docs/tables.md, "Pages, lobby, widgets at tables".

>>> from townwidget.pages import routes
>>> sorted(route.path for route in routes())[:2]
['/', '/static/{name}']
"""

from __future__ import annotations

from townwidget.core.extras import require_extra

require_extra("widget", "The tables' pages (they serve the widgets)")

from townwidget.pages.site import routes  # noqa: E402

__all__ = ["routes"]
