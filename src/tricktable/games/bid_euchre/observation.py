"""Bid euchre's observation encoding (``tricktable.games.encoding``; docs/rl.md): the
contract, the bids, the stay-or-drop decisions and the sets among its own fields."""

from __future__ import annotations

from typing import Any

from tricktable.actions import ActionKind
from tricktable.core import Game, SeatView
from tricktable.games.bid_euchre.engine import DECK_SIZE
from tricktable.games.bid_euchre.facts import BidEuchreFacts
from tricktable.games.encoding import (
    Encoder,
    Encoding,
    action_space,
    card_universe,
    per_seat,
    seat_names,
    seat_one_hot,
)
from tricktable.games.euchre_family.observation import most_decisions

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
    """Bid euchre's encoder for ``game``."""
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
    return Encoder(
        game,
        Encoding(
            cards=CARDS,
            actions=action_space(
                CARDS,
                (ActionKind.PLAY,),
                (
                    ActionKind.PASS,
                    ActionKind.STAY,
                    ActionKind.DROP,
                    ActionKind.HIGH,
                    ActionKind.LOW,
                ),
                (ActionKind.NAME,),
                range(hand_size + 1),
            ),
            max_decisions=most_decisions(players, hand_size),
            extra_names=names,
            extras=extras,
        ),
    )
