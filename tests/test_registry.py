"""The game registry of the core: games by name, new games from a seed, saved states and records read back."""

from __future__ import annotations

from typing import Any

import pytest

from townwidget import arena, littletown, town
from townwidget.core import registry


def test_every_package_game_is_registered_by_its_names() -> None:
    assert {game.family for game in registry.families()} == {"littletown", "town"}
    assert registry.lookup("town66").family == "town" and registry.lookup("littletown").family == "littletown"
    assert registry.new_game("littletown", 3, seed=1).num_players == 3
    assert isinstance(registry.new_game("town66", 1, seed=1), town.SoloState)
    assert isinstance(registry.new_game("town44", 2, seed=1), town.MultiState)


def test_a_new_game_is_the_engines_own_deal() -> None:
    assert registry.new_game("town77", 1, 9).to_dict() == town.new_solo("town77", seed=9).to_dict()
    assert registry.new_game("town55", 3, 9).to_dict() == town.new_game("town55", players=3, seed=9).to_dict()
    assert registry.new_game("littletown", 4, 9).to_dict() == littletown.new_game(players=4, seed=9).to_dict()


@pytest.mark.parametrize(
    ("name", "players", "seed", "words"),
    [
        ("chess", 2, 1, "unknown game 'chess'"),
        (None, 2, 1, "unknown game None"),
        ("town", 1, 1, "unknown game 'town'"),
        ("littletown", 1, 1, "players must be an integer from 2 to 4, not 1"),
        ("town77", 6, 1, "players must be an integer from 1 to 5, not 6"),
        ("town77", True, 1, "not True"),
        ("town77", 1, 1.5, "a seed is an integer, not 1.5"),
        ("town77", 1, "1", "a seed is an integer, not '1'"),
    ],
)
def test_bad_names_seats_and_seeds_are_refused_in_words(name: Any, players: Any, seed: Any, words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        registry.new_game(name, players, seed)


@pytest.mark.parametrize("name", ["town44", "town55", "littletown"])
def test_a_saved_state_loads_through_its_own_engine(name: str) -> None:
    state = registry.new_game(name, 2, seed=3)
    state.apply(state.legal_actions()[-1])
    loaded = registry.load_state(state.to_dict())
    assert type(loaded) is type(state) and loaded.to_dict() == state.to_dict()


@pytest.mark.parametrize("data", [None, {}, {"format": "chess/1"}, [1, 2], {"format": ["town-state/1"]}])
def test_a_state_of_no_known_format_is_refused(data: Any) -> None:
    with pytest.raises(ValueError, match="'format' is one of"):
        registry.load_state(data)


def test_a_record_replays_and_a_forged_move_is_named() -> None:
    record = arena.play_game(["greedy", "random"], game="town44", seed=2)
    assert registry.replay(record).to_dict() == record.final
    forged = record.to_dict()
    forged["moves"][3] = {"kind": "pass", "player": 1}
    with pytest.raises(ValueError, match="move 3"):
        registry.replay(forged)


def test_a_game_registered_from_outside_is_played_by_the_arena() -> None:
    town_game = registry.lookup("town44")
    mirror = registry.Game(
        family="mirror",
        plays=lambda name: name == "mirror44",
        players=range(1, 2),
        start=lambda name, players, seed: town.new_solo("town44", seed=seed),
        load=town.from_dict,
        formats=(),
        score=town_game.score,
        score_name=town_game.score_name,
    )
    registry.register(mirror)
    try:
        record = arena.play_game(["greedy"], game="mirror44", seed=5)
        assert record.final == arena.play_game(["greedy"], game="town44", seed=5).final
    finally:
        registry._GAMES.pop("mirror")
