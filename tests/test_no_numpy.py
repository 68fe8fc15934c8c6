"""The play path without numpy and numba (a browser's Python): everything a player uses works, and the same seeds
give the same deals, draws and moves as with numpy."""

from __future__ import annotations

import json

import same_seeds
from no_numpy import run_without_numpy

PLAY_PATH = """
import json, sys
import townwidget
from townwidget import agents, arena, littletown, town
from townwidget.advice import hint, review
from townwidget.core.language import speaking
from townwidget.widget import LittleTownWidget, TownWidget

seen = {}
for name in ("random", "greedy", "mcts", "ismcts", "best"):
    game = town.new_game("town44", players=2, seed=3)
    bot = agents.make_agent(name, seed=1, iterations=20)
    game.apply(bot.act(game.view(game.current_player)))
    solo = town.new_solo("town44", seed=3)
    solo.apply(bot.act(solo.view(0)))
    little = littletown.new_game(players=2, seed=3)
    little.apply(bot.act(little.view(little.current_player)))
    seen[name] = [len(game.history), len(solo.history), len(little.history)]
expert = agents.make_agent("best", seed=0, iterations=30)
game = town.new_solo("town77", seed=1)
while not game.is_terminal():  # without numba (nor numpy) the expert rolls out on the heuristic, as documented
    game.apply(expert.act(game.view(0)))
seen["expert_town77"] = game.board.placed()

solo = town.new_solo("town55", seed=2)
seen["hint_solo"] = hint(solo.view(0), iterations=40).action in solo.legal_actions()
with speaking("fr"):
    seen["hint_fr"] = hint(solo.view(0), iterations=40).text
multi = town.new_game("town44", players=2, seed=2)
seen["hint_multi"] = hint(multi.view(multi.current_player), iterations=20).action in multi.legal_actions()
little = littletown.new_game(players=2, seed=2)
seen["hint_little"] = hint(little.view(little.current_player), iterations=10).action in little.legal_actions()

while not solo.is_terminal():
    solo.apply(solo.legal_actions()[0])
seen["review_solo"] = len(review(solo, samples=2, par_seconds=1).moves)
record = arena.play_game(["greedy", "random"], game="town44", seed=5)
seen["review_record"] = len(review(record, samples=2).moves)

for state in (town.new_game("town77", players=3, seed=4), littletown.new_game(players=3, seed=4)):
    state.apply(state.legal_actions()[0])
    again = type(state).from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.to_dict() == state.to_dict()
townwidget.set_language("fr")
widgets = [TownWidget(), TownWidget(mode="multi", opponents=["greedy"], seed=1), LittleTownWidget(seed=1)]
seen["widgets"] = [type(widget).__name__ for widget in widgets]
assert not {"numpy", "numba"} & set(sys.modules), "numpy or numba was imported"
print(json.dumps(seen))
"""


def test_the_play_path_runs_without_numpy_and_numba() -> None:
    seen = json.loads(run_without_numpy(PLAY_PATH).splitlines()[-1])
    assert all(counts == [1, 1, 1] for name, counts in seen.items() if name in ("random", "greedy", "mcts", "best"))
    assert seen["ismcts"] == [1, 1, 1]
    assert 20 <= seen["expert_town77"] <= 49
    assert seen["hint_solo"] and seen["hint_multi"] and seen["hint_little"]
    assert "tuile" in seen["hint_fr"] or "case" in seen["hint_fr"]  # worded in French
    assert seen["review_solo"] > 0 and seen["review_record"] > 0
    assert seen["widgets"] == ["TownWidget", "TownWidget", "LittleTownWidget"]


def test_lesson_one_checkers_run_without_numpy() -> None:
    """Lesson 01 (also on the JupyterLite site) imports every checker: none may need numpy to be imported."""
    code = """
import sys
from townwidget import town
from townwidget.exercises import check_legal_move_count, check_solo_line
game = town.new_solo("town44", seed=1)
right, wrong = check_legal_move_count(game, len(game.legal_actions())), check_legal_move_count(game, 10**6)
assert not {"numpy", "numba"} & set(sys.modules), "numpy or numba was imported"
from townwidget import latin
from townwidget.core.extras import MissingExtra
try:
    latin.random_latin_square(3)
except MissingExtra as error:
    missing = str(error)
print(bool(right), bool(wrong), "townwidget[numpy]" in missing)
"""
    assert run_without_numpy(code).splitlines()[-1] == "True False True"  # the parts needing numpy name the extra


def test_the_same_seeds_give_the_same_deals_draws_and_moves_with_and_without_numpy() -> None:
    code = "import same_seeds\nprint(same_seeds.fingerprint(DEALS, GAMES))"
    deals, games = 2000, 50
    without = run_without_numpy(code.replace("DEALS", str(deals)).replace("GAMES", str(games)))
    with_numpy = same_seeds.fingerprint(deals, games)
    assert json.loads(without) == json.loads(with_numpy)
    assert len(json.loads(with_numpy)["deals"]) == deals * 7
