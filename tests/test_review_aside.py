"""The par found aside, in a worker process while the moves are judged (as the widgets review), is the par."""

from __future__ import annotations

from typing import Any

import pytest

from townwidget import town
from townwidget.advice import review, town_advice
from townwidget.advice.review import _decisions, _final, _replayable, review_decisions
from townwidget.agents.greedy import GreedyAgent


def test_a_review_with_its_par_found_aside_is_the_same_review(monkeypatch: pytest.MonkeyPatch) -> None:
    game = town.new_solo("town55", seed=2)
    while not game.is_terminal():
        game.apply(GreedyAgent(2).act(game.view(0)))
    start, actions = _replayable(game)
    decisions, final = list(_decisions(start, actions, 0)), _final(start, actions)
    asked = []
    solve_aside = town_advice.solve_aside

    def counted(*args: Any) -> Any:
        asked.append(args)
        return solve_aside(*args)

    monkeypatch.setattr(town_advice, "solve_aside", counted)
    aside = review_decisions(decisions, final, 0, samples=2, progress=False, par_aside=True)
    assert len(asked) == 1  # the par was found in the worker process
    assert aside.to_dict() == review(game, samples=2, progress=False).to_dict()
    assert len(asked) == 1 and aside.par is not None and aside.par >= game.board.placed()
