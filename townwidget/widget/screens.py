"""One screen for several people: the hot-seat game, and what a shared screen keeps off it.

``TownWidget(mode="multi", humans=2, names=("Ana", "Bob"))`` and ``LittleTownWidget(humans=2)`` seat people in the
first ``humans`` seats and the opponents in the others. People take turns at the same widget: its traits hold the
view of the person holding the screen (``seat``, who changes), and when the turn passes to another person the
widget covers the board and hand (the ``cover`` trait names who is to press "Show my hand", the ``uncover``
intent) and its traits hold no view at all, so nobody sees another's tiles. The history slider is rebuilt from that
person's view on every pass; the log, the status and the end box name each person. Undo takes back only the
decisions of the current person's turn: past a pass it would undo moves another person saw and answered, and in
Town it would deal that person's draws again. A hint and the review are the screen's person's, from their view.

:func:`blank` is what both shared screens use: the hot-seat's cover, and a spectator's screen at a table
(:class:`townwidget.widget.table_session.SpectatorSession`), which shows the public view and no seat's controls.

>>> from townwidget.core import registry
>>> session = HotSeatSession(registry.new_game("town44", 2, seed=1), 0, (), ("greedy",), 2, ("Ana", None))
>>> session.names(), session.to_uncover()
(['Ana', 'Player 2'], None)
>>> session.play(session.state.legal_actions()[0])  # Ana places: her decisions go on until she passes the turn
>>> while session.to_uncover() is None:
...     session.play(session.state.legal_actions()[-1])
>>> session.to_uncover(), session.uncover(), session.seat
(1, '', 1)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from townwidget.core import agent_label
from townwidget.core.checks import is_integer, name_fault, shown
from townwidget.core.errors import IllegalAction
from townwidget.core.language import _
from townwidget.widget.front_end import FRONT_END
from townwidget.widget.session import MOVE_SECONDS, Host, Session, earlier_positions
from townwidget.widget.words import ordinal

MAX_HUMANS = 5  # the most seats of any game (Town)
# What the cover leaves in the traits: who holds the screen, the names, the front end's words, the revision, and
# the reason an intent was refused. Every other game trait goes back to its default: no view, no log, no hand.
COVER_KEEPS = ("seat", "names", "texts", "revision", "error")


def check_people(humans: Any, names: Any, table: Any = None) -> list[str | None]:
    """The people's names for ``humans`` people at one screen (``None``: "Player k", said in the widget's
    language); anything else raises ValueError naming the fault.

    >>> check_people(2, ("Ana", "Bob")), check_people(2, None)
    (['Ana', 'Bob'], [None, None])
    >>> check_people(2, ["Ana"])
    Traceback (most recent call last):
    ...
    ValueError: names must be 2 names (one for each person at the screen), not ['Ana']
    """
    if not is_integer(humans) or not 1 <= humans <= MAX_HUMANS:
        raise ValueError(f"humans must be a number of people from 1 to {MAX_HUMANS}, not {shown(humans)}")
    if humans > 1 and table is not None:
        raise ValueError("humans= plays on one screen: at a table each person has a seat (and a widget) of their own")
    if names is None:
        return [None] * humans
    if humans == 1:
        raise ValueError("names= names the people who share one screen: give humans=2 or more")
    if isinstance(names, str) or not isinstance(names, Sequence) or len(names) != humans:
        raise ValueError(f"names must be {humans} names (one for each person at the screen), not {shown(names)}")
    for name in names:
        if fault := name_fault(name):
            raise ValueError(f"names: {fault}")
    return list(names)


def people_opponents(humans: int, opponents: Sequence[Any] | None) -> Sequence[Any] | None:
    """The opponents of a game with ``humans`` people: at one screen, none unless named (a game of people only)."""
    return () if opponents is None and humans > 1 else opponents


def game_traits(widget: Any) -> list[str]:
    """The traits the widget's front end draws (``front_end.json``): every game's, then its own game's."""
    return [*FRONT_END["game_traits"], *FRONT_END[widget.FAMILY]["traits"]]


def blank(widget: Any, keep: Collection[str]) -> None:
    """Set every trait the front end draws but ``keep`` back to its default (inside the publishing message)."""
    for name in game_traits(widget):
        if name not in keep:
            widget.set_trait(name, widget.trait_defaults(name))


def ranking_status(state: Any, names: list[str]) -> str:
    """The end of a game for a screen that is nobody's in particular: every player by name and rank."""
    ranks = state.result()["ranks"]
    order = sorted(range(len(ranks)), key=lambda player: (ranks[player], player))
    ranking = ", ".join(_("{name} {rank}").format(name=names[player], rank=ordinal(ranks[player])) for player in order)
    return _("Game over: {ranking}.").format(ranking=ranking)


class HotSeatSession(Session):
    """People ``0..humans-1`` take turns at one screen; the other seats are the opponents (see the module)."""

    def __init__(
        self,
        state: Any,
        seat: int,
        opponents: Sequence[Any] | None,
        defaults: Sequence[str],
        humans: int,
        names: Sequence[str | None],
        seed: int | None = None,
        lang: str | None = None,
        move_seconds: float = MOVE_SECONDS,
        frame_omits: tuple[str, ...] = ("history",),
        host: Host | None = None,
    ) -> None:
        self.humans, self.people = humans, list(names)
        self.positions: list[Any] = []  # the state after each move (None: before loading), for any person's frames
        super().__init__(state, seat, opponents, defaults, seed, lang, move_seconds, frame_omits, host)

    def agent_seats(self, state: Any, seat: int) -> list[int]:
        if self.humans > state.num_players:
            raise ValueError(f"humans must be at most the game's {state.num_players} players, not {self.humans}")
        return list(range(self.humans, state.num_players))

    def load(self, state: Any, seat: int) -> None:
        """As a session loads, from the screen of person ``seat`` (the one to move, if another, is covered)."""
        if not is_integer(seat) or not 0 <= seat < self.humans:
            raise ValueError(f"seat must be one of the people at the screen, 0 to {self.humans - 1}, not {shown(seat)}")
        super().load(state, seat)
        earlier = earlier_positions(state)
        self.positions = [*([None] * len(state.history) if earlier is None else earlier), state.clone()]

    def names(self) -> list[str]:
        """The people by their names ("Player 1" unless named), the opponents by number and agent."""
        return [
            (self.people[player] or _("Player {number}").format(number=player + 1))
            if player < self.humans
            else _("Player {number} ({agent})").format(number=player + 1, agent=agent_label(self.agents[player]))
            for player in range(self.state.num_players)
        ]

    def opponent_to_move(self) -> int | None:
        player = self.state.current_player
        return None if player is None or player < self.humans else player

    def to_uncover(self) -> int | None:
        """The person to move, when the screen is someone else's (it is covered until they show their hand)."""
        player = self.state.current_player
        return player if player is not None and player < self.humans and player != self.seat else None

    def after_move(self) -> None:
        self.positions[len(self.frames) :] = [self.state.clone()]
        if self.state.history[-1][0] != self.seat:  # the turn has passed: Undo keeps to the turn to come
            self.undo.clear()
        super().after_move()

    def uncover(self) -> str:
        """The person to move takes the screen: their view, and the history slider's frames as they saw them."""
        player = self.to_uncover()
        if player is None:
            return _("Nothing is covered: the screen is already {name}'s.").format(name=self.names()[self.seat])
        self.seat = player
        del self.positions[len(self.frames) :]  # those an undo or an interrupt took back
        self.frames = [None if position is None else self.frame(position) for position in self.positions]
        self.seen = [None if position is None else self.moves_seen(position) for position in self.positions]
        self.undo.clear()
        self.error, self.refused = "", False
        self.host.drop_picks()
        return ""

    def refused_intent(self, kind: str) -> str:
        player = self.to_uncover()
        if player is None or kind in ("uncover", "new_game"):
            return ""
        return _("The screen is covered: {name} shows their hand first (the button on the cover).").format(
            name=self.names()[player]
        )

    def decisions(self) -> list[tuple[int, Any, Any]]:
        """The screen's person's decisions in the finished game, from the positions kept (Undo keeps only a turn's)."""
        if self.state.current_player is not None:
            raise IllegalAction("the game is not over: a review looks back at a finished game (hint() helps now)")
        positions = self.positions[: len(self.frames)]
        return [
            (move, positions[move], action)
            for move, (player, _phase, action) in enumerate(self.state.history)
            if player == self.seat and positions[move] is not None
        ]

    def mask(self, widget: Any) -> None:
        """Covered: no view at all, the status says who takes the screen. Else the status names the person."""
        names, player = widget.names, self.to_uncover()
        if player is not None:
            blank(widget, COVER_KEEPS)
            widget.set_trait("status", _("Pass to {name}: press to show your hand.").format(name=names[player]))
            widget.set_trait("cover", names[player])
            return
        widget.set_trait("cover", "")
        if widget.step != -1:  # the slider's words, as on any screen
            return
        if self.state.current_player is None:
            reviewing = _(" Reviewing your moves…") if widget.thinking else ""
            widget.set_trait("status", ranking_status(self.state, names) + reviewing)
        elif self.state.current_player == self.seat:
            widget.set_trait("status", _("{name}: {words}").format(name=names[self.seat], words=widget.status))


def local_session(
    state: Any,
    seat: int,
    opponents: Sequence[Any] | None,
    defaults: Sequence[str],
    people: list[str | None],
    seed: int | None,
    lang: str,
    move_seconds: float,
    frame_omits: tuple[str, ...],
    host: Host,
) -> Session:
    """A widget's game on this machine: one person against the opponents, or several people at one screen."""
    if len(people) == 1:
        return Session(state, seat, opponents, defaults, seed, lang, move_seconds, frame_omits, host)
    humans = len(people)
    return HotSeatSession(state, seat, opponents, defaults, humans, people, seed, lang, move_seconds, frame_omits, host)
