"""The core's plain-data helpers that replace probing an action or an agent (issue 31): what a type declares counts,
an attribute planted on an instance does not."""

from __future__ import annotations

from typing import Any

from townwidget.core import action_data, has_action_form, home_module
from townwidget.littletown import PlaceWorker
from townwidget.town import Pass, Place


class Declared:
    def to_dict(self) -> dict[str, Any]:
        return {"type": "pass"}


def act(view: Any) -> Any:
    return view.legal_actions()[0]


def test_every_games_actions_become_the_dicts_their_states_accept() -> None:
    place = Place((1, 2), (0, 0))
    assert action_data(place) == place.to_dict() and action_data(Pass()) == {"type": "pass"}
    assert action_data(PlaceWorker((1, 1))) == {"type": "place_worker", "cell": [1, 1]}
    assert action_data({"type": "pass"}) == {"type": "pass"}  # already plain data


def test_only_a_declared_to_dict_gives_an_action_form() -> None:
    planted = type("Plain", (), {})()
    planted.to_dict = lambda: {"type": "pass"}  # not the type's: what is played must be what the type says
    assert has_action_form(Declared()) and not has_action_form(planted) and not has_action_form({"type": "pass"})
    assert action_data(planted) is planted


def test_the_home_module_of_an_agent_class_instance_and_function() -> None:
    assert home_module(Declared) == home_module(Declared()) == home_module(act) == __name__
    assert home_module(Pass()) == "townwidget.town.actions"
    assert home_module(3) == "builtins"
