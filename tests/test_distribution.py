"""The built wheel: what a user installs carries the licence, the type marker, one version and the console script."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

import townwidget
from townwidget.__main__ import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    # no build isolation and no dependencies: hatchling (test extra) builds from this tree, nothing is downloaded
    out = tmp_path_factory.mktemp("wheel")
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", out, ROOT]
    subprocess.run([str(part) for part in command], check=True, capture_output=True)
    (path,) = out.glob("townwidget-*.whl")
    return zipfile.ZipFile(path)


def dist_info(wheel: zipfile.ZipFile, name: str) -> str:
    (member,) = [
        member for member in wheel.namelist() if member.split("/")[0].endswith(".dist-info") and member.endswith(name)
    ]
    return wheel.read(member).decode()


def test_the_wheel_carries_the_licence_and_the_type_marker(wheel: zipfile.ZipFile) -> None:
    assert "townwidget/py.typed" in wheel.namelist()
    assert dist_info(wheel, "/LICENSE") == (ROOT / "LICENSE").read_text()
    assert "MIT License" in (ROOT / "LICENSE").read_text()


def test_the_wheel_has_one_version_and_the_console_script(wheel: zipfile.ZipFile) -> None:
    metadata = Parser().parsestr(dist_info(wheel, "/METADATA"))
    assert metadata["Version"] == townwidget.__version__
    assert "widget" in metadata.get_all("Provides-Extra")
    assert "townwidget = townwidget.__main__:main" in dist_info(wheel, "/entry_points.txt")
    static = [name for name in wheel.namelist() if name.startswith("townwidget/widget/static/")]
    assert any(name.endswith(".js") for name in static)  # the front end ships built: no Node at install time


def test_the_command_line_prints_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"townwidget {townwidget.__version__}"


def test_the_wheel_carries_the_compiled_catalogs_and_the_front_end_words(wheel: zipfile.ZipFile) -> None:
    names = wheel.namelist()
    assert "townwidget/locale/fr/LC_MESSAGES/townwidget.mo" in names  # read by gettext at run time: no Babel needed
    assert "townwidget/widget/texts.json" in names
