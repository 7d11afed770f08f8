"""Plain whist's words for people: its event sentences, by kind (``events``), and its verbs'
words (``VERB_WORDS``). How a sentence names the event's seats, sides and numbers is told in
``tricktable.presentation.events``, which finds these beside the kinds; what a verb's words
may name, in ``tricktable.presentation.verbs``, which finds them beside the ``verbs`` module."""

from __future__ import annotations

from enum import StrEnum

from tricktable.actions import ActionKind
from tricktable.games.plain_whist.events import PlainWhistEvent
from tricktable.presentation.verbs import VerbWords

WORDS: dict[StrEnum, str] = {
    PlainWhistEvent.ODD_TRICKS: "{side:takes} {tricks}: {points:points}",
}
"""The sentence of each of the kinds above."""

VERB_WORDS: dict[ActionKind, VerbWords] = {}
"""The words of each verb of ``verbs.VERBS``: none here, as plain whist plays with the core's
verbs alone (their words are ``presentation.verbs.WORDS``). A game with a verb of its own
gives each one its ``VerbWords``: what taking it means to a newcomer (the guide's choices)
and what the terminal says a seat did, for "you" and for another seat, e.g.
``KnockKind.KNOCK: VerbWords("End the deal now.", ("knock", "knocks"))``; a verb without
them is refused by name."""
