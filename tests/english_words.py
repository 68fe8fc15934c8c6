"""English words of the widgets' interface, to find any left in a widget that speaks another language (the Python
test of the synced texts and the browser test of the drawn page both use it)."""

from __future__ import annotations

import re

# Words of the English interface that are no French words (a French "a", "on", "pile", "score" or "solo" is no
# evidence of English).
ENGLISH = frozenset(
    """the you your yours tile tiles move moves game player players turn round build built worker workers of and with
    is not at here click press pick left wood stone fish wheat coin coins vp empty grass row column undo new history
    back market reserve rank discard exchange keep hand fits show flip practice gable block tower green yellow
    blue red purple black grey forest mountain lake building buildings objective objectives winner bag none only way
    end first last key enter escape to for by it are has this that in placed gathered activated paid fed could
    cannot may must already next open cell cells choose choices pay give take feed hidden house houses""".split()  # noqa: SIM905
)
# Names that stay as they are in every language: the games, the agents' names, and placeholders of messages.
NAMES = re.compile(r"Little Town|Town \d\d|\((greedy|mcts|random|heuristic|expectimax|search)\)|\{\w+\}")


def english_in(texts: list[str]) -> dict[str, str]:
    """The English words found in ``texts``, each with a text it is in.

    >>> english_in(["Pile 2 : vide", "Joueur 1 (greedy) : forêt", "Town 77 · solo"])
    {}
    >>> english_in(["Vous : pile vide", "Not here: {reason}"])
    {'not': 'Not here: {reason}', 'here': 'Not here: {reason}'}
    """
    found: dict[str, str] = {}
    for text in texts:
        for word in re.findall(r"[^\W\d_]+", NAMES.sub(" ", text)):
            if word.lower() in ENGLISH:
                found.setdefault(word.lower(), text)
    return found
