"""Setback euchre's observation encoding (``tricktable.games.encoding``; docs/rl.md): the
declaration, the pool and each seat's stakes among its own fields."""

from __future__ import annotations

from typing import Any

from tricktable.actions import ActionKind
from tricktable.core import Game, SeatView
from tricktable.games.encoding import Encoder, Encoding, action_space, card_universe, per_seat
from tricktable.games.euchre_family.observation import (
    UPCARD_EXTRAS,
    UPCARD_WORDS,
    most_decisions,
    upcard_extras,
)
from tricktable.games.setback_euchre.engine import HAND_SIZE
from tricktable.games.setback_euchre.facts import SetbackEuchreFacts

CARDS = card_universe(9)


def extras(view: SeatView) -> list[float]:
    facts = view.facts(SetbackEuchreFacts)
    return [
        *upcard_extras(view),
        float(facts.declared),
        float(facts.pool),
        *per_seat(view, facts.stakes_paid),
        float(facts.start_score),
    ]


def encoder(game: Game[Any]) -> Encoder:
    """Setback euchre's encoder for ``game``."""
    stakes = tuple(f"stakes_paid_{seat}" for seat in range(game.players))
    words = (*UPCARD_WORDS, ActionKind.THROW_IN, ActionKind.DECLARE)
    return Encoder(
        game,
        Encoding(
            cards=CARDS,
            actions=action_space(
                CARDS,
                (ActionKind.PLAY, ActionKind.DISCARD),
                words,
                (ActionKind.CALL, ActionKind.CALL_ALONE),
            ),
            max_decisions=most_decisions(game.players, HAND_SIZE),
            extra_names=(*UPCARD_EXTRAS, "declared", "pool", *stakes, "start_score"),
            extras=extras,
        ),
    )
