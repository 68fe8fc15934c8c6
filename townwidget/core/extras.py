"""Optional dependencies: each part that needs one names the ``pip`` extra that installs it.

``pip install townwidget`` brings the engines, agents, search and lessons' checkers (numpy and tqdm only). The
widgets need the ``widget`` extra (or ``play``, which adds JupyterLab), the Gymnasium and PettingZoo environments
the ``rl`` extra, the nbgrader course (``townwidget course``) the ``nbgrader`` extra. A part whose extra is missing
raises :class:`MissingExtra` on import (or, for the course, when called), a ``ModuleNotFoundError`` whose message
says what to install:

>>> print(install_hint("widget"))
pip install "townwidget[widget]"
>>> require_extra("rl", "The reinforcement-learning environments")  # installed here: nothing happens
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType

EXTRA_MODULES = {
    "widget": ("anywidget", "traitlets"),
    "rl": ("gymnasium", "pettingzoo"),
    "nbgrader": ("nbgrader",),
    "numpy": ("numpy",),
}


@cache
def numpy_or_none() -> ModuleType | None:
    """numpy, imported on first use (not when the package is: it takes a good part of a second), or ``None`` where
    it is not installed (a browser's Python). The play path uses it only to go faster, with the same results."""
    try:
        import numpy
    except ImportError:
        return None
    return numpy


class MissingExtra(ModuleNotFoundError):
    """An optional dependency is not installed; the message names the ``pip`` extra to install."""


def install_hint(extra: str) -> str:
    """The command that installs an extra (quoted, so that every shell reads the brackets literally)."""
    return f'pip install "townwidget[{extra}]"'


def require_extra(extra: str, feature: str) -> None:
    """Raise :class:`MissingExtra` unless every module of ``extra`` (see :data:`EXTRA_MODULES`) imports."""
    missing: list[str] = []
    for module in EXTRA_MODULES[extra]:
        try:
            importlib.import_module(module)
        except ImportError as error:  # the module, or one it needs (the extra installs both), is missing or broken
            top = (error.name or module).split(".")[0]
            missing += [top] if top not in missing else []
    if missing:
        verb = "is" if len(missing) == 1 else "are"
        raise MissingExtra(
            f"{feature} need {' and '.join(missing)}, which {verb} not installed: {install_hint(extra)}",
            name=missing[0],
        )


def numpy_for(feature: str) -> ModuleType:
    """numpy, for a part that cannot do without it (the batched simulator, random Latin squares); where it is not
    installed, :class:`MissingExtra` names the extra (the play path never needs it: see :func:`numpy_or_none`)."""
    numpy = numpy_or_none()
    if numpy is None:
        require_extra("numpy", feature)
    assert numpy is not None
    return numpy
