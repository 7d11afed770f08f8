"""Two-handed euchre's observation encoding (``tricktable.games.encoding``; docs/rl.md):
the stock's size and the target among its own fields."""

from __future__ import annotations

from typing import Any

from tricktable.core import Game, SeatView
from tricktable.games.encoding import Encoder, card_universe
from tricktable.games.euchre_family.observation import upcard_encoder
from tricktable.games.two_handed_euchre.engine import HAND_SIZE
from tricktable.games.two_handed_euchre.facts import TwoHandedEuchreFacts

CARDS = card_universe(7)


def extras(view: SeatView) -> list[float]:
    facts = view.facts(TwoHandedEuchreFacts)
    target = 0.0 if facts.target is None else float(facts.target)
    return [float(facts.stock_size), target]


def encoder(game: Game[Any]) -> Encoder:
    """Two-handed euchre's encoder for ``game``."""
    return upcard_encoder(
        game,
        CARDS,
        2 * HAND_SIZE,
        extra_names=("stock_size", "target"),
        extras=extras,
    )
