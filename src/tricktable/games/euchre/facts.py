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

from tricktable.games.euchre_family.facts import (
    SHOWN,
    SITTING_OUT,
    TARGET,
    UpCardFacts,
    upcard_wire,
)
from tricktable.games.wire_fields import OWN_HAND_HIDDEN, TRICKS_WON
from tricktable.json_fields import FLAG, INTEGER, INTEGERS, WireField


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

    wire = (
        *upcard_wire(
            WireField("alone", FLAG),
            WireField("lone_defender", INTEGER.optional()),
            SITTING_OUT,
            TRICKS_WON,
            SHOWN,
            WireField("games", INTEGERS, attribute="games_won"),
            TARGET,
        ),
        OWN_HAND_HIDDEN,
    )
    """The family's up-card fields with euchre's own, then whether the seat may look at its
    hand (written after the discards)."""
