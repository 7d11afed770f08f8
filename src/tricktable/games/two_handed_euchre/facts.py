"""Two-handed Euchre's public facts in a seat's view: the family's up-card facts, the
stock's size and the target."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktable.games.euchre_family.facts import UpCardFacts


@dataclass(frozen=True, slots=True, kw_only=True)
class TwoHandedEuchreFacts(UpCardFacts):
    """Two-handed Euchre's own facts, after the family's."""

    stock_size: int
    """Cards left in the stock."""
    target: int | None
    """Points to win the game (``None``: a single hand)."""

    def own_json(self) -> dict[str, Any]:
        return {
            "tricks_won": list(self.tricks_won),
            "stock_size": self.stock_size,
            "target": self.target,
        }
