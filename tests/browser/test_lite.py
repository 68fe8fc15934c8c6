"""The JupyterLite site of ``scripts/lite`` in Debian's chromium: Python runs in the page (Pyodide), served from
127.0.0.1 with every request elsewhere refused and recorded, so the test fails if the site needs the network.

It opens ``play.ipynb``, runs it (a cell installs townwidget from the site), plays a whole solo Town 77 game by
clicks with a hint at its start and the review at its end, one multiplayer move against greedy and a hint there,
and a Little Town worker placement, checks the Python side through the browser's kernel (no time.thread_time, no
numpy there: the hint's and the review's searches run on their stand-ins), and prints the time to the first widget,
the click -> re-render latency and the review's time. Lesson 01 and its French twin must run top to bottom.
"""

from __future__ import annotations

import functools
import http.server
import statistics
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lab import LATENCY_PROBE, STEP_TIMEOUT_S

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "build" / "lite"
# what the site is built from: a change to any of these makes build/lite stale
SOURCES = (
    "townwidget",
    "lite/requirements.txt",
    "lite/package-lock.json",
    "scripts/lite",
    "scripts/lite_site.py",
    "notebooks/play.ipynb",
    "notebooks/01-play.ipynb",
    "notebooks/fr/01-jouer.ipynb",
)
BUILD_SECONDS = 240
SOLO_SEED = 13  # a deal that plays long by "first pile that fits, first lit cell" (about 80 clicks)
LOAD_MS = 120_000  # Pyodide, the kernel and the install in a cold browser; the figure printed is the real one
WAIT_MS = STEP_TIMEOUT_S * 1000
REVIEW_MS = 300_000  # a whole solo game reviewed by Python in the page (Pyodide runs it a few times slower)
MIME_TYPES = {
    ".wasm": "application/wasm",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".json": "application/json",
    ".whl": "application/octet-stream",
}
# The errors the notebook's cells raised, from its model ("ename: evalue").
CELL_ERRORS = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
  const errors = [];
  for (let i = 0; i < cells.length; i++) {
    const outputs = cells.get(i).outputs;
    for (let j = 0; outputs && j < outputs.length; j++) {
      const output = outputs.get(j).toJSON();
      if (output.output_type === "error") errors.push(`${output.ename}: ${output.evalue}`);
    }
  }
  return errors;
}"""
# The page exposes its app (window.jupyterapp) to the test only: the served jupyter-lite.json is left as built.
EXPOSE_APP = '"jupyter-config-data": {"exposeAppInBrowser": "true",'
# Runs code in the page's kernel and returns what it printed (or the error), for checks of the Python side.
KERNEL_RUN = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({ code, store_history: false });
  let out = "";
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === "stream") out += msg.content.text;
    if (msg.header.msg_type === "error") out += `${msg.content.ename}: ${msg.content.evalue}`;
  };
  await future.done;
  return out;
}"""


def newest_source() -> float:
    paths = [ROOT / name for name in SOURCES]
    files = [file for path in paths for file in ([path] if path.is_file() else path.rglob("*")) if file.is_file()]
    return max(file.stat().st_mtime for file in files if "__pycache__" not in file.parts)


@pytest.fixture(scope="module")
def site() -> Path:
    """build/lite, built by scripts/lite unless it is newer than everything it is made from."""
    built = SITE / "jupyter-lite.json"
    if not built.exists() or built.stat().st_mtime < newest_source():
        subprocess.run([str(ROOT / "scripts" / "lite")], cwd=ROOT, check=True, timeout=BUILD_SECONDS)
    return SITE


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the signature of the base class
        pass


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The site on a free port of 127.0.0.1, from a thread of this process."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(SiteHandler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def only_local(page: Any, origin: str, elsewhere: list[str]) -> None:
    """Refuse (and record) every request that is not for the site; show the test the page's app."""

    def route(route: Any) -> None:
        url = route.request.url
        if not url.startswith(origin):
            elsewhere.append(url)
            route.abort()
        elif url.split("?")[0] == f"{origin}/jupyter-lite.json":
            response = route.fetch()
            route.fulfill(response=response, body=response.text().replace('"jupyter-config-data": {', EXPOSE_APP, 1))
        else:
            route.continue_()

    page.route("**/*", route)


def click_and_time(page: Any, view: Any, target: Any, what: str, latencies: list[float]) -> None:
    """A real click in ``view``, timed in the page until the view has drawn Python's answer."""
    view.evaluate(LATENCY_PROBE)
    target.click(timeout=WAIT_MS)
    latency = page.evaluate("() => window.__latency")
    assert latency is not None, f"the view did not redraw within 20 s after {what}"
    latencies.append(float(latency))


def in_kernel(page: Any, code: str) -> str:
    return str(page.evaluate(KERNEL_RUN, code)).strip()


def play_solo_to_the_end(page: Any, view: Any, latencies: list[float]) -> int:
    """Pick pile tops and place each on the first lit cell until no top fits anywhere; returns the tiles placed."""
    placed = 0
    while view.locator(".tw-outcome").count() == 0:
        piles = view.locator(".tw-pick:not([disabled])")
        assert piles.count() > 0, "the game is not over but no pile can be picked"
        for index in range(piles.count()):
            click_and_time(page, view, piles.nth(index), "picking a pile", latencies)
            if view.locator(".tw-cell.tw-legal").count():
                click_and_time(page, view, view.locator(".tw-cell.tw-legal").first, "placing a tile", latencies)
                placed += 1
                break
        else:
            raise AssertionError("no pile top fits, yet the game does not say it is over")
    return placed


def play_one_multiplayer_move(page: Any, view: Any, latencies: list[float]) -> None:
    """Keep the hand if asked first, place a hand tile on a lit cell, keep the hand again if asked."""
    keep = view.locator("[data-key='pass']:not([disabled])")
    if keep.count():
        click_and_time(page, view, keep, "keeping the first hand", latencies)
    tiles = view.locator(".tw-pick[data-tile]:not([disabled])")
    for index in range(tiles.count()):
        click_and_time(page, view, tiles.nth(index), "picking a hand tile", latencies)
        if view.locator(".tw-cell.tw-legal").count():
            click_and_time(page, view, view.locator(".tw-cell.tw-legal").first, "placing a hand tile", latencies)
            break
    else:
        raise AssertionError("no tile of the hand fits anywhere")
    if keep.count():
        click_and_time(page, view, keep, "keeping the hand after the move", latencies)


def open_and_run(browser: Any, served: str, notebook: str) -> tuple[Any, list[str], list[str], float]:
    """Open a notebook of the site, run all its cells; returns the page, its errors, the requests elsewhere and
    when it was opened (once the first widget or a failed cell shows)."""
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    errors: list[str] = []
    elsewhere: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    only_local(page, served, elsewhere)
    opened = time.monotonic()
    page.goto(f"{served}/lab/index.html?path={notebook}", timeout=LOAD_MS)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget", timeout=LOAD_MS)
    page.evaluate(
        """async () => {
            const panel = window.jupyterapp.shell.currentWidget;
            await panel.context.ready;
            await panel.sessionContext.ready;
            window.jupyterapp.commands.execute("notebook:run-all-cells");
        }"""
    )
    page.wait_for_function(f"() => document.querySelector('.tw-root') || ({CELL_ERRORS})().length", timeout=LOAD_MS)
    failed = page.evaluate(CELL_ERRORS)
    assert not failed, f"a cell of {notebook} failed: {failed}\npage errors: {errors}\nelsewhere: {elsewhere}"
    return page, errors, elsewhere, opened


def test_play_in_the_browser_with_nothing_installed(served: str, browser: Any, report_figure: Any) -> None:
    page, errors, elsewhere, opened = open_and_run(browser, served, "play.ipynb")
    first_widget = time.monotonic() - opened
    page.locator(".ltw-root").wait_for(timeout=LOAD_MS)
    assert in_kernel(page, "import sys; print(sys.platform)") == "emscripten"  # Python of the page, not of a server
    solo, multi, little = page.locator(".tw-root").nth(0), page.locator(".tw-root").nth(1), page.locator(".ltw-root")
    latencies: list[float] = []

    # the same deal every run (play.ipynb deals a new one each time), drawn before the first click
    revision = solo.get_attribute("data-revision")
    in_kernel(page, f"solo.new_game(seed={SOLO_SEED})")
    page.wait_for_function("([root, old]) => root.dataset.revision !== old", arg=[solo.element_handle(), revision])
    solo.locator("[data-key='hint']").click()  # the expert's search, timed on the page's stand-in clock
    solo.locator(".gw-suggestion").wait_for(timeout=WAIT_MS)
    assert in_kernel(page, "print(solo.error == '', solo.suggestion['cells'] != [])") == "True True"
    placed = play_solo_to_the_end(page, solo, latencies)
    python = in_kernel(page, "print(solo.state.is_terminal(), len(solo.state.history), solo.state.rules.name)")
    assert python == f"True {placed} town77", python
    assert f"{placed} of 49" in solo.locator(".tw-outcome").inner_text()  # the end as the view tells it
    reviewing = time.monotonic()
    solo.locator("[data-key='review']").click()  # estimates of every move and the par (the clairvoyant solver)
    solo.locator(".gw-review").wait_for(timeout=REVIEW_MS)
    review_seconds = time.monotonic() - reviewing
    assert solo.locator(".gw-review-plot svg polyline").count() == 2
    assert in_kernel(page, f"print(solo.error == '', len(solo.reviewed['moves']) == {placed})") == "True True"

    play_one_multiplayer_move(page, multi, latencies)
    page.wait_for_function(  # greedy answers in the kernel of the page: the turn comes back to the seat
        "(root) => !root.querySelector('.gw-thinking')", arg=multi.element_handle(), timeout=WAIT_MS
    )
    movers = in_kernel(page, "print(sorted({entry['player'] for entry in multi.state.to_dict()['history']}))")
    assert movers == "[0, 1]", movers
    # a hint, measured in the page's kernel from the seat's view (not timed: it plays games out), said in words
    multi.locator("[data-key='hint']").click()
    multi.locator(".gw-suggestion").wait_for(timeout=WAIT_MS)
    assert in_kernel(page, "print(multi.error == '', multi.suggestion['text'] != '')") == "True True"

    space = little.locator(".ltw-legal").first
    space.wait_for(timeout=WAIT_MS)
    click_and_time(page, little, space, "placing a worker", latencies)
    workers = in_kernel(page, "print([w['player'] for w in little.state.to_dict()['workers']])")
    assert workers.startswith("[0"), workers

    assert not errors, errors
    assert not elsewhere, f"the site asked for files elsewhere: {elsewhere}"
    report_figure(f"JupyterLite: page opened -> first widget drawn {first_widget:.1f} s (goal <= 30 s)")
    report_figure(f"JupyterLite: review of a {placed}-move solo Town 77 game {review_seconds:.0f} s")
    report_figure(
        f"JupyterLite: click -> Python in the browser -> re-render over {len(latencies)} clicks: median "
        f"{statistics.median(latencies):.0f} ms, max {max(latencies):.0f} ms (goal <= 150 ms)"
    )


@pytest.mark.parametrize("lesson", ["notebooks/01-play.ipynb", "notebooks/fr/01-jouer.ipynb"])
def test_lesson_01_runs_in_the_browser(served: str, browser: Any, lesson: str) -> None:
    page, errors, elsewhere, _ = open_and_run(browser, served, lesson)
    # every code cell has run (a number in its prompt) and none failed
    page.wait_for_function(
        """() => [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')]
                   .every((prompt) => /\\[\\d+\\]/.test(prompt.textContent))""",
        timeout=LOAD_MS,
    )
    assert not page.evaluate(CELL_ERRORS), page.evaluate(CELL_ERRORS)
    assert page.locator(".tw-root").count() == 1  # the lesson's Town 44 widget
    assert not errors and not elsewhere, (errors, elsewhere)
