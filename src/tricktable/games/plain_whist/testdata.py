"""What the shared suites check of plain whist: its perft counts (recorded by ``python -m
tricktable.testing perft plain_whist``), its facts reference, its golden minimums and its
events' sentences."""

from __future__ import annotations

from typing import Any

from tricktable.events import Event
from tricktable.games.plain_whist.events import PlainWhistEvent
from tricktable.games.spec import Conformance, Perft
from tricktable.testing import card_or_none, suit_or_none

SENTENCES: list[tuple[Event, str]] = [
    (
        Event(PlainWhistEvent.ODD_TRICKS, side=1, points=2, tricks=8),
        "side 1 takes 8 tricks: 2 points",
    ),
]
"""One event of each of the package's kinds and its sentence in the records (RECORDS.md's
replay ``events``), checked by ``tests/presentation/test_events.py``."""


def facts_reference(state: Any, seat: int) -> dict[str, Any]:
    """The JSON of ``seat``'s public facts, from the state's own fields."""
    return {
        "turned": card_or_none(state.turned),
        "trump": suit_or_none(state.trump),
        "tricks_won": list(state.tricks_won),
        "target": state.rules.target,
    }


TESTDATA = Conformance(
    opening=Perft(
        "deal 1 step 0 play: seat 2 holds 2S QS 8H 9H 2D 3D 4D 8D KD 5C 6C QC AC", 10_558
    ),
    late=Perft("deal 1 step 40 play: seat 3 holds 6H TH JH", 528),
    facts_reference=facts_reference,
    goldens=(3, 4),
)
"""What the shared suites check of plain whist."""
