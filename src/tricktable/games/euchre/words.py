"""Euchre's event sentences, by kind (``events``): how a sentence names the
event's seats, sides and numbers is told in ``tricktable.presentation.events``, which finds
these beside the kinds; and its verbs' words (``VERB_WORDS``), which
``tricktable.presentation.verbs`` finds beside the ``verbs`` module."""

from __future__ import annotations

from enum import StrEnum

from tricktable.actions import ActionKind
from tricktable.games.euchre.events import EuchreEvent
from tricktable.games.euchre.verbs import EuchreKind
from tricktable.games.euchre_family.words import VERB_WORDS as FAMILY_VERB_WORDS
from tricktable.presentation.verbs import VerbWords

WORDS: dict[StrEnum, str] = {
    EuchreEvent.BLIND_ALONE_MARCH: "blind alone march: {points} points",
    EuchreEvent.BLIND_ALONE_EUCHRED: (
        "blind alone takes {tricks}: {points:points} to the defenders"
    ),
    EuchreEvent.MARCH: "march: {points} points",
    EuchreEvent.LONE_MARCH: "lone march: {points} points",
    EuchreEvent.MAKERS_TAKE: "makers take {tricks}: {points:points}",
    EuchreEvent.LONE_MAKER_TAKES: "lone maker takes {tricks}: {points:points}",
    EuchreEvent.POINT_ON_PARTNER: "point on partner: {points} extra point",
    EuchreEvent.MAKERS_EUCHRED: "makers euchred ({tricks}): {points} points to the defenders",
    EuchreEvent.LONE_MAKER_EUCHRED: (
        "lone maker euchred ({tricks}): {points} points to the defenders"
    ),
    EuchreEvent.LONE_DEFENDER_EUCHRE: (
        "lone defender euchres the makers ({tricks}): {points} points to the defenders"
    ),
    EuchreEvent.SUPER_EUCHRE: "super euchre ({tricks}): {points} points to the defenders",
    EuchreEvent.ROBSON_SET_BACK: "{seat:sets} back the opponents",
    EuchreEvent.ROBSON_MARCH: "{seat:scores} the march",
    EuchreEvent.SET_BACK: "{side} set back {counts[0]} points",
    EuchreEvent.RENEGE_CALLED: "{seat:calls} a renege: {points} points",
    EuchreEvent.RENEGE_DEDUCTED: "{seat:calls} a renege: {counts[0]:points} deducted",
    EuchreEvent.CONCEDED: "{seat:concedes} the rest after {tricks}: {points:points}",
    EuchreEvent.ACE_NO_FACE_REDEAL: "ace no face: the deal is thrown in and redealt",
}
"""The sentence of each of the kinds above."""

VERB_WORDS: dict[ActionKind, VerbWords] = {
    **FAMILY_VERB_WORDS,
    EuchreKind.BLIND_ALONE: VerbWords(
        "Make {turned} trump before anyone bids and play without your partner: more points if"
        " you take every trick, and points to the opponents if you take fewer.",
        ("go blind alone", "goes blind alone"),
    ),
    EuchreKind.FARMERS_HAND: VerbWords(
        "Show a farmer's hand (only 9s and 10s): discard three cards and take the next three"
        " of the stock.",
        ("show a farmer's hand", "shows a farmer's hand"),
    ),
    EuchreKind.SCORE: VerbWords(
        "Add the march's points to your side's score.",
        ("score the march", "scores the march"),
    ),
    EuchreKind.SET_BACK: VerbWords(
        "Take the march's points from the opponents' score instead of adding them to yours.",
        ("set the opponents back", "sets the opponents back"),
    ),
    EuchreKind.CALL_RENEGE: VerbWords(
        "Claim that a seat reneged: it did not follow the suit led when it could.",
        ("call a renege", "calls a renege"),
    ),
    EuchreKind.CONCEDE: VerbWords(
        "Stop the play, your side having made: the tricks left are not played, and your side"
        " scores a make (no march).",
        ("concede the rest of the deal", "concedes the rest of the deal"),
    ),
}
"""The words of the verbs above (``verbs``), the family's among them: what each means to a
newcomer and what the terminal says a seat did (``presentation.verbs.VerbWords``)."""
