"""The draw for partners in words."""

from __future__ import annotations

from tricktable.cards import parse_cards
from tricktable.presentation.events import Names
from tricktable.presentation.hands import card_label
from tricktable.presentation.seating import partner_draw_lines
from tricktable.seating import PartnerDraw


def test_a_redraw_is_told_and_each_pair_named() -> None:
    cards = [parse_cards(text) for text in ("AD KD TC", "9S QS", "AC KS JH", "9H KC")]
    draw = PartnerDraw("low", (2, 0, 3, 1), tuple(tuple(c) for c in cards))
    names = Names(seats=["Ann", "You", "Cid", "Dee"], plural_seats=frozenset({1}))
    assert partner_draw_lines(draw, [[0, 2], [1, 3]], names) == [
        "Drawing for partners: the two lowest cards play together (aces low).",
        "Ann draws AD, then after a tie KD, then TC.",
        "You draw 9S, then after a tie QS.",
        "Cid draws AC, then after a tie KS, then JH.",
        "Dee draws 9H, then after a tie KC.",
        "Ann and Cid play together; You and Dee play together.",
    ]


def test_cards_are_written_as_the_names_say() -> None:
    draw = PartnerDraw("high", (0, 1, 2, 3), tuple((c,) for c in parse_cards("TH 9S QD KC")))
    names = Names(seats=["A", "B", "C", "D"], card=card_label)
    assert partner_draw_lines(draw, [[0, 2], [1, 3]], names)[1] == "A draws 10H."
