"""The set-up choices and rule options of a Little Town game, where the rulebook leaves a choice or a question open.

>>> Rules().to_dict()  # doctest: +NORMALIZE_WHITESPACE
{'side': 1, 'bird_market': False, 'residence_pays_owners': True, 'cathedral_counts': 'any',
 'castle_counts': 'any', 'restaurant_gives': 'vp', 'workers_block_watchtower': True}
>>> Rules.from_dict({"side": 2, "castle_counts": "own"}).castle_counts
'own'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from townwidget.core.checks import is_integer, shown
from townwidget.core.errors import InvalidState

CHOICES = {"cathedral_counts": ("any", "own"), "castle_counts": ("any", "own"), "restaurant_gives": ("vp", "coins")}


@dataclass(frozen=True)
class Rules:
    """Set-up choices and readings of the rulebook's open questions (every default is stated here).

    - ``side`` (1 or 2): the side of the board played.
    - ``bird_market``: the market holds the 12 buildings marked with a bird (the rulebook's advice for a first game)
      instead of 12 drawn at random.
    - ``residence_pays_owners`` (default ``True``): at the end of a round the Residence's owner pays 1 coin to the
      owner of each opponent's building it activates, as for any activation of an opponent's building.
    - ``cathedral_counts`` (``"any"``): whose workers around the Cathedral score 1 VP for its owner at the end of a
      round: ``"any"`` player's (the grey icon, the most literal reading) or its owner's ``"own"`` only.
    - ``castle_counts`` (``"any"``): whose house tokens around the Castle score 4 VP at the end of the game.
    - ``restaurant_gives`` (``"vp"``): the Restaurant turns 1 fish and 1 wheat into 4 ``"vp"`` (the printed tile)
      or 4 ``"coins"`` (the rulebook's example: "exchange 1 Fish and 1 Wheat for 4 money"). The tile is the
      default: the rulebook gives each tile "its Effect", the component data read off the tiles prints 4 VP, and
      the example illustrates an exchange effect rather than fixing the Restaurant's numbers.
    - ``workers_block_watchtower`` (``True``): the workers of the fourth round still stand on the board when the
      game is scored (the rulebook picks workers up only to prepare a next round), so their spaces are not empty
      for the Watchtower; ``False`` scores it as if they had been picked up.
    """

    side: int = 1
    bird_market: bool = False
    residence_pays_owners: bool = True
    cathedral_counts: str = "any"
    castle_counts: str = "any"
    restaurant_gives: str = "vp"
    workers_block_watchtower: bool = True

    def __post_init__(self) -> None:
        if not is_integer(self.side) or self.side not in (1, 2):
            raise ValueError(f"rules: side must be 1 or 2, not {shown(self.side)}")
        for key in ("bird_market", "residence_pays_owners", "workers_block_watchtower"):
            if not isinstance(getattr(self, key), bool):
                raise ValueError(f"rules: {key} must be true or false, not {shown(getattr(self, key))}")
        for key, allowed in CHOICES.items():
            if getattr(self, key) not in allowed:
                raise ValueError(f"rules: {key} must be one of {list(allowed)}, not {shown(getattr(self, key))}")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rules from their JSON form (missing keys take their defaults); errors name the key at fault."""
        if not isinstance(data, dict):
            raise InvalidState(f"rules: expected an object, got {type(data).__name__}")
        unknown = set(data) - {field.name for field in fields(cls)}
        if unknown:
            raise InvalidState(f"rules: unknown key(s) {sorted(unknown)}")
        try:
            return cls(**data)
        except ValueError as error:
            raise InvalidState(str(error)) from None


def resolve_rules(rules: Rules | dict[str, Any] | None) -> Rules:
    """Rules from a :class:`Rules`, a dict of options (the others take their defaults) or ``None`` (all defaults)."""
    if rules is None:
        return Rules()
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, dict):
        try:
            return Rules.from_dict(rules)
        except InvalidState as error:
            raise ValueError(str(error)) from None
    raise ValueError(f"rules must be a Rules object, a dict of options or None, not {type(rules).__name__}")
