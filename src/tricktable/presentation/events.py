"""The sentence of each deal event, naming seats and sides as the caller says.

Every event kind (``tricktable.events`` and the games' own kinds) has one sentence in
``WORDS``. By default seats and sides are named as in the records (``seat 2``, ``side 0``):
these are the ``events`` strings of RECORDS.md's replay JSON, so they never change.

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
>>> event_text(Event("takes_tricks", seat=0, tricks=2, points=-2), names)
'You take 2 tricks: -2'

The web names seats in the page (a player may sit down later): it gets the sentence as
parts, text and the seats and sides it names:

>>> event_parts(Event("takes_tricks", seat=3, tricks=1, points=-1))
[{'seat': 3, 'verb': 'takes', 'plural': 'take'}, ' 1 trick: -1']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from string import Formatter
from typing import Literal

from tricktable.cards import Card, card_name
from tricktable.events import Event

WORDS: dict[str, str] = {
    # How a template names what its event holds:
    #   {seat}, {side}, {other} (the seat in ``seats[0]``): a name; ``{seat:takes}`` adds a
    #     verb that agrees with it ("seat 2 takes", "You take");
    #   {seats}: the seats of a tie ("seats 0, 1"); ``{seats:and}`` joins them with "and";
    #   {tricks}: "3 tricks" (``{tricks:d}``: the number); {points}, {counts[i]}: numbers, with
    #     a format spec ("+d"), or ``:tricks`` / ``:points`` for "1 trick" / "2 points";
    #   {counts:sides}: one count per side ("side 0 12, side 1 9"); {card}: ``cards[0]``.
    #
    # -- how a match is decided (``tricktable.events.EventKind``)
    "side_wins_game": "{side:wins} the game",
    "seat_wins_game": "{seat:wins} the game",
    "seat_wins": "{seat:wins}",
    "wins_with": "{seat:wins} with {counts[0]}",
    # -- the euchre family
    "all_passed": "all passed: the deal is thrown in",
    "takes_tricks": "{seat:takes} {tricks}: -{tricks:d}",
    # -- euchre
    "blind_alone_march": "blind alone march: {points} points",
    "blind_alone_euchred": "blind alone takes {tricks}: {points:points} to the defenders",
    "march": "march: {points} points",
    "lone_march": "lone march: {points} points",
    "makers_take": "makers take {tricks}: {points:points}",
    "lone_maker_takes": "lone maker takes {tricks}: {points:points}",
    "point_on_partner": "point on partner: {points} extra point",
    "makers_euchred": "makers euchred ({tricks}): {points} points to the defenders",
    "lone_maker_euchred": "lone maker euchred ({tricks}): {points} points to the defenders",
    "lone_defender_euchre": (
        "lone defender euchres the makers ({tricks}): {points} points to the defenders"
    ),
    "super_euchre": "super euchre ({tricks}): {points} points to the defenders",
    "robson_set_back": "{seat:sets} back the opponents",
    "robson_march": "{seat:scores} the march",
    "set_back": "{side} set back {counts[0]} points",
    "renege_called": "{seat:calls} a renege: {points} points",
    "renege_deducted": "{seat:calls} a renege: {counts[0]:points} deducted",
    "conceded": "{seat:concedes} the rest after {tricks}: {points:points}",
    "ace_no_face_redeal": "ace no face: the deal is thrown in and redealt",
    # -- two-handed euchre
    "both_passed_twice": "both passed twice: the deal is thrown in",
    "march_to_the_maker": "march: {points:points} to the maker",
    "maker_takes": "maker takes {tricks}: {points:points}",
    "maker_euchred": "maker euchred ({tricks}): {points:points} to the defender",
    "super_euchre_of_one": "super euchre ({tricks}): {points:points} to the defender",
    # -- three-handed euchre
    "all_passed_twice": "all passed twice: the deal is thrown in",
    "shows_ace_no_face": "{seat:shows} ace no face: misdeal, the same dealer deals again",
    "maker_seat_takes": "maker ({seat}) takes {tricks}: {points:points}",
    "defenders_tie": (
        "maker ({seat}) euchred with {tricks}; defenders tie with {counts[0]:tricks} each:"
        " {points:points} each"
    ),
    "best_defender": (
        "maker ({seat}) euchred with {tricks}; {other:takes} the most defending tricks"
        " ({counts[0]}): {points} points"
    ),
    "tie_between": "a tie between {seats}",
    # -- bid euchre
    "everyone_else_drops": "everyone else drops: {seat:takes} all {tricks} unplayed",
    "dropped": "{seat} dropped: no change",
    "makes_bid": "{seat:makes} the bid of {counts[0]} with {tricks}: -{tricks:d}",
    "fails_bid": "{seat:fails} the bid of {counts[0]} with {tricks}, set: +{points}",
    "set_after_staying": "{seat:takes} no trick after staying, set: +{points}",
    "shared_win": "shared win: {seats}",
    "wins_with_fewest_sets": "{seat:wins} with {counts[0]} (fewest hands set)",
    # -- partnership bid euchre
    "makers_make_bid": "makers make the bid of {counts[0]} with {tricks}: {points:points}",
    "makers_set": "makers set with {tricks} of the bid of {counts[0]}: {points:points}",
    "shoot_made": "{seat:takes} all {tricks} after bidding shoot: {points:points}",
    "shoot_failed": "{seat:takes} {tricks} after bidding shoot: {points:points}",
    "alone_made": "{seat:takes} all {tricks} alone: {points:points}",
    "alone_failed": "{seat:takes} {tricks} alone: {points:points}",
    "defenders_take": "defenders take {tricks}: {points:points}",
    "both_reach_target": "both sides reach {counts[0]}: {side:wins} the game as the makers",
    # -- set-back euchre
    "fails_declared_march": (
        "{seat:fails} the declared march ({tricks}): score doubled {counts[0]} -> {counts[1]},"
        " pays a stake"
    ),
    "maker_set_back": "{seat} (maker) euchred with {tricks}: set back {points}, pays a stake",
    "maker_declared_march": "{seat} (maker) declared march, {tricks}: -{tricks:d}",
    "defender_declared_march": "{seat} (defender) declared march, {tricks}: -{tricks:d}",
    "maker_march": "{seat} (maker) march, {tricks}: -{tricks:d}",
    "maker_makes": "{seat} (maker) makes, {tricks}: -{tricks:d}",
    "threw_in": "{seat} threw in: no change",
    "no_trick": "{seat:takes} no trick: set back {points}",
    "euchre_relief": "{seat} euchre relief: {points}",
    "pool": "pool now {counts[0]} stakes",
    "declared_march_won": "{seat} made the declared march: wins the game and the pool",
    "wins_the_pool": "{seat:wins} the game and the pool ({counts[0]} stakes)",
    "share_the_pool": "{seats:and} tie at {counts[0]}: they share the pool ({counts[1]} stakes)",
    # -- all fours
    "kick": "kick: {card} turned, {points:points} to the dealer",
    "match_won": "{side:reaches} {counts[0]}: the match is won",
    "eldest_stands": "eldest stands",
    "gift": "gift: {points:points} to {side}",
    "pack_ran_out": "the pack ran out: thrown in, the same dealer redeals",
    "run_again": "{card} turned: same suit, run again",
    "run": "run: {card} turned, trump",
    "high": "High: {card}, held by {seat}",
    "low_held": "Low: {card}, held by {seat}",
    "low_won": "Low: {card}, won by {seat}",
    "jack": "Jack: won by {seat}",
    "game": "Game: {counts:sides}",
    "game_tied_to_non_dealer": "Game tied ({counts:sides}): to the non-dealer",
    "game_tied": "Game tied ({counts:sides}): nobody scores",
    # -- pitch
    "pitch_all_passed": "all passed: the deal is thrown in and passes left",
    "pitcher_makes": "{seat} (pitcher) makes the bid of {counts[0]} with {counts[1]}: {points:+d}",
    "pitcher_set_back": (
        "{seat} (pitcher) set back: {counts[1]:points} won of a bid of {counts[0]}: {points:+d}"
    ),
    "smudge_made": "{seat} (pitcher) makes the smudge: {points:points}, the match is won",
    "smudge_scores": "{seat} (pitcher) makes the smudge: {points:+d}",
    "smudge_failed": "{seat} (pitcher) fails the smudge with {counts[1]:points}: {points:+d}",
    # -- Romanian whist
    "streak_made": "{seat} made {counts[0]} in a row: {points:+d}",
    "streak_failed": "{seat} failed {counts[0]} in a row: {points:+d}",
    "tie_for_first": "tie for first: {seats}",
}
"""The sentence of each event kind, by the kind's value (see the comment at its top)."""

TOLD_BY_DECISION = frozenset({"eldest_stands"})
"""Event kinds that say no more than the decision that made them (eldest's ``stand`` is
"eldest stands"): a telling that shows each decision as it comes (the terminal game) leaves
them out; the records' event lists keep them."""

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
    template = WORDS.get(str(event.kind))
    if template is None:
        raise ValueError(f"no words for the event kind {str(event.kind)!r}: add it to WORDS")
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
