"""Setback euchre's observation encoding (``tricktable.games.encoding``; docs/rl.md): the
declaration, the pool and each seat's stakes among its own fields."""

from __future__ import annotations

from typing import Any

from tricktable.core import Game, SeatView
from tricktable.games.encoding import Encoder, card_universe, per_seat, seat_names
from tricktable.games.euchre_family.observation import upcard_encoder
from tricktable.games.setback_euchre.engine import HAND_SIZE
from tricktable.games.setback_euchre.facts import SetbackEuchreFacts
from tricktable.games.setback_euchre.verbs import SetbackKind

CARDS = card_universe(9)


def extras(view: SeatView) -> list[float]:
    facts = view.facts(SetbackEuchreFacts)
    return [
        float(facts.declared),
        float(facts.pool),
        *per_seat(view, facts.stakes_paid),
        float(facts.start_score),
    ]


def encoder(game: Game[Any]) -> Encoder:
    """Setback euchre's encoder for ``game``."""
    stakes = seat_names("stakes_paid", game.players)
    return upcard_encoder(
        game,
        CARDS,
        HAND_SIZE,
        words=(SetbackKind.THROW_IN, SetbackKind.DECLARE),
        extra_names=("declared", "pool", *stakes, "start_score"),
        extras=extras,
    )
