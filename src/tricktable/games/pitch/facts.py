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
from typing import Any, Self

from tricktable.cards import Card
from tricktable.games.all_fours_family.facts import PointsFacts
from tricktable.json_fields import (
    JsonObject,
    integer,
    optional,
    suit_letter,
    suit_text,
    tuple_of,
)

SMUDGE = 5
"""A smudge among the bids: it ranks above ``bid 4`` (the records' ``bids`` write it as 5)."""

_INTEGERS = tuple_of(integer)


@dataclass(frozen=True, slots=True, kw_only=True)
class PitchFacts(PointsFacts):
    """What a seat of Pitch may know besides its hand and the tricks."""

    bids: tuple[int | None, ...]
    """Each seat's bid (``None``: passed, or not yet asked; ``SMUDGE`` for a smudge)."""
    high_bid: int | None
    """The highest bid so far (``None`` before any)."""
    bidder: int | None
    """The seat that holds the high bid (once the bidding is over, the pitcher)."""

    @property
    def maker(self) -> int | None:
        return self.bidder

    @property
    def turned(self) -> Card | None:
        """No card is turned in Pitch."""
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "trump": suit_text(self.trump),
            "eldest": self.eldest,
            "target": self.target,
            "sides": [list(side) for side in self.sides],
            "game_points": list(self.game_points),
            "hand_sizes": list(self.hand_sizes),
            "bids": list(self.bids),
            "high_bid": self.high_bid,
            "bidder": self.bidder,
        }

    @classmethod
    def from_json(cls, data: object, where: str = "public") -> Self:
        """The facts ``to_json`` wrote (``JsonFieldError`` naming a field that is wrong)."""
        fields = JsonObject(data, where)
        return cls(
            trump=fields.read("trump", optional(suit_letter)),
            eldest=fields.read("eldest", integer),
            target=fields.read("target", integer),
            sides=fields.read("sides", tuple_of(_INTEGERS)),
            game_points=fields.read("game_points", _INTEGERS),
            hand_sizes=fields.read("hand_sizes", _INTEGERS),
            bids=fields.read("bids", tuple_of(optional(integer))),
            high_bid=fields.read("high_bid", optional(integer)),
            bidder=fields.read("bidder", optional(integer)),
        )
