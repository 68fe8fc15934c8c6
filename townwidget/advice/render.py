"""A review drawn for a notebook: the expected result over the game as a static SVG plot, and the costliest moves.

No plotting library is needed: the SVG is written directly, so it shows on GitHub and nbviewer too.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any, Protocol

from townwidget.advice.estimate import Estimate, Scale
from townwidget.core.language import _
from townwidget.core.words import decimal


class MoveReview(Protocol):
    """What a drawing reads of a reviewed move (:class:`townwidget.advice.review.MoveReview`, whose module draws
    with this one)."""

    @property
    def number(self) -> int: ...

    @property
    def before(self) -> Estimate: ...

    @property
    def after(self) -> Estimate: ...

    @property
    def alternative(self) -> Any | None: ...

    @property
    def alternative_value(self) -> Estimate | None: ...

    @property
    def loss(self) -> Estimate: ...

    @property
    def words(self) -> str: ...

    @property
    def best_words(self) -> str: ...

    @property
    def notes(self) -> tuple[str, ...]: ...

    @property
    def best_played(self) -> bool: ...


class Review(Protocol):
    """What a drawing reads of a review (:class:`townwidget.advice.review.Review`)."""

    @property
    def summary(self) -> str: ...

    @property
    def score(self) -> float: ...

    @property
    def scale(self) -> Scale: ...

    @property
    def par(self) -> int | None: ...

    @property
    def par_words(self) -> tuple[str, ...] | None: ...

    @property
    def moves(self) -> Sequence[MoveReview]: ...

    def costliest(self, k: int = 3) -> Sequence[MoveReview]: ...


WIDTH, HEIGHT = 640, 270
LEFT, RIGHT, TOP, BOTTOM = 40, 16, 16, 44  # margins
TICKS = 5  # value labels on the left
MARKED = 3  # costliest moves marked on the plot


def review_svg(review: Review) -> str:
    """Expected result after each move (the band is two standard errors either side), the best move's expected
    result, the costliest moves circled, and in Town solo the par and the score as dashed lines."""
    scale, moves = review.scale, review.moves
    if not moves:
        none = escape(_("no moves"))
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="40"><text y="24">{none}</text></svg>'
    after = [scale.display(move.after.mean) for move in moves]
    best = [scale.display(move.before.mean) for move in moves]
    spread = [2 * scale.display_se(move.after.se) for move in moves]
    levels = (
        after
        + best
        + [a + s for a, s in zip(after, spread, strict=True)]
        + [a - s for a, s in zip(after, spread, strict=True)]
    )
    marks = {_("score") if scale.in_score else _("final rank"): scale.display(review.score)}
    if review.par is not None and review.par == review.score:
        marks = {_("score = par"): float(review.par)}  # one line, one label (two would print over each other)
    elif review.par is not None:
        marks[_("par")] = float(review.par)
    levels += list(marks.values())
    low, high = min(levels), max(levels)
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    up = scale.in_score  # tiles or points: up is better; rank: 1 (first) at the top

    def x(i: float) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * (i / max(1, len(moves) - 1))

    def y(value: float) -> float:
        share = (value - low) / (high - low)
        return TOP + (HEIGHT - TOP - BOTTOM) * ((1 - share) if up else share)

    band = [f"{x(i):.1f},{y(a + s):.1f}" for i, (a, s) in enumerate(zip(after, spread, strict=True))]
    band += [f"{x(i):.1f},{y(a - s):.1f}" for i, (a, s) in reversed(list(enumerate(zip(after, spread, strict=True))))]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        'font-family="sans-serif" font-size="11">',
        f'<rect x="{LEFT}" y="{TOP}" width="{WIDTH - LEFT - RIGHT}" height="{HEIGHT - TOP - BOTTOM}" '
        'fill="#fafafa" stroke="#ccc"/>',
        f'<polygon points="{" ".join(band)}" fill="#56B4E9" fill-opacity="0.25"/>',
        _line([(x(i), y(v)) for i, v in enumerate(best)], "#009E73", dashed=True),
        _line([(x(i), y(v)) for i, v in enumerate(after)], "#0072B2"),
    ]
    for label, value in marks.items():
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(value):.1f}" y2="{y(value):.1f}" stroke="#999" '
            'stroke-dasharray="2 3"/>'
            f'<text x="{WIDTH - RIGHT - 4}" y="{y(value) - 3:.1f}" text-anchor="end" fill="#555">'
            f"{escape(label)} {value:g}</text>"
        )
    index = {move.number: i for i, move in enumerate(moves)}
    for move in review.costliest(MARKED):
        i = index[move.number]
        # the number in a darker orange than its circle: at least 4.5:1 over the band and the white
        parts.append(
            f'<circle cx="{x(i):.1f}" cy="{y(after[i]):.1f}" r="5" fill="none" stroke="#D55E00" stroke-width="2">'
            f"<title>{escape(_move_line(review, move))}</title></circle>"
            f'<text x="{x(i):.1f}" y="{y(after[i]) + 16:.1f}" text-anchor="middle" fill="#9E3B00">'
            f"{move.number + 1}</text>"
        )
    unit = (
        _("expected tiles at the end")
        if scale.solo
        else _("expected {points} at the end").format(points=_(scale.points))
        if scale.points
        else _("expected rank (1 = first)")
    )
    caption = _(
        "{unit}: after the move played (blue, band of 2 standard errors) and after the best move (green, dashed)"
    )
    first, last = (escape(_("move {number}").format(number=move.number + 1)) for move in (moves[0], moves[-1]))
    parts += [
        f'<text x="{LEFT}" y="{HEIGHT - BOTTOM + 14}" fill="#555">{first}</text>',
        f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - BOTTOM + 14}" text-anchor="end" fill="#555">{last}</text>',
        f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 8}" text-anchor="middle" fill="#333">'
        f"{escape(caption.format(unit=unit))}</text>",
        *(
            f'<text x="{LEFT - 4}" y="{y(value) + 4:.1f}" text-anchor="end" fill="#555">{value:.1f}</text>'
            for value in (low + (high - low) * k / (TICKS - 1) for k in range(TICKS))
        ),
        "</svg>",
    ]
    return "".join(parts)


def _line(points: list[tuple[float, float]], colour: str, dashed: bool = False) -> str:
    dash = ' stroke-dasharray="5 4"' if dashed else ""
    coordinates = " ".join(f"{a:.1f},{b:.1f}" for a, b in points)
    return f'<polyline points="{coordinates}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>'


def _move_line(review: Review, move: MoveReview) -> str:
    scale = review.scale
    text = _("move {number}: {move}, expected {value}").format(
        number=move.number + 1, move=move.words, value=scale.show(move.after.mean)
    )
    if move.alternative is not None and move.alternative_value is not None and not move.best_played:
        text += _("; best measured: {value}").format(value=scale.show(move.before.mean))
    return text


def costliest_words(review: Review, k: int = MARKED) -> str:
    """The costliest moves named, as the log numbers them: 'Costliest: move 2, red dome to row 1, column 2: about
    1.4 tiles; move 5, ...' (in the current language), or that every move was the best measured."""
    moves = review.costliest(k)
    if not moves:
        return _("Every move played was the best measured.")
    scale = review.scale
    cost = (
        _("about {value} tiles")
        if scale.solo
        else _("about {value} {points}")
        if scale.points
        else _("about {value} in the expected rank")
    )
    named = []
    for move in moves:
        said = _("move {number}, {move}: {cost}").format(
            number=move.number + 1,
            move=move.words,
            cost=cost.format(value=decimal(scale.display_se(move.loss.mean)), points=_(scale.points)),
        )
        named.append(_("{said} ({notes})").format(said=said, notes=_("; ").join(move.notes)) if move.notes else said)
    return _("Costliest: {moves}.").format(moves=_("; ").join(named))


def review_html(review: Review) -> str:
    """The summary, the plot, and a table of the costliest moves with their losses and standard errors."""
    scale = review.scale
    rows = []
    for move in review.costliest(MARKED):
        rows.append(
            "<tr>"
            f"<td>{move.number + 1}</td><td>{escape(move.words)}</td>"
            f"<td>{scale.display(move.after.mean):.1f} ± {scale.display_se(move.after.se):.1f}</td>"
            f"<td>{escape(move.best_words)}</td>"
            f"<td>{scale.display(move.before.mean):.1f} ± {scale.display_se(move.before.se):.1f}</td>"
            f"<td>{scale.display_se(move.loss.mean):.1f} ± {scale.display_se(move.loss.se):.1f}</td>"
            "</tr>"
        )
    after_it = _("expected after it")
    headings = [_("move"), _("played"), after_it, _("best measured"), after_it]
    headings.append(
        _("cost (tiles)")
        if scale.solo
        else _("cost ({points})").format(points=_(scale.points))
        if scale.points
        else _("cost (rank)")
    )
    cells = "".join(f"<th>{escape(heading)}</th>" for heading in headings)
    table = (
        f"<table><tr>{cells}</tr>{''.join(rows)}</table>"
        if rows
        else f"<p>{escape(_('Every move played was the best measured.'))}</p>"
    )
    par = ""
    if review.par_words is not None:
        line = "; ".join(review.par_words[:6])
        shown = _("Par line (the solver sees the piles): {line}").format(line=line)
        par = f"<p>{escape(shown)}{' …' if len(review.par_words) > 6 else ''}</p>"
    summary = f"<p><b>{escape(_('Review'))}</b>: {escape(review.summary)}.</p>"
    return f"<div>{summary}{review_svg(review)}{table}{par}</div>"
