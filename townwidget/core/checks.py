"""Checks for values that come from outside: saved states, action dicts, widget intents, function arguments.

One place says what "an integer" is (``True`` is an ``int`` in Python but never a count here) and how an untrusted
value is quoted in an error message (cut short, so a megabyte of input never comes back as a megabyte of error).

>>> is_integer(3), is_integer(True), is_integer(3.0)
(True, False, False)
>>> require_integer(7, "colour", 0, 6, error=ValueError)
Traceback (most recent call last):
    ...
ValueError: colour must be an integer from 0 to 6, not 7
>>> shown("x" * 500).endswith("... (502 chars)")
True
>>> shown(10**5000), shown([10**5000])
('<an integer of about 5000 digits>', '<a list too large to show>')

Budgets (how long a search may think, how many playouts a measurement takes) are checked here too, for every caller:
a NaN, an infinity or 1e300 seconds would make a search that never stops, as would 10**100 iterations.

>>> require_seconds(2.5, "seconds"), require_seconds(None, "seconds"), require_count(300, "iterations")
(2.5, None, 300)
>>> require_seconds(float("nan"), "par_seconds")
Traceback (most recent call last):
    ...
ValueError: par_seconds must be a number of seconds above 0 and at most 86400 (a day), or None, not nan
"""

from __future__ import annotations

import unicodedata
from typing import Any

#: How much of an untrusted value an error message quotes.
SHOWN_CHARS = 100
#: The most CPU seconds any one budget may give: a day. The longest searches here (an exact Town 77 par) take
#: hours; anything beyond a day is a typo or an overflow (1e300), which would otherwise mean "never stop".
MAX_SECONDS = 86_400.0
#: The most iterations or samples any one budget may give. The cheapest of them (a search iteration, a playout)
#: costs about a millisecond of Python, so 10**8 is already about a day of CPU.
MAX_COUNT = 10**8


def is_integer(value: Any) -> bool:
    """A Python ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def shown(value: Any, limit: int = SHOWN_CHARS) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for quoting untrusted input in an error message."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an int too long to print (sys.set_int_max_str_digits), or too deep
        if is_integer(value):
            return f"<an integer of about {value.bit_length() * 30103 // 100000} digits>"
        return f"<a {type(value).__name__} too large to show>"
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} chars)"


def require_integer(
    value: Any, what: str, low: int | None = None, high: int | None = None, *, error: type[Exception]
) -> int:
    """``value`` if it is an integer within ``[low, high]`` (either bound optional), else ``error`` naming ``what``."""
    if is_integer(value) and (low is None or value >= low) and (high is None or value <= high):
        return int(value)
    if low is not None and high is not None:
        span = f" from {low} to {high}"
    elif low is not None:
        span = f" of at least {low}"
    elif high is not None:
        span = f" of at most {high}"
    else:
        span = ""
    raise error(f"{what} must be an integer{span}, not {shown(value)}")


def require_seconds(value: Any, what: str) -> float | None:
    """A time budget: ``value`` as a float if it is a real number in ``(0, MAX_SECONDS]``, or ``None`` (no limit, or
    the caller's default), else ``ValueError`` naming ``what``. NaN, infinities and ``bool`` are refused."""
    if value is None:
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 < value <= MAX_SECONDS:
        return float(value)  # NaN fails every comparison, so it never gets here
    limit = f"above 0 and at most {MAX_SECONDS:.0f} (a day)"
    raise ValueError(f"{what} must be a number of seconds {limit}, or None, not {shown(value)}")


def require_count(value: Any, what: str, high: int = MAX_COUNT) -> int | None:
    """A budget counted in iterations or samples: ``value`` if it is an integer from 1 to ``high``, or ``None`` (the
    caller's default), else ``ValueError`` naming ``what``."""
    if value is None:
        return None
    if is_integer(value) and 1 <= value <= high:
        return int(value)
    raise ValueError(f"{what} must be an integer from 1 to {high}, or None, not {shown(value)}")


#: The most characters of a display name (a seat at a table, a person at a hot-seat widget).
MAX_NAME = 40


def name_fault(name: Any) -> str:
    """What is wrong with a display name ("" if nothing): text of 1 to :data:`MAX_NAME` characters, without control
    or invisible format characters (a name is shown as text everywhere, never as markup).

    >>> name_fault("Ana"), name_fault(""), name_fault("A\\u200bna")
    ('', "a name is a non-empty text, not ''", "a name may not hold control or invisible characters ('\\\\u200b')")
    """
    if not isinstance(name, str) or not name.strip():
        return f"a name is a non-empty text, not {shown(name)}"
    if len(name) > MAX_NAME:
        return f"a name has at most {MAX_NAME} characters, not {len(name)}"
    odd = [char for char in name if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn")]
    if odd:
        return f"a name may not hold control or invisible characters ({ascii(odd[0])})"
    return ""
