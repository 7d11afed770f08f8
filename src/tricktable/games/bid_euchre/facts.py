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
from typing import Self

from tricktable.cards import SUIT_LETTERS, Card, Suit
from tricktable.errors import JsonFieldError
from tricktable.games.euchre_family.facts import (
    MAKER,
    SITTING_OUT,
    START_SCORE,
    TARGET,
    FamilyFacts,
)
from tricktable.games.wire_fields import BIDDER, BIDS, HAND_SIZE, HIGH_BID, OWN_DISCARDS, TRICKS_WON
from tricktable.json_fields import (
    CARD,
    FLAG,
    INTEGER,
    INTEGERS,
    STRING,
    Codec,
    WireField,
    integer,
    string,
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


CONTRACT = WireField(
    "trump",
    Codec(_contract, schema={"enum": [*SUIT_LETTERS, HIGH, LOW]}).optional(),
    attribute="contract",
)
"""The contract, which the wire carries as ``trump``: a suit letter, ``"high"`` or ``"low"``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ContractFacts(FamilyFacts):
    """The facts of both forms: ``trump`` is the contract's suit (``None`` for high and low),
    which the wire does not carry apart from the contract."""

    contract: str | None
    """The contract once the bidding is won: a suit letter, ``"high"`` or ``"low"`` (the
    engine's own contract value; ``trick_table`` takes it)."""

    @classmethod
    def from_json(cls, data: object, where: str = "public") -> Self:
        """The facts ``to_json`` wrote, trump read from the contract."""
        values = cls.wire_values(data, where)
        return cls(trump=contract_trump(values["contract"]), **values)


@dataclass(frozen=True, slots=True, kw_only=True)
class BidEuchreFacts(ContractFacts):
    """Bid Euchre's facts (the individual form). ``sitting_out`` holds the seats that
    dropped."""

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

    wire = (
        HAND_SIZE,
        BIDS,
        HIGH_BID,
        BIDDER,
        MAKER,
        CONTRACT,
        WireField("decisions", STRING.optional().listed()),
        WireField("dropped", INTEGERS, attribute="sitting_out", copy="sitting_out"),
        TRICKS_WON,
        WireField("sets", INTEGERS),
        START_SCORE,
        WireField("set_points", INTEGER),
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


BID = Codec(_bid, schema={"anyOf": [{"type": "integer"}, {"enum": [SHOOT, ALONE]}]}).optional()
"""A partnership bid, or ``null``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PartnershipFacts(ContractFacts):
    """Partnership bid euchre's facts. ``maker`` is the high bidder once the bidding is
    over; ``sitting_out`` the lone maker's partner; ``trump`` the contract's suit (``None``
    for high and low). ``passed`` is the card the partner gave a maker who bid shoot, in the
    views of those two seats only (``None`` elsewhere); the maker's discard is among its
    ``own_discards``."""

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

    wire = (
        WireField("bids", BID.listed()),
        WireField("high_bid", BID),
        BIDDER,
        WireField("lone", STRING.optional()),
        MAKER,
        CONTRACT,
        WireField("passed", CARD.optional()),
        SITTING_OUT,
        TRICKS_WON,
        OWN_DISCARDS,
        WireField("min_bid", INTEGER),
        WireField("lone_bids", STRING),
        WireField("no_trump", FLAG),
        TARGET,
    )

    @property
    def alone(self) -> bool:
        return self.lone is not None and self.maker is not None

    def cards(self) -> Iterable[Card]:
        named = list(self.own_discards)
        if self.passed is not None:
            named.append(self.passed)
        return named
