"""Plain whist's event sentences, by kind (``events``): how a sentence names the event's
seats, sides and numbers is told in ``tricktable.presentation.events``, which finds these
beside the kinds."""

from __future__ import annotations

from enum import StrEnum

from tricktable.games.plain_whist.events import PlainWhistEvent

WORDS: dict[StrEnum, str] = {
    PlainWhistEvent.ODD_TRICKS: "{side:takes} {tricks}: {points:points}",
}
"""The sentence of each of the kinds above."""
