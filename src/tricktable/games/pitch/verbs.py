"""Pitch's verb: the smudge bid (the core's ``bid N`` and ``pass`` do the rest).

>>> from tricktable.actions import action_text, make_action
>>> action_text(make_action(PitchKind.BID_SMUDGE))
'bid smudge'
"""

from __future__ import annotations

from typing import Final

from tricktable.actions import ActionKind, Verb


class PitchKind:
    """The kind of pitch's own verb."""

    BID_SMUDGE: Final = ActionKind(31)
    """Bid to take all four points and every trick (``bid smudge``)."""


VERBS: Final = (Verb(PitchKind.BID_SMUDGE, "bid smudge"),)
"""Pitch's verbs (registered by its spec)."""
