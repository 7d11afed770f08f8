"""Bid euchre's observation encoding (``tricktable.games.encoding``; docs/rl.md): the
contract, the bids, the stay-or-drop decisions and the sets among its own fields; in the
partnership form the bids (numbers, shoot, alone), the lone bid, the card passed to a maker
who shoots (where the seat sees it) and the options the bidding needs.

>>> import random
>>> from tricktable.games import load_game
>>> game = load_game("bid_euchre(preset=partnership)")
>>> state = game.new_state(first_dealer=3)
>>> state.deal_random(random.Random(1))
>>> coder = encoder(game)
>>> [coder.action_text(i) for i, legal in enumerate(coder.action_mask(state.view(0))) if legal]
['pass', 'bid shoot', 'bid alone', 'bid 3', 'bid 4', 'bid 5', 'bid 6']
"""

from __future__ import annotations

from typing import Any

from tricktable.actions import ActionKind, CoreKind
from tricktable.cards import card_name
from tricktable.core import Game, SeatView
from tricktable.games.bid_euchre.engine import DECK_SIZE
from tricktable.games.bid_euchre.facts import (
    ALONE,
    HIGH,
    LOW,
    SHOOT,
    BidEuchreFacts,
    PartnershipFacts,
)
from tricktable.games.bid_euchre.partnership import TRICKS as PARTNERSHIP_TRICKS
from tricktable.games.bid_euchre.partnership import PartnershipBidEuchre
from tricktable.games.bid_euchre.verbs import BidEuchreKind
from tricktable.games.encoding import (
    Encoder,
    Encoding,
    Extras,
    action_space,
    card_universe,
    per_seat,
    seat_names,
    seat_one_hot,
)
from tricktable.games.euchre_family.observation import most_decisions
from tricktable.games.euchre_family.verbs import FamilyKind

CARDS = card_universe(9)


def extras(view: SeatView) -> list[float]:
    facts = view.facts(BidEuchreFacts)
    stays = [None if d is None else float(d == "stay") for d in facts.decisions]
    high_bid = -1.0 if facts.high_bid is None else float(facts.high_bid)
    return [
        float(facts.contract == "high"),
        float(facts.contract == "low"),
        float(facts.hand_size),
        *per_seat(view, facts.bids),
        high_bid,
        *seat_one_hot(view, facts.bidder),
        *per_seat(view, stays),
        *per_seat(view, facts.sets),
        float(facts.start_score),
        float(facts.set_points),
    ]


def encoder(game: Game[Any]) -> Encoder:
    """Bid euchre's encoder for ``game`` (its form's)."""
    if isinstance(game, PartnershipBidEuchre):
        return partnership_encoder(game)
    hand_size = DECK_SIZE // game.players
    players = game.players
    names = (
        "contract_high",
        "contract_low",
        "hand_size",
        *seat_names("bid", players),
        "high_bid",
        *seat_names("bidder", players),
        *seat_names("stays", players),
        *seat_names("sets", players),
        "start_score",
        "set_points",
    )
    return _bidding_encoder(
        game,
        (CoreKind.PLAY,),
        (BidEuchreKind.STAY, BidEuchreKind.DROP),
        range(hand_size + 1),
        hand_size,
        extra_names=names,
        extras=extras,
    )


def _bidding_encoder(
    game: Game[Any],
    card_kinds: tuple[ActionKind, ...],
    words: tuple[ActionKind, ...],
    bids: range,
    tricks: int,
    *,
    extra_names: tuple[str, ...],
    extras: Extras,
) -> Encoder:
    """A form's encoder over ``CARDS``: ``card_kinds`` over every card, passing, the form's
    ``words``, high and low, naming a suit, then the ``bids``; room for a deal of ``tricks``
    tricks; its extra fields ``extra_names``, filled by ``extras``."""
    return Encoder(
        game,
        Encoding(
            cards=CARDS,
            actions=action_space(
                CARDS,
                card_kinds,
                (CoreKind.PASS, *words, BidEuchreKind.HIGH, BidEuchreKind.LOW),
                (FamilyKind.NAME,),
                bids,
            ),
            max_decisions=most_decisions(game.players, tricks),
            extra_names=extra_names,
            extras=extras,
        ),
    )


LONE_VALUES = {SHOOT: 7.0, ALONE: 8.0}
"""The partnership bids above 6, as numbers (their ranks)."""


def _bid_number(bid: int | str | None) -> float | None:
    """A partnership bid as a number: its tricks, 7 for shoot, 8 for alone."""
    if bid is None:
        return None
    return float(bid) if isinstance(bid, int) else LONE_VALUES[bid]


def partnership_extras(view: SeatView) -> list[float]:
    facts = view.facts(PartnershipFacts)
    passed = [0.0] * len(CARDS)
    if facts.passed is not None:
        passed[CARDS.index(facts.passed)] = 1.0
    return [
        float(facts.contract == HIGH),
        float(facts.contract == LOW),
        *per_seat(view, [_bid_number(bid) for bid in facts.bids]),
        _bid_number(facts.high_bid) or -1.0,
        *seat_one_hot(view, facts.bidder),
        float(facts.lone == SHOOT),
        float(facts.lone == ALONE),
        *passed,
        float(facts.min_bid),
        float(facts.no_trump),
        -1.0 if facts.target is None else float(facts.target),
    ]


def partnership_encoder(game: Game[Any]) -> Encoder:
    """The partnership form's encoder: play, give and discard any card, the bids from 1 to
    6, shoot and alone, naming a suit, high and low."""
    players = game.players
    names = (
        "contract_high",
        "contract_low",
        *seat_names("bid", players),
        "high_bid",
        *seat_names("bidder", players),
        "lone_shoot",
        "lone_alone",
        *(f"passed_{card_name(card)}" for card in CARDS),
        "min_bid",
        "no_trump",
        "target",
    )
    return _bidding_encoder(
        game,
        (CoreKind.PLAY, BidEuchreKind.GIVE_CARD, CoreKind.DISCARD),
        (BidEuchreKind.BID_SHOOT, BidEuchreKind.BID_ALONE),
        range(1, PARTNERSHIP_TRICKS + 1),
        PARTNERSHIP_TRICKS,
        extra_names=names,
        extras=partnership_extras,
    )
