"""Plain whist's public facts in a seat's view: the turned card and its trump suit, the
tricks each side has won this deal, and the match's target.

>>> from tricktable.cards import suit_of
>>> from tricktable.testing import dealt_match
>>> facts = dealt_match("plain_whist", 3).view(0).public
>>> facts.trump == suit_of(facts.turned), facts.tricks_won, facts.target
(True, (0, 0), 5)
>>> PlainWhistFacts.from_json(facts.to_json()) == facts
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tricktable.cards import Card, Suit
from tricktable.games.wire_fields import TRICKS_WON, TRUMP, TURNED
from tricktable.json_fields import INTEGER, WireField
from tricktable.public_facts import FactsBase


@dataclass(frozen=True, slots=True, kw_only=True)
class PlainWhistFacts(FactsBase):
    """What a seat of plain whist may know besides its hand and the tricks."""

    turned: Card | None
    """The dealer's last card, turned for trump (``None`` between deals)."""
    trump: Suit | None
    tricks_won: tuple[int, ...]
    """The tricks each side has won this deal."""
    target: int
    """The points a side needs to win the match."""

    wire = (TURNED, TRUMP, TRICKS_WON, WireField("target", INTEGER))

    @property
    def own_hand_hidden(self) -> bool:
        return False

    def cards(self) -> Iterable[Card]:
        return () if self.turned is None else (self.turned,)

    def trump_to_show(self) -> Suit | None:
        return self.trump
