"""Learned bidding in Romanian whist and Oh Hell (``tricktable.games.romanian_whist.learned``)."""

from __future__ import annotations

import random

from tricktable.cards import parse_cards
from tricktable.core import Deal, SeatView, State
from tricktable.games import load_game, spec_of
from tricktable.games.romanian_whist.facts import WhistFacts
from tricktable.games.romanian_whist.learned import FEATURES, LEARNED, bid_features

OH_HELL = "romanian_whist(preset=oh_hell,hand_size=7)"
OWN = parse_cards("AS KS 7S AH 9D 4C 2C")
TURNED = parse_cards("5H")[0]


def dealt_to_seat_two(order: int, own: list[int] = OWN) -> State:
    """An Oh Hell deal where seat 2 holds ``own`` and the others share the rest, their hands
    drawn by ``order``; the bids of the seats before seat 2 made."""
    game = load_game(OH_HELL, players=4)
    state = game.new_state(0)
    rest = [card for card in game.deck if card not in own and card != TURNED]
    random.Random(order).shuffle(rest)
    hands = [tuple(rest[0:7]), tuple(rest[7:14]), tuple(own), tuple(rest[14:21])]
    state.deal(Deal(tuple(hands), TURNED, tuple(rest[21:])))
    while state.current_player != 2:
        state.apply_text("bid 1")
    return state


def test_the_features_read_only_the_seats_view() -> None:
    """Other hands and the stock differ, the view does not: neither do the features or the
    values; and a view read back from the wire gives the same."""
    first, second = dealt_to_seat_two(1), dealt_to_seat_two(2)
    assert first.hands != second.hands  # type: ignore[attr-defined]
    assert first.hands[2] == second.hands[2]  # type: ignore[attr-defined]
    game = first.game
    view = first.view(2)
    assert view == second.view(2)
    features = bid_features(game, view)
    assert len(features) == FEATURES
    assert bid_features(game, second.view(2)) == features
    wire = SeatView.from_json(view.to_json(), WhistFacts)
    assert bid_features(game, wire) == features
    assert LEARNED.values(game, wire) == LEARNED.values(game, second.view(2))


def test_the_features_follow_what_the_seat_sees() -> None:
    state = dealt_to_seat_two(1)
    game = state.game
    before = bid_features(game, state.view(2))
    weaker = dealt_to_seat_two(1, [*parse_cards("8S"), *OWN[1:]])  # the ace of spades gone
    after = bid_features(game, weaker.view(2))
    assert after != before
    assert LEARNED.values(game, weaker.view(2)) != LEARNED.values(game, state.view(2))


def test_the_shipped_model_values_every_legal_bid() -> None:
    state = dealt_to_seat_two(3)
    view = state.view(2)
    values = LEARNED.values(state.game, view)
    assert values is not None and sorted(values) == sorted(view.legal)
    model = LEARNED.model
    assert model.inputs == len(LEARNED.inputs(bid_features(state.game, view), "bid 0"))
    assert model.outcomes == 13  # Oh Hell's largest hand, 12 cards, and none
    # a strong hand is worth more bidding its strength than bidding nothing
    assert values["bid 3"] > values["bid 0"]


def test_bids_the_seat_cannot_see_are_left_to_the_sampled_valuation() -> None:
    game = load_game("romanian_whist(forehead=last)", players=4)
    state = game.new_match(random.Random(2))
    seen = 0
    while not state.is_terminal():
        if state.is_chance():
            state.deal_random(random.Random(len(state.deals)))
            continue
        view = state.view(state.current_player)
        facts = view.facts(WhistFacts)
        if view.phase == "bid" and facts.own_hand_hidden:
            assert not LEARNED.applies(game, view) and LEARNED.values(game, view) is None
            seen += 1
        state.apply(state.legal_actions()[0])
    assert seen > 0


def test_the_spec_finds_the_learned_part_by_convention() -> None:
    assert spec_of("romanian_whist").learned is not None
    assert spec_of("romanian_whist").learned.load() is LEARNED  # type: ignore[union-attr]
