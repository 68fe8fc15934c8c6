"""Static SVG pictures of Town boards and states: they need no JavaScript, so they show on GitHub and nbviewer
(and :func:`state_text`, the same as plain text).

>>> from townwidget.town import new_solo
>>> svg = board_svg(new_solo("town44", seed=0).to_dict()["board"])
>>> svg.startswith("<svg") and svg.count('class="tw-cell"') == 16
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape
from typing import Any

from townwidget.town.style import COLOUR_NAMES, LABEL_INK, PALETTE, SHAPE_NAMES, SHAPE_PATHS

CELL = 48
MARGIN = 22


def tile_svg(tile: Any, x: float, y: float, size: float = CELL) -> str:
    """One tile at (x, y): ``[c, s]`` a house, ``[c, null]`` a colour back (colour known, shape hidden or flipped),
    ``"blank"`` a turned-over tile. Every coloured tile shows its colour number, so colour is never the only cue."""
    pad = size * 0.06
    x0, y0, inner = x + pad, y + pad, size - 2 * pad

    def card(kind: str, fill: str, inside: str, title: str) -> str:
        rect = f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{inner:.1f}" height="{inner:.1f}" rx="4" fill="{fill}" '
        rect += 'stroke="#777"/>'
        return f'<g class="tw-{kind}">{rect}{inside}<title>{escape(title)}</title></g>'

    if tile == "blank":
        return card(
            "blank",
            "#d9d9d9",
            f'<path d="M{x0:.1f} {y0 + inner:.1f}L{x0 + inner:.1f} {y0:.1f}" stroke="#777"/>',
            "blank tile",
        )
    colour, shape = tile
    if shape is None:
        number = _text(x0 + inner - 3, y0 + 11, str(colour + 1), anchor="end", size=10, fill=LABEL_INK[colour])
        return card("back", PALETTE[colour], number, f"{COLOUR_NAMES[colour]} tile, shape not shown")
    house = (
        f'<path transform="translate({x0:.1f} {y0:.1f}) scale({inner / 100:.3f})" d="{SHAPE_PATHS[shape]}" '
        f'fill="{PALETTE[colour]}" stroke="#222" stroke-width="3"/>'
    )
    number = _text(x0 + 3, y0 + 11, str(colour + 1), anchor="start", size=10, fill="#222")
    return card("tile", "#fbfaf5", house + number, f"{COLOUR_NAMES[colour]} {SHAPE_NAMES[shape]}")


def board_svg(board: list[list[Any]], highlight: Iterable[tuple[int, int]] = (), caption: str = "") -> str:
    """A board (its JSON form) as SVG: coordinates, the pioneer's cell marked, ``highlight`` cells outlined."""
    n = len(board)
    width = MARGIN + n * CELL + 4
    height = MARGIN + n * CELL + (22 if caption else 4)
    marked = {tuple(cell) for cell in highlight}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
    ]
    for i in range(n):
        parts.append(_text(MARGIN + i * CELL + CELL / 2, 14, str(i)))
        parts.append(_text(MARGIN / 2, MARGIN + i * CELL + CELL / 2 + 4, str(i)))
    for r, row in enumerate(board):
        for k, tile in enumerate(row):
            x, y = MARGIN + k * CELL, MARGIN + r * CELL
            stroke = "#d62728" if (r, k) in marked else "#888"
            width_px = 3 if (r, k) in marked or (r, k) == (0, 0) else 1
            parts.append(
                f'<rect class="tw-cell" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#f4f1e8" '
                f'stroke="{stroke}" stroke-width="{width_px}"/>'
            )
            if tile is not None:
                parts.append(tile_svg(tile, x, y))
    if caption:
        parts.append(_text(MARGIN, height - 6, caption, anchor="start"))
    parts.append("</svg>")
    return "".join(parts)


def boards_row_svg(*pictures: str, gap: int = 12, widest: int = 860) -> str:
    """Several SVG pictures (boards) side by side in one SVG, shrunk to at most ``widest`` pixels wide.

    >>> row = boards_row_svg(board_svg([[None]]), board_svg([[None]]))
    >>> row.count('class="tw-cell"'), row.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="160"')
    (2, True)
    """
    sizes = [_size(picture) for picture in pictures]
    parts, x = [], 0
    for picture, (width, _) in zip(pictures, sizes, strict=True):
        parts.append(picture.replace("<svg ", f'<svg x="{x}" ', 1))
        x += width + gap
    width, height = x - gap, max(height for _, height in sizes)
    scale = min(1.0, widest / width)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:.0f}" height="{height * scale:.0f}" '
        f'viewBox="0 0 {width} {height}">{"".join(parts)}</svg>'
    )


def _size(picture: str) -> tuple[int, int]:
    found = re.search(r'width="(\d+)" height="(\d+)"', picture)
    if not found:
        raise ValueError("an SVG picture must start with integer width and height attributes")
    return int(found[1]), int(found[2])


def state_svg(state: dict[str, Any]) -> str:
    """A state's JSON form (full or a viewer's) drawn as its board with a one-line caption, and below it what the
    form holds besides: the pile tops (solo) or the hands the form shows in full (multiplayer: a seat's own hand in
    its view, every hand in a full form, none in the public one)."""
    board = board_svg(state["board"], caption=caption(state))
    if state["mode"] == "solo":  # the top of each pile (a view shows the tops only) and its size
        rows = [(f"Pile {p + 1} ({len(pile)})", [pile[-1]] if pile else []) for p, pile in enumerate(state["piles"])]
    else:  # the hands the form shows in full: a seat's own in its view (the others' are not drawn), all in a full form
        rows = [(f"Player {p + 1}", hand) for p, hand in enumerate(state["hands"]) if _known(hand)]
    return _stacked(board, _held_svg(rows, solo=state["mode"] == "solo")) if rows else board


def _known(hand: list[Any]) -> bool:
    return bool(hand) and all(tile[1] is not None for tile in hand)


HELD = 32  # the side of a held tile (a pile top, a tile in hand)


def _held_svg(rows: list[tuple[str, list[Any]]], solo: bool) -> str:
    """Labelled tiles, side by side (solo: the piles) or a row per hand; their groups are ``tw-held-*``, apart
    from the board's tiles."""
    parts, width, y = [], 0, 0
    if solo:
        for p, (label, tiles) in enumerate(rows):
            x = MARGIN + p * (HELD + 56)
            parts.append(_text(x, 12, label, anchor="start"))
            parts += [_held_tile(tile, x, 16) for tile in tiles]
            width = x + HELD + 56
        y = 16 + HELD
    else:
        for label, tiles in rows:
            parts.append(_text(MARGIN, y + HELD / 2 + 4, label, anchor="start"))
            parts += [_held_tile(tile, MARGIN + 64 + i * HELD, y) for i, tile in enumerate(tiles)]
            width, y = max(width, MARGIN + 64 + len(tiles) * HELD), y + HELD + 4
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y + 4}" viewBox="0 0 {width} {y + 4}">'
        f'<g class="tw-held">{"".join(parts)}</g></svg>'
    )


def _held_tile(tile: Any, x: float, y: float) -> str:
    return tile_svg(tile, x, y, HELD).replace('<g class="tw-', '<g class="tw-held-', 1)


def _stacked(*pictures: str) -> str:
    """SVG pictures one below the other in one SVG (the inner ones without a namespace of their own: a page that
    inlines the picture names no address)."""
    sizes = [_size(picture) for picture in pictures]
    parts, y = [], 0
    for picture, (_width, height) in zip(pictures, sizes, strict=True):
        inner = picture.replace(' xmlns="http://www.w3.org/2000/svg"', "", 1)
        parts.append(inner.replace("<svg ", f'<svg y="{y}" ', 1))
        y += height
    width = max(width for width, _ in sizes)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y}" viewBox="0 0 {width} {y}">'
        f"{''.join(parts)}</svg>"
    )


def state_text(state: dict[str, Any]) -> str:
    """A state's JSON form (full or a viewer's) as plain text: the board, the caption, then the pile tops (solo) or
    the hands as that form shows them (multiplayer). A tile ``[c, s]`` reads as ``c`` and the letter of ``s``
    (``[2, 1]`` is ``2b``); ``2-`` is a colour-only tile or hidden shape, ``##`` a blank tile, ``..`` an empty cell.

    >>> from townwidget.town import new_solo
    >>> print(state_text(new_solo("town33", seed=0).to_dict(viewer=0)))
       0  1  2
    0 .. .. ..
    1 .. .. ..
    2 .. .. ..
    Solo, 0 tiles placed; pile sizes [3, 3, 3]; flips left 0
    pile tops: 1b 1c 2b
    """
    n = state["n"]
    lines = ["  " + "".join(f" {column:<2d}" for column in range(n)).rstrip()]
    lines += [f"{r} " + " ".join(map(_tile_text, row)) for r, row in enumerate(state["board"])]
    lines.append(caption(state))
    if state["mode"] == "solo":
        lines.append("pile tops: " + " ".join(_tile_text(pile[-1]) if pile else "--" for pile in state["piles"]))
    else:
        lines += [f"player {p} hand: " + " ".join(map(_tile_text, hand)) for p, hand in enumerate(state["hands"])]
    return "\n".join(lines)


def _tile_text(tile: Any) -> str:
    if tile is None:
        return ".."
    if tile == "blank":
        return "##"
    colour, shape = tile
    return f"{colour}{'-' if shape is None else 'abcdefghi'[shape]}"


def caption(state: dict[str, Any]) -> str:
    placed = sum(cell is not None for row in state["board"] for cell in row)
    if state["phase"] == "over":
        result = state.get("result", {})
        if state["mode"] == "solo":
            return f"Game over: {placed} tiles placed. {result.get('level') or ''}".strip()
        return f"Game over: ranks {result.get('ranks')}"
    if state["mode"] == "solo":
        sizes = [len(pile) for pile in state["piles"]]
        return f"Solo, {placed} tiles placed; pile sizes {sizes}; flips left {state['flips_left']}"
    return f"Player {state['current_player'] + 1} to {state['phase']}; bag {state['bag_size']}"  # counted from 1


def _text(x: float, y: float, text: str, anchor: str = "middle", size: int = 11, fill: str = "#555") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" fill="{fill}" '
        f'font-family="sans-serif">{escape(text)}</text>'
    )
