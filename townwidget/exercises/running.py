"""Running a student's function on a checker's cases, each within a time budget, so that a slow or looping answer
gets a verdict in words within about ten seconds instead of hanging the lesson.

Where the operating system can fork (Linux, macOS), the cases run in one forked child process, in order, and the
checker waits for each result with a deadline; a case over its budget ends the child (a loop in pure Python, a
``time.sleep`` or a long call into C alike). Fork keeps the student's function as it is, even when it was defined
in a notebook (``__main__``) and cannot be pickled; only its results travel back, read into plain data in the
child. Without fork (Windows) the cases run in the checker's own thread under a trace function that stops the
student's Python code at its deadline (a long call into C then runs to its end).

>>> outcomes = run_cases(lambda x: x * 2, [("two", 2), ("three", 3)])
>>> [(outcome.description, outcome.value) for outcome in outcomes]
[('two', 4), ('three', 6)]
"""

from __future__ import annotations

import copy
import multiprocessing
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from types import CodeType, FrameType, FunctionType
from typing import Any

from townwidget.core.language import _

#: The seconds one case may take; the cases come smallest first, so a slow answer is stopped on its first slow case.
SECONDS_PER_CASE = 3.0
#: The seconds all the cases of one checker may take together: the verdict comes within about this long.
SECONDS_IN_ALL = 9.0


class _Forbidden(BaseException):
    """Raised inside the student's code when it calls what the exercise asks it to write itself (a BaseException,
    so that a student's ``except Exception`` does not swallow it)."""


class _OutOfTime(BaseException):
    """Raised inside the student's code by the trace function at its deadline (where the checker cannot fork)."""


@dataclass(frozen=True)
class Outcome:
    """What the student's function did on one case: returned ``value`` (read into plain data), raised
    (``error``: its type and message), used a forbidden helper (``forbidden``: its name), or ran out of time
    (``seconds``: the budget it exceeded)."""

    description: str
    value: Any = None
    error: str | None = None
    forbidden: str | None = None
    seconds: float | None = None

    def failure(self) -> str | None:
        """What went wrong on this case, in words (``None`` when the function returned)."""
        case = _(self.description)  # a checker's case, translated if its checker marks it (N_)
        if self.seconds is not None:
            slow = _("it is too slow on {case}: no answer after {seconds} s (the cases after it were not tried)")
            return slow.format(case=case, seconds=f"{self.seconds:g}")
        if self.forbidden is not None:
            forbidden = _("it calls {helper} on {case}: the exercise asks you to write that part yourself")
            return forbidden.format(helper=self.forbidden, case=case)
        if self.error is not None:
            return _("it raised {error} on {case}").format(error=self.error, case=case)
        return None


Forbidden = tuple[object, str]
"""A helper the student may not call: (a function, or a class all of whose functions are guarded; the name said in
the verdict), e.g. ``(TownSearch, "TownSearch")``."""


def run_cases(
    function: Callable[[Any], Any],
    cases: Sequence[tuple[str, Any]],
    read: Callable[[Any], Any] = lambda value: value,
    forbidden: Sequence[Forbidden] = (),
    seconds_per_case: float = SECONDS_PER_CASE,
    seconds_in_all: float = SECONDS_IN_ALL,
) -> list[Outcome]:
    """``function`` called on a fresh copy of each case's argument, in order, up to the first case over its budget:
    the outcomes, one per case tried. ``read`` turns a returned value into plain, picklable data (it runs where
    the function ran); ``forbidden`` names helpers that must not be called (:class:`_Guard`)."""
    run = _Run(function, cases, read, forbidden, seconds_per_case, seconds_in_all)
    return _forked(run) if "fork" in multiprocessing.get_all_start_methods() else _traced(run)


@dataclass(frozen=True)
class _Run:
    """One checker's run of a student's function (the arguments of :func:`run_cases`)."""

    function: Callable[[Any], Any]
    cases: Sequence[tuple[str, Any]]
    read: Callable[[Any], Any]
    forbidden: Sequence[Forbidden]
    seconds_per_case: float
    seconds_in_all: float

    def budgeted(self) -> Iterator[tuple[str, Any, float]]:
        """Each case with the seconds it may take: its own budget, or what is left of the whole run's."""
        end = time.monotonic() + self.seconds_in_all
        for description, argument in self.cases:
            yield description, argument, max(0.0, min(self.seconds_per_case, end - time.monotonic()))

    def outcome(self, description: str, argument: Any) -> Outcome:
        """The student's function on one case (a fresh copy of its argument), its value read."""
        try:
            return Outcome(description, value=self.read(self.function(copy.deepcopy(argument))))
        except _Forbidden as used:
            return Outcome(description, forbidden=str(used))
        except Exception as error:  # a student's bug is a verdict, not a crash of the checker
            return Outcome(description, error=f"{type(error).__name__}: {error}")


class _Guard:
    """While active, every function of ``forbidden`` raises :class:`_Forbidden` when called, by whatever name it is
    reached: the function object's own code is replaced (and restored on exit), so a reference saved before the
    checker ran (``saved = TownSearch.__init__``), an alias (``from ... import x as y``) or a module reached by
    ``importlib`` all run the refusal. A class is guarded by guarding every function it defines."""

    def __init__(self, forbidden: Sequence[Forbidden]) -> None:
        self.functions = [(function, name) for owner, name in forbidden for function in _functions_of(owner)]
        self.saved: list[tuple[FunctionType, CodeType]] = []

    def __enter__(self) -> None:
        for function, name in self.functions:
            refusal = _refusing_code(name, function.__code__)
            if refusal is not None:
                self.saved.append((function, function.__code__))
                function.__code__ = refusal

    def __exit__(self, *exc: object) -> None:
        for function, code in reversed(self.saved):
            function.__code__ = code
        self.saved.clear()


def lesson_helpers(function: Any, names: Sequence[str]) -> list[Forbidden]:
    """The functions named ``names`` in the module (or notebook) where ``function`` was defined, as forbidden
    helpers: a lesson's own code that an exercise asks the student to write again."""
    scope = getattr(function, "__globals__", {})
    return [(scope[name], name) for name in names if isinstance(scope.get(name), FunctionType)]


def _functions_of(owner: object) -> list[FunctionType]:
    """The Python functions a forbidden helper is made of: itself, or every function its class defines (methods,
    static and class methods, properties' getters)."""
    if isinstance(owner, FunctionType):
        return [owner]
    if not isinstance(owner, type):
        return []
    found = []
    for member in vars(owner).values():
        inner = member.__func__ if isinstance(member, staticmethod | classmethod) else member
        inner = inner.fget if isinstance(inner, property) else inner
        if isinstance(inner, FunctionType):
            found.append(inner)
    return found


def _refusing_code(name: str, like: CodeType) -> CodeType | None:
    """A code object that raises :class:`_Forbidden` naming ``name``; ``None`` when ``like`` has free variables (a
    closure's code cannot be swapped for one without them: such a helper is not guarded)."""
    source = (
        "def refuse(*args, **kwargs):\n"
        "    from townwidget.exercises.running import _Forbidden\n"
        f"    raise _Forbidden({name!r})\n"
    )
    namespace: dict[str, Any] = {}
    exec(compile(source, "<forbidden helper>", "exec"), namespace)  # noqa: S102 (our own constant source)
    code: CodeType = namespace["refuse"].__code__
    return None if like.co_freevars else code


def _child(connection: Any, run: _Run) -> None:
    """The forked child: every case in order, each outcome sent as soon as it is known."""
    with _Guard(run.forbidden):
        for description, argument in run.cases:
            outcome = run.outcome(description, argument)
            try:
                connection.send(outcome)
            except Exception as error:  # the value could not be pickled: say so rather than hang the parent
                connection.send(Outcome(description, error=f"an answer that cannot be read ({error})"))
    connection.close()


def _forked(run: _Run) -> list[Outcome]:
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(sender, run), daemon=True)
    child.start()
    sender.close()
    outcomes = []
    try:
        for description, _argument, budget in run.budgeted():
            if not receiver.poll(budget):
                outcomes.append(Outcome(description, seconds=round(budget, 1)))
                break
            try:
                outcomes.append(receiver.recv())
            except EOFError:  # the child died (os._exit, a crash in C): the case has no answer
                outcomes.append(Outcome(description, error="an exit of the Python process"))
                break
    finally:
        child.kill()
        child.join()
        receiver.close()
    return outcomes


def _traced(run: _Run) -> list[Outcome]:
    outcomes = []
    with _Guard(run.forbidden):
        for description, argument, budget in run.budgeted():
            previous = sys.gettrace()
            sys.settrace(_stopping_at(time.monotonic() + budget))
            try:
                outcomes.append(run.outcome(description, argument))
            except _OutOfTime:
                outcomes.append(Outcome(description, seconds=round(budget, 1)))
                break
            finally:
                sys.settrace(previous)
    return outcomes


def _stopping_at(deadline: float) -> Callable[[FrameType, str, Any], Any]:
    """A trace function that stops the traced code (:class:`_OutOfTime`) once the clock passes ``deadline``."""

    def stop_at_deadline(frame: FrameType, event: str, arg: Any) -> Any:
        if time.monotonic() > deadline:
            raise _OutOfTime
        return stop_at_deadline

    return stop_at_deadline
