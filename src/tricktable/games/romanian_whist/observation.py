"""Romanian whist's observation encoding (``tricktable.games.encoding``; docs/rl.md): the
cards of every deck option (the ``1`` ranks of seven players' jokers too), bids up to the
largest hand a player count allows, and the bids, the schedule and the cards on the
others' foreheads among its own fields."""

from __future__ import annotations

from typing import Any

from tricktable.actions import CoreKind
from tricktable.cards import card_name
from tricktable.core import Game, SeatView
from tricktable.games.encoding import (
    Encoder,
    Encoding,
    action_space,
    card_universe,
    per_seat,
    seat_names,
)
from tricktable.games.romanian_whist.facts import WhistFacts

CARDS = card_universe(1)
INDEX = {card: i for i, card in enumerate(CARDS)}


def largest_hand(players: int) -> int:
    """The most cards a seat can hold with ``players`` seats (the full deck shared out)."""
    return len(CARDS) // players


def extras(view: SeatView) -> list[float]:
    facts = view.facts(WhistFacts)
    forehead = [0.0] * (view.players * len(CARDS))
    for seat, card in facts.forehead:
        forehead[(seat - view.seat) % view.players * len(CARDS) + INDEX[card]] = 1.0
    return [
        float(facts.hand_size),
        float(facts.deal_index),
        float(facts.deals_in_schedule),
        float(facts.blind),
        float(facts.hand_count),
        *per_seat(view, facts.bids),
        *forehead,
    ]


def encoder(game: Game[Any]) -> Encoder:
    """Romanian whist's encoder for ``game``."""
    players = game.players
    most = largest_hand(players)
    names = (
        "hand_size",
        "deal_index",
        "deals_in_schedule",
        "blind",
        "hand_count",
        *seat_names("bid", players),
        *(f"forehead_{seat}_{card_name(card)}" for seat in range(players) for card in CARDS),
    )
    return Encoder(
        game,
        Encoding(
            cards=CARDS,
            actions=action_space(CARDS, (CoreKind.PLAY,), bids=range(most + 1)),
            max_decisions=players * (most + 1),
            extra_names=names,
            extras=extras,
        ),
    )
