"""Little Town (Shun and Aya Taguchi) for 2 to 4 players: the rules, the state, the JSON format and views.

Each of the 4 rounds, the players place their workers in turn: next to forests, mountains and lakes to gather
wood, stone and fish and to activate the buildings around, or on the construction site to build a market building.
Workers must be fed at the end of each round; objective cards score when completed; the most points win.

>>> from townwidget import littletown
>>> game = littletown.new_game(players=2, seed=42)
>>> while not game.is_terminal():
...     game.apply(game.legal_actions()[0])   # always the first legal action: a poor strategy
>>> game.round, game.result()["winners"] != []
(4, True)

Rule options (:class:`Rules`, a frozen dataclass; ``new_game(rules={...})`` takes a dict of some of them):

- ``side=1``: the side of the board (1 or 2);
- ``bird_market=False``: the market holds the 12 bird buildings (the rulebook's first game) instead of 12 at random;
- ``residence_pays_owners=True``: the Residence's owner pays 1 coin per opponent's building it activates;
- ``cathedral_counts="any"``: the Cathedral scores for any player's workers around it (``"own"``: its owner's);
- ``castle_counts="any"``: the Castle scores for any player's house tokens around it (``"own"``: its owner's);
- ``restaurant_gives="vp"``: the Restaurant gives 4 VP as printed on its tile (``"coins"``: 4 coins, as the rulebook's
  example words it). The tile is the default: the rulebook says each tile carries "its Effect", the component data
  read off the tile scans prints VP, and the example sentence illustrates the kind of effect (an exchange) rather
  than the Restaurant's numbers;
- ``workers_block_watchtower=True``: the workers of round 4 still stand when the Watchtower scores its empty spaces.

Readings of the rulebook that are not options:

- Objective cards are completed at any of their owner's decision points (any step of their turn, the Residence's
  activations, feeding); a moment a card asks for ("in the same turn", "feed all your workers with fish") stays
  achieved once reached; at the end of the game every card whose condition holds is completed. "Build a building
  that ..." means owning one. "Harvest" counts every cube taken from the reserve in a turn, from the terrain or a
  building (no space touches more than 3 forests, mountains and lakes, and "harvest 5" has no market symbol). The
  Shop counts as producing and consuming every resource (see :mod:`~townwidget.littletown.objectives`).
- A worker always gathers: ``Gather`` takes one resource now, ``Done`` gathers the rest and ends the turn. A turn
  with a worker on the board ends only with ``Done``; a choice with a single option is taken automatically.
- Buying a cube for 3 coins is part of a payment (a building's cost, an effect's input, the Shop's cubes, the
  workers' food), may be chosen even with the cube at hand, and needs the cube in the reserve; a cube is never bought
  to be kept, so objective cards (which spend nothing) count only the cubes at hand (see
  :mod:`~townwidget.littletown.economy`).
- The Shop gives 2 cubes of types other than the 2 given. An effect may be activated when the reserve cannot give
  all of its output (the player takes what is left). The Residence, Cathedral, Castle, Watchtower and Statue are
  never activated, by a worker or by the Residence.
- Each worker that the food at hand (and any food bought) can feed must be; the player chooses how many eat fish and
  which food cubes to buy for 3 coins each (``Feed(fish, coins_for)``; buying is never forced: a player may keep
  the coins and lose 3 VP per unfed worker). The coins in the game are the 24
  tokens' 40; gains stop when the reserve is empty.
- 3 players, 4th round: the token goes to the fewest points; among tied players, the first clockwise after the
  holder (which also gives the usual pass when all three are tied).
- Ties share the victory: tied players share a rank in ``result()`` and share the values of their places in
  ``returns()``.
"""

from townwidget.core.errors import IllegalAction, InvalidState
from townwidget.core.registry import register
from townwidget.littletown.actions import (
    Action,
    Activate,
    Build,
    Complete,
    Done,
    Feed,
    Gather,
    Give,
    Pay,
    PlaceBuilding,
    PlaceWorker,
    Take,
    parse_action,
)
from townwidget.littletown.data import CARDS, RESOURCES, Kind, building_kinds
from townwidget.littletown.format import from_dict
from townwidget.littletown.game import GAME
from townwidget.littletown.rules import Rules
from townwidget.littletown.setup import new_game
from townwidget.littletown.state import FORMAT, VP_SOURCES, State
from townwidget.littletown.turn import PHASES
from townwidget.littletown.view import LittleTownView

register(GAME)

__all__ = [
    "CARDS",
    "FORMAT",
    "PHASES",
    "RESOURCES",
    "VP_SOURCES",
    "Action",
    "Activate",
    "Build",
    "Complete",
    "Done",
    "Feed",
    "Gather",
    "Give",
    "IllegalAction",
    "InvalidState",
    "Kind",
    "LittleTownView",
    "PlaceBuilding",
    "PlaceWorker",
    "Pay",
    "Rules",
    "State",
    "Take",
    "building_kinds",
    "from_dict",
    "new_game",
    "parse_action",
]
