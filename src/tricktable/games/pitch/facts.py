"""Pitch's public facts in a seat's view: the family's (trump once led, the eldest hand,
the target, the sides, the count for game, every hand's size) and the auction's (each
seat's bid, the high bid, the pitcher).

>>> from tricktable.testing import dealt_match
>>> state = dealt_match("pitch(preset=auction)", 3)
>>> facts = state.view(0).public
>>> facts.hand_sizes, facts.to_json()["bids"], facts.bidder
((6, 6, 6, 6), [None, None, None, None], None)
>>> PitchFacts.from_json(facts.to_json()) == facts
True
"""

from __future__ import annotations

from dataclasses import dataclass

from tricktable.games.all_fours_family.facts import HAND_SIZES, SHARED_FIELDS, PointsFacts
from tricktable.games.wire_fields import BIDDER, BIDS, HIGH_BID

SMUDGE = 5
"""A smudge among the bids: it ranks above ``bid 4`` (the records' ``bids`` write it as 5)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PitchFacts(PointsFacts):
    """What a seat of Pitch may know besides its hand and the tricks."""

    bids: tuple[int | None, ...]
    """Each seat's bid (``None``: passed, or not yet asked; ``SMUDGE`` for a smudge)."""
    high_bid: int | None
    """The highest bid so far (``None`` before any)."""
    bidder: int | None
    """The seat that holds the high bid (once the bidding is over, the pitcher)."""

    wire = (*SHARED_FIELDS, HAND_SIZES, BIDS, HIGH_BID, BIDDER)

    @property
    def maker(self) -> int | None:
        return self.bidder
