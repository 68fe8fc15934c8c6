"""Hostile submissions in the sandbox (issue 44): each attack its own file, played isolated; none reaches the arena,
another agent, an earlier game or the league's files, and none costs more than its own game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from townwidget import arena
from townwidget.arena import sandbox
from townwidget.arena.isolation import IsolatedAgent

pytestmark = pytest.mark.skipif(
    sandbox.sandbox_problem() is not None, reason=f"no sandbox here: {sandbox.sandbox_problem()}"
)

ROOT = Path(__file__).resolve().parents[1]
SECRET_SEED = 987_654_321_123

# Each hostile agent reports what it found by raising it: the forfeit's detail carries it to the test.
SPY = """
import os
def act(view):
    pids = sorted(int(entry) for entry in os.listdir("/proc") if entry.isdigit())
    told = b""
    for pid in pids:
        for part in ("cmdline", "environ"):
            try:
                told += open(f"/proc/{pid}/{part}", "rb").read()
            except OSError:
                pass
    try:
        open("/proc/1/mem", "rb").read(1)
        mem = "readable"
    except OSError:
        mem = "unreadable"
    raise RuntimeError(
        f"uid {os.getuid()} pids {pids} mem {mem} seed {b'SEED' in told} token {b'do-not-tell' in told} "
        f"server {b'agent_process' in told} root {sorted(os.listdir('/'))}"
    )
""".replace("SEED", str(SECRET_SEED))

KILLER = """
import os, signal
def act(view):
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) != os.getpid():
            for number in (signal.SIGSTOP, signal.SIGKILL):
                try:
                    os.kill(int(entry), number)
                except OSError:
                    pass
    return view.legal_actions()[0]
"""

STOPS_ITS_SERVER = """
import os, signal
def act(view):
    os.kill(os.getppid(), signal.SIGSTOP)
    return view.legal_actions()[0]
"""

HANGS_AFTER_THE_CHECK = """
import os, time
if os.getpid() > 3:  # the load check's trial child is pid 3 of its sandbox; a game's child comes later
    time.sleep(120)
def act(view):
    return view.legal_actions()[0]
"""

OUTLIVES = """
import ctypes, os
CLONE_PARENT, SIGCHLD, SYS_CLONE = 0x8000, 17, 56
def act(view):
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.syscall(SYS_CLONE, CLONE_PARENT | SIGCHLD, 0, 0, 0, 0) == 0:
        os.execv("/bin/sleep", ["sleep", "31.4159"])
    if os.fork() == 0:
        os.setsid()
        os.execv("/bin/sleep", ["sleep", "31.4159"])
    return view.legal_actions()[0]
"""

NOTES = """
import ctypes, os
IPC_CREAT, KEY = 0o1000, 0x7077
PLAYED = []  # this game's moves (a game's child starts afresh)
def act(view):
    if not PLAYED:
        found = [path for path in ("/tmp/notes", "/dev/shm/notes", os.path.expanduser("~/n")) if os.path.exists(path)]
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.shmget(KEY, 4096, 0o600) != -1:
            found.append("shm")
        if found:
            raise RuntimeError(f"notes of an earlier game: {found}")
        for path in ("/tmp/notes", "/dev/shm/notes"):
            with open(path, "w") as out:
                out.write(repr(view.to_dict()))
        libc.shmget(KEY, 4096, IPC_CREAT | 0o600)
    PLAYED.append(view)
    return view.legal_actions()[0]
"""

GREEDY_CHILDREN = """
import os, time
def act(view):
    for _ in range(6):
        if os.fork() == 0:
            hoard = bytearray(168 * 2**20)
            for index in range(0, len(hoard), 4096):
                hoard[index] = 1
            time.sleep(30)
            os._exit(0)
    time.sleep(3)
    return view.legal_actions()[0]
"""

BURNERS = """
import os, time
def act(view):
    pids = []
    for _ in range(3):
        pid = os.fork()
        if pid == 0:
            while True:
                pass
        pids.append(pid)
    def used():
        ticks = 0
        for pid in pids:
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])
        return ticks / os.sysconf("SC_CLK_TCK")
    time.sleep(0.3)
    before, start = used(), time.monotonic()
    time.sleep(1.5)
    raise RuntimeError(f"burners' share {(used() - before) / (time.monotonic() - start):.2f} CPUs")
"""

PRINTS = """
import sys
print("a secret of NAME's", file=sys.stderr)
def act(view):
    print("NAME thinks", file=sys.stderr)
    try:
        told = open("/proc/self/fd/2", "r").read()
    except OSError:
        told = ""
    if "secret" in told:
        raise RuntimeError("read back: " + told)
    return view.legal_actions()[0]
"""


def submission(folder: Path, name: str, code: str) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.py"
    path.write_text(textwrap.dedent(code))
    return str(path)


def details(records: list[Any], agent: str) -> list[str]:
    return [forfeit["detail"] for record in records for forfeit in record.forfeits if forfeit["agent"] == agent]


def test_an_agent_sees_only_its_own_sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOWNWIDGET_TEST_TOKEN", "do-not-tell")
    spy = submission(tmp_path / "class", "spy", SPY)
    submission(tmp_path / "class", "neighbour", "def act(view):\n    return view.legal_actions()[0]\n")
    result = arena.tournament([spy], game="town44", games=1, seed=SECRET_SEED, progress=False)
    (detail,) = details(result.records, "spy")
    assert f"uid {65534 if os.geteuid() == 0 else os.getuid()} pids [1, 2, " in detail, detail  # its own only
    assert "mem unreadable seed False token False server True" in detail, detail  # no seed, no variable of ours
    assert "'home'" not in detail and "'var'" not in detail  # the system and the interpreter only
    assert result.isolation == "sandbox" and "sandbox" in result.table()


def test_the_sandbox_shows_no_submission_and_no_file_of_the_arena(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    other = submission(folder, "other", "SECRET = 42\ndef act(view):\n    return view.legal_actions()[0]\n")
    records = tmp_path / "records.jsonl"
    records.write_text("the arena's record\n")
    looker = f"""
    import os
    def act(view):
        seen = []
        for path in ({other!r}, {str(records)!r}, {str(folder)!r}, {str(tmp_path)!r}):
            try:
                seen.append(os.listdir(path) if os.path.isdir(path) else open(path).read())
            except OSError as error:
                seen.append(type(error).__name__)
        raise RuntimeError(repr(seen))
    """
    spec = submission(folder, "looker", looker)
    play = arena.play_game([spec], game="town44", seed=1)
    detail = play.forfeits[0]["detail"]
    assert "SECRET" not in detail and "arena's record" not in detail and "other.py" not in detail, detail
    assert "FileNotFoundError" in detail or "[]" in detail


def test_an_agent_cannot_stop_or_kill_its_opponent_or_the_arena(tmp_path: Path) -> None:
    killer = submission(tmp_path, "killer", KILLER)
    start = time.monotonic()
    result = arena.tournament([killer, "greedy"], game="town44", games=2, isolate=True, progress=False)
    assert not details(result.records, "greedy")  # the honest agent never forfeits
    assert time.monotonic() - start < 30


def test_an_agent_that_stops_its_server_costs_only_its_own_games(tmp_path: Path) -> None:
    stopper = submission(tmp_path, "stopper", STOPS_ITS_SERVER)
    start = time.monotonic()
    result = arena.tournament([stopper, "greedy"], game="town44", games=2, isolate=True, move_seconds=1, progress=False)
    assert len(result.records) == 2 and not details(result.records, "greedy")
    assert time.monotonic() - start < 40


def test_a_load_that_hangs_after_the_league_checked_it_costs_its_games_not_minutes(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    submission(folder, "hangs", HANGS_AFTER_THE_CHECK)
    submission(folder, "honest", "def act(view):\n    return view.legal_actions()[0]\n")
    start = time.monotonic()
    result = arena.league(str(folder), game="town44", games=1, move_seconds=1, progress=False)
    elapsed = time.monotonic() - start
    hung = details(result.records, "hangs")
    assert len(hung) == 1 and "did not load within" in hung[0], hung
    assert not details(result.records, "honest")
    assert elapsed < 30, elapsed  # a load is bounded by twice the checked one, plus a second


def sleepers() -> list[str]:
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            if (entry / "cmdline").read_bytes() == b"sleep\x0031.4159\x00":
                found.append(entry.name)
        except OSError:
            pass
    return found


def test_nothing_an_agent_starts_outlives_its_game_or_the_run(tmp_path: Path) -> None:
    spec = submission(tmp_path, "outlives", OUTLIVES)
    with IsolatedAgent(spec) as agent:
        from townwidget import town

        state = town.new_solo("town44", seed=2)
        agent.act(state.view(0))
        agent._player.stop()  # the game ends: its processes with it
        assert not sleepers()
        agent.act(state.view(0))
    assert not sleepers()


def test_no_note_survives_from_one_game_to_the_next(tmp_path: Path) -> None:
    spec = submission(tmp_path, "notes", NOTES)
    result = arena.tournament([spec, "greedy"], game="town44", games=4, progress=False)  # each deal from both seats
    assert not details(result.records, "notes"), details(result.records, "notes")
    # as a plain process it shares the user's /tmp: what the sandbox stops is there to find
    plain = arena.tournament([spec, "greedy"], game="town44", games=2, isolate="process", progress=False)
    assert "notes of an earlier game: ['/tmp/notes', '/dev/shm/notes'" in details(plain.records, "notes")[-1]
    for path in ("/tmp/notes", "/dev/shm/notes"):
        Path(path).unlink(missing_ok=True)
    subprocess.run(["ipcrm", "-M", "0x7077"], capture_output=True, check=False)


@pytest.mark.skipif(sandbox.bounds() != "cgroup", reason="only a control group bounds a process tree's memory")
def test_children_past_the_memory_limit_are_a_memory_forfeit(tmp_path: Path) -> None:
    spec = submission(tmp_path, "children", GREEDY_CHILDREN)
    play = arena.play_game([spec], game="town44", seed=1, agent_memory_mb=512, move_seconds=10)
    assert [forfeit["reason"] for forfeit in play.forfeits] == ["memory"], play.forfeits


def test_each_agent_has_its_own_standard_error(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    from townwidget import town

    first = submission(tmp_path / "a", "first", PRINTS.replace("NAME", "first"))
    second = submission(tmp_path / "b", "second", PRINTS.replace("NAME", "second"))
    with IsolatedAgent(first) as one, IsolatedAgent(second) as two:
        state = town.new_solo("town44", seed=3)
        one.act(state.view(0))
        two.act(state.view(0))
        time.sleep(0.2)  # the pipes' readers catch up
        assert "first thinks" in one.stderr() and "second" not in one.stderr()
        assert "second thinks" in two.stderr() and "first" not in two.stderr()
    assert "thinks" not in capfd.readouterr().err  # not the arena's own standard error


@pytest.fixture
def world_readable() -> Iterator[Path]:
    """A folder nobody can read (pytest's are root's own)."""
    folder = Path(tempfile.mkdtemp(prefix="townwidget-league-"))
    folder.chmod(0o777)
    try:
        yield folder
    finally:
        subprocess.run(["rm", "-rf", str(folder)], check=False)


NOBODY = ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups"]
RUNS = "import os, sys, townwidget.arena; sys.exit(not os.access(os.path.realpath(sys.executable), os.X_OK))"


def interpreter_of_nobody() -> str | None:
    """An interpreter nobody can run with the package (this one may live in root's home)."""
    for candidate in dict.fromkeys((sys.executable, "/usr/bin/python3")):
        done = subprocess.run(
            [*NOBODY, candidate, "-c", RUNS], capture_output=True, env={"PYTHONPATH": str(ROOT)}, check=False
        )
        if done.returncode == 0:
            return candidate
    return None


@pytest.mark.skipif(os.geteuid() != 0, reason="becoming nobody needs root")
def test_the_league_runs_as_an_unprivileged_user_with_every_record(world_readable: Path) -> None:
    python = interpreter_of_nobody()
    assert python is not None, "no interpreter here that nobody may run"
    folder = world_readable / "class"
    submission(folder, "honest", "def act(view):\n    return view.legal_actions()[0]\n")
    submission(folder, "killer", KILLER)
    folder.chmod(0o755)
    for path in folder.iterdir():
        path.chmod(0o644)
    command = [*NOBODY, python, "-m", "townwidget", "league", str(folder), "--game", "town44", "--games", "2"]
    command += ["--csv", str(world_readable / "board.csv"), "--no-progress"]
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=world_readable, env=environment)
    assert done.returncode == 0, done.stderr
    assert "isolated agents: sandbox" in done.stdout  # bubblewrap makes its own user namespace
    lines = [json.loads(line) for line in (world_readable / "board.games.jsonl").read_text().splitlines()[1:]]
    assert len(lines) == 4 and {line["isolate"] for line in lines} == {"sandbox"}
    assert not [line for line in lines if line["record"]["forfeits"] and line["record"]["players"] == ["honest"]]


@pytest.mark.skipif(sandbox.bounds() != "cgroup", reason="control groups are made by root only")
def test_the_groups_of_a_killed_arena_are_removed_by_the_next(tmp_path: Path) -> None:
    script = "from townwidget.arena import sandbox; import os; sandbox.ControlGroup.create(256); print(os.getpid())"
    script += "; os._exit(0)"
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    killed = subprocess.run([sys.executable, "-c", script], env=environment, capture_output=True, text=True, check=True)

    def left() -> list[Path]:
        pattern = f"townwidget-{killed.stdout.strip()}-*"
        return [*sandbox.CGROUP_ROOT.glob(pattern), *sandbox.CGROUP_ROOT.glob(f"*/{pattern}")]

    assert left()
    sandbox.ControlGroup.create(256).remove()  # type: ignore[union-attr]
    assert not left()


@pytest.mark.skipif(sandbox.bounds() != "cgroup", reason="only a control group bounds a process tree's CPU")
def test_an_agents_busy_helpers_share_one_cpu(tmp_path: Path) -> None:
    spec = submission(tmp_path, "burners", BURNERS)
    play = arena.play_game([spec], game="town44", seed=1, move_seconds=10)
    share = float(play.forfeits[0]["detail"].split("burners' share ")[1].split()[0])
    assert share <= 1.15, share  # three busy processes, one CPU's time between them: the opponent keeps the rest
