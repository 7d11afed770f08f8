"""Three-handed euchre's event sentences, by kind (``events``): how a sentence names the
event's seats, sides and numbers is told in ``tricktable.presentation.events``, which finds
these beside the kinds."""

from __future__ import annotations

from enum import StrEnum

from tricktable.games.three_handed_euchre.events import ThreeHandedEvent

WORDS: dict[StrEnum, str] = {
    ThreeHandedEvent.ALL_PASSED_TWICE: "all passed twice: the deal is thrown in",
    ThreeHandedEvent.SHOWS_ACE_NO_FACE: (
        "{seat:shows} ace no face: misdeal, the same dealer deals again"
    ),
    ThreeHandedEvent.MAKER_SEAT_TAKES: "maker ({seat}) takes {tricks}: {points:points}",
    ThreeHandedEvent.DEFENDERS_TIE: (
        "maker ({seat}) euchred with {tricks}; defenders tie with {counts[0]:tricks} each:"
        " {points:points} each"
    ),
    ThreeHandedEvent.BEST_DEFENDER: (
        "maker ({seat}) euchred with {tricks}; {other:takes} the most defending tricks"
        " ({counts[0]}): {points} points"
    ),
    ThreeHandedEvent.TIE_BETWEEN: "a tie between {seats}",
}
"""The sentence of each of the kinds above."""
