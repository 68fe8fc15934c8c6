"""The static renderer: an SVG that needs no JavaScript, and houses told apart without colour."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

from townwidget import town
from townwidget.core.protocol import PUBLIC
from townwidget.town.style import PALETTE, SHAPE_PATHS


def test_a_state_shows_as_an_svg_board() -> None:
    game = town.new_game("town77", players=2, seed=1)
    svg = game._repr_svg_()
    root = ElementTree.fromstring(svg)
    assert root.tag.endswith("svg")
    assert svg.count('class="tw-cell"') == 49 and svg.count('class="tw-tile"') == 1
    assert "<script" not in svg and "Player 1 to" in svg  # counted from 1


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


def test_a_little_town_state_shows_as_an_svg_of_its_board_players_and_market() -> None:
    from townwidget import littletown
    from townwidget.littletown.render import state_svg

    game = littletown.new_game(players=3, seed=2)
    game.apply(littletown.PlaceWorker((1, 4)))
    svg = game._repr_svg_()
    root = ElementTree.fromstring(svg)
    assert root.tag.endswith("svg") and "<script" not in svg
    assert svg.count('class="lt-cell"') == 54 and svg.count('class="lt-worker"') == 1
    assert svg.count("Player ") == 3 and "Round 1 of 4" in svg and "Market: Wheat Field x5" in svg
    assert svg == state_svg(game.to_dict(viewer=PUBLIC)) != state_svg(game.to_dict(viewer=0))  # public only
    own = [littletown.data.CARDS[card].text for card in game.objectives[0]]
    seen = " ".join(" ".join(ElementTree.fromstring(state_svg(game.to_dict(viewer=0))).itertext()).split())
    assert all(text in seen for text in own) and "Player 2's objectives" not in seen  # the seat's cards only


def test_a_finished_little_town_game_shows_its_buildings_and_result() -> None:
    from townwidget import littletown

    game = littletown.new_game(players=2, seed=5)
    while not game.is_terminal():
        builds = [a for a in game.legal_actions() if isinstance(a, littletown.Build)]
        game.apply(builds[0] if builds else game.legal_actions()[0])
    svg = game._repr_svg_()
    assert svg.count('class="lt-building"') == len(game.placed_buildings()) > 0
    assert f"scores {game.score}" in svg
    ElementTree.fromstring(svg)


def test_little_towns_picture_is_drawn_as_the_widget_draws_it() -> None:
    """The shared page's Little Town picture: terrain pictured (no letters), buildings named in full, rows, columns
    and players counted from 1, the players in the widget's colours (js/src/littletown.js)."""
    import re
    from pathlib import Path

    from townwidget import arena
    from townwidget.littletown import render as lt_render

    final = arena.play_game(["greedy", "greedy"], "littletown", seed=3).final
    svg = lt_render.state_svg(final)
    texts = re.findall(r">([^<>]+)</text>", svg)
    assert not {"F", "M", "L"} & set(texts), texts
    for entry in final["buildings"]:
        kind = entry["building"].replace("_", " ").title()
        assert all(word in texts for word in kind.split()), (kind, texts)
    assert "0" not in texts[:15] and texts[:9] == [str(c) for c in range(1, 10)], texts[:15]
    source = (Path(__file__).parent.parent / "js" / "src" / "littletown.js").read_text(encoding="utf-8")
    colours = re.search(r"const PLAYER_COLOURS = \[([^\]]+)\]", source)
    assert colours and tuple(re.findall(r'"(#[0-9A-Fa-f]+)"', colours[1])) == lt_render.PLAYER_FILL
