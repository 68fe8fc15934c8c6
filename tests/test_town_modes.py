"""The Town widget's two modes (widget/town_modes.py): each game picks one, and it answers what differs."""

from __future__ import annotations

import pytest

from townwidget import town
from townwidget.core.rng import Rng
from townwidget.widget.base import Refused
from townwidget.widget.town_modes import MODES, Multi, Solo, mode_of
from townwidget.widget.town_widget import parse_intent


def test_each_town_game_gets_the_mode_its_state_names() -> None:
    assert isinstance(mode_of(town.new_solo("town44", seed=1)), Solo)
    assert isinstance(mode_of(town.new_game("town44", players=2, seed=1)), Multi)
    assert [type(mode) for mode in MODES.values()] == [Solo, Multi]


def test_a_solo_pick_is_a_pile_top_and_a_multiplayer_pick_a_tile_of_the_hand() -> None:
    solo, multi = town.new_solo("town44", seed=1), town.new_game("town44", players=2, seed=1)
    top = solo.piles[0][-1]
    assert MODES["solo"].picked(solo, parse_intent({"intent": "select", "pile": 0}, 4), 0) == top
    with pytest.raises(Refused, match="top of a pile"):
        MODES["solo"].picked(solo, parse_intent({"intent": "select", "tile": list(top)}, 4), 0)
    own = multi.hands[0][0]
    assert MODES["multi"].picked(multi, parse_intent({"intent": "select", "tile": list(own)}, 4), 0) == own
    with pytest.raises(Refused, match="no piles"):
        MODES["multi"].picked(multi, parse_intent({"intent": "select", "pile": 0}, 4), 0)


def test_a_solo_undo_deals_the_hidden_tiles_again_and_a_multiplayer_one_reseeds_the_bag() -> None:
    solo = town.new_solo("town44", seed=1)
    dealt = MODES["solo"].restore(solo.clone(), 0, Rng(7))
    assert [pile[-1] for pile in dealt.piles] == [pile[-1] for pile in solo.piles]  # the tops stay
    assert dealt.piles != solo.piles and MODES["solo"].undo_is_practice
    multi = town.new_game("town44", players=2, seed=1)
    again = MODES["multi"].restore(multi.clone(), 0, Rng(7))
    assert again.hands == multi.hands and again.rng.state != multi.rng.state and not MODES["multi"].undo_is_practice
