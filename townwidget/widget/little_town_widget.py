"""LittleTownWidget: play Little Town in JupyterLab against AI opponents.

Python holds the truth (see :mod:`townwidget.widget.base`). Everything the view shows or offers is computed from the
seated player's view (``state.view(seat)``, built from ``state.to_dict(viewer=seat)``): the board, the market, the
players' cubes, coins and points, the seat's own objective cards and everyone's completed ones, the round track, a
log in words. Other players' objective cards stay hidden until they are completed.

Playing is clicking: a lit grass space places a worker; then the seat's legal actions are offered as buttons in
words (gather now, activate a building around the worker, end the turn; pay, feed, complete an objective...); a
building the seat can pay for, clicked in the market, sends a worker to the construction site, and a lit space
then takes the building. Each click is an intent, checked and played through the engine: a refused one shows the
engine's reason and changes nothing. The AI opponents then play their turns.

>>> widget = LittleTownWidget(opponents=["random"], seed=3)
>>> widget
LittleTownWidget(2 players, side 1, seat 0: your turn to place a worker or build, round 1 of 4, scores [0, 0])
>>> widget.apply({"type": "place_worker", "cell": [1, 1]})
>>> widget.state.phase, widget.choices[0]["text"]
('act', 'Gather 1 wood now')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import traitlets

from townwidget.core.language import N_, _, ngettext
from townwidget.littletown import (
    CARDS,
    RESOURCES,
    Action,
    Activate,
    Build,
    PlaceBuilding,
    PlaceWorker,
    Rules,
    State,
    new_game,
    parse_action,
)
from townwidget.littletown.board import CELLS, COLUMNS, Cell, cell_of
from townwidget.littletown.data import ROUNDS
from townwidget.littletown.refusals import TERRAIN_NAMES, explain
from townwidget.littletown.rounds import log_entry_to_dict
from townwidget.widget.base import (
    GameWidget,
    Refused,
    check_front_end,
    noted,
    synced,
)
from townwidget.widget.front_end import FRONT_END, STATIC
from townwidget.widget.intents import LITTLE_TOWN_INTENT_KEYS, Intent, common_intent, intent_kind, require_keys
from townwidget.widget.littletown_words import (
    AMOUNTS,
    action_words,
    building_name,
    describe_move,
    effect_words,
    feeding_warning,
    payment_preview,
    refusal_words,
    round_end_warning,
    seat_words,
    space_words,
    terrain_words,
)
from townwidget.widget.session import MOVE_SECONDS, Session, check_seed
from townwidget.widget.words import ordinal

# What a click on a space plays, per phase.
CELL_ACTIONS: dict[str, type[PlaceWorker] | type[PlaceBuilding] | type[Activate]] = {
    "turn": PlaceWorker,
    "site": PlaceBuilding,
    "act": Activate,
    "residence": Activate,
}
ON_THE_BOARD = (PlaceWorker, PlaceBuilding, Build)  # actions chosen by clicking the board or the market
PROMPTS = {
    "turn": N_(
        "Your turn: click a lit grass space to place a worker, or a market building you can pay for to build it."
    ),
    "act": N_(
        "Gather now or activate the buildings around your worker (buttons, or click a lit building), then End the turn."
    ),
    "pay": N_("Choose how to pay."),
    "give": N_("The Shop: choose the 2 cubes you give."),
    "take": N_("The Shop: choose the 2 cubes you take."),
    "site": N_("Click a lit grass space to place your new building."),
    "residence": N_("End of the round: activate the buildings around your Residence, then Finish."),
    "feed": N_("End of the round: choose how to feed your workers."),
}


def parse_little_town_intent(content: Any) -> Intent:
    """Check one message from the Little Town front end; raise :class:`IllegalAction` naming the fault.

    >>> parse_little_town_intent({"intent": "act", "action": {"type": "gather", "resource": "wood"}})
    Intent(kind='act', action=Gather(resource='wood'))
    >>> parse_little_town_intent({"intent": "cell", "cell": [6, 0]})
    Traceback (most recent call last):
    ...
    townwidget.core.errors.IllegalAction: action 'cell' [6, 0] is off the board (rows 0-5, columns 0-8)
    """
    kind = intent_kind(content, LITTLE_TOWN_INTENT_KEYS)
    require_keys(content, kind, LITTLE_TOWN_INTENT_KEYS)
    # The engine's own parser checks the values: a cell on the board, a building id, a well-formed action.
    if kind == "cell":
        place = parse_action({"type": "place_worker", "cell": content["cell"]})
        assert isinstance(place, PlaceWorker)
        return Intent(kind, cell=place.cell)
    if kind == "build":
        build = parse_action({"type": "build", "building": content["building"]})
        assert isinstance(build, Build)
        return Intent(kind, building=build.building)
    if kind == "act":
        return Intent(kind, action=parse_action(content["action"]))
    return common_intent(kind, content)


class LittleTownPresenter:
    """Little Town's part of the widget (a :class:`~townwidget.widget.base.Presenter`): its intents and their
    handlers, its traits and words, all from the seated player's view."""

    looking: tuple[str, ...] = ()  # only every widget's intents work on an earlier move

    def __init__(self, session: Session) -> None:
        self.session = session

    @property
    def state(self) -> State:
        return self.session.state

    # --- the game's part of the widget -----------------------------------------------------------------------
    def new_state(self, seed: int) -> State:
        return new_game(self.state.num_players, seed, self.state.rules)

    def parse_intent(self, content: Any) -> Intent:
        return parse_little_town_intent(content)

    def hint(self, view: Any, advise: Callable[[Any], Any]) -> Any:
        return advise(view)  # a click plays the engine's action

    def label(self) -> str:
        return f"{self.state.num_players} players, side {self.state.rules.side}"

    def progress(self) -> str:
        return f"round {self.state.round} of {ROUNDS}, scores {self.state.score}"

    def log(self, view: dict[str, Any], names: list[str]) -> list[str]:
        """Every step of the game in words (the engine's log holds only public events): a line per move, the steps
        the game took on its own (feeding, scoring, a new round) as notes of the move before them."""
        lines: list[str] = []
        notes = self.session.forfeit_notes(names)
        for entry in self.state.log:
            data = log_entry_to_dict(entry)
            words = self.describe(data, names[data["player"]], view)
            if entry[3]:  # automatic
                notes.setdefault(len(lines), []).append(words)
            else:
                lines.append(words)
        return noted(lines, notes)

    def describe(self, entry: dict[str, Any], who: str, view: dict[str, Any]) -> str:
        return describe_move(entry, who, view)

    def words(self, reason: str) -> str:
        """The engine's reason with players named as in the view ('you' for the seat)."""
        return seat_words(reason, self.session.seat, self.session.names())

    def why_not(self, action: Any, reason: str) -> str:
        return self.explained(self.state, action)

    def explained(self, state: State, action: Action) -> str:
        """Why the seat may not play ``action`` in ``state``: in English the engine's own sentence (players named as
        in the view) unless it names a space (the widget's words name it as the board does), in another language
        worded from the refusal's data."""
        refused = explain(state, action)
        if self.session.lang == "en" and "cell" not in dict(refused.facts):
            return self.words(refused.text)
        return refusal_words(refused, self.session.seat, self.session.names())

    def texts(self) -> dict[str, Any]:
        return {
            "resources": {resource: _(resource) for resource in RESOURCES},
            "amounts": {
                resource: [ngettext(*AMOUNTS[resource], count) for count in (0, 1, 2)] for resource in RESOURCES
            },
            "terrain": {ground: terrain_words(ground) for ground in TERRAIN_NAMES},
        }

    # --- intents from the browser ----------------------------------------------------------------------------
    def handlers(self) -> dict[str, Callable[[Intent], None]]:
        """Little Town's intents (``front_end.json``) and their handlers, besides every widget's."""
        return {"cell": self.on_cell, "build": self.on_build, "act": self.on_act}

    def on_cell(self, intent: Intent) -> None:
        self.session.require_turn()
        phase = self.state.phase
        if phase not in CELL_ACTIONS:
            raise Refused(_("no space is to be chosen now. {prompt}").format(prompt=_(PROMPTS[phase])))
        assert intent.cell is not None
        self.session.decide(CELL_ACTIONS[phase](intent.cell))

    def on_build(self, intent: Intent) -> None:
        assert intent.building is not None
        self.session.decide(Build(intent.building))

    def on_act(self, intent: Intent) -> None:
        self.session.decide(intent.action)

    # --- publishing ------------------------------------------------------------------------------------------
    def traits(self, view: dict[str, Any], names: list[str]) -> dict[str, Any]:
        seat, on_show = self.session.seat, self.session.step
        known = self.state.view(seat).sample_state(0)  # the game as the seat knows it: nothing hidden
        live = known.current_player == seat and on_show is None
        actions = known.legal_actions() if live else []
        on_cells = {
            action.cell: action for action in actions if isinstance(action, (PlaceWorker, PlaceBuilding, Activate))
        }
        return {
            "catalogue": _catalogue(known),
            "cards": _readable_cards(view, seat),
            "legal": [list(cell) for cell in on_cells],
            "notes": self.notes(known, on_cells, names) if on_show is None else [],
            "market": self.market(known, actions),
            "choices": [
                {"action": action.to_dict(), "text": action_words(action, known, seat, names)}
                for action in actions
                if not isinstance(action, ON_THE_BOARD)
            ],
            "warning": round_end_warning(known, seat) if live else "",
        }

    def notes(self, known: State, on_cells: Mapping[Cell, Action], names: list[str]) -> list[list[dict[str, Any]]]:
        """Per space: what is there (``what``), and on the seat's turn what a click there does or why it cannot
        (``click``)."""
        clicking = known.current_player == self.session.seat and known.phase in CELL_ACTIONS
        grid: list[list[dict[str, Any]]] = [[] for _ in range(CELLS // COLUMNS)]
        for index in range(CELLS):
            cell = cell_of(index)
            if cell in on_cells:
                click = action_words(on_cells[cell], known, self.session.seat, names)
            elif clicking and (known.phase not in ("act", "residence") or known.buildings[index] is not None):
                why = self.explained(known, CELL_ACTIONS[known.phase](cell))
                click = _("Not here: {reason}").format(reason=why)
            else:
                click = ""
            blocked = bool(click) and cell not in on_cells
            grid[cell[0]].append({"what": space_words(known, index, names), "click": click, "blocked": blocked})
        return grid

    def market(self, known: State, actions: list[Any]) -> list[dict[str, Any]]:
        """The buildings left in the market, each buildable now or with the reason why not."""
        elsewhere = self.session.turn_elsewhere()
        rows = []
        for kind in known.kinds:
            left = known.market[kind.index]
            if not left:
                continue
            build = Build(kind.id)
            pays = ""
            if build in actions:
                why = ""
                pays = payment_preview(kind.cost, kind.cost_coins, known, self.session.seat).strip(" ()")
            elif self.session.step is not None:
                why = _("an earlier move is on show (read only)")
            else:
                why = elsewhere or self.explained(known, build)
            rows.append({"id": kind.id, "left": left, "buildable": not why, "why": why, "pays": pays})
        return rows

    def outcome(self, names: list[str]) -> dict[str, Any]:
        result = self.state.result()
        if result is None:
            return {}
        vp = self.state.vp
        rows = [
            {
                "rank": rank,
                "name": names[player],
                "score": score,
                "sources": {source: points for source, points in vp[player].items() if points},
                "winner": player in result["winners"],
            }
            for player, (rank, score) in enumerate(zip(result["ranks"], result["scores"], strict=True))
        ]
        reason = _("The game ended after round {round} of {rounds}: the most victory points win (ties share).")
        reason = reason.format(round=ROUNDS, rounds=ROUNDS)
        return {"rows": sorted(rows, key=lambda row: row["rank"]), "reason": reason}

    def final_status(self, names: list[str]) -> str:
        result = self.state.result()
        assert result is not None
        scores, winners = result["scores"], result["winners"]
        mine = scores[self.session.seat]
        if winners == [self.session.seat]:
            return _("Game over: you won with {vp} VP.").format(vp=mine)
        if self.session.seat in winners:
            others = ", ".join(names[player] for player in winners if player != self.session.seat)
            return _("Game over: you share the victory with {others} ({vp} VP each).").format(others=others, vp=mine)
        rank, best = ordinal(result["ranks"][self.session.seat]), scores[winners[0]]
        won = _(" and ").join(names[player] for player in winners)
        lost = _("Game over: you finished {rank} of {players} with {vp} VP; {winners} won with {best} VP.")
        return lost.format(rank=rank, players=self.state.num_players, vp=mine, winners=won, best=best)

    def prompt(self) -> str:
        """What to do now, then (before the round's feeding) what feeding will cost if nothing changes."""
        state = self.state
        warning = feeding_warning(state.seats.workers, state.cubes[self.session.seat], state.coins[self.session.seat])
        return _(PROMPTS[state.phase]) + (f" {warning}" if warning and state.phase != "feed" else "")

    def buttons(self) -> dict[str, Any]:
        return {}  # its choices are the ``choices`` trait

    def drop_picks(self) -> None:
        pass  # nothing is picked before a click plays

    def restore(self, before: State) -> State:
        return before  # the seat saw nothing of what stays hidden

    def undo_is_practice(self) -> bool:
        return False

    def review_extras(self, report: Any, final: State) -> dict[str, Any]:
        return {}


class LittleTownWidget(GameWidget):
    """A Little Town game in a notebook: the seated player against AI opponents.

    ``players`` (2 to 4) and ``rules`` (a :class:`~townwidget.littletown.Rules` or a dict of its options) set up a
    new game; ``opponents`` are agent names for :func:`townwidget.agents.make_agent` or objects with ``act(view)``,
    one per other seat (by default ``"greedy"`` in every other seat). ``state`` shows and continues any Little Town
    state instead (its players and rules win). ``seed`` makes the set-up and the agents reproducible. ``lang`` is the
    language of every word the player reads (``"en"``, ``"fr"``; default :func:`townwidget.set_language`'s, else the
    environment variable ``TOWNWIDGET_LANG``, else English); an unknown one raises ValueError. An opponent that thinks
    longer than ``move_seconds`` about a move forfeits it (its first legal move is played, the log says so).
    ``table`` plays a seat at a table server instead (a :class:`townwidget.tables.Seat`, or a table's address
    ``"http://HOST:PORT/tables/ID"`` where ``name`` sits down; see :mod:`townwidget.widget.table_session`);
    ``spectate=True`` watches that table without a seat (the public view). ``humans`` people (``names``) take turns
    at this one widget in the first seats, the screen covered between two of them (:mod:`townwidget.widget.screens`).
    """

    _esm = STATIC / "littletown.js"  # paths, not text: anywidget reloads them when they change (see js/README.md)
    _css = STATIC / "littletown.css"
    GAME = "Little Town"
    FAMILY = "littletown"
    DEFAULT_OPPONENTS = ("greedy",)
    PRESENTER = LittleTownPresenter

    catalogue = synced(traitlets.Dict(read_only=True))  # every building kind of these rules: cost, VP, effect
    cards = synced(traitlets.Dict(read_only=True))  # the objective cards the seat may read: own and completed ones
    legal = synced(traitlets.List(read_only=True))  # the spaces where a click plays now
    notes = synced(traitlets.List(read_only=True))  # per space: what is there, and what a click there does or why not
    market = synced(traitlets.List(read_only=True))  # the buildings left in the market: buildable now, or why not
    choices = synced(traitlets.List(read_only=True))  # the seat's other legal actions, in words
    warning = synced(traitlets.Unicode(read_only=True))  # near the round's end: what feeding will take (shown boxed)

    def __init__(
        self,
        players: int = 2,
        opponents: Sequence[Any] | None = None,
        seat: int = 0,
        seed: int | None = None,
        rules: Rules | dict[str, Any] | None = None,
        state: State | None = None,
        lang: str | None = None,
        move_seconds: float = MOVE_SECONDS,
        table: Any = None,
        name: str | None = None,
        humans: int = 1,
        names: Sequence[str] | None = None,
        spectate: bool = False,
    ) -> None:
        check_seed(seed)
        self._check_given(state)
        if state is None and table is None:
            state = new_game(players, seed, rules)
        super().__init__(state, seat, opponents, seed, lang, move_seconds, table, name, humans, names, spectate)

    @classmethod
    def holding(cls, state: Any, opponents: Sequence[Any], seat: int, lang: str) -> LittleTownWidget:
        return cls(state.num_players, opponents, seat, state=state, lang=lang)


check_front_end(LittleTownWidget, FRONT_END["littletown"]["traits"])


def _catalogue(known: State) -> dict[str, dict[str, Any]]:
    """Every building kind of these rules (the rulebook's public components), for drawing tiles and the market."""
    return {
        kind.id: {
            "name": building_name(kind),
            "cost": {**dict(zip(RESOURCES, kind.cost, strict=True)), "coins": kind.cost_coins},
            "vp": kind.vp,
            "effect": effect_words(kind),
        }
        for kind in known.kinds
    }


def _readable_cards(view: dict[str, Any], seat: int) -> dict[str, dict[str, Any]]:
    """The texts of the objective cards the seat may read: their own, and every card completed (revealed)."""
    players = view["players"]
    readable = set(players[seat]["objectives"]) | {card for entry in players for card in entry["completed"]}
    readable.discard(None)  # the public view (a spectator's) shows no one's cards
    return {str(card): {"text": _(CARDS[card].text), "vp": CARDS[card].vp} for card in sorted(readable)}
