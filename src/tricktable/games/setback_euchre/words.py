"""Set-back euchre's event sentences, by kind (``events``): how a sentence names the
event's seats, sides and numbers is told in ``tricktable.presentation.events``, which finds
these beside the kinds; and its verbs' words (``VERB_WORDS``), which
``tricktable.presentation.verbs`` finds beside the ``verbs`` module."""

from __future__ import annotations

from enum import StrEnum

from tricktable.actions import ActionKind
from tricktable.games.euchre_family.words import VERB_WORDS as FAMILY_VERB_WORDS
from tricktable.games.setback_euchre.events import SetbackEvent
from tricktable.games.setback_euchre.verbs import SetbackKind
from tricktable.presentation.verbs import VerbWords

WORDS: dict[StrEnum, str] = {
    SetbackEvent.FAILS_DECLARED_MARCH: (
        "{seat:fails} the declared march ({tricks}): score doubled {counts[0]} -> {counts[1]},"
        " pays a stake"
    ),
    SetbackEvent.MAKER_SET_BACK: (
        "{seat} (maker) euchred with {tricks}: set back {points}, pays a stake"
    ),
    SetbackEvent.MAKER_DECLARED_MARCH: "{seat} (maker) declared march, {tricks}: -{tricks:d}",
    SetbackEvent.DEFENDER_DECLARED_MARCH: (
        "{seat} (defender) declared march, {tricks}: -{tricks:d}"
    ),
    SetbackEvent.MAKER_MARCH: "{seat} (maker) march, {tricks}: -{tricks:d}",
    SetbackEvent.MAKER_MAKES: "{seat} (maker) makes, {tricks}: -{tricks:d}",
    SetbackEvent.THREW_IN: "{seat} threw in: no change",
    SetbackEvent.NO_TRICK: "{seat:takes} no trick: set back {points}",
    SetbackEvent.EUCHRE_RELIEF: "{seat} euchre relief: {points}",
    SetbackEvent.POOL: "pool now {counts[0]} stakes",
    SetbackEvent.DECLARED_MARCH_WON: "{seat} made the declared march: wins the game and the pool",
    SetbackEvent.WINS_THE_POOL: "{seat:wins} the game and the pool ({counts[0]} stakes)",
    SetbackEvent.SHARE_THE_POOL: (
        "{seats:and} tie at {counts[0]}: they share the pool ({counts[1]} stakes)"
    ),
}
"""The sentence of each of the kinds above."""

VERB_WORDS: dict[ActionKind, VerbWords] = {
    **FAMILY_VERB_WORDS,
    SetbackKind.THROW_IN: VerbWords(
        "Throw in your hand: take no part in this deal.", ("throw in", "throws in")
    ),
    SetbackKind.DECLARE: VerbWords(
        "Undertake to take every trick yourself.",
        ("declare to take every trick", "declares to take every trick"),
    ),
}
"""The words of the verbs above (``verbs``), the family's among them: what each means to a
newcomer and what the terminal says a seat did (``presentation.verbs.VerbWords``)."""
