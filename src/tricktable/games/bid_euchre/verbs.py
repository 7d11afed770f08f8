"""Bid euchre's verbs: staying or dropping out, the no-trump contracts, the lone bids and
the card passed to a lone bidder, with the family's.

>>> from tricktable.actions import action_text, make_action
>>> from tricktable.cards import parse_card
>>> action_text(make_action(BidEuchreKind.BID_SHOOT))
'bid shoot'
>>> action_text(make_action(BidEuchreKind.GIVE_CARD, parse_card("AS")))
'give AS'
"""

from __future__ import annotations

from typing import Final

from tricktable.actions import ActionKind, Verb
from tricktable.games.euchre_family.verbs import VERBS as FAMILY_VERBS


class BidEuchreKind:
    """The kinds of bid euchre's own verbs."""

    STAY: Final = ActionKind(22)
    """Stay in the hand (``stay``)."""
    DROP: Final = ActionKind(23)
    """Drop out of the hand (``drop``)."""
    HIGH: Final = ActionKind(26)
    """Name high no-trump (``high``)."""
    LOW: Final = ActionKind(27)
    """Name low no-trump (``low``)."""
    BID_SHOOT: Final = ActionKind(29)
    """Bid to play alone with one card from the partner (``bid shoot``)."""
    BID_ALONE: Final = ActionKind(30)
    """Bid to play alone with no card passed (``bid alone``)."""
    GIVE_CARD: Final = ActionKind(32)
    """Pass a card to a partner who bid shoot (``give AS``)."""


VERBS: Final = (
    *FAMILY_VERBS,
    Verb(BidEuchreKind.STAY, "stay"),
    Verb(BidEuchreKind.DROP, "drop"),
    Verb(BidEuchreKind.HIGH, "high"),
    Verb(BidEuchreKind.LOW, "low"),
    Verb(BidEuchreKind.BID_SHOOT, "bid shoot"),
    Verb(BidEuchreKind.BID_ALONE, "bid alone"),
    Verb(BidEuchreKind.GIVE_CARD, "give {card}"),
)
"""Bid euchre's verbs (registered by its spec)."""
