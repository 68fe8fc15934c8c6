"""How a seat's agent is asked for a move, and what a fault of the agent becomes: a :class:`Forfeit`.

An agent given to the arena is untrusted. Whatever it does while choosing (raises anything, ``SystemExit``
included; returns something that is not an action; with isolation also hangs, crashes or runs out of memory) is a
forfeit of that game, with a reason (:data:`REASONS`) and a short detail, never an error that stops a tournament.
Its action is read once into plain JSON data (a ``dict`` subclass cannot show the game one move and the record
another), and the game parses that data itself.
"""

from __future__ import annotations

import json
import time
import traceback
from dataclasses import dataclass
from typing import Any

from townwidget.agents import make_agent
from townwidget.agents.clairvoyant import ClairvoyantAgent
from townwidget.core import action_data, agent_label, asks_to_peek, has_action_form, is_agent
from townwidget.core.checks import shown
from townwidget.core.protocol import State

REASONS = ("timeout", "error", "invalid", "crash", "memory")
DETAIL_CHARACTERS = 500  # a forfeit's detail: at most this much of the message or traceback
PACKAGE = "townwidget."  # actions of the package's own games pass to the engine as they are


class Forfeit(Exception):
    """The agent of a seat forfeits the game: ``reason`` is one of :data:`REASONS`."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = clip(detail)

    def words(self) -> str:
        """What the agent did, after "it" (a verdict's words): "raised ValueError: ...", "took too long: ..."."""
        lines = [line.strip() for line in self.detail.splitlines() if line.strip()]
        last = lines[-1] if lines else ""
        if self.reason == "invalid":  # the details of plain_action say what was returned
            return last if last.startswith("returned") else f"returned no action: {last}"
        words = {
            "timeout": f"took too long: {last}",
            "memory": f"ran out of memory ({last})",
            "crash": f"crashed: {last}",
        }
        return words.get(self.reason, f"raised {last}")


def clip(text: str) -> str:
    """At most :data:`DETAIL_CHARACTERS` of ``text``, its end kept (where a traceback names the fault)."""
    return text if len(text) <= DETAIL_CHARACTERS else "..." + text[-(DETAIL_CHARACTERS - 3) :]


def fault_detail(error: BaseException) -> str:
    """The traceback of ``error`` as text, clipped: what a forfeit for an error says."""
    return clip("".join(traceback.format_exception(type(error), error, error.__traceback__)).strip())


def plain_action(action: Any) -> Any:
    """The agent's returned value as the game should parse it: the package's own action objects as they are,
    anything else read once into plain JSON data (so what is played is what is recorded).

    >>> class Lying(dict):
    ...     def get(self, key, default=None):
    ...         return "pass" if key == "type" else super().get(key, default)
    >>> plain_action(Lying(type="place", cell=[0, 0])) == {"type": "place", "cell": [0, 0]}
    True
    """
    if type(action).__module__.startswith(PACKAGE):
        return action
    if not isinstance(action, dict) and not has_action_form(action):
        raise Forfeit("invalid", f"returned {shown(action)}: an action must be a dict or an action object")
    action = action_data(action)
    try:
        return json.loads(json.dumps(action))
    except (TypeError, ValueError, RecursionError) as error:
        raise Forfeit("invalid", f"returned an action that is no JSON data: {error}") from None


@dataclass
class InProcessPlayer:
    """An agent object (or one made from a package name) called in this process: faults are forfeits, but time
    and memory are not bounded (that needs isolation)."""

    agent: Any
    peeks: bool = False  # the package's clairvoyant solver in a solo game where peeking is allowed
    cpu_seconds: float = 0.0

    def choose(self, state: State, seat: int) -> Any:
        given = state.clone() if self.peeks else state.view(seat)
        start = time.process_time()
        try:
            action = self.agent.act(given)
        except KeyboardInterrupt:
            raise
        except MemoryError as error:
            raise Forfeit("memory", fault_detail(error)) from None
        except BaseException as error:  # SystemExit and GeneratorExit too: an agent's exit ends only its game
            raise Forfeit("error", fault_detail(error)) from None
        finally:
            self.cpu_seconds += time.process_time() - start
        return plain_action(action)

    def close(self) -> None:
        """Nothing to stop in this process."""


def in_process_player(spec: Any, seed: int, budget: dict[str, Any], solo: bool, allow_peeking: bool) -> InProcessPlayer:
    """The player for ``spec`` (a package agent name, or an agent object), peeking refused unless allowed."""
    agent = make_agent(spec, seed=seed, **budget) if isinstance(spec, str) else spec
    if not isinstance(spec, str) and not is_agent(spec):
        raise ValueError(
            f"an agent is a name, a submission file (.py) or an object with an act(view) method, not {spec!r}"
        )
    return InProcessPlayer(agent, peeks=check_peeking(agent, solo, allow_peeking))


def check_peeking(agent: Any, solo: bool, allow_peeking: bool) -> bool:
    """Whether ``agent`` is handed full states: only the package's clairvoyant solver, only in solo, only with
    ``allow_peeking``; any other agent that asks (``peeks = True``) is refused in words."""
    if isinstance(agent, ClairvoyantAgent):
        if not solo:
            raise ValueError("the clairvoyant agent plays solo only: it peeks at the piles' order")
        if not allow_peeking:
            raise ValueError(
                "the clairvoyant agent peeks at the full state: pass allow_peeking=True (par runs, reviews) to let it"
            )
        return True
    if asks_to_peek(agent):
        raise ValueError(
            f"agent {agent_label(agent)!r} sets peeks: only the package's clairvoyant solver is ever handed the full "
            "state (solo, with allow_peeking=True); other agents play from their views"
        )
    return False
