"""What the shared suites check of All Fours: its perft counts (recorded by ``python -m
tricktable.testing perft all_fours``), its facts reference, its golden minimums and its
events' sentences."""

from __future__ import annotations

from typing import Any

from tricktable.cards import parse_card
from tricktable.events import Event
from tricktable.games.all_fours.events import AllFoursEvent
from tricktable.games.spec import Conformance, Perft
from tricktable.testing import card_names, card_or_none, suit_or_none

JH, FIVE_H = (parse_card(text) for text in ("JH", "5H"))

SENTENCES: list[tuple[Event, str]] = [
    (
        Event(AllFoursEvent.KICK, side=1, points=1, cards=(JH,)),
        "kick: JH turned, 1 point to the dealer",
    ),
    (Event(AllFoursEvent.ELDEST_STANDS, seat=1), "eldest stands"),
    (Event(AllFoursEvent.GIFT, side=1, points=1), "gift: 1 point to side 1"),
    (
        Event(AllFoursEvent.PACK_RAN_OUT),
        "the pack ran out: thrown in, the same dealer redeals",
    ),
    (Event(AllFoursEvent.RUN_AGAIN, cards=(FIVE_H,)), "5H turned: same suit, run again"),
    (Event(AllFoursEvent.RUN, cards=(FIVE_H,)), "run: 5H turned, trump"),
]
"""One event of each of the package's kinds and its sentence in the records (RECORDS.md's
replay ``events``), checked by ``tests/presentation/test_events.py``."""


def facts_reference(state: Any, seat: int) -> dict[str, Any]:
    """The JSON of ``seat``'s public facts, from the state's own fields."""
    return {
        "turned": card_or_none(state.turned),
        "set_aside": card_names(state.set_aside),
        "trump": suit_or_none(state.trump),
        "eldest": state.eldest,
        "target": state.rules.target,
        "sides": state.game.sides,
        "game_points": state.game_counts(),
        "deal_points": list(state.deal_points),
        "hand_sizes": [hand.bit_count() for hand in state.hands],
        "own_discards": card_names(state.discards[seat]),
    }


TESTDATA = Conformance(
    opening=Perft("deal 1 step 0 stand_beg: seat 1 holds 6S KS 9D 2C 7C KC", 6_101),
    late=Perft("deal 1 step 14 play: seat 1 holds 7D 9D 2C", 26),
    facts_reference=facts_reference,
    goldens=(25, 10),
    facts_cases=("all_fours(preset=seven_up)",),
)
"""What the shared suites check of All Fours."""
