"""Per-agent summaries of a tournament's records (win rate, rank, score, each with a 95% interval; forfeits; peeking)
and their plain-text table."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from townwidget.arena.intervals import clustered_wilson_interval, mean_interval
from townwidget.arena.labels import escaped
from townwidget.arena.players import REASONS
from townwidget.core.registry import GameRecord, lookup


def summarize(records: Sequence[GameRecord], labels: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Per agent label: ``games``, ``win_rate`` (rank 1; solo: a full board) with its 95% Wilson interval
    clustered by deal (the games of one deal, played from every seat, share its luck:
    :func:`~townwidget.arena.intervals.clustered_wilson_interval`),
    ``mean_rank`` and ``mean_score`` (the game's score, named by ``score_name``: Town solo, tiles placed; Town
    multiplayer, tiles left in hand; Little Town, VP), each with a 95% interval; ``forfeits`` (count per reason,
    see :data:`~townwidget.arena.players.REASONS`) and ``peeked`` (whether the agent was ever handed a full state).
    The records are of one game; the rows depend on nothing else (CPU times are the league's, :mod:`.league`).

    >>> record = GameRecord("town44", 0, ["a", "b"], [], {"ranks": [1, 2], "tiles_left": [0, 3]}, [1, 0], {})
    >>> rows = summarize([record])
    >>> rows[0]["agent"], rows[0]["win_rate"], rows[1]["mean_score"], rows[1]["score_name"]
    ('a', 1.0, 3.0, 'tiles left')
    """
    by_label: dict[str, dict[str, list[float]]] = {}
    by_deal: dict[str, dict[int, list[int]]] = {}  # per label, per deal: [wins, games]
    for record in records:
        solo = len(record.players) == 1
        game = lookup(record.game)
        for seat, label in enumerate(record.players):
            stats = by_label.setdefault(label, {"wins": [], "ranks": [], "scores": []})
            stats["scores"].append(game.score(record.result, seat))
            if solo:
                stats["wins"].append(float(record.returns[0] == 1.0))
                stats["ranks"].append(1.0)
            else:
                rank = record.result["ranks"][seat]
                stats["wins"].append(float(rank == 1))
                stats["ranks"].append(rank)
            deal = by_deal.setdefault(label, {}).setdefault(record.seed, [0, 0])
            deal[0] += int(stats["wins"][-1])
            deal[1] += 1
    forfeits = {label: dict.fromkeys(REASONS, 0) for label in by_label}
    peeked = {label: False for label in by_label}
    for record in records:
        for forfeit in record.forfeits:
            forfeits[forfeit["agent"]][forfeit["reason"]] += 1
        for label, peek in zip(record.players, record.peeked, strict=False):  # records before 'peeked' have none
            peeked[label] = peeked[label] or peek
    order = list(labels) if labels is not None else list(by_label)
    rows = []
    for label in dict.fromkeys(order):
        if label not in by_label:
            continue
        stats = by_label[label]
        wins = sum(stats["wins"])
        games = len(stats["wins"])
        rows.append(
            {
                "agent": label,
                "solo": len(records[0].players) == 1,
                "games": games,
                "win_rate": wins / games,
                "win_ci": clustered_wilson_interval(*zip(*by_deal[label].values(), strict=True)),
                "mean_rank": statistics.fmean(stats["ranks"]),
                "rank_ci": mean_interval(stats["ranks"], bounds=(1, len(records[0].players))),
                "mean_score": statistics.fmean(stats["scores"]),
                "score_ci": mean_interval(stats["scores"]),
                "score_name": lookup(records[0].game).score_name(len(records[0].players)),
                "forfeits": {reason: count for reason, count in forfeits[label].items() if count},
                "peeked": peeked[label],
            }
        )
    return rows


def format_summary(rows: Sequence[dict[str, Any]]) -> str:
    """The summary as a plain-text table; the score column is headed by what it counts (e.g. "VP [95% CI]"), an
    agent that peeked is marked so, and where any agent forfeited a last column counts the forfeits by reason."""
    solo = any(row["solo"] for row in rows)
    score_head = f"{rows[0]['score_name'] if rows else 'score'} [95% CI]"
    faults = any(row.get("forfeits") for row in rows)
    last = 24 if faults else 0  # the last column's width: padded only when the forfeits follow it
    if solo:
        head = f"{'agent':<16} {'deals':>6}  {score_head:<24} {'full boards':>11}"
    else:
        head = f"{'agent':<16} {'games':>6}  {'win rate [95% CI]':<22} {'mean rank [95% CI]':<22} {score_head:<{last}}"
    head += "  forfeits" if faults else ""
    lines = [head, "-" * len(head)]
    for row in rows:
        agent = escaped(row["agent"]) + (" (peeked)" if row.get("peeked") else "")
        score = f"{row['mean_score']:.2f} [{row['score_ci'][0]:.2f}, {row['score_ci'][1]:.2f}]"
        if solo:
            line = f"{agent:<16} {row['games']:>6}  {score:<24} {row['win_rate']:>11.1%}"
        else:
            win = f"{row['win_rate']:.3f} [{row['win_ci'][0]:.3f}, {row['win_ci'][1]:.3f}]"
            rank = f"{row['mean_rank']:.2f} [{row['rank_ci'][0]:.2f}, {row['rank_ci'][1]:.2f}]"
            line = f"{agent:<16} {row['games']:>6}  {win:<22} {rank:<22} {score:<{last}}"
        if faults:
            line += "  " + (", ".join(f"{reason} {count}" for reason, count in row.get("forfeits", {}).items()) or "-")
        lines.append(line)
    return "\n".join(lines)
