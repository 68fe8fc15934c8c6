"""Isolated agents remember nothing from one game to the next: each game is played by a fresh child of the agent's
fork server, which loaded the agent before any game and never sees a view."""

from __future__ import annotations

import os
import socket
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from townwidget import arena

SEEN: list[str] = []  # a module global of the agent's process
MEMORY_FILE = "memory.txt"  # in the agent's working directory
MEMORY_VARIABLE = "TOWNWIDGET_TEST_MEMORY"


class Remembers:
    """Plays its first legal action, and keeps a mark of its game (new when a view's history is no longer than the
    last one's) in a module global, a class attribute, a file in its working directory and an environment variable.
    It forfeits with "remembered ..." as soon as any of them holds the mark of another game."""

    name = "remembers"
    marks: list[str] = []  # noqa: RUF012  # a class attribute, on purpose

    def __init__(self) -> None:
        self.mark = ""
        self.moves_seen = -1

    def act(self, view: Any) -> Any:
        moves = len(view.to_dict()["history"])
        if moves <= self.moves_seen or not self.mark:
            self.mark = os.urandom(8).hex()
        self.moves_seen = moves
        stores = {
            "a module global": SEEN,
            "a class attribute": type(self).marks,
            "a file": Path(MEMORY_FILE).read_text().split() if Path(MEMORY_FILE).exists() else [],
            "an environment variable": os.environ.get(MEMORY_VARIABLE, "").split(),
        }
        for where, marks in stores.items():
            if any(mark != self.mark for mark in marks):
                raise RuntimeError(f"remembered {where}")
        SEEN.append(self.mark)
        type(self).marks.append(self.mark)
        with open(MEMORY_FILE, "a") as file:
            file.write(self.mark + "\n")
        os.environ[MEMORY_VARIABLE] = os.environ.get(MEMORY_VARIABLE, "") + " " + self.mark
        return view.legal_actions()[0]


class LeavesAListener(Remembers):
    """Also leaves a process behind at its first game (listening on an abstract Unix socket named after the test's
    process), and forfeits with "remembered ..." if a later game reaches it."""

    name = "listener"

    def __init__(self, address: str) -> None:
        super().__init__()
        self.address = address

    def act(self, view: Any) -> Any:
        if not self.mark:
            probe = socket.socket(socket.AF_UNIX)
            try:
                probe.connect(self.address)
            except OSError:
                self.leave_listener()
            else:
                raise RuntimeError("remembered a process left by an earlier game")
            finally:
                probe.close()
        return super().act(view)

    def leave_listener(self) -> None:
        if os.fork() == 0:
            os.setsid()  # its own session too: still ended with the game
            if os.fork() == 0:
                listener = socket.socket(socket.AF_UNIX)
                listener.bind(self.address)
                listener.listen()
                time.sleep(60)
            os._exit(0)
        os.wait()
        time.sleep(0.2)  # the grandchild listens


def forfeits(result: arena.Tournament) -> list[dict[str, Any]]:
    return [forfeit for record in result.records for forfeit in record.forfeits]


def test_without_isolation_the_memory_is_there(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(MEMORY_VARIABLE, "")
    monkeypatch.setattr(Remembers, "marks", [])
    monkeypatch.setattr(sys.modules[__name__], "SEEN", [])
    result = arena.solo_run(Remembers(), game="town44", deals=2, seed=1, progress=False)
    assert [[forfeit["detail"].splitlines()[-1] for forfeit in record.forfeits] for record in result.records] == [
        [],
        ["RuntimeError: remembered a module global"],
    ]  # the agent finds what it kept: the tests below could fail


def test_no_game_of_a_rotated_tournament_remembers_an_earlier_one() -> None:
    for seed in (3, None):
        agents = [Remembers(), "greedy", "random"]
        result = arena.tournament(agents, game="town44", games=6, seed=seed, rotate=True, isolate=True, progress=False)
        assert len(result.records) == 6 and forfeits(result) == []
        assert {record.players.index("remembers") for record in result.records} == {0, 1, 2}


def test_no_deal_of_a_solo_run_remembers_an_earlier_one() -> None:
    for workers in (1, 2):
        options: dict[str, Any] = {"game": "town44", "deals": 4, "seed": 1, "workers": workers, "progress": False}
        result = arena.solo_run(Remembers(), isolate=True, **options)
        assert [record.forfeits for record in result.records] == [[]] * 4
        assert all(record.result["placed"] > 0 for record in result.records)


def test_a_process_left_behind_ends_with_its_game() -> None:
    address = f"\0townwidget-test-listener-{os.getpid()}"
    result = arena.solo_run(LeavesAListener(address), game="town44", deals=3, seed=1, isolate=True, progress=False)
    assert forfeits(result) == []
    probe = socket.socket(socket.AF_UNIX)
    try:
        probe.connect(address)
        reached = True
    except OSError:
        reached = False
    finally:
        probe.close()
    assert not reached


def assert_plays_alone(path: Path, code: str) -> None:
    """The submission ``code``, saved at ``path``, plays two solo deals without a forfeit, in the sandbox (where
    it runs: each game loads the submission afresh) and as a plain process (the server loads it once and undoes
    what the load left)."""
    path.write_text(textwrap.dedent(code))
    for isolate in ("auto", "process"):
        result = arena.solo_run(str(path), game="town44", deals=2, seed=1, progress=False, isolate=isolate)
        assert forfeits(result) == [] and all(record.result["placed"] > 0 for record in result.records), isolate


def test_a_thread_started_while_loading_ends_before_any_game(tmp_path: Path) -> None:
    address = f"\0townwidget-test-thread-{os.getpid()}"
    assert_plays_alone(
        tmp_path / "keeper.py",
        f"""
            import socket, threading

            ADDRESS = {address!r}
            kept = []
            SENT = []  # what this game told the thread

            def keep(listener):
                while True:
                    connection, _ = listener.accept()
                    connection.sendall(repr(kept).encode() + b"\\n")
                    kept.append(connection.recv(100).decode())

            listener = socket.socket(socket.AF_UNIX)
            listener.bind(ADDRESS)
            listener.listen()
            threading.Thread(target=keep, args=(listener,), daemon=True).start()

            def act(view):
                probe = socket.socket(socket.AF_UNIX)
                try:
                    probe.connect(ADDRESS)
                except OSError:
                    return view.legal_actions()[0]
                told = probe.recv(1000).decode().strip()
                if told != repr(SENT):  # its own game's thread (in the sandbox each game loads afresh) knows this game
                    raise RuntimeError("remembered " + told)
                SENT.append(str(len(view.to_dict()["history"])))
                probe.sendall(SENT[-1].encode())
                return view.legal_actions()[0]
            """,
    )


def test_memory_shared_while_loading_is_each_games_own(tmp_path: Path) -> None:
    assert_plays_alone(
        tmp_path / "shared.py",
        """
            import mmap

            PAGE = mmap.mmap(-1, 4096)  # shared with the processes this one forks
            PAGE[1] = 7
            STARTED = []  # this game's first move is made

            def act(view):
                if not STARTED:
                    if PAGE[0]:
                        raise RuntimeError("remembered shared memory")
                    PAGE[0] = PAGE[1]
                    STARTED.append(True)
                return view.legal_actions()[0]
            """,
    )


def test_a_submission_never_sees_a_seed_while_it_loads(tmp_path: Path) -> None:
    finder = tmp_path / "finder.py"
    finder.write_text(
        textwrap.dedent(
            """
            import sys

            FOUND = []
            frame = sys._getframe()
            while frame is not None:
                FOUND += [value for name, value in frame.f_locals.items() if "seed" in name and value]
                frame = frame.f_back

            def act(view):
                if FOUND:
                    raise RuntimeError(f"found {FOUND}")
                return view.legal_actions()[0]
            """
        )
    )
    result = arena.tournament([str(finder), "greedy"], game="town44", games=2, seed=5, progress=False)
    assert forfeits(result) == []
