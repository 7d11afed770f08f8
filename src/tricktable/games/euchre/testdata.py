"""What the shared suites check of euchre: its perft counts (recorded by ``python -m
tricktable.testing perft euchre``), its facts reference, its golden minimums and its events'
sentences."""

from __future__ import annotations

from typing import Any

from tricktable.events import Event
from tricktable.games.euchre.events import EuchreEvent
from tricktable.games.euchre_family.testdata import making, shown
from tricktable.games.spec import Conformance, Perft
from tricktable.testing import card_names, seats_in

SENTENCES: list[tuple[Event, str]] = [
    (
        Event(EuchreEvent.BLIND_ALONE_MARCH, side=0, points=5, tricks=5),
        "blind alone march: 5 points",
    ),
    (
        Event(EuchreEvent.BLIND_ALONE_EUCHRED, side=1, points=1, tricks=4),
        "blind alone takes 4 tricks: 1 point to the defenders",
    ),
    (Event(EuchreEvent.MARCH, side=0, points=2, tricks=5), "march: 2 points"),
    (Event(EuchreEvent.LONE_MARCH, side=0, points=4, tricks=5), "lone march: 4 points"),
    (Event(EuchreEvent.MAKERS_TAKE, side=1, points=1, tricks=3), "makers take 3 tricks: 1 point"),
    (
        Event(EuchreEvent.LONE_MAKER_TAKES, side=1, points=2, tricks=4),
        "lone maker takes 4 tricks: 2 points",
    ),
    (Event(EuchreEvent.POINT_ON_PARTNER, side=0, points=1), "point on partner: 1 extra point"),
    (
        Event(EuchreEvent.MAKERS_EUCHRED, side=1, points=2, tricks=1),
        "makers euchred (1 trick): 2 points to the defenders",
    ),
    (
        Event(EuchreEvent.LONE_MAKER_EUCHRED, side=1, points=2, tricks=2),
        "lone maker euchred (2 tricks): 2 points to the defenders",
    ),
    (
        Event(EuchreEvent.LONE_DEFENDER_EUCHRE, side=0, points=4, tricks=2),
        "lone defender euchres the makers (2 tricks): 4 points to the defenders",
    ),
    (
        Event(EuchreEvent.SUPER_EUCHRE, side=0, points=4, tricks=0),
        "super euchre (0 tricks): 4 points to the defenders",
    ),
    (Event(EuchreEvent.ROBSON_SET_BACK, seat=2, side=0), "seat 2 sets back the opponents"),
    (Event(EuchreEvent.ROBSON_MARCH, seat=3, side=1), "seat 3 scores the march"),
    (Event(EuchreEvent.SET_BACK, side=1, points=-3, counts=(3,)), "side 1 set back 3 points"),
    (
        Event(EuchreEvent.RENEGE_CALLED, seat=1, side=1, points=2),
        "seat 1 calls a renege: 2 points",
    ),
    (
        Event(EuchreEvent.RENEGE_DEDUCTED, seat=0, side=0, counts=(1,)),
        "seat 0 calls a renege: 1 point deducted",
    ),
    (
        Event(EuchreEvent.CONCEDED, seat=2, side=0, points=1, tricks=3),
        "seat 2 concedes the rest after 3 tricks: 1 point",
    ),
    (Event(EuchreEvent.ACE_NO_FACE_REDEAL), "ace no face: the deal is thrown in and redealt"),
]
"""One event of each of the package's kinds and its sentence in the records (RECORDS.md's
replay ``events``), checked by ``tests/presentation/test_events.py``."""


def facts_reference(state: Any, seat: int) -> dict[str, Any]:
    """The JSON of ``seat``'s public facts, from the state's own fields."""
    return {
        **making(state),
        "alone": state.alone,
        "lone_defender": state.lone_defender if state.lone_defender >= 0 else None,
        "sitting_out": seats_in(state.out_mask, state.seats),
        "tricks_won": list(state.tricks_won),
        "shown": shown(state),
        "games": list(state.games_won),
        "target": state.rules.target,
        "own_discards": card_names(state.discards[seat]),
        "own_hand_hidden": state.phase.name == "NAME_SUIT" and seat == state.dealer,
    }


TESTDATA = Conformance(
    opening=Perft("deal 1 step 0 bid1: seat 2 holds AS JD KD TC KC", 2_427),
    late=Perft("deal 1 step 11 play: seat 0 holds QS 9H KH", 256),
    facts_reference=facts_reference,
    goldens=(34, 10),
    facts_cases=("euchre(preset=british)", "euchre(preset=cornish)"),
)
"""What the shared suites check of euchre."""
