"""The spectator's form, ``state.to_dict(viewer=PUBLIC)``: what every player may know, in both games.

Twin states (equal but for hidden information) give equal public forms; what any one seat cannot tell apart, the
public form cannot either; and the public form never holds more than a seat's form.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from random_play import played

from townwidget import littletown, town
from townwidget.core import State
from townwidget.core.protocol import PUBLIC
from townwidget.town.actions import Pass


def public_part(data: dict[str, Any]) -> dict[str, Any]:
    """A form without its history and phase: a view's sampled states start with no history (see the view tests)."""
    return {key: value for key, value in data.items() if key not in ("history", "phase")}


def covered(public: Any, seat: Any) -> bool:
    """Whether ``public`` tells nothing ``seat`` does not: every value equal, or hidden (``None``) in ``public``;
    every key of a dict in ``seat`` too; a list's items, in order, among the seat's (a seat may know of more
    entries, such as its own declined exchanges)."""
    if public is None:
        return True
    if isinstance(public, dict):
        return (
            isinstance(seat, dict) and public.keys() <= seat.keys() and all(covered(public[k], seat[k]) for k in public)
        )
    if isinstance(public, list):
        rest = iter(seat) if isinstance(seat, list) else iter(())
        return all(any(covered(item, candidate) for candidate in rest) for item in public)
    return bool(public == seat) and type(public) is type(seat)


def games() -> list[State]:
    """Town multiplayer and solo, and Little Town, at their start, mid-game and over."""
    found: list[State] = []
    for steps in (0, 7, 25, 1000):
        found.append(played(town.new_game("town55", players=3, seed=steps), steps, steps))
        found.append(played(town.new_solo("town66", seed=steps), steps, steps))
        found.append(played(littletown.new_game(3, seed=steps), steps * 4, steps))
    return found


GAMES = games()
NAMES = [f"{game.to_dict()['format']}-{len(game.history)}moves-{n}" for n, game in enumerate(GAMES)]


def without_phase(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key != "phase"}


@pytest.mark.parametrize("game", GAMES, ids=NAMES)
def test_the_public_form_holds_no_more_than_any_seat(game: State) -> None:
    public = game.to_dict(viewer=PUBLIC)
    seats = [game.to_dict(viewer=seat) for seat in range(game.num_players)]
    for seat, seen in enumerate(seats):
        assert covered(without_phase(public), without_phase(seen)), f"the public form tells more than seat {seat}"
    # the phase as a seat that is not to act sees it (whether one may exchange hangs on hidden shapes)
    others = [seen["phase"] for seat, seen in enumerate(seats) if seat != game.current_player] or [seats[0]["phase"]]
    assert {public["phase"]} == set(others)
    assert "rng" not in public and "bag" not in public and "objectives_unused" not in public


@pytest.mark.parametrize("game", GAMES, ids=NAMES)
def test_what_a_seat_cannot_tell_apart_the_public_cannot_either(game: State) -> None:
    public = public_part(game.to_dict(viewer=PUBLIC))
    for seat in range(game.num_players):
        for seed in range(4):
            sample = game.view(seat).sample_state(seed)
            assert public_part(sample.to_dict(viewer=PUBLIC)) == public


def test_every_hand_shows_its_colours_and_no_shape() -> None:
    game = played(town.new_game("town77", players=4, seed=2), 9, 2)
    public = game.to_dict(viewer=PUBLIC)
    assert public["hands"] == [[[colour, None] for colour, _ in hand] for hand in game.hands]
    assert public["bag_size"] == len(game.bag) and public["out"] == list(game.out)
    assert public["board"] == game.to_dict()["board"]


def test_solo_shows_the_pile_tops_and_which_tiles_remain() -> None:
    game = played(town.new_solo("town77", seed=4), 5, 4)
    public = game.to_dict(viewer=PUBLIC)
    assert public == game.to_dict(viewer=0)  # the only player knows nothing a spectator does not
    assert [pile[-1] for pile in public["piles"]] == [list(pile[-1]) for pile in game.piles]
    assert all(tile is None for pile in public["piles"] for tile in pile[:-1])


def hidden_shape_twin(data: dict[str, Any], rng: random.Random) -> State:
    """A twin of a multiplayer Town full form: two hidden tiles of one colour (in different hands, or a hand and
    the bag) swap shapes, and every discard in the history turns into another tile of its colour; the first such
    swap that leaves a position the rules can stand in (the player to act keeps a move)."""
    owners = [p for p, hand in enumerate(data["hands"]) for _ in hand] + [-1] * len(data["bag"])
    tiles = [tile for hand in data["hands"] for tile in hand] + data["bag"]
    pairs = [
        (a, b) for a in range(len(tiles)) for b in range(a) if tiles[a][0] == tiles[b][0] and owners[a] != owners[b]
    ]
    for a, b in rng.sample(pairs, len(pairs)):
        twin = copy.deepcopy(data)
        places = [tile for hand in twin["hands"] for tile in hand] + twin["bag"]
        places[a][1], places[b][1] = places[b][1], places[a][1]
        for entry in twin["history"]:
            if entry["type"] == "discard":
                entry["tile"][1] = (entry["tile"][1] + 1) % twin["n"]
        try:
            return town.from_dict(twin)
        except ValueError:
            continue
    raise AssertionError("no twin")


@pytest.mark.parametrize("steps", [0, 6, 20, 45])
def test_town_twins_differing_in_hidden_shapes_look_the_same_to_the_public(steps: int) -> None:
    rng = random.Random(steps)
    for seed in range(5):
        game = played(town.new_game("town66", players=3, seed=seed), steps, seed)
        data = game.to_dict()
        if game.is_terminal() or not data["bag"]:
            continue
        twin = hidden_shape_twin(data, rng)
        assert twin.to_dict() != data
        assert twin.to_dict(viewer=PUBLIC) == game.to_dict(viewer=PUBLIC)


def test_a_declined_exchange_is_not_told_to_the_public() -> None:
    """Declining an exchange says the player could make one, which may hang on hidden shapes: the twin that had no
    exchange to decline looks the same."""
    for seed in range(200):
        game = played(town.new_game("town44", players=2, seed=seed), 3 * (seed % 5), seed)
        if game.phase == "exchange":
            break
    else:
        raise AssertionError("no exchange step in 200 games")
    player = game.current_player
    assert game.to_dict(viewer=PUBLIC)["phase"] == "place"
    game.apply(Pass())
    data = game.to_dict()
    twin = copy.deepcopy(data)
    twin["history"] = [e for e in twin["history"] if not (e["phase"] == "exchange" and e["type"] == "pass")]
    assert town.from_dict(twin).to_dict(viewer=PUBLIC) == game.to_dict(viewer=PUBLIC)
    assert game.to_dict(viewer=player)["history"][-1] == {"type": "pass", "player": player, "phase": "exchange"}
    assert all(
        entry["phase"] != "exchange" for entry in game.to_dict(viewer=PUBLIC)["history"] if entry["type"] == "pass"
    )


def swap_secret_cards(data: dict[str, Any]) -> dict[str, Any]:
    """A twin of a Little Town full form: the first two players exchange their objective cards not completed yet."""
    twin = copy.deepcopy(data)
    first, second = twin["players"][0], twin["players"][1]
    first["objectives"], second["objectives"] = second["objectives"], first["objectives"]
    return twin


@pytest.mark.parametrize("steps", [0, 10, 30])
def test_little_town_twins_differing_in_secret_cards_look_the_same_to_the_public(steps: int) -> None:
    swapped = 0
    for seed in range(6):
        game = played(littletown.new_game(3, seed=seed), steps, seed)
        data = game.to_dict()
        hands = [player["objectives"] for player in data["players"][:2]]
        if hands[0] == hands[1] or len(hands[0]) != len(hands[1]):
            continue
        twin = littletown.from_dict(swap_secret_cards(data))
        assert twin.to_dict() != data
        assert twin.to_dict(viewer=PUBLIC) == game.to_dict(viewer=PUBLIC)
        swapped += 1
    assert swapped >= 3


def test_little_town_shows_completed_cards_and_hides_the_others() -> None:
    game = littletown.new_game(2, seed=5)
    data = game.to_dict()
    card = data["players"][1]["objectives"][0]
    data["players"][1]["objectives"] = data["players"][1]["objectives"][1:]
    data["players"][1]["completed"] = [card]  # a position typed in: player 1 has completed one card
    data["players"][1]["vp"]["objectives"] = points = littletown.data.CARDS[card].vp
    data["players"][1]["score"] = points
    data.pop("history")
    public = littletown.from_dict(data).to_dict(viewer=PUBLIC)
    assert [player["objectives"] for player in public["players"]] == [[None] * 4, [None] * 3]
    assert public["players"][1]["completed"] == [card]


@pytest.mark.parametrize("viewer", ["spectator", "Public", -1, 3, True, 1.0, None.__class__, [PUBLIC]])
def test_an_unknown_viewer_is_refused_in_words(viewer: Any) -> None:
    for game in (town.new_game("town44", players=3, seed=1), littletown.new_game(3, seed=1)):
        before = game.to_dict()
        with pytest.raises(ValueError, match=r"viewer must be a player number from 0 to 2, 'public' or None, not "):
            game.to_dict(viewer=viewer)
        assert game.to_dict() == before
