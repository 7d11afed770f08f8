"""Individual bid euchre (RULES.md 1.10) rule by rule, on fixed deals.

Every expected number here is worked out from RULES.md, not read from the engine.
Seats are numbered clockwise; the dealer D deals, eldest D+1 bids first. Scores count
down from ``start_score`` (21): a trick -1, a set +``set_points`` (5).

The fixed deals (4 players unless said otherwise):

- ``TRUMP``: with hearts trump (JH right, JD left, AH KH QH TH 9H) and seat 0 leading,
  the play ``TRUMP_PLAY`` gives tricks 4, 2, 0, 0 (worked out in
  ``tests/golden/build_bid_euchre.py``).
- ``SPLIT``: seat 0 holds A K Q of spades and 9 T J of hearts, seat 1 the other spades and
  hearts, seat 2 every diamond, seat 3 every club. Without trump, seats 0 and 1 always
  follow each other; under ``high`` seat 0 wins every spade trick and seat 1 every heart
  trick (reversed under ``low``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tricktable.cards import card_name, mask_of, parse_card, shuffled
from tricktable.core import CHANCE, TERMINAL, Deal
from tricktable.errors import IllegalActionError, RecordError, RuleError
from tricktable.games import load_game
from tricktable.games.bid_euchre.engine import (
    FORM_OPTIONS,
    PRESETS,
    BidEuchre,
    BidEuchreRules,
    BidEuchreState,
)
from tricktable.record import record_of, replay_json, replay_record
from tricktable.rules import option_infos

TRUMP = ["JH AH KH AS KS 9C", "JD QH 9H QS TS AC", "TH AD KD QD 9D JS", "JC KC QC TC TD 9S"]
TRUMP_PLAY = "KH JD TH 9S  QS JS TD AS  JH 9H 9D TC  AH QH QD JC  KS TS KD QC  9C AC AD KC"
SPLIT = ["AS KS QS 9H TH JH", "JS TS 9S AH KH QH", "9D TD JD QD KD AD", "9C TC JC QC KC AC"]
SPLIT_HIGH_PLAY = "AS 9S  KS TS  QS JS  9H AH  KH TH  QH JH"
THREE = ["AS KS QS 9H TH JH AD KD", "JS TS 9S AH KH QH QD JD", "AC KC QC JC TC 9C TD 9D"]


def game(players: int = 4, **options: Any) -> BidEuchre:
    made = load_game("bid_euchre", options, players=players)
    assert isinstance(made, BidEuchre)
    return made


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(card) for card in text.split())


def make_deal(hands: list[str]) -> Deal:
    return Deal(tuple(cards(hand) for hand in hands), None, ())


def new(hands: list[str], dealer: int = 3, **options: Any) -> BidEuchreState:
    state = game(len(hands), **options).new_state(dealer)
    state.deal(make_deal(hands))
    return state


def act(state: BidEuchreState, *texts: str) -> None:
    for text in texts:
        state.apply_text(text)


def play(state: BidEuchreState, text: str) -> None:
    for card in text.split():
        state.apply_text(f"play {card}")


def last(state: BidEuchreState) -> dict[str, Any]:
    entry: dict[str, Any] = replay_json(state)["deals"][-1]
    return entry


# -- players, cards, options -------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(3, 8), (4, 6)])
def test_whole_deck_is_dealt(players: int, size: int) -> None:
    made = game(players)
    assert made.hand_size == size and len(made.deck) == 24
    assert {card_name(card) for card in made.deck} == {
        rank + suit for suit in "SHDC" for rank in "9TJQKA"
    }
    assert made.sides == [[seat] for seat in range(players)]
    state = made.new_state(0)
    deal = state.random_deal(random.Random(players))
    assert deal.turned is None and deal.stock == ()
    assert [len(hand) for hand in deal.hands] == [size] * players
    assert sorted(card for hand in deal.hands for card in hand) == sorted(made.deck)


def test_packets_of_three_from_eldest() -> None:
    """The documented pattern: packets of 3 from eldest, a last round of 2 with 3 players."""
    for players, packets in ((4, (3, 3)), (3, (3, 3, 2))):
        made = game(players)
        dealer = players - 1
        state = made.new_state(dealer)
        rng = random.Random(9)
        deal = state.random_deal(rng)
        deck = shuffled(made.deck, random.Random(9))
        expected: list[list[int]] = [[] for _ in range(players)]
        position = 0
        for packet in packets:
            for seat in range(players):  # eldest is seat 0 when the dealer is the last seat
                expected[seat].extend(deck[position : position + packet])
                position += packet
        assert [list(hand) for hand in deal.hands] == expected


@pytest.mark.parametrize("players", [1, 2, 5, 6])
def test_only_three_or_four_players(players: int) -> None:
    with pytest.raises(RuleError, match="3 or 4 players"):
        game(players)


def test_default_is_four_players_indiana() -> None:
    made = load_game("bid_euchre")
    assert made.players == 4 and made.rules == BidEuchreRules()
    assert made.rules_dict() == {"preset": "indiana"}
    assert list(PRESETS) == ["indiana", "partnership"]
    assert made.rules.start_score == 21 and made.rules.set_points == 5
    individual = {info.name for info in option_infos(BidEuchreRules)} - set(
        FORM_OPTIONS["partnership"]
    )
    assert individual == {"start_score", "set_points"}


def test_options_from_rule_string_and_bad_values() -> None:
    made = load_game("bid_euchre(start_score=11,set_points=3)", players=3)
    assert made.rules.start_score == 11 and made.rules.set_points == 3
    assert made.rule_string() == "bid_euchre(preset=indiana,start_score=11,set_points=3)"
    with pytest.raises(RuleError, match="start_score"):
        game(start_score=0)
    with pytest.raises(RuleError, match="set_points"):
        game(set_points=-1)
    with pytest.raises(RuleError, match="'target' belongs only to bid_euchre's partnership"):
        game(target=10)
    with pytest.raises(RuleError, match=r"unknown option 'goal'.*start_score, set_points$"):
        game(goal=10)


def test_scores_start_at_start_score() -> None:
    assert game().new_state(0).scores() == [21] * 4
    assert game(3, start_score=9).new_state(0).scores() == [9] * 3


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ([*TRUMP[:3], "JC KC QC TC TD"], "seat 3 holds 5 cards, expected 6"),
        ([*TRUMP[:3], "JC KC QC TC TD 9S 8S"], "not in this game's deck"),
        ([*TRUMP[:3], "JC KC QC TC TD JS"], "appears twice"),
        (TRUMP[:3], "3 hands, expected 4"),
    ],
)
def test_impossible_deals_are_refused(hands: list[str], message: str) -> None:
    state = game().new_state(3)
    with pytest.raises(RecordError, match=message):
        state.deal(make_deal(hands))
    assert state.is_chance() and state.deals == []


def test_a_turned_card_or_stock_is_refused() -> None:
    state = game().new_state(3)
    hands = tuple(cards(hand) for hand in TRUMP)
    with pytest.raises(RecordError, match="appears twice"):
        state.deal(Deal(hands, parse_card("9S"), ()))
    short = (*hands[:3], cards("JC KC QC TC TD"))  # the 9S in a stock instead: no kitty
    with pytest.raises(RecordError, match="seat 3 holds 5 cards, expected 6"):
        state.deal(Deal(short, None, cards("9S")))


# -- bidding ------------------------------------------------------------------------------------


def test_bidding_starts_with_eldest_and_bids_must_rise() -> None:
    state = new(TRUMP, dealer=1)
    assert state.current_player == 2 and state.view(2).phase == "bid"
    assert state.legal_texts() == [f"bid {n}" for n in range(1, 7)] + ["pass"]
    act(state, "bid 2")
    assert state.current_player == 3
    assert state.legal_texts() == ["bid 3", "bid 4", "bid 5", "bid 6", "pass"]
    with pytest.raises(IllegalActionError, match="higher than the current bid of 2"):
        state.apply_text("bid 2")
    with pytest.raises(IllegalActionError, match="from 1 to 6"):
        state.apply_text("bid 7")
    act(state, "bid 6")
    assert state.legal_texts() == ["pass"]  # nothing is higher than the whole hand
    with pytest.raises(IllegalActionError, match="only pass is left"):
        state.apply_text("bid 6")


def test_one_round_the_last_bid_wins() -> None:
    state = new(TRUMP, dealer=3)
    act(state, "bid 1", "bid 2", "pass")
    assert state.current_player == 3
    act(state, "bid 4")  # the dealer overbids and the round is over
    assert state.view(0).phase == "name" and state.current_player == 3
    assert state.view(0).public.to_json()["bids"] == [1, 2, None, 4]
    assert state.view(0).public.to_json()["maker"] == 3


def test_dealer_may_pass_when_someone_bid() -> None:
    state = new(TRUMP, dealer=3)
    act(state, "pass", "bid 3", "pass")
    assert "pass" in state.legal_texts()
    act(state, "pass")
    assert state.current_player == 1 and state.view(1).phase == "name"


@pytest.mark.parametrize("players", [3, 4])
def test_stuck_dealer_must_bid(players: int) -> None:
    hands = THREE if players == 3 else TRUMP
    dealer = players - 1
    state = new(hands, dealer=dealer)
    act(state, *["pass"] * (players - 1))
    assert state.current_player == dealer
    assert state.legal_texts() == ["bid 1"]  # RULES.md 1.10: "the dealer must bid 1"
    with pytest.raises(IllegalActionError, match="the dealer must bid") as error:
        state.apply_text("pass")
    assert error.value.legal == state.legal_texts()
    act(state, "bid 1")
    assert state.current_player == dealer and state.view(dealer).phase == "name"


def test_bid_zero_and_non_bidding_actions_are_refused() -> None:
    state = new(TRUMP)
    with pytest.raises(IllegalActionError, match="from 1 to 6"):
        state.apply_text("bid 0")
    for text in ("stay", "name H", "play JH", "order"):
        with pytest.raises(IllegalActionError, match="bid a number of tricks or pass"):
            state.apply_text(text)
    assert state.actions == [[]]


# -- naming trump, staying and dropping ---------------------------------------------------------


def test_bidder_names_a_suit_high_or_low() -> None:
    state = new(TRUMP)
    act(state, "bid 2", "pass", "pass", "pass")
    assert state.legal_texts() == ["high", "low", "name C", "name D", "name H", "name S"]
    with pytest.raises(IllegalActionError, match="must name trump"):
        state.apply_text("pass")
    act(state, "low")
    assert state.view(2).public.to_json()["trump"] == "low"
    assert last(state)["trump"] == "low" and last(state)["makers"] == 0


def test_others_decide_from_the_bidders_left_then_bidder_leads() -> None:
    state = new(TRUMP, dealer=3)
    act(state, "pass", "pass", "bid 2", "pass", "name D")
    order = []
    for _ in range(3):
        order.append(state.current_player)
        assert state.legal_texts() == ["drop", "stay"]
        act(state, "stay")
    assert order == [3, 0, 1]  # the bidder (seat 2) is not asked
    assert state.view(0).phase == "play" and state.current_player == 2


def test_dropped_seats_are_skipped_and_their_cards_stay_hidden() -> None:
    state = new(SPLIT)
    act(state, "bid 1", "pass", "pass", "pass", "high", "stay", "drop", "drop")
    assert state.view(0).public.to_json()["dropped"] == [2, 3]
    act(state, "play AS")
    assert state.current_player == 1  # then straight back to seat 0
    act(state, "play 9S")
    assert state.current_player == 0 and state.view(0).trick_winners == (0,)
    assert state.view(0).tricks == (((0, parse_card("AS")), (1, parse_card("9S"))),)
    play(state, "KS TS  QS JS  9H AH  KH TH  QH JH")
    assert state.is_chance()
    # the dropped hands were never played and are never shown
    for seat in (0, 1):
        assert state.hidden_from(seat) & mask_of(cards(SPLIT[2])) == mask_of(cards(SPLIT[2]))
        assert not set(cards(SPLIT[3])) & state.view(seat).known_cards()


def test_everyone_drops_the_bidder_takes_every_trick_unplayed() -> None:
    state = new(TRUMP)
    act(state, "bid 1", "pass", "pass", "pass", "name S", "drop", "drop", "drop")
    assert state.is_chance() and state.dealer == 0
    entry = replay_json(state)["deals"][0]
    assert entry["tricks"] == [6, 0, 0, 0] and entry["points"] == [-6, 0, 0, 0]
    assert state.scores() == [15, 21, 21, 21]


# -- play ---------------------------------------------------------------------------------------


def trump_hand() -> BidEuchreState:
    state = new(TRUMP)
    act(state, "bid 2", "pass", "pass", "pass", "name H", "stay", "stay", "stay")
    return state


def test_left_bower_is_a_trump_for_following() -> None:
    state = trump_hand()
    act(state, "play KH")
    assert state.legal_texts() == ["play 9H", "play JD", "play QH"]
    with pytest.raises(IllegalActionError, match="must follow the led suit \\(hearts"):
        state.apply_text("play AC")
    act(state, "play JD")  # the left bower beats the king
    act(state, "play TH", "play 9S")
    assert state.view(0).trick_winners == (1,)


def test_left_bower_does_not_follow_diamonds() -> None:
    """Hearts trump: a diamond lead does not oblige the holder of JD alone to play it."""
    hands = ["AD 9C TC JC QC KC", "JD AS KS QS TS 9S", "KD QD TD 9D AH KH", "JH QH TH 9H JS AC"]
    state = new(hands)
    act(state, "bid 1", "pass", "pass", "pass", "name H", "stay", "stay", "stay")
    act(state, "play AD")
    legal = state.legal_texts()
    assert "play AS" in legal and "play JD" in legal and len(legal) == 6


def test_no_bowers_without_trump() -> None:
    """Under high JD is a plain diamond: a heart lead does not call for it."""
    hands = ["AH 9C TC JC QC KC", "JD AS KS QS TS 9S", "KD QD TD 9D KH QH", "JH TH 9H AD JS AC"]
    state = new(hands)
    act(state, "bid 1", "pass", "pass", "pass", "high", "stay", "stay", "stay")
    act(state, "play AH")
    assert len(state.legal_texts()) == 6  # seat 1 holds no heart
    act(state, "play JD", "play KH", "play JH")
    assert state.view(0).trick_winners == (0,)  # the ace is highest under high


def test_low_ranks_nine_highest_and_ace_lowest() -> None:
    state = new(SPLIT)
    act(state, "bid 1", "pass", "pass", "pass", "low", "stay", "drop", "drop")
    play(state, "AS JS")
    assert state.view(0).trick_winners == (1,)  # J beats A under low
    play(state, "9S QS")  # seat 1 leads its nine: highest
    play(state, "TS KS")
    assert state.view(0).trick_winners == (1, 1, 1)


def test_high_trick_by_trick_and_cards_in_play() -> None:
    state = new(SPLIT)
    act(state, "bid 1", "pass", "pass", "pass", "high", "stay", "drop", "drop")
    play(state, SPLIT_HIGH_PLAY)
    assert list(state.view(2).trick_winners) == [0, 0, 0, 1, 1, 1]


def test_not_holding_a_card() -> None:
    state = trump_hand()
    with pytest.raises(IllegalActionError, match="does not hold QC"):
        state.apply_text("play QC")


# -- scoring ------------------------------------------------------------------------------------


def test_trump_hand_scores() -> None:
    state = trump_hand()
    play(state, TRUMP_PLAY)
    entry = replay_json(state)["deals"][0]
    assert entry["tricks"] == [4, 2, 0, 0]
    assert entry["points"] == [-4, -2, 5, 5]  # two stayers without a trick are set
    assert entry["scores"] == [17, 19, 26, 26] == state.scores()
    assert entry["bids"] == [2, None, None, None] and entry["makers"] == 0
    assert entry["trump"] == "H" and entry["sets"] == [0, 0, 1, 1]
    assert state.dealer == 0 and state.is_chance()  # the deal passes left


def test_bidder_short_of_the_bid_is_set_without_subtracting() -> None:
    state = new(TRUMP)
    act(state, "bid 5", "pass", "pass", "pass", "name H", "stay", "stay", "stay")
    play(state, TRUMP_PLAY)
    assert last(state)["points"] == [5, -2, 5, 5]


def test_bidder_exactly_making_the_bid() -> None:
    state = new(SPLIT)
    act(state, "bid 3", "pass", "pass", "pass", "high", "stay", "drop", "stay")
    play(state, "AS 9S 9C  KS TS TC  QS JS JC  9H AH QC  KH KC TH  QH AC JH")
    entry = last(state)
    assert entry["tricks"] == [3, 3, 0, 0]
    assert entry["points"] == [-3, -3, 0, 5]


def test_set_points_option() -> None:
    state = new(TRUMP, set_points=2)
    act(state, "bid 5", "pass", "pass", "pass", "name H", "stay", "stay", "stay")
    play(state, TRUMP_PLAY)
    assert last(state)["points"] == [2, -2, 2, 2]
    assert state.scores() == [23, 19, 23, 23]


def test_three_players_high() -> None:
    state = new(THREE, dealer=2)
    act(state, "bid 3", "bid 4", "pass", "high", "stay", "stay")
    play(
        state,
        "AH 9C 9H  KH TC TH  QH JC JH  QD TD KD  AS 9S QC  KS TS KC  QS JS AC  AD JD 9D",
    )
    entry = last(state)
    assert entry["tricks"] == [5, 3, 0] and entry["points"] == [-5, 5, 5]
    assert state.scores() == [16, 26, 26] and state.dealer == 0


# -- the end of the match -----------------------------------------------------------------------


def split_deal(state: BidEuchreState, bid: str = "bid 1") -> None:
    state.deal(make_deal(SPLIT))
    act(state, bid, "pass", "pass", "pass", "high", "stay", "drop", "drop")
    play(state, SPLIT_HIGH_PLAY)


def test_first_to_zero_wins() -> None:
    state = game(start_score=3).new_state(3)
    split_deal(state)
    assert state.scores() == [0, 0, 3, 3]
    assert state.is_terminal() and state.winner() == [0, 1]  # tied, no sets: shared
    assert state.legal_actions() == [] and state.current_player == TERMINAL
    assert replay_json(state)["finished"] is True


def test_not_over_above_zero() -> None:
    state = game(start_score=4).new_state(3)
    split_deal(state)
    assert state.scores() == [1, 1, 4, 4] and state.current_player == CHANCE


def test_lowest_score_wins_then_fewest_sets() -> None:
    four_two = ["AS KS QS JS 9H TH", "TS 9S AH KH QH JH", SPLIT[2], SPLIT[3]]
    plays = "AS TS  KS 9S  QS JH  JS QH  9H KH  AH TH"
    state = game(start_score=4, set_points=0).new_state(3)
    state.deal(make_deal(four_two))
    act(state, "bid 5", "pass", "pass", "pass", "high", "stay", "drop", "drop")
    play(state, plays)  # seat 0 takes 4 of 5: set (+0); seat 1 takes 2
    assert state.scores() == [4, 2, 4, 4] and state.sets == [1, 0, 0, 0]
    state.deal(make_deal(four_two))
    act(state, "pass", "pass", "pass", "bid 1", "high", "stay", "drop", "drop")
    play(state, plays)
    assert state.scores() == [0, 0, 4, 4]
    assert state.winner() == 1  # tied at 0; seat 0 has been set once
    assert "fewest hands set" in last(state)["events"][-1]

    lowest = game(start_score=2).new_state(3)
    lowest.deal(make_deal(four_two))
    act(lowest, "bid 1", "pass", "pass", "pass", "high", "stay", "drop", "drop")
    play(lowest, plays)
    assert lowest.scores() == [-2, 0, 2, 2] and lowest.winner() == 0


def test_a_deal_after_the_end_is_refused() -> None:
    state = game(start_score=3).new_state(3)
    split_deal(state)
    with pytest.raises(RecordError, match="no deal is due"):
        state.deal(make_deal(SPLIT))


# -- records, views, undo ------------------------------------------------------------------------


def test_record_round_trip_and_replay_json() -> None:
    state = trump_hand()
    play(state, TRUMP_PLAY)
    state.deal(make_deal(SPLIT))
    act(state, "pass", "bid 2")
    record = record_of(state, seed=5)
    assert record["game"] == "bid_euchre" and record["players"] == 4
    assert record["deals"][0]["turned"] is None and record["deals"][0]["stock"] == []
    again = replay_record(record)
    out = replay_json(again)
    assert out["sides"] == [[0], [1], [2], [3]]
    assert out["deals"][1]["complete"] is False and out["deals"][1]["bids"] == [
        None,
        None,
        2,
        None,
    ]
    assert out["to_act"] == 3 and out["legal"] == ["bid 3", "bid 4", "bid 5", "bid 6", "pass"]


def test_view_shows_only_own_hand_and_public_facts() -> None:
    state = trump_hand()
    view = state.view(2)
    assert view.hand == tuple(sorted(cards(TRUMP[2])))
    assert view.legal == () and view.to_act == 0
    assert view.public.to_json()["trump"] == "H" and view.public.to_json()["maker"] == 0
    assert view.public.to_json()["decisions"] == [None, "stay", "stay", "stay"]
    assert view.history[0] == (0, "bid 2")
    others = mask_of(cards(TRUMP[0]) + cards(TRUMP[1]) + cards(TRUMP[3]))
    assert state.hidden_from(2) == others


def test_push_pop_and_clone() -> None:
    state = trump_hand()
    before = replay_json(state)
    copy = state.clone()
    for action in state.legal_actions():
        state.push(action)
        assert state.pop() == action
    assert replay_json(state) == before
    copy.apply_text("play JH")
    assert replay_json(state) == before
