"""What the shared suites check of Pitch: its perft counts (recorded by ``python -m
tricktable.testing perft pitch``), its facts reference, its golden minimums and its events'
sentences."""

from __future__ import annotations

from typing import Any

from tricktable.events import Event
from tricktable.games.pitch.events import PitchEvent
from tricktable.games.spec import Conformance, Perft
from tricktable.testing import suit_or_none

SENTENCES: list[tuple[Event, str]] = [
    (Event(PitchEvent.ALL_PASSED), "all passed: the deal is thrown in and passes left"),
    (
        Event(PitchEvent.PITCHER_MAKES, seat=2, side=0, points=3, counts=(2, 3)),
        "seat 2 (pitcher) makes the bid of 2 with 3: +3",
    ),
    (
        Event(PitchEvent.PITCHER_SET_BACK, seat=1, side=1, points=-3, counts=(3, 2)),
        "seat 1 (pitcher) set back: 2 points won of a bid of 3: -3",
    ),
    (
        Event(PitchEvent.SMUDGE_MADE, seat=0, side=0, points=4),
        "seat 0 (pitcher) makes the smudge: 4 points, the match is won",
    ),
    (
        Event(PitchEvent.SMUDGE_SCORES, seat=0, side=0, points=4),
        "seat 0 (pitcher) makes the smudge: +4",
    ),
    (
        Event(PitchEvent.SMUDGE_FAILED, seat=3, side=3, points=-4, counts=(5, 3)),
        "seat 3 (pitcher) fails the smudge with 3 points: -4",
    ),
]
"""One event of each of the package's kinds and its sentence in the records (RECORDS.md's
replay ``events``), checked by ``tests/presentation/test_events.py``."""


def facts_reference(state: Any, seat: int) -> dict[str, Any]:
    """The JSON of ``seat``'s public facts, from the state's own fields."""
    return {
        "trump": suit_or_none(state.trump),
        "eldest": state.eldest,
        "target": state.rules.target,
        "sides": state.game.sides,
        "game_points": state.game_counts(),
        "hand_sizes": [hand.bit_count() for hand in state.hands],
        "bids": list(state.bids),
        "high_bid": state.high_bid or None,
        "bidder": state.pitcher if state.pitcher >= 0 else None,
    }


TESTDATA = Conformance(
    opening=Perft("deal 1 step 0 bid: seat 2 holds 3S 6S TS AH 2C KC", 419),
    late=Perft("deal 1 step 16 play: seat 1 holds TD 8C 9C", 144),
    facts_reference=facts_reference,
    goldens=(18, 19),
    may_not_end={
        players: "random pitchers are set back so often that scores drift below 0"
        for players in range(2, 8)
    },
)
"""What the shared suites check of Pitch."""
