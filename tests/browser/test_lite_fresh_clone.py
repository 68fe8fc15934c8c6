"""The README's ``scripts/lite`` on a fresh clone (no ``.venv``, no ``build/``): it sets up the ``lite`` extra alone
and builds the site. It once stopped there ("jupyter-server is not installed"), working only after ``./scripts/test``
had installed everything. Marked ``browser`` with the site's other tests: it needs PyPI and npm (their caches make
later runs quicker), and takes a minute or two.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
BUILD_SECONDS = 900


def fresh_clone(target: Path) -> None:
    """The files a clone of this working tree would have (tracked or new, not ignored), as they are now."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():  # a file deleted but not yet committed is not there
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def test_scripts_lite_builds_the_site_on_a_fresh_clone(tmp_path: Path, report_figure: Any) -> None:
    clone = tmp_path / "townwidget"
    fresh_clone(clone)
    assert not (clone / ".venv").exists()
    # a new shell's environment: no virtual environment active, no interpreter named
    path = os.pathsep.join(part for part in os.environ["PATH"].split(os.pathsep) if ".venv" not in Path(part).parts)
    env = {key: value for key, value in os.environ.items() if key not in ("VIRTUAL_ENV", "PYTHON", "PYTHONPATH")}
    started = time.monotonic()
    done = subprocess.run(
        ["scripts/lite"], cwd=clone, env={**env, "PATH": path}, capture_output=True, text=True, timeout=BUILD_SECONDS
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    site = clone / "build" / "lite"
    assert json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    play = json.loads((site / "files" / "play.ipynb").read_text())
    assert any("townwidget[widget]" in "".join(cell["source"]) for cell in play["cells"])
    assert list((site / "pypi").glob("townwidget-*.whl")), "the site's index lacks the townwidget wheel"
    report_figure(f"scripts/lite on a fresh clone: site built in {time.monotonic() - started:.0f} s")
