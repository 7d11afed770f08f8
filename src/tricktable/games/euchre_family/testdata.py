"""What the shared suites check of the euchre games: the sentences of the events they share, and
the parts of the facts references they share."""

from __future__ import annotations

from typing import Any

from tricktable.cards import card_name
from tricktable.events import Event
from tricktable.games.euchre_family.events import FamilyEvent
from tricktable.testing import card_or_none, suit_or_none


def making(state: Any) -> dict[str, Any]:
    """The making of trump in a facts reference: the up-card and who made trump."""
    return {
        "upcard": card_or_none(state.upcard),
        "upcard_suit": suit_or_none(state.upsuit),
        "turned_down": state.turned_down,
        "dealer_took_up": state.dealer_took_up,
        "trump": suit_or_none(state.trump),
        "maker": state.maker if state.maker >= 0 else None,
    }


def shown(state: Any) -> dict[int, list[str]]:
    """The cards each seat has shown, in a facts reference."""
    return {seat: [card_name(card) for card in cards] for seat, cards in state.shown.items()}


SENTENCES: list[tuple[Event, str]] = [
    (Event(FamilyEvent.ALL_PASSED), "all passed: the deal is thrown in"),
    (Event(FamilyEvent.TAKES_TRICKS, seat=1, points=-1, tricks=1), "seat 1 takes 1 trick: -1"),
]
"""One event of each of the package's kinds and its sentence in the records (RECORDS.md's
replay ``events``), checked by ``tests/presentation/test_events.py``."""
