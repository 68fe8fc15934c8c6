"""scripts/lite_site.py without a browser: the pins of the site agree, wheels are sorted between Pyodide's lock and
the site's index, and the notebooks of the site are the lessons with an install cell first.
(tests/browser/test_lite.py builds the site and plays it in chromium.)"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType

import pytest
from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
from test_packaging import project

ROOT = Path(__file__).resolve().parent.parent


def load_site_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lite_site", ROOT / "scripts" / "lite_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


lite_site = load_site_script()


def pinned(text: str) -> dict[str, str]:
    return dict(re.findall(r"^([A-Za-z0-9_.-]+)==([^\s;]+)", text, flags=re.MULTILINE))


def test_the_pins_of_the_site_agree() -> None:
    extra = pinned("\n".join(project()["optional-dependencies"]["lite"]))
    wheels = pinned((ROOT / "lite" / "requirements.txt").read_text())
    assert wheels["jupyterlite-pyodide-kernel"] == extra["jupyterlite-pyodide-kernel"]
    npm = json.loads((ROOT / "lite" / "package.json").read_text())["dependencies"]["pyodide"]
    assert npm == PYODIDE_VERSION, "lite/package.json must hold the Pyodide the kernel was released for"
    locked = json.loads((ROOT / "lite" / "package-lock.json").read_text())["packages"]["node_modules/pyodide"]
    assert locked["version"] == npm


def test_every_pin_carries_its_hash() -> None:
    lines = [line for line in (ROOT / "lite" / "requirements.txt").read_text().splitlines() if line[:1].isalnum()]
    assert lines and all(re.fullmatch(r"[a-z0-9-]+==\S+ --hash=sha256:[0-9a-f]{64}", line) for line in lines)


LOCK = {
    "info": {"python": "3.14.2"},
    "packages": {
        "tqdm": {"name": "tqdm", "file_name": "tqdm-4.67.3-py3-none-any.whl", "depends": [], "sha256": "0" * 64},
        "prompt-toolkit": {
            "name": "prompt_toolkit",
            "file_name": "prompt_toolkit-3.0.52-py3-none-any.whl",
            "depends": ["wcwidth"],
            "sha256": "0" * 64,
        },
        "numpy": {
            "name": "numpy",
            "file_name": "numpy-2.4.6-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
            "depends": [],
            "sha256": "0" * 64,
        },
    },
}


def test_wheels_the_lock_names_go_beside_pyodide_the_others_into_the_index() -> None:
    tqdm, anywidget = Path("tqdm-4.67.3-py3-none-any.whl"), Path("anywidget-0.11.0-py3-none-any.whl")
    beside, index = lite_site.split_wheels([tqdm, anywidget], LOCK)
    assert beside == {"tqdm": tqdm} and index == [anywidget]


def test_a_locked_package_at_another_version_is_refused() -> None:
    with pytest.raises(ValueError, match=r"tqdm-4\.70\.0.*lock has tqdm-4\.67\.3"):
        lite_site.split_wheels([Path("tqdm-4.70.0-py3-none-any.whl")], LOCK)


def fake_pyodide(folder: Path) -> Path:
    folder.mkdir()
    for name in lite_site.PYODIDE_FILES:
        (folder / name).write_text(name)
    (folder / "pyodide-lock.json").write_text(json.dumps(LOCK))
    return folder


def test_the_lock_is_cut_to_the_wheels_shipped_with_their_own_hashes(tmp_path: Path) -> None:
    wheel = tmp_path / "tqdm-4.67.3-py3-none-any.whl"
    wheel.write_bytes(b"a wheel")
    target = tmp_path / "site" / "pyodide"
    lite_site.lay_out_pyodide(fake_pyodide(tmp_path / "npm"), {"tqdm": wheel}, target)
    lock = json.loads((target / "pyodide-lock.json").read_text())
    assert list(lock["packages"]) == ["tqdm"]  # numpy is not shipped: refused by name, never fetched
    assert lock["packages"]["tqdm"]["sha256"] == lite_site.sha256(wheel) != "0" * 64
    assert lock["info"] == LOCK["info"]
    assert sorted(path.name for path in target.iterdir()) == sorted(
        [*lite_site.PYODIDE_FILES, "pyodide-lock.json", wheel.name]
    )


def test_a_locked_wheel_without_its_dependencies_is_refused(tmp_path: Path) -> None:
    wheel = tmp_path / "prompt_toolkit-3.0.52-py3-none-any.whl"
    wheel.write_bytes(b"a wheel")
    with pytest.raises(ValueError, match=r"depends on \['wcwidth'\]"):
        lite_site.lay_out_pyodide(fake_pyodide(tmp_path / "npm"), {"prompt-toolkit": wheel}, tmp_path / "site")


def test_the_lessons_of_the_site_are_the_sources_after_an_install_cell(tmp_path: Path) -> None:
    lite_site.write_notebooks(tmp_path / "files")
    for lesson in lite_site.LESSONS:
        source = json.loads((ROOT / lesson).read_text())
        copy = json.loads((tmp_path / "files" / lesson).read_text())
        assert "".join(copy["cells"][0]["source"]).endswith('%pip install -q "townwidget[widget]"')
        kept = [cell for cell in source["cells"] if lite_site.NO_LITE not in cell["metadata"].get("tags", [])]
        assert [cell["source"] for cell in copy["cells"][1:]] == [cell["source"] for cell in kept]
        assert copy["metadata"]["kernelspec"]["name"] == "python"  # the Pyodide kernel, the site's only one
    lesson_01 = json.loads((tmp_path / "files" / "notebooks" / "01-play.ipynb").read_text())
    assert not any("tables.Server" in "".join(cell["source"]) for cell in lesson_01["cells"])  # no server in Pyodide
    play = json.loads((tmp_path / "files" / "play.ipynb").read_text())
    source = json.loads((ROOT / lite_site.PLAY).read_text())["cells"]
    assert [cell["source"] for cell in play["cells"]] == [
        source[0]["source"],
        lite_site.LITE_START,
        lite_site.INSTALL,
        *(cell["source"] for cell in source[1:]),
    ]
    assert "Run All Cells** again" in lite_site.LITE_START  # what to do when the kernel started after the click
