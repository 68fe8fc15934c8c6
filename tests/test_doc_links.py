"""Every file or folder the documents cite (README, docs/, the lessons' prose) exists in the project."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FILE_ENDINGS = ("md", "py", "ipynb", "json", "yml", "yaml", "toml", "png", "svg", "sh", "js", "ts", "css", "txt")
# named in the documents, made by scripts/setup.sh (.venv) and scripts/lite (the site, its cache, its play.ipynb)
CREATED_BY_THE_SCRIPTS = {".venv/", "build/lite/", "build/lite-cache/", "play.ipynb"}
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
CODE = re.compile(r"`([^`\s]+)`")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "notebooks").rglob("*.md"))]


def notebooks() -> list[Path]:
    return sorted((ROOT / "notebooks").rglob("*.ipynb"))


def prose(path: Path) -> str:
    """The text of a document, or of a notebook's markdown cells."""
    if path.suffix != ".ipynb":
        return path.read_text(encoding="utf-8")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")


def cited_paths(text: str) -> set[str]:
    """Relative link targets, and code spans that name a file (a name with a file ending) or a folder (ending "/").

    Fenced code blocks hold commands and code, not citations; web addresses, anchors, absolute paths and patterns
    (``NN-...-solutions.ipynb``) are not files of the project."""
    text = FENCE.sub("", text)
    found = {target.split("#")[0] for target in LINK.findall(text)}
    for span in CODE.findall(text):
        if span.endswith("/") or "." in span and span.rsplit(".", 1)[-1] in FILE_ENDINGS:
            found.add(span)
    return {
        path
        for path in found
        if path
        and not re.match(r"[a-z][a-z0-9+.-]*:", path)  # https:, mailto:, ...
        and not path.startswith(("/", "~"))
        and not any(mark in path for mark in ("...", "*", "<", "{", "(", "="))
    }


def exists(path: str, document: Path) -> bool:
    made = any(path == made or (made.endswith("/") and path.startswith(made)) for made in CREATED_BY_THE_SCRIPTS)
    return made or any((base / path).exists() for base in (document.parent, ROOT))


@pytest.mark.parametrize("document", documents() + notebooks(), ids=lambda path: str(path.relative_to(ROOT)))
def test_every_path_a_document_cites_is_in_the_project(document: Path) -> None:
    missing = sorted(path for path in cited_paths(prose(document)) if not exists(path, document))
    assert not missing, f"{document.relative_to(ROOT)} cites paths the project does not hold: {missing}"


def test_the_citation_finder_sees_links_and_code_spans() -> None:
    text = (
        "See [the format](docs/state-format.md#actions), ![a board](docs/town-widget.png), `shared/design/notes.md`,"
        " `environment.yml`, `tests/`, `town.new_game`, `town-state/1`, [a site](https://example.org/x.md) and"
        " `NN-...-solutions.ipynb`.\n"
        "```\nnot/a/citation.py\n```\n"
    )
    assert cited_paths(text) == {
        "docs/state-format.md",
        "docs/town-widget.png",
        "shared/design/notes.md",
        "environment.yml",
        "tests/",
    }
    assert not exists("shared/design/notes.md", ROOT / "README.md")
    assert exists("01-play.ipynb", ROOT / "notebooks" / "README.md")
