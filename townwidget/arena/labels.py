"""Names and texts that come from submissions, shown as data: never as terminal codes, table rows, look-alikes or
spreadsheet formulas.

- :func:`label_problem`: a name with a control character, a newline, a bidirectional mark or another invisible
  character, or a space at either end, is refused in words.
- :func:`look_alikes`: names that read alike (Unicode confusables: Cyrillic ``а`` for Latin ``a``, ``I`` for
  ``l``, ``0`` for ``O``; case, accents, spaces and punctuation) are found, so that a league refuses them all.
- :func:`escaped`: any text of a submission (a traceback, a name) cut and with its invisible characters written
  as escapes (``\\n``, ``\\u202e``).
- :func:`csv_cell`: a cell that a spreadsheet would read as a formula (``=``, ``+``, ``-``, ``@``, tab, carriage
  return first) starts with ``'``; numbers stay numbers.

>>> label_problem("alice\\u202egnp.py")
'holds an invisible or control character (U+202E)'
>>> sorted(look_alikes(["alice", "\\u0430lice", "bob"])["alice"])
['аlice']
>>> escaped("line\\nforged row")
'line\\\\nforged row'
>>> csv_cell("=HYPERLINK(1)"), csv_cell("-1.25")
("'=HYPERLINK(1)", '-1.25')
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

MAX_LABEL = 40  # characters of a leaderboard name
SHOWN_CHARACTERS = 200  # of a submission's text (why it did not load)
INVISIBLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}  # control, format (bidi marks), surrogates, unassigned
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# letters of other scripts, and digits, that read as a Latin letter (a part of Unicode's confusables.txt)
CONFUSABLES = str.maketrans(
    {
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
        "т": "t", "у": "y", "х": "x", "і": "l", "ї": "l", "ј": "j", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w",
        "ɡ": "g", "ı": "l", "ℓ": "l", "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "l", "κ": "k", "ν": "v",
        "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "0": "o", "1": "l", "i": "l", "|": "l",
        "5": "s", "8": "b",
    }
)  # fmt: skip
SEPARATORS = str.maketrans("", "", " _-.·'’")


def label_problem(name: str) -> str | None:
    """Why ``name`` cannot name a submission on a leaderboard, in words; ``None`` if it can."""
    if not name.strip():
        return "is empty"
    for character in name:
        if unicodedata.category(character) in INVISIBLE:
            return f"holds an invisible or control character (U+{ord(character):04X})"
    if name != name.strip():
        return "begins or ends with a space"
    if len(name) > MAX_LABEL:
        return f"is longer than {MAX_LABEL} characters"
    return None


def skeleton(name: str) -> str:
    """What ``name`` reads as: compatibility forms folded, case and accents dropped, look-alike letters made one,
    spaces and punctuation dropped."""
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name).casefold())
    bare = "".join(character for character in folded if not unicodedata.combining(character))
    for _ in range(2):  # "rn" -> "m" may make a new pair
        bare = bare.translate(CONFUSABLES)
        for pair, letter in (("rn", "m"), ("vv", "w")):
            bare = bare.replace(pair, letter)
    return bare.translate(SEPARATORS)


def look_alikes(names: Sequence[str]) -> dict[str, list[str]]:
    """For each name that reads like another of ``names``, the others it reads like."""
    groups: dict[str, list[str]] = {}
    for name in dict.fromkeys(names):
        groups.setdefault(skeleton(name), []).append(name)
    return {
        name: [other for other in group if other != name]
        for group in groups.values()
        if len(group) > 1
        for name in group
    }


def escaped(text: str, limit: int = SHOWN_CHARACTERS) -> str:
    """``text`` with every invisible or control character written as an escape, cut to ``limit`` characters."""
    shown = "".join(
        character.encode("unicode_escape").decode("ascii")
        if unicodedata.category(character) in INVISIBLE
        else character
        for character in text
    )
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


def csv_cell(text: str) -> str:
    """``text`` as a CSV cell no spreadsheet runs as a formula (numbers are left as they are)."""
    try:
        float(text)
        return text
    except ValueError:
        return "'" + text if text.startswith(FORMULA_STARTS) else text
