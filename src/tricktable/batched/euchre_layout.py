"""The batched euchre's layout without JAX: its deck, action space, observation fields and
the rules it plays, shared by ``batched.euchre`` (the game over JAX arrays) and
``batched.policy`` (a trained network at the engine's tables, which needs no JAX to play).

>>> ACTION_NAMES[ORDER], OBSERVATION_SIZE == sum(size for _, size in OBSERVATION_FIELDS)
('order', True)
"""

from __future__ import annotations

import dataclasses
from enum import IntEnum
from typing import Any

from tricktable.actions import CoreKind, make_action
from tricktable.batched.options import refuse_unplayed
from tricktable.cards import SUIT_LETTERS, card_name, make_card
from tricktable.errors import RuleError
from tricktable.games.euchre_family.verbs import FamilyKind

SEATS = 4
CARDS = 24
"""The 24-card deck, indexed ``suit * 6 + rank - 9`` (suits as ``tricktable.cards``)."""
HAND = 5
TRICKS = 5

PLAY = 0
"""``PLAY + card``: play the card (index in the 24-card deck)."""
DISCARD = 24
"""``DISCARD + card``: the dealer discards the card."""
PASS = 48
ORDER = 49
ORDER_ALONE = 50
ALONE = 51
CALL = 52
"""``CALL + suit``: call the suit trump in the second round."""
CALL_ALONE = 56
"""``CALL_ALONE + suit``: call it and go alone."""
NUM_ACTIONS = 60


def engine_card(card: int) -> int:
    """The ``tricktable.cards`` card of an index of the 24-card deck (a NumPy integer taken
    as a plain one, which the compiled engine requires).

    >>> card_name(engine_card(0)), card_name(engine_card(23))
    ('9S', 'AC')
    """
    index = int(card)
    return make_card(index // 6, 9 + index % 6)


def _engine_actions() -> tuple[int, ...]:
    plays = [engine_card(card) for card in range(CARDS)]
    discards = [make_action(CoreKind.DISCARD, engine_card(card)) for card in range(CARDS)]
    words = [
        make_action(kind)
        for kind in (CoreKind.PASS, FamilyKind.ORDER, FamilyKind.ORDER_ALONE, FamilyKind.ALONE)
    ]
    calls = [make_action(FamilyKind.CALL, suit) for suit in range(4)]
    lone_calls = [make_action(FamilyKind.CALL_ALONE, suit) for suit in range(4)]
    return (*plays, *discards, *words, *calls, *lone_calls)


ENGINE_ACTIONS: tuple[int, ...] = _engine_actions()
"""The engine's action (``tricktable.actions``) at each index of the action space."""
ACTION_NAMES: tuple[str, ...] = (
    *(f"play {card_name(engine_card(c))}" for c in range(CARDS)),
    *(f"discard {card_name(engine_card(c))}" for c in range(CARDS)),
    "pass",
    "order",
    "order alone",
    "alone",
    *(f"call {letter}" for letter in SUIT_LETTERS),
    *(f"call {letter} alone" for letter in SUIT_LETTERS),
)
"""Each index of the action space as the engine's canonical text."""

TO_GO = 10
"""The points still needed are observed one-hot up to this many (this many or more)."""
OBSERVATION_FIELDS: tuple[tuple[str, int], ...] = (
    ("hand", CARDS),
    ("upcard", CARDS),
    ("phase", 5),
    ("dealer", SEATS),
    ("maker", SEATS),
    ("trump", 4),
    ("alone", 1),
    ("sitting_out", SEATS),
    ("own_discard", CARDS),
    ("trick", SEATS * CARDS),
    ("played", CARDS),
    ("leader", SEATS),
    ("tricks_mine", TRICKS + 1),
    ("tricks_theirs", TRICKS + 1),
    ("to_go_mine", TO_GO),
    ("to_go_theirs", TO_GO),
)
"""The observation's fields in order, with their sizes; seats are counted from the acting
seat (0 itself, 1 on its left ...), cards by their index, tricks won by each side one-hot,
and in a match to a target the points each side still needs (1 to 9, or 10 and more)."""
OBSERVATION_SIZE = sum(size for _, size in OBSERVATION_FIELDS)


class Phase(IntEnum):
    """Where a hand stands."""

    BID1 = 0
    DISCARD = 1
    BID2 = 2
    ALONE = 3
    PLAY = 4
    OVER = 5


@dataclasses.dataclass(frozen=True)
class BatchedRules:
    """The options the batched hand plays (static: each set of them compiles apart)."""

    stick_the_dealer: bool = True
    alone_with_bid: bool = False
    """Going alone is part of the bid (else asked of the maker after the discard)."""
    dealer_may_discard_upcard: bool = False
    canadian_loner: bool = False
    """In round 1 the dealer's partner may only pass or order alone."""
    target: int | None = None
    """Points to win the match; ``None``: a single hand."""
    make_points: int = 1
    march_points: int = 2
    lone_march_points: int = 4
    euchre_points: int = 2
    lone_euchre_points: int = 2


PLAYED_AS_IS = {
    "preset",
    "packets",
    "stick_the_dealer",
    "alone_timing",
    "dealer_may_discard_upcard",
    "dealer_partner_must_go_alone",
    "make_points",
    "march_points",
    "lone_march_points",
    "euchre_points",
    "lone_euchre_points",
    "target",
}
"""Engine options the batched hand plays (a uniformly shuffled deck dealt in packets of 3-2 or
2-3 is the same deal); every other option must keep its default (``first_dealer`` random:
the dealer is drawn from the key)."""


def batched_rules(spec: str) -> BatchedRules:
    """The batched options of an engine rule string, refusing what is not played.

    >>> batched_rules("euchre(preset=tournament, target=null)").alone_with_bid
    True
    >>> batched_rules("euchre(preset=north_american)").target
    10
    >>> batched_rules("euchre(preset=north_american, farmers_hand=true)")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tricktable.errors.RuleError: the batched euchre does not play option 'farmers_hand' = ...
    """
    from tricktable.games import load_game

    game = load_game(spec)
    rules: Any = game.rules
    refuse_unplayed(rules, PLAYED_AS_IS, game.name)
    with_bid = rules.alone_timing == "with_bid"
    if rules.dealer_partner_must_go_alone and not with_bid:
        raise RuleError(
            "the batched euchre plays the Canadian loner only with alone_timing=with_bid"
        )
    return BatchedRules(
        stick_the_dealer=rules.stick_the_dealer,
        alone_with_bid=with_bid,
        dealer_may_discard_upcard=rules.dealer_may_discard_upcard,
        canadian_loner=rules.dealer_partner_must_go_alone,
        target=rules.target,
        make_points=rules.make_points,
        march_points=rules.march_points,
        lone_march_points=rules.lone_march_points,
        euchre_points=rules.euchre_points,
        lone_euchre_points=rules.lone_euchre_points,
    )
