"""Plain whist's observation encoding (``tricktable.games.encoding``; docs/rl.md): the 52
cards, a card play as its only action, and the tricks each side has won and the target as
its own fields."""

from __future__ import annotations

from typing import Any

from tricktable.actions import CoreKind
from tricktable.core import Game, SeatView
from tricktable.games.encoding import Encoder, Encoding, action_space, card_universe
from tricktable.games.plain_whist.facts import PlainWhistFacts

CARDS = card_universe(2)


def extras(view: SeatView) -> list[float]:
    facts = view.facts(PlainWhistFacts)
    mine = view.seat % 2
    return [float(facts.tricks_won[mine]), float(facts.tricks_won[1 - mine]), float(facts.target)]


def encoder(game: Game[Any]) -> Encoder:
    """Plain whist's encoder for ``game``."""
    return Encoder(
        game,
        Encoding(
            cards=CARDS,
            actions=action_space(CARDS, (CoreKind.PLAY,)),
            max_decisions=52,
            extra_names=("tricks_won_own_side", "tricks_won_other_side", "target"),
            extras=extras,
        ),
    )
