"""All Fours' event sentences, by kind (``events``): how a sentence names the
event's seats, sides and numbers is told in ``tricktable.presentation.events``, which finds
these beside the kinds."""

from __future__ import annotations

from enum import StrEnum

from tricktable.games.all_fours.events import AllFoursEvent

WORDS: dict[StrEnum, str] = {
    AllFoursEvent.KICK: "kick: {card} turned, {points:points} to the dealer",
    AllFoursEvent.ELDEST_STANDS: "eldest stands",
    AllFoursEvent.GIFT: "gift: {points:points} to {side}",
    AllFoursEvent.PACK_RAN_OUT: "the pack ran out: thrown in, the same dealer redeals",
    AllFoursEvent.RUN_AGAIN: "{card} turned: same suit, run again",
    AllFoursEvent.RUN: "run: {card} turned, trump",
}
"""The sentence of each of the kinds above."""

TOLD_BY_DECISION: frozenset[StrEnum] = frozenset({AllFoursEvent.ELDEST_STANDS})
"""Kinds that say no more than the decision that made them (eldest's ``stand`` is "eldest
stands"): a telling that shows each decision as it comes (the terminal game) leaves them out;
the records' event lists keep them."""
