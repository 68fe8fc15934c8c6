"""Rule parameters of Town games, the two published presets, and the solo play levels."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any

from townwidget.core.checks import is_integer, shown
from townwidget.core.errors import InvalidState

MIN_N, MAX_N = 2, 9


@dataclass(frozen=True)
class Rules:
    """The parameters of a Town game.

    ``n`` colours x ``n`` shapes make the tile set and the board is ``n`` x ``n``; ``flips`` is how many tiles a solo
    player may place turned over (colour only). Every function that takes rules also takes a preset's name.

    >>> TOWN66
    Rules(name='town66', n=6, hand_size=4, exchange_size=3, piles=3, flips=2)
    >>> resolve_rules("town44").n
    4
    """

    name: str
    n: int
    hand_size: int = 4
    exchange_size: int = 3
    piles: int = 3
    flips: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise ValueError(f"rules: name must be a string, not {shown(self.name)}")
        for key, low in (("n", MIN_N), ("hand_size", 1), ("exchange_size", 1), ("piles", 1), ("flips", 0)):
            value = getattr(self, key)
            if not is_integer(value) or value < low:
                raise ValueError(f"rules: {key} must be an integer >= {low}, not {shown(value)}")
        if self.n > MAX_N:
            raise ValueError(f"rules: n must be at most {MAX_N}, not {shown(self.n)}")
        if self.exchange_size > self.hand_size:
            raise ValueError(
                f"rules: exchange_size {shown(self.exchange_size)} exceeds hand_size {shown(self.hand_size)}"
            )

    @property
    def tiles(self) -> int:
        """Number of tiles (and of cells)."""
        return self.n * self.n

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rules from their JSON form; errors name the key at fault."""
        if not isinstance(data, dict):
            raise InvalidState(f"rules: expected an object, got {type(data).__name__}")
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise InvalidState(f"rules: unknown key(s) {shown(sorted(unknown, key=shown))}")
        for key in ("name", "n"):
            if key not in data:
                raise InvalidState(f"rules: missing key {key!r}")
        try:
            return cls(**data)
        except ValueError as error:
            raise InvalidState(str(error)) from None


TOWN77 = Rules("town77", 7)
TOWN66 = Rules("town66", 6, flips=2)
PRESETS = {"town77": TOWN77, "town66": TOWN66}


def resolve_rules(rules: Rules | str) -> Rules:
    """Rules from a :class:`Rules` or a name: ``"town77"``, ``"town66"``, or ``"townNN"`` for a plain n x n game."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        if rules in PRESETS:
            return PRESETS[rules]
        match = re.fullmatch(r"town([2-9])\1", rules)
        if match:
            return Rules(rules, int(match.group(1)))
    raise ValueError(f"unknown rules {rules!r}: use a Rules object, 'town77', 'town66' or 'townNN' (n from 2 to 9)")


# Town 77 solo play levels (lowest score of each band, label). The booklet says "fewer than 15" for the last band;
# a score of exactly 15 belongs there too, as the band above starts at 16.
TOWN77_LEVELS = (
    (49, "MAGNIFICENT! You are the King / the Queen of the World!"),
    (43, "Gold Medal coming soon!"),
    (37, "TOP-4 in Europe, easy!"),
    (31, "WOW! The nationals are in the bag!"),
    (28, "District champion! On to the Nationals!"),
    (25, "Nice! Shall we beat the Mayor?!"),
    (22, "Top of the class?!"),
    (16, "Good job! Keep at it!"),
    (0, "Some days are just like that..."),
)


def play_level(rules: Rules | str, placed: int) -> str | None:
    """The rulebook's play-level label for a solo score, or ``None`` for rules whose booklet has no table.

    >>> play_level("town77", 40)
    'TOP-4 in Europe, easy!'
    """
    if resolve_rules(rules).n != 7:
        return None
    return next(label for low, label in TOWN77_LEVELS if placed >= low)
