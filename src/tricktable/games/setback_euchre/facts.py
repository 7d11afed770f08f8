"""Set-back Euchre's public facts in a seat's view: the family's up-card facts, a declared
march and its declarer, who threw in, the pool and the stakes paid."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktable.games.euchre_family.facts import SEATS, UpCardFacts
from tricktable.json_fields import JsonObject, flag, integer, optional


@dataclass(frozen=True, slots=True, kw_only=True)
class SetbackEuchreFacts(UpCardFacts):
    """Set-back Euchre's own facts, after the family's (``sitting_out``: who threw in)."""

    declared: bool
    """Whether a player declared a march."""
    declarer: int | None = None
    """The seat that declared it (the maker, or a defender), ``None`` when nobody did."""
    pool: int
    """Chips in the pool."""
    stakes_paid: tuple[int, ...]
    """What each seat has paid into the pool."""
    start_score: int
    """Each seat's score at the start (the first to 0 wins)."""

    def own_json(self) -> dict[str, Any]:
        out = list(self.sitting_out)
        return {
            "declared": self.declared,
            "declarer": self.declarer,
            "threw_in": out,
            "sitting_out": list(out),
            "tricks_won": list(self.tricks_won),
            "pool": self.pool,
            "stakes_paid": list(self.stakes_paid),
            "start_score": self.start_score,
        }

    @classmethod
    def own_fields(cls, fields: JsonObject) -> dict[str, Any]:
        return {
            "declared": fields.read("declared", flag),
            "declarer": fields.read("declarer", optional(integer)),
            "sitting_out": fields.read_repeated("threw_in", "sitting_out", SEATS),
            "tricks_won": fields.read("tricks_won", SEATS),
            "pool": fields.read("pool", integer),
            "stakes_paid": fields.read("stakes_paid", SEATS),
            "start_score": fields.read("start_score", integer),
        }
