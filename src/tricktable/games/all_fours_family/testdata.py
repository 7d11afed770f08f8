"""What the shared suites check of All Fours and Pitch: the sentences of the events they share."""

from __future__ import annotations

from tricktable.cards import parse_card
from tricktable.events import Event
from tricktable.games.all_fours_family.events import PointEvent

AS, JH, TWO_C = (parse_card(text) for text in ("AS", "JH", "2C"))

SENTENCES: list[tuple[Event, str]] = [
    (
        Event(PointEvent.MATCH_WON, side=0, counts=(7,)),
        "side 0 reaches 7: the match is won",
    ),
    (
        Event(PointEvent.HIGH, seat=2, side=0, points=1, cards=(AS,)),
        "High: AS, held by seat 2",
    ),
    (
        Event(PointEvent.LOW_HELD, seat=1, side=1, points=1, cards=(TWO_C,)),
        "Low: 2C, held by seat 1",
    ),
    (
        Event(PointEvent.LOW_WON, seat=3, side=1, points=1, cards=(TWO_C,)),
        "Low: 2C, won by seat 3",
    ),
    (Event(PointEvent.JACK, seat=0, side=0, points=1, cards=(JH,)), "Jack: won by seat 0"),
    (
        Event(PointEvent.GAME, side=0, points=1, counts=(21, 12)),
        "Game: side 0 21, side 1 12",
    ),
    (
        Event(PointEvent.GAME_TIED_TO_NON_DEALER, side=1, points=1, counts=(9, 9, 4)),
        "Game tied (side 0 9, side 1 9, side 2 4): to the non-dealer",
    ),
    (
        Event(PointEvent.GAME_TIED, counts=(10, 10)),
        "Game tied (side 0 10, side 1 10): nobody scores",
    ),
]
"""One event of each of the package's kinds and its sentence in the records (RECORDS.md's
replay ``events``), checked by ``tests/presentation/test_events.py``."""
