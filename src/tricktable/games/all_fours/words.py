"""All Fours' event sentences, by kind (``events``): how a sentence names the
event's seats, sides and numbers is told in ``tricktable.presentation.events``, which finds
these beside the kinds; and its verbs' words (``VERB_WORDS``), which
``tricktable.presentation.verbs`` finds beside the ``verbs`` module."""

from __future__ import annotations

from enum import StrEnum

from tricktable.actions import ActionKind
from tricktable.games.all_fours.events import AllFoursEvent
from tricktable.games.all_fours.verbs import AllFoursKind
from tricktable.presentation.verbs import VerbWords

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

VERB_WORDS: dict[ActionKind, VerbWords] = {
    AllFoursKind.STAND: VerbWords(
        "Keep the turned-up suit as trump and play.", ("stand", "stands")
    ),
    AllFoursKind.BEG: VerbWords(
        "Ask the dealer for another trump: the dealer gives your side a point, or deals more"
        " cards and turns a new trump.",
        ("beg", "begs"),
    ),
    AllFoursKind.GIVE: VerbWords(
        "Give the other side a point and keep the turned-up suit as trump.",
        ("give a point", "gives a point"),
    ),
    AllFoursKind.RUN: VerbWords(
        "Deal three more cards each and turn a new card for trump.",
        ("run the cards", "runs the cards"),
    ),
}
"""The words of the verbs (``verbs``): what each means to a newcomer and what the terminal
says a seat did (``presentation.verbs.VerbWords``)."""
