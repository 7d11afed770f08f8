"""Euchre's event sentences, by kind (``events``): how a sentence names the
event's seats, sides and numbers is told in ``tricktable.presentation.events``, which finds
these beside the kinds."""

from __future__ import annotations

from enum import StrEnum

from tricktable.games.euchre.events import EuchreEvent

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
