"""The process an isolated agent runs in: ``python -m townwidget.arena.agent_process MEMORY_MB PARENT_PID``.

It is a clean interpreter started by :mod:`townwidget.arena.isolation` in a fresh working directory, before it is
told of any game. It reads one JSON message per line on its standard input and answers one per line:

- ``{"op": "start", "agent": SOURCE, "seed": S}``: build the agent anew (a package name, a pickled object, or a
  submission file); answers ``{"ok": true}`` or ``{"fault": "error", "detail": ...}``.
- ``{"op": "act", "player": P, "view": VIEWER_FORM}``: rebuild the view with the code of the game whose
  ``"format"`` the viewer form has,
  ask the agent, answer ``{"action": JSON, "cpu": SECONDS}`` or ``{"fault": REASON, "detail": ...}``.

The agent's own prints go to standard error, not into the answers. The process ends when its input closes or its
parent is gone (the parent removes its working directory); its address space is bounded by ``MEMORY_MB``
(``RLIMIT_AS``).
"""

from __future__ import annotations

import base64
import ctypes
import json
import os
import pickle
import resource
import signal
import sys
import threading
import time
import types
from typing import IO, Any

from townwidget.agents import make_agent
from townwidget.arena.isolation import set_dumpable
from townwidget.arena.players import Forfeit, fault_detail, plain_action
from townwidget.core import action_data, is_agent
from townwidget.core.registry import families

PARENT_POLL_SECONDS = 1.0


def main(argv: list[str]) -> int:
    memory_mb, parent = int(argv[0]), int(argv[1])
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # the agent's prints (fd 1) go to standard error, never into the answers
    sys.stdout = sys.stderr
    questions = sys.stdin.buffer
    sys.stdin = open(os.devnull)  # noqa: SIM115  # the agent reads nothing of the channel
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    set_dumpable(0)  # the other agents' processes (the same user) cannot read this one's view
    drop_capabilities()
    threading.Thread(target=_exit_without, args=(parent,), daemon=True).start()
    families()  # the games' code loaded before the limit, as in any interpreter that plays them
    limit = memory_mb * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    agent: Any = None
    for line in questions:
        message = json.loads(line)
        if message["op"] == "start":
            agent, answer = _start(message)
        else:
            answer = _act(agent, message)
        try:
            _send(answers, answer)
        except OSError:  # the parent is gone (stopped by Ctrl-C): nobody is left to answer
            break
    return 0


def _send(answers: IO[str], answer: dict[str, Any]) -> None:
    answers.write(json.dumps(answer) + "\n")
    answers.flush()


def _start(message: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    try:
        return build_agent(message["agent"], message["seed"]), {"ok": True}
    except KeyboardInterrupt:
        raise
    except MemoryError as error:
        return None, {"fault": "memory", "detail": fault_detail(error)}
    except BaseException as error:  # a submission that raises SystemExit while loading does not end the process
        return None, {"fault": "error", "detail": fault_detail(error)}


def _act(agent: Any, message: dict[str, Any]) -> dict[str, Any]:
    if agent is None:
        return {"fault": "error", "detail": "the agent did not load"}
    view = _view(message["view"], message["player"])
    start = time.process_time()
    try:
        action = plain_action(agent.act(view))
        cpu = time.process_time() - start
        return {"action": action_data(action), "cpu": cpu}
    except KeyboardInterrupt:
        raise
    except Forfeit as forfeit:
        return {"fault": forfeit.reason, "detail": forfeit.detail}
    except MemoryError as error:
        return {"fault": "memory", "detail": fault_detail(error)}
    except BaseException as error:  # SystemExit too: the agent forfeits, the process answers
        return {"fault": "error", "detail": fault_detail(error)}


def _view(data: dict[str, Any], player: int) -> Any:
    """The view rebuilt by its own game's code, found by the viewer form's ``"format"``."""
    game = next(game for game in families() if data.get("format") in game.formats)
    assert game.view_from_dict is not None, f"{game.family} views cannot be rebuilt from their JSON form"
    return game.view_from_dict(data, player)


def build_agent(source: dict[str, Any], seed: int) -> Any:
    """The agent described by ``source``: ``{"kind": "name", "name", "budget"}``, ``{"kind": "pickle", "data"}``
    (base64; cloudpickle's where the agent came from a notebook) or ``{"kind": "file", "path"}``."""
    kind = source["kind"]
    if kind == "name":
        return make_agent(source["name"], seed=seed, **source["budget"])
    if kind == "pickle":
        return as_agent(pickle.loads(base64.b64decode(source["data"])))
    return load_submission(source["path"])


def load_submission(path: str) -> Any:
    """The agent a submission file defines: an object named ``agent`` with ``act(view)``, or a function ``act``."""
    module = types.ModuleType("submission")
    module.__file__ = path
    with open(path, encoding="utf-8") as file:
        code = compile(file.read(), path, "exec")
    sys.modules["submission"] = module  # classes defined in the file find their module (dataclasses need it)
    exec(code, module.__dict__)
    candidate = module.__dict__.get("agent", module.__dict__.get("act"))
    if candidate is None:
        raise ValueError("the file defines neither act(view) nor an object named agent with act(view)")
    return as_agent(candidate)


class FunctionAgent:
    """An agent that is a function ``act(view)``."""

    def __init__(self, function: Any) -> None:
        self.act = function
        self.name = function.__name__


def as_agent(candidate: Any) -> Any:
    """``candidate`` if it has ``act(view)``, a function wrapped as an agent, else a ValueError in words."""
    if is_agent(candidate):
        return candidate
    if isinstance(candidate, types.FunctionType):
        return FunctionAgent(candidate)
    raise ValueError(f"an agent has an act(view) method (or is a function act(view)), not {type(candidate).__name__}")


PR_CAPBSET_DROP, PR_SET_NO_NEW_PRIVS, LAST_CAPABILITY = 24, 38, 63  # Linux prctl(2), capabilities(7)
CAPABILITY_VERSION_3 = 0x20080522


def drop_capabilities() -> None:
    """Linux: give up every capability, for good (bounding set emptied, no new privileges on exec), so that even
    an agent process of root cannot read the memory of the arena's processes, which are not dumpable."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return
    for capability in range(LAST_CAPABILITY + 1):
        libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0)  # fails past the kernel's last one: no matter
    libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
    header = (ctypes.c_uint32 * 2)(CAPABILITY_VERSION_3, 0)
    nothing = (ctypes.c_uint32 * 6)()  # effective, permitted, inheritable; twice (64 capabilities)
    libc.capset(header, nothing)


def _exit_without(parent: int) -> None:
    """End this process once its parent is gone (even while the agent is stuck in a move)."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
