"""Settings for the whole test session."""

import os
import signal
from typing import Any

import pytest

from townwidget.solvers import warm


@pytest.fixture(autouse=True, scope="session")
def _compiled_rollouts() -> None:
    """A widget that opens compiles the search's kernels in the background, and a hint asked for meanwhile runs a
    shorter search in Python: loaded first, they make each test's hints the same whatever ran before it."""
    if warm.available():
        warm.warm_up_rollouts()


def pytest_configure(config: pytest.Config) -> None:
    # pytest-xdist's workers ignore Ctrl-C, and so would every process a test starts (an ignored signal is inherited):
    # the tests of Ctrl-C (a kernel interrupt, an arena or a league stopped) need Python's own handler back.
    if hasattr(config, "workerinput"):
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under ``pytest -n`` (scripts/test), a worker takes a whole file at a time (a notebook's cells share one
    kernel, a file's servers start once), and the browser tests, which each start a JupyterLab and a chromium, take
    turns on one worker. (xdist's own ``--dist loadgroup`` no longer groups anything under pytest 9.)"""
    from xdist.scheduler import LoadScopeScheduling

    class ByFile(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return "browser" if path.startswith("tests/browser/") else path

    return ByFile(config, log)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    # A lesson's kernel starts with its first cell and inherits this environment: no progress bars there, since a bar
    # drawn on a slow machine would add an output to a cell whose outputs nbval compares.
    if item.path.suffix == ".ipynb":
        os.environ["TOWNWIDGET_PROGRESS"] = "0"


FIGURE = "figure"  # the user property a measured figure travels in (from xdist's workers to the summary too)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print the figures the browser tests measured (latency), whatever the capture mode and the workers."""
    figures = [
        value
        for report in terminalreporter.stats.get("passed", [])
        for name, value in getattr(report, "user_properties", [])
        if name == FIGURE
    ]
    if figures:
        terminalreporter.section("browser figures")
        for line in figures:
            terminalreporter.write_line(line)


@pytest.fixture
def report_figure(request: pytest.FixtureRequest) -> Any:
    """``report_figure(line)``: show a measured figure in the test session's summary."""
    return lambda line: request.node.user_properties.append((FIGURE, line))
