"""Share a game: one self-contained HTML page (the board at every move behind a slider, the log, the review's
plot), opened by any browser from a file, with no server, no network and no script from elsewhere.

The page holds what the seated player may know and nothing more: each position is drawn from the seat's viewer
form (``state.to_dict(viewer=seat)``: the other hands and the order of the bag or piles are not in it), the log is
the widget's log (the seat's words), and the plot is the review's. Two games that differ only in what the seat
cannot see give the same page.

:func:`replay_html` makes the page of a game record (:class:`townwidget.core.registry.GameRecord`), replayed from
its seed; :meth:`GameWidget.export_html <townwidget.widget.base.GameWidget.export_html>` writes the page of the game
in a widget.

>>> from townwidget import arena
>>> page = replay_html(arena.play_game(["greedy"], "town33", seed=5))
>>> page.startswith("<!doctype html>") and "Town 33, solo" in page and "http" not in page
True
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any, Protocol

from townwidget.core import registry
from townwidget.core.checks import is_integer, shown
from townwidget.core.language import _, check_language, default_language, speaking
from townwidget.core.words import decimal


class PagedWidget(Protocol):
    """What a page reads of a widget (:class:`townwidget.widget.base.GameWidget`, which imports this module)."""

    moves: Any
    status: Any
    reviewed: Any
    _game: registry.Game

    @property
    def lang(self) -> str: ...

    @property
    def state(self) -> Any: ...

    @property
    def _frames(self) -> list[dict[str, Any] | None]: ...

    @property
    def _shown(self) -> list[int]: ...

    def close(self) -> None: ...

    @classmethod
    def holding(cls, state: Any, opponents: Sequence[Any], seat: int, lang: str) -> PagedWidget: ...


_NAMESPACE = ' xmlns="http://www.w3.org/2000/svg"'  # not needed inside HTML, and the page names no address at all

STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #1f1f1f; background: #fff; max-width: 60rem; }
h1 { font-size: 1.3rem; margin: 0 0 .5rem; }
.rp-controls { display: flex; gap: .75rem; align-items: center; margin: .75rem 0; flex-wrap: wrap; }
.rp-controls input { width: 20rem; max-width: 100%; }
.rp-board svg { max-width: 100%; height: auto; }
.rp-missing { padding: 2rem 1rem; border: 1px dashed #767676; color: #4a4a4a; }
.rp-log .rp-later { color: #5f5f5f; }
.rp-log [aria-current] { font-weight: 600; }
.rp-log { padding-left: 3.5em; }
.rp-note { display: block; font-weight: 400; color: #4a4a4a; }
@media (prefers-color-scheme: dark) {
  body { color: #eaeaea; background: #1e1e1e; }
  .rp-missing { color: #c8c8c8; }
  .rp-log .rp-later, .rp-note { color: #a8a8a8; }
  .rp-board svg, .rp-plot svg { background: #fff; }
}
"""

# The slider shows frame k: the position after k moves. The log follows it where it has a line per move: move k is
# marked as the one on show and the moves after it are greyed, as in the widget; a reviewed game says the review's
# words of move k below the board.
SCRIPT = """
(() => {
  const data = JSON.parse(document.getElementById("rp-data").textContent);
  const slider = document.getElementById("rp-step");
  const where = document.getElementById("rp-where");
  const board = document.getElementById("rp-board");
  const said = document.getElementById("rp-said");
  const lines = [...document.querySelectorAll(".rp-log li")];
  const following = lines.length === data.frames.length - 1;
  const show = (step) => {
    if (following) {
      lines.forEach((line, i) => {
        line.classList.toggle("rp-later", i >= step);
        if (i === step - 1) line.setAttribute("aria-current", "step");
        else line.removeAttribute("aria-current");
      });
    }
    const drawing = data.drawings[data.frames[step]];
    board.innerHTML = drawing === null ? "" : drawing;
    if (drawing === null) {
      const missing = document.createElement("p");
      missing.className = "rp-missing";
      missing.textContent = data.missing;
      board.append(missing);
    }
    where.textContent = data.where.replace("{step}", String(step)).replace("{last}", String(data.frames.length - 1));
    if (said) said.textContent = data.said[String(step)] || "";
  };
  slider.addEventListener("input", () => show(Number(slider.value)));
  show(Number(slider.value));
})();
"""


def draw(frame: dict[str, Any] | None) -> str | None:
    """A viewer form drawn as an SVG picture of its game (``None`` for a position the widget cannot tell, or a game
    that declares no picture)."""
    picture = None if frame is None else registry.game_saving(frame).picture
    if frame is None or picture is None:
        return None
    return picture(frame).replace(_NAMESPACE, "", 1)


def page(
    title: str,
    frames: Sequence[dict[str, Any] | None],
    log: Sequence[str],
    summary: str = "",
    plot: str = "",
    lang: str = "en",
    reviewed: dict[str, Any] | None = None,
) -> str:
    """The page: ``frames`` (the seat's viewer form after 0, 1, ... moves; ``None`` where it cannot be told), the
    ``log`` (lines of words), a ``summary`` line and the review's ``plot`` (an SVG picture, or ""), and with
    ``reviewed`` (a review's JSON form, ``Review.to_dict()``) its summary, its costliest moves and each reviewed
    move's words at that move."""
    drawings: list[str | None] = []
    index: dict[str | None, int] = {}
    order = []
    for frame in frames:  # a move that leaves the picture as it was (Little Town's payments) reuses its drawing
        drawing = draw(frame)
        order.append(index.setdefault(drawing, len(drawings)))
        if len(drawings) < len(index):
            drawings.append(drawing)
    data = {
        "drawings": drawings,
        "frames": order,
        "where": _("Move {step} of {last}"),
        "missing": _("This position cannot be shown: the game was loaded after it (its draws were not saved)."),
        "said": review_sentences(reviewed or {}),
    }
    last = len(frames) - 1
    items = "".join(_log_item(line) for line in log)
    review, moves = escape(_("Review")), escape(_("Moves"))
    told = "".join(
        f"<p>{escape(text)}</p>"
        for text in ((reviewed or {}).get("summary", ""), (reviewed or {}).get("costliest_words", ""))
        if text
    )
    section = f'<section class="rp-plot"><h2>{review}</h2>{told}{plot.replace(_NAMESPACE, "", 1)}</section>'
    review_part = section if plot else ""
    shown_last = drawings[order[-1]] or ""  # the end of the game, drawn for a browser without scripts too
    heading = escape(_("Replay: {title}").format(title=title))
    slider = escape(_("Move on show"))
    return (
        f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{heading}</title>'
        f"<style>{STYLE}</style></head><body><h1>{heading}</h1>"
        + (f'<p class="rp-summary">{escape(summary)}</p>' if summary else "")
        + f'<div class="rp-controls"><label>{slider} <input id="rp-step" type="range" min="0" max="{last}" '
        f'value="{last}" step="1"></label><output id="rp-where" aria-live="polite"></output></div>'
        f'<div class="rp-board" id="rp-board">{shown_last}</div>'
        + ('<p class="rp-said" id="rp-said" aria-live="polite"></p>' if data["said"] else "")
        + f'<h2>{moves}</h2><ol class="rp-log">{items}</ol>{review_part}'
        f'<script type="application/json" id="rp-data">{_script_json(data)}</script>'
        f"<script>{SCRIPT}</script></body></html>\n"
    )


ESTIMATES = {"tiles": "{value} tiles", "VP": "{value} VP", "rank": "rank {value}"}  # texts.json's estimate_*


def review_sentences(reviewed: dict[str, Any]) -> dict[str, str]:
    """Each reviewed move's words by the slider's step that shows it played (move ``number + 1``), as the widget
    says them (its ``texts.json`` messages, in the current language): its label, the move played, the estimates
    before and after it and its cost, the best measured, and what it cost in the game's words.

    >>> move = {"number": 0, "label_words": "best", "words": "a worker at row 1, column 2", "best_words": "",
    ...         "action": {"type": "done"}, "best": {"type": "done"}, "notes": ["this worker gathered nothing"],
    ...         "shown": {key: {"mean": 20.0, "se": 1.0} for key in ("before", "after", "loss")}}
    >>> review_sentences({"unit": "VP", "moves": [move]})["1"]  # doctest: +NORMALIZE_WHITESPACE
    'Move 1 (best): you played a worker at row 1, column 2. Expected 20.0 ± 1.0 VP before it, 20.0 ± 1.0 VP after it
    (cost 20.0 ± 1.0 VP). The best move measured. This worker gathered nothing.'
    """
    unit = _(ESTIMATES.get(str(reviewed.get("unit")), ESTIMATES["tiles"]))

    def estimate(value: dict[str, float]) -> str:
        return unit.format(value=f"{decimal(value['mean'])} ± {decimal(value['se'])}")

    said = {}
    for move in reviewed.get("moves", []):
        shown = move["shown"]
        sentence = _(
            "Move {move} ({label}): you played {played}. Expected {before} before it, {after} after it (cost {loss})."
        )
        parts = [
            sentence.format(
                move=move["number"] + 1,
                label=move["label_words"],
                played=move["words"],
                before=estimate(shown["before"]),
                after=estimate(shown["after"]),
                loss=estimate(shown["loss"]),
            ),
            _("The best move measured.")
            if move["best"] == move["action"]
            else _("Best measured: {best}.").format(best=move["best_words"]),
        ]
        parts += [_("{note}.").format(note=note[:1].upper() + note[1:]) for note in move.get("notes", [])]
        said[str(move["number"] + 1)] = " ".join(parts)
    return said


def _log_item(line: str) -> str:
    """A move of the log (its words, then its notes on lines of their own)."""
    move, *notes = line.split("\n")
    return f"<li>{escape(move)}" + "".join(f'<span class="rp-note">{escape(note)}</span>' for note in notes) + "</li>"


def _script_json(data: Any) -> str:
    """JSON that cannot end the script element it sits in."""
    return json.dumps(data).replace("</", "<\\/")


def widget_page(widget: PagedWidget, frames: Sequence[dict[str, Any] | None] | None = None) -> str:
    """The page of the game in ``widget``, for its seat and in its language (``frames``: the seat's viewer forms
    of every position, where the caller knows more of them than the widget)."""
    with speaking(widget.lang):
        state = widget.state
        game = widget._game.title(state)  # the widget's game, by its adapter
        if state.num_players == 1:
            title = _("{game}, solo").format(game=game)
        else:
            title = _("{game}, {count} players").format(game=game, count=state.num_players)
        plot = str(widget.reviewed.get("svg", ""))
        shown_frames = [widget._frames[index] for index in widget._shown] if frames is None else frames
        return page(title, shown_frames, widget.moves, widget.status, plot, widget.lang, widget.reviewed)


def export(widget: PagedWidget, path: str | Path) -> Path:
    """Write :func:`widget_page` of ``widget`` to ``path`` (UTF-8); returns the path written."""
    if not isinstance(path, (str, Path)):
        raise TypeError(f"path must be a file name (str or pathlib.Path), not {shown(path)}")
    target = Path(path)
    target.write_text(widget_page(widget), encoding="utf-8")
    return target


def replay_html(record: registry.GameRecord | dict[str, Any], seat: int = 0, lang: str | None = None) -> str:
    """The page of a game record (:class:`~townwidget.core.registry.GameRecord` or its dict), replayed from its seed
    and shown as ``seat`` would see it, in ``lang`` (default: the package's language).

    Raises ``ValueError`` naming the fault for a record that does not replay, a seat that is not in the game, or
    an unfinished record whose next move is another seat's (the page shows a game as its seat saw it, and no one
    plays that move)."""
    if isinstance(record, dict):
        record = registry.GameRecord.from_dict(record)
    if not isinstance(record, registry.GameRecord):
        raise TypeError(f"replay_html takes a game record (GameRecord or its dict), not {shown(record)}")
    players = len(record.players)
    if not is_integer(seat) or not 0 <= seat < players:
        raise ValueError(f"seat must be a player number from 0 to {players - 1}, not {shown(seat)}")
    lang = default_language() if lang is None else check_language(lang)
    positions = registry.record_positions(record)
    final = positions[-1]
    if final.current_player not in (None, seat):
        raise ValueError(f"the record stops before a move of player {final.current_player}: show it for that seat")
    widget = _widget_of(final, seat, record.players, lang)
    try:
        return widget_page(widget, seen_frames([position.to_dict(viewer=seat) for position in positions]))
    finally:
        widget.close()


def seen_frames(frames: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The viewer forms after each move the viewer saw (the first, then each whose history grew): the slider counts
    moves as the log does, without a move hidden from the seat (Town's declined exchange)."""
    return [frame for k, frame in enumerate(frames) if k == 0 or len(frame["history"]) > len(frames[k - 1]["history"])]


def _widget_of(state: Any, seat: int, names: list[str], lang: str) -> PagedWidget:
    """A widget holding ``state`` for ``seat``, its opponents named as in the record (they never move: the game is
    over or the seat is to play): the one its game's adapter names."""
    opponents = [_Recorded(name) for player, name in enumerate(names) if player != seat]
    return widget_class(state).holding(state, opponents, seat, lang)


def widget_class(state: Any) -> type[PagedWidget]:
    """The widget class that draws ``state``'s game, as its adapter names it (``front_end``, "module:Class")."""
    return front_end_class(registry.game_of(state))


def front_end_class(game: registry.Game) -> type[PagedWidget]:
    """The widget class that draws ``game``, as its adapter names it (``front_end``, "module:Class").

    >>> front_end_class(registry.lookup("littletown")).__name__
    'LittleTownWidget'
    """
    if game.front_end is None:
        raise ValueError(f"the game {game.family!r} declares no widget (its adapter's front_end is None)")
    module, name = game.front_end.split(":")
    found: type[PagedWidget] = getattr(importlib.import_module(module), name)
    return found


class _Recorded:
    """A seat of a record: its name only (the record has played its moves)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def act(self, view: Any) -> Any:
        raise AssertionError("a recorded seat is never asked to move")
