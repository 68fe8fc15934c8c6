"""The learned agent: its weights files read as untrusted input, its moves from what the player sees (the honest
value spelled out on the scalar engine), its search, learning by self-play within a budget, and ``townwidget learn``."""

from __future__ import annotations

import copy
import json
import os
import signal
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from townwidget import agents, arena, town
from townwidget.__main__ import INTERRUPTED, main
from townwidget.agents.expert import safest
from townwidget.agents.learned import DEFAULT_WIDTH, LearnedAgent
from townwidget.solvers import learning, value
from townwidget.solvers.vector import tables
from townwidget.solvers.weights import MAX_BYTES, WeightsError

pytestmark = pytest.mark.skipif(not value.COMPILED, reason="the learned agent plays compiled (numba)")


def npz(path: Path, **arrays: Any) -> Path:
    """A weights file with the shipped Town 44 weights, its entries replaced or added by ``arrays`` (``None``:
    left out)."""
    entries: dict[str, Any] = {
        "features": np.array(value.FEATURES),
        "stage": np.int64(value.STAGE),
        "note": np.array("a test"),
        "board_4": value.WEIGHTS[4],
    }
    entries.update(arrays)
    np.savez(path, **{key: entry for key, entry in entries.items() if entry is not None})
    return path


def json_file(path: Path, **entries: Any) -> Path:
    data: dict[str, Any] = {
        "features": list(value.FEATURES),
        "stage": value.STAGE,
        "note": "",
        "boards": {"4": {"weights": value.WEIGHTS[4].tolist()}},
    }
    data.update(entries)
    path.write_text(json.dumps({key: entry for key, entry in data.items() if entry is not None}))
    return path


def refused(path: Path, message: str) -> None:
    """The file is refused by the loader and by make_agent, with a message that names the file and the problem."""
    with pytest.raises(WeightsError, match=message) as error:
        value.load_weights(path)
    assert str(error.value).startswith(f"{path.name}: ")
    with pytest.raises(ValueError, match=message):
        agents.make_agent("learned", weights=path)


# --- weights files ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("suffix", [".npz", ".json"])
def test_weights_survive_their_file_and_make_the_agent(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"w{suffix}"
    value.save_weights({7: value.WEIGHTS[7], 4: value.WEIGHTS[4]}, path, note="a test")
    loaded = value.load_weights(path)
    assert sorted(loaded) == [4, 7] and all(w.dtype == np.float64 for w in loaded.values())
    assert np.allclose(loaded[7], value.WEIGHTS[7], atol=1e-6)
    assert not list(tmp_path.glob("*.partial"))
    assert sorted(agents.make_agent("learned", weights=str(path)).trained) == [4, 7]  # type: ignore[attr-defined]


def test_float32_and_integer_weights_are_read_as_floats(tmp_path: Path) -> None:
    assert value.load_weights(npz(tmp_path / "a.npz", board_4=value.WEIGHTS[4].astype(np.float32)))[4].dtype == float
    assert value.load_weights(npz(tmp_path / "b.npz", board_4=np.ones((4, 20), dtype=np.int16)))[4].sum() == 80


@pytest.mark.parametrize(
    ("arrays", "message"),
    [
        ({"board_4": np.zeros((3, 20))}, r"board_4 has shape \(3, 20\); a 4 x 4 board needs \(4, 20\)"),
        ({"board_4": np.zeros(80)}, r"board_4 has shape \(80,\)"),
        ({"board_4": np.full((4, 20), np.inf)}, r"board_4 holds a value that is not finite \(inf at row 0"),
        ({"board_4": np.full((4, 20), 1e300)}, "board_4 holds a value that is larger than 1e.06"),
        ({"board_4": np.full((4, 20), "x")}, "board_4 holds <U1 values; weights are real numbers"),
        ({"board_4": np.zeros((4, 20), dtype=complex)}, "board_4 holds complex128 values"),
        ({"board_4": np.zeros((4, 20), dtype=bool)}, "board_4 holds bool values"),
        ({"board_4": None}, "has no board's weights"),
        ({"board_9": np.zeros((17, 20))}, "weights for a board '9': board sizes are 2 to 8"),
        ({"board_x": np.zeros((4, 20))}, "weights for a board 'x'"),
        ({"stage": np.int64(6)}, "has stage 6: this value has a stage every 5 tiles"),
        ({"stage": np.float64(5.0)}, "has stage 5.0"),
        ({"features": np.array(["one", "placed"])}, r"was trained on other features \(\['one', 'placed'\]\)"),
        ({"features": None}, "has no features"),
        ({"note": np.int64(3)}, "has a note that is not a string"),
        ({"extra": np.zeros(2)}, "holds an array 'extra'; expected features, stage, note and board_N"),
        ({"board_4": np.array([{"a": 1}], dtype=object)}, "cannot be read without running code"),
    ],
)
def test_a_malformed_npz_file_is_refused_naming_what_is_wrong(tmp_path: Path, arrays: dict, message: str) -> None:
    refused(npz(tmp_path / "bad.npz", **arrays), message)


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        ({"boards": {"4": {"weights": [[0.0] * 20] * 3}}}, r"board_4 has shape \(3, 20\)"),
        ({"boards": {"4": {"weights": [[0.0] * 20] * 3 + [[0.0] * 19]}}}, "board_4 has rows of different lengths"),
        ({"boards": {"4": {"weights": [["0"] * 20] * 4}}}, "board_4 is not a list of rows of numbers"),
        ({"boards": {"4": {"weights": [[True] * 20] * 4}}}, "board_4 is not a list of rows of numbers"),
        ({"boards": {"4": "weights"}}, "board_4 is not a list of rows of numbers"),
        ({"boards": {"-4": []}}, "weights for a board '-4'"),
        ({"boards": []}, "has no board's weights"),
        ({"stage": True}, "has stage True"),
        ({"stage": None}, "has no stage"),
        ({"code": "import os"}, "holds 'code': expected features, stage, boards"),
    ],
)
def test_a_malformed_json_file_is_refused_naming_what_is_wrong(tmp_path: Path, entries: dict, message: str) -> None:
    refused(json_file(tmp_path / "bad.json", **entries), message)


def test_files_that_are_not_weights_files_are_refused(tmp_path: Path) -> None:
    refused(tmp_path / "missing.npz", "cannot be read")
    refused(npz(tmp_path / "w.npy"), "a weights file ends in .npz or .json, not '.npy'")
    (tmp_path / "text.npz").write_text("hello")
    refused(tmp_path / "text.npz", "is not an .npz file")
    (tmp_path / "list.json").write_text("[1, 2]")
    refused(tmp_path / "list.json", "holds a JSON list")
    (tmp_path / "broken.json").write_text("{")
    refused(tmp_path / "broken.json", "is not JSON")
    (tmp_path / "dir.json").mkdir()
    refused(tmp_path / "dir.json", "is not a file")
    (tmp_path / "big.json").write_text(" " * (MAX_BYTES + 1))
    refused(tmp_path / "big.json", "bytes; a weights file holds at most")
    with zipfile.ZipFile(tmp_path / "bomb.npz", "w", zipfile.ZIP_DEFLATED) as archive:  # small, huge once unzipped
        archive.writestr("board_4.npy", b"\0" * (MAX_BYTES + 1))
    refused(tmp_path / "bomb.npz", "unzips to")
    with zipfile.ZipFile(tmp_path / "odd.npz", "w") as archive:
        archive.writestr("run.py", "print('hello')")
    refused(tmp_path / "odd.npz", "holds 'run.py', which is not a .npy array")
    with pytest.raises(WeightsError, match="named by a path"):
        value.load_weights(3)  # type: ignore[arg-type]


# --- the agent ----------------------------------------------------------------------------------------------------
def positions(board: str, deals: range) -> list[town.SoloState]:
    """Positions along games of last legal moves, every few moves (none over)."""
    states: list[Any] = []
    for deal in deals:
        game = town.new_solo(board, seed=deal)
        while not game.is_terminal():
            if game.board.placed() % 7 == 1:
                states.append(town.from_dict(game.to_dict()))
            game.apply(game.legal_actions()[-1])
    return states


def honest_by_hand(state: town.SoloState, action: Any, rate: Any = value.position_value) -> Any:
    """``rate`` (the value, or the features) after ``action`` averaged over every unseen tile coming up on its pile,
    on the scalar engine: the unseen tile is swapped into the place below the top, the move made, the position
    rated."""
    data = state.to_dict()
    pile = action.pile
    assert pile is not None
    places = [(p, d) for p, tiles in enumerate(data["piles"]) for d in range(len(tiles) - 1)]
    if not places or len(data["piles"][pile]) < 2:  # nothing comes up, or nothing unseen
        child = state.clone()
        child.apply(action)
        return rate(child)
    below = len(data["piles"][pile]) - 2
    values = []
    for p, d in places:
        swapped = copy.deepcopy(data)
        piles = swapped["piles"]
        piles[p][d], piles[pile][below] = piles[pile][below], piles[p][d]
        child = town.from_dict(swapped)
        child.apply(action)
        values.append(rate(child))
    return sum(values) / len(values)


def test_the_honest_value_and_features_are_the_means_over_the_tiles_that_may_come_up() -> None:
    def counts(child: town.SoloState) -> np.ndarray:
        return value.features(*value.arrays(child))

    for state in positions("town55", range(3)):
        actions = state.legal_actions()
        rated = value.honest_values(state, actions)
        assert rated == pytest.approx([honest_by_hand(state, action) for action in actions], abs=1e-9)
        rows = value.after_features(state, actions)
        assert rows.shape == (len(actions), len(value.FEATURES))
        assert np.allclose(rows, [honest_by_hand(state, action, counts) for action in actions], atol=1e-9)
    with pytest.raises(ValueError, match="a solo action is a placement from a pile"):
        value.honest_values(state, [town.Place((0, 0), (0, 0))])


def test_the_agent_plays_the_best_honest_move_and_sees_nothing_hidden() -> None:
    agent = LearnedAgent()
    for state in positions("town77", range(2)):
        actions = state.legal_actions()
        rated = value.honest_values(state, actions)
        assert agent.act(state.view(0)) == actions[rated.index(max(rated))]
        for seed in range(3):  # states the player cannot tell apart: the same values, the same move
            twin = state.view(0).sample_state(seed + 1)
            assert value.honest_values(twin, actions) == pytest.approx(rated, abs=1e-12)
            assert agent.act(twin.view(0)) == agent.act(state.view(0))


def test_weights_from_a_file_change_the_moves(tmp_path: Path) -> None:
    """Weights that value what the shipped ones fear play otherwise: the agent plays the file it was given."""
    path = tmp_path / "w.npz"
    value.save_weights({7: -value.WEIGHTS[7]}, path)
    shipped, contrary = agents.make_agent("learned"), agents.make_agent("learned", weights=path)
    views = [state.view(0) for state in positions("town77", range(2))]
    assert any(shipped.act(view) != contrary.act(view) for view in views)


def test_the_agent_plays_in_the_arena_and_on_boards_with_flips(tmp_path: Path) -> None:
    path = tmp_path / "w.npz"
    value.save_weights({4: value.WEIGHTS[4]}, path)
    run = arena.solo_run(agents.make_agent("learned", weights=path), "town44", deals=3, progress=False)
    assert [record.result["placed"] for record in run.records] == [
        round(honest_greedy_game("town44", deal)) for deal in range(3)
    ]
    game, agent = town.new_solo("town66", seed=1), agents.make_agent("learned")
    while not game.is_terminal():
        game.apply(agent.act(game.view(0)))  # the engine refuses an illegal move
    assert game.board.placed() > 20


def honest_greedy_game(board: str, deal: int) -> int:
    """A whole game of the honest greedy move, played by the compiled kernel on the deal's piles."""
    state = town.new_solo(board, seed=deal)
    n, geometry = state.rules.n, tables(state.rules.n)
    deck = np.array([[c * n + s for pile in state.piles for c, s in pile]], dtype=np.int64)
    sizes = np.array([len(pile) for pile in state.piles], dtype=np.int64)
    return int(value._self_play(n, deck, sizes, geometry.lines, geometry.neighbours, value.WEIGHTS[n], True)[2][0])


def test_the_agent_refuses_what_it_was_not_trained_for() -> None:
    agent = agents.make_agent("learned")
    with pytest.raises(ValueError, match="plays Town solo only .*Town 44, Town 55, Town 66, Town 77"):
        agent.act(town.new_game("town44", players=2, seed=0).view(0))
    with pytest.raises(ValueError, match="no weights for a 8 x 8 board"):
        agent.act(town.new_solo("town88", seed=0).view(0))
    with pytest.raises(ValueError, match="weights= is for the learned agent, not 'greedy'"):
        agents.make_agent("greedy", weights="w.npz")
    with pytest.raises(ValueError, match="width must be an integer of at least 1"):
        LearnedAgent(width=0)


def test_the_learned_search_keeps_to_the_values_best_moves_and_its_seed() -> None:
    state = next(state for state in positions("town77", range(3)) if len(state.legal_actions()) > 2 * DEFAULT_WIDTH)
    view = state.view(0)
    agent = agents.make_agent("learned", seed=3, iterations=30)
    assert isinstance(agent, LearnedAgent)
    among = safest(view, None) or state.legal_actions()  # the expert's guard against a sudden end, then the prior
    best = agent.ranked(state, among)[:DEFAULT_WIDTH]
    move = agent.act(view)
    assert move in best and move == agents.make_agent("learned", seed=3, iterations=30).act(view)
    rollout = agent.rollout(state.clone(), 6, None)  # type: ignore[arg-type]
    assert rollout == [value.playout(state, 6) / 49]


# --- learning -----------------------------------------------------------------------------------------------------
def test_learning_beats_its_start_and_keeps_the_best_when_interrupted() -> None:
    seen: list[float] = []

    def stop_after_two(learned: learning.Learned, measured: learning.Round) -> None:
        seen.append(measured.score)
        if measured.number == 2:
            raise KeyboardInterrupt

    learned = learning.learn("town55", seconds=600, games=300, evaluation=60, seed=2, on_round=stop_after_two)
    assert learned.interrupted and len(learned.history) == 3 and seen == [r.score for r in learned.history]
    assert learned.history[0].games == 0 and learned.history[2].games == 600
    assert learned.score == max(seen) > seen[0] + 1.0  # round 0 is the first legal move's play
    assert learned.best.score == learned.score and learned.weights.shape == value.WEIGHTS[5].shape


def test_ctrl_c_while_learning_stops_after_the_compiled_call_and_keeps_the_best() -> None:
    """A real SIGINT (Ctrl-C, a notebook's interrupt) is noted, not raised inside numba's code (where it would surface
    as a SystemError): learning stops at the next look and returns what it has; the handler is restored."""

    def interrupt_in_round_one(learned: learning.Learned, measured: learning.Round) -> None:
        if measured.number == 1:
            os.kill(os.getpid(), signal.SIGINT)

    before = signal.getsignal(signal.SIGINT)
    learned = learning.learn("town44", seconds=600, games=100, evaluation=20, on_round=interrupt_in_round_one)
    assert learned.interrupted and [r.number for r in learned.history] == [0, 1]
    assert signal.getsignal(signal.SIGINT) is before


def test_townwidget_learn_writes_weights_the_agent_loads(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "w.npz"
    command = ["learn", "--game", "town44", "--minutes", "0.01", "--games", "100", "--evaluation", "20"]
    assert main([*command, "--out", str(out), "--no-progress"]) == 0
    printed = capsys.readouterr().out
    assert "round 0: " in printed and f"is in {out}" in printed
    agent = agents.make_agent("learned", weights=out)
    assert sorted(agent.trained) == [4]  # type: ignore[attr-defined]
    assert main([*command, "--out", str(tmp_path / "w.txt")]) == 2
    assert "a weights file ends in .npz or .json" in capsys.readouterr().err
    assert main([*command, "--out", str(out), "--start", str(tmp_path / "none.npz")]) == 2
    assert "none.npz: cannot be read" in capsys.readouterr().err


def test_ctrl_c_keeps_the_best_weights_so_far(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(learning.value, "fit", interrupted)  # the first refit: after round 0 was measured and kept
    out = tmp_path / "w.json"
    command = ["learn", "--game", "town44", "--minutes", "1", "--games", "50", "--evaluation", "10", "--out", str(out)]
    assert main([*command, "--no-progress"]) == INTERRUPTED
    assert np.array_equal(value.load_weights(out)[4], np.zeros((4, 20)))  # round 0: the start
