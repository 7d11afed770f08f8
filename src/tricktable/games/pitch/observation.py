"""Pitch's observation encoding (``tricktable.games.encoding``; docs/rl.md): the family's
counts (``all_fours_family.observation``), then each seat's hand size, each seat's bid,
the high bid and the pitcher among its own fields."""

from __future__ import annotations

from typing import Any

from tricktable.actions import CoreKind
from tricktable.core import Game, SeatView
from tricktable.games.all_fours_family.observation import CARDS, points_encoder
from tricktable.games.encoding import Encoder, action_space, per_seat, seat_names, seat_one_hot
from tricktable.games.pitch.facts import PitchFacts
from tricktable.games.pitch.verbs import PitchKind

MOST_DECISIONS = 7 + 7 * 6
"""A bid of each seat and its six cards, for the most seats."""


def extras(view: SeatView) -> list[float]:
    facts = view.facts(PitchFacts)
    return [
        *per_seat(view, facts.hand_sizes),
        *per_seat(view, facts.bids),
        float(facts.high_bid or 0),
        *seat_one_hot(view, facts.bidder),
    ]


def encoder(game: Game[Any]) -> Encoder:
    """Pitch's encoder for ``game``."""
    return points_encoder(
        game,
        action_space(
            CARDS, (CoreKind.PLAY,), (CoreKind.PASS, PitchKind.BID_SMUDGE), bids=range(1, 5)
        ),
        MOST_DECISIONS,
        extra_names=(
            *seat_names("hand_size", game.players),
            *seat_names("bid", game.players),
            "high_bid",
            *seat_names("pitcher", game.players),
        ),
        extras=extras,
    )
