"""A static SVG picture of a Little Town state: it needs no JavaScript, so it shows on GitHub and nbviewer.

The board drawn as the widget draws it (terrain coloured and pictured: trees, a peak, waves; rows, columns and
players counted from 1; the players in the widget's colours), the buildings named with their owner's number, the
workers as numbered tokens, then one line per player (points, coins, cubes, workers and houses left)
and the market. It draws only public information, so a viewer form draws the same picture as the full state.

>>> from townwidget.littletown import new_game
>>> svg = state_svg(new_game(players=2, seed=0).to_dict())
>>> svg.startswith("<svg") and svg.count('class="lt-cell"') == 54
True
"""

from __future__ import annotations

import textwrap
from html import escape
from typing import Any

from townwidget.littletown.board import COLUMNS, ROWS
from townwidget.littletown.data import CARDS, RESOURCES, ROUNDS, kind_by_id

CELL = 52
MARGIN = 22
LINE = 17
TERRAIN = {"F": ("#3e7d3a", "forest"), "M": ("#a59a8c", "mountain"), "L": ("#5d9bd1", "lake"), ".": ("#e3efc8", "")}
# The players' colours, as the widget draws them (js/src/littletown.js; tests/test_render.py keeps them equal); every
# token also carries its player's number.
PLAYER_FILL = ("#E69F00", "#0072B2", "#CC79A7", "#F0E442")
PLAYER_INK = ("#222", "#fff", "#222", "#222")
PLAYER_EDGE = PLAYER_FILL
DRAWING = {
    "F": 'fill="#1f4d22"',
    "M": 'fill="#736a5f" stroke="#4b443c"',
    "L": 'fill="none" stroke="#e8f2fb" stroke-width="2"',
}


def state_svg(state: dict[str, Any]) -> str:
    """A state's JSON form (full, a viewer's or the public one) drawn as its board, its players, the objective cards
    the form shows and its market."""
    kinds = kind_by_id(state["rules"]["restaurant_gives"])
    lines = [_status(state)] + [_player_line(state, p) for p in range(state["num_players"])]
    for player in range(state["num_players"]):  # the objective cards the form shows (a seat's own, in its view)
        held = [CARDS[card] for card in state["players"][player]["objectives"] if card is not None]
        if held:
            cards = "; ".join(f"{card.text} (+{card.vp} VP)" for card in held)
            lines += _wrapped(f"Player {player + 1}'s objectives: {cards}")
    market = [f"{kinds[building].name} x{count}" for building, count in state["market"].items()]
    lines += _wrapped("Market: " + (", ".join(market) or "empty"))
    width = MARGIN + COLUMNS * CELL + 4
    board_height = MARGIN + ROWS * CELL
    height = board_height + 8 + LINE * len(lines)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
    ]
    parts += [_text(MARGIN + c * CELL + CELL / 2, 14, str(c + 1)) for c in range(COLUMNS)]  # counted from 1
    parts += [_text(MARGIN / 2, MARGIN + r * CELL + CELL / 2 + 4, str(r + 1)) for r in range(ROWS)]
    for r, row in enumerate(state["terrain"]):
        for c, ground in enumerate(row):
            parts.append(_cell(MARGIN + c * CELL, MARGIN + r * CELL, ground))
    for entry in state["buildings"]:
        parts.append(_building(entry, kinds[entry["building"]].name))
    for entry in state["workers"]:
        parts.append(_worker(entry["cell"], entry["player"]))
    for i, line in enumerate(lines):
        parts.append(_text(MARGIN, board_height + 8 + LINE * (i + 1) - 4, line, anchor="start", fill="#222"))
    parts.append("</svg>")
    return "".join(parts)


def _wrapped(text: str, width: int = 80) -> list[str]:
    return textwrap.wrap(text, width, subsequent_indent="  ")


def _status(state: dict[str, Any]) -> str:
    if state["phase"] == "over":
        result = state.get("result", {})
        winners = [player + 1 for player in result.get("winners", [])]  # players counted from 1
        return f"Game over: scores {result.get('scores')}, winners {winners}"
    return (
        f"Round {state['round']} of {ROUNDS}, first player {state['first_player'] + 1}; "
        f"player {state['current_player'] + 1} to play ({state['phase']})"
    )


def _player_line(state: dict[str, Any], player: int) -> str:
    entry = state["players"][player]
    cubes = ", ".join(f"{entry['resources'][name]} {name}" for name in RESOURCES)
    return (
        f"Player {player + 1}: {entry['score']} VP, {entry['coins']} coins, {cubes}; "
        f"{entry['workers_left']} workers and {entry.get('houses_left', '?')} houses left"
    )


def _cell(x: float, y: float, ground: str) -> str:
    fill, name = TERRAIN[ground]
    rect = (
        f'<rect class="lt-cell" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#7d7d6a">'
        f"<title>{name or 'grass'}</title></rect>"
    )
    return rect + "".join(f'<path d="{path}" {DRAWING[ground]}/>' for path in _terrain_paths(ground, x, y))


def _terrain_paths(ground: str, x: float, y: float) -> list[str]:
    """The widget's drawing of a space's terrain (js/src/littletown.js, drawTerrain): trees, a peak, waves."""
    mid = x + CELL / 2
    if ground == "F":
        trees = ((-14, 4, 11), (8, 0, 13), (-2, 14, 10))
        return [
            f"M{mid + dx} {y + CELL / 2 + dy - s}L{mid + dx + s * 0.7} {y + CELL / 2 + dy + s * 0.6}"
            f"H{mid + dx - s * 0.7}Z"
            for dx, dy, s in trees
        ]
    if ground == "M":
        base = y + CELL - 12
        return [f"M{x + 8} {base}L{mid - 6} {y + 16}L{mid + 4} {y + 30}L{mid + 12} {y + 22}L{x + CELL - 8} {base}Z"]
    if ground == "L":
        return [f"M{x + 12} {y + dy}q6 -6 12 0t12 0t12 0" for dy in (18, 29, 40)]
    return []


def _building(entry: dict[str, Any], name: str) -> str:
    row, column = entry["cell"]
    owner = entry["owner"]
    x, y = MARGIN + column * CELL + 3, MARGIN + row * CELL + 3
    side = CELL - 6
    words = name.split()  # the whole name, a word a line, as the widget writes it
    font = 8 if max(map(len, words)) > 7 else 9
    label = "".join(
        _text(x + side / 2, y + 13 + i * (font + 1), word, size=font, fill="#3a2f1e") for i, word in enumerate(words)
    )
    return (
        f'<g class="lt-building"><rect x="{x}" y="{y}" width="{side}" height="{side}" rx="4" fill="#fbf4e2" '
        f'stroke="{PLAYER_EDGE[owner]}" stroke-width="3"/>'
        f"{label}"
        f"{_token(x + side / 2, y + side - 11, owner, 8)}"
        f"<title>{escape(name)} (player {owner + 1}'s)</title></g>"
    )


def _worker(cell: list[int], player: int) -> str:
    row, column = cell
    x, y = MARGIN + column * CELL + CELL / 2, MARGIN + row * CELL + CELL / 2
    return f'<g class="lt-worker">{_token(x, y, player, 12)}<title>player {player + 1}\'s worker</title></g>'


def _token(x: float, y: float, player: int, radius: int) -> str:
    circle = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius}" fill="{PLAYER_FILL[player]}" stroke="#222"/>'
    return circle + _text(x, y + radius * 0.4, str(player + 1), size=int(radius * 1.1), fill=PLAYER_INK[player])


def _text(x: float, y: float, text: str, anchor: str = "middle", size: int = 11, fill: str = "#555") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" fill="{fill}" '
        f'font-family="sans-serif">{escape(text)}</text>'
    )
