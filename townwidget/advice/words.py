"""Games and moves in words for hints and reviews: 'Town 77', 'green tower to row 2, column 3', 'a worker at row 1,
column 4', read from each game's adapter (:class:`~townwidget.core.registry.Game`), so that any registered game
is worded by its own package.

Everything is worded in the language of the enclosing :func:`~townwidget.core.language.speaking` block (English
outside any), from gettext catalogs: the widgets word their hints and reviews so, in their language.

>>> from townwidget import town
>>> game = town.new_solo("town77", seed=1)
>>> game_title(game), words_for(game, town.Place((2, 2), (2, 3), pile=0))
('Town 77', 'green tower to row 3, column 4')
>>> from townwidget.core.language import speaking
>>> with speaking("fr"):
...     words_for(game, town.Place((2, 2), (2, 3), pile=0))
'clocher vert en rangée 3, colonne 4'
"""

from __future__ import annotations

from typing import Any

from townwidget.core.protocol import State
from townwidget.core.registry import game_of


def game_title(state: State) -> str:
    """The game's name as a player reads it: "Town 77", "Little Town"."""
    return game_of(state).title(state)


def words_for(state: State, action: Any) -> str:
    """``action``, about to be played in ``state``, in a few words (the phase and the rules tell what it means)."""
    return game_of(state).move_words(state, action)
