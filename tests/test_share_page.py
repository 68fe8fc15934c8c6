"""Share a game: one self-contained HTML page (board per move behind a slider, the log, the review's plot), with
nothing the seat may not know and no address to fetch anything from."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from widget_comm import browser_of, use_front_ends

from townwidget import arena, replay_html, town
from townwidget.core.registry import GameRecord
from townwidget.widget import LittleTownWidget, TownWidget

# Anything a browser would fetch: an address, a stylesheet or script link, a CSS url() or @import.
FETCHES = re.compile(r"https?:|//[a-z0-9-]+\.[a-z]|\bsrc=|<link\b|url\(|@import", re.IGNORECASE)


def page_data(page: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="rp-data">(.*?)</script>', page, re.S)
    assert found, "the page carries its frames"
    data: dict[str, Any] = json.loads(found[1])
    return data


def log_lines(page: str) -> list[str]:
    found = re.search(r'<ol class="rp-log">(.*?)</ol>', page, re.S)
    assert found
    return re.findall(r"<li>(.*?)</li>", found[1])


def shown_text(svg: str) -> str:
    """The words an SVG picture shows, its lines joined."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", svg)).split())


@pytest.fixture(scope="module")
def town_record() -> GameRecord:
    return arena.play_game(["random", "greedy"], "town44", seed=3)


def test_a_widget_game_exports_one_page_with_a_frame_per_position(tmp_path: Path, monkeypatch: Any) -> None:
    use_front_ends(monkeypatch)
    widget = TownWidget("town44", seed=2)
    for _ in range(3):
        widget.apply(widget.state.legal_actions()[0])
    written = widget.export_html(tmp_path / "game.html")
    page = written.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>") and "Town 44, solo" in page
    assert len(page_data(page)["frames"]) == 4 and 'max="3"' in page  # the deal and one position per move
    assert log_lines(page) == widget.moves and "row " in log_lines(page)[0]
    assert not FETCHES.search(page), FETCHES.search(page)


def test_a_reviewed_game_shares_the_review_plot(tmp_path: Path, monkeypatch: Any) -> None:
    use_front_ends(monkeypatch)
    widget = TownWidget("town33", seed=1)
    while not widget.state.is_terminal():
        widget.apply(widget.state.legal_actions()[0])
    before = widget.export_html(tmp_path / "before.html").read_text(encoding="utf-8")
    browser_of(widget).intent(intent="review")
    after = widget.export_html(tmp_path / "after.html").read_text(encoding="utf-8")
    assert 'class="rp-plot"' not in before and 'class="rp-plot"' in after
    plot = re.search(r'<section class="rp-plot"><h2>Review</h2>(?:<p>[^<]*</p>)*(<svg.*?</svg>)</section>', after, re.S)
    assert plot and "<polyline" in plot[1] and not FETCHES.search(after)


def test_a_finished_records_page_replays_every_move_with_no_address_in_it(town_record: GameRecord) -> None:
    page = replay_html(town_record.to_dict(), seat=1)
    data = page_data(page)
    assert len(data["frames"]) == len(town_record.moves) + 1 and all(d is not None for d in data["drawings"])
    assert len(data["drawings"]) == len(set(data["drawings"]))  # each picture once, frames point at them
    assert "Player 1 (random)" in page and "You placed" in page  # the seat is "you", the others by their agent
    assert not FETCHES.search(page), FETCHES.search(page)


class _Failing:
    """An agent that fails on its third move: it forfeits, and in Town it leaves the game there."""

    name = "failing"

    def __init__(self) -> None:
        self.moves = 0

    def act(self, view: Any) -> Any:
        self.moves += 1
        if self.moves > 2:
            raise RuntimeError("gives up")
        return view.legal_actions()[0]


def test_a_record_with_a_forfeit_shows_every_position_up_to_the_end() -> None:
    record = arena.play_game(["greedy", _Failing()], "town44", seed=1)
    assert record.forfeits, "the second seat forfeits"
    page = replay_html(record)
    assert len(page_data(page)["frames"]) == len(record.moves) + 1 and "Player 2 (failing)" in page


def test_the_page_is_in_the_language_asked_for(town_record: GameRecord) -> None:
    page = replay_html(town_record, lang="fr")
    assert '<html lang="fr">' in page and "Relecture : Town 44, 2 joueurs" in page
    assert "rangée " in "".join(log_lines(page)) and "Coup {step} sur {last}" in page


def test_a_little_town_record_exports_too() -> None:
    record = arena.play_game(["greedy", "random"], "littletown", seed=2)
    page = replay_html(record, seat=0)
    assert "Little Town, 2 players" in page and len(page_data(page)["frames"]) == len(record.moves) + 1
    assert not FETCHES.search(page)


def test_twin_games_that_differ_only_in_hidden_tiles_export_the_same_page(tmp_path: Path, monkeypatch: Any) -> None:
    """Seat 0 cannot see seat 1's hand nor the bag's order: swapping tiles between them changes no byte."""
    use_front_ends(monkeypatch)
    game = town.new_game("town55", players=2, seed=4)
    data = game.to_dict()
    twin = json.loads(json.dumps(data))
    twin["hands"][1][0], twin["bag"][0] = data["bag"][0], data["hands"][1][0]
    twin["bag"] = list(reversed(twin["bag"]))
    assert twin != data and twin["hands"][0] == data["hands"][0]
    pages = []
    for state in (data, twin):
        widget = TownWidget("town55", "multi", opponents=["greedy"], state=town.from_dict(state))
        pages.append(widget.export_html(tmp_path / f"{len(pages)}.html").read_bytes())
    assert pages[0] == pages[1]
    other = TownWidget("town55", "multi", opponents=["greedy"], state=town.from_dict(data), seat=1)
    assert other.export_html(tmp_path / "seat1.html").read_bytes() != pages[0]  # seat 1 sees its own hand


def test_bad_input_is_refused_in_words(town_record: GameRecord, tmp_path: Path, monkeypatch: Any) -> None:
    use_front_ends(monkeypatch)
    with pytest.raises(TypeError, match="game record"):
        replay_html("town44")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat must be a player number from 0 to 1, not 2"):
        replay_html(town_record, seat=2)
    with pytest.raises(ValueError, match="unknown key"):
        replay_html({**town_record.to_dict(), "extra": 1})
    with pytest.raises(ValueError, match="does not replay"):
        replay_html({**town_record.to_dict(), "moves": town_record.moves[::-1]})
    unfinished = {**town_record.to_dict(), "moves": town_record.moves[:2]}  # player 0 placed, discarded: 1 is next
    with pytest.raises(ValueError, match="stops before a move of player 1"):
        replay_html(unfinished, seat=0)
    assert len(page_data(replay_html(unfinished, seat=1))["frames"]) == 3  # the seat to play may show it
    with pytest.raises(TypeError, match="path must be a file name"):
        LittleTownWidget(seed=1).export_html(3)  # type: ignore[arg-type]


def test_little_town_twins_that_differ_only_in_hidden_cards_export_the_same_page(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """Seat 0 sees its own objective cards on the page, never seat 1's: swapping seat 1's hidden cards for others
    of the unused ones changes no byte."""
    from townwidget import littletown
    from townwidget.littletown.data import CARDS

    use_front_ends(monkeypatch)
    game = littletown.new_game(players=2, seed=4)
    game.apply(game.legal_actions()[0])
    twin = game.clone()
    twin.objectives[1], twin.unused = (
        sorted(twin.unused[: len(twin.objectives[1])]),
        sorted(twin.unused[len(twin.objectives[1]) :] + twin.objectives[1]),
    )
    assert twin.objectives[1] != game.objectives[1] and twin.to_dict(viewer=0) == game.to_dict(viewer=0)
    pages = [
        LittleTownWidget(state=state, opponents=["greedy"]).export_html(tmp_path / f"{k}.html").read_text("utf-8")
        for k, state in enumerate((game, twin))
    ]
    assert pages[0] == pages[1]
    drawn = [shown_text(drawing) for drawing in page_data(pages[0])["drawings"]]
    assert all(CARDS[card].text in text for card in game.objectives[0] for text in drawn)  # the seat's own cards
    assert not any(CARDS[card].text in text for card in twin.objectives[1] for text in drawn)


def test_a_reviewed_little_town_page_says_the_review_at_each_move(tmp_path: Path, monkeypatch: Any) -> None:
    use_front_ends(monkeypatch)
    widget = LittleTownWidget(seed=3, opponents=["greedy"])
    reviewed = {
        "summary": "Little Town: player 1 finished with 12 VP (rank 2 of 2); what cost most: feeding cost 6 VP",
        "costliest_words": "Costliest: move 2, end the turn: about 4.0 VP (this worker gathered nothing).",
        "unit": "VP",
        "svg": '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>',
        "moves": [
            {
                "number": 1,
                "words": "end the turn",
                "best_words": "gather wood now",
                "label_words": "mistake",
                "action": {"type": "done"},
                "best": {"type": "gather", "resource": "wood"},
                "notes": ["this worker gathered nothing"],
                "shown": {key: {"mean": 4.0, "se": 0.5} for key in ("before", "after", "loss")},
            }
        ],
    }
    widget.set_trait("reviewed", reviewed)
    page = widget.export_html(tmp_path / "reviewed.html").read_text(encoding="utf-8")
    said = page_data(page)["said"]
    assert list(said) == ["2"] and said["2"].startswith("Move 2 (mistake): you played end the turn.")
    assert said["2"].endswith("Best measured: gather wood now. This worker gathered nothing.")
    assert 'id="rp-said"' in page and "what cost most: feeding cost 6 VP" in page and "about 4.0 VP" in page
