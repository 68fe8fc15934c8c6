"""Fixtures for the real-browser tests: a private JupyterLab server and Debian's chromium driven by Playwright.

The server runs from this interpreter's environment (so anywidget's labextension and townwidget are the ones under
test), on 127.0.0.1 with a random token, with its settings, workspaces and notebooks in a temporary directory.
Chromium is /usr/bin/chromium (``scripts/browser-setup.sh`` installs it); Playwright's own downloads are not used.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SERVER_START_SECONDS = 60
SETTINGS_OVERRIDES = {
    # The news toast and update checks would cover the notebook and reach the network.
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    # what scripts/setup.sh gives the README's JupyterLab (widget messages on each kernel's main shell)
    **json.loads((Path(__file__).parents[2] / "scripts" / "jupyterlab-overrides.json").read_text()),
}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "browser: real-browser test (JupyterLab + chromium); needs scripts/browser-setup.sh"
    )


@dataclass
class Lab:
    url: str
    token: str
    root: Path
    pages: str = "/lab/tree"  # where a notebook opens: JupyterLab's /lab/tree, Notebook 7's /notebooks

    def notebook_url(self, name: str) -> str:
        reset = "&reset" if self.pages == "/lab/tree" else ""
        return f"{self.url}{self.pages}/{name}?token={self.token}{reset}"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_until_up(url: str, server: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server exited with code {server.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.3)
    raise RuntimeError(f"the server did not answer within {SERVER_START_SECONDS} s:\n{log.read_text()[-3000:]}")


def _private_jupyter_dirs(root: Path) -> dict[str, str]:
    """Jupyter's user-level config, data and runtime files (kernel connection files, signing key), kept in root."""
    return {f"JUPYTER_{kind}_DIR": str(root / f".jupyter-{kind.lower()}") for kind in ("CONFIG", "DATA", "RUNTIME")}


@contextmanager
def _running(command: list[str], root: Path, ready: str, env: dict[str, str]) -> Iterator[subprocess.Popen[bytes]]:
    """A server process started in ``root`` (its output in ``root/.server.log``), once ``ready`` answers; it is
    stopped on leaving (if it has not stopped already)."""
    log = root / ".server.log"
    with log.open("wb") as output:
        server = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, cwd=root, env=env)
    try:
        _wait_until_up(ready, server, log)
        yield server
    finally:
        if server.poll() is None:
            server.terminate()
            server.wait(timeout=15)


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """A JupyterLab server of this environment, serving a temporary directory."""
    yield from _serve(tmp_path_factory.mktemp("lab"), "jupyterlab", "LabApp", "/lab/tree", SETTINGS_OVERRIDES)


@pytest.fixture(scope="module")
def notebook7(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """A Jupyter Notebook 7 server of this environment, serving a temporary directory (its news plugin is not
    loaded, and overriding its settings there breaks the page, so no overrides)."""
    yield from _serve(tmp_path_factory.mktemp("notebook"), "notebook", "JupyterNotebookApp", "/notebooks", {})


def _serve(root: Path, module: str, app: str, pages: str, overrides: dict[str, Any]) -> Iterator[Lab]:
    settings = root / ".settings"
    settings.mkdir()
    (settings / "overrides.json").write_text(json.dumps(overrides))
    token, port = secrets.token_hex(16), _free_port()
    command = [
        sys.executable,
        "-m",
        module,
        "--no-browser",
        "--allow-root",
        "--ip=127.0.0.1",
        f"--port={port}",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        f"--{app}.app_settings_dir={settings}",
        f"--{app}.user_settings_dir={root / '.user-settings'}",
        f"--{app}.workspaces_dir={root / '.workspaces'}",
        f"--{app}.expose_app_in_browser=True",
    ]
    url = f"http://127.0.0.1:{port}"
    env = {**os.environ, **_private_jupyter_dirs(root)}
    with _running(command, root, f"{url}/api/status?token={token}", env) as server:
        try:
            yield Lab(url, token, root, pages)
        finally:
            _stop(server, url, token)


def _stop(server: subprocess.Popen[bytes], url: str, token: str) -> None:
    """Ask the server to shut down (it stops its kernels too); ``_running`` ends it if it does not."""
    try:
        request = urllib.request.Request(f"{url}/api/shutdown?token={token}", method="POST")
        urllib.request.urlopen(request, timeout=5).close()
        server.wait(timeout=15)
    except (urllib.error.URLError, ConnectionError, TimeoutError, subprocess.TimeoutExpired):
        pass


@dataclass
class Server:
    """A server of notebooks or apps on 127.0.0.1 (Voila, marimo), serving files written to ``root``."""

    url: str
    root: Path


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Voila (``pip install "townwidget[voila]"``) serving a temporary directory: ``/voila/render/NAME``."""
    root, port = tmp_path_factory.mktemp("voila"), _free_port()
    command = [sys.executable, "-m", "voila", str(root), "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}"]
    url = f"http://127.0.0.1:{port}"
    with _running(command, root, url, {**os.environ, **_private_jupyter_dirs(root)}):
        yield Server(url, root)


@pytest.fixture
def marimo_app(tmp_path: Path) -> Iterator[Any]:
    """``marimo_app(source)``: the URL of a marimo app (``pip install "townwidget[marimo]"``) written from
    ``source`` and run as a page by ``marimo run``; the server stops with the test."""
    with ExitStack() as servers:

        def serve(source: str) -> str:
            app, port = tmp_path / "app.py", _free_port()
            app.write_text(source)
            command = [sys.executable, "-m", "marimo", "run", str(app), "--headless", "--no-token", "--no-sandbox"]
            command += ["--no-check", "--host=127.0.0.1", f"--port={port}"]
            url = f"http://127.0.0.1:{port}"
            servers.enter_context(_running(command, tmp_path, f"{url}/health", dict(os.environ)))
            return url

        yield serve


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Debian chromium under Playwright."""
    if not CHROMIUM.exists():
        raise RuntimeError(f"{CHROMIUM} is missing: run scripts/browser-setup.sh (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()
