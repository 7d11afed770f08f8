"""The euchre games' shared event sentences, by kind (``events``): how a sentence names the
event's seats, sides and numbers is told in ``tricktable.presentation.events``, which finds
these beside the kinds; and its verbs' words (``VERB_WORDS``), which
``tricktable.presentation.verbs`` finds beside the ``verbs`` module."""

from __future__ import annotations

from enum import StrEnum

from tricktable.actions import ActionKind
from tricktable.games.euchre_family.events import FamilyEvent
from tricktable.games.euchre_family.verbs import FamilyKind
from tricktable.presentation.verbs import VerbWords

WORDS: dict[StrEnum, str] = {
    FamilyEvent.ALL_PASSED: "all passed: the deal is thrown in",
    FamilyEvent.TAKES_TRICKS: "{seat:takes} {tricks}: -{tricks:d}",
}
"""The sentence of each of the kinds above."""

VERB_WORDS: dict[ActionKind, VerbWords] = {
    FamilyKind.ORDER: VerbWords(
        "Make {turned} trump: the dealer takes the up-card, and your side must win most of"
        " the tricks.",
        ("order up {up} to {dealer}", "orders up {up} to {dealer}"),
        ("pick up {up}", "picks up {up}"),
    ),
    FamilyKind.ORDER_ALONE: VerbWords(
        "Make {turned} trump and play without your partner: more points if you win all the"
        " tricks, and the same risk if you fail.",
        ("order up {up} to {dealer}, going alone", "orders up {up} to {dealer}, going alone"),
        ("pick up {up}, going alone", "picks up {up}, going alone"),
    ),
    FamilyKind.CALL: VerbWords(
        "Make {suit} trump: your side must then win most of the tricks.",
        ("call {suit}", "calls {suit}"),
    ),
    FamilyKind.CALL_ALONE: VerbWords(
        "Make {suit} trump and play without your partner.",
        ("call {suit}, going alone", "calls {suit}, going alone"),
    ),
    FamilyKind.ALONE: VerbWords(
        "Play without your partner, for more points if you take every trick.",
        ("go alone", "goes alone"),
    ),
    FamilyKind.TAKE_OVER: VerbWords(
        "Play alone in your partner's place.",
        ("take over, playing alone", "takes over, playing alone"),
    ),
    FamilyKind.DEFEND_ALONE: VerbWords(
        "Defend alone against the lone maker, for more points.",
        ("defend alone", "defends alone"),
    ),
    FamilyKind.NAME: VerbWords("Name {suit}.", ("name {suit}", "names {suit}")),
    FamilyKind.ACE_NO_FACE: VerbWords(
        "Show a hand of an ace (or aces) and otherwise only 9s and 10s: by the table's rules"
        " you exchange three cards for the next three of the stock, or the deal is thrown in"
        " and dealt again.",
        ("declare ace no face", "declares ace no face"),
    ),
}
"""The words of the family's verbs (``verbs``): what each means to a newcomer and what the
terminal says a seat did (``presentation.verbs.VerbWords``); each game's ``words`` adds them
to its own."""
