"""Bid Euchre's public facts in a seat's view: the bids, the contract, who stayed or
dropped, and the sets (``BidEuchreFacts``, the individual form); the bids, the lone bid, the
card passed to a maker who shoots and the options the bidding needs
(``PartnershipFacts``, the partnership form).

>>> import random
>>> from tricktable.games import load_game
>>> state = load_game("bid_euchre").new_match(random.Random(2))
>>> state.deal_random(random.Random(2))
>>> facts = state.view(0).public
>>> facts.contract, facts.trump, facts.to_json()["trump"]
(None, None, None)
>>> BidEuchreFacts.from_json(facts.to_json()) == facts
True
>>> BidEuchreFacts.from_json({**facts.to_json(), "trump": "none"})
Traceback (most recent call last):
...
tricktable.errors.JsonFieldError: public.trump must be a suit letter, 'high' or 'low', not 'none'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Self

from tricktable.cards import SUIT_LETTERS, Card, Suit
from tricktable.errors import JsonFieldError
from tricktable.games.euchre_family.facts import SEATS, FamilyFacts
from tricktable.json_fields import (
    JsonObject,
    card_names,
    card_text,
    flag,
    integer,
    named_card,
    optional,
    string,
    tuple_of,
)

HIGH = "high"
"""The ``contract`` of a no-trump hand with natural ranks (A K Q J T 9)."""
LOW = "low"
"""The ``contract`` of a no-trump hand with reversed ranks (9 T J Q K A)."""


def contract_trump(contract: str | None) -> Suit | None:
    """The trump suit of a contract (``None`` for high, low, and before the bidding is won).

    >>> contract_trump("H"), contract_trump(HIGH)
    (1, None)
    """
    if contract is None or contract in (HIGH, LOW):
        return None
    return SUIT_LETTERS.index(contract)


def _contract(value: object, where: str) -> str:
    contract = string(value, where)
    if contract not in (*SUIT_LETTERS, HIGH, LOW):
        raise JsonFieldError(f"{where} must be a suit letter, 'high' or 'low', not {contract!r}")
    return contract


@dataclass(frozen=True, slots=True, kw_only=True)
class BidEuchreFacts(FamilyFacts):
    """Bid Euchre's facts. ``trump`` is the contract's suit (``None`` for high and low);
    ``sitting_out`` the seats that dropped."""

    contract: str | None
    """The contract once the bidding is won: a suit letter, ``"high"`` or ``"low"`` (the
    engine's own contract value; ``trick_table`` takes it)."""
    hand_size: int
    """Cards dealt to each seat."""
    bids: tuple[int | None, ...]
    """Each seat's bid (``None``: not yet bid, or passed)."""
    high_bid: int | None
    bidder: int | None
    """The seat that won the bidding, once known."""
    decisions: tuple[str | None, ...]
    """Each seat's stay or drop decision."""
    sets: tuple[int, ...]
    """Times each seat has been set."""
    start_score: int
    set_points: int
    """What a set adds to the score."""

    def to_json(self) -> dict[str, Any]:
        dropped = list(self.sitting_out)
        return {
            "hand_size": self.hand_size,
            "bids": list(self.bids),
            "high_bid": self.high_bid,
            "bidder": self.bidder,
            "maker": self.maker,
            "trump": self.contract,
            "decisions": list(self.decisions),
            "dropped": dropped,
            "sitting_out": list(dropped),
            "tricks_won": list(self.tricks_won),
            "sets": list(self.sets),
            "start_score": self.start_score,
            "set_points": self.set_points,
        }

    @classmethod
    def from_json(cls, data: object, where: str = "public") -> Self:
        """The facts ``to_json`` wrote (``JsonFieldError`` naming a field that is wrong)."""
        fields = JsonObject(data, where)
        contract = fields.read("trump", optional(_contract))
        return cls(
            hand_size=fields.read("hand_size", integer),
            bids=fields.read("bids", tuple_of(optional(integer))),
            high_bid=fields.read("high_bid", optional(integer)),
            bidder=fields.read("bidder", optional(integer)),
            maker=fields.read("maker", optional(integer)),
            trump=contract_trump(contract),
            contract=contract,
            decisions=fields.read("decisions", tuple_of(optional(string))),
            sitting_out=fields.read_repeated("dropped", "sitting_out", SEATS),
            tricks_won=fields.read("tricks_won", SEATS),
            sets=fields.read("sets", SEATS),
            start_score=fields.read("start_score", integer),
            set_points=fields.read("set_points", integer),
        )


SHOOT = "shoot"
"""A ``bid shoot`` among the partnership form's bids."""
ALONE = "alone"
"""A ``bid alone`` among the partnership form's bids."""

Bid = int | str
"""A partnership bid: a number of tricks, ``"shoot"`` or ``"alone"``."""


def _bid(value: object, where: str) -> Bid:
    if value in (SHOOT, ALONE):
        return str(value)
    return integer(value, where)


@dataclass(frozen=True, slots=True, kw_only=True)
class PartnershipFacts(FamilyFacts):
    """Partnership bid euchre's facts. ``maker`` is the high bidder once the bidding is
    over; ``sitting_out`` the lone maker's partner; ``trump`` the contract's suit (``None``
    for high and low). ``passed`` is the card the partner gave a maker who bid shoot, in the
    views of those two seats only (``None`` elsewhere); the maker's discard is among its
    ``own_discards``."""

    contract: str | None
    """The contract once named: a suit letter, ``"high"`` or ``"low"``."""
    bids: tuple[Bid | None, ...]
    """Each seat's bid (``None``: passed, or not asked yet)."""
    high_bid: Bid | None
    """The highest bid so far."""
    bidder: int | None
    """The seat that made the highest bid so far."""
    lone: str | None
    """``"shoot"`` or ``"alone"`` when the high bid is a lone bid."""
    passed: Card | None
    """The card passed to a maker who bid shoot (only the maker and the giver see it)."""
    min_bid: int
    lone_bids: str
    no_trump: bool
    target: int | None

    @property
    def alone(self) -> bool:
        return self.lone is not None and self.maker is not None

    def cards(self) -> Iterable[Card]:
        named = list(self.own_discards)
        if self.passed is not None:
            named.append(self.passed)
        return named

    def to_json(self) -> dict[str, Any]:
        return {
            "bids": list(self.bids),
            "high_bid": self.high_bid,
            "bidder": self.bidder,
            "lone": self.lone,
            "maker": self.maker,
            "trump": self.contract,
            "passed": card_text(self.passed),
            "sitting_out": list(self.sitting_out),
            "tricks_won": list(self.tricks_won),
            "own_discards": card_names(self.own_discards),
            "min_bid": self.min_bid,
            "lone_bids": self.lone_bids,
            "no_trump": self.no_trump,
            "target": self.target,
        }

    @classmethod
    def from_json(cls, data: object, where: str = "public") -> Self:
        """The facts ``to_json`` wrote (``JsonFieldError`` naming a field that is wrong)."""
        fields = JsonObject(data, where)
        contract = fields.read("trump", optional(_contract))
        return cls(
            bids=fields.read("bids", tuple_of(optional(_bid))),
            high_bid=fields.read("high_bid", optional(_bid)),
            bidder=fields.read("bidder", optional(integer)),
            lone=fields.read("lone", optional(string)),
            maker=fields.read("maker", optional(integer)),
            trump=contract_trump(contract),
            contract=contract,
            passed=fields.read("passed", optional(named_card)),
            sitting_out=fields.read("sitting_out", SEATS),
            tricks_won=fields.read("tricks_won", SEATS),
            own_discards=fields.read("own_discards", tuple_of(named_card)),
            min_bid=fields.read("min_bid", integer),
            lone_bids=fields.read("lone_bids", string),
            no_trump=fields.read("no_trump", flag),
            target=fields.read("target", optional(integer)),
        )
