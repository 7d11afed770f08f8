"""The individual form's bids, naming of trump and stay or drop by sampled worlds
(``games.bid_euchre.bidding``)."""

from __future__ import annotations

import random

from tricktable.core import Deal
from tricktable.games import load_game
from tricktable.games.bid_euchre.bidding import evaluate, individual_candidates


def test_every_decision_before_the_play_is_valued() -> None:
    for players in (3, 4):
        game = load_game("bid_euchre", players=players)
        state = game.new_match(random.Random(players))
        state.deal_random(random.Random(players))
        phases: set[str] = set()
        while state.phase.name != "PLAY":
            view = state.view(state.current_player)
            values = evaluate(game, view, random.Random(1), 3)
            assert values is not None
            assert set(values) == set(individual_candidates(game, view)) <= set(view.legal)
            phases.add(view.phase)
            state.apply_text(max(values, key=lambda text: values[text]))
        assert phases == {"bid", "name", "stay"}


def test_the_candidates_hold_pass_and_the_heuristics_bid() -> None:
    game = load_game("bid_euchre", players=4)
    state = game.new_state(first_dealer=3)
    state.deal_random(random.Random(2))
    view = state.view(state.current_player)
    chosen = individual_candidates(game, view)
    assert "pass" in chosen and "bid 1" in chosen
    assert len(chosen) < len(view.legal)


def test_the_values_read_only_the_seats_view() -> None:
    game = load_game("bid_euchre", players=4)
    first = game.new_state(first_dealer=3)
    first.deal_random(random.Random(9))
    dealt = first.deals[-1]
    hands = list(dealt.hands)
    hands[1], hands[2] = hands[2], hands[1]
    second = game.new_state(first_dealer=3)
    second.deal(Deal(tuple(hands), dealt.turned, dealt.stock))
    assert first.view(0) == second.view(0)
    assert evaluate(game, first.view(0), random.Random(4), 5) == evaluate(
        game, second.view(0), random.Random(4), 5
    )
