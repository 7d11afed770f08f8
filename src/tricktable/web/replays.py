"""Frames for the replay viewer: a finished or uploaded record, step by step.

A record holds every card, so its frames show every hand face up. ``frames`` walks the
record once (checking it) and returns one frame per deal and per decision.

>>> from tricktable.record import record_of
>>> from tricktable.testing import dealt_match
>>> state = dealt_match("euchre(preset=north_american)", 3)
>>> state.apply_text("pass")
>>> [frame["action"] for frame in frames(record_of(state))]
[None, 'pass']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tricktable.branch import BranchError, start_branch
from tricktable.cards import card_name
from tricktable.core import Deal, DealSummary, State
from tricktable.errors import RecordError, TricktableError
from tricktable.presentation.events import DEFAULT_NAMES, event_text
from tricktable.presentation.names import record_names
from tricktable.record import (
    RecordVisitor,
    Step,
    parse_record,
    record_of,
    replay_record,
    unseen_counts,
    walk_record,
)
from tricktable.seating import PartnerDraw
from tricktable.web.views import PUBLIC_DROP, sorted_hand, tricks_by_seat, winning_seat

MAX_FRAMES = 20000
"""The most frames one replay returns (a longer record is refused)."""
MAX_NAME = 64
"""The longest player's name a table played on from a record keeps of the record's names."""


def replay_answer(source: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """The viewer's answer: the frames, the seats' and sides' names for people
    (``presentation.names``: a player's name, a bot's place, a side by its members), and
    each side's seats (``side_seats``), for the table the viewer draws.

    >>> from tricktable.record import record_of
    >>> from tricktable.testing import dealt_match
    >>> state = dealt_match("euchre(preset=north_american)", 3)
    >>> answer = replay_answer(record_of(state, names=["Ann", "bot:pimc", "Cid", "bot:pimc"]))
    >>> answer["names"], answer["sides"], answer["side_seats"]
    (['Ann', 'West', 'Cid', 'East'], ['Ann & Cid', 'West & East'], [[0, 2], [1, 3]])
    """
    viewer = _walk(parse_record(source), names_given=True)
    return {
        "frames": viewer.frames,
        "names": list(viewer.names.seats),
        "sides": list(viewer.names.sides),
        "side_seats": viewer.sides,
    }


def frames(source: str | bytes | Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every position of the record's match; ``RecordError`` if the record is not valid.
    A deal's last frame tells its events (``said``), naming seats and sides as the records
    do (``replay_answer``: by the players' names)."""
    return _walk(parse_record(source), names_given=False).frames


def _walk(data: dict[str, Any], names_given: bool) -> _Frames:
    steps = sum(1 + _action_count(entry) for entry in data["deals"])
    if steps > MAX_FRAMES:
        replay_record(data)  # a fault in the record is reported first
        raise RecordError(f"the record has {steps} steps; the viewer shows at most {MAX_FRAMES}")
    recorded = data.get("names") if names_given else None
    viewer = _Frames(recorded if isinstance(recorded, list) else None, names_given)
    walk_record(data, viewer)
    return viewer


def _action_count(entry: object) -> int:
    """How many actions a deal of the record lists (0 for a malformed deal)."""
    actions = entry.get("actions") if isinstance(entry, Mapping) else None
    return len(actions) if isinstance(actions, list) else 0


class _Frames(RecordVisitor):
    """One frame per deal and per decision, each deal's history kept as it grows."""

    def __init__(self, recorded: list[Any] | None, named: bool) -> None:
        self.recorded = recorded
        self.named = named
        """Whether events name seats and sides as people do (else as the records do)."""
        self.names = DEFAULT_NAMES
        self.frames: list[dict[str, Any]] = []
        self.history: list[str] = []
        """The decisions of the deal so far, in canonical text."""
        self.actors: list[int] = []
        """The seat that took each of ``history``'s decisions."""
        self.sides: list[list[int]] = []

    def begin_match(self, state: State) -> None:
        self.sides = [list(side) for side in state.game.sides]
        if self.named:
            self.names = record_names(self.recorded, state.game.sides)

    def begin_deal(self, index: int, deal: Deal, state: State) -> None:
        self.history = []
        self.actors = []
        self.frames.append(_frame(state, index, None, None, self.history, self.actors))

    def after_action(self, step: Step, state: State) -> None:
        text = step.text
        self.history.append(text)
        self.actors.append(step.seat)
        self.frames.append(_frame(state, step.deal, step.seat, text, self.history, self.actors))

    def end_deal(self, index: int, summary: DealSummary, state: State) -> None:
        if self.frames:
            self.frames[-1]["said"] = [event_text(event, self.names) for event in summary.events]


def _frame(
    state: State,
    deal: int,
    seat: int | None,
    action: str | None,
    history: list[str],
    actors: list[int],
) -> dict[str, Any]:
    """One position: every hand face up, the trick (``trick_winner`` its winning seat so far),
    the tricks each seat has won this deal, the deal's decisions (``actors`` their seats)."""
    views = [state.view(s) for s in range(state.game.players)]
    first = views[0]
    last_trick = None
    if first.tricks:
        last_trick = {
            "cards": [[s, card_name(c)] for s, c in first.tricks[-1]],
            "winner": first.trick_winners[-1],
        }
    summaries = state.summaries()
    return {
        "deal": deal,
        "actor": seat,
        "action": action,
        "dealer": first.dealer,
        "to_act": state.current_player if state.current_player >= 0 else None,
        "phase": first.phase,
        "hands": [[c for group in sorted_hand(state, view) for c in group] for view in views],
        "trick": [[s, card_name(c)] for s, c in first.trick],
        "last_trick": last_trick,
        "history": list(history),
        "actors": list(actors),
        "trick_winner": winning_seat(state, first),
        "tricks_won": tricks_by_seat(first, state.game.players),
        "scores": state.scores(),
        "public": {k: v for k, v in first.public.to_json().items() if k not in PUBLIC_DROP},
        "summary": summaries[deal].to_json() if deal < len(summaries) else None,
    }


def branch_plan(source: str, at: str) -> dict[str, Any]:
    """What a table played on from decision ``at`` of record ``source`` starts with (the
    replay viewer's "Play from here"; ``branch.start_branch``): the game, rules, seats and
    first dealer, the deals as dealt up to the point with the decisions before it (canonical
    text), the draw for partners, the players' names and the point. ``RecordError`` for a
    record that is not valid or too long for the viewer; ``BranchError`` for a point it does
    not have, or a record the table cannot carry (cards never seen, a match taken up part way).

    >>> import json
    >>> from tricktable.record import record_of
    >>> from tricktable.testing import dealt_match
    >>> state = dealt_match("euchre(preset=north_american)", 3)
    >>> state.apply_text("pass")
    >>> plan = branch_plan(json.dumps(record_of(state, names=["Ann", "Bob", "Cid", "Dee"])), "2")
    >>> plan["deals"][0]["actions"], plan["to_act"], plan["point"]
    (['pass'], 3, {'decision': 2, 'deal': 1, 'step': 2, 'kept': 1})
    """
    data = parse_record(source)
    steps = sum(1 + _action_count(entry) for entry in data["deals"])
    if steps > MAX_FRAMES:
        raise RecordError(f"the record has {steps} steps; the viewer shows at most {MAX_FRAMES}")
    if "start_scores" in data:
        raise BranchError(
            "a match taken up part way ('start_scores') cannot be played on at the table;"
            " use tricktable play --from RECORD"
        )
    for index, entry in enumerate(data["deals"]):
        if isinstance(entry, Mapping) and any(unseen_counts(index, entry)):
            raise BranchError(
                f"deal {index + 1} has cards never seen ('unseen'): the table plays on only"
                " from records that name every card; use tricktable play --from RECORD"
            )
    branch = start_branch(data, at)
    state = branch.state
    game = state.game
    draw = data.get("partner_draw")
    if draw is not None:  # kept as the table writes it, nothing more of what was sent
        try:
            draw = PartnerDraw.from_json(draw, game.players).to_json()
        except TricktableError as error:
            raise RecordError(str(error)) from None
    recorded = data.get("names")
    names = None
    if isinstance(recorded, list):  # the record's players, in a bounded form
        names = [
            name[:MAX_NAME] if isinstance(name, str) else None for name in recorded[: game.players]
        ]
    point = branch.point
    return {
        "game": game.name,
        "rules": game.rules_dict(),
        "players": game.players,
        "first_dealer": state.first_dealer,
        "deals": record_of(state)["deals"],
        "names": names,
        "partner_draw": draw,
        "to_act": state.current_player if state.current_player >= 0 else None,
        "point": {
            "decision": point.decision,
            "deal": point.deal,
            "step": point.step,
            "kept": point.kept,
        },
    }
