"""Three-handed Euchre's public facts in a seat's view: the family's up-card facts, shown
cards, the hand size and the target."""

from __future__ import annotations

from dataclasses import dataclass

from tricktable.games.euchre_family.facts import SHOWN, TARGET, UpCardFacts, upcard_wire
from tricktable.games.wire_fields import HAND_SIZE, TRICKS_WON


@dataclass(frozen=True, slots=True, kw_only=True)
class ThreeHandedEuchreFacts(UpCardFacts):
    """Three-handed Euchre's own facts, after the family's."""

    hand_size: int
    """Cards dealt to each seat (a rule)."""
    target: int | None
    """Points to win (``None``: a single hand)."""

    wire = upcard_wire(TRICKS_WON, SHOWN, HAND_SIZE, TARGET)
