"""The euchre games' shared event sentences, by kind (``events``): how a sentence names the
event's seats, sides and numbers is told in ``tricktable.presentation.events``, which finds
these beside the kinds."""

from __future__ import annotations

from enum import StrEnum

from tricktable.games.euchre_family.events import FamilyEvent

WORDS: dict[StrEnum, str] = {
    FamilyEvent.ALL_PASSED: "all passed: the deal is thrown in",
    FamilyEvent.TAKES_TRICKS: "{seat:takes} {tricks}: -{tricks:d}",
}
"""The sentence of each of the kinds above."""
