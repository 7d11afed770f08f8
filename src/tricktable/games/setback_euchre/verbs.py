"""Setback euchre's verbs: throwing the hand in and declaring out, with the family's.

>>> from tricktable.actions import action_text, make_action
>>> action_text(make_action(SetbackKind.THROW_IN))
'throw in'
"""

from __future__ import annotations

from typing import Final

from tricktable.actions import ActionKind, Verb
from tricktable.games.euchre_family.verbs import VERBS as FAMILY_VERBS


class SetbackKind:
    """The kinds of setback euchre's own verbs."""

    THROW_IN: Final = ActionKind(24)
    """A defender takes no part in the hand (``throw in``)."""
    DECLARE: Final = ActionKind(25)
    """Undertake to take every trick oneself (``declare``)."""


VERBS: Final = (
    *FAMILY_VERBS,
    Verb(SetbackKind.THROW_IN, "throw in"),
    Verb(SetbackKind.DECLARE, "declare"),
)
"""Setback euchre's verbs (registered by its spec)."""
