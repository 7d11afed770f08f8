"""Pitch's event sentences, by kind (``events``): how a sentence names the
event's seats, sides and numbers is told in ``tricktable.presentation.events``, which finds
these beside the kinds; and its verbs' words (``VERB_WORDS``), which
``tricktable.presentation.verbs`` finds beside the ``verbs`` module."""

from __future__ import annotations

from enum import StrEnum

from tricktable.actions import ActionKind
from tricktable.games.pitch.events import PitchEvent
from tricktable.games.pitch.verbs import PitchKind
from tricktable.presentation.verbs import VerbWords

WORDS: dict[StrEnum, str] = {
    PitchEvent.ALL_PASSED: "all passed: the deal is thrown in and passes left",
    PitchEvent.PITCHER_MAKES: (
        "{seat} (pitcher) makes the bid of {counts[0]} with {counts[1]}: {points:+d}"
    ),
    PitchEvent.PITCHER_SET_BACK: (
        "{seat} (pitcher) set back: {counts[1]:points} won of a bid of {counts[0]}: {points:+d}"
    ),
    PitchEvent.SMUDGE_MADE: "{seat} (pitcher) makes the smudge: {points:points}, the match is won",
    PitchEvent.SMUDGE_SCORES: "{seat} (pitcher) makes the smudge: {points:+d}",
    PitchEvent.SMUDGE_FAILED: (
        "{seat} (pitcher) fails the smudge with {counts[1]:points}: {points:+d}"
    ),
}
"""The sentence of each of the kinds above."""

VERB_WORDS: dict[ActionKind, VerbWords] = {
    PitchKind.BID_SMUDGE: VerbWords(
        "Bid smudge: promise to win all four points.", ("bid smudge", "bids smudge")
    ),
}
"""The words of the verb (``verbs``): what it means to a newcomer and what the terminal says
a seat did (``presentation.verbs.VerbWords``)."""
