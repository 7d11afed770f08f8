"""Two-handed Euchre's public facts in a seat's view: the family's up-card facts, the
stock's size and the target."""

from __future__ import annotations

from dataclasses import dataclass

from tricktable.games.euchre_family.facts import TARGET, UpCardFacts, upcard_wire
from tricktable.games.wire_fields import TRICKS_WON
from tricktable.json_fields import INTEGER, WireField


@dataclass(frozen=True, slots=True, kw_only=True)
class TwoHandedEuchreFacts(UpCardFacts):
    """Two-handed Euchre's own facts, after the family's."""

    stock_size: int
    """Cards left in the stock."""
    target: int | None
    """Points to win the game (``None``: a single hand)."""

    wire = upcard_wire(TRICKS_WON, WireField("stock_size", INTEGER), TARGET)
