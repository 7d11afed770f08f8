"""Romanian whist's event sentences, by kind (``events``): how a sentence names the
event's seats, sides and numbers is told in ``tricktable.presentation.events``, which finds
these beside the kinds."""

from __future__ import annotations

from enum import StrEnum

from tricktable.games.romanian_whist.events import WhistEvent

WORDS: dict[StrEnum, str] = {
    WhistEvent.STREAK_MADE: "{seat} made {counts[0]} in a row: {points:+d}",
    WhistEvent.STREAK_FAILED: "{seat} failed {counts[0]} in a row: {points:+d}",
    WhistEvent.TIE_FOR_FIRST: "tie for first: {seats}",
}
"""The sentence of each of the kinds above."""
