"""Advice on play: hints during a game and the review of a finished one, measured from what the player knows.

- :func:`hint` (:class:`Hint`): the best move for a player's **view**, its measured expected result and the next
  best's, explained in a sentence.
- :func:`review` (:class:`Review`): for each of a player's moves in a finished game, the expected result before and
  after it and the best alternative, the costliest moves, and in Town solo the par of the deal (the clairvoyant
  solver's score, which sees the piles). It draws itself in a notebook.

Both stand on :mod:`townwidget.advice.estimate`: candidate moves played out many times, from states drawn from
the player's view, by a fixed playout policy; every estimate carries its standard error.

Their sentences (a hint's text, a review's summary, moves and plot) are worded from what was measured, through the
gettext catalogs, in the language of the enclosing :func:`~townwidget.core.language.speaking` block: English
outside any, the widget's language when a widget asks (:mod:`townwidget.advice.words`).
"""

from townwidget.advice.estimate import Estimate, Measurement, measure
from townwidget.advice.hint import Hint, hint
from townwidget.advice.review import MoveReview, Review, review, review_decisions

__all__ = ["Estimate", "Hint", "Measurement", "MoveReview", "Review", "hint", "measure", "review", "review_decisions"]
