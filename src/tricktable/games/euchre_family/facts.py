"""The public facts the euchre games publish in a seat's view (``SeatView.public``), typed.

``FamilyFacts`` holds what every euchre game makes public (trump, the maker, tricks won,
who sits out, shown cards); ``UpCardFacts`` adds the up-card and the making of trump of the
games dealt with one. Each variant's ``facts`` module subclasses one of them with its own
facts and writes its JSON (``to_json``: the names and text forms the wire carries).

>>> from tricktable.cards import HEARTS, card_name, parse_card
>>> facts = UpCardFacts(trump=HEARTS, maker=1, tricks_won=(0, 0, 0, 0),
...     upcard=parse_card("JH"), upcard_suit=HEARTS, turned_down=False, dealer_took_up=True)
>>> facts.making_json()["upcard"], facts.making_json()["trump"], facts.to_json()["own_discards"]
('JH', 'H', [])
>>> [card_name(card) for card in facts.cards()], facts.trump_to_show() == HEARTS
(['JH'], True)
>>> UpCardFacts.from_json(facts.to_json()) == facts
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Self

from tricktable.cards import Card, Suit
from tricktable.facts_defaults import FactsDefaults
from tricktable.json_fields import (
    JsonObject,
    by_seat,
    card_names,
    card_text,
    flag,
    integer,
    named_card,
    optional,
    suit_letter,
    suit_text,
    tuple_of,
)


def shown_json(shown: tuple[tuple[int, tuple[Card, ...]], ...]) -> dict[int, list[str]]:
    """Shown cards by seat, as the wire writes them."""
    return {seat: card_names(cards) for seat, cards in shown}


SEATS = tuple_of(integer)
"""Reads a list of seats (or of counts by seat)."""
SHOWN = by_seat(tuple_of(named_card))
"""Reads shown cards by seat (``shown_json``'s inverse)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FamilyFacts(FactsDefaults):
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

    @property
    def turned(self) -> Card | None:
        return None

    def cards(self) -> Iterable[Card]:
        return [*(card for _, cards in self.shown for card in cards), *self.own_discards]

    def trump_to_show(self) -> Suit | None:
        return self.trump

    def to_json(self) -> dict[str, Any]:
        """These facts by name (each variant writes its own names and order instead)."""
        return {
            "trump": suit_text(self.trump),
            "maker": self.maker,
            "tricks_won": list(self.tricks_won),
            "sitting_out": list(self.sitting_out),
            "shown": shown_json(self.shown),
            "own_discards": card_names(self.own_discards),
            "own_hand_hidden": self.own_hand_hidden,
        }

    @classmethod
    def from_json(cls, data: object, where: str = "public") -> Self:
        """The facts ``to_json`` wrote (``JsonFieldError`` naming a field that is wrong).

        >>> FamilyFacts.from_json({"trump": "S", "maker": 1})
        Traceback (most recent call last):
        ...
        tricktable.errors.JsonFieldError: public has no field 'tricks_won'
        """
        fields = JsonObject(data, where)
        return cls(
            trump=fields.read("trump", optional(suit_letter)),
            maker=fields.read("maker", optional(integer)),
            tricks_won=fields.read("tricks_won", SEATS),
            sitting_out=fields.read("sitting_out", SEATS),
            shown=fields.read("shown", SHOWN),
            own_discards=fields.read("own_discards", tuple_of(named_card)),
            own_hand_hidden=fields.read("own_hand_hidden", flag),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class UpCardFacts(FamilyFacts):
    """The facts of a euchre game dealt with an up-card: the up-card, the suit it proposes,
    whether it was turned down or taken up."""

    upcard: Card | None
    upcard_suit: Suit | None
    turned_down: bool
    dealer_took_up: bool

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

    def making_json(self) -> dict[str, Any]:
        """The up-card and the making of trump, as the wire writes them (first in a view)."""
        return {
            "upcard": card_text(self.upcard),
            "upcard_suit": suit_text(self.upcard_suit),
            "turned_down": self.turned_down,
            "dealer_took_up": self.dealer_took_up,
            "trump": suit_text(self.trump),
            "maker": self.maker,
        }

    def own_json(self) -> dict[str, Any]:
        """The variant's own facts, after the making of trump (here only the tricks won,
        which each variant writes among its own)."""
        return {"tricks_won": list(self.tricks_won)}

    def to_json(self) -> dict[str, Any]:
        out = self.making_json()
        out.update(self.own_json())
        out["own_discards"] = card_names(self.own_discards)
        return out

    @classmethod
    def making_fields(cls, fields: JsonObject) -> dict[str, Any]:
        """The fields ``making_json`` wrote, by name."""
        return {
            "upcard": fields.read("upcard", optional(named_card)),
            "upcard_suit": fields.read("upcard_suit", optional(suit_letter)),
            "turned_down": fields.read("turned_down", flag),
            "dealer_took_up": fields.read("dealer_took_up", flag),
            "trump": fields.read("trump", optional(suit_letter)),
            "maker": fields.read("maker", optional(integer)),
        }

    @classmethod
    def own_fields(cls, fields: JsonObject) -> dict[str, Any]:
        """The fields ``own_json`` wrote, by name (each variant reads its own)."""
        return {"tricks_won": fields.read("tricks_won", SEATS)}

    @classmethod
    def from_json(cls, data: object, where: str = "public") -> Self:
        """The facts ``to_json`` wrote: the making of trump, the variant's own facts
        (``own_fields``) and the seat's discards."""
        fields = JsonObject(data, where)
        return cls(
            **cls.making_fields(fields),
            **cls.own_fields(fields),
            own_discards=fields.read("own_discards", tuple_of(named_card)),
        )
