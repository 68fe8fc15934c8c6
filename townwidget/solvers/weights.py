"""Files of learned weights: plain arrays in ``.npz`` (numpy's zip of ``.npy`` files, read without pickles) or JSON,
read as untrusted input.

A weights file holds, for each board size ``n`` it was trained for, one array of shape ``(stages, features)``: the
weights of a learned value per stage of the game (:mod:`townwidget.solvers.value`), with the feature names and the
stage length they were trained with, and a free note:

- ``.npz``: the arrays ``features`` (strings), ``stage`` (an integer), ``note`` (a string) and ``board_N`` (floats)
  for each board size N;
- ``.json``: ``{"features": [...], "stage": 5, "note": "...", "boards": {"7": {"weights": [[...], ...]}}}``.

:func:`read` checks everything before anything is used, and refuses a file with a :class:`WeightsError` (a
``ValueError``) that names the file and what is wrong: a missing or unknown entry, a pickled or non-numeric array, a
shape that does not fit the board, a value that is not finite or is out of all proportion, a file too large or
corrupt. Nothing else is read from the file (no code, no pickles: ``np.load(..., allow_pickle=False)``).

>>> import tempfile, numpy as np
>>> path = Path(tempfile.mkdtemp()) / "w.npz"
>>> write({3: np.zeros((2, 2))}, path, ("one", "placed"), stage=5)
>>> read(path, ("one", "placed"), stage=5)[3].shape
(2, 2)
>>> np.savez(path, features=np.array(["one", "placed"]), stage=5, note="", board_3=np.full((2, 2), np.nan))
>>> read(path, ("one", "placed"), stage=5)
Traceback (most recent call last):
...
townwidget.solvers.weights.WeightsError: w.npz: board_3 holds a value that is not finite (nan at row 0, column 0)
"""

from __future__ import annotations

import json
import os
import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from townwidget.solvers import MAX_BATCH_N

MAX_BYTES = 1 << 20  # a weights file (and its arrays once unzipped) holds at most this much: a few KB is typical
LARGEST = 1e6  # no learned weight is larger in size: a file with one is broken, not trained
Weights = NDArray[np.float64]


class WeightsError(ValueError):
    """A weights file that cannot be used, with what is wrong with it."""


def stages(n: int, stage: int) -> int:
    """How many stages (rows of weights) a board of size ``n`` has: one per ``stage`` tiles placed, and the last."""
    return n * n // stage + 1


def read(path: str | os.PathLike[str], features: Sequence[str], stage: int) -> dict[int, Weights]:
    """The weights per board size in the file at ``path`` (``.npz`` or ``.json``), checked against the expected
    feature names and stage length; :class:`WeightsError` naming the file and the problem otherwise."""
    return read_with_note(path, features, stage)[0]


def read_with_note(path: str | os.PathLike[str], features: Sequence[str], stage: int) -> tuple[dict[int, Weights], str]:
    """:func:`read`'s weights and the file's note (what trained them, say), checked alike."""
    if not isinstance(path, (str, os.PathLike)):
        raise WeightsError(f"a weights file is named by a path (str or Path), not {type(path).__name__}")
    file = Path(path)
    name = file.name or str(file)

    def refuse(problem: str) -> WeightsError:
        return WeightsError(f"{name}: {problem}")

    if file.suffix not in (".npz", ".json"):
        raise refuse(f"a weights file ends in .npz or .json, not {file.suffix or 'nothing'!r}")
    try:
        size = file.stat().st_size
    except OSError as error:
        raise refuse(f"cannot be read ({error.strerror or error})") from None
    if not file.is_file():
        raise refuse("is not a file")
    if size > MAX_BYTES:
        raise refuse(f"is {size:,} bytes; a weights file holds at most {MAX_BYTES:,}")
    try:
        entries = _npz_entries(file) if file.suffix == ".npz" else _json_entries(file)
    except WeightsError as error:
        raise refuse(str(error)) from None
    except OSError as error:
        raise refuse(f"cannot be read ({error.strerror or error})") from None
    try:
        return _checked(entries, tuple(features), stage), entries.get("note", "")
    except WeightsError as error:
        raise refuse(str(error)) from None


def write(
    weights: Mapping[int, Weights], path: str | os.PathLike[str], features: Sequence[str], stage: int, note: str = ""
) -> None:
    """Write ``weights`` (per board size) to ``path``, as ``.npz`` or ``.json`` by its suffix (JSON rounded to 6
    decimals), through a temporary file renamed into place: a reader never sees half a file."""
    file = Path(path)
    if file.suffix not in (".npz", ".json"):
        raise ValueError(f"a weights file ends in .npz or .json, not {file.suffix or 'nothing'!r}: {str(file)!r}")
    _checked(
        {"features": list(features), "stage": stage, "note": note, "boards": dict(weights)}, tuple(features), stage
    )
    partial = file.with_name(file.name + ".partial")
    if file.suffix == ".npz":
        arrays: dict[str, Any] = {"features": np.array(features), "stage": np.int64(stage), "note": np.array(note)}
        arrays.update({f"board_{n}": np.asarray(w, dtype=np.float64) for n, w in sorted(weights.items())})
        with open(partial, "wb") as out:
            np.savez(out, **arrays)
    else:
        boards = {str(n): {"weights": np.round(w, 6).tolist()} for n, w in sorted(weights.items())}
        text = json.dumps({"features": list(features), "stage": stage, "note": note, "boards": boards}, indent=1)
        partial.write_text(text + "\n", encoding="utf-8")
    os.replace(partial, file)


# --- reading ------------------------------------------------------------------------------------------------------
def _npz_entries(file: Path) -> dict[str, Any]:
    """The arrays of an ``.npz`` file as the entries of the JSON form (``boards`` by size), unchecked but for how
    the file is made: a zip of ``.npy`` arrays, small once unzipped, without pickles."""
    if not zipfile.is_zipfile(file):
        raise WeightsError("is not an .npz file (a zip of .npy arrays, as numpy.savez writes)")
    with zipfile.ZipFile(file) as archive:
        members = archive.infolist()
        unzipped = sum(member.file_size for member in members)
        if unzipped > MAX_BYTES:
            raise WeightsError(f"unzips to {unzipped:,} bytes; a weights file holds at most {MAX_BYTES:,}")
        odd = [member.filename for member in members if not member.filename.endswith(".npy")]
        if odd:
            raise WeightsError(f"holds {odd[0]!r}, which is not a .npy array")
    entries: dict[str, Any] = {"boards": {}}
    try:
        with np.load(file, allow_pickle=False) as arrays:
            for key in arrays.files:
                array = arrays[key]
                if key.startswith("board_"):
                    entries["boards"][key[len("board_") :]] = array
                elif key in ("features", "stage", "note"):
                    entries[key] = array.tolist()
                else:
                    raise WeightsError(f"holds an array {key!r}; expected features, stage, note and board_N")
    except WeightsError:
        raise
    except (ValueError, zipfile.BadZipFile, EOFError) as error:  # pickled (object) arrays, corrupt members
        raise WeightsError(f"holds an array that cannot be read without running code or is corrupt ({error})") from None
    return entries


def _json_entries(file: Path) -> dict[str, Any]:
    try:
        entries = json.loads(file.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise WeightsError(f"is not JSON ({error})") from None
    if not isinstance(entries, dict):
        raise WeightsError(f"holds a JSON {type(entries).__name__}, not an object with features, stage and boards")
    return entries


def _checked(entries: Mapping[str, Any], features: tuple[str, ...], stage: int) -> dict[int, Weights]:
    """The boards' weights of a file's entries, every entry checked; a :class:`WeightsError` says what is wrong."""
    unknown = sorted(set(entries) - {"features", "stage", "note", "boards"})
    missing = [key for key in ("features", "stage", "boards") if key not in entries]
    if unknown or missing:
        raise WeightsError(
            f"{'has no ' + ', '.join(missing) if missing else 'holds ' + ', '.join(map(repr, unknown))}: "
            "expected features, stage, boards and an optional note"
        )
    if entries["features"] != list(features):
        raise WeightsError(
            f"was trained on other features ({_short(entries['features'])}), not those of this value "
            f"({len(features)}: {', '.join(features[:3])}, ...)"
        )
    if type(entries["stage"]) is not int or entries["stage"] != stage:
        raise WeightsError(f"has stage {_short(entries['stage'])}: this value has a stage every {stage} tiles")
    if not isinstance(entries.get("note", ""), str):
        raise WeightsError(f"has a note that is not a string ({_short(entries['note'])})")
    boards = entries["boards"]
    if not isinstance(boards, Mapping) or not boards:
        raise WeightsError("has no board's weights: expected at least one board size")
    out = {}
    for key, entry in boards.items():
        n = _board_size(key)
        array = entry["weights"] if isinstance(entry, Mapping) and "weights" in entry else entry
        out[n] = _board_weights(n, array, len(features), stage)
    return dict(sorted(out.items()))


def _board_size(key: Any) -> int:
    size = int(key) if isinstance(key, (str, int)) and str(key).isdigit() else None
    if size is None or not 2 <= size <= MAX_BATCH_N:
        raise WeightsError(f"has weights for a board {_short(key)}: board sizes are 2 to {MAX_BATCH_N}")
    return size


def _board_weights(n: int, given: Any, features: int, stage: int) -> Weights:
    """One board's weights as float64, or what is wrong with them (shape, type, values)."""
    where = f"board_{n}"
    if isinstance(given, np.ndarray):
        array = given
    else:  # JSON: nested lists of numbers, nothing else
        if not isinstance(given, list) or not all(
            isinstance(row, list) and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in row)
            for row in given
        ):
            raise WeightsError(f"{where} is not a list of rows of numbers ({_short(given)})")
        try:
            array = np.array(given, dtype=np.float64)
        except ValueError:
            raise WeightsError(f"{where} has rows of different lengths") from None
    if array.dtype.kind not in "fiu":
        raise WeightsError(f"{where} holds {array.dtype} values; weights are real numbers (floats)")
    expected = (stages(n, stage), features)
    if array.shape != expected:
        raise WeightsError(
            f"{where} has shape {array.shape}; a {n} x {n} board needs {expected} ({expected[0]} stages of "
            f"{stage} tiles, {features} features)"
        )
    array = np.ascontiguousarray(array, dtype=np.float64)
    bad = np.argwhere(~np.isfinite(array) | (np.abs(array) > LARGEST))
    if len(bad):
        row, column = bad[0]
        value = array[row, column]
        why = "is not finite" if not np.isfinite(value) else f"is larger than {LARGEST:g}"
        raise WeightsError(f"{where} holds a value that {why} ({value} at row {row}, column {column})")
    return array


def _short(value: Any) -> str:
    text = repr(value.tolist() if isinstance(value, np.ndarray) else value)
    return text if len(text) <= 60 else text[:57] + "..."
