"""What the shared suites check of three-handed euchre: its perft counts (recorded by ``python
-m tricktable.testing perft three_handed_euchre``), its facts reference, its golden minimums
and its events' sentences."""

from __future__ import annotations

from typing import Any

from tricktable.events import Event
from tricktable.games.euchre_family.testdata import making, shown
from tricktable.games.spec import Conformance, Perft
from tricktable.games.three_handed_euchre.events import ThreeHandedEvent
from tricktable.testing import card_names

SENTENCES: list[tuple[Event, str]] = [
    (Event(ThreeHandedEvent.ALL_PASSED_TWICE), "all passed twice: the deal is thrown in"),
    (
        Event(ThreeHandedEvent.SHOWS_ACE_NO_FACE, seat=2),
        "seat 2 shows ace no face: misdeal, the same dealer deals again",
    ),
    (
        Event(ThreeHandedEvent.MAKER_SEAT_TAKES, seat=0, points=1, tricks=3),
        "maker (seat 0) takes 3 tricks: 1 point",
    ),
    (
        Event(ThreeHandedEvent.DEFENDERS_TIE, seat=1, points=1, tricks=1, counts=(3,)),
        "maker (seat 1) euchred with 1 trick; defenders tie with 3 tricks each: 1 point each",
    ),
    (
        Event(ThreeHandedEvent.BEST_DEFENDER, seat=1, points=2, tricks=2, counts=(4,), seats=(0,)),
        "maker (seat 1) euchred with 2 tricks; seat 0 takes the most defending tricks (4):"
        " 2 points",
    ),
    (Event(ThreeHandedEvent.TIE_BETWEEN, seats=(0, 2)), "a tie between seats 0, 2"),
]
"""One event of each of the package's kinds and its sentence in the records (RECORDS.md's
replay ``events``), checked by ``tests/presentation/test_events.py``."""


def facts_reference(state: Any, seat: int) -> dict[str, Any]:
    """The JSON of ``seat``'s public facts, from the state's own fields."""
    return {
        **making(state),
        "tricks_won": list(state.tricks_won),
        "shown": shown(state),
        "hand_size": state.rules.hand_size,
        "target": state.rules.target,
        "own_discards": card_names(state.discards[seat]),
    }


TESTDATA = Conformance(
    opening=Perft("deal 1 step 0 bid1: seat 1 holds QH 9D JD KD TC JC KC", 2_695),
    late=Perft("deal 1 step 14 play: seat 0 holds 9S JS JH", 44),
    facts_reference=facts_reference,
    goldens=(12, 8),
)
"""What the shared suites check of three-handed euchre."""
