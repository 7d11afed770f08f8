"""Euchre's public facts in a seat's view: the family's up-card facts, the lone hands, the
games won (best of three) and the target.

>>> from tricktable.testing import dealt_match
>>> state = dealt_match("euchre(preset=north_american)", 7)
>>> facts = state.view(0).public
>>> facts.alone, facts.target, facts.games_won
(False, 10, (0, 0))
>>> EuchreFacts.from_json(facts.to_json()) == facts
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktable.games.euchre_family.facts import SEATS, SHOWN, UpCardFacts, shown_json
from tricktable.json_fields import JsonObject, flag, integer, optional


@dataclass(frozen=True, slots=True, kw_only=True)
class EuchreFacts(UpCardFacts):
    """Euchre's own facts, after the family's."""

    alone: bool
    """Whether the maker plays alone."""
    lone_defender: int | None
    """The seat defending alone against a lone maker, if any."""
    games_won: tuple[int, ...]
    """Games each side has won (best of three)."""
    target: int | None
    """Points to win a game (``None``: a single hand)."""

    def own_json(self) -> dict[str, Any]:
        return {
            "alone": self.alone,
            "lone_defender": self.lone_defender,
            "sitting_out": list(self.sitting_out),
            "tricks_won": list(self.tricks_won),
            "shown": shown_json(self.shown),
            "games": list(self.games_won),
            "target": self.target,
        }

    def to_json(self) -> dict[str, Any]:
        out = UpCardFacts.to_json(self)
        out["own_hand_hidden"] = self.own_hand_hidden
        return out

    @classmethod
    def own_fields(cls, fields: JsonObject) -> dict[str, Any]:
        return {
            "alone": fields.read("alone", flag),
            "lone_defender": fields.read("lone_defender", optional(integer)),
            "sitting_out": fields.read("sitting_out", SEATS),
            "tricks_won": fields.read("tricks_won", SEATS),
            "shown": fields.read("shown", SHOWN),
            "games_won": fields.read("games", SEATS),
            "target": fields.read("target", optional(integer)),
            # written after the discards (``to_json``), read with the own facts
            "own_hand_hidden": fields.read("own_hand_hidden", flag),
        }
