"""Pitch's bids by sampled worlds (``games.pitch.bidding``): every legal bid valued, a
bid that cannot be made valued below a pass, and a world's play shared by the bids that
leave the same pitcher."""

from __future__ import annotations

import random

from tricktable.bots import make_bot
from tricktable.cards import parse_cards
from tricktable.core import Deal
from tricktable.games.pitch import bidding
from tricktable.games.pitch.engine import Pitch
from tricktable.testing import dealt_match


def test_every_legal_bid_is_valued() -> None:
    state = dealt_match("pitch(smudge=true)", 4)
    view = state.view(state.current_player)
    values = bidding.bid_values(state.game, view, random.Random(2), 4)
    assert sorted(values) == sorted(view.legal)


def test_no_values_outside_the_bidding() -> None:
    state = dealt_match("pitch", 4)
    while state.phase.name == "BID":
        state.apply(state.legal_actions()[0])
    view = state.view(state.current_player)
    assert bidding.evaluate(state.game, view, random.Random(1), 20) is None


def test_a_hopeless_high_bid_is_worth_less_than_a_pass() -> None:
    game = Pitch.from_spec({}, 2)
    state = game.new_state(1)
    hands = (tuple(parse_cards("3S 7H 9D 8C 5D 6C")), tuple(parse_cards("AS KS QS JS TS 2S")))
    state.deal(Deal(hands, None, ()))
    values = bidding.bid_values(game, state.view(0), random.Random(3), 6)
    assert values["bid 4"] < values["pass"]


def test_hard_bids_with_the_evaluator() -> None:
    state = dealt_match("pitch", 4)
    seat = state.current_player
    bot = make_bot("hard", state.game, seat)
    assert bot.choose(state.view(seat), random.Random(5)) in state.legal_texts()
