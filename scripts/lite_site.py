"""Lay out and build the JupyterLite site that ``scripts/lite`` makes: Pyodide, the kernel and every wheel served from
the site itself, so a student's browser fetches nothing from anywhere else.

``scripts/lite`` downloads the pinned wheels (``lite/requirements.txt``), Pyodide (``lite/package.json``) and builds
the townwidget wheel, then runs this with their paths. Pyodide's npm package holds the interpreter but none of the
packages its ``pyodide-lock.json`` names; the wheels of the lock that the kernel loads (micropip, IPython and theirs)
go beside it under the lock's file names, with a lock pruned to them, so a package nobody ships here (numpy) is
refused at once by name instead of fetched from a CDN. The other wheels (anywidget, ipywidgets, townwidget...) go
into the site's piplite index, and PyPI fallback is off.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# what the browser needs of the npm package (its typings, source maps and demo consoles are left out)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# the wheels whose labextensions the page needs: the kernel itself, anywidget's and the widget manager
LABEXTENSION_WHEELS = ("anywidget", "jupyterlab_widgets", "jupyterlite_pyodide_kernel")
PYODIDE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
LESSONS = ("notebooks/01-play.ipynb", "notebooks/fr/01-jouer.ipynb")
NO_LITE = "no-lite"  # the tag of a lesson's cells the site leaves out (they need what Pyodide lacks)
INSTALL = '# townwidget from this site: nothing is downloaded from elsewhere\n%pip install -q "townwidget[widget]"'
PLAY = "notebooks/play.ipynb"  # the play notebook of scripts/play; the site's play.ipynb is it, with these first
# JupyterLite can take a Run All clicked while its kernel still starts and run nothing: the words say what to do.
LITE_START = (
    "**Here Python runs in your browser (Pyodide): nothing to install.** The first time, the page loads Python for "
    "up to a minute. Wait until the circle at the top right is hollow (the kernel *Python (Pyodide)* is idle), then "
    "**Run > Run All Cells**. If a cell still shows `[ ]:` with no number a minute later, the kernel started after "
    "your click: run **Run > Run All Cells** again (running a cell twice does no harm)."
)


def cell(kind: str, source: str) -> dict[str, Any]:
    made: dict[str, Any] = {"cell_type": kind, "metadata": {}, "source": source}
    if kind == "code":
        made.update(execution_count=None, outputs=[])
    return made


def notebook(cells: list[dict[str, Any]], metadata: dict[str, Any] | None = None) -> dict[str, Any]:
    metadata = {**(metadata or {}), "kernelspec": PYODIDE_KERNELSPEC}  # the site's one kernel, whatever the source
    return {"cells": cells, "metadata": metadata, "nbformat": 4, "nbformat_minor": 5}


def write_notebooks(files: Path) -> None:
    """play.ipynb at the root: the play notebook after its title, the words on starting the kernel and the install
    cell; the lessons as they are, with the install cell first (ids dropped: nbformat 4.5 wants them unique, and the
    copies need none)."""
    files.mkdir(parents=True)
    title, *rest = copied_cells(PLAY)
    play = notebook([title, cell("markdown", LITE_START), cell("code", INSTALL), *rest])
    (files / "play.ipynb").write_text(json.dumps(play, indent=1))
    for lesson in LESSONS:
        source = json.loads((ROOT / lesson).read_text())
        target = files / lesson
        target.parent.mkdir(parents=True, exist_ok=True)
        cells = [cell("code", INSTALL), *copied_cells(lesson)]
        target.write_text(json.dumps(notebook(cells, source.get("metadata")), indent=1))


def copied_cells(path: str) -> list[dict[str, Any]]:
    """The cells of the notebook at ``path`` (from the root), without their ids, and without those tagged
    ``no-lite`` (lesson 01's class table: Pyodide's kernel cannot start a table server)."""
    source = json.loads((ROOT / path).read_text())
    return [
        {key: value for key, value in made.items() if key != "id"}
        for made in source["cells"]
        if NO_LITE not in made.get("metadata", {}).get("tags", [])
    ]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def normalized(project: str) -> str:
    return project.lower().replace("_", "-")


def split_wheels(wheels: list[Path], lock: dict[str, Any]) -> tuple[dict[str, Path], list[Path]]:
    """The wheels the lock names (by lock package name) and the others; a wheel of a locked package at another
    version than the lock's would be shadowed by the lock, so it is an error."""
    locked = {normalized(entry["name"]): name for name, entry in lock["packages"].items()}
    by_file = {entry["file_name"]: name for name, entry in lock["packages"].items()}
    beside, index = {}, []
    for wheel in wheels:
        project = normalized(wheel.name.split("-")[0])
        if wheel.name in by_file:
            beside[by_file[wheel.name]] = wheel
        elif project in locked:
            wanted = lock["packages"][locked[project]]["file_name"]
            raise ValueError(f"{wheel.name}: Pyodide's lock has {wanted}; pin that version in lite/requirements.txt")
        else:
            index.append(wheel)
    return beside, index


def lay_out_pyodide(npm_pyodide: Path, beside: dict[str, Path], target: Path) -> None:
    """Pyodide's files, the locked wheels we ship, and the lock cut down to them with their own hashes."""
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(npm_pyodide / name, target / name)
    lock = json.loads((npm_pyodide / "pyodide-lock.json").read_text())
    packages = {}
    for name, wheel in sorted(beside.items()):
        shutil.copy2(wheel, target / wheel.name)
        entry = copy.deepcopy(lock["packages"][name])
        missing = [dep for dep in entry["depends"] if normalized(dep) not in beside]
        if missing:
            raise ValueError(f"{wheel.name} depends on {missing}: add them to lite/requirements.txt")
        packages[name] = {**entry, "sha256": sha256(wheel)}  # PyPI's wheel, not Pyodide's rebuild of it
    (target / "pyodide-lock.json").write_text(json.dumps({**lock, "packages": packages}, indent=1))


def write_config(work: Path, output: Path, labextensions: list[Path]) -> None:
    settings = {"disablePyPIFallback": True}
    lite = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: settings}}}
    (work / "jupyter-lite.json").write_text(json.dumps(lite, indent=1))
    build = {
        "LiteBuildConfig": {
            "output_dir": str(output),
            "contents": [str(work / "files")],
            "ignore_sys_prefix": True,  # only the labextensions named here, not whatever this environment holds
            "federated_extensions": [str(wheel) for wheel in labextensions],
            "no_sourcemaps": True,
            "apps": ["lab", "notebooks", "tree"],
        }
    }
    (work / "jupyter_lite_config.json").write_text(json.dumps(build, indent=1))


def build_site(wheels: list[Path], npm_pyodide: Path, work: Path, output: Path) -> None:
    for stale in (work, output):
        shutil.rmtree(stale, ignore_errors=True)
    lock = json.loads((npm_pyodide / "pyodide-lock.json").read_text())
    beside, index = split_wheels(wheels, lock)
    lay_out_pyodide(npm_pyodide, beside, work / "static" / "pyodide")
    labextensions = [wheel for wheel in index if wheel.name.split("-")[0] in LABEXTENSION_WHEELS]
    (work / "pypi").mkdir()
    for wheel in index:
        if wheel.name.split("-")[0] != "jupyterlite_pyodide_kernel":  # the page's kernel, not the browser's Python
            shutil.copy2(wheel, work / "pypi" / wheel.name)
    write_notebooks(work / "files")
    write_config(work, output, labextensions)
    command = [str(Path(sys.executable).parent / "jupyter-lite"), "build", "--lite-dir", str(work)]
    subprocess.run(command, check=True, cwd=work)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheels", type=Path, nargs="+", required=True, help="every wheel of the site")
    parser.add_argument("--pyodide", type=Path, required=True, help="the npm package's folder")
    parser.add_argument("--work", type=Path, required=True, help="the lite dir the build reads (made anew)")
    parser.add_argument("--output", type=Path, required=True, help="the site (made anew)")
    arguments = parser.parse_args()
    resolved = [wheel.resolve() for wheel in arguments.wheels]  # the build runs in the work folder
    build_site(resolved, arguments.pyodide.resolve(), arguments.work.resolve(), arguments.output.resolve())


if __name__ == "__main__":
    main()
