"""Re-run lessons in place, as committed: executed top to bottom in a fresh kernel, then stripped of widget state.

    python scripts/run_lessons.py [NOTEBOOK ...]     (default: every notebook under notebooks/)

Prints each notebook's wall-clock run time (kernel start included), the CPU seconds its kernel used (about what
a quiet machine's wall clock would show), and the load average, since a shared machine runs slower. The widgets'
live views (``application/vnd.jupyter.widget-view+json`` and ``metadata.widgets``) need a running kernel, so they
are dropped: GitHub, nbviewer and a freshly opened JupyterLab show each widget's one-line text instead (and
lesson 04 its filmstrip). nbval then checks every other output.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def run(path: Path) -> tuple[float, float]:
    """Execute ``path`` in place; its wall-clock seconds and its kernel's CPU seconds."""
    os.environ["TOWNWIDGET_PROGRESS"] = "0"  # as under nbval (conftest.py): no progress bars in stored outputs
    notebook = nbformat.read(path, as_version=4)
    started, cpu = time.perf_counter(), _children_cpu()
    client = NotebookClient(notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": path.parent}})
    client.execute()
    seconds, cpu = time.perf_counter() - started, _children_cpu() - cpu
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            output.get("data", {}).pop(WIDGET_VIEW, None)
    nbformat.write(notebook, path)
    return seconds, cpu


def _children_cpu() -> float:
    """CPU seconds (user and system) of the finished child processes: the kernel, once it has shut down."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    paths = [Path(arg) for arg in sys.argv[1:]] or sorted(NOTEBOOKS.rglob("*.ipynb"))
    for path in paths:
        seconds, cpu = run(path)
        load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
        print(f"{path.name}: {seconds:.1f} s, kernel CPU {cpu:.1f} s (load average {load})", flush=True)


if __name__ == "__main__":
    main()
