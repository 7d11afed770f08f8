"""All Fours' observation encoding (``tricktable.games.encoding``; docs/rl.md): the
family's counts (``all_fours_family.observation``), then the deal's points, each seat's
hand size and the cards set aside while running among its own fields."""

from __future__ import annotations

from typing import Any

from tricktable.actions import CoreKind
from tricktable.cards import card_name
from tricktable.core import Game, SeatView
from tricktable.games.all_fours.facts import AllFoursFacts
from tricktable.games.all_fours.verbs import AllFoursKind
from tricktable.games.all_fours_family.observation import (
    CARDS,
    per_side,
    points_encoder,
    side_names,
)
from tricktable.games.encoding import Encoder, action_space, per_seat, seat_names

INDEX = {card: i for i, card in enumerate(CARDS)}
MOST_DECISIONS = len(CARDS) + 16
"""Every card is played or discarded at most once; begging, giving and the runs take the
rest (a run turns a card, so there are fewer than 16 of them)."""


def extras(view: SeatView, sides: int) -> list[float]:
    facts = view.facts(AllFoursFacts)
    set_aside = [0.0] * len(CARDS)
    for card in facts.set_aside:
        set_aside[INDEX[card]] = 1.0
    return [
        *per_side(facts.deal_points, sides),
        *per_seat(view, facts.hand_sizes),
        *set_aside,
    ]


def encoder(game: Game[Any]) -> Encoder:
    """All Fours' encoder for ``game``."""
    sides = len(game.sides)
    return points_encoder(
        game,
        action_space(
            CARDS,
            (CoreKind.PLAY, CoreKind.DISCARD),
            (AllFoursKind.STAND, AllFoursKind.BEG, AllFoursKind.GIVE, AllFoursKind.RUN),
        ),
        MOST_DECISIONS,
        extra_names=(
            *side_names("deal_points", sides),
            *seat_names("hand_size", game.players),
            *(f"set_aside_{card_name(card)}" for card in CARDS),
        ),
        extras=lambda view: extras(view, sides),
    )
