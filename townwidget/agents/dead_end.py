"""The exact chance that a Town solo game ends within the next draws: the search's guard against dead ends.

A solo game ends when no pile top can be placed. Early on that can happen within a move or two (Town 77 deal 8019:
two pile tops of one colour, the pioneer of that colour in the corner, then more of it drawn: a city of 4 tiles
with no cell for any top), and a search that rates moves by sampled futures sees so rare and so sudden an end
only as noise: the four openings there were rated within 0.1 tile of each other, and some seeds lost the game.

The chance is cheap to compute exactly from the view alone: the new top of the pile a tile was taken from is
a uniform draw among the unseen tiles (the player knows which tiles are below the tops, not their order).
:func:`end_risks` gives, for each legal move, the chance that the game is over after it and the next ``draws``
draws when every later move among them is chosen to make that chance smallest.

>>> from townwidget import town
>>> game = town.new_solo("town77", seed=8019)
>>> risks = end_risks(game.view(0), draws=1)
>>> sorted(risks.values()) == [0.0] * len(risks)  # no opening can end the game at once
True
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from townwidget.town.actions import Place
from townwidget.town.board import Board
from townwidget.town.rules import Rules, resolve_rules
from townwidget.town.state import all_tiles, pile_sizes
from townwidget.town.view import TownView

Tile = tuple[int, int]


@dataclass(frozen=True)
class _Position:
    """What decides whether a solo game can go on: the board, each pile's top (``None``: empty) and how many
    unseen tiles are below it, the unseen tiles themselves and the flips left."""

    board: Board
    tops: tuple[Tile | None, ...]
    below: tuple[int, ...]
    unseen: tuple[Tile, ...]
    flips: int

    def moves(self) -> list[Place]:
        """The legal placements of the tops, flips included while they remain (the engine's rule on masks)."""
        board, moves = self.board, []
        for pile, top in enumerate(self.tops):
            if top is None:
                continue
            for flip, cells in ((False, board.legal_cells(*top)), (True, board.flip_cells(*top) if self.flips else 0)):
                moves += [Place(top, board.cell_of(index), pile, flip) for index in Board.cells_in(cells)]
        return moves

    def fits(self, top: Tile | None) -> bool:
        """Whether ``top`` can be placed now."""
        if top is None:
            return False
        return bool(self.board.legal_cells(*top) or (self.flips and self.board.flip_cells(*top)))

    def risk_after(self, move: Place, draws: int) -> float:
        """The chance the game is over after ``move`` and ``draws`` draws, the later moves chosen to lower it."""
        board = self.board.clone()
        board.put(move.cell, (move.tile[0], None) if move.flip else move.tile)
        flips, pile = self.flips - move.flip, move.pile
        assert pile is not None  # a solo placement names its pile
        if not self.below[pile]:  # the pile is now empty: nothing is drawn
            tops = self.tops[:pile] + (None,) + self.tops[pile + 1 :]
            after = _Position(board, tops, self.below, self.unseen, flips)
            return after.risk(draws - 1) if any(after.fits(top) for top in tops) else 1.0
        below = self.below[:pile] + (self.below[pile] - 1,) + self.below[pile + 1 :]
        others = _Position(board, self.tops, below, self.unseen, flips)
        others_fit = any(others.fits(top) for index, top in enumerate(self.tops) if index != pile)
        if others_fit and draws == 1:  # whatever is drawn, a top still fits
            return 0.0
        total = 0.0
        for index, drawn in enumerate(self.unseen):
            if not others_fit and not others.fits(drawn):
                total += 1.0
            elif draws > 1:
                tops = self.tops[:pile] + (drawn,) + self.tops[pile + 1 :]
                unseen = self.unseen[:index] + self.unseen[index + 1 :]
                total += _Position(board, tops, below, unseen, flips).risk(draws - 1)
        return total / len(self.unseen)

    def risk(self, draws: int) -> float:
        """The chance the game is over within ``draws`` draws from here, every move chosen to lower it."""
        if draws <= 0:
            return 0.0
        best = 1.0
        for move in self.moves():
            best = min(best, self.risk_after(move, draws))
            if not best:
                break
        return best


def end_risks(view: TownView, draws: int = 2) -> dict[Place, float]:
    """For each legal move of a Town solo view, the exact chance that the game is over within ``draws`` draws
    after it (each later move among them chosen to make that chance smallest), from what the player sees only."""
    seen = view.to_dict()
    if seen["mode"] != "solo":
        raise ValueError(f"end risks are for Town solo views, not {seen['mode']!r} ones")
    public = view.sample_state(0)  # its hidden tiles are drawn: only the board and the pile sizes are read
    tops = tuple(tuple(pile[-1]) if pile else None for pile in seen["piles"])
    below = tuple(max(len(pile) - 1, 0) for pile in seen["piles"])
    unseen = tuple((colour, shape) for colour, shape in seen["unseen"])
    position = _Position(public.board, tops, below, unseen, seen["flips_left"])
    return {move: position.risk_after(move, draws) for move in legal_moves(view)}


def legal_moves(view: TownView) -> list[Place]:
    """The view's legal placements (the engine's list, in its order)."""
    return [action for action in view.legal_actions() if isinstance(action, Place)]


def unavoidable_end(rules: Rules | str = "town77", tiles: int = 3) -> float:
    """The chance, over every solo deal, that the game is over with at most ``tiles`` tiles placed however the
    player plays from what a player sees: a floor under any honest player's rate of games that end so soon.

    A deal's opening is its pile tops; two openings whose tops repeat colours and shapes in the same pattern are
    one up to renaming colours and shapes, so each pattern is solved once (:meth:`_Position.risk`) and weighted by
    its share of the openings. Town 77: three tops that pairwise share a colour or a shape leave every pioneer
    without a neighbour among them, and 10 of the 46 unseen tiles then end the game at one tile.

    >>> from fractions import Fraction
    >>> Fraction(unavoidable_end("town77", tiles=1)).limit_denominator(10**5)
    Fraction(25, 4324)
    """
    rules = resolve_rules(rules)
    deck = all_tiles(rules.n)
    below = tuple(size - 1 for size in pile_sizes(rules))
    if not 1 <= tiles <= min(below):
        raise ValueError(f"tiles must be from 1 to {min(below)} for {rules.name}, not {tiles!r}")
    shares: Counter[tuple[tuple[int, ...], tuple[int, ...]]] = Counter()
    example: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Tile, ...]] = {}
    for tops in combinations(deck, len(below)):
        pattern = (_pattern([colour for colour, _ in tops]), _pattern([shape for _, shape in tops]))
        shares[pattern] += 1
        example.setdefault(pattern, tops)
    total = 0.0
    for pattern, share in shares.items():
        tops = example[pattern]
        unseen = tuple(tile for tile in deck if tile not in tops)
        total += share * _Position(Board(rules.n), tops, below, unseen, rules.flips).risk(tiles)
    return total / sum(shares.values())


def _pattern(values: list[int]) -> tuple[int, ...]:
    """Which of ``values`` are equal, whatever they are: each replaced by the place it first occurs."""
    return tuple(values.index(value) for value in values)
