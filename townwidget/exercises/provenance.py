"""Whether a student's agent plays through the package's own players (an agent of :mod:`townwidget.agents`, a hint
of :mod:`townwidget.advice`, a solver) instead of choosing its moves itself: the objects reachable from it are
walked, as far as the student's own code goes.

From the agent: its class and base classes, its attributes, and the functions of its class; from a function of the
student's (defined in ``__main__`` or the agent's own module): the globals its code loads (and the attributes it
reads from a loaded module, so ``townwidget.agents.make_agent`` is seen), its closure and its defaults. Library
code is not entered: only named, if it is one of the package's players.

>>> from townwidget.agents import make_agent
>>> package_player_in(make_agent("greedy"))
'townwidget.agents.greedy.GreedyAgent'
>>> class Wrapper:
...     def __init__(self):
...         self.inner = make_agent("random")
...     def act(self, view):
...         return self.inner.act(view)
>>> package_player_in(Wrapper())
'townwidget.agents.random.RandomAgent'
"""

from __future__ import annotations

import dis
import functools
import importlib
import inspect
import sys
from collections.abc import Iterator
from types import CodeType, FunctionType, MethodType, ModuleType
from typing import Any

#: The modules whose objects choose moves: an agent built on them is the package's, not the student's.
PACKAGE_PLAYERS = (
    "townwidget.agents",
    "townwidget.advice",
    "townwidget.solvers",
)
#: How many objects the walk visits at most (a student's agent holds a handful; a walk that large has gone astray).
MOST_VISITED = 5000


def package_player_in(agent: Any) -> str | None:
    """The dotted name of a package player reachable from ``agent`` (see the module docstring), or ``None``."""
    own = {type(agent).__module__, "__main__"}
    seen: set[int] = set()
    waiting = [agent]
    while waiting and len(seen) < MOST_VISITED:
        thing = waiting.pop()
        if id(thing) in seen:
            continue
        seen.add(id(thing))
        name = _player_name(thing)
        if name:
            return name
        waiting.extend(_parts(thing, own))
    return None


def _player_name(thing: Any) -> str | None:
    if isinstance(thing, ModuleType):
        module, name = thing.__name__, thing.__name__
    elif isinstance(thing, type | FunctionType):
        module, name = thing.__module__, f"{thing.__module__}.{thing.__qualname__}"
    else:
        module = type(thing).__module__
        name = f"{module}.{type(thing).__qualname__}"
    return name if module.startswith(PACKAGE_PLAYERS) else None


def _parts(thing: Any, own: set[str]) -> Iterator[Any]:
    """What ``thing`` refers to, as far as the walk enters it."""
    if isinstance(thing, list | tuple | set | frozenset):
        yield from thing
    elif isinstance(thing, dict):
        yield from thing.keys()
        yield from thing.values()
    elif isinstance(thing, MethodType):
        yield from (thing.__func__, thing.__self__)
    elif isinstance(thing, functools.partial):
        yield from (thing.func, thing.args, thing.keywords)
    elif isinstance(thing, FunctionType):
        if thing.__module__ in own:
            yield from _function_parts(thing)
    elif isinstance(thing, type):
        yield from thing.__mro__[1:]
        if thing.__module__ in own:
            yield from vars(thing).values()
    elif not isinstance(thing, ModuleType):
        yield type(thing)
        if type(thing).__module__ in own:
            yield from getattr(thing, "__dict__", {}).values()
            yield from (getattr(thing, slot, None) for slot in getattr(type(thing), "__slots__", ()))


def _function_parts(function: FunctionType) -> Iterator[Any]:
    """The globals a function's code loads and the modules it imports, the attributes it reads from those modules,
    its closure and its defaults."""
    loaded, imported, attributes = _names(function.__code__)
    scope = function.__globals__
    values = [scope[name] for name in loaded if name in scope]
    values += [_module(name) for name in imported if name in sys.modules or name.startswith("townwidget")]
    for value in values:
        yield value
        if isinstance(value, ModuleType):
            yield from (getattr(value, attribute) for attribute in attributes if hasattr(value, attribute))
    yield from (cell.cell_contents for cell in function.__closure__ or () if _filled(cell))
    yield from (function.__defaults__ or (), function.__kwdefaults__ or {})


#: What each kind of instruction names: a global, an imported module, or an attribute.
_NAMED_BY = {"LOAD_GLOBAL": 0, "LOAD_NAME": 0, "IMPORT_NAME": 1, "LOAD_ATTR": 2, "LOAD_METHOD": 2, "IMPORT_FROM": 2}


def _names(code: CodeType) -> tuple[set[str], set[str], set[str]]:
    """The global names a code object (and the code nested in it) loads, the modules it imports, and the attribute
    names it reads."""
    named: tuple[set[str], set[str], set[str]] = (set(), set(), set())
    for instruction in dis.get_instructions(code):
        if instruction.opname in _NAMED_BY:
            named[_NAMED_BY[instruction.opname]].add(str(instruction.argval))
    for constant in code.co_consts:
        if inspect.iscode(constant):
            for mine, inner in zip(named, _names(constant), strict=True):
                mine |= inner
    return named


def _module(name: str) -> ModuleType:
    """The module ``name``, imported if need be (a function may import the package's players only when it runs)."""
    return sys.modules.get(name) or importlib.import_module(name)


def _filled(cell: Any) -> bool:
    try:
        cell.cell_contents  # noqa: B018 (an empty cell raises: a closure variable not yet assigned)
    except ValueError:
        return False
    return True
