"""The verbs the euchre games share: ordering up, calling and naming trump, going alone.

>>> from tricktable.actions import action_text, make_action
>>> action_text(make_action(FamilyKind.ORDER_ALONE))
'order alone'
>>> action_text(make_action(FamilyKind.CALL_ALONE, 1))
'call H alone'
"""

from __future__ import annotations

from typing import Final

from tricktable.actions import ActionKind, Verb


class FamilyKind:
    """The kinds of the euchre family's verbs."""

    ORDER: Final = ActionKind(3)
    """Order the up-card into the dealer's hand (``order``)."""
    ORDER_ALONE: Final = ActionKind(4)
    """Order up and play alone (``order alone``)."""
    CALL: Final = ActionKind(5)
    """Call a suit trump (``call H``)."""
    CALL_ALONE: Final = ActionKind(6)
    """Call a suit trump and play alone (``call H alone``)."""
    TAKE_OVER: Final = ActionKind(7)
    """Take a partner's lone hand over (``take over``)."""
    DEFEND_ALONE: Final = ActionKind(8)
    """Defend a lone hand alone (``defend alone``)."""
    NAME: Final = ActionKind(9)
    """Name the trump suit after winning the bidding (``name H``)."""
    ACE_NO_FACE: Final = ActionKind(11)
    """Show a hand of an ace (or aces) and only 9s and 10s besides: an exchange or a redeal
    (``ace no face``)."""
    ALONE: Final = ActionKind(13)
    """Play the hand alone, after making trump (``alone``)."""


VERBS: Final = (
    Verb(FamilyKind.ORDER, "order"),
    Verb(FamilyKind.ORDER_ALONE, "order alone"),
    Verb(FamilyKind.CALL, "call {suit}"),
    Verb(FamilyKind.CALL_ALONE, "call {suit} alone"),
    Verb(FamilyKind.TAKE_OVER, "take over"),
    Verb(FamilyKind.DEFEND_ALONE, "defend alone"),
    Verb(FamilyKind.NAME, "name {suit}"),
    Verb(FamilyKind.ACE_NO_FACE, "ace no face"),
    Verb(FamilyKind.ALONE, "alone"),
)
"""The family's verbs (each game's ``verbs`` module adds them to its own)."""
