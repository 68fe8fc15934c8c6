"""townwidget: Town 77, Town 66 and Little Town in Jupyter, with exact rules, AI opponents and lessons.

>>> from townwidget import town
>>> town.new_game("town77", players=3, seed=1).current_player
0
"""

from townwidget import core, town

__version__ = "0.1.0"
__all__ = ["__version__", "core", "town"]
