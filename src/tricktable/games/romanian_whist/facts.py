"""Romanian whist's public facts in a seat's view: the trump card, the deal's place in the
schedule, the bids, the tricks won, who plays, and the cards seen on other foreheads.

>>> from tricktable.testing import dealt_match
>>> state = dealt_match("romanian_whist", 3)
>>> facts = state.view(0).public
>>> facts.hand_size, facts.row, facts.to_json()["forehead"]
(1, '1', {})
>>> WhistFacts.from_json(facts.to_json()) == facts
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tricktable.cards import Card, Suit
from tricktable.games.wire_fields import (
    BIDS,
    HAND_SIZE,
    OWN_HAND_HIDDEN,
    TRICKS_WON,
    TRUMP,
    TURNED,
)
from tricktable.json_fields import CARD, FLAG, INTEGER, INTEGERS, STRING, WireField
from tricktable.public_facts import FactsBase


@dataclass(frozen=True, slots=True, kw_only=True)
class WhistFacts(FactsBase):
    """What a seat of Romanian whist may know besides its hand and the tricks."""

    turned: Card | None
    """The card turned for trump (``None``: a deal without one)."""
    trump: Suit | None
    """The trump suit (``None``: no trump)."""
    hand_size: int
    """Cards dealt to each seat this deal."""
    row: str
    """The score sheet's row of this deal: its hand size, ``"0"`` or ``"NV"``."""
    bids: tuple[int | None, ...]
    """Each seat's bid (``None``: not yet)."""
    tricks_won: tuple[int, ...]
    active: tuple[int, ...]
    """The seats that play this deal."""
    deal_index: int
    """This deal's place in the schedule (from 0)."""
    deals_in_schedule: int
    forehead: tuple[tuple[int, Card], ...]
    """On the forehead: the card each other seat shows, as ``(seat, card)``."""
    blind: bool
    """Whether the seats bid before looking at their cards."""
    own_hand_hidden: bool
    """Whether the seat may not look at its own cards now."""
    hand_count: int
    """How many cards the seat holds."""

    wire = (
        TURNED,
        TRUMP,
        HAND_SIZE,
        WireField("row", STRING),
        BIDS,
        TRICKS_WON,
        WireField("active", INTEGERS),
        WireField("deal_index", INTEGER),
        WireField("deals_in_schedule", INTEGER),
        WireField("forehead", CARD.by_seat()),
        WireField("blind", FLAG),
        OWN_HAND_HIDDEN,
        WireField("hand_count", INTEGER),
    )

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """The seats that do not play this deal."""
        return tuple(seat for seat in range(len(self.tricks_won)) if seat not in self.active)

    def cards(self) -> Iterable[Card]:
        named = [] if self.turned is None else [self.turned]
        return [*named, *(card for _, card in self.forehead)]

    def trump_to_show(self) -> Suit | None:
        return self.trump
