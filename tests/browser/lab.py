"""What the real-browser tests share: a notebook that shows a widget and records the Python truth after every
update, a reader of that record, opening and running the notebook in JupyterLab, and a latency probe."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

SCREENSHOTS = Path(__file__).resolve().parents[2] / "build" / "browser"
TIMEOUT_MS = 60_000  # first kernel start and widget load; later steps are far quicker
STEP_TIMEOUT_S = 20
NOTEBOOK_CELL = """\
import json, pathlib
from townwidget.widget import {widget_class}

{before}
widget = {widget_call}
{setup}
record = pathlib.Path({record!r})


def write_record(change=None):
    # the test reads the Python truth here, written before each update leaves for the browser (whole or not at all)
    data = {{"revision": widget.revision, "error": widget.error, "state": widget.state.to_dict()}}
    record.with_suffix(".tmp").write_text(json.dumps(data))
    record.with_suffix(".tmp").replace(record)


widget.observe(write_record, names="revision")
write_record()
display(widget)
{second_view}"""

# Starts timing, in the page, from the next click inside a widget view to the end of the redraw it causes (the
# view's data-revision changes once Python's answer is drawn; the next animation frame is when it is painted).
# The promise is left on window.__latency (Playwright would wait for a returned one) and gives up after 20 s.
LATENCY_PROBE = """(root) => {
  window.__latency = new Promise((resolve) => {
    let start = null;
    const before = root.dataset.revision;
    root.addEventListener("click", () => { start = performance.now(); }, { capture: true, once: true });
    const watch = new MutationObserver(() => {
      if (start !== null && root.dataset.revision !== before) {
        watch.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - start));
      }
    });
    watch.observe(root, { attributes: true, attributeFilter: ["data-revision"] });
    setTimeout(() => { watch.disconnect(); resolve(null); }, 20000);
  });
}"""


def write_notebook(
    root: Path, name: str, widget_class: str, widget_call: str, setup: str = "", before: str = "", views: int = 2
) -> Path:
    """Write notebook ``name`` showing ``widget_call`` twice (``views=1``: once, as a player has it; code ``before``
    runs first, ``setup`` after the widget is made and may use ``widget``); returns the path of the record it will
    write."""
    record = root / f"{Path(name).stem}-record.json"
    source = NOTEBOOK_CELL.format(
        widget_class=widget_class,
        widget_call=widget_call,
        record=str(record),
        setup=setup,
        before=before,
        second_view="widget" if views == 2 else "",
    )
    cell = {"id": "play", "cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}
    notebook = {
        "cells": [cell],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (root / name).write_text(json.dumps(notebook))
    return record


class Record:
    """The Python side as the kernel last wrote it."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def read(self) -> dict[str, Any]:
        return dict(json.loads(self.path.read_text()))

    def settled(self, data: dict[str, Any]) -> bool:
        """Whether a record is final for a step (subclasses wait for opponents to finish moving)."""
        return True

    def wait(self, after_revision: int, what: str) -> dict[str, Any]:
        """Python's record once it has published past ``after_revision`` (and :meth:`settled` holds)."""
        deadline = time.monotonic() + STEP_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.path.exists():
                data = self.read()
                if data["revision"] > after_revision and self.settled(data):
                    return data
            time.sleep(0.05)
        raise AssertionError(f"Python did not publish an update within {STEP_TIMEOUT_S} s after {what}")


def open_and_run(
    page: Any,
    lab: Any,
    notebook: str,
    view_selector: str,
    page_errors: list[str],
    console_errors: Sequence[str] = (),
    views: int = 2,
) -> None:
    """Open the notebook, run it, and wait for the widget's ``views``; a failure says which step and why."""
    from playwright.sync_api import Error as PlaywrightError

    step = "opening JupyterLab"
    try:
        page.goto(lab.notebook_url(notebook), timeout=TIMEOUT_MS)
        step = "waiting for the notebook"
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget", timeout=TIMEOUT_MS)
        step = "starting the kernel and running the notebook"
        page.evaluate(
            """async () => {
                const panel = window.jupyterapp.shell.currentWidget;
                await panel.context.ready;
                await panel.sessionContext.ready;
                await window.jupyterapp.commands.execute("notebook:run-all-cells");
            }"""
        )
        step = f"waiting for the widget's {views} view(s)"
        page.locator(view_selector).nth(views - 1).wait_for(timeout=TIMEOUT_MS)
    except PlaywrightError as error:
        outputs = page.locator(".jp-OutputArea-output").all_inner_texts()
        server_log = (lab.root / ".server.log").read_text()[-2000:]
        raise AssertionError(
            f"{step} failed: {error}\npage errors: {page_errors}\nconsole errors: {list(console_errors)}\n"
            f"cell outputs: {outputs}\nserver log:\n{server_log}"
        ) from None


def wait_drawn(page: Any, view: Any, revision: int) -> None:
    """Wait until ``view`` has drawn Python's update ``revision`` (its data-revision)."""
    page.wait_for_function(
        "([root, revision]) => Number(root.dataset.revision) >= revision",
        arg=[view.element_handle(), revision],
        timeout=STEP_TIMEOUT_S * 1000,
    )


def timed_click(page: Any, view: Any, target: Any, record: Record, what: str, latencies: list[float]) -> dict[str, Any]:
    """A real mouse click in ``view``, timed in the page until the view redraws; returns Python's record after it."""
    revision = record.read()["revision"]
    wait_drawn(page, view, revision)  # a redraw still on its way would stop the clock before this click's
    view.evaluate(LATENCY_PROBE)
    target.click(timeout=STEP_TIMEOUT_S * 1000)
    latency = page.evaluate("() => window.__latency")
    assert latency is not None, f"the view did not redraw within 20 s after {what}"
    latencies.append(float(latency))
    return record.wait(revision, what)


# Every text in a view and its contrast with what is painted under it (WCAG 2 relative luminance): the text's colour
# (CSS `color`, or `fill` for SVG text, with the opacity of it and its ancestors) over the first opaque layer below
# its middle (an HTML background, an SVG shape's fill, or the halo of a text drawn with `paint-order: stroke`), with
# the translucent layers between blended in. Returns [{text, ratio, fg, bg}] for texts below `minimum`.
CONTRAST_PROBE = """(root, minimum) => {
  const hidden = document.createElement("style");
  hidden.textContent = ".gw-root, .gw-root * { pointer-events: auto !important; }";  // hit-test every layer
  document.head.appendChild(hidden);
  const parse = (text) => {
    const m = text && text.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const [r, g, b, a] = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [r, g, b, a === undefined ? 1 : a];
  };
  const over = (top, bottom) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat([1]);
  };
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const opacity = (node) => {
    let value = 1;
    for (let n = node; n && n.nodeType === 1; n = n.parentNode) value *= Number(getComputedStyle(n).opacity);
    return value;
  };
  const layerColour = (node) => {
    const style = getComputedStyle(node);
    if (node instanceof SVGElement) {
      if (node.tagName === "text") return null;
      if (node.tagName === "svg" || node.tagName === "g") return null;
      const fill = parse(style.fill);
      if (!fill || style.fill === "none") return null;
      fill[3] *= Number(style.fillOpacity) * opacity(node);
      return fill[3] > 0 ? fill : null;
    }
    const background = parse(style.backgroundColor);
    if (!background || background[3] === 0) return null;
    background[3] *= opacity(node);
    return background;
  };
  const failures = [];
  const texts = [...root.querySelectorAll("*")].filter((node) =>
    node.tagName !== "title" && node.tagName !== "style" &&
    [...node.childNodes].some((child) => child.nodeType === 3 && child.textContent.trim()) &&
    node.getClientRects().length && getComputedStyle(node).visibility !== "hidden");
  for (const node of texts) {
    node.scrollIntoView({ block: "center", inline: "nearest" });  // hit-testing sees only the viewport
    const box = node.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const style = getComputedStyle(node);
    const svgText = node instanceof SVGElement;
    const fg = parse(svgText ? style.fill : style.color);
    fg[3] *= (svgText ? Number(style.fillOpacity) : 1) * opacity(node);
    const layers = [];
    if (svgText && style.paintOrder.startsWith("stroke") && parseFloat(style.strokeWidth) >= 2) {
      const halo = parse(style.stroke);
      if (halo) layers.push(halo);
    }
    if (!layers.length || layers[0][3] < 1) {
      const x = box.left + box.width / 2, y = box.top + box.height / 2;
      const stack = document.elementsFromPoint(x, y);
      const start = stack.indexOf(node);  // an HTML text's own background counts, an SVG text has none
      for (const below of stack.slice(svgText ? start + 1 : start)) {
        if (below !== node && node.contains(below)) continue;
        const colour = layerColour(below);
        if (!colour) continue;
        layers.push(colour);
        if (colour[3] >= 1) break;
      }
    }
    let bg = [255, 255, 255, 1];
    for (const layer of layers.reverse()) bg = over(layer, bg);
    const shown = over(fg, bg);
    const [l1, l2] = [luminance(shown), luminance(bg)].sort((a, b) => b - a);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    if (ratio < minimum) {
      const rgb = (c) => c.slice(0, 3).map(Math.round);
      const text = node.textContent.trim().slice(0, 40);
      const cls = String(node.getAttribute("class"));
      failures.push({ text, cls, ratio: ratio.toFixed(2), fg: rgb(shown), bg: rgb(bg) });
    }
  }
  hidden.remove();
  return { checked: texts.length, failures };
}"""

# How far a view's contents reach beyond its output area, in pixels (0: nothing scrolls sideways), and the element
# that reaches furthest.
OVERFLOW_PROBE = """(root) => {
  const area = root.closest(".jp-OutputArea-output") || root.parentElement;
  const right = area.getBoundingClientRect().right;
  let worst = area.scrollWidth - area.clientWidth, culprit = "the output area scrolls";
  for (const node of area.querySelectorAll("*")) {
    if (!node.getClientRects().length) continue;
    const beyond = node.getBoundingClientRect().right - right;
    if (beyond > worst) [worst, culprit] = [beyond, `${node.tagName}.${node.getAttribute("class")}`];
  }
  return [worst, culprit];
}"""


def set_theme(page: Any, dark: bool) -> None:
    """Switch JupyterLab's theme and wait until the page uses it."""
    theme = "JupyterLab Dark" if dark else "JupyterLab Light"
    page.evaluate(f"() => window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{theme}'}})")
    light = "false" if dark else "true"
    page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{light}'", timeout=TIMEOUT_MS)
    page.wait_for_timeout(500)  # the theme's stylesheet is applied
