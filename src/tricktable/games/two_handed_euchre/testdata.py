"""What the shared suites check of two-handed euchre: its perft counts (recorded by ``python -m
tricktable.testing perft two_handed_euchre``), its facts reference, its golden minimums and
its events' sentences."""

from __future__ import annotations

from typing import Any

from tricktable.events import Event
from tricktable.games.euchre_family.testdata import making
from tricktable.games.spec import Conformance, Perft
from tricktable.games.two_handed_euchre.events import TwoHandedEvent
from tricktable.testing import card_names

SENTENCES: list[tuple[Event, str]] = [
    (Event(TwoHandedEvent.BOTH_PASSED_TWICE), "both passed twice: the deal is thrown in"),
    (
        Event(TwoHandedEvent.MARCH_TO_THE_MAKER, seat=0, points=1, tricks=5),
        "march: 1 point to the maker",
    ),
    (
        Event(TwoHandedEvent.MAKER_TAKES, seat=1, points=1, tricks=4),
        "maker takes 4 tricks: 1 point",
    ),
    (
        Event(TwoHandedEvent.MAKER_EUCHRED, seat=1, points=2, tricks=1),
        "maker euchred (1 trick): 2 points to the defender",
    ),
    (
        Event(TwoHandedEvent.SUPER_EUCHRE_OF_ONE, seat=1, points=4, tricks=0),
        "super euchre (0 tricks): 4 points to the defender",
    ),
]
"""One event of each of the package's kinds and its sentence in the records (RECORDS.md's
replay ``events``), checked by ``tests/presentation/test_events.py``."""


def facts_reference(state: Any, seat: int) -> dict[str, Any]:
    """The JSON of ``seat``'s public facts, from the state's own fields."""
    return {
        **making(state),
        "tricks_won": list(state.tricks_won),
        "stock_size": len(state.stock),
        "target": state.rules.target,
        "own_discards": card_names(state.discards[seat]),
    }


TESTDATA = Conformance(
    opening=Perft("deal 1 step 0 bid1: seat 1 holds 9S KS JD KD KC", 1_399),
    late=Perft("deal 1 step 6 play: seat 1 holds KS KD KC", 24),
    facts_reference=facts_reference,
    goldens=(12, 10),
)
"""What the shared suites check of two-handed euchre."""
