"""Set-back euchre rules (RULES.md 1.10, 1.3 for making trump) with fixed deals.

Every expected number below was worked out by hand from RULES.md and the choices of
``docs/rules/setback_euchre.md``; the trick-by-trick reasoning is in the comments
(``0:JH`` = seat 0 plays JH). Unless said otherwise seat 3 deals first, so seat 0 is
eldest; the up-card is 9H (trumps JH JD AH KH QH TH 9H once hearts are made).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tricktable.cards import card_name, mask_of, parse_card, parse_cards
from tricktable.core import CHANCE, TERMINAL, Deal
from tricktable.errors import IllegalActionError, RecordError, RuleError
from tricktable.events import Event
from tricktable.games import load_game
from tricktable.games.setback_euchre.engine import (
    PRESETS,
    SetbackEuchre,
    SetbackEuchreRules,
    SetbackEuchreState,
)
from tricktable.games.setback_euchre.events import SetbackEvent
from tricktable.record import record_of, replay_json, replay_record
from tricktable.testing import snapshot

# Deal A: 0 orders, 3 takes 9H and discards TS; 1 stays, 2 throws in, 3 stays.
# T1 0:JH 1:9D 3:9H  T2 0:JD 1:TD 3:TH  T3 0:AH 1:QS 3:KC  T4 0:AS 1:KS 3:QD  (all to 0)
# T5 0:9C 1:AC 3:AD -> 1.  Tricks 0:4 1:1 3:0.
A_HANDS = ["JH JD AH AS 9C", "KS QS AC TD 9D", "KH QH KD 9S TC", "TH AD QD KC TS"]
A_STOCK = "JS JC QC"
A_PLAY = ["JH", "9D", "9H", "JD", "TD", "TH", "AH", "QS", "KC", "AS", "KS", "QD", "9C", "AC", "AD"]
# Deal B: a weak order by 0; 1 takes all five.
B_HANDS = ["TH 9S TS 9D 9C", "JH JD AS KS AD", "AH KH QS TD TC", "QH AC KC QC KD"]
B_STOCK = "JS JC QD"
B_PLAY = "9S AS QS KD JH KH 9H TH JD AH QH 9D AD TD KC TS KS TC AC 9C"
# Deal C: 0 takes 1 trick (JH) and is euchred; 1 takes 4.
C_HANDS = ["JH AH 9S TS 9D", "JD KH AS KS AD", "QH TH QS TD TC", "AC KC QC KD QD"]
C_STOCK = "JS JC 9C"
C_PLAY = "JH KH TH 9H AH JD QH QC AS QS KC 9S AD TD KD 9D KS TC AC TS"
# Deal E: 0 holds JH JD AH AS AC and takes all five.
E_HANDS = ["JH JD AH AS AC", "KS QS QC TD 9D", "KH QH KD 9C TC", "TH AD QD KC TS"]
E_STOCK = "9S JS JC"
E_PLAY = "JH 9D QH 9H JD TD KH TH AH QC 9C QD AS KS KD KC AC QS TC AD"


def make_deal(hands: list[str], turned: str = "9H", stock: str = A_STOCK) -> Deal:
    return Deal(
        tuple(tuple(parse_cards(hand)) for hand in hands),
        parse_card(turned),
        tuple(parse_cards(stock)),
    )


def new_state(first_dealer: int = 3, players: int = 4, **options: Any) -> SetbackEuchreState:
    return SetbackEuchre.from_spec(options, players=players).new_state(first_dealer)


def act(state: SetbackEuchreState, *texts: str) -> None:
    for text in texts:
        state.apply_text(text)


def play(state: SetbackEuchreState, cards: str | list[str]) -> None:
    """Play ``cards`` (a list, or one space-separated text) in order."""
    listed = cards.split() if isinstance(cards, str) else cards
    act(state, *(f"play {card}" for card in listed))


def hand(state: SetbackEuchreState, seat: int) -> set[str]:
    return {card_name(card) for card in state.view(seat).hand}


def deal_a(**options: Any) -> SetbackEuchreState:
    state = new_state(**options)
    state.deal(make_deal(A_HANDS))
    return state


# -- options, presets, players -------------------------------------------------------------------
def test_defaults_and_preset() -> None:
    game = load_game("setback_euchre")
    assert isinstance(game, SetbackEuchre)
    rules = game.rules
    assert rules == SetbackEuchreRules()
    assert (rules.preset, rules.start_score, rules.ante) == ("american_hoyle", 5, 1)
    assert not (rules.stick_the_dealer or rules.declare_march or rules.euchre_relief)
    assert list(PRESETS) == ["american_hoyle"]
    assert game.players == 4 and game.sides == [[0], [1], [2], [3]]
    assert len(game.deck) == 24


def test_rule_string_round_trip() -> None:
    game = load_game("setback_euchre(declare_march=true,start_score=8,packets=2-3)")
    assert game.rules_dict() == {
        "preset": "american_hoyle",
        "start_score": 8,
        "packets": "2-3",
        "declare_march": True,
    }
    again = load_game(game.rule_string())
    assert again.rules == game.rules


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target": 10}, "unknown option 'target'"),
        ({"start_score": 0}, "start_score"),
        ({"packets": "1-4"}, "packets"),
        ({"preset": "british"}, "unknown preset"),
        ({"euchre_relief": "maybe"}, "euchre_relief"),
    ],
)
def test_bad_options(options: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        SetbackEuchre.from_spec(options)


def test_two_three_or_four_players() -> None:
    for players in (1, 5):
        with pytest.raises(RuleError, match=f"played by 2, 3 or 4 players, not {players}"):
            load_game("setback_euchre", players=players)
    assert load_game("setback_euchre", players=4).players == 4
    three = load_game("setback_euchre", players=3)
    assert three.players == 3 and three.sides == [[0], [1], [2]]
    with pytest.raises(RecordError, match="first_dealer"):
        SetbackEuchre().new_state(4)


@pytest.mark.parametrize("method", ["random", "draw_low", "draw_high", "first_jack"])
def test_first_dealer_methods(method: str) -> None:
    game = SetbackEuchre.from_spec({"first_dealer": method})
    picks = [game.choose_first_dealer(random.Random(seed)) for seed in range(40)]
    assert set(picks) <= {0, 1, 2, 3} and len(set(picks)) > 1
    assert picks == [game.choose_first_dealer(random.Random(seed)) for seed in range(40)]


# -- the deal ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("packets", "sizes"), [("3-2", (3, 2)), ("2-3", (2, 3))])
def test_random_deal_packets(packets: str, sizes: tuple[int, int]) -> None:
    state = new_state(first_dealer=1, packets=packets)
    deal = state.random_deal(random.Random(9))
    order = [2, 3, 0, 1]  # from eldest (left of dealer 1)
    # rebuild the shuffled deck from the packets: eldest's first packet comes first
    first = sizes[0]
    flat: list[int] = []
    for seat in order:
        flat.extend(deal.hands[seat][:first])
    for seat in order:
        flat.extend(deal.hands[seat][first:])
    assert deal.turned is not None
    everything = [*flat, deal.turned, *deal.stock]
    assert len(everything) == 24 and set(everything) == set(state.game.deck)
    assert all(len(h) == 5 for h in deal.hands) and len(deal.stock) == 3


def test_bad_deals_are_refused() -> None:
    state = new_state()
    with pytest.raises(RecordError, match="holds 4 cards"):
        state.deal(make_deal(["JH JD AH AS", *A_HANDS[1:]], stock="JS JC QC 9C"))
    with pytest.raises(RecordError, match="8S is not in this game's deck"):
        state.deal(make_deal(A_HANDS, stock="JS JC 8S"))
    with pytest.raises(RecordError, match="needs a turned card"):
        state.deal(Deal(make_deal(A_HANDS).hands, None, ()))
    assert state.is_chance() and not state.deals
    state.deal(make_deal(A_HANDS))
    with pytest.raises(RecordError, match="no deal is due"):
        state.deal(make_deal(A_HANDS))


def test_partial_stock_is_accepted() -> None:
    state = new_state()
    state.deal(make_deal(A_HANDS, stock=""))
    assert state.legal_texts() == ["order", "pass"]


# -- making trump (RULES.md 1.3) -----------------------------------------------------------------
def test_round_one_order_and_dealer_discard() -> None:
    state = deal_a()
    assert state.current_player == 0 and state.legal_texts() == ["order", "pass"]
    act(state, "order")
    assert state.current_player == 3  # the dealer picks up and discards
    assert hand(state, 3) == {"TH", "AD", "QD", "KC", "TS", "9H"}
    assert state.legal_texts() == sorted(f"discard {c}" for c in hand(state, 3))
    act(state, "discard 9H")  # the dealer may discard the up-card itself
    assert hand(state, 3) == {"TH", "AD", "QD", "KC", "TS"}
    facts = state.view(1).public.to_json()
    assert facts["trump"] == "H" and facts["maker"] == 0 and facts["dealer_took_up"]
    assert state.current_player == 1 and state.legal_texts() == ["pass", "throw in"]


def test_dealer_orders_itself() -> None:
    state = deal_a()
    act(state, "pass", "pass", "pass", "order", "discard TS")
    assert state.view(0).public.to_json()["maker"] == 3
    # throw-ins from eldest, skipping the maker
    assert state.current_player == 0
    act(state, "pass", "pass", "pass")
    assert state.current_player == 0 and state.view(0).phase == "play"


def test_round_two_call_no_pickup() -> None:
    state = deal_a()
    act(state, "pass", "pass", "pass", "pass")
    view = state.view(0)
    assert view.public.to_json()["turned_down"] and view.phase == "bid2"
    assert state.legal_texts() == ["call C", "call D", "call S", "pass"]
    with pytest.raises(IllegalActionError, match="turned-down suit H cannot be called"):
        state.apply_text("call H")
    with pytest.raises(IllegalActionError, match="round 2 calls a suit"):
        state.apply_text("order")
    act(state, "pass", "call D")
    assert (
        state.view(0).public.to_json()["maker"] == 1
        and state.view(0).public.to_json()["trump"] == "D"
    )
    assert len(hand(state, 3)) == 5 and not state.view(0).public.to_json()["dealer_took_up"]
    assert state.current_player == 0  # straight to the throw-in question


def test_round_one_refuses_calls_and_lone_bids() -> None:
    state = deal_a()
    with pytest.raises(IllegalActionError, match="suits are called in round 2"):
        state.apply_text("call S")
    with pytest.raises(IllegalActionError, match="always plays alone") as error:
        state.apply_text("order alone")
    assert error.value.legal == ["order", "pass"]


def test_all_pass_twice_throws_the_deal_in() -> None:
    state = deal_a()
    act(state, *["pass"] * 8)
    assert state.is_chance() and state.dealer == 0
    summary = state.summaries()[-1]
    assert summary.thrown_in and summary.points == [0, 0, 0, 0]
    assert summary.trump is None and summary.makers is None
    assert state.scores() == [5, 5, 5, 5]


def test_stick_the_dealer() -> None:
    state = deal_a(stick_the_dealer=True)
    act(state, *["pass"] * 7)
    assert state.current_player == 3
    assert state.legal_texts() == ["call C", "call D", "call S"]
    with pytest.raises(IllegalActionError, match="stick the dealer"):
        state.apply_text("pass")
    act(state, "call C")
    assert (
        state.view(0).public.to_json()["maker"] == 3
        and state.view(0).public.to_json()["trump"] == "C"
    )


# -- throwing in ---------------------------------------------------------------------------------
def test_throw_in_order_and_last_defender_must_stay() -> None:
    state = deal_a()
    act(state, "order", "discard TS")
    assert [state.current_player] == [1]
    act(state, "throw in")
    assert state.current_player == 2 and state.legal_texts() == ["pass", "throw in"]
    act(state, "throw in")
    assert state.current_player == 3 and state.legal_texts() == ["pass"]
    with pytest.raises(IllegalActionError, match="at least one defender must play"):
        state.apply_text("throw in")
    act(state, "pass")
    assert state.view(0).public.to_json()["threw_in"] == [1, 2]
    # two-seat tricks: the maker and seat 3
    act(state, "play JH", "play 9H")
    assert state.view(0).trick_winners == (0,) and state.current_player == 0


def test_thrown_in_seat_takes_no_part() -> None:
    state = deal_a()
    act(state, "order", "discard TS", "pass", "throw in", "pass")
    assert state.current_player == 0
    act(state, "play JH", "play 9D")
    assert state.current_player == 3  # seat 2 is skipped
    act(state, "play 9H")
    assert len(state.view(0).tricks[0]) == 3
    assert hand(state, 2) == set(A_HANDS[2].split())  # its cards are not played
    # its hand stays hidden from the others
    for seat in (0, 1, 3):
        assert state.hidden_from(seat) & state.hands[2] == state.hands[2]


def test_eldest_threw_in_next_active_leads() -> None:
    state = deal_a()
    act(state, "pass", "pass", "order", "discard TS")  # seat 2 makes hearts
    act(state, "throw in", "pass", "pass")  # 0 throws in; 1 and 3 stay
    assert state.current_player == 1


def test_throw_in_out_of_turn_is_explained() -> None:
    state = deal_a()
    with pytest.raises(IllegalActionError, match="only a defender may throw in"):
        state.apply_text("throw in")
    with pytest.raises(IllegalActionError, match="declare_march"):
        state.apply_text("declare")


# -- play ----------------------------------------------------------------------------------------
def test_follow_suit_and_left_bower() -> None:
    state = deal_a()
    act(state, "order", "discard TS", "pass", "throw in", "pass")
    play(state, A_PLAY[:3])
    # T2: 0 leads the left bower JD: a trump, so 3 must follow with TH (its last trump)
    act(state, "play JD")
    assert state.legal_texts() == [
        "play AC",
        "play KS",
        "play QS",
        "play TD",
    ]
    act(state, "play TD")
    assert state.legal_texts() == ["play TH"]
    with pytest.raises(IllegalActionError, match="seat 3 must follow suit"):
        state.apply_text("play AD")
    with pytest.raises(IllegalActionError, match="seat 3 does not hold JS"):
        state.apply_text("play JS")


# -- scoring -------------------------------------------------------------------------------------
def test_make_with_a_throw_in() -> None:
    state = deal_a()
    act(state, "order", "discard TS", "pass", "throw in", "pass")
    play(state, A_PLAY)
    summary = state.summaries()[-1]
    assert summary.tricks == [4, 1, 0, 0]
    assert summary.points == [-4, -1, 0, 1]  # 2 threw in: no change; 3 took none: +1
    assert state.scores() == [1, 4, 5, 6] and summary.scores == [1, 4, 5, 6]
    assert summary.makers == 0 and summary.trump == "H"
    assert summary.to_json()["pool"] == 4 and summary.to_json()["stakes"] == [0, 0, 0, 0]
    assert summary.to_json()["threw_in"] == [2] and not summary.to_json()["declared"]
    assert state.is_chance() and state.dealer == 0 and state.winner() is None


def test_euchred_without_a_trick_adds_two_and_pays_a_stake() -> None:
    state = new_state()
    state.deal(make_deal(B_HANDS, stock=B_STOCK))
    act(state, "order", "discard QC", "pass", "pass", "pass")
    play(state, B_PLAY)
    summary = state.summaries()[-1]
    assert summary.tricks == [0, 5, 0, 0]
    assert summary.points == [2, -5, 1, 1]  # the euchre's 2 replaces the no-trick 1
    assert state.scores() == [7, 0, 6, 6]
    assert summary.to_json()["pool"] == 5 and summary.to_json()["stakes"] == [1, 0, 0, 0]
    assert state.is_terminal() and state.winner() == 1
    assert state.view(2).public.to_json()["stakes_paid"] == [1, 0, 0, 0]
    assert summary.events[-1] == Event(SetbackEvent.WINS_THE_POOL, seat=1, counts=(5,))


def test_euchred_maker_tricks_do_not_subtract() -> None:
    state = new_state()
    state.deal(make_deal(C_HANDS, stock=C_STOCK))
    act(state, "order", "discard QD", "pass", "pass", "pass")
    play(state, C_PLAY)
    summary = state.summaries()[-1]
    assert summary.tricks == [1, 4, 0, 0]
    assert summary.points == [2, -4, 1, 1]
    assert state.scores() == [7, 1, 6, 6] and not state.is_terminal()


def test_euchre_relief() -> None:
    state = new_state(euchre_relief=True)
    state.deal(make_deal(C_HANDS, stock=C_STOCK))
    act(state, "order", "discard QD", "pass", "pass", "pass")
    play(state, C_PLAY)
    assert state.summaries()[-1].points == [2, -6, -1, -1]
    assert state.scores() == [7, -1, 4, 4] and state.winner() == 1


def test_euchre_relief_only_for_defenders_who_played() -> None:
    # Deal C again, but seat 2 throws in: 2 keeps 5; 3 (no trick) +1 -2.
    # 3-seat tricks: T1 0:JH 1:KH 3:9H ->0  T2 0:AH 1:JD 3:QC ->1  T3 1:AS 3:KC 0:9S ->1
    # T4 1:AD 3:KD 0:9D ->1  T5 1:KS 3:AC 0:TS ->1
    state = new_state(euchre_relief=True)
    state.deal(make_deal(C_HANDS, stock=C_STOCK))
    act(state, "order", "discard QD", "pass", "throw in", "pass")
    play(state, "JH KH 9H AH JD QC AS KC 9S AD KD 9D KS AC TS")
    assert state.summaries()[-1].points == [2, -6, 0, -1]
    assert state.scores() == [7, -1, 5, 4]


def test_relief_off_when_the_maker_makes() -> None:
    state = deal_a(euchre_relief=True)
    act(state, "order", "discard TS", "pass", "throw in", "pass")
    play(state, A_PLAY)
    assert state.summaries()[-1].points == [-4, -1, 0, 1]


def test_declared_march_wins_at_once() -> None:
    state = new_state(declare_march=True, start_score=8)
    state.deal(make_deal(E_HANDS, stock=E_STOCK))
    act(state, "order", "discard TS")
    assert state.current_player == 0 and state.legal_texts() == ["declare", "pass"]
    act(state, "declare", "pass", "pass", "pass")
    assert state.view(1).public.to_json()["declared"] is True
    play(state, E_PLAY)
    assert state.scores() == [3, 9, 9, 9]
    assert state.is_terminal() and state.winner() == 0
    assert state.legal_actions() == []


def test_plain_march_does_not_win_from_eight() -> None:
    state = new_state(declare_march=True, start_score=8)
    state.deal(make_deal(E_HANDS, stock=E_STOCK))
    act(state, "order", "discard TS", "pass", "pass", "pass", "pass")
    play(state, E_PLAY)
    assert state.scores() == [3, 9, 9, 9] and not state.is_terminal()


def test_failed_declaration_doubles_and_pays_a_stake() -> None:
    state = deal_a(declare_march=True)
    act(state, "order", "discard TS", "declare", "pass", "throw in", "pass")
    play(state, A_PLAY)
    summary = state.summaries()[-1]
    assert summary.points == [5, -1, 0, 1] and state.scores() == [10, 4, 5, 6]
    assert summary.to_json()["stakes"] == [1, 0, 0, 0] and summary.to_json()["pool"] == 5
    assert state.view(0).public.to_json()["pool"] == 5


def test_declarer_leads() -> None:
    state = deal_a(declare_march=True)
    act(state, *["pass"] * 6, "call S", "declare", "pass", "pass", "pass")
    assert state.current_player == 2
    state2 = deal_a(declare_march=True)
    act(state2, *["pass"] * 6, "call S", "pass", "pass", "pass", "pass")
    assert state2.current_player == 0  # without a declaration eldest leads


def test_lower_score_wins_when_two_reach_zero() -> None:
    state = deal_a(start_score=1)
    act(state, "order", "discard TS", "pass", "throw in", "pass")
    play(state, A_PLAY)
    assert state.scores() == [-3, 0, 1, 2] and state.winner() == 0


def test_tie_at_zero_is_shared() -> None:
    state = deal_a()
    act(state, "order", "discard TS", "pass", "throw in", "pass")
    play(state, A_PLAY)
    # dealer 0, eldest 1: 1 orders spades, 0 takes 9S and discards 9D; all stay.
    # 1 takes four tricks (JS JC AS KS), 0 the last with AH: both go to 0.
    state.deal(
        make_deal(
            ["AH KH QH TD 9D", "JS JC AS KS 9H", "QS TS TH 9C AD", "JH JD KD QD TC"],
            turned="9S",
            stock="QC KC AC",
        )
    )
    act(state, "order", "discard 9D", "pass", "pass", "pass")
    play(state, "JS TS TC 9S JC QS QD TD AS 9C KD QH KS TH JD KH 9H AD JH AH")
    assert state.scores() == [0, 0, 6, 7]
    assert state.is_terminal() and state.winner() == [0, 1]
    tie = Event(SetbackEvent.SHARE_THE_POOL, seats=(0, 1), counts=(0, 4))
    assert state.summaries()[-1].events[-1] == tie


# -- 2 and 3 players ------------------------------------------------------------------------------
# Three players (dealer 2): A's hands of seats 0, 1 and 3; the rest is the kitty.
THREE_HANDS = ["JH JD AH AS 9C", "KS QS AC TD 9D", "TH AD QD KC TS"]
THREE_KITTY = "KH QH KD 9S TC JS JC QC"
# Two players (dealer 1): seat 0's and seat 3's hands of A.
TWO_HANDS = ["JH JD AH AS 9C", "TH AD QD KC TS"]
TWO_KITTY = "KS QS AC TD 9D KH QH KD 9S TC JS JC QC"


def test_three_players_deal_five_each_and_ante_three() -> None:
    state = new_state(first_dealer=2, players=3)
    assert state.view(0).public.to_json()["pool"] == 3 and state.scores() == [5, 5, 5]
    state.deal_random(random.Random(5))
    assert [len(state.view(seat).hand) for seat in range(3)] == [5, 5, 5]
    assert len(state.deals[-1].stock) == 8  # 24 - 15 dealt - the up-card


def test_three_players_maker_against_two() -> None:
    # T1 0:JH 1:9D 2:9H  T2 0:JD 1:TD 2:TH  T3 0:AH 1:QS 2:KC  T4 0:AS 1:KS 2:QD  -> 0
    # T5 0:9C 1:AC 2:AD -> 1.  0: 5-4; 1: 5-1; 2: no trick +1.
    state = new_state(first_dealer=2, players=3)
    state.deal(make_deal(THREE_HANDS, stock=THREE_KITTY))
    act(state, "order", "discard TS")
    assert (state.current_player, state.legal_texts()) == (1, ["pass", "throw in"])
    act(state, "pass", "pass")
    play(state, "JH 9D 9H JD TD TH AH QS KC AS KS QD 9C AC AD")
    assert state.summaries()[-1].points == [-4, -1, 1] and state.scores() == [1, 4, 6]


def test_three_players_last_defender_must_stay() -> None:
    state = new_state(first_dealer=2, players=3)
    state.deal(make_deal(THREE_HANDS, stock=THREE_KITTY))
    act(state, "order", "discard TS", "throw in")
    assert state.legal_texts() == ["pass"]
    with pytest.raises(IllegalActionError, match="seats 1 have thrown in"):
        state.apply_text("throw in")


def test_two_players_play_at_once_and_nobody_throws_in() -> None:
    # 0 marches (JH JD AH AS 9C against TH 9H AD QD KC): 5-5 = 0 wins the pool of 2.
    state = new_state(first_dealer=1, players=2)
    state.deal(make_deal(TWO_HANDS, stock=TWO_KITTY))
    act(state, "order", "discard TS")
    assert state.current_player == 0 and state.view(0).phase == "play"
    play(state, "JH 9H JD TH AH KC AS QD 9C AD")
    assert state.scores() == [0, 6] and state.winner() == 0
    assert state.summaries()[-1].events[-1] == Event(
        SetbackEvent.WINS_THE_POOL, seat=0, counts=(2,)
    )


def test_two_players_defender_may_only_declare_or_pass() -> None:
    state = new_state(first_dealer=1, players=2, declare_march=True)
    state.deal(make_deal(TWO_HANDS, stock=TWO_KITTY))
    act(state, "order", "discard TS", "pass")
    assert (state.current_player, state.legal_texts()) == (1, ["declare", "pass"])
    with pytest.raises(IllegalActionError, match="with 2 players nobody may throw in"):
        state.apply_text("throw in")
    # the maker declared: the defender has nothing to decide, the maker leads
    state = new_state(first_dealer=1, players=2, declare_march=True)
    state.deal(make_deal(TWO_HANDS, stock=TWO_KITTY))
    act(state, "order", "discard TS", "declare")
    assert state.current_player == 0 and state.view(0).phase == "play"


# -- a declaration by any player (declare_march) ----------------------------------------------
def test_defenders_may_declare_after_the_maker_passes() -> None:
    state = deal_a(declare_march=True)
    act(state, "order", "discard TS", "pass")
    assert (state.current_player, state.legal_texts()) == (1, ["declare", "pass", "throw in"])
    act(state, "declare")
    assert state.view(3).public.to_json()["declarer"] == 1
    assert (state.current_player, state.legal_texts()) == (2, ["pass", "throw in"])
    with pytest.raises(IllegalActionError, match="seat 1 has declared"):
        state.apply_text("declare")


def test_after_the_makers_declaration_defenders_may_not_declare() -> None:
    state = deal_a(declare_march=True)
    act(state, "order", "discard TS", "declare")
    assert state.legal_texts() == ["pass", "throw in"]
    assert state.view(2).public.to_json()["declarer"] == 0


def test_declaring_defender_leads_and_its_march_wins_at_once() -> None:
    # B: 1 declares and takes all five from 8 (to 3); the maker 0, with no trick, +2.
    state = new_state(declare_march=True, start_score=8)
    state.deal(make_deal(B_HANDS, stock=B_STOCK))
    act(state, "order", "discard QC", "pass", "declare", "pass", "pass")
    assert state.current_player == 1
    play(state, "JH KH 9H TH JD AH QH 9D AS QS KD 9S KS TD KC TS AD TC AC 9C")
    summary = state.summaries()[-1]
    assert summary.points == [2, -5, 1, 1] and state.scores() == [10, 3, 9, 9]
    assert summary.to_json()["declarer"] == 1 and summary.to_json()["stakes"] == [1, 0, 0, 0]
    assert state.is_terminal() and state.winner() == 1
    assert Event(SetbackEvent.DEFENDER_DECLARED_MARCH, seat=1, points=-5, tricks=5) in (
        summary.events
    )


def test_failed_defender_declaration_doubles_its_score() -> None:
    # A: 1 declares, leads AC and takes only that trick; 0 makes with 4.
    state = deal_a(declare_march=True, euchre_relief=True)
    act(state, "order", "discard TS", "pass", "declare", "throw in", "pass")
    play(state, "AC KC 9C KS QD AS JH 9D 9H JD TD TH AH QS AD")
    summary = state.summaries()[-1]
    assert summary.points == [-4, 5, 0, 1] and state.scores() == [1, 10, 5, 6]
    assert summary.to_json()["stakes"] == [0, 1, 0, 0] and summary.to_json()["pool"] == 5
    failed = Event(SetbackEvent.FAILS_DECLARED_MARCH, seat=1, points=5, tricks=1, counts=(5, 10))
    assert failed in summary.events


def test_declaration_refused_outside_its_moment() -> None:
    state = deal_a(declare_march=True)
    with pytest.raises(IllegalActionError, match="only when asked"):
        state.apply_text("declare")


# -- views, records, undo ------------------------------------------------------------------------
def test_views_hide_discards_and_hands() -> None:
    state = deal_a()
    act(state, "order", "discard TS")
    assert state.view(0).history == ((0, "order"), (3, "discard"))
    assert state.view(3).history[-1] == (3, "discard TS")
    assert state.view(3).public.to_json()["own_discards"] == ["TS"]
    ts = parse_card("TS")
    assert state.hidden_from(0) >> ts & 1 and not state.hidden_from(3) >> ts & 1
    # the up-card was shown to everyone
    assert not state.hidden_from(1) >> parse_card("9H") & 1
    assert state.view(1).public.to_json()["upcard"] == "9H"
    assert mask_of(state.view(1).hand) & state.hidden_from(1) == 0


def test_public_facts() -> None:
    state = deal_a(ante=2)
    facts = state.view(0).public.to_json()
    assert facts["pool"] == 8 and facts["stakes_paid"] == [0, 0, 0, 0]
    assert facts["start_score"] == 5 and facts["trump"] is None and facts["maker"] is None
    assert state.view(0).phase == "bid1"


def test_illegal_action_leaves_the_state_unchanged() -> None:
    state = deal_a()
    act(state, "order")
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as error:
        state.apply_text("discard AS")
    assert "seat 3 does not hold AS" in str(error.value)
    assert error.value.legal == state.legal_texts()
    with pytest.raises(IllegalActionError, match="not an action"):
        state.apply_text("frobnicate")
    assert snapshot(state) == before


def test_push_pop_and_replay() -> None:
    state = deal_a(declare_march=True)
    act(state, "order", "discard TS", "declare", "pass", "throw in", "pass")
    before = snapshot(state)
    for card in A_PLAY[:7]:
        state.apply_text(f"play {card}")
    for _ in range(7):
        state.pop()
    assert snapshot(state) == before
    play(state, A_PLAY)
    again = replay_record(record_of(state))
    assert snapshot(again) == snapshot(state)
    out = replay_json(again)
    assert out["sides"] == [[0], [1], [2], [3]] and out["scores"] == [10, 4, 5, 6]


def test_terminal_state_refuses_everything() -> None:
    state = new_state()
    state.deal(make_deal(B_HANDS, stock=B_STOCK))
    act(state, "order", "discard QC", "pass", "pass", "pass")
    play(state, B_PLAY)
    assert state.current_player == TERMINAL and state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="the match is over"):
        state.apply_text("pass")
    with pytest.raises(RecordError, match="no deal is due"):
        state.deal(make_deal(A_HANDS))
    assert CHANCE != TERMINAL
