"""Two-handed Euchre's public facts in a seat's view: the family's up-card facts, the
stock's size and the target."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktable.games.euchre_family.facts import SEATS, UpCardFacts
from tricktable.json_fields import JsonObject, integer, optional


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

    @classmethod
    def own_fields(cls, fields: JsonObject) -> dict[str, Any]:
        return {
            "tricks_won": fields.read("tricks_won", SEATS),
            "stock_size": fields.read("stock_size", integer),
            "target": fields.read("target", optional(integer)),
        }
