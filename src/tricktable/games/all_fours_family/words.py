"""All Fours' and Pitch's shared event sentences, by kind (``events``): how a sentence names the
event's seats, sides and numbers is told in ``tricktable.presentation.events``, which finds
these beside the kinds."""

from __future__ import annotations

from enum import StrEnum

from tricktable.games.all_fours_family.events import PointEvent

WORDS: dict[StrEnum, str] = {
    PointEvent.MATCH_WON: "{side:reaches} {counts[0]}: the match is won",
    PointEvent.HIGH: "High: {card}, held by {seat}",
    PointEvent.LOW_HELD: "Low: {card}, held by {seat}",
    PointEvent.LOW_WON: "Low: {card}, won by {seat}",
    PointEvent.JACK: "Jack: won by {seat}",
    PointEvent.GAME: "Game: {counts:sides}",
    PointEvent.GAME_TIED_TO_NON_DEALER: "Game tied ({counts:sides}): to the non-dealer",
    PointEvent.GAME_TIED: "Game tied ({counts:sides}): nobody scores",
}
"""The sentence of each of the kinds above."""
