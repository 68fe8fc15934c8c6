"""A widget watching a table in a real JupyterLab (``TownWidget(table=URL, spectate=True)``): a table server in the
test's process where Ana sits against greedy; the test moves for Ana over HTTP and the spectator's view in the
notebook follows, pushed, with no hand's tiles in the DOM, and a click on the board is refused in words."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from lab import STEP_TIMEOUT_S, open_and_run, write_notebook

from townwidget.core.registry import lookup

pytestmark = pytest.mark.browser


def test_a_spectator_widget_follows_the_table_and_moves_nothing(lab: Any, browser: Any, tmp_path: Path) -> None:
    from townwidget.tables import Client, Server

    with Server(tmp_path / "tables.sqlite", port=0) as server:
        client = Client(server.url)
        table = client.create("town44", players=2, bots={1: "greedy"}, seed=3)
        ana = client.join(table, "Ana")
        call = f"TownWidget(table={server.url + '/tables/' + table!r}, spectate=True)"
        write_notebook(lab.root, "spectate.ipynb", "TownWidget", call, views=1)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page_errors: list[str] = []
        page.on("pageerror", lambda error: page_errors.append(str(error)))
        open_and_run(page, lab, "spectate.ipynb", ".tw-root", page_errors, views=1)
        view = page.locator(".tw-root").first
        assert view.locator(".gw-status").first.inner_text() == "You are watching: Ana (away) is to play."
        town44 = lookup("town44")
        view.locator('[data-cell="3,3"]').click()
        view.locator(".gw-error", has_text="You are watching this table").wait_for(timeout=STEP_TIMEOUT_S * 1000)
        for moves in range(1, 4):  # Ana moves from elsewhere: the spectator's view follows, with no click
            deadline = time.monotonic() + STEP_TIMEOUT_S
            while ana.view()["current_player"] != 0:  # greedy's move first
                assert time.monotonic() < deadline, "greedy did not move"
                time.sleep(0.1)
            ana.act(town44.view_from_dict(ana.view(), 0).legal_actions()[0])  # type: ignore[misc]
            page.wait_for_function(
                "([root, count]) => root.querySelectorAll('.tw-log li').length >= count",
                arg=[view.element_handle(), moves],
                timeout=STEP_TIMEOUT_S * 1000,
            )
            assert view.locator("[data-tile]").count() == 0  # no hand's tile buttons: a spectator holds none
            assert "Ana (away)" in view.locator(".tw-log").inner_text()
        assert not page_errors, page_errors
        page.close()
