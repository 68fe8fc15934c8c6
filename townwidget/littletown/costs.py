"""What a Little Town move cost, in words, for a review (the game's adapter declares these; advice reads them there):
workers that went hungry at the feeding right after it, a worker whose turn gathered nothing, a building not
built where the review measured building better. In the language of the enclosing
:func:`~townwidget.core.language.speaking` block.

>>> from townwidget.littletown import Done, new_game
>>> game = new_game(players=2, seed=1)
>>> game.apply(game.legal_actions()[0])  # a worker on the first grass space
>>> idle_worker(game, Done()), hungry_after(game, Done(), 0)
(False, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from townwidget.core.language import _, ngettext
from townwidget.littletown.actions import Build, Done
from townwidget.littletown.data import UNFED_PENALTY
from townwidget.littletown.words import move_words

if TYPE_CHECKING:
    from townwidget.littletown.state import State

Moves = list[tuple[Any, Any, Any | None]]  # (position before, move played, the better move measured or None)


def hungry_after(before: State, action: Any, player: int) -> int:
    """How many of ``player``'s workers go hungry at a feeding that ``action`` brings about (its own ``Feed``, or
    the end of the round it triggers, whose single-choice feedings the game takes at once)."""
    after = before.clone()
    after.apply(action)
    lost = before.vp[player]["feeding"] - after.vp[player]["feeding"]
    return lost // UNFED_PENALTY


def idle_worker(before: State, action: Any) -> bool:
    """Whether ``action`` ends a worker's turn in which it gathered nothing and activated no building."""
    turn = before.turn
    if not isinstance(action, Done) or before.phase != "act" or turn.worker is None:
        return False
    yields, reserve = before.terrain.yields[turn.worker], before.reserve
    still = sum(min(yields[r], reserve[r]) for r in range(3) if r not in turn.gathered)
    return not (still or sum(turn.harvested) or turn.activated)


def building_missed(action: Any, better: Any | None) -> bool:
    """Whether the review measured building better than the move played, which built nothing."""
    return isinstance(better, Build) and not isinstance(action, Build)


def move_notes(before: State, action: Any, better: Any | None, player: int) -> tuple[str, ...]:
    """What the move cost in Little Town's own terms (empty when nothing stands out)."""
    notes = []
    hungry = hungry_after(before, action, player)
    if hungry:
        went = ngettext("{count} worker went hungry: -{vp} VP", "{count} workers went hungry: -{vp} VP", hungry)
        notes.append(went.format(count=hungry, vp=hungry * UNFED_PENALTY))
    if idle_worker(before, action):
        notes.append(_("this worker gathered nothing"))
    if building_missed(action, better):
        building = move_words(better, before.rules.restaurant_gives)
        notes.append(_("a building not built (best measured: {best})").format(best=building))
    return tuple(notes)


def cost_words(final: State, player: int, moves: Moves) -> str:
    """What cost ``player`` most over the game, costliest first: the VP lost to feeding, the workers that gathered
    nothing, the buildings not built where building measured better ("" when none of these happened)."""
    parts = []
    lost = -final.vp[player]["feeding"]
    if lost:
        hungry = lost // UNFED_PENALTY
        feeding = ngettext(
            "feeding cost {vp} VP ({count} hungry worker)", "feeding cost {vp} VP ({count} hungry workers)", hungry
        )
        parts.append(feeding.format(vp=lost, count=hungry))
    idle = sum(idle_worker(before, action) for before, action, _better in moves)
    if idle:
        gathered = ngettext("{count} worker gathered nothing", "{count} workers gathered nothing", idle)
        parts.append(gathered.format(count=idle))
    missed = sum(building_missed(action, better) for _before, action, better in moves)
    if missed:
        built = ngettext("{count} building not built", "{count} buildings not built", missed)
        parts.append(built.format(count=missed))
    return _("; ").join(parts)
