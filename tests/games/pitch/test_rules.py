"""Pitch's rules (RULES.md 2.6) checked on single positions: the bidding's legal actions
under each option, its refusals, the first lead that makes trump, dealing, and the
options refused."""

from __future__ import annotations

import random

import pytest

from tricktable.cards import card_name, parse_cards
from tricktable.core import Deal
from tricktable.errors import IllegalActionError, RecordError, RuleError
from tricktable.games import load_game, player_counts
from tricktable.games.pitch.engine import Pitch, PitchState

HANDS = ["AH KH 2H 3S 4S 5S", "QH JH TH 6S 7S 8S", "9H 8H 7H 9S TS JS", "AC KC QC JC TC 9C"]


def dealt(players: int = 4, **options: object) -> PitchState:
    """A match of ``players`` with ``options``, seat ``players - 1`` dealing these hands."""
    state = Pitch.from_spec(dict(options), players).new_state(players - 1)
    hands = tuple(tuple(parse_cards(hand)) for hand in HANDS[:players])
    state.deal(Deal(hands, None, ()))
    return state


def bids(state: PitchState, *texts: str) -> PitchState:
    for text in texts:
        state.apply_text(text)
    return state


def test_two_to_seven_players_four_by_default() -> None:
    assert player_counts("pitch") == (2, 3, 4, 5, 6, 7)
    assert load_game("pitch").players == 4


def test_eldest_bids_first_and_the_dealer_last() -> None:
    state = dealt()
    assert state.current_player == 0
    assert state.legal_texts() == ["bid 2", "bid 3", "bid 4", "pass"]
    bids(state, "bid 2", "pass", "bid 3")
    assert state.current_player == 3
    assert state.legal_texts() == ["bid 4", "pass"]


def test_a_partner_may_be_outbid() -> None:
    state = bids(dealt(partnerships=True), "bid 2", "pass")
    assert "bid 3" in state.legal_texts()


def test_after_the_highest_bid_the_others_may_only_pass() -> None:
    state = bids(dealt(), "bid 4")
    assert state.legal_texts() == ["pass"]
    smudge = bids(dealt(smudge=True), "bid 4")
    assert smudge.legal_texts() == ["bid smudge", "pass"]


def test_the_dealer_may_steal_a_number_bid_but_not_a_smudge() -> None:
    state = bids(dealt(dealer_may_steal=True), "bid 4", "pass", "pass")
    assert state.legal_texts() == ["bid 4", "pass"]
    state.apply_text("bid 4")
    assert state.pitcher == 3 and state.current_player == 3
    smudge = bids(dealt(dealer_may_steal=True, smudge=True), "bid smudge", "pass", "pass")
    assert smudge.legal_texts() == ["pass"]


def test_a_stuck_dealer_bids_from_min_bid_or_smudges() -> None:
    state = bids(dealt(min_bid=3, smudge=True), "pass", "pass", "pass")
    assert state.legal_texts() == ["bid 3", "bid 4", "bid smudge"]
    with pytest.raises(IllegalActionError, match="the dealer may not pass"):
        state.apply_text("pass")


def test_all_passed_throws_the_deal_in_and_the_deal_passes_left() -> None:
    state = bids(dealt(all_pass="redeal"), "pass", "pass", "pass", "pass")
    assert state.is_chance() and state.dealer == 0
    assert state.summaries()[-1].thrown_in
    assert state.scores() == [0, 0, 0, 0]


def test_the_pitchers_first_card_makes_trump() -> None:
    state = bids(dealt(), "pass", "pass", "bid 2", "pass")
    assert state.current_player == 2 and state.view(2).public.trump is None
    state.apply_text("play 9S")
    assert card_name(state.trick[0]) == "9S" and state.view(0).public.trump == 0
    # seat 3 holds no spade and no trump: any card
    assert len(state.legal_texts()) == 6
    state.apply_text("play AC")
    # seat 0 holds spades: spades (trump) must be followed
    assert state.legal_texts() == ["play 3S", "play 4S", "play 5S"]


def test_a_min_bid_of_one() -> None:
    assert dealt(min_bid=1).legal_texts() == ["bid 1", "bid 2", "bid 3", "bid 4", "pass"]


@pytest.mark.parametrize(
    ("options", "players", "message"),
    [
        ({}, 1, "2 to 7 players, not 1"),
        ({}, 8, "2 to 7 players, not 8"),
        ({"partnerships": True}, 3, "partnerships need 4 players, not 3"),
        ({"min_bid": 0}, 4, "min_bid"),
        ({"min_bid": 5}, 4, "min_bid must be 1 to 4, not 5"),
        ({"all_pass": "pass"}, 4, "all_pass"),
        ({"target": 0}, 4, "target"),
    ],
)
def test_bad_options_are_refused_by_name(
    options: dict[str, object], players: int, message: str
) -> None:
    with pytest.raises(RuleError, match=message):
        Pitch.from_spec(options, players)


def test_a_deal_turns_no_card_and_keeps_the_rest_as_its_stock() -> None:
    state = Pitch.from_spec({}, 3).new_state(0)
    deal = state.random_deal(random.Random(5))
    assert deal.turned is None and len(deal.stock) == 52 - 18
    assert all(len(hand) == 6 for hand in deal.hands)
    with pytest.raises(RecordError, match="turns no card"):
        state.deal(Deal(deal.hands, deal.stock[0], deal.stock[1:]))


def test_the_stock_and_the_others_hands_are_hidden() -> None:
    state = dealt(3)
    hidden = state.hidden_from(0)
    assert not hidden & state.hands[0]
    assert hidden & state.hands[1] == state.hands[1]
