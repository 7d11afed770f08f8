"""Bid euchre's event sentences, by kind (``events``): how a sentence names the
event's seats, sides and numbers is told in ``tricktable.presentation.events``, which finds
these beside the kinds; and its verbs' words (``VERB_WORDS``), which
``tricktable.presentation.verbs`` finds beside the ``verbs`` module."""

from __future__ import annotations

from enum import StrEnum

from tricktable.actions import ActionKind
from tricktable.games.bid_euchre.events import BidEuchreEvent, PartnershipEvent
from tricktable.games.bid_euchre.verbs import BidEuchreKind
from tricktable.games.euchre_family.words import VERB_WORDS as FAMILY_VERB_WORDS
from tricktable.presentation.verbs import VerbWords

WORDS: dict[StrEnum, str] = {
    BidEuchreEvent.EVERYONE_ELSE_DROPS: "everyone else drops: {seat:takes} all {tricks} unplayed",
    BidEuchreEvent.DROPPED: "{seat} dropped: no change",
    BidEuchreEvent.MAKES_BID: "{seat:makes} the bid of {counts[0]} with {tricks}: -{tricks:d}",
    BidEuchreEvent.FAILS_BID: "{seat:fails} the bid of {counts[0]} with {tricks}, set: +{points}",
    BidEuchreEvent.SET_AFTER_STAYING: "{seat:takes} no trick after staying, set: +{points}",
    BidEuchreEvent.SHARED_WIN: "shared win: {seats}",
    BidEuchreEvent.WINS_WITH_FEWEST_SETS: "{seat:wins} with {counts[0]} (fewest hands set)",
    PartnershipEvent.MAKERS_MAKE_BID: (
        "makers make the bid of {counts[0]} with {tricks}: {points:points}"
    ),
    PartnershipEvent.MAKERS_SET: (
        "makers set with {tricks} of the bid of {counts[0]}: {points:points}"
    ),
    PartnershipEvent.SHOOT_MADE: "{seat:takes} all {tricks} after bidding shoot: {points:points}",
    PartnershipEvent.SHOOT_FAILED: "{seat:takes} {tricks} after bidding shoot: {points:points}",
    PartnershipEvent.ALONE_MADE: "{seat:takes} all {tricks} alone: {points:points}",
    PartnershipEvent.ALONE_FAILED: "{seat:takes} {tricks} alone: {points:points}",
    PartnershipEvent.DEFENDERS_TAKE: "defenders take {tricks}: {points:points}",
    PartnershipEvent.BOTH_REACH_TARGET: (
        "both sides reach {counts[0]}: {side:wins} the game as the makers"
    ),
}
"""The sentence of each of the kinds above."""

VERB_WORDS: dict[ActionKind, VerbWords] = {
    **FAMILY_VERB_WORDS,
    BidEuchreKind.STAY: VerbWords("Stay in and play this deal.", ("stay in", "stays in")),
    BidEuchreKind.DROP: VerbWords("Drop out of this deal.", ("drop", "drops")),
    BidEuchreKind.HIGH: VerbWords(
        "Name high no-trump: no suit is trump, and the highest card of the suit led takes"
        " the trick.",
        ("play high, no trump", "plays high, no trump"),
    ),
    BidEuchreKind.LOW: VerbWords(
        "Name low no-trump: no suit is trump, and the lowest card of the suit led takes the trick.",
        ("play low, no trump", "plays low, no trump"),
    ),
    BidEuchreKind.BID_SHOOT: VerbWords(
        "Bid to play alone, with one card passed to you by your partner.",
        ("bid to shoot", "bids to shoot"),
    ),
    BidEuchreKind.BID_ALONE: VerbWords(
        "Bid to play alone, with no card from your partner.",
        ("bid alone", "bids alone"),
    ),
    BidEuchreKind.GIVE_CARD: VerbWords(
        "Pass {card} to your partner, who bid to shoot.",
        ("give {card} to the shooter", "gives {card} to the shooter"),
    ),
}
"""The words of the verbs above (``verbs``), the family's among them: what each means to a
newcomer and what the terminal says a seat did (``presentation.verbs.VerbWords``)."""
