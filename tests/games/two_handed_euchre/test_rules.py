"""Two-handed Euchre rules (RULES.md 1.10 with 1.1, 1.5 and 1.6) with fixed deals.

Every expected number below was worked out by hand from RULES.md; the trick-by-trick
reasoning is in the comments (``0:JH`` = seat 0 plays JH). Unless said otherwise seat 1
deals, so seat 0 is the non-dealer: it bids first in both rounds and leads first. With
hearts trump the trumps are JH (right bower), JD (left bower), AH KH QH TH 9H.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest

from tricktable.cards import card_name, parse_card, parse_cards, shuffled
from tricktable.core import TERMINAL, Deal
from tricktable.errors import IllegalActionError, RecordError, RuleError
from tricktable.events import Event, EventKind
from tricktable.games import load_game
from tricktable.games.two_handed_euchre.engine import (
    PRESETS,
    TwoHandedEuchre,
    TwoHandedEuchreRules,
    TwoHandedEuchreState,
)
from tricktable.record import record_of, replay_json, replay_record
from tricktable.testing import snapshot

DECK24 = [rank + suit for suit in "SHDC" for rank in "9TJQKA"]

BASE_HANDS = ["JH AH AS QC 9C", "JD KS QS AC TD"]
# BASE: seat 0 orders, the dealer discards TD -> JD KS QS AC 9H.
# T1 0:JH 1:9H ->0  T2 0:AH 1:JD ->1  T3 1:AC 0:9C ->1  T4 1:KS 0:AS ->0  T5 0:QC 1:QS ->0
BASE_PLAY = ["JH", "9H", "AH", "JD", "AC", "9C", "KS", "AS", "QC", "QS"]
MARCH_HANDS = ["JH JD AH KH QH", "AS KS QS AC TD"]
MARCH_PLAY = ["JH", "9H", "JD", "AS", "AH", "KS", "KH", "QS", "QH", "AC"]


def make_deal(hands: list[str], turned: str = "9H", stock: str | None = None) -> Deal:
    """A deal; the stock is the rest of the 24-card deck unless given."""
    held = [*" ".join(hands).split(), turned]
    rest = [card for card in DECK24 if card not in held] if stock is None else stock.split()
    return Deal(
        tuple(tuple(parse_cards(hand)) for hand in hands),
        parse_card(turned),
        tuple(parse_cards(rest)),
    )


def new_state(dealer: int = 1, **options: Any) -> TwoHandedEuchreState:
    return TwoHandedEuchre.from_spec(options).new_state(dealer)


def dealt(
    hands: list[str], turned: str = "9H", dealer: int = 1, **options: Any
) -> TwoHandedEuchreState:
    state = new_state(dealer, **options)
    state.deal(make_deal(hands, turned))
    return state


def act(state: TwoHandedEuchreState, *texts: str) -> None:
    for text in texts:
        state.apply_text(text)


def play(state: TwoHandedEuchreState, *cards: str) -> None:
    act(state, *(f"play {card}" for card in cards))


def hand(state: TwoHandedEuchreState, seat: int) -> set[str]:
    return {card_name(card) for card in state.view(seat).hand}


def refused(state: TwoHandedEuchreState, text: str, reason: str) -> None:
    """``text`` is refused with ``reason`` in the message and the state is unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match=reason) as info:
        state.apply_text(text)
    assert info.value.legal == state.legal_texts()
    assert snapshot(state) == before


# -- game, presets, options ---------------------------------------------------------------------
def test_presets_and_defaults() -> None:
    keller = load_game("two_handed_euchre")
    assert isinstance(keller, TwoHandedEuchre)
    assert keller.players == 2 and keller.sides == [[0], [1]]
    rules = keller.rules
    assert (rules.preset, rules.deck, rules.target) == ("keller", 24, 5)
    assert (rules.make_points, rules.march_points, rules.euchre_points) == (1, 2, 2)
    assert rules.packets == "3-2" and rules.first_dealer == "random"
    assert rules.dealer_may_discard_upcard and not rules.stick_the_dealer
    assert len(keller.deck) == 24
    mathews = load_game("two_handed_euchre(preset=mathews_1844)")
    assert (mathews.rules.deck, mathews.rules.target, mathews.rules.first_dealer) == (
        32,
        5,
        "draw_high",
    )
    assert len(mathews.deck) == 32 and {card_name(c) for c in mathews.deck} >= {"7S", "8H"}
    assert len(load_game("two_handed_euchre(deck=28)").deck) == 28
    assert list(PRESETS) == ["keller", "mathews_1844"]


def test_rules_round_trip_and_errors() -> None:
    game = load_game("two_handed_euchre", {"preset": "mathews_1844", "target": 7})
    assert game.rules_dict() == {"preset": "mathews_1844", "target": 7}
    assert game.rule_string() == "two_handed_euchre(preset=mathews_1844,target=7)"
    assert load_game(game.rule_string()).rules == game.rules
    with pytest.raises(RuleError, match="played by 2 players, not 4"):
        load_game("two_handed_euchre", players=4)
    assert load_game("two_handed_euchre", players=2).players == 2
    with pytest.raises(RuleError, match="'deck' cannot be 25"):
        load_game("two_handed_euchre(deck=25)")
    with pytest.raises(RuleError, match="unknown option 'partner_may_take_over'"):
        load_game("two_handed_euchre(partner_may_take_over=true)")
    with pytest.raises(RuleError, match="unknown preset 'british'"):
        load_game("two_handed_euchre(preset=british)")
    with pytest.raises(RuleError, match="'deck' cannot be 33"):
        TwoHandedEuchreRules(deck=33)
    with pytest.raises(RecordError, match=r"first_dealer must be a seat 0\.\.1"):
        load_game("two_handed_euchre").new_state(2)


@pytest.mark.parametrize("method", ["random", "draw_low", "draw_high", "first_jack"])
def test_first_dealer_methods_are_seeded(method: str) -> None:
    game = load_game("two_handed_euchre", {"first_dealer": method})
    picks = [game.choose_first_dealer(random.Random(seed)) for seed in range(60)]
    assert set(picks) == {0, 1}
    assert picks == [game.choose_first_dealer(random.Random(seed)) for seed in range(60)]


# -- the deal -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("deck", "stock"), [(24, 13), (28, 17), (32, 21)])
@pytest.mark.parametrize(("packets", "first"), [("3-2", 3), ("2-3", 2)])
def test_random_deal_packets_from_the_non_dealer(
    deck: int, stock: int, packets: str, first: int
) -> None:
    game = TwoHandedEuchre.from_spec({"deck": deck, "packets": packets})
    for dealer in (0, 1):
        state = game.new_state(dealer)
        rng = random.Random(deck + dealer)
        order = shuffled(game.deck, random.Random(deck + dealer))
        deal = state.random_deal(rng)
        eldest = 1 - dealer
        second = 5 - first
        # packets: the non-dealer first, then the dealer, twice
        assert list(deal.hands[eldest]) == order[:first] + order[2 * first : 2 * first + second]
        assert list(deal.hands[dealer]) == (
            order[first : 2 * first] + order[2 * first + second : 10]
        )
        assert deal.turned == order[10] and list(deal.stock) == order[11:]
        assert len(deal.stock) == stock
        state.deal(deal)
        assert state.current_player == eldest


def test_deal_validation() -> None:
    state = new_state()
    with pytest.raises(RecordError, match="8S is not in this game's deck"):
        state.deal(make_deal(["JH AH AS QC 9C", "JD KS QS AC 8S"]))
    with pytest.raises(RecordError, match="JO is not in this game's deck"):
        state.deal(make_deal(["JH AH AS QC 9C", "JD KS QS AC JO"]))
    with pytest.raises(RecordError, match="JH appears twice"):
        state.deal(make_deal(["JH AH AS QC 9C", "JH KS QS AC TD"], stock=""))
    with pytest.raises(RecordError, match="seat 1 holds 4 cards, expected 5"):
        state.deal(make_deal(["JH AH AS QC 9C", "JD KS QS AC"], stock=""))
    with pytest.raises(RecordError, match="3 hands, expected 2"):
        state.deal(make_deal([*BASE_HANDS, "KH QH TH 9S TS"], stock=""))
    with pytest.raises(RecordError, match="needs a turned card"):
        state.deal(Deal(make_deal(BASE_HANDS).hands, None, ()))
    assert state.is_chance() and not state.deals
    state.deal(make_deal(BASE_HANDS, stock=""))  # a partial (here empty) stock is fine
    with pytest.raises(RecordError, match="no deal is due"):
        state.deal(make_deal(BASE_HANDS))
    with pytest.raises(RecordError, match="no deal is due"):
        state.deal_random(random.Random(1))
    thirty_two = new_state(deck=32)
    thirty_two.deal(make_deal(["JH 7H 8H AS 7C", "JD KS 8S AC 7D"], stock=""))


# -- round 1 ------------------------------------------------------------------------------------
def test_round_1_non_dealer_orders_and_the_dealer_picks_up() -> None:
    state = dealt(BASE_HANDS)
    assert state.current_player == 0 and state.legal_texts() == ["order", "pass"]
    refused(state, "order alone", "no lone hands")
    refused(state, "call S", "round 1")
    refused(state, "play JH", "no card is played now")
    act(state, "order")
    view = state.view(1)
    assert view.phase == "dealer_discard" and state.current_player == 1
    assert view.public.to_json()["maker"] == 0 and view.public.to_json()["trump"] == "H"
    assert view.public.to_json()["dealer_took_up"] and "9H" in hand(state, 1)
    assert state.legal_texts() == sorted(
        f"discard {c}" for c in ("JD", "KS", "QS", "AC", "TD", "9H")
    )
    refused(state, "discard JH", "does not hold JH")
    act(state, "discard TD")
    assert hand(state, 1) == {"JD", "KS", "QS", "AC", "9H"}
    assert state.current_player == 0 and state.view(0).phase == "play"  # non-dealer leads


def test_round_1_dealer_takes_it_up_with_the_same_action() -> None:
    state = dealt(MARCH_HANDS[::-1])
    act(state, "pass")
    assert state.current_player == 1 and state.legal_texts() == ["order", "pass"]
    act(state, "order")
    assert state.view(0).public.to_json()["maker"] == 1 and state.current_player == 1
    act(state, "discard 9H")  # allowed by default
    assert state.current_player == 0  # the non-dealer leads, though the dealer made trump
    # T1 0:AS 1:QH (void, trumps) ->1, then the dealer draws everything: a march
    play(state, "AS", "QH", "JH", "KS", "JD", "QS", "AH", "AC", "KH", "TD")
    summary = state.summaries()[-1]
    assert (summary.points, summary.tricks, summary.makers) == ([0, 2], [0, 5], 1)


def test_dealer_may_not_discard_the_upcard_when_the_option_is_off() -> None:
    state = dealt(MARCH_HANDS[::-1], dealer_may_discard_upcard=False)
    act(state, "pass", "order")
    assert "discard 9H" not in state.legal_texts() and len(state.legal_texts()) == 5
    refused(state, "discard 9H", "may not discard the card just picked up")
    act(state, "discard QH")


# -- round 2 and the thrown-in deal ---------------------------------------------------------------
def test_round_2_calls_any_suit_but_the_turned_down_one() -> None:
    state = dealt(BASE_HANDS)
    act(state, "pass", "pass")
    view = state.view(0)
    assert view.phase == "bid2" and view.public.to_json()["turned_down"]
    assert not view.public.to_json()["dealer_took_up"]
    assert state.current_player == 0
    assert state.legal_texts() == ["call C", "call D", "call S", "pass"]
    refused(state, "call H", "turned-down suit H")
    refused(state, "order", "round 2 calls a suit")
    refused(state, "call S alone", "no lone hands")
    act(state, "pass")
    assert state.current_player == 1 and state.legal_texts() == [
        "call C",
        "call D",
        "call S",
        "pass",
    ]
    act(state, "call C")
    # no pickup and no discard in round 2; the non-dealer leads
    assert state.view(0).phase == "play" and state.current_player == 0
    assert hand(state, 1) == set(BASE_HANDS[1].split())
    assert (
        state.view(0).public.to_json()["maker"] == 1
        and state.view(0).public.to_json()["trump"] == "C"
    )


def test_both_pass_twice_throws_the_deal_in_and_the_deal_passes() -> None:
    state = dealt(BASE_HANDS)
    act(state, "pass", "pass", "pass", "pass")
    assert state.is_chance() and state.dealer == 0
    summary = state.summaries()[-1]
    assert summary.thrown_in and summary.complete and summary.points == [0, 0]
    assert summary.trump is None and summary.makers is None and state.scores() == [0, 0]
    state.deal(make_deal(BASE_HANDS))
    assert state.current_player == 1  # seat 0 deals now


def test_stick_the_dealer() -> None:
    state = dealt(BASE_HANDS, stick_the_dealer=True)
    act(state, "pass", "pass", "pass")
    assert state.legal_texts() == ["call C", "call D", "call S"]
    refused(state, "pass", "stick the dealer")
    act(state, "call S")
    assert state.view(0).public.to_json()["trump"] == "S"


# -- minimum trump -------------------------------------------------------------------------------
MIN_HANDS = ["JD AS KS AC KC", "9S TS QS 9D TD"]


def test_minimum_trump_all() -> None:
    state = dealt(MIN_HANDS, minimum_trump="all")
    assert state.legal_texts() == ["pass"]  # the left bower alone is not enough
    refused(state, "order", "minimum_trump")
    act(state, "pass")
    assert state.legal_texts() == ["order", "pass"]  # the dealer counts the up-card
    act(state, "pass")
    # round 2: spades (AS KS) and clubs (AC KC); not diamonds: JD, their right bower, is
    # the only diamond, and a single jack as the only trump does not count (seed 001)
    assert state.legal_texts() == ["call C", "call S", "pass"]
    act(state, "pass")
    assert state.legal_texts() == ["call D", "call S", "pass"]  # the dealer: no club


def test_minimum_trump_dealer_only_and_stuck_dealer_without_trumps() -> None:
    state = dealt(MIN_HANDS, minimum_trump="dealer")
    assert state.legal_texts() == ["order", "pass"]
    stuck = dealt(
        ["9S TS QS 9D TD", "JD AS KS JC 9C"], "AH", minimum_trump="dealer", stick_the_dealer=True
    )
    act(stuck, "pass", "pass", "pass")
    # the dealer may call spades (AS KS) or clubs (JC 9C), not hearts, nor diamonds (a lone
    # JD, the right bower, does not count)
    assert stuck.legal_texts() == ["call C", "call S"]
    hopeless = dealt(
        ["9S TS 9D TD 9C", "JS QD KD AD QH"], "AH", minimum_trump="all", stick_the_dealer=True
    )
    act(hopeless, "pass", "pass", "pass")
    # diamonds QD KD AD; spades only JS, their right bower, and clubs only JS, their left
    # bower: a single jack as the only trump does not count
    assert hopeless.legal_texts() == ["call D"]


def test_stuck_dealer_with_no_qualifying_suit_may_call_any() -> None:
    # the dealer holds only hearts (turned down) and the left bower of spades
    state = dealt(
        ["9S TS 9D TD 9C", "JC KH QH TH 9H"], "AH", minimum_trump="all", stick_the_dealer=True
    )
    act(state, "pass", "pass", "pass")
    # spades: only JC, their left bower; diamonds: none; clubs: only JC, their right bower
    # (a single jack as the only trump does not count): no suit qualifies, any may be called
    assert state.legal_texts() == ["call C", "call D", "call S"]
    nothing = dealt(
        ["9S TS 9D TD 9C", "KH QH TH 9H JH"], "AH", minimum_trump="all", stick_the_dealer=True
    )
    act(nothing, "pass", "pass", "pass")
    assert nothing.legal_texts() == ["call C", "call D", "call S"]


# -- play ---------------------------------------------------------------------------------------
def test_following_suit_with_the_left_bower() -> None:
    state = dealt(BASE_HANDS)
    act(state, "order", "discard TD")
    refused(state, "play JD", "does not hold JD")
    play(state, "JH")
    assert state.legal_texts() == ["play 9H", "play JD"]  # the left bower follows trump
    refused(state, "play KS", "must follow suit: hearts were led")
    play(state, "9H")
    assert state.current_player == 0 and state.trick_winners == [0]
    play(state, "AH", "JD")  # the left bower beats the ace
    assert state.trick_winners == [0, 1] and state.current_player == 1


def test_left_bower_does_not_follow_its_printed_suit() -> None:
    state = dealt(["9S TS 9D TD 9C", "JC JS AC KC QC"])
    act(state, "pass", "pass", "pass", "call C")
    play(state, "9S")
    # JS is a club now: the dealer has no spade and may play anything
    assert state.legal_texts() == ["play AC", "play JC", "play JS", "play KC", "play QC"]
    play(state, "JS")
    assert state.trick_winners == [1]
    state2 = dealt(["JD AD 9S TS 9C", "KD QD KS QS KC"])
    act(state2, "order", "discard KC")
    play(state2, "AD")  # diamonds led, hearts trump: JD is no diamond
    assert state2.legal_texts() == ["play KD", "play QD"]
    play(state2, "QD")
    play(state2, "JD")  # seat 0 leads the left bower: a trump lead
    assert state2.legal_texts() == ["play 9H"]


@pytest.mark.parametrize(
    ("hands", "actions", "points", "tricks", "event"),
    [
        (BASE_HANDS, ["order", "discard TD", *BASE_PLAY], [1, 0], [3, 2], "maker takes 3"),
        (
            ["JH AH AS AC 9C", "JD KS QS QC TD"],
            # T1 JH 9H ->0  T2 AH JD ->1  T3 1:KS 0:AS ->0  T4 AC QC ->0  T5 9C QS ->0
            ["order", "discard TD", "JH", "9H", "AH", "JD", "KS", "AS", "AC", "QC", "9C", "QS"],
            [1, 0],
            [4, 1],
            "maker takes 4",
        ),
        (MARCH_HANDS, ["order", "discard TD", *MARCH_PLAY], [2, 0], [5, 0], "march"),
        (
            ["TH AS TS 9D TC", "JH AH KS AC AD"],
            # T1 AS KS ->0  T2 0:TS 1:9H ->1  T3 JH TH  T4 AH 9D  T5 AC TC -> 1
            ["order", "discard AD", "AS", "KS", "TS", "9H", "JH", "TH", "AH", "9D", "AC", "TC"],
            [0, 2],
            [1, 4],
            "maker euchred",
        ),
    ],
)
def test_scoring(
    hands: list[str], actions: list[str], points: list[int], tricks: list[int], event: str
) -> None:
    state = dealt(hands)
    for text in actions:
        state.apply_text(text if " " in text or text in ("order", "pass") else f"play {text}")
    summary = state.summaries()[-1]
    assert summary.complete and (summary.points, summary.tricks) == (points, tricks)
    assert summary.makers == 0 and summary.trump == "H"
    assert event in summary.to_json()["events"][0]
    assert state.scores() == points and state.is_chance() and state.dealer == 0


SWEEP = ["TH 9S TS 9D TC", "JH AH AS AC AD"]
SWEEP_ACTIONS = ["order", "discard AD"]
SWEEP_PLAY = ["9S", "AS", "JH", "TH", "AH", "9D", "AC", "TC", "9H", "TS"]


@pytest.mark.parametrize(("super_points", "expected"), [(0, 2), (1, 2), (2, 2), (4, 4)])
def test_super_euchre_only_when_more(super_points: int, expected: int) -> None:
    state = dealt(SWEEP, super_euchre_points=super_points)
    act(state, *SWEEP_ACTIONS)
    play(state, *SWEEP_PLAY)
    summary = state.summaries()[-1]
    assert summary.tricks == [0, 5] and summary.points == [0, expected]
    assert ("super euchre" in summary.to_json()["events"][0]) == (expected > 2)


def test_custom_points_and_the_target() -> None:
    state = dealt(MARCH_HANDS, make_points=2, march_points=3, euchre_points=3, target=6)
    act(state, "order", "discard TD")
    play(state, *MARCH_PLAY)
    assert state.scores() == [3, 0] and not state.is_terminal()
    # dealer 0 now: the same march with the hands exchanged, seat 1 orders and marches
    state.deal(make_deal(MARCH_HANDS[::-1]))
    act(state, "order", "discard TD")
    play(state, *MARCH_PLAY)
    assert state.scores() == [3, 3] and state.is_chance()
    state.deal(make_deal(BASE_HANDS))  # dealer 1 again: seat 0 makes 3 -> 2 points
    act(state, "order", "discard TD")
    play(state, *BASE_PLAY)
    assert state.scores() == [5, 3] and not state.is_terminal()
    state.deal(make_deal(SWEEP[::-1]))  # dealer 0: seat 1 orders the weak hand, swept
    act(state, *SWEEP_ACTIONS)
    play(state, *SWEEP_PLAY)
    assert state.scores() == [8, 3]
    assert state.is_terminal() and state.winner() == 0 and state.legal_actions() == []
    assert state.current_player == TERMINAL
    assert Event(EventKind.SEAT_WINS_GAME, seat=0) in state.summaries()[-1].events
    assert "seat 0 wins the game" in state.summaries()[-1].to_json()["events"]
    with pytest.raises(RecordError, match="no deal is due"):
        state.deal(make_deal(BASE_HANDS))
    refused(state, "pass", "the match is over")


def test_single_hand_target_null() -> None:
    state = dealt(BASE_HANDS, target=None)
    act(state, "order", "discard TD")
    play(state, *BASE_PLAY)
    assert state.is_terminal() and state.winner() == 0
    thrown = dealt(BASE_HANDS, target=None)
    act(thrown, "pass", "pass", "pass", "pass")
    assert thrown.is_terminal() and thrown.winner() == [0, 1]
    nothing = dealt(BASE_HANDS, target=None, make_points=0)
    act(nothing, "order", "discard TD")
    play(nothing, *BASE_PLAY)
    assert nothing.is_terminal() and nothing.winner() == [0, 1]


# -- views, hidden cards, records ---------------------------------------------------------------
def test_views_hide_the_opponents_hand_discard_and_stock() -> None:
    state = dealt(BASE_HANDS)
    act(state, "order", "discard TD")
    for seat in (0, 1):
        view = state.view(seat)
        assert {card_name(c) for c in view.hand} == hand(state, seat)
        assert view.public.to_json()["upcard"] == "9H" and view.public.to_json()["stock_size"] == 13
        known = {card_name(c) for c in view.known_cards()}
        other = hand(state, 1 - seat)
        assert not known & (other - {"9H"})
        hidden = {card_name(c) for c in parse_card_mask(state.hidden_from(seat))}
        assert other - {"9H"} <= hidden and "9H" not in hidden
        assert "KH" in hidden  # the stock
    assert state.view(0).history == ((0, "order"), (1, "discard"))
    assert state.view(1).history == ((0, "order"), (1, "discard TD"))
    assert (
        state.view(1).public.to_json()["own_discards"] == ["TD"]
        and state.view(0).public.to_json()["own_discards"] == []
    )
    assert "TD" in {card_name(c) for c in parse_card_mask(state.hidden_from(0))}
    assert state.view(0).legal == ("play 9C", "play AH", "play AS", "play JH", "play QC")
    assert state.view(1).legal == ()


def parse_card_mask(mask: int) -> list[int]:
    return [card for card in range(64) if mask >> card & 1]


def test_record_round_trip_and_push_pop() -> None:
    state = dealt(BASE_HANDS)
    act(state, "order", "discard TD")
    play(state, *BASE_PLAY[:5])
    again = replay_record(record_of(state))
    assert snapshot(again) == snapshot(state)
    result = replay_json(state)
    assert result["sides"] == [[0], [1]] and result["to_act"] == 0  # T3 led by seat 1
    assert result["deals"][0]["complete"] is False and result["deals"][0]["makers"] == 0
    before = snapshot(state)
    state.push(state.legal_actions()[0])
    state.pop()
    assert snapshot(state) == before
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert snapshot(state) == before


def test_random_matches_end_at_the_target() -> None:
    game = load_game("two_handed_euchre")
    outcomes: Counter[str] = Counter()
    for seed in range(30):
        rng = random.Random(seed)
        state = game.new_match(rng)
        dealers = []
        while not state.is_terminal():
            if state.is_chance():
                dealers.append(state.dealer)
                state.deal_random(rng)
            else:
                state.apply(rng.choice(state.legal_actions()))
        assert all(a != b for a, b in itertools.pairwise(dealers))  # alternate
        winner = state.winner()
        assert isinstance(winner, int) and state.scores()[winner] >= 5
        assert state.scores()[1 - winner] < 5
        for summary in state.summaries():
            outcomes["thrown" if summary.thrown_in else str(sum(summary.points))] += 1
            assert summary.points.count(0) >= 1  # only one player scores in a deal
    assert outcomes["1"] and outcomes["2"] and outcomes["thrown"]
    assert state.current_player == TERMINAL
