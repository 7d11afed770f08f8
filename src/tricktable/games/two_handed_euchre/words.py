"""Two-handed euchre's event sentences, by kind (``events``): how a sentence names the
event's seats, sides and numbers is told in ``tricktable.presentation.events``, which finds
these beside the kinds."""

from __future__ import annotations

from enum import StrEnum

from tricktable.games.two_handed_euchre.events import TwoHandedEvent

WORDS: dict[StrEnum, str] = {
    TwoHandedEvent.BOTH_PASSED_TWICE: "both passed twice: the deal is thrown in",
    TwoHandedEvent.MARCH_TO_THE_MAKER: "march: {points:points} to the maker",
    TwoHandedEvent.MAKER_TAKES: "maker takes {tricks}: {points:points}",
    TwoHandedEvent.MAKER_EUCHRED: "maker euchred ({tricks}): {points:points} to the defender",
    TwoHandedEvent.SUPER_EUCHRE_OF_ONE: "super euchre ({tricks}): {points:points} to the defender",
}
"""The sentence of each of the kinds above."""
