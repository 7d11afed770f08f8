"""Three-handed Euchre (RULES.md 1.10): each rule and option on fixed deals."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tricktable.cards import cards_of, mask_of, parse_card, parse_cards
from tricktable.core import CHANCE, TERMINAL, Deal
from tricktable.errors import IllegalActionError, RecordError, RuleError
from tricktable.games import load_game
from tricktable.games.three_handed_euchre.engine import (
    DECK,
    ThreeHandedEuchre,
    ThreeHandedEuchreRules,
    ThreeHandedEuchreState,
    is_ace_no_face,
)

# Dealer 2 in most tests: seat 0 is eldest. Up-card 9H.
A_HANDS = ["JH JD AH AS KS 9C TC", "KH QH 9S QS AD KD QD", "TH TS JS 9D TD AC KC"]
A_PLAY = [
    "JH QH 9H", "JD KH TH", "AH 9S 9D", "AS QS JS", "9C QD AC", "KC TC KD", "TD KS AD",
]  # fmt: skip
N_HANDS = ["JH JD KH QH KS QS JS", "AS AH 9S TS 9D TD 9C", "TH 9H AD KD QD JC QC"]


def game(**options: Any) -> ThreeHandedEuchre:
    return ThreeHandedEuchre.from_spec(options)


def make_deal(hands: list[str], turned: str = "9H", stock: str = "JC QC") -> Deal:
    return Deal(
        tuple(tuple(parse_cards(h)) for h in hands), parse_card(turned), tuple(parse_cards(stock))
    )


def state_with(
    hands: list[str] = A_HANDS,
    turned: str = "9H",
    stock: str = "JC QC",
    dealer: int = 2,
    **options: Any,
) -> ThreeHandedEuchreState:
    state = game(**options).new_state(dealer)
    state.deal(make_deal(hands, turned, stock))
    return state


def play_tricks(state: ThreeHandedEuchreState, tricks: list[str]) -> None:
    for trick in tricks:
        for card in trick.split():
            state.apply_text(f"play {card}")


# -- game and options ------------------------------------------------------------------------
def test_presets_and_sides() -> None:
    default = load_game("three_handed_euchre")
    assert isinstance(default, ThreeHandedEuchre)
    assert default.players == 3 and default.sides == [[0], [1], [2]]
    assert default.rules == ThreeHandedEuchreRules()
    assert default.rules.hand_size == 7 and default.rules.target == 10
    assert not default.rules.stick_the_dealer and default.rules.ace_no_face == "off"
    cut = load_game("three_handed_euchre(preset=cutthroat)")
    assert cut.rules.hand_size == 5 and cut.rules_dict() == {"preset": "cutthroat"}
    assert load_game("three_handed_euchre", players=3).players == 3


def test_rules_round_trip_and_errors() -> None:
    g = game(stick_the_dealer=True, ace_no_face="redeal", target=None)
    again = load_game(g.rule_string())
    assert again.rules == g.rules
    with pytest.raises(RuleError, match="3 players"):
        load_game("three_handed_euchre", players=4)
    with pytest.raises(RuleError, match="unknown option 'order_alone'"):
        game(order_alone=True)
    with pytest.raises(RuleError, match="hand_size"):
        game(hand_size=6)
    with pytest.raises(RuleError, match="ace_no_face"):
        game(ace_no_face="exchange")
    with pytest.raises(RuleError, match="packets"):
        game(packets="3-2")  # five cards in a seven-card game
    with pytest.raises(RuleError, match="packets"):
        game(preset="cutthroat", packets="4-3")
    with pytest.raises(RecordError, match=r"0\.\.2"):
        game().new_state(3)


def test_maker_points_tables() -> None:
    seven = ThreeHandedEuchreRules()
    assert [seven.maker_points(n) for n in range(8)] == [0, 0, 0, 0, 1, 1, 2, 4]
    five = ThreeHandedEuchreRules(hand_size=5)
    assert [five.maker_points(n) for n in range(6)] == [0, 0, 0, 1, 1, 2]
    assert (seven.need, five.need) == (4, 3)


# -- the deal ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "first", "second"),
    [
        ({}, 3, 4),
        ({"packets": "4-3"}, 4, 3),
        ({"hand_size": 5}, 3, 2),
        ({"hand_size": 5, "packets": "2-3"}, 2, 3),
    ],
)
def test_random_deal_packets_from_eldest(options: dict[str, Any], first: int, second: int) -> None:
    from tricktable.cards import shuffled

    g = game(**options)
    state = g.new_state(1)  # dealer 1: eldest 2, then 0, then the dealer
    deal = state.random_deal(random.Random(9))
    deck = shuffled(DECK, random.Random(9))
    order = [2, 0, 1]
    position = 0
    expected: dict[int, list[int]] = {seat: [] for seat in order}
    for packet in (first, second):
        for seat in order:
            expected[seat] += deck[position : position + packet]
            position += packet
    assert [list(hand) for hand in deal.hands] == [expected[0], expected[1], expected[2]]
    assert deal.turned == deck[position]
    assert list(deal.stock) == deck[position + 1 :]
    assert len(deal.stock) == 24 - 3 * (first + second) - 1  # 2 with 7 cards, 8 with 5


def test_deal_is_checked() -> None:
    state = game().new_state(2)
    with pytest.raises(RecordError, match="seat 0 holds 5 cards, expected 7"):
        state.deal(make_deal(["JH JD AH AS KS", "KH QH 9S QS AD", "TH TS JS 9D TD"]))
    with pytest.raises(RecordError, match="twice"):
        state.deal(make_deal(A_HANDS, turned="JH"))
    with pytest.raises(RecordError, match="not in this game's deck"):
        state.deal(make_deal(A_HANDS, stock="8C"))
    with pytest.raises(RecordError, match="turned card"):
        state.deal(Deal(make_deal(A_HANDS).hands, None, ()))
    assert state.is_chance() and not state.deals
    state.deal(make_deal(A_HANDS))
    with pytest.raises(RecordError, match="no deal is due"):
        state.deal(make_deal(A_HANDS))


# -- bidding -----------------------------------------------------------------------------------
def test_round_one_from_eldest_without_lone_hands() -> None:
    state = state_with()
    assert state.current_player == 0 and state.legal_texts() == ["order", "pass"]
    with pytest.raises(IllegalActionError, match="no lone hands"):
        state.apply_text("order alone")
    with pytest.raises(IllegalActionError, match="suits are called in round 2"):
        state.apply_text("call S")
    state.apply_text("pass")
    assert state.current_player == 1
    state.apply_text("pass")
    assert state.current_player == 2 and state.legal_texts() == ["order", "pass"]


@pytest.mark.parametrize("orderer", [0, 1, 2])
def test_order_makes_the_dealer_pick_up_and_discard(orderer: int) -> None:
    state = state_with()
    for _ in range(orderer):
        state.apply_text("pass")
    state.apply_text("order")
    assert state.maker == orderer and state.trump == 1  # hearts
    assert state.current_player == 2
    dealer_hand = mask_of(parse_cards(A_HANDS[2] + " 9H"))
    assert state.legal_actions() == [(1 << 7) + card for card in cards_of(dealer_hand)]
    with pytest.raises(IllegalActionError, match="does not hold JH"):
        state.apply_text("discard JH")
    state.apply_text("discard 9H")  # the up-card itself may go
    assert state.current_player == 0  # eldest leads
    assert len(state.view(2).hand) == 7
    assert state.view(2).public.to_json()["own_discards"] == ["9H"]
    assert state.view(0).public.to_json()["own_discards"] == []
    assert (2, "discard") in state.view(0).history and (2, "discard 9H") in state.view(2).history
    assert state.hidden_from(0) & (1 << parse_card("9H")) == 0  # the up-card was seen
    assert state.hidden_from(0) & (1 << parse_card("JC"))  # the kitty is hidden


def test_round_two_never_the_turned_down_suit() -> None:
    state = state_with()
    for _ in range(3):
        state.apply_text("pass")
    assert state.turned_down and state.current_player == 0
    assert state.legal_texts() == ["call C", "call D", "call S", "pass"]
    with pytest.raises(IllegalActionError, match="turned-down suit H"):
        state.apply_text("call H")
    with pytest.raises(IllegalActionError, match="round 2 calls a suit"):
        state.apply_text("order")
    with pytest.raises(IllegalActionError, match="no lone hands"):
        state.apply_text("call S alone")
    state.apply_text("pass")
    state.apply_text("call D")
    assert state.maker == 1 and state.trump == 2
    assert state.current_player == 0  # no pickup after round 2: eldest leads
    assert [len(state.view(s).hand) for s in range(3)] == [7, 7, 7]


def test_all_pass_twice_throws_in_and_the_deal_passes_left() -> None:
    state = state_with()
    for _ in range(6):
        state.apply_text("pass")
    assert state.is_chance() and state.dealer == 0
    summary = state.summaries()[0]
    assert summary.thrown_in and summary.points == [0, 0, 0] and summary.trump is None
    assert summary.makers is None
    state.deal(make_deal(A_HANDS))
    assert state.current_player == 1  # eldest of dealer 0


def test_stick_the_dealer() -> None:
    state = state_with(stick_the_dealer=True)
    for _ in range(5):
        state.apply_text("pass")
    assert state.current_player == 2
    assert state.legal_texts() == ["call C", "call D", "call S"]
    with pytest.raises(IllegalActionError, match="stick the dealer"):
        state.apply_text("pass")
    state.apply_text("call C")
    assert state.maker == 2 and state.current_player == 0


# -- play and scoring ----------------------------------------------------------------------------
def test_follow_suit_with_bowers_and_scoring_a_make() -> None:
    state = state_with()
    state.replay_actions(["order", "discard TS", "play JH"])
    assert state.legal_texts() == ["play KH", "play QH"]
    with pytest.raises(IllegalActionError, match="must follow the led suit H"):
        state.apply_text("play 9S")
    with pytest.raises(IllegalActionError, match="does not hold AC"):
        state.apply_text("play AC")
    state.replay_actions(["play QH", "play 9H"])
    # the left bower JD leads as a trump: seat 1 must play its heart
    state.apply_text("play JD")
    assert state.legal_texts() == ["play KH"]
    state.replay_actions(["play KH", "play TH"])
    play_tricks(state, A_PLAY[2:])
    summary = state.summaries()[0]
    assert summary.tricks == [4, 1, 2] and summary.points == [1, 0, 0]
    assert state.scores() == [1, 0, 0] and state.is_chance() and state.dealer == 0


def test_jack_of_the_same_colour_is_not_its_printed_suit() -> None:
    # Spades led in hearts: JS is a plain spade and must follow spades.
    state = state_with()
    state.replay_actions(["order", "discard TS"])
    play_tricks(state, A_PLAY[:3])
    state.apply_text("play AS")
    state.apply_text("play QS")
    assert state.legal_texts() == ["play JS"]


E_HANDS = ["JH TH 9S TS 9D TD 9C", "JD AH AS KS AD KD TC", "KH QH QS JS QD AC KC"]
E_HEAD = ["JH AH 9H", "TH JD QH", "AS QS 9S", "KS KH TS", "AC 9C TC"]


def test_euchre_defenders_tie_one_point_each() -> None:
    state = state_with(E_HANDS)
    state.replay_actions(["order", "discard JS"])
    play_tricks(state, [*E_HEAD, "KC 9D AD", "QD TD KD"])
    summary = state.summaries()[0]
    assert summary.tricks == [1, 3, 3] and summary.points == [0, 1, 1]
    assert summary.makers == 0 and summary.trump == "H"


def test_euchre_defender_with_more_tricks_scores_two() -> None:
    state = state_with(E_HANDS)
    state.replay_actions(["order", "discard JS"])
    play_tricks(state, [*E_HEAD, "QD 9D AD", "KD KC TD"])
    assert state.summaries()[0].points == [0, 2, 0]


def test_target_reached_and_tied_win() -> None:
    state = state_with(E_HANDS, target=1)
    state.replay_actions(["order", "discard JS"])
    play_tricks(state, [*E_HEAD, "KC 9D AD", "QD TD KD"])
    assert state.is_terminal() and state.current_player == TERMINAL
    assert state.winner() == [1, 2] and state.legal_actions() == []
    single = state_with(E_HANDS, target=None)
    single.replay_actions(["order", "discard JS"])
    play_tricks(single, [*E_HEAD, "QD 9D AD", "KD KC TD"])
    assert single.is_terminal() and single.winner() == 1
    thrown = state_with(target=None)
    thrown.replay_actions(["pass"] * 6)
    assert thrown.is_terminal() and thrown.winner() == [0, 1, 2]


def test_a_match_goes_to_ten_and_the_higher_score_wins() -> None:
    g = game()
    rng = random.Random(5)
    state = g.new_match(rng)
    while not state.is_terminal():
        if state.is_chance():
            state.deal_random(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
    scores = state.scores()
    assert max(scores) >= 10
    winner = state.winner()
    leaders = [s for s in range(3) if scores[s] == max(scores)]
    assert winner == (leaders[0] if len(leaders) == 1 else leaders)


def test_cutthroat_five_cards_nine_card_kitty() -> None:
    hands = ["JS JC AS KS KC", "9S AD KD QD TC", "TS KH QH AC AH"]
    state = state_with(hands, "QS", "9H TH JH 9D TD JD 9C QC", preset="cutthroat")
    state.replay_actions(["order", "discard KH"])
    play_tricks(state, ["JS 9S TS", "JC TC QS", "AS QD QH", "KC KD AC", "AH KS AD"])
    summary = state.summaries()[0]
    assert summary.tricks == [4, 0, 1] and summary.points == [1, 0, 0]
    with pytest.raises(RecordError, match="expected 5"):
        game(hand_size=5).new_state(0).deal(make_deal(A_HANDS))


# -- ace no face ---------------------------------------------------------------------------------
def test_ace_no_face_hands() -> None:
    assert is_ace_no_face(mask_of(parse_cards("AS AH 9S TS 9D TD 9C")))
    assert not is_ace_no_face(mask_of(parse_cards("TS TH 9S 9H 9D TD 9C")))  # no ace
    assert not is_ace_no_face(mask_of(parse_cards("AS JH 9S TS 9D TD 9C")))  # a jack is a face


def test_ace_no_face_off_asks_nobody() -> None:
    state = state_with(N_HANDS, "AC", "TC KC")
    assert state.current_player == 0 and state.legal_texts() == ["order", "pass"]
    with pytest.raises(IllegalActionError, match="ace_no_face=off"):
        state.apply_text("ace no face")


def test_ace_no_face_redeal_by_the_same_dealer() -> None:
    state = state_with(N_HANDS, "AC", "TC KC", ace_no_face="redeal")
    assert state.current_player == 1
    assert state.legal_texts() == ["ace no face", "pass"]
    state.apply_text("ace no face")
    assert state.is_chance() and state.dealer == 2
    assert state.view(0).public.to_json()["shown"] == {
        1: ["9S", "TS", "AS", "AH", "9D", "TD", "9C"]
    }
    assert state.hidden_from(0) & mask_of(parse_cards("AS AH")) == 0
    summary = state.summaries()[0]
    assert summary.thrown_in and summary.points == [0, 0, 0]
    state.deal(make_deal(A_HANDS))
    assert state.current_player == 0 and state.dealer == 2


def test_ace_no_face_asks_from_eldest_and_may_be_declined() -> None:
    hands = ["AS AH 9S TS 9H TH 9C", "JH JD KH QH KS QS JS", "AD TD 9D TC AC KD QD"]
    state = state_with(hands, "QC", "JC KC", dealer=1, ace_no_face="redeal")
    # dealer 1: eldest 2 (faces: not asked), then seat 0 (asked), then the dealer.
    assert state.current_player == 0
    state.apply_text("pass")
    assert state.current_player == 2 and state.legal_texts() == ["order", "pass"]
    with pytest.raises(IllegalActionError, match="no K, Q or J"):
        state.apply_text("ace no face")


def test_two_qualifying_hands_are_asked_in_turn() -> None:
    hands = ["AH 9H TH 9S TS", "KS QS JS KH QH", "AD AC 9D TD 9C"]
    state = state_with(
        hands, "TC", "JH AS QD JD KD KC QC JC", preset="cutthroat", ace_no_face="redeal"
    )
    assert state.current_player == 0 and state.legal_texts() == ["ace no face", "pass"]
    state.apply_text("pass")
    assert state.current_player == 2 and state.legal_texts() == ["ace no face", "pass"]
    state.apply_text("pass")
    assert state.current_player == 0 and state.legal_texts() == ["order", "pass"]


# -- views ---------------------------------------------------------------------------------------
def test_view_shows_only_own_hand_and_public_facts() -> None:
    state = state_with()
    view = state.view(1)
    assert view.hand == tuple(sorted(parse_cards(A_HANDS[1])))
    assert view.public.to_json()["upcard"] == "9H" and view.public.to_json()["trump"] is None
    assert view.public.to_json()["hand_size"] == 7 and view.legal == ()
    assert state.view(0).legal == ("order", "pass")
    hidden = state.hidden_from(1)
    assert hidden & mask_of(parse_cards(A_HANDS[0])) == mask_of(parse_cards(A_HANDS[0]))
    assert hidden & mask_of(parse_cards(A_HANDS[1])) == 0


def test_first_dealer_methods() -> None:
    for method in ("random", "draw_low", "draw_high", "first_jack"):
        g = game(first_dealer=method)
        picks = {g.choose_first_dealer(random.Random(seed)) for seed in range(40)}
        assert picks <= {0, 1, 2} and len(picks) > 1
        assert g.choose_first_dealer(random.Random(3)) == g.choose_first_dealer(random.Random(3))


def test_push_pop_and_chance() -> None:
    state = state_with()
    assert state.current_player == 0 and not state.is_chance()
    state.push(state.legal_actions()[0])
    state.pop()
    assert state.current_player == 0 and state.actions == [[]]
    assert game().new_state(0).current_player == CHANCE
