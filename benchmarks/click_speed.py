"""Click speed: the Python time of one click on a Town 44 solo widget, and what it runs (calls, functions, files).

A click here is what the front end sends when the player picks a pile and places its top: the intents
``{"intent": "select", "pile": p}`` and ``{"intent": "place", "cell": [r, c]}``, handled as the widget handles
every browser message (``_receive_intent``: parse, play, publish the traits), on a widget without a browser (its
comm sends nowhere). Each game is played to its end by the first legal placement; the time of each pair is taken
with ``time.perf_counter``. One pair of the first game of each run is profiled besides (``cProfile``): the Python
calls it makes, the functions and the files they are in.

    python benchmarks/click_speed.py [--games 20] [--runs 5]

Prints the mean time of a click (the pair) with its 95% t interval over the runs, and the profile's counts (all
Python functions, and the package's own), and
saves them to ``benchmarks/results/`` (``benchmarks/results.py``; ``docs/benchmarks.md``).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from typing import Any

import results

from townwidget.widget import TownWidget


def click(widget: Any, action: Any) -> None:
    """Pick the pile of a placement and place its top, as the browser's two messages."""
    widget._receive_intent(widget, {"intent": "select", "pile": action.pile}, [])
    widget._receive_intent(widget, {"intent": "place", "cell": list(action.cell)}, [])


def game_clicks(seed: int) -> list[float]:
    """The seconds of every click of one game, played to its end by the first legal placement."""
    widget, seconds = TownWidget("town44", seed=seed), []
    while not widget.state.is_terminal():
        action = widget.state.legal_actions()[0]
        start = time.perf_counter()
        click(widget, action)
        seconds.append(time.perf_counter() - start)
    widget.close()
    return seconds


def profiled_click(seed: int, within: str = "") -> tuple[int, int, int]:
    """(Python calls, functions, files) of the first click of the game of ``seed``, counting the functions whose
    file's path holds ``within`` ("": all of them; ``"townwidget"``: the package's own)."""
    widget = TownWidget("town44", seed=seed)
    action = widget.state.legal_actions()[0]
    profile = cProfile.Profile()
    profile.runcall(click, widget, action)
    widget.close()
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    python = {key: value for key, value in stats.items() if within in key[0] and not key[0].startswith("~")}
    calls = sum(value[1] for value in python.values())
    return calls, len(python), len({file for file, _line, _name in python})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    game_clicks(0)  # warm up: imports, caches
    means = []
    for run in range(args.runs):
        seconds = [value for seed in range(args.games) for value in game_clicks(1000 * run + seed)]
        means.append(1000 * sum(seconds) / len(seconds))
    figures = [results.mean_figure("Town 44 solo click (select + place), Python time", means, "ms")]
    print(f"a click: {figures[0].value:.3f} ms {figures[0].interval}")
    for within, whose in (("", "all Python"), ("townwidget", "the package's")):
        calls, functions, files = profiled_click(1, within)
        print(f"  {whose}: {calls} calls, {functions} functions, {files} files")
        figures += [
            results.Figure(f"Town 44 solo click: {whose} calls", calls, "calls"),
            results.Figure(f"Town 44 solo click: {whose} functions", functions, "functions"),
            results.Figure(f"Town 44 solo click: {whose} files", files, "files"),
        ]
    results.save(__file__, figures)


if __name__ == "__main__":
    main()
