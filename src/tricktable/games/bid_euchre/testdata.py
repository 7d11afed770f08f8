"""What the shared suites check of bid euchre: its perft counts (recorded by ``python -m
tricktable.testing perft bid_euchre``), its facts reference, its golden minimums and its
events' sentences."""

from __future__ import annotations

from typing import Any

from tricktable.events import Event
from tricktable.games.bid_euchre.events import BidEuchreEvent, PartnershipEvent
from tricktable.games.spec import Conformance, Perft
from tricktable.testing import seats_in

SENTENCES: list[tuple[Event, str]] = [
    (
        Event(BidEuchreEvent.EVERYONE_ELSE_DROPS, seat=2, tricks=8),
        "everyone else drops: seat 2 takes all 8 tricks unplayed",
    ),
    (Event(BidEuchreEvent.DROPPED, seat=0), "seat 0 dropped: no change"),
    (
        Event(BidEuchreEvent.MAKES_BID, seat=1, points=-4, tricks=4, counts=(3,)),
        "seat 1 makes the bid of 3 with 4 tricks: -4",
    ),
    (
        Event(BidEuchreEvent.FAILS_BID, seat=1, points=5, tricks=1, counts=(3,)),
        "seat 1 fails the bid of 3 with 1 trick, set: +5",
    ),
    (
        Event(BidEuchreEvent.SET_AFTER_STAYING, seat=3, points=5),
        "seat 3 takes no trick after staying, set: +5",
    ),
    (Event(BidEuchreEvent.SHARED_WIN, seats=(1, 3)), "shared win: seats 1, 3"),
    (
        Event(BidEuchreEvent.WINS_WITH_FEWEST_SETS, seat=2, counts=(0,)),
        "seat 2 wins with 0 (fewest hands set)",
    ),
    (
        Event(PartnershipEvent.MAKERS_MAKE_BID, side=0, points=6, tricks=6, counts=(4,)),
        "makers make the bid of 4 with 6 tricks: 6 points",
    ),
    (
        Event(PartnershipEvent.MAKERS_SET, side=0, points=-6, tricks=5, counts=(6,)),
        "makers set with 5 tricks of the bid of 6: -6 points",
    ),
    (
        Event(PartnershipEvent.SHOOT_MADE, seat=0, side=0, points=12, tricks=6),
        "seat 0 takes all 6 tricks after bidding shoot: 12 points",
    ),
    (
        Event(PartnershipEvent.SHOOT_FAILED, seat=2, side=0, points=-12, tricks=5),
        "seat 2 takes 5 tricks after bidding shoot: -12 points",
    ),
    (
        Event(PartnershipEvent.ALONE_MADE, seat=1, side=1, points=24, tricks=6),
        "seat 1 takes all 6 tricks alone: 24 points",
    ),
    (
        Event(PartnershipEvent.ALONE_FAILED, seat=3, side=1, points=-24, tricks=4),
        "seat 3 takes 4 tricks alone: -24 points",
    ),
    (
        Event(PartnershipEvent.DEFENDERS_TAKE, side=1, points=1, tricks=1),
        "defenders take 1 trick: 1 point",
    ),
    (
        Event(PartnershipEvent.BOTH_REACH_TARGET, side=1, counts=(32,)),
        "both sides reach 32: side 1 wins the game as the makers",
    ),
]
"""One event of each of the package's kinds and its sentence in the records (RECORDS.md's
replay ``events``), checked by ``tests/presentation/test_events.py``."""


def facts_reference(state: Any, seat: int) -> dict[str, Any]:
    """The JSON of ``seat``'s public facts, from the state's own fields."""
    made = state.phase.name not in ("DEAL", "BID") or state.contract is not None
    return {
        "hand_size": state.hand_size,
        "bids": list(state.bids),
        "high_bid": state.high_bid or None,
        "bidder": state.bidder if state.bidder >= 0 else None,
        "maker": state.bidder if made and state.bidder >= 0 else None,
        "trump": state.contract,
        "decisions": list(state.decisions),
        "dropped": seats_in(state.out_mask, state.seats),
        "sitting_out": seats_in(state.out_mask, state.seats),
        "tricks_won": list(state.tricks_won),
        "sets": list(state.sets),
        "start_score": state.rules.start_score,
        "set_points": state.rules.set_points,
    }


TESTDATA = Conformance(
    opening=Perft("deal 1 step 0 bid: seat 2 holds AS JD KD TC KC AC", 2_448),
    late=Perft("deal 1 step 14 play: seat 3 holds QS TH AH", 24),
    facts_reference=facts_reference,
    goldens=(12, 5),
    may_not_end={4: "random bidders are set so often that scores from 21 drift upwards"},
)
"""What the shared suites check of bid euchre."""
