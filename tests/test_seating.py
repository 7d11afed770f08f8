"""Drawing for partners: the pairs by ``high`` and ``low``, ranks, ties, refusals, the record
field."""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any

import pytest

from tricktable.cards import cards_text, parse_cards
from tricktable.errors import CardError
from tricktable.games import load_game
from tricktable.seating import (
    PartnerDraw,
    SeatingError,
    draw_for_partners,
    draw_value,
    game_deck,
    is_partnership,
)

EUCHRE = load_game("euchre(preset=north_american)")


class StackedPack(random.Random):
    """A generator whose shuffle stacks the pack: ``top`` drawn first, in that order, the rest
    of the deck below (a fresh pack stacks ``again``)."""

    def __init__(self, top: str, again: str = "") -> None:
        super().__init__(0)
        self.stacks = [parse_cards(top), parse_cards(again)]

    def shuffle(self, x: MutableSequence[Any]) -> None:
        top = self.stacks.pop(0) if self.stacks else []
        rest = [card for card in x if card not in top]
        x[:] = rest + list(reversed(top))  # the draw takes the last card first


def cards_of(draw: PartnerDraw) -> list[str]:
    return [cards_text(cards) for cards in draw.cards]


def test_high_pairs_the_two_highest_and_the_best_card_sits_in_seat_0() -> None:
    draw = draw_for_partners(EUCHRE, "high", StackedPack("9S KH AD TC"))
    # Players 2 (ace) and 1 (king) together, the ace in seat 0; 3 (ten) and 0 (nine) opposite.
    assert draw.player_at == (2, 3, 1, 0)
    assert cards_of(draw) == ["AD", "TC", "KH", "9S"]
    assert draw.seated(["Ann", "Bob", "Cid", "Dee"]) == ["Cid", "Dee", "Bob", "Ann"]
    assert draw.seat_of(0) == 3


def test_low_pairs_the_two_lowest_aces_low() -> None:
    draw = draw_for_partners(EUCHRE, "low", StackedPack("9S KH AD TC"))
    # The ace is the lowest card with low: players 2 (ace) and 0 (nine) together.
    assert draw.player_at == (2, 3, 0, 1)
    assert cards_of(draw) == ["AD", "TC", "9S", "KH"]


def test_jacks_rank_between_ten_and_queen_without_bowers() -> None:
    for rule in ("high", "low"):
        values = [draw_value(card, rule) for card in parse_cards("TS JS QS JH")]
        assert values[0] < values[1] < values[2] and values[1] == values[3]
    assert draw_value(parse_cards("JO")[0], "high") > draw_value(parse_cards("AS")[0], "high")


def test_a_tie_draws_again_among_the_tied_only() -> None:
    # Players 1 and 3 tie on kings; they draw again (1 a nine, 3 a queen) and 3 ranks first,
    # partnering player 0's ace.
    draw = draw_for_partners(EUCHRE, "high", StackedPack("AS KH TD KC 9D QD"))
    assert cards_of(draw) == ["AS", "KH 9D", "KC QD", "TD"]
    assert draw.player_at == (0, 1, 3, 2)


def test_a_tie_after_a_redraw_draws_again() -> None:
    draw = draw_for_partners(EUCHRE, "low", StackedPack("9S 9H AD AC KD KS TC JH QS KC"))
    # Aces tie (players 2, 3), then kings tie, then 2's ten beats 3's jack (low); the nines
    # tie too: 0 and 1 redraw once the aces are settled, and 0's queen is the lower.
    assert draw.player_at == (2, 0, 3, 1)
    assert cards_of(draw) == ["AD KD TC", "9S QS", "AC KS JH", "9H KC"]


def test_a_pack_that_runs_out_is_replaced_by_a_fresh_one() -> None:
    # The whole pack stacked rank by rank: all four tie six times and use it up; the seventh
    # draw comes from a fresh pack.
    ranks = " ".join(f"{rank}{suit}" for rank in "9TJQKA" for suit in "SHDC")
    draw = draw_for_partners(EUCHRE, "high", StackedPack(ranks, "AS KS QS JS"))
    assert [len(cards) for cards in draw.cards] == [7, 7, 7, 7]
    assert [cards[-1] for cards in draw.cards] == parse_cards("AS QS KS JS")
    assert draw.player_at == (0, 2, 1, 3)


def test_same_generator_same_draw_and_every_card_from_the_deck() -> None:
    first = draw_for_partners(EUCHRE, "low", random.Random(12))
    again = draw_for_partners(EUCHRE, "low", random.Random(12))
    assert first == again
    deck = set(game_deck(EUCHRE))
    assert all(card in deck for cards in first.cards for card in cards)
    assert sorted(first.player_at) == [0, 1, 2, 3]


def test_the_game_deck_follows_the_rules() -> None:
    assert len(game_deck(EUCHRE)) == 24
    assert len(game_deck(load_game("euchre(preset=mathews_1844)"))) == 32
    assert len(game_deck(load_game("all_fours", players=4))) == 52


def test_only_partnership_games_draw() -> None:
    assert is_partnership(load_game("all_fours", players=4))
    assert not is_partnership(load_game("all_fours", players=2))
    with pytest.raises(SeatingError, match="needs a partnership game"):
        draw_for_partners(load_game("three_handed_euchre"), "high", random.Random(1))
    with pytest.raises(SeatingError, match="'high' or 'low', not 'middle'"):
        draw_for_partners(EUCHRE, "middle", random.Random(1))


def test_all_fours_in_partnerships_draws() -> None:
    game = load_game("all_fours", players=4)
    draw = draw_for_partners(game, "high", StackedPack("2S AS 3S KH"))
    assert draw.player_at == (1, 2, 3, 0)


def test_the_record_field_reads_back() -> None:
    draw = draw_for_partners(EUCHRE, "high", StackedPack("AS KH TD KC 9D QD"))
    data = draw.to_json()
    assert data == {"rule": "high", "cards": [["AS"], ["KH", "9D"], ["KC", "QD"], ["TD"]]}
    again = PartnerDraw.from_json(data, 4)
    assert again.cards == draw.cards and again.rule == "high"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "must be an object"),
        ({"rule": "top", "cards": []}, "rule must be one of high, low"),
        ({"rule": "low", "cards": [["AS"]]}, "must list 4 seats' cards"),
        ({"rule": "low", "cards": [["AS"], [], ["KS"], ["QS"]]}, "seat 1 must be a list"),
    ],
)
def test_a_malformed_record_field_is_refused(data: object, message: str) -> None:
    with pytest.raises(SeatingError, match=message):
        PartnerDraw.from_json(data, 4)
    with pytest.raises(CardError):
        PartnerDraw.from_json({"rule": "low", "cards": [["XX"]] * 4}, 4)
