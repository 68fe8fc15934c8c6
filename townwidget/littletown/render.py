"""A static SVG picture of a Little Town state: it needs no JavaScript, so it shows on GitHub and nbviewer.

The board (terrain lettered as well as coloured: F forest, M mountain, L lake), the buildings with their owner's
number, the workers as numbered tokens, then one line per player (points, coins, cubes, workers and houses left)
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
from townwidget.littletown.data import RESOURCES, ROUNDS, kind_by_id

CELL = 52
MARGIN = 22
LINE = 17
TERRAIN = {"F": ("#3e7d3a", "forest"), "M": ("#a59a8c", "mountain"), "L": ("#5d9bd1", "lake"), ".": ("#e3efc8", "")}
# The players' colours as in the box (white, orange, red, purple); every token also carries its player's number.
PLAYER_FILL = ("#ffffff", "#f28e2b", "#d62728", "#8c5fb3")
PLAYER_INK = ("#222222", "#222222", "#ffffff", "#ffffff")
PLAYER_EDGE = ("#555555", *PLAYER_FILL[1:])  # a white border would not show on a tile


def state_svg(state: dict[str, Any]) -> str:
    """A state's JSON form (full, or a viewer's) drawn as its board, its players and its market."""
    kinds = kind_by_id(state["rules"]["restaurant_gives"])
    lines = [_status(state)] + [_player_line(state, p) for p in range(state["num_players"])]
    market = [f"{kinds[building].name} x{count}" for building, count in state["market"].items()]
    lines += _wrapped("Market: " + (", ".join(market) or "empty"))
    width = MARGIN + COLUMNS * CELL + 4
    board_height = MARGIN + ROWS * CELL
    height = board_height + 8 + LINE * len(lines)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
    ]
    parts += [_text(MARGIN + c * CELL + CELL / 2, 14, str(c)) for c in range(COLUMNS)]
    parts += [_text(MARGIN / 2, MARGIN + r * CELL + CELL / 2 + 4, str(r)) for r in range(ROWS)]
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
        return f"Game over: scores {result.get('scores')}, winners {result.get('winners')}"
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
    return rect + (_text(x + 6, y + 13, ground, anchor="start", size=10, fill="#ffffff") if name else "")


def _building(entry: dict[str, Any], name: str) -> str:
    row, column = entry["cell"]
    owner = entry["owner"]
    x, y = MARGIN + column * CELL + 3, MARGIN + row * CELL + 3
    size = CELL - 6
    words = name.split()
    label = "".join(word[0] for word in words) if len(words) > 1 else name[:5]
    return (
        f'<g class="lt-building"><rect x="{x}" y="{y}" width="{size}" height="{size}" rx="4" fill="#fbf4e2" '
        f'stroke="{PLAYER_EDGE[owner]}" stroke-width="3"/>'
        f"{_text(x + size / 2, y + 19, label, size=10, fill='#3a2f1e')}"
        f"{_token(x + size / 2, y + size - 11, owner, 8)}"
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
