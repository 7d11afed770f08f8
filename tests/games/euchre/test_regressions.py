"""Regression tests for Euchre engine bugs found by the bot and golden sessions."""

from __future__ import annotations

from tricktable.cards import parse_card, parse_cards
from tricktable.core import Deal
from tricktable.games import load_game
from tricktable.games.euchre.engine import EuchreState


def _state(
    rules: dict[str, object], dealer: int, hands: list[str], upcard: str, stock: str
) -> EuchreState:
    game = load_game("euchre", rules)
    state = game.new_state(dealer)
    assert isinstance(state, EuchreState)
    state.deal(
        Deal(
            tuple(tuple(parse_cards(h)) for h in hands),
            parse_card(upcard),
            tuple(parse_cards(stock)),
        )
    )
    return state


def test_a_hand_holding_the_2s_benny_is_no_farmers_hand() -> None:
    rules = {"preset": "british", "benny": "2S", "farmers_hand": True}
    hands = ["2S 9H TH 9D TC", "AS KS QS JS TS", "9S AH KH QH JH", "AD KD QD JD TD"]
    state = _state(rules, 3, hands, "AC", "KC QC JC 9C")
    assert state.legal_texts() == ["order", "order alone", "pass"]


def test_forced_canadian_loner_keeps_the_dealer_from_picking_up() -> None:
    rules = {
        "preset": "canadian",
        "alone_timing": "after_discard",
        "dealer_picks_up_when_partner_alone": False,
    }
    hands = ["9S TD 9C TC QD", "TS QS KS AS 9D", "JC JS AC KC AH", "TH QH AD KD 9H"]
    state = _state(rules, 0, hands, "QC", "KH JH JD")
    state.apply_text("pass")
    state.apply_text("order")  # the dealer's partner: it must go alone
    assert state.legal_texts() == ["alone"]
    assert not state.dealer_took_up
    state.apply_text("alone")
    assert state.view(0).public.to_json()["sitting_out"] == [0]


def test_the_dealer_names_the_jokers_suit_without_seeing_the_hand() -> None:
    hands = ["9S TS QS KS 9D", "TD QD KD AD 9C", "AS TC QC KC AC", "JH JD AH 9H TH"]
    state = _state({"preset": "british"}, 3, hands, "JO", "QH KH JS JC")
    assert state.view(3).hand == ()
    assert len(state.view(0).hand) == 5
    state.apply_text("name H")
    assert len(state.view(3).hand) == 5
