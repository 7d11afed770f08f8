"""What happened in a deal, as data: the events of a deal's score sheet.

An engine ends a deal with a list of ``Event``s (``DealSummary.events``): a kind, the seat or
side it concerns, the points it scored, and the few numbers, seats or cards its sentence
needs. Events carry no words: ``tricktable.presentation.events`` turns them into sentences
(``DealSummary.to_json`` and the records use its default names, ``seat 2`` and ``side 0``; the
terminal and the web name seats and sides their own way).

The kinds below are those several games share; a kind only one game (or the euchre family)
has is defined in that game's package, in the same way.

>>> event = Event(EventKind.SIDE_WINS_GAME, side=1)
>>> event.kind, event.side, event.seat
(<EventKind.SIDE_WINS_GAME: 'side_wins_game'>, 1, -1)
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from tricktable.cards import Card


class EventKind(StrEnum):
    """The kinds of event several games share: how a match is decided.

    A kind's value names its sentence in ``tricktable.presentation.events``; the values of
    every game's kinds are distinct.
    """

    SIDE_WINS_GAME = "side_wins_game"
    """``side`` has reached the target: it wins the game."""
    SEAT_WINS_GAME = "seat_wins_game"
    """``seat`` (a side of one seat) has reached the target: it wins the game."""
    SEAT_WINS = "seat_wins"
    """``seat`` wins the match."""
    WINS_WITH = "wins_with"
    """``seat`` wins the match with the score ``counts[0]``."""


class Event(NamedTuple):
    """One event of a deal's score sheet.

    ``kind`` is an ``EventKind`` or a game's own kind (a ``StrEnum`` member); the other
    fields are those its sentence needs, the rest keep their defaults. An immutable named
    tuple, as ``core.Deal`` (cheap to make: most deals end with one or two).
    """

    kind: StrEnum
    """What happened."""
    seat: int = -1
    """The seat it concerns (-1: none)."""
    side: int = -1
    """The side it concerns (-1: none)."""
    points: int = 0
    """The points it scores, with their sign (a set-back is negative)."""
    tricks: int = 0
    """The tricks it counts (those the seat or side took)."""
    counts: tuple[int, ...] = ()
    """Other numbers the kind needs, in the order its docstring gives (a bid, a score)."""
    seats: tuple[int, ...] = ()
    """Other seats it names (the seats of a tie, the best defender)."""
    cards: tuple[Card, ...] = ()
    """The cards it names (a turned card, the high trump)."""
