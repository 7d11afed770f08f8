"""What the euchre games' observation encodings share (``tricktable.games.encoding``): the
words of their bidding, the up-card's fields, a bound on a deal's decisions, and the up-card
variants' encoder."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.actions import ActionKind, CoreKind
from tricktable.cards import Card
from tricktable.core import Game, SeatView
from tricktable.games.encoding import Encoder, Encoding, Extras, action_space
from tricktable.games.euchre_family.facts import UpCardFacts
from tricktable.games.euchre_family.verbs import FamilyKind

UPCARD_WORDS = (
    CoreKind.PASS,
    FamilyKind.ORDER,
    FamilyKind.ORDER_ALONE,
    FamilyKind.TAKE_OVER,
    FamilyKind.DEFEND_ALONE,
    FamilyKind.ALONE,
)
"""The words of making trump on an up-card (each variant adds its own)."""

UPCARD_EXTRAS = ("turned_down", "dealer_took_up")
"""The extra fields every up-card variant starts with."""


def upcard_extras(view: SeatView) -> list[float]:
    """Whether the up-card was turned down, and whether the dealer took it up."""
    facts = view.facts(UpCardFacts)
    return [float(facts.turned_down), float(facts.dealer_took_up)]


def most_decisions(players: int, hand_size: int) -> int:
    """A bound on one deal's decisions: every card played, two making rounds, and room for
    the going alone, discards, exchanges and concessions around them."""
    return players * hand_size + 4 * players + 16


def upcard_encoder(
    game: Game[Any],
    cards: tuple[Card, ...],
    hand_size: int,
    *,
    words: Sequence[ActionKind] = (),
    suit_kinds: Sequence[ActionKind] = (FamilyKind.CALL, FamilyKind.CALL_ALONE),
    extra_names: Sequence[str],
    extras: Extras,
) -> Encoder:
    """An up-card variant's encoder: playing and discarding any of ``cards``, the up-card's
    words then the variant's own ``words``, ``suit_kinds`` over the suits, room for a deal of
    ``hand_size`` cards a seat; its extra fields are the up-card's then the variant's own
    (``extra_names``, filled by ``extras``)."""

    def all_extras(view: SeatView) -> list[float]:
        return [*upcard_extras(view), *extras(view)]

    return Encoder(
        game,
        Encoding(
            cards=cards,
            actions=action_space(
                cards, (CoreKind.PLAY, CoreKind.DISCARD), (*UPCARD_WORDS, *words), suit_kinds
            ),
            max_decisions=most_decisions(game.players, hand_size),
            extra_names=(*UPCARD_EXTRAS, *extra_names),
            extras=all_extras,
        ),
    )
