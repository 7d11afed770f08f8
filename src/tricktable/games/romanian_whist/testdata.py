"""What the shared suites check of Romanian whist: its perft counts (recorded by ``python -m
tricktable.testing perft romanian_whist``), its facts reference, its golden minimums and its
events' sentences."""

from __future__ import annotations

from typing import Any

from tricktable.cards import card_name, cards_of
from tricktable.events import Event
from tricktable.games.romanian_whist.events import WhistEvent
from tricktable.games.spec import Conformance, Perft
from tricktable.testing import card_or_none, suit_or_none

SENTENCES: list[tuple[Event, str]] = [
    (
        Event(WhistEvent.STREAK_MADE, seat=0, points=10, counts=(5,)),
        "seat 0 made 5 in a row: +10",
    ),
    (
        Event(WhistEvent.STREAK_FAILED, seat=4, points=-10, counts=(5,)),
        "seat 4 failed 5 in a row: -10",
    ),
    (Event(WhistEvent.TIE_FOR_FIRST, seats=(1, 2, 4)), "tie for first: seats 1, 2, 4"),
]
"""One event of each of the package's kinds and its sentence in the records (RECORDS.md's
replay ``events``), checked by ``tests/presentation/test_events.py``."""


def facts_reference(state: Any, seat: int) -> dict[str, Any]:
    """The JSON of ``seat``'s public facts, from the state's own fields."""
    phase = state.phase.name
    forehead_now = state.is_forehead() and phase in ("BID", "PLAY")
    return {
        "turned": card_or_none(state.turned),
        "trump": suit_or_none(state.trump) if state.trump < 4 else None,
        "hand_size": state.hand_size,
        "row": state.row_label(),
        "bids": list(state.bids),
        "tricks_won": list(state.tricks_won),
        "active": list(state.active),
        "deal_index": state.deal_index,
        "deals_in_schedule": len(state.whist.schedule),
        "forehead": {
            other: card_name(cards_of(state.hands[other])[0])
            for other in state.active
            if forehead_now and other != seat and state.hands[other]
        },
        "blind": state.is_blind(),
        "own_hand_hidden": (phase == "BID" and state.is_blind()) or forehead_now,
        "hand_count": state.hands[seat].bit_count(),
    }


TESTDATA = Conformance(
    opening=Perft("deal 8 step 0 bid: seat 1 holds KS 9H QH KH TC", 11_160),
    late=Perft("deal 7 step 8 play: seat 0 holds 9H TH QC", 144),
    facts_reference=facts_reference,
    goldens=(25, 10),
    facts_cases=("romanian_whist(forehead=first_and_last)",),
)
"""What the shared suites check of Romanian whist."""
