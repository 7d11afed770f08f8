"""Bid Euchre's public facts in a seat's view: the bids, the contract, who stayed or
dropped, and the sets.

>>> import random
>>> from tricktable.games import load_game
>>> state = load_game("bid_euchre").new_match(random.Random(2))
>>> state.deal_random(random.Random(2))
>>> facts = state.view(0).public
>>> facts.contract, facts.trump, facts.to_json()["trump"]
(None, None, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktable.games.euchre_family.facts import FamilyFacts


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
