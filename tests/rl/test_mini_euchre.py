"""The research game ``tricktable_mini_euchre``: OpenSpiel's random simulation test, its
rules on chosen deals, and OpenSpiel's CFR+ bringing its exploitability down."""

from __future__ import annotations

from typing import Any

import pyspiel
import pytest
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, exploitability

from tricktable.cards import card_name, parse_card, parse_cards
from tricktable.errors import RuleError
from tricktable.rl.mini_euchre import CARD_ACTIONS, MAKE, PASS, deals_of, deck_of

CFR_ITERATIONS = 20
CFR_BOUND = 0.01
"""The exploitability (points a deal) CFR+'s average policy stays under after
``CFR_ITERATIONS`` iterations on ``hand_size=1``; the uniform policy's is 0.625."""


def load(hand_size: int) -> Any:
    return pyspiel.load_game(f"tricktable_mini_euchre(hand_size={hand_size})")


@pytest.mark.parametrize("hand_size", [1, 2, 3])
def test_random_simulations_pass_with_serialization(hand_size: int) -> None:
    pyspiel.random_sim_test(load(hand_size), num_sims=5, serialize=True, verbose=False)


def test_the_deck_is_the_jack_and_highest_ranks_of_the_black_suits() -> None:
    assert [card_name(card) for card in deck_of(3)] == [
        "JS",
        "QS",
        "KS",
        "AS",
        "JC",
        "QC",
        "KC",
        "AC",
    ]


@pytest.mark.parametrize("hand_size", [0, 4])
def test_an_unoffered_hand_size_is_refused_with_the_allowed_ones(hand_size: int) -> None:
    with pytest.raises(RuleError, match=f"hand_size cannot be {hand_size}; allowed: 1, 2, 3"):
        load(hand_size)


def start(hand_size: int, eldest: str, dealer: str, up: str) -> Any:
    """A state dealt the given hands and up-card."""
    wanted = (tuple(parse_cards(eldest)), tuple(parse_cards(dealer)), parse_card(up))
    deals = [(tuple(sorted(e)), tuple(sorted(d)), u) for e, d, u in deals_of(hand_size)]
    key = (tuple(sorted(wanted[0])), tuple(sorted(wanted[1])), wanted[2])
    state = load(hand_size).new_initial_state()
    state.apply_action(deals.index(key))
    return state


def card(state: Any, name: str) -> int:
    return CARD_ACTIONS + deck_of(state.get_game().get_parameters()["hand_size"]).index(
        parse_card(name)
    )


def test_the_left_bower_follows_trump_and_a_euchred_maker_loses_two() -> None:
    state = start(2, "JS AS", "JC KC", "KS")
    state.apply_action(MAKE)  # eldest orders spades: the dealer takes KS up
    assert state.current_player() == 1
    assert sorted(state.legal_actions()) == sorted(card(state, c) for c in ("JC", "KC", "KS"))
    state.apply_action(card(state, "KC"))
    state.apply_action(card(state, "AS"))  # a spade led: JC is the left bower, a spade
    assert sorted(state.legal_actions()) == sorted(card(state, c) for c in ("JC", "KS"))
    state.apply_action(card(state, "JC"))  # the left bower wins; the dealer leads
    assert state.current_player() == 1
    state.apply_action(card(state, "KS"))
    state.apply_action(card(state, "JS"))
    assert state.is_terminal()
    assert state.returns() == [-2.0, 2.0]  # the maker took one trick of two: euchred


def test_the_dealer_euchred_and_two_passes_score_nothing() -> None:
    state = start(3, "JS AS QC", "KC JC KS", "QS")
    state.apply_action(PASS)
    state.apply_action(MAKE)  # the dealer takes QS: spades
    state.apply_action(card(state, "KC"))
    for name in ("AS", "KS", "JS", "QS"):  # JS (right bower) beats QS; AS beat KS
        state.apply_action(card(state, name))
    assert state.current_player() == 0
    state.apply_action(card(state, "QC"))
    assert state.legal_actions() == [card(state, "JC")]  # the left bower is no club
    state.apply_action(card(state, "JC"))
    assert state.returns() == [2.0, -2.0]  # the dealer made spades with one trick: euchred
    passed = start(3, "JS AS QC", "KC JC KS", "QS")
    passed.apply_action(PASS)
    passed.apply_action(PASS)
    assert passed.is_terminal() and passed.returns() == [0.0, 0.0]


def test_a_march_scores_two_and_most_tricks_one() -> None:
    march = start(2, "JS JC", "AS KC", "KS")
    march.apply_action(MAKE)
    march.apply_action(card(march, "KC"))
    for name in ("JS", "KS", "JC", "AS"):  # the right bower, then the left, win
        march.apply_action(card(march, name))
    assert march.is_terminal() and march.returns() == [2.0, -2.0]
    most = start(3, "JS JC AC", "AS KS QC", "QS")
    most.apply_action(MAKE)
    most.apply_action(card(most, "QC"))
    for name in ("JS", "KS", "JC", "QS", "AC", "AS"):  # AS trumps the last trick
        most.apply_action(card(most, name))
    assert most.is_terminal() and most.returns() == [1.0, -1.0]


def test_the_information_state_hides_the_other_hand_and_the_discard() -> None:
    state = start(2, "JS AS", "JC KC", "KS")
    state.apply_action(MAKE)
    state.apply_action(card(state, "KC"))
    eldest, dealer = state.information_state_string(0), state.information_state_string(1)
    assert "JC" not in eldest and "KC" not in eldest
    assert "discard KC" in dealer and "AS" not in dealer


def test_cfr_plus_brings_the_exploitability_under_the_bound() -> None:
    game = load(1)
    uniform = exploitability.exploitability(game, policy.UniformRandomPolicy(game))
    assert uniform > 50 * CFR_BOUND
    solver = cfr.CFRPlusSolver(game)
    for _ in range(CFR_ITERATIONS):
        solver.evaluate_and_update_policy()
    average = solver.average_policy()
    found = exploitability.exploitability(game, average)
    assert found < CFR_BOUND
    # OpenSpiel's C++ best response agrees with its Python one on the same policy.
    cpp_policy = pyspiel.TabularPolicy(average.to_dict())
    assert pyspiel.exploitability(game, cpp_policy) == pytest.approx(found, abs=1e-9)
