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
from typing import Any, Self

from tricktable.cards import Card, Suit, card_name
from tricktable.facts_defaults import FactsDefaults
from tricktable.json_fields import (
    JsonObject,
    by_seat,
    card_text,
    flag,
    integer,
    named_card,
    optional,
    string,
    suit_letter,
    suit_text,
    tuple_of,
)

_INTEGERS = tuple_of(integer)


@dataclass(frozen=True, slots=True, kw_only=True)
class WhistFacts(FactsDefaults):
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

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """The seats that do not play this deal."""
        return tuple(seat for seat in range(len(self.tricks_won)) if seat not in self.active)

    @property
    def maker(self) -> int | None:
        return None

    def cards(self) -> Iterable[Card]:
        named = [] if self.turned is None else [self.turned]
        return [*named, *(card for _, card in self.forehead)]

    def trump_to_show(self) -> Suit | None:
        return self.trump

    def to_json(self) -> dict[str, Any]:
        return {
            "turned": card_text(self.turned),
            "trump": suit_text(self.trump),
            "hand_size": self.hand_size,
            "row": self.row,
            "bids": list(self.bids),
            "tricks_won": list(self.tricks_won),
            "active": list(self.active),
            "deal_index": self.deal_index,
            "deals_in_schedule": self.deals_in_schedule,
            "forehead": {seat: card_name(card) for seat, card in self.forehead},
            "blind": self.blind,
            "own_hand_hidden": self.own_hand_hidden,
            "hand_count": self.hand_count,
        }

    @classmethod
    def from_json(cls, data: object, where: str = "public") -> Self:
        """The facts ``to_json`` wrote (``JsonFieldError`` naming a field that is wrong)."""
        fields = JsonObject(data, where)
        return cls(
            turned=fields.read("turned", optional(named_card)),
            trump=fields.read("trump", optional(suit_letter)),
            hand_size=fields.read("hand_size", integer),
            row=fields.read("row", string),
            bids=fields.read("bids", tuple_of(optional(integer))),
            tricks_won=fields.read("tricks_won", _INTEGERS),
            active=fields.read("active", _INTEGERS),
            deal_index=fields.read("deal_index", integer),
            deals_in_schedule=fields.read("deals_in_schedule", integer),
            forehead=fields.read("forehead", by_seat(named_card)),
            blind=fields.read("blind", flag),
            own_hand_hidden=fields.read("own_hand_hidden", flag),
            hand_count=fields.read("hand_count", integer),
        )
