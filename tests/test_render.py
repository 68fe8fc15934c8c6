"""The static renderer: an SVG that needs no JavaScript, and houses told apart without colour."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

from townwidget import town
from townwidget.town.style import PALETTE, SHAPE_PATHS


def test_a_state_shows_as_an_svg_board() -> None:
    game = town.new_game("town77", players=2, seed=1)
    svg = game._repr_svg_()
    root = ElementTree.fromstring(svg)
    assert root.tag.endswith("svg")
    assert svg.count('class="tw-cell"') == 49 and svg.count('class="tw-tile"') == 1
    assert "<script" not in svg and "Player 0 to" in svg


def test_every_shape_has_its_own_silhouette_and_every_colour_its_number() -> None:
    assert len(set(SHAPE_PATHS)) == len(SHAPE_PATHS) == 9 and len(set(PALETTE)) == 9
    row = [[c, c] for c in range(9)]
    board = [row] + [[None] * 9 for _ in range(8)]
    svg = town.board_svg(board)
    for c in range(9):
        assert SHAPE_PATHS[c] in svg
        assert re.search(rf">{c + 1}</text>", svg)


def test_backs_blanks_and_highlights_are_drawn() -> None:
    board = [[[0, 0], "blank", [2, None]], [None] * 3, [None] * 3]
    svg = town.board_svg(board, highlight=[(1, 1)], caption="a & b")
    assert 'class="tw-blank"' in svg and 'class="tw-back"' in svg and 'stroke="#d62728"' in svg
    assert "a &amp; b" in svg
    ElementTree.fromstring(svg)


def test_a_finished_solo_game_shows_its_level() -> None:
    game = town.new_solo("town77", seed=4)
    while not game.is_terminal():
        game.apply(game.legal_actions()[-1])
    result = game.result()
    assert result is not None and str(result["level"]) in game._repr_svg_()
