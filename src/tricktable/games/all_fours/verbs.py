"""All Fours' verbs: standing, begging, giving a point and running the cards.

>>> from tricktable.actions import action_text, make_action
>>> action_text(make_action(AllFoursKind.BEG))
'beg'
"""

from __future__ import annotations

from typing import Final

from tricktable.actions import ActionKind, Verb


class AllFoursKind:
    """The kinds of All Fours' verbs."""

    STAND: Final = ActionKind(17)
    """Keep the turned trump (``stand``)."""
    BEG: Final = ActionKind(18)
    """Ask the dealer for a new trump (``beg``)."""
    GIVE: Final = ActionKind(19)
    """The dealer gives the beggar a point (``give``)."""
    RUN: Final = ActionKind(20)
    """The dealer runs the cards for a new trump (``run``)."""


VERBS: Final = (
    Verb(AllFoursKind.STAND, "stand"),
    Verb(AllFoursKind.BEG, "beg"),
    Verb(AllFoursKind.GIVE, "give"),
    Verb(AllFoursKind.RUN, "run"),
)
"""All Fours' verbs (registered by its spec)."""
