"""Set-back Euchre's public facts in a seat's view: the family's up-card facts, a declared
march and its declarer, who threw in, the pool and the stakes paid."""

from __future__ import annotations

from dataclasses import dataclass

from tricktable.games.euchre_family.facts import START_SCORE, UpCardFacts, upcard_wire
from tricktable.games.wire_fields import TRICKS_WON
from tricktable.json_fields import FLAG, INTEGER, INTEGERS, WireField


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

    wire = upcard_wire(
        WireField("declared", FLAG),
        WireField("declarer", INTEGER.optional()),
        WireField("threw_in", INTEGERS, attribute="sitting_out", copy="sitting_out"),
        TRICKS_WON,
        WireField("pool", INTEGER),
        WireField("stakes_paid", INTEGERS),
        START_SCORE,
    )
