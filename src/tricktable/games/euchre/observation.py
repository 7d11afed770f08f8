"""Euchre's observation encoding (``tricktable.games.encoding``; docs/rl.md): the cards of
every deck option and the Benny, every word of every preset, and the lone defender and the
target among its own fields."""

from __future__ import annotations

from typing import Any

from tricktable.core import Game, SeatView
from tricktable.games.encoding import Encoder, card_universe, seat_names, seat_one_hot
from tricktable.games.euchre.engine import HAND_SIZE
from tricktable.games.euchre.facts import EuchreFacts
from tricktable.games.euchre.verbs import EuchreKind
from tricktable.games.euchre_family.observation import upcard_encoder
from tricktable.games.euchre_family.verbs import FamilyKind

CARDS = card_universe(2, joker=True)
WORDS = (
    EuchreKind.BLIND_ALONE,
    FamilyKind.ACE_NO_FACE,
    EuchreKind.FARMERS_HAND,
    EuchreKind.SCORE,
    EuchreKind.SET_BACK,
    EuchreKind.CALL_RENEGE,
    EuchreKind.CONCEDE,
)
"""Euchre's words after the up-card's, every preset's."""


def extras(view: SeatView) -> list[float]:
    facts = view.facts(EuchreFacts)
    target = 0.0 if facts.target is None else float(facts.target)
    return [*seat_one_hot(view, facts.lone_defender), target]


def encoder(game: Game[Any]) -> Encoder:
    """Euchre's encoder for ``game``."""
    return upcard_encoder(
        game,
        CARDS,
        HAND_SIZE,
        words=WORDS,
        suit_kinds=(FamilyKind.CALL, FamilyKind.CALL_ALONE, FamilyKind.NAME),
        extra_names=(*seat_names("lone_defender", game.players), "target"),
        extras=extras,
    )
