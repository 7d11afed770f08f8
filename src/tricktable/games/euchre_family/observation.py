"""What the euchre games' observation encodings share (``tricktable.games.encoding``): the
words of their bidding, the up-card's fields, and a bound on a deal's decisions."""

from __future__ import annotations

from tricktable.actions import ActionKind
from tricktable.core import SeatView
from tricktable.games.euchre_family.facts import UpCardFacts

UPCARD_WORDS = (
    ActionKind.PASS,
    ActionKind.ORDER,
    ActionKind.ORDER_ALONE,
    ActionKind.TAKE_OVER,
    ActionKind.DEFEND_ALONE,
    ActionKind.ALONE,
)
"""The words of making trump on an up-card (each variant adds its own)."""

UPCARD_EXTRAS = ("turned_down", "dealer_took_up")
"""The extra fields every up-card variant starts with."""


def upcard_extras(view: SeatView) -> list[float]:
    """Whether the up-card was turned down, and whether the dealer took it up."""
    facts = view.facts(UpCardFacts)
    return [float(facts.turned_down), float(facts.dealer_took_up)]


def most_decisions(players: int, hand_size: int) -> int:
    """A bound on one deal's decisions: every card played, two making rounds, and room for
    the going alone, discards, exchanges and concessions around them."""
    return players * hand_size + 4 * players + 16
