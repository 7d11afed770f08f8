"""The public facts the euchre games publish in a seat's view (``SeatView.public``), typed.

``FamilyFacts`` holds what every euchre game makes public (trump, the maker, tricks won,
who sits out, shown cards); ``UpCardFacts`` adds the up-card and the making of trump of the
games dealt with one. Each variant's ``facts`` module subclasses one of them with its own
facts and declares its JSON form (``wire``: the names and text forms the wire carries, in
order), from the fields here and its own.

>>> from tricktable.cards import HEARTS, card_name, parse_card
>>> facts = UpCardFacts(trump=HEARTS, maker=1, tricks_won=(0, 0, 0, 0),
...     upcard=parse_card("JH"), upcard_suit=HEARTS, turned_down=False, dealer_took_up=True)
>>> facts.to_json()["upcard"], facts.to_json()["trump"], facts.to_json()["own_discards"]
('JH', 'H', [])
>>> [card_name(card) for card in facts.cards()], facts.trump_to_show() == HEARTS
(['JH'], True)
>>> UpCardFacts.from_json(facts.to_json()) == facts
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from tricktable.cards import Card, Suit
from tricktable.games.wire_fields import OWN_DISCARDS, OWN_HAND_HIDDEN, TRICKS_WON, TRUMP
from tricktable.json_fields import CARD, FLAG, INTEGER, INTEGERS, SUIT, Wire, WireField
from tricktable.public_facts import FactsBase

MAKER = WireField("maker", INTEGER.optional())
SITTING_OUT = WireField("sitting_out", INTEGERS)
SHOWN = WireField("shown", CARD.listed().by_seat())
"""Shown cards by seat."""
TARGET = WireField("target", INTEGER.optional())
"""Points to win (``null``: a single hand)."""
START_SCORE = WireField("start_score", INTEGER)

MAKING = (
    WireField("upcard", CARD.optional()),
    WireField("upcard_suit", SUIT.optional()),
    WireField("turned_down", FLAG),
    WireField("dealer_took_up", FLAG),
    TRUMP,
    MAKER,
)
"""The up-card and the making of trump, as the wire writes them (first in a view)."""


def upcard_wire(*own: WireField) -> Wire:
    """An up-card variant's ``wire``: the making of trump, the variant's ``own`` fields,
    then the seat's discards."""
    return (*MAKING, *own, OWN_DISCARDS)


@dataclass(frozen=True, slots=True, kw_only=True)
class FamilyFacts(FactsBase):
    """What every euchre game makes public. A variant where nobody sits out or shows cards
    keeps the defaults (and leaves them out of its JSON)."""

    trump: Suit | None
    """The trump suit once made (``None`` before, or for a contract without trumps)."""
    maker: int | None
    """The seat that made trump (or won the bidding), once known."""
    tricks_won: tuple[int, ...]
    """Tricks each seat has won this deal."""
    sitting_out: tuple[int, ...] = ()
    """The seats that sit this deal out (a lone hand's partner, seats that dropped)."""
    shown: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    """Cards a seat has shown to everyone, as ``(seat, cards)``."""
    own_discards: tuple[Card, ...] = ()
    """The cards this seat discarded this deal (only it knows them)."""
    own_hand_hidden: bool = False
    """Whether the seat may not look at its own cards now."""

    wire: ClassVar[Wire] = (
        TRUMP,
        MAKER,
        TRICKS_WON,
        SITTING_OUT,
        SHOWN,
        OWN_DISCARDS,
        OWN_HAND_HIDDEN,
    )
    """These facts by name (each variant declares its own names and order instead)."""

    def cards(self) -> Iterable[Card]:
        return [*(card for _, cards in self.shown for card in cards), *self.own_discards]

    def trump_to_show(self) -> Suit | None:
        return self.trump


@dataclass(frozen=True, slots=True, kw_only=True)
class UpCardFacts(FamilyFacts):
    """The facts of a euchre game dealt with an up-card: the up-card, the suit it proposes,
    whether it was turned down or taken up."""

    upcard: Card | None
    upcard_suit: Suit | None
    turned_down: bool
    dealer_took_up: bool

    wire = upcard_wire(TRICKS_WON)
    """The making of trump, the tricks won and the discards (each variant declares its
    own fields after the making of trump instead)."""

    def cards(self) -> Iterable[Card]:
        named = [card for _, cards in self.shown for card in cards]
        if self.upcard is not None:
            named.append(self.upcard)
        named.extend(self.own_discards)
        return named

    def trump_to_show(self) -> Suit | None:
        if self.trump is None and not self.turned_down:
            return self.upcard_suit
        return self.trump
