"""Game records and replay: the public contract of docs/records.md (RECORDS.md).

A record fixes a match's rules, cards and decisions. ``record_of(state)`` writes
one, ``replay_record(obj)`` checks one and rebuilds the state, ``replay_json``
gives the machine-readable result and ``replay_text`` the one for people.
``walk_record(obj, visitor)`` is the one replay of a record, step by step: whatever reads
a record as it goes (the text replay, the analysis, the web viewer's frames) is a
``RecordVisitor`` with hooks at each deal and each decision.

>>> import random
>>> from tricktable import load_game
>>> state = load_game("euchre(preset=north_american)").new_state(first_dealer=0)
>>> state.deal_random(random.Random(3))
>>> state.apply_text("pass")
>>> record = record_of(state, names=["Ann", "Bob", "Cid", "Dee"], seed=3)
>>> again = replay_record(record)
>>> replay_json(again)["to_act"], replay_json(again)["legal"]
(2, ['order', 'order alone', 'pass'])
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tricktable.actions import (
    Action,
    ActionKind,
    CoreKind,
    action_text,
    argument_of,
    face_down_kind,
    is_card_action,
    kind_of,
    make_action,
    parse_action,
)
from tricktable.cards import Card, card_name, parse_card
from tricktable.core import Deal, DealSummary, State
from tricktable.errors import ActionParseError, CardError, RecordError, TricktableError
from tricktable.events import Event
from tricktable.games import load_game
from tricktable.presentation.events import Names, event_text
from tricktable.presentation.names import record_names, seat_roster, wins_text

FORMAT = "tricktable/1"
"""The value of a record's ``format`` field."""

_REQUIRED = ("game", "rules", "players", "first_dealer", "deals")

HIDDEN_DISCARD = "discard"
"""A record's action for a discard of a card never seen (a seat view's form of another
seat's discard): the seat discards one of its ``unseen`` cards (docs/records.md)."""


def is_hidden_discard(text: str) -> bool:
    """Whether a record's action is a discard of a card never seen.

    >>> is_hidden_discard("discard"), is_hidden_discard("discard 9S")
    (True, False)
    """
    return text.strip().lower() == HIDDEN_DISCARD


HIDDEN_GIVE = "give"
"""A record's action for a card passed face down and never seen (bid euchre's ``give XX`` as
the seats other than the giver and the maker see it): the seat gives one of its ``unseen``
cards. The bare word is also All Fours' ``give``: it is read as a hidden card only where
giving a card is legal and the seat holds unseen cards."""


def hidden_card_kind(text: str) -> ActionKind | None:
    """The kind of a record's face-down card action written without its card (``"discard"``,
    ``"give"``; ``None`` for any other action).

    >>> from tricktable.actions import verb_of
    >>> verb_of(hidden_card_kind("give")).words, hidden_card_kind("give AS")
    ('give {card}', None)
    >>> hidden_card_kind("Discard") == CoreKind.DISCARD
    True
    """
    return face_down_kind(text)


def record_of(
    state: State,
    names: Sequence[str] | None = None,
    seed: int | None = None,
    start_scores: Sequence[int] | None = None,
) -> dict[str, Any]:
    """The record of a match so far (any point: mid-deal, or before the match is decided).

    ``start_scores``: the sides' scores before the first deal when the match was taken up
    part way (the state must have started from them); written only when given.
    """
    game = state.game
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": game.name,
        "rules": game.rules_dict(),
        "players": game.players,
        "first_dealer": state.first_dealer,
    }
    if names is not None:
        record["names"] = list(names)
    if seed is not None:
        record["seed"] = seed
    if start_scores is not None:
        record["start_scores"] = list(start_scores)
    record["deals"] = [
        {**deal.to_json(), "actions": [action_text(a) for a in actions]}
        for deal, actions in zip(state.deals, state.actions, strict=True)
    ]
    return record


@dataclass(frozen=True, slots=True)
class ReplayFailure:
    """Where and why a record's action is not legal."""

    deal: int
    action_index: int
    action: str
    reason: str
    legal: list[str]

    def message(self) -> str:
        legal = ", ".join(self.legal) if self.legal else "none"
        return (
            f"deal {self.deal}, action {self.action_index} {self.action!r}: {self.reason};"
            f" legal actions: {legal}"
        )


def json_source(source: str | bytes | Mapping[str, Any], error: type[TricktableError]) -> Any:
    """What JSON text ``source`` holds (``error`` when it is not valid JSON); a mapping as
    it is.

    >>> json_source('{"seed": 7}', RecordError)
    {'seed': 7}
    >>> try:
    ...     json_source("{", RecordError)
    ... except RecordError as error:
    ...     str(error).split(":")[0]
    'not valid JSON'
    """
    if not isinstance(source, (str, bytes)):
        return source
    try:
        return json.loads(source)
    except json.JSONDecodeError as fault:
        raise error(f"not valid JSON: {fault}") from None


def parse_record(source: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """A record object from JSON text or a mapping, with its top-level shape checked."""
    data = json_source(source, RecordError)
    if not isinstance(data, Mapping):
        raise RecordError("a record must be a JSON object")
    missing = [name for name in _REQUIRED if name not in data]
    if missing:
        raise RecordError(f"record lacks field(s): {', '.join(missing)}")
    if "format" in data and data["format"] != FORMAT:
        raise RecordError(f"unknown record format {data['format']!r}; expected {FORMAT!r}")
    if not isinstance(data["game"], str):
        raise RecordError("'game' must be a game name")
    if not isinstance(data["rules"], (Mapping, str)):
        raise RecordError("'rules' must be an object of options or a rule string")
    for field in ("players", "first_dealer"):
        value = data[field]
        if not isinstance(value, int) or isinstance(value, bool):
            raise RecordError(f"'{field}' must be an integer, not {value!r}")
    if not isinstance(data["deals"], list):
        raise RecordError("'deals' must be a list")
    return dict(data)


def _parse_deal(index: int, entry: Any) -> tuple[Deal, list[str], list[int]]:
    if not isinstance(entry, Mapping):
        raise RecordError(f"deal {index}: must be an object with hands, turned, stock, actions")
    for field in ("hands", "actions"):
        if not isinstance(entry.get(field), list):
            raise RecordError(f"deal {index}: '{field}' must be a list")
    try:
        hands = []
        for hand in entry["hands"]:
            if not isinstance(hand, list) or not all(isinstance(c, str) for c in hand):
                raise RecordError(f"deal {index}: each hand must be a list of card texts")
            hands.append(tuple(parse_card(card) for card in hand))
        turned_text = entry.get("turned")
        if turned_text is not None and not isinstance(turned_text, str):
            raise RecordError(f"deal {index}: 'turned' must be a card text or null")
        turned = None if turned_text is None else parse_card(turned_text)
        stock_texts = entry.get("stock", [])
        if not isinstance(stock_texts, list) or not all(isinstance(c, str) for c in stock_texts):
            raise RecordError(f"deal {index}: 'stock' must be a list of card texts")
        stock = tuple(parse_card(card) for card in stock_texts)
    except CardError as error:
        raise RecordError(f"deal {index}: {error}") from None
    actions = entry["actions"]
    if not all(isinstance(text, str) for text in actions):
        raise RecordError(f"deal {index}: every action must be a text")
    return Deal(tuple(hands), turned, stock), list(actions), unseen_counts(index, entry)


def unseen_counts(index: int, entry: Mapping[str, Any]) -> list[int]:
    """Deal ``index``'s ``unseen`` field: per seat, how many of its cards as dealt were
    never seen (``[]`` when the deal names every card).

    >>> unseen_counts(0, {"hands": [["JS"], ["AS"], [], []], "unseen": [4, 4, 5, 5]})
    [4, 4, 5, 5]
    """
    counts = entry.get("unseen", [])
    if (
        not isinstance(counts, list)
        or len(counts) not in (0, len(entry.get("hands", [])))
        or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts)
    ):
        raise RecordError(
            f"deal {index}: 'unseen' must list, per seat, how many of its cards were never"
            f" seen (integers >= 0, one per hand), not {counts!r}"
        )
    return list(counts)


def _with_stand_ins(
    index: int, deal: Deal, unseen: list[int], deck: Sequence[Card] | None
) -> tuple[Deal, frozenset[Card]]:
    """``deal`` with each seat's unseen cards filled by stand-ins: the first cards of the
    deck that the deal does not name, appended to the hands. The walker never lets a seat
    play while it holds one, so the stand-ins decide nothing."""
    if not any(unseen):
        return deal, frozenset()
    if deck is None:
        raise RecordError(f"deal {index}: this game cannot replay cards never seen ('unseen')")
    named = {card for hand in deal.hands for card in hand} | set(deal.stock)
    if deal.turned is not None:
        named.add(deal.turned)
    free = iter([card for card in deck if card not in named])
    hands: list[tuple[Card, ...]] = []
    for hand, count in zip(deal.hands, unseen, strict=True):
        extra = tuple(next(free, -1) for _ in range(count))
        if -1 in extra:
            raise RecordError(f"deal {index}: more cards are unseen than the deck leaves")
        hands.append(hand + extra)
    stand_ins = frozenset(
        card
        for hand, count in zip(hands, unseen, strict=True)
        for card in hand[len(hand) - count :]
    )
    return Deal(tuple(hands), deal.turned, deal.stock), stand_ins


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of a record, as ``walk_record`` replays it."""

    deal: int
    """Index of the deal in the record (from 0)."""
    index: int
    """Index of the action within its deal (from 0)."""
    seat: int
    """The seat that takes it."""
    action: Action

    @property
    def text(self) -> str:
        """The action in canonical text (a record may spell it otherwise)."""
        return action_text(self.action)


class RecordVisitor:
    """The hooks ``walk_record`` calls while it replays a record; here each does nothing.

    A visitor overrides the hooks it needs, as python-chess's PGN visitors do. Each hook
    gets the match being rebuilt at that point: read it, never change it.

    >>> class Counter(RecordVisitor):
    ...     def __init__(self) -> None:
    ...         self.calls: list[str] = []
    ...     def begin_deal(self, index: int, deal: Deal, state: State) -> None:
    ...         self.calls.append(f"deal {index}")
    ...     def after_action(self, step: Step, state: State) -> None:
    ...         self.calls.append(f"seat {step.seat} {step.text}")
    >>> import random
    >>> from tricktable import load_game
    >>> state = load_game("euchre(preset=north_american)").new_state(first_dealer=0)
    >>> state.deal_random(random.Random(3))
    >>> state.apply_text("pass")
    >>> counter = Counter()
    >>> _ = walk_record(record_of(state), counter)
    >>> counter.calls
    ['deal 0', 'seat 1 pass']
    """

    def begin_match(self, state: State) -> None:
        """Before the first deal (``state`` is the new match)."""

    def begin_deal(self, index: int, deal: Deal, state: State) -> None:
        """Once deal ``index`` is dealt, before its first decision."""

    def before_action(self, step: Step, state: State) -> None:
        """Before ``step`` is applied (the action is legal here)."""

    def after_action(self, step: Step, state: State) -> None:
        """After ``step`` is applied."""

    def end_deal(self, index: int, summary: DealSummary, state: State) -> None:
        """After the last decision the record gives for deal ``index``; ``summary`` is the
        deal's entry of the score sheet (``complete`` is false when the record stops inside
        the deal)."""

    def end_match(self, state: State) -> None:
        """After the record's last deal (the match may be undecided)."""


def walk_record(source: str | bytes | Mapping[str, Any], visitor: RecordVisitor) -> State:
    """Replay a record step by step, checking it, and call ``visitor``'s hooks on the way.

    Returns the rebuilt match. A record that is not valid raises ``RecordError`` (the same
    message as ``replay_record``) once the walk reaches the fault; the hooks before it have
    been called.
    """
    data = parse_record(source)
    try:
        game = load_game(data["game"], data["rules"], players=data["players"])
    except TricktableError as error:
        raise RecordError(f"rules: {error}") from None
    if game.players != data["players"]:
        raise RecordError(f"'players' is {data['players']}, but {game.name} has {game.players}")
    try:
        state = game.new_state(data["first_dealer"])
    except TricktableError as error:
        raise RecordError(str(error)) from None
    if "start_scores" in data:
        state.match_scores = _start_scores(data["start_scores"], len(game.sides))
    visitor.begin_match(state)
    deck: Sequence[Card] | None = getattr(game, "deck", None)
    for deal_index, entry in enumerate(data["deals"]):
        deal, texts, unseen = _parse_deal(deal_index, entry)
        deal, stand_ins = _with_stand_ins(deal_index, deal, unseen, deck)
        if not state.is_chance():
            what = "the match is over" if state.is_terminal() else "the previous deal is unfinished"
            raise RecordError(f"deal {deal_index}: a new deal cannot start: {what}")
        try:
            state.deal(deal)
        except TricktableError as error:
            raise RecordError(f"deal {deal_index}: {error}") from None
        visitor.begin_deal(deal_index, deal, state)
        for action_index, text in enumerate(texts):
            if stand_ins:
                text = _unseen_checked(state, stand_ins, deal_index, action_index, text)
            action = _legal_action(state, deal_index, action_index, text)
            step = Step(deal_index, action_index, state.current_player, action)
            visitor.before_action(step, state)
            state.push(action)
            visitor.after_action(step, state)
        if stand_ins and _choice_among_unseen(state, stand_ins):
            raise RecordError(
                f"deal {deal_index}: the record stops where seat {state.current_player} must"
                " choose among cards never seen ('unseen'); give its cards, or stop before"
            )
        visitor.end_deal(deal_index, state.deal_summary(deal_index), state)
    visitor.end_match(state)
    return state


def _choice_among_unseen(state: State, stand_ins: frozenset[Card]) -> bool:
    """Whether the seat to act may now name one of the stand-ins (a replay that stops here
    would list cards never seen among its legal actions)."""
    if state.is_chance() or state.is_terminal():
        return False
    return any(
        is_card_action(action) and argument_of(action) in stand_ins
        for action in state.legal_actions()
    )


def _start_scores(value: Any, sides: int) -> list[int]:
    if (
        not isinstance(value, list)
        or len(value) != sides
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise RecordError(f"'start_scores' must list {sides} integers, one per side, not {value!r}")
    return list(value)


def _unseen_checked(
    state: State, stand_ins: frozenset[Card], deal_index: int, action_index: int, text: str
) -> str:
    """``text``, with a hidden discard made a discard of one of the seat's unseen cards;
    ``RecordError`` where an action would need an unseen card: a play by a seat that holds
    one, or a card the deal does not name."""
    if state.is_chance() or state.is_terminal():
        return text
    seat = state.current_player
    held = [card for card in stand_ins if state.hands[seat] >> card & 1]
    hidden = hidden_card_kind(text)
    if hidden is not None and held:
        stand_in = make_action(hidden, min(held))
        if hidden == CoreKind.DISCARD or stand_in in state.legal_actions():
            return action_text(stand_in)
    try:
        action = parse_action(text)
    except ActionParseError:
        return text  # _legal_action reports it
    if is_card_action(action) and argument_of(action) in stand_ins:
        reason = f"card {card_name(argument_of(action))} is not in this deal's hands"
        raise _failure(state, deal_index, action_index, text, reason)
    if kind_of(action) == CoreKind.PLAY and held:
        reason = (
            f"seat {seat} holds cards never seen ('unseen'); a seat with unseen cards may"
            " not play (a record leaves unseen only cards never played)"
        )
        raise _failure(state, deal_index, action_index, text, reason)
    return text


def replay_record(source: str | bytes | Mapping[str, Any]) -> State:
    """Check a record and rebuild its match state; ``RecordError`` says what is wrong."""
    return walk_record(source, RecordVisitor())


def _legal_action(state: State, deal_index: int, action_index: int, text: str) -> Action:
    """The action ``text`` means, if it is legal now; else ``RecordError`` says why."""
    if state.is_chance() or state.is_terminal():
        reason = (
            "the match is over"
            if state.is_terminal()
            else "the deal is finished; no action is expected before the next deal"
        )
        raise _failure(state, deal_index, action_index, text, reason)
    try:
        action = parse_action(text)
    except ActionParseError as error:
        raise _failure(state, deal_index, action_index, text, str(error)) from None
    if action not in state.legal_actions():
        raise _failure(state, deal_index, action_index, text, state.why_illegal(action))
    return action


def _failure(
    state: State, deal_index: int, action_index: int, text: str, reason: str
) -> RecordError:
    failure = ReplayFailure(deal_index, action_index, text, reason, state.legal_texts())
    return RecordError(failure.message())


def replay_json(state: State) -> dict[str, Any]:
    """The replay result object of RECORDS.md."""
    deals = [summary.to_json() for summary in state.summaries()]
    finished = state.is_terminal()
    out: dict[str, Any] = {
        "game": state.game.name,
        "sides": state.game.sides,
        "deals": deals,
        "scores": state.scores(),
        "finished": finished,
        "winner": state.winner() if finished else None,
    }
    if not finished:
        to_act = state.current_player
        out["to_act"] = to_act if to_act >= 0 else None
        out["legal"] = state.legal_texts()
    return out


def replay_text(
    state: State,
    names: Sequence[object] | None = None,
    record: Mapping[str, Any] | None = None,
    card: Callable[[Card], str] = card_name,
) -> str:
    """The match as a person reads it: each deal's cards, decisions, tricks and score.

    Seats and sides are named as ``presentation.names`` says, from ``names`` (else the
    record's ``names``): a player by name, a bot or an unknown player by its place
    (``West``, ``Seat 2``), a side by its members (``Ann & Cid``). Each deal's heading gives
    the numbers of its decisions, counted from 1 over the match (as ``tricktable play --at``
    takes them); a match played on from another record says so. ``record``: the record
    ``state`` was replayed from, when it has what the state does not keep
    (``start_scores``, ``unseen`` cards, shown as ``??``); else ``record_of(state)``.
    ``card`` writes the cards (the records' ``TH``; a terminal's ``10♥``); each hand as dealt
    is shown grouped as the deal played (trumps first, ``presentation.hands.dealt_groups``).
    """
    from tricktable.presentation.labels import rules_description

    game = state.game
    source = record if record is not None else record_of(state)
    recorded = names if names is not None else source.get("names")
    if not isinstance(recorded, Sequence) or isinstance(recorded, str):
        recorded = None
    words = replace(record_names(recorded, game.sides), card=card)
    entries = [entry for entry in source.get("deals", []) if isinstance(entry, Mapping)]
    unseen = [unseen_counts(index, entry) for index, entry in enumerate(entries)]
    hidden = [
        {
            i
            for i, text in enumerate(entry.get("actions", []))
            if isinstance(text, str) and hidden_card_kind(text) is not None
        }
        for entry in entries
    ]
    counts = [
        len(entry["actions"]) if isinstance(entry.get("actions"), list) else 0 for entry in entries
    ]
    text = _MatchText(words, unseen, hidden, counts)
    walk_record(source, text)
    lines = [f"{rules_description(game)} — {game.rule_string()}"]
    if recorded is not None:
        lines.append("Seats: " + ", ".join(seat_roster(recorded, game.players)))
    origin = branch_line(source.get("branch"), game.players)
    if origin is not None:
        lines.append(origin)
    lines.extend(text.lines)
    lines.append("")
    lines.extend(score_sheet(text.summaries, words.sides))
    if state.is_terminal():
        final = state.winner()
        if isinstance(final, list):
            lines.append("Result: a tie between " + ", ".join(words.side(w) for w in final))
        elif final is not None:
            lines.append(f"Result: {wins_text(words, final)}")
    else:
        to_act = state.current_player
        if to_act >= 0:
            lines.append(f"To act: {words.seat(to_act)} — legal: {', '.join(state.legal_texts())}")
        else:
            lines.append("Next: a new deal")
    return "\n".join(lines)


def branch_line(origin: object, players: int) -> str | None:
    """How the text replay says that a match was played on from another record (its
    ``branch`` field, docs/records.md); ``None`` when it was not (or the field is not one).

    >>> print(branch_line({"decisions": 26}, 2))
    Played on from another record: decisions 1-26 are that record's; the rest are new.
    >>> print(branch_line({"decisions": 0, "names": ["Ann", "Bob"]}, 2))
    Played on from another record's first decision (its seats: Ann, Bob); every decision is new.
    """
    if not isinstance(origin, Mapping):
        return None
    kept = origin.get("decisions")
    if not isinstance(kept, int) or isinstance(kept, bool) or kept < 0:
        return None
    names = origin.get("names")
    seats = ""
    if isinstance(names, list):
        seats = f" (its seats: {', '.join(seat_roster(names, players))})"
    if kept == 0:
        return f"Played on from another record's first decision{seats}; every decision is new."
    return (
        f"Played on from another record: decisions 1-{kept} are that record's{seats};"
        " the rest are new."
    )


class _MatchText(RecordVisitor):
    """The lines of ``replay_text`` for the deals, and the score sheet's summaries.

    A deal's events are told as they happen: after each decision, the events the deal's
    summary has gained (an All Fours turn-up when the cards are run, before the discards
    it causes); the rest (the scoring) at the deal's end."""

    def __init__(
        self,
        names: Names,
        unseen: Sequence[Sequence[int]] = (),
        hidden: Sequence[set[int]] = (),
        counts: Sequence[int] = (),
    ) -> None:
        self.names = names
        self.counts = counts
        """Per deal, how many decisions the record gives (for the decisions' numbers)."""
        self.decided = 0
        """Decisions told so far, every deal's."""
        self.unseen = unseen
        """Per deal, per seat: how many of its cards were never seen (stand-ins last)."""
        self.hidden = hidden
        """Per deal, the indices of its face-down card actions without a card (a discard or a
        passed card never seen)."""
        self.lines: list[str] = []
        self.summaries: list[DealSummary] = []
        self.played: list[str] = []
        """The cards of the trick in progress, as ``name card``."""
        self.tricks_seen = 0
        self.events_told = 0
        """How many of the deal's events are told so far."""
        self.hand_rows: list[tuple[int, tuple[Card, ...], int]] = []
        """This deal's hands as dealt: each one's line, its cards and how many are unseen
        (written at the deal's end, grouped by its trump)."""

    def _tell_events(self, events: Sequence[Event]) -> None:
        self.lines.extend(f"  * {event_text(e, self.names)}" for e in events[self.events_told :])
        self.events_told = max(self.events_told, len(events))

    def begin_deal(self, index: int, deal: Deal, state: State) -> None:
        name = self.names.seat
        dealer = getattr(state, "dealer", None)
        self.lines.append("")
        count = self.counts[index] if index < len(self.counts) else 0
        first, last = self.decided + 1, self.decided + count
        numbers = {0: "", 1: f" — decision {first}"}.get(count, f" — decisions {first}-{last}")
        self.lines.append(
            f"Deal {index + 1}"
            + (f" — dealer {name(dealer)}" if dealer is not None else "")
            + numbers
        )
        unseen = self.unseen[index] if index < len(self.unseen) else []
        width = max(12, *(len(name(seat)) for seat in range(len(deal.hands))))
        self.hand_rows = []
        for seat, hand in enumerate(deal.hands):
            hidden = unseen[seat] if unseen else 0
            self.hand_rows.append((len(self.lines), hand, hidden))
            self.lines.append(f"  {name(seat):>{width}}: ")
        if deal.turned is not None:
            self.lines.append(f"  {'turned':>{width}}: {self.names.card(deal.turned)}")
        self.played = []
        self.tricks_seen = 0
        self.events_told = 0
        self._tell_events(state.summaries()[index].events)

    def after_action(self, step: Step, state: State) -> None:
        self.decided += 1
        name = self.names.seat(step.seat)
        if kind_of(step.action) != CoreKind.PLAY:
            hidden = step.deal < len(self.hidden) and step.index in self.hidden[step.deal]
            if hidden and is_card_action(step.action):  # a card never seen: its word and ??
                text = f"{step.text.split()[0]} ??"
            elif is_card_action(step.action):
                text = f"{step.text.split()[0]} {self.names.card(argument_of(step.action))}"
            else:
                text = step.text
            self.lines.append(f"  {name}: {text}")
            self._tell_events(state.summaries()[step.deal].events)
            return
        self.played.append(f"{name} {self.names.card(argument_of(step.action))}")
        view = state.view(step.seat)
        if len(view.tricks) > self.tricks_seen:
            self.tricks_seen = len(view.tricks)
            winner = view.trick_winners[-1] if view.trick_winners else None
            won = f" — won by {self.names.seat(winner)}" if winner is not None else ""
            self.lines.append(f"  trick {self.tricks_seen}: " + ", ".join(self.played) + won)
            self.played = []

    def end_deal(self, index: int, summary: DealSummary, state: State) -> None:
        from tricktable.presentation.hands import dealt_groups

        for row, hand, hidden in self.hand_rows:
            known = hand[: len(hand) - hidden]
            groups = dealt_groups(state.game, known, summary.trump)
            shown = " ".join(self.names.card(c) for group in groups for c in group)
            shown = " ".join(part for part in (shown, " ".join(["??"] * hidden)) if part)
            self.lines[row] += shown if hand else "(no hand)"
        if self.played:
            self.lines.append("  trick in progress: " + ", ".join(self.played))
        self._tell_events(summary.events)
        if summary.complete:
            points = ", ".join(f"{self.names.side(i)} {p:+d}" for i, p in enumerate(summary.points))
            self.lines.append(f"  points: {points}")
        self.summaries.append(summary)


def score_sheet(summaries: Sequence[DealSummary], side_names: Sequence[str]) -> list[str]:
    """The score sheet as text lines: one row per deal with each side's running total.

    Games with bids (Romanian whist) show, as a Romanian whist score table does, the row's hand size
    (or "0" / "NV" for tie-break deals) and each player's bid and running total.
    """
    with_bids = any(summary.bids is not None for summary in summaries)
    width = max([14, *(len(name) + 2 for name in side_names)])
    lines = ["Score sheet"]
    if with_bids:
        head = "  deal  hand  " + "  ".join(f"{name:>{width}}" for name in side_names)
        lines.append(head)
        lines.append("              " + "  ".join(f"{'bid  total':>{width}}" for _ in side_names))
    else:
        lines.append("  deal  " + "  ".join(f"{name:>{width}}" for name in side_names))
    for index, summary in enumerate(summaries):
        mark = ""
        if summary.thrown_in:
            mark = " (thrown in)"
        elif not summary.complete:
            mark = " (in progress)"
        if with_bids:
            bids = summary.bids or [None] * len(summary.scores)
            row = summary.hand or ""
            cells = "  ".join(
                f"{('-' if bid is None else str(bid)):>{width - 7}}  {score:>5}"
                for bid, score in zip(bids, summary.scores, strict=True)
            )
            lines.append(f"  {index + 1:>4}  {row:>4}  {cells}{mark}")
        else:
            cells = "  ".join(f"{score:>{width}}" for score in summary.scores)
            lines.append(f"  {index + 1:>4}  {cells}{mark}")
    return lines
