"""Euchre's observation encoding (``tricktable.games.encoding``; docs/rl.md): the cards of
every deck option and the Benny, every word of every preset, and the lone defender and the
target among its own fields."""

from __future__ import annotations

from typing import Any

from tricktable.actions import ActionKind
from tricktable.core import Game, SeatView
from tricktable.games.encoding import Encoder, Encoding, action_space, card_universe, seat_one_hot
from tricktable.games.euchre.engine import HAND_SIZE
from tricktable.games.euchre.facts import EuchreFacts
from tricktable.games.euchre_family.observation import (
    UPCARD_EXTRAS,
    UPCARD_WORDS,
    most_decisions,
    upcard_extras,
)

CARDS = card_universe(2, joker=True)
WORDS = (
    *UPCARD_WORDS,
    ActionKind.BLIND_ALONE,
    ActionKind.ACE_NO_FACE,
    ActionKind.FARMERS_HAND,
    ActionKind.SCORE,
    ActionKind.SET_BACK,
    ActionKind.CALL_RENEGE,
    ActionKind.CONCEDE,
)


def extras(view: SeatView) -> list[float]:
    facts = view.facts(EuchreFacts)
    target = 0.0 if facts.target is None else float(facts.target)
    return [*upcard_extras(view), *seat_one_hot(view, facts.lone_defender), target]


def encoder(game: Game[Any]) -> Encoder:
    """Euchre's encoder for ``game``."""
    names = (*UPCARD_EXTRAS, *(f"lone_defender_{seat}" for seat in range(game.players)), "target")
    return Encoder(
        game,
        Encoding(
            cards=CARDS,
            actions=action_space(
                CARDS,
                (ActionKind.PLAY, ActionKind.DISCARD),
                WORDS,
                (ActionKind.CALL, ActionKind.CALL_ALONE, ActionKind.NAME),
            ),
            max_decisions=most_decisions(game.players, HAND_SIZE),
            extra_names=names,
            extras=extras,
        ),
    )
