"""Three-handed euchre's observation encoding (``tricktable.games.encoding``; docs/rl.md):
the hand size and the target among its own fields."""

from __future__ import annotations

from typing import Any

from tricktable.actions import ActionKind
from tricktable.core import Game, SeatView
from tricktable.games.encoding import Encoder, Encoding, action_space, card_universe
from tricktable.games.euchre_family.observation import (
    UPCARD_EXTRAS,
    UPCARD_WORDS,
    most_decisions,
    upcard_extras,
)
from tricktable.games.three_handed_euchre.facts import ThreeHandedEuchreFacts

CARDS = card_universe(9)
LARGEST_HAND = 7


def extras(view: SeatView) -> list[float]:
    facts = view.facts(ThreeHandedEuchreFacts)
    target = 0.0 if facts.target is None else float(facts.target)
    return [*upcard_extras(view), float(facts.hand_size), target]


def encoder(game: Game[Any]) -> Encoder:
    """Three-handed euchre's encoder for ``game``."""
    words = (*UPCARD_WORDS, ActionKind.ACE_NO_FACE)
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
            max_decisions=most_decisions(game.players, LARGEST_HAND),
            extra_names=(*UPCARD_EXTRAS, "hand_size", "target"),
            extras=extras,
        ),
    )
