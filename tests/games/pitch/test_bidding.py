"""Pitch's bids by sampled worlds (``games.pitch.bidding``): every legal bid valued, a
bid that cannot be made valued below a pass, and a world's play shared by the bids that
leave the same pitcher."""

from __future__ import annotations

import random

from tricktable.bots import make_bot
from tricktable.cards import parse_cards
from tricktable.core import Deal
from tricktable.games.pitch import bidding, search
from tricktable.games.pitch.engine import Pitch
from tricktable.testing import dealt_match


def test_every_legal_bid_is_valued() -> None:
    state = dealt_match("pitch(smudge=true)", 4)
    view = state.view(state.current_player)
    values = bidding.bid_values(state.game, view, random.Random(2), 4)
    assert sorted(values) == sorted(view.legal)


def test_the_first_lead_is_valued_and_the_rest_of_the_play_is_not() -> None:
    state = dealt_match("pitch", 4)
    while state.phase.name == "BID":
        state.apply(state.legal_actions()[0])
    view = state.view(state.current_player)
    values = bidding.evaluate(state.game, view, random.Random(1), 3)
    assert values is not None and sorted(values) == sorted(view.legal)  # it makes trump
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


def test_the_last_tricks_are_valued_for_the_bid() -> None:
    # the pitcher's side short of its bid loses the bid; a defender gains by it
    assert search.deal_value([1, 3], makers=0, bid=2, mine=0) == -2 - 3
    assert search.deal_value([1, 3], makers=0, bid=2, mine=1) == 3 + 2
    assert search.deal_value([4, 0], makers=0, bid=search.SMUDGE, mine=0) == 4
    assert search.deal_value([3, 1], makers=0, bid=search.SMUDGE, mine=0) == -4 - 1


def test_the_solver_values_a_late_position_in_points() -> None:
    from tricktable.games.all_fours_family.valuation import UTILITY_SCALE, point_cards
    from tricktable.search.position import position_from
    from tricktable.search.resample import resample
    from tricktable.search.solver import Solver

    rng = random.Random(4)
    state = dealt_match("pitch", 6)
    while not state.is_terminal() and not (
        state.phase.name == "PLAY" and len(state.completed) == 4 and not state.trick
    ):
        if state.is_chance():
            state.deal_random(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
    view = state.view(state.current_player)
    value = search.SEARCH.play_value(state.game, view)
    assert isinstance(value, search.BidValue)
    pos = position_from(state.game, view, resample(state.game, view, rng))
    value.prepare(pos)
    utilities = point_cards(pos.valuation).utilities
    assert len(utilities) == 12
    assert all(0 <= u <= UTILITY_SCALE for u in utilities)
    assert -8 <= value.worth(Solver(pos).solve()) <= 8
