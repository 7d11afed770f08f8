"""Euchre's own verbs (its presets' calls and claims), with the family's.

>>> from tricktable.actions import action_text, make_action
>>> action_text(make_action(EuchreKind.FARMERS_HAND))
'farmers hand'
"""

from __future__ import annotations

from typing import Final

from tricktable.actions import ActionKind, Verb
from tricktable.games.euchre_family.verbs import VERBS as FAMILY_VERBS


class EuchreKind:
    """The kinds of euchre's own verbs."""

    BLIND_ALONE: Final = ActionKind(10)
    """The dealer goes alone in the up-card's suit (a jack) before anyone bids (``blind alone``)."""
    FARMERS_HAND: Final = ActionKind(12)
    """Show a farmer's hand and exchange three of its cards for the stock's next three
    (``farmers hand``)."""
    SCORE: Final = ActionKind(14)
    """Add a march's points to one's own score (``score``)."""
    SET_BACK: Final = ActionKind(15)
    """Subtract a march's points from the opponents instead (``set back``)."""
    CALL_RENEGE: Final = ActionKind(16)
    """Claim that a seat reneged (``call renege``)."""
    CONCEDE: Final = ActionKind(28)
    """Stop the play once the makers have made, scoring a make (``concede``)."""


VERBS: Final = (
    *FAMILY_VERBS,
    Verb(EuchreKind.BLIND_ALONE, "blind alone"),
    Verb(EuchreKind.FARMERS_HAND, "farmers hand"),
    Verb(EuchreKind.SCORE, "score"),
    Verb(EuchreKind.SET_BACK, "set back"),
    Verb(EuchreKind.CALL_RENEGE, "call renege"),
    Verb(EuchreKind.CONCEDE, "concede"),
)
"""Euchre's verbs (registered by its spec)."""
