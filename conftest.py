"""Settings for the whole test session."""

import os

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    # A lesson's kernel starts with its first cell and inherits this environment: no progress bars there, since a bar
    # drawn on a slow machine would add an output to a cell whose outputs nbval compares.
    if item.path.suffix == ".ipynb":
        os.environ["TOWNWIDGET_PROGRESS"] = "0"
