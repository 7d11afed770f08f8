"""The sentence of each deal event, naming seats and sides as the caller says.

Every event kind has one sentence: the kinds several games share (``tricktable.events``)
in ``WORDS`` below, each game's own kinds in the ``words`` module of the package that defines
them (``words_for``), so that a game's sentences stay in its package. By default seats and
sides are named as in the records (``seat 2``, ``side 0``): these are the ``events`` strings
of RECORDS.md's replay JSON, so they never change.

>>> from tricktable.events import Event, EventKind
>>> event_text(Event(EventKind.SIDE_WINS_GAME, side=0))
'side 0 wins the game'

The terminal names seats from the person's point of view; a verb agrees with a name that
takes a plural verb (``You``, a side of several seats):

>>> names = Names(
...     seats=("You", "West", "North", "East"),
...     sides=("You & North", "West & East"),
...     plural_seats=frozenset({0}),
...     plural_sides=frozenset({0, 1}),
... )
>>> event_text(Event(EventKind.SIDE_WINS_GAME, side=1), names)
'West & East win the game'
>>> from tricktable.games.euchre_family.events import FamilyEvent
>>> event_text(Event(FamilyEvent.TAKES_TRICKS, seat=0, tricks=2, points=-2), names)
'You take 2 tricks: -2'

The web names seats in the page (a player may sit down later): it gets the sentence as
parts, text and the seats and sides it names:

>>> event_parts(Event(FamilyEvent.TAKES_TRICKS, seat=3, tricks=1, points=-1))
[{'seat': 3, 'verb': 'takes', 'plural': 'take'}, ' 1 trick: -1']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from string import Formatter
from typing import Literal

from tricktable.cards import Card, card_name
from tricktable.events import Event, EventKind

WORDS: dict[StrEnum, str] = {
    # How a template names what its event holds (the games' ``words`` modules write theirs
    # the same way):
    #   {seat}, {side}, {other} (the seat in ``seats[0]``): a name; ``{seat:takes}`` adds a
    #     verb that agrees with it ("seat 2 takes", "You take");
    #   {seats}: the seats of a tie ("seats 0, 1"); ``{seats:and}`` joins them with "and";
    #   {tricks}: "3 tricks" (``{tricks:d}``: the number); {points}, {counts[i]}: numbers, with
    #     a format spec ("+d"), or ``:tricks`` / ``:points`` for "1 trick" / "2 points";
    #   {counts:sides}: one count per side ("side 0 12, side 1 9"); {card}: ``cards[0]``.
    EventKind.SIDE_WINS_GAME: "{side:wins} the game",
    EventKind.SEAT_WINS_GAME: "{seat:wins} the game",
    EventKind.SEAT_WINS: "{seat:wins}",
    EventKind.WINS_WITH: "{seat:wins} with {counts[0]}",
}
"""The sentence of each kind several games share: how a match is decided
(``tricktable.events.EventKind``; see the comment at its top)."""


@dataclass(frozen=True, slots=True)
class KindWords:
    """The words of one family of event kinds (a ``StrEnum``): each kind's sentence, and the
    kinds told by the decision that made them."""

    sentences: Mapping[StrEnum, str]
    """The sentence of each kind (a template, as ``WORDS``)."""
    told_by_decision: frozenset[StrEnum]
    """Kinds that say no more than the decision that made them (All Fours' "eldest stands"):
    a telling that shows each decision as it comes (the terminal game) leaves them out; the
    records' event lists keep them."""


_FOUND: dict[type, KindWords] = {EventKind: KindWords(WORDS, frozenset())}


def words_for(kinds: type[StrEnum]) -> KindWords:
    """The words of the kinds of ``kinds``: those of ``EventKind`` above; a game's (or a
    family's) in the module ``words`` beside the module that defines them
    (``tricktable.games.euchre.events`` -> ``tricktable.games.euchre.words``: its ``WORDS``,
    and its ``TOLD_BY_DECISION`` where it has one), read once.

    >>> from tricktable.games.euchre_family.events import FamilyEvent
    >>> words_for(FamilyEvent).sentences[FamilyEvent.ALL_PASSED]
    'all passed: the deal is thrown in'
    """
    found = _FOUND.get(kinds)
    if found is None:
        package = kinds.__module__.rpartition(".")[0]
        place = f"{package}.words"
        try:
            module = importlib.import_module(place) if package else None
        except ModuleNotFoundError as error:
            if error.name != place:
                raise
            module = None
        if module is None:
            found = KindWords({}, frozenset())
        else:
            found = KindWords(
                getattr(module, "WORDS", {}), frozenset(getattr(module, "TOLD_BY_DECISION", ()))
            )
        _FOUND[kinds] = found
    return found


def told_by_decision(event: Event) -> bool:
    """Whether ``event`` says no more than the decision that made it (``KindWords``).

    >>> from tricktable.games.all_fours.events import AllFoursEvent
    >>> told_by_decision(Event(AllFoursEvent.ELDEST_STANDS, seat=1))
    True
    >>> told_by_decision(Event(EventKind.SEAT_WINS, seat=1))
    False
    """
    return event.kind in words_for(type(event.kind)).told_by_decision


_IRREGULAR_PLURALS = {"is": "are", "has": "have", "was": "were", "does": "do"}


def plural_verb(verb: str) -> str:
    """The verb for "you" or a side of several seats.

    >>> [plural_verb(v) for v in ("takes", "is", "reaches", "passes", "made")]
    ['take', 'are', 'reach', 'pass', 'made']
    """
    if verb in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[verb]
    if verb.endswith(("ches", "shes", "sses", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("ss") or not verb.endswith("s"):
        return verb
    return verb[:-1]


def tricks_text(count: int) -> str:
    """``count`` tricks in words.

    >>> tricks_text(1), tricks_text(3)
    ('1 trick', '3 tricks')
    """
    return f"{count} trick" + ("" if count == 1 else "s")


def points_text(count: int) -> str:
    """``count`` points in words.

    >>> points_text(1), points_text(0)
    ('1 point', '0 points')
    """
    return f"{count} point" + ("" if count == 1 else "s")


@dataclass(frozen=True, slots=True)
class Named:
    """A seat or side a sentence names, with the verb that follows it (``""``: none)."""

    what: Literal["seat", "side"]
    number: int
    verb: str = ""


@dataclass(frozen=True, slots=True)
class NamedSeats:
    """Several seats a sentence names together (a tie), joined by ``joiner``."""

    seats: tuple[int, ...]
    joiner: str


Piece = str | Named | NamedSeats
"""A part of a sentence: text, or the seats and sides it names."""


@dataclass(frozen=True, slots=True)
class Names:
    """How sentences name seats and sides. Left empty, as the records do: ``seat 2``,
    ``side 0`` and ``seats 0, 1``.

    ``plural_seats`` and ``plural_sides`` are those whose name takes a plural verb
    (``You take``, ``North & South win``); ``card`` writes a card (the records' ``TH``, or a
    person's ``10♥``).
    """

    seats: Sequence[str] = ()
    sides: Sequence[str] = ()
    plural_seats: frozenset[int] = frozenset()
    plural_sides: frozenset[int] = frozenset()
    card: Callable[[Card], str] = card_name

    def seat(self, seat: int) -> str:
        """The name of ``seat``."""
        return self.seats[seat] if seat < len(self.seats) else f"seat {seat}"

    def side(self, side: int) -> str:
        """The name of ``side``."""
        return self.sides[side] if side < len(self.sides) else f"side {side}"

    def say(self, piece: Piece) -> str:
        """A piece of a sentence as text."""
        if isinstance(piece, str):
            return piece
        if isinstance(piece, NamedSeats):
            if not self.seats:
                return "seats " + piece.joiner.join(str(seat) for seat in piece.seats)
            return piece.joiner.join(self.seat(seat) for seat in piece.seats)
        if piece.what == "seat":
            name, plural = self.seat(piece.number), piece.number in self.plural_seats
        else:
            name, plural = self.side(piece.number), piece.number in self.plural_sides
        if not piece.verb:
            return name
        return f"{name} {plural_verb(piece.verb) if plural else piece.verb}"


DEFAULT_NAMES = Names()
"""The records' names: ``seat 2``, ``side 0``."""


def event_text(event: Event, names: Names = DEFAULT_NAMES) -> str:
    """The sentence of ``event``, naming seats and sides by ``names``."""
    return "".join(names.say(piece) for piece in event_pieces(event, names.card))


def event_parts(
    event: Event, card: Callable[[Card], str] = card_name
) -> list[str | dict[str, int | str]]:
    """The sentence of ``event`` for a client that names seats and sides itself: text, and
    ``{"seat": n}`` or ``{"side": n}`` where one is named; a verb that follows the name comes
    with it in both numbers (``"verb": "wins", "plural": "win"``), for the client to agree with
    the name it shows (``Ann wins``, ``Ann & Cid win``). Cards are written by ``card``."""
    parts: list[str | dict[str, int | str]] = []

    def text(words: str) -> None:
        if parts and isinstance(parts[-1], str):
            parts[-1] += words
        elif words:
            parts.append(words)

    for piece in event_pieces(event, card):
        if isinstance(piece, str):
            text(piece)
        elif isinstance(piece, NamedSeats):
            for index, seat in enumerate(piece.seats):
                text(piece.joiner if index else "")
                parts.append({"seat": seat})
        else:
            named: dict[str, int | str] = {piece.what: piece.number}
            if piece.verb:
                named["verb"], named["plural"] = piece.verb, plural_verb(piece.verb)
            parts.append(named)
    return parts


def event_pieces(event: Event, card: Callable[[Card], str] = card_name) -> list[Piece]:
    """The sentence of ``event`` as pieces: its kind's template with the event's values
    (cards written by ``card``)."""
    kinds = type(event.kind)
    template = words_for(kinds).sentences.get(event.kind)
    if template is None:
        place = f"{kinds.__module__.rpartition('.')[0]}.words"
        raise ValueError(
            f"no words for the event kind {str(event.kind)!r}: add it to WORDS in {place}"
        )
    pieces: list[Piece] = []
    for literal, field, spec, _ in Formatter().parse(template):
        if literal:
            pieces.append(literal)
        if field is not None:
            pieces.extend(_field(event, field, spec or "", card))
    return pieces


def _field(event: Event, field: str, spec: str, card: Callable[[Card], str]) -> list[Piece]:
    """One ``{field:spec}`` of a template, filled from ``event``."""
    if field == "seat":
        return [Named("seat", event.seat, spec)]
    if field == "other":
        return [Named("seat", event.seats[0], spec)]
    if field == "side":
        return [Named("side", event.side, spec)]
    if field == "seats":
        return [NamedSeats(event.seats, " and " if spec == "and" else ", ")]
    if field == "card":
        return [card(event.cards[0])]
    if field == "tricks":
        return [str(event.tricks) if spec == "d" else tricks_text(event.tricks)]
    if field == "points":
        return [_number(event.points, spec)]
    if field == "counts" and spec == "sides":
        pieces: list[Piece] = []
        for side, count in enumerate(event.counts):
            pieces += [", "] if side else []
            pieces += [Named("side", side), f" {count}"]
        return pieces
    name, _, index = field.partition("[")
    if name == "counts" and index.endswith("]"):
        return [_number(event.counts[int(index[:-1])], spec)]
    raise ValueError(f"the words of {str(event.kind)!r} name an unknown field {field!r}")


def _number(value: int, spec: str) -> str:
    """A number as a template asks: ``tricks`` and ``points`` in words, else ``format``."""
    if spec == "tricks":
        return tricks_text(value)
    if spec == "points":
        return points_text(value)
    return format(value, spec)
