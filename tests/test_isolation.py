"""Untrusted agents: every fault a forfeit with its reason, nothing hidden reachable, peeking only on purpose."""

from __future__ import annotations

import ctypes
import gc
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from townwidget import arena, town
from townwidget.arena import isolation
from townwidget.core import IllegalAction
from townwidget.town import SoloState


class FirstChoice:
    name = "first"

    def act(self, view: Any) -> Any:
        return view.legal_actions()[0]


class Sleeper:
    name = "sleeper"

    def act(self, view: Any) -> Any:
        time.sleep(30)


class Exits:
    name = "exits"

    def act(self, view: Any) -> Any:
        raise SystemExit(2)


class HardExit:
    name = "hard-exit"

    def act(self, view: Any) -> Any:
        os._exit(3)


class Segfault:
    name = "segfault"

    def act(self, view: Any) -> Any:
        ctypes.string_at(0)


class MemoryHog:
    name = "hog"

    def act(self, view: Any) -> Any:
        hoard = bytearray(4 * 2**30)
        return hoard


class Raises:
    name = "raises"

    def act(self, view: Any) -> Any:
        return 1 / 0


class Returns:
    def __init__(self, value: Any) -> None:
        self.value = value
        self.name = f"returns-{value!r}"

    def act(self, view: Any) -> Any:
        return self.value


class LyingDict(dict):  # type: ignore[type-arg]
    """Shows the engine one thing through get() and another through its items."""

    def get(self, key: Any, default: Any = None) -> Any:
        return self.lie.get(key, default) if key in self.lie else super().get(key, default)


class Liar:
    name = "liar"

    def act(self, view: Any) -> Any:
        actions = view.legal_actions()
        first, second = actions[0], actions[-1]
        action = LyingDict(first.to_dict())
        action.lie = second.to_dict()
        return action


class Peeks(FirstChoice):
    name = "peeks"
    peeks = True


class Snoop:
    """Looks for full states through the frames that called it and through the garbage collector, and tells what
    it found of the hidden piles by raising."""

    name = "snoop"

    def act(self, view: Any) -> Any:
        frame = sys._getframe(1)
        found = []
        while frame is not None:
            found += [value for value in frame.f_locals.values() if isinstance(value, SoloState)]
            frame = frame.f_back
        found += [thing for thing in gc.get_objects() if isinstance(thing, SoloState)]
        raise RuntimeError("found " + json.dumps([state.to_dict()["piles"] for state in found[:1]]))


CONFIRMED = 5  # moves whose views a candidate seed must match before the finder says it found the deal


class SeedFinder:
    """Matches its views against the deals of small seeds, move after move, and says so once one still matches after
    :data:`CONFIRMED` moves (on Town 44 an opening view alone often matches some small seed by chance: its three pile
    tops are one of 3,360)."""

    name = "seed-finder"

    def __init__(self) -> None:
        self.candidates: list[int] = []
        self.moves: list[Any] = []

    def act(self, view: Any) -> Any:
        mine = view.to_dict()
        if not mine["history"]:
            self.candidates, self.moves = list(range(1000)), []
        self.candidates = [seed for seed in self.candidates if self.replayed(seed).to_dict(viewer=0) == mine]
        if self.candidates and len(self.moves) >= CONFIRMED:
            raise RuntimeError(f"seed {self.candidates[0]} found")
        self.moves.append(view.legal_actions()[0])
        return self.moves[-1]

    def replayed(self, seed: int) -> Any:
        game = town.new_solo("town44", seed=seed)
        for move in self.moves:
            game.apply(move)
        return game


def reasons(record: arena.GameRecord) -> dict[str, str]:
    return {forfeit["agent"]: forfeit["reason"] for forfeit in record.forfeits}


def test_every_fault_of_an_isolated_agent_is_a_forfeit_with_its_reason() -> None:
    hostile = [Sleeper(), Exits(), HardExit(), Segfault(), MemoryHog()]
    started = time.monotonic()
    record = arena.play_game(hostile, game="town66", seed=4, isolate=True, move_seconds=1.0, agent_memory_mb=512)
    assert time.monotonic() - started < 20  # the sleeper lost its move after 1 s, not 30
    assert reasons(record) == {
        "sleeper": "timeout",
        "exits": "error",
        "hard-exit": "crash",
        "segfault": "crash",
        "hog": "memory",
    }
    assert [forfeit["move"] for forfeit in record.forfeits] == [0, 0, 0, 0, 0]
    assert "SystemExit: 2" in record.forfeits[1]["detail"] and "segmentation fault" in record.forfeits[3]["detail"]
    assert all(len(forfeit["detail"]) <= 500 for forfeit in record.forfeits)
    assert arena.replay(record).to_dict() == record.final
    assert arena.GameRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record


@pytest.mark.parametrize("isolate", [False, True])
def test_errors_and_invalid_actions_are_forfeits_and_the_others_play_on(isolate: bool) -> None:
    agents = [Raises(), Returns(None), Returns(42), Returns({"type": "pass"}), "greedy"]
    record = arena.play_game(agents, game="town66", seed=2, isolate=isolate)
    huge = arena.play_game([Returns({"type": "place", "tile": "x" * 2**21})], game="town44", isolate=isolate)
    assert huge.forfeits[0]["reason"] == "invalid" and len(huge.forfeits[0]["detail"]) <= 500
    assert reasons(record) == {
        "raises": "error",
        "returns-None": "invalid",
        "returns-42": "invalid",
        "returns-{'type': 'pass'}": "invalid",
    }
    assert "ZeroDivisionError" in record.forfeits[0]["detail"]
    assert record.result["tiles_left"][4] < record.result["tiles_left"][0]  # greedy played the game to its end
    assert arena.replay(record).to_dict() == record.final


@pytest.mark.parametrize("isolate", [False, True])
def test_a_lying_dict_plays_the_move_it_records(isolate: bool) -> None:
    record = arena.play_game([Liar()], game="town44", seed=1, isolate=isolate)
    assert not record.forfeits and record.moves
    assert arena.replay(record).to_dict() == record.final


def test_a_solo_forfeit_ends_the_deal_with_the_tiles_placed() -> None:
    class Tires(FirstChoice):
        name = "tires"
        moves = 0

        def act(self, view: Any) -> Any:
            self.moves += 1
            if self.moves > 3:
                raise RuntimeError("tired")
            return super().act(view)

    record = arena.play_game([Tires()], game="town44", seed=1)
    assert record.result["placed"] == 3 and record.forfeits[0]["move"] == 3
    assert arena.replay(record).to_dict() == record.final


def test_a_little_town_forfeit_leaves_the_others_playing() -> None:
    result = arena.tournament([Raises(), "greedy"], game="littletown", games=2, seed=1, progress=False)
    assert [reasons(record) for record in result.records] == [{"raises": "error"}] * 2
    assert all(arena.replay(record).to_dict() == record.final for record in result.records)
    assert result.summary[0]["forfeits"] == {"error": 2} and "error 2" in result.table()


def test_a_tournament_goes_on_past_a_faulty_agent_and_counts_its_forfeits() -> None:
    result = arena.tournament([Raises(), "random"], game="town44", games=4, seed=1, workers=2, progress=False)
    assert len(result.records) == 4
    assert result.summary[0]["forfeits"] == {"error": 4} and result.summary[1]["forfeits"] == {}


def test_frame_and_gc_readers_see_the_hidden_piles_only_without_isolation() -> None:
    truth = town.new_solo("town44", seed=7).to_dict()["piles"]
    shared = arena.play_game([Snoop()], game="town44", seed=7)
    assert json.dumps(truth) in shared.forfeits[0]["detail"]  # in one process, the frames lead to the state
    isolated = arena.play_game([Snoop()], game="town44", seed=7, isolate=True)
    assert isolated.forfeits[0]["reason"] == "error" and json.dumps(truth) not in isolated.forfeits[0]["detail"]


def test_deals_drawn_from_a_fresh_seed_cannot_be_enumerated() -> None:
    told = arena.solo_run(SeedFinder(), game="town44", deals=1, seed=12, progress=False)
    assert "seed 12 found" in told.records[0].forfeits[0]["detail"]
    hidden = arena.solo_run(
        SeedFinder(), game="town44", deals=2, seed=None, isolate=True, move_seconds=30, progress=False
    )
    assert [record.forfeits for record in hidden.records] == [[], []]
    assert hidden.seed is not None and hidden.seed.bit_length() > 64 and f"seed {hidden.seed}" in hidden.table()
    again = arena.solo_run("greedy", game="town44", deals=2, seed=None, progress=False)
    assert again.seed != hidden.seed and {r.seed for r in again.records}.isdisjoint(r.seed for r in hidden.records)


def test_peeking_is_refused_in_words_except_for_the_clairvoyant_in_solo_when_allowed() -> None:
    for isolate in (False, True):
        with pytest.raises(ValueError, match="sets peeks: only the package's clairvoyant solver"):
            arena.play_game([Peeks()], game="town44", isolate=isolate)
    with pytest.raises(ValueError, match="pass allow_peeking=True"):
        arena.play_game(["clairvoyant"], game="town44")
    with pytest.raises(ValueError, match="the clairvoyant agent plays solo only"):
        arena.play_game(["clairvoyant", "greedy"], game="town44", allow_peeking=True)
    record = arena.play_game(["clairvoyant"], game="town44", seed=3, isolate=True, allow_peeking=True)
    assert record.peeked == [True] and record.to_dict()["peeked"] == [True]


def test_honest_agents_give_the_same_records_isolated_or_not() -> None:
    options: dict[str, Any] = {"game": "town44", "games": 4, "seed": 5, "progress": False, "iterations": 20}
    shared = arena.tournament([FirstChoice(), "mcts", "random"], **options)
    isolated = arena.tournament([FirstChoice(), "mcts", "random"], isolate=True, **options)
    assert [r.to_dict() for r in shared.records] == [r.to_dict() for r in isolated.records]
    assert all(cpu > 0 for record in isolated.records for cpu in record.cpu_seconds[1:2])


def test_agents_defined_in_a_scripts_main_play_isolated(tmp_path: Path) -> None:
    script = tmp_path / "notebook.py"
    script.write_text(
        textwrap.dedent(
            """
            from townwidget import arena

            HELPER = 0

            class Mine:
                name = "mine"

                def act(self, view):
                    return view.legal_actions()[HELPER]

            def act(view):
                return view.legal_actions()[-1]

            result = arena.tournament([Mine(), act], game="town44", games=2, seed=1, isolate=True, progress=False)
            print(sum(len(record.forfeits) for record in result.records), [row["agent"] for row in result.summary])
            """
        )
    )
    root = Path(__file__).resolve().parent.parent
    output = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    assert output.stdout.split("\n")[-2] == "0 ['mine', 'act']", output.stderr


def test_a_submission_file_plays_isolated_and_one_that_does_not_load_is_a_forfeit(tmp_path: Path) -> None:
    good = tmp_path / "alice.py"
    good.write_text("def act(view):\n    return view.legal_actions()[0]\n")
    broken = tmp_path / "bob.py"
    broken.write_text("import nothing_such\n")
    record = arena.play_game([str(good), str(broken)], game="town44", seed=2)
    assert record.players == ["alice", "bob"] and reasons(record) == {"bob": "error"}
    assert "nothing_such" in record.forfeits[0]["detail"]


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"move_seconds": 0}, "move_seconds must be a finite positive number"),
        ({"move_seconds": float("nan")}, "move_seconds must be a finite positive number"),
        ({"agent_memory_mb": 10}, "agent_memory_mb must be an integer of at least 256"),
        ({"seed": 1.5}, "seed must be a non-negative integer or None"),
        ({"isolate": True, "agents": ["grredy"]}, "unknown agent 'grredy': choose one of random, greedy"),
        ({"seed": -1}, "seed must be a non-negative integer or None"),
    ],
)
def test_bad_limits_are_refused_in_words(options: dict[str, Any], words: str) -> None:
    agents = options.pop("agents", ["greedy"])
    with pytest.raises(ValueError, match=words):
        arena.tournament(agents, game="town44", games=1, progress=False, **options)


def test_a_town_seat_resigns_as_one_who_cannot_place() -> None:
    game = town.new_game("town44", players=3, seed=1)
    game.resign()
    assert game.out == [1, None, None] and game.current_player == 1 and len(game.hands[0]) == 4
    solo = town.new_solo("town44", seed=1)
    solo.resign()
    assert solo.is_terminal() and solo.result() == {"placed": 0, "level": solo.result()["level"]}
    with pytest.raises(IllegalAction, match="nobody is left to resign"):
        solo.resign()


class FrameReader(FirstChoice):
    """Plays first choices unless a calling frame holds the game's state, which it then says."""

    name = "frame-reader"

    def act(self, view: Any) -> Any:
        frame = sys._getframe(1)
        while frame is not None:
            if isinstance(frame.f_locals.get("state"), SoloState | town.MultiState):
                raise RuntimeError("I see the state")
            frame = frame.f_back
        return super().act(view)


def test_check_agent_runs_the_students_agent_in_its_own_process() -> None:
    from townwidget.exercises.opponents import check_agent

    assert check_agent(FrameReader())  # the frames above its act hold no state
    crashed = check_agent(Segfault()).problems
    assert crashed == ("it crashed: the agent's process died: segmentation fault (town44 solo, deal 0, move 0)",)
    started = time.monotonic()
    slow = check_agent(Sleeper()).problems
    assert slow == ("it took too long: no move within 5 s (wall clock) (town44 solo, deal 0, move 0)",)
    assert time.monotonic() - started < 15


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


class MemoryReader(FirstChoice):
    """Reads the memory of the process that started it and of that one's parent through /proc, as any process of
    the same user may (isolated, they are the agent's fork server and the arena)."""

    name = "memory-reader"

    def act(self, view: Any) -> Any:
        refused = []
        for pid in (os.getppid(), parent_of(os.getppid())):
            start = int(Path(f"/proc/{pid}/maps").read_text().split("-", 1)[0], 16)
            try:
                with open(f"/proc/{pid}/mem", "rb") as memory:
                    memory.seek(start)
                    memory.read(16)
            except PermissionError as error:
                refused.append(error)
                continue
            raise RuntimeError("read the arena's memory")
        raise refused[0]


def test_an_isolated_agent_cannot_read_the_arenas_memory() -> None:
    assert "read the arena's memory" in arena.play_game([MemoryReader()], game="town44").forfeits[0]["detail"]
    for workers in (1, 2):
        options: dict[str, Any] = {"game": "town44", "games": 2, "workers": workers, "progress": False}
        result = arena.tournament([MemoryReader(), "greedy"], isolate=True, **options)
        assert all("PermissionError" in f["detail"] for r in result.records for f in r.forfeits), result.records


def agent_processes_of(parent: int) -> list[int]:
    """The agent processes still alive that ``parent`` started (their command line names it)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"townwidget.arena.agent_process" in words and str(parent).encode() in words:
            found.append(int(entry.name))
    return found


def test_ctrl_c_stops_an_isolated_tournament_at_once_with_its_finished_records(tmp_path: Path) -> None:
    script = tmp_path / "run.py"
    script.write_text(
        textwrap.dedent(
            """
            import time
            from townwidget import arena

            class Slow:
                name = "slow"

                def act(self, view):
                    time.sleep(0.05)
                    return view.legal_actions()[0]

            try:
                arena.tournament([Slow(), "greedy"], game="town55", games=400, isolate=True, progress=False)
            except arena.TournamentInterrupted as stop:
                print(len(stop.records))
            """
        )
    )
    root = Path(__file__).resolve().parent.parent
    process = subprocess.Popen(
        [sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(root)},
    )  # fmt: skip
    time.sleep(6)
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert time.monotonic() - sent < 3 and process.returncode == 0, err
    assert 0 < int(out) < 400 and "Traceback" not in err
    time.sleep(1.5)  # an agent process that was mid-move sees its parent gone within a second
    assert agent_processes_of(process.pid) == []


def test_a_widget_opponent_may_be_a_submission_file(tmp_path: Path) -> None:
    from townwidget.widget import TownWidget

    submission = tmp_path / "last.py"
    submission.write_text("def act(view):\n    return view.legal_actions()[-1]\n")
    widget = TownWidget("town44", mode="multi", opponents=[str(submission)], seed=3)
    for _ in range(4):  # the seated player's turn (exchange, place, discard), then the file's agent's
        if widget.state.current_player == 0:
            widget.apply(widget.state.legal_actions()[0])
        assert widget.wait(timeout=60)
    assert [player for player, _, _ in widget.state.history].count(1) >= 1  # the file's agent moved


def test_an_agents_working_folder_goes_with_its_server_when_the_arena_ends_without_closing_it(tmp_path: Path) -> None:
    script = tmp_path / "leave.py"
    script.write_text(
        textwrap.dedent(
            """
            import os
            from townwidget import town
            from townwidget.arena.isolation import IsolatedAgent

            agent = IsolatedAgent("greedy", isolate="process")  # never closed: the process just ends
            agent.act(town.new_solo("town44", seed=0).view(0))
            print(agent._player.process._directory)
            os._exit(0)  # no clean-up of any kind on this side
            """
        )
    )
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(root)},
        timeout=60, check=True,
    )  # fmt: skip
    folder = Path(done.stdout.strip())
    assert isolation.own_directory(str(folder)), folder
    deadline = time.monotonic() + 10
    while folder.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not folder.exists(), f"{folder} outlived its agent's server"


def test_a_late_answer_never_answers_the_next_question(tmp_path: Path) -> None:
    import threading

    path = tmp_path / "slow_first.py"
    path.write_text(  # slow on the first move only
        "import time\n\ndef act(view):\n    if not view.to_dict()['history']:\n        time.sleep(1.5)\n"
        "    return view.legal_actions()[-1]\n"
    )
    state = town.new_solo("town44", seed=4)
    first = state.view(0)
    state.apply(state.legal_actions()[0])
    second = state.view(0)
    with isolation.IsolatedAgent(str(path), move_seconds=1) as agent:
        late: list[Any] = []
        asker = threading.Thread(target=lambda: late.append(_answer_or_fault(agent, first)))
        asker.start()
        time.sleep(0.3)  # a widget that gave up on the first question asks the next one
        answer = agent.act(second)
        asker.join()
    assert isinstance(late[0], arena.Forfeit) and late[0].reason == "timeout"
    assert town.parse_action(answer, 4) in second.legal_actions()  # the second question's answer, not the first's


def _answer_or_fault(agent: Any, view: Any) -> Any:
    try:
        return agent.act(view)
    except arena.Forfeit as forfeit:
        return forfeit
