"""What the shared suites check of set-back euchre: its perft counts (recorded by ``python -m
tricktable.testing perft setback_euchre``), its facts reference, its golden minimums and its
events' sentences."""

from __future__ import annotations

from typing import Any

from tricktable.events import Event
from tricktable.games.euchre_family.testdata import making
from tricktable.games.setback_euchre.events import SetbackEvent
from tricktable.games.spec import Conformance, Perft
from tricktable.testing import card_names, seats_in

SENTENCES: list[tuple[Event, str]] = [
    (
        Event(SetbackEvent.FAILS_DECLARED_MARCH, seat=0, points=3, tricks=4, counts=(3, 6)),
        "seat 0 fails the declared march (4 tricks): score doubled 3 -> 6, pays a stake",
    ),
    (
        Event(SetbackEvent.MAKER_SET_BACK, seat=3, points=2, tricks=2),
        "seat 3 (maker) euchred with 2 tricks: set back 2, pays a stake",
    ),
    (
        Event(SetbackEvent.MAKER_DECLARED_MARCH, seat=1, points=-5, tricks=5),
        "seat 1 (maker) declared march, 5 tricks: -5",
    ),
    (
        Event(SetbackEvent.DEFENDER_DECLARED_MARCH, seat=2, points=-5, tricks=5),
        "seat 2 (defender) declared march, 5 tricks: -5",
    ),
    (
        Event(SetbackEvent.MAKER_MARCH, seat=1, points=-5, tricks=5),
        "seat 1 (maker) march, 5 tricks: -5",
    ),
    (
        Event(SetbackEvent.MAKER_MAKES, seat=2, points=-3, tricks=3),
        "seat 2 (maker) makes, 3 tricks: -3",
    ),
    (Event(SetbackEvent.THREW_IN, seat=0), "seat 0 threw in: no change"),
    (Event(SetbackEvent.NO_TRICK, seat=2, points=1), "seat 2 takes no trick: set back 1"),
    (Event(SetbackEvent.EUCHRE_RELIEF, seat=1, points=-2), "seat 1 euchre relief: -2"),
    (Event(SetbackEvent.POOL, counts=(6,)), "pool now 6 stakes"),
    (
        Event(SetbackEvent.DECLARED_MARCH_WON, seat=3),
        "seat 3 made the declared march: wins the game and the pool",
    ),
    (
        Event(SetbackEvent.WINS_THE_POOL, seat=1, counts=(5,)),
        "seat 1 wins the game and the pool (5 stakes)",
    ),
    (
        Event(SetbackEvent.SHARE_THE_POOL, seats=(0, 1), counts=(0, 4)),
        "seats 0 and 1 tie at 0: they share the pool (4 stakes)",
    ),
]
"""One event of each of the package's kinds and its sentence in the records (RECORDS.md's
replay ``events``), checked by ``tests/presentation/test_events.py``."""


def facts_reference(state: Any, seat: int) -> dict[str, Any]:
    """The JSON of ``seat``'s public facts, from the state's own fields."""
    return {
        **making(state),
        "declared": state.declared,
        "declarer": state.declarer if state.declarer >= 0 else None,
        "threw_in": seats_in(state.out_mask, state.seats),
        "sitting_out": seats_in(state.out_mask, state.seats),
        "tricks_won": list(state.tricks_won),
        "pool": state.pool,
        "stakes_paid": list(state.stakes_paid),
        "start_score": state.rules.start_score,
        "own_discards": card_names(state.discards[seat]),
    }


TESTDATA = Conformance(
    opening=Perft("deal 1 step 0 bid1: seat 2 holds AS JD KD TC KC", 298),
    late=Perft("deal 1 step 9 play: seat 1 holds JS QH QD", 14),
    facts_reference=facts_reference,
    goldens=(12, 5),
)
"""What the shared suites check of set-back euchre."""
