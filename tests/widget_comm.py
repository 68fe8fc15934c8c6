"""A stand-in for the browser's end of a widget's comm, for the widget protocol tests (no browser, no kernel)."""

from __future__ import annotations

import json
from typing import Any

import comm
import pytest


class FrontEnd:
    """Stands in for the browser's end of one widget's comm: keeps what Python sends, delivers intents."""

    kernel = "a kernel"  # ipywidgets sends only on comms that have one

    def __init__(self, data: dict[str, Any], comm_id: str) -> None:
        self.comm_id = comm_id
        self.messages: list[dict[str, Any]] = [{"method": "open", **data}]
        self.handler: Any = None

    def send(self, data: dict[str, Any], metadata: Any = None, buffers: Any = None) -> None:
        self.messages.append(json.loads(json.dumps(data)))  # what would go over the wire

    def on_msg(self, callback: Any) -> None:
        self.handler = callback

    def close(self, *args: Any, **kwargs: Any) -> None:
        pass

    def deliver(self, data: dict[str, Any], wait: bool = True) -> list[dict[str, Any]]:
        """A message from the browser; returns the messages Python sent in answer (by default once the opponents,
        who think on a worker thread after a move from the browser, have moved too)."""
        before = len(self.messages)
        self.handler({"content": {"data": data}, "buffers": []})
        widget = getattr(self.handler, "__self__", None)  # the handler is the widget's bound method
        if wait and widget is not None:
            assert widget.wait(timeout=60), "the opponents did not finish moving within 60 s"
        return self.messages[before:]

    def intent(self, **content: Any) -> list[dict[str, Any]]:
        return self.deliver({"method": "custom", "content": content})

    def intent_now(self, **content: Any) -> list[dict[str, Any]]:
        """An intent, without waiting for the opponents: the answer is what Python sent at once."""
        return self.deliver({"method": "custom", "content": content}, wait=False)

    def model(self) -> dict[str, Any]:
        """The browser's copy of the traits: the opening state with every update applied."""
        merged: dict[str, Any] = {}
        for message in self.messages:
            merged.update(message.get("state", {}))
        return merged


def use_front_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every widget made from now on gets a FrontEnd as its comm (``widget.comm``)."""
    count = iter(range(1_000_000))
    monkeypatch.setattr(comm, "create_comm", lambda **kwargs: FrontEnd(kwargs.get("data", {}), f"comm-{next(count)}"))


def browser_of(widget: Any) -> FrontEnd:
    assert isinstance(widget.comm, FrontEnd)
    return widget.comm


def updates(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [message for message in messages if message.get("method") == "update"]


def assert_refused(widget: Any, browser: FrontEnd, content: Any, expected: str) -> None:
    """The intent is refused: its reason is shown (in Python and in the browser's model), the game and the move log
    are unchanged, and exactly one update goes back to the browser."""
    before, log = widget.state.to_dict(), browser.model()["moves"]
    answer = browser.deliver({"method": "custom", "content": content})
    assert expected in widget.error, widget.error
    assert widget.state.to_dict() == before
    assert browser.model()["error"] == widget.error and browser.model()["moves"] == log
    assert len(updates(answer)) == 1


class SpyAgent:
    """An opponent that plays the first legal action and keeps every view it was given (in ``seen``)."""

    name = "spy"

    def __init__(self) -> None:
        self.seen: list[Any] = []

    def act(self, view: Any) -> Any:
        self.seen.append(view)
        return view.legal_actions()[0]
