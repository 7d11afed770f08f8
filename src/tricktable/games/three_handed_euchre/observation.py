"""Three-handed euchre's observation encoding (``tricktable.games.encoding``; docs/rl.md):
the hand size and the target among its own fields."""

from __future__ import annotations

from typing import Any

from tricktable.core import Game, SeatView
from tricktable.games.encoding import Encoder, card_universe
from tricktable.games.euchre_family.observation import upcard_encoder
from tricktable.games.euchre_family.verbs import FamilyKind
from tricktable.games.three_handed_euchre.facts import ThreeHandedEuchreFacts

CARDS = card_universe(9)
LARGEST_HAND = 7


def extras(view: SeatView) -> list[float]:
    facts = view.facts(ThreeHandedEuchreFacts)
    target = 0.0 if facts.target is None else float(facts.target)
    return [float(facts.hand_size), target]


def encoder(game: Game[Any]) -> Encoder:
    """Three-handed euchre's encoder for ``game``."""
    return upcard_encoder(
        game,
        CARDS,
        LARGEST_HAND,
        words=(FamilyKind.ACE_NO_FACE,),
        extra_names=("hand_size", "target"),
        extras=extras,
    )
