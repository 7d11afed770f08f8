"""Bid euchre's event sentences, by kind (``events``): how a sentence names the
event's seats, sides and numbers is told in ``tricktable.presentation.events``, which finds
these beside the kinds."""

from __future__ import annotations

from enum import StrEnum

from tricktable.games.bid_euchre.events import BidEuchreEvent, PartnershipEvent

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
