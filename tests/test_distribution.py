"""The built wheel: what a user installs carries the licence, the type marker, one version and the console script."""

from __future__ import annotations

import os
import re
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


#: A Markdown link or image, or an HTML src/href: its target.
LINK_TARGET = re.compile(r"\]\(\s*<?([^)\s>]+)|\b(?:src|href)=[\"']([^\"']+)")


def relative_links(markdown: str) -> list[str]:
    """The link and image targets of a text that are neither web addresses nor anchors: broken on an index page."""
    targets = [first or second for first, second in LINK_TARGET.findall(markdown)]
    return [target for target in targets if not re.match(r"[a-z][a-z0-9+.-]*:|#", target)]


def test_the_readme_has_relative_links_the_check_finds() -> None:
    # why the index page is docs/pypi.md: the README's images and documents are relative to the repository
    assert "docs/town-widget.png" in relative_links((ROOT / "README.md").read_text(encoding="utf-8"))
    assert relative_links('<img src="a.png"> [x](https://example.org) [y](#top)') == ["a.png"]


def test_the_package_page_says_what_it_is(wheel: zipfile.ZipFile) -> None:
    metadata = Parser().parsestr(dist_info(wheel, "/METADATA"))
    classifiers = set(metadata.get_all("Classifier"))
    assert {
        "Framework :: Jupyter",
        "Framework :: Jupyter :: JupyterLab",
        "Intended Audience :: Education",
        "Topic :: Games/Entertainment :: Board Games",
        *(f"Programming Language :: Python :: 3.{minor}" for minor in range(10, 14)),
    } <= classifiers
    assert "Latin squares" in metadata["Keywords"] and metadata["Author"] == "the townwidget authors"
    assert {"classroom", "nbgrader", "lessons", "widget"} <= set(metadata.get_all("Provides-Extra"))
    assert metadata["Description-Content-Type"] == "text/markdown"
    description = metadata.get_payload()
    assert "townwidget lessons" in description and "townwidget course" in description
    assert relative_links(description) == []


def test_the_wheel_carries_the_lessons_and_the_course_files(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    packaged = {name.removeprefix("townwidget/classroom/notebooks/") for name in names}
    for lesson in ROOT.joinpath("notebooks").rglob("*.ipynb"):
        shipped = lesson.parent.name != "solutions"  # the worked solutions stay out of every student's install
        assert (str(lesson.relative_to(ROOT / "notebooks")) in packaged) == shipped, lesson
    assert {"README.md", "fr/README.md"} <= packaged
    assert {"townwidget/classroom/course_config.py.txt", "townwidget/classroom/course_readme.md"} <= names


def test_the_installed_package_finds_its_own_lessons(wheel: zipfile.ZipFile, tmp_path: Path) -> None:
    # the wheel unpacked is what pip installs: run from there, outside the project, its lessons are its own copy
    wheel.extractall(tmp_path / "site")
    script = (
        "import sys; from townwidget.classroom import lessons_folder; from townwidget.__main__ import main;"
        " print(lessons_folder()); sys.exit(main(['lessons', '--teacher', 'kit', *sys.argv[1:]]))"
    )

    def teacher_kit(*solutions: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", script, *solutions], cwd=tmp_path, capture_output=True, text=True,
            env={**os.environ, "PYTHONPATH": str(tmp_path / "site")},
        )  # fmt: skip

    refused = teacher_kit()  # an install holds no solutions: the teacher names the folder that does
    assert refused.returncode != 0 and "solutions" in refused.stderr, refused.stderr
    assert not (tmp_path / "kit" / "solutions").exists()
    run = teacher_kit("--solutions", str(ROOT / "notebooks" / "solutions"))
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(str(tmp_path / "site" / "townwidget" / "classroom" / "notebooks"))
    assert (tmp_path / "kit" / "solutions" / "01-play-solutions.ipynb").exists()
