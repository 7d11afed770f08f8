"""Three-handed Euchre's public facts in a seat's view: the family's up-card facts, shown
cards, the hand size and the target."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktable.games.euchre_family.facts import SEATS, SHOWN, UpCardFacts, shown_json
from tricktable.json_fields import JsonObject, integer, optional


@dataclass(frozen=True, slots=True, kw_only=True)
class ThreeHandedEuchreFacts(UpCardFacts):
    """Three-handed Euchre's own facts, after the family's."""

    hand_size: int
    """Cards dealt to each seat (a rule)."""
    target: int | None
    """Points to win (``None``: a single hand)."""

    def own_json(self) -> dict[str, Any]:
        return {
            "tricks_won": list(self.tricks_won),
            "shown": shown_json(self.shown),
            "hand_size": self.hand_size,
            "target": self.target,
        }

    @classmethod
    def own_fields(cls, fields: JsonObject) -> dict[str, Any]:
        return {
            "tricks_won": fields.read("tricks_won", SEATS),
            "shown": fields.read("shown", SHOWN),
            "hand_size": fields.read("hand_size", integer),
            "target": fields.read("target", optional(integer)),
        }
