"""Cards, suits and card sets: parsing, formatting and masks (RULES.md notation)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tricktable.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JOKER,
    SPADES,
    SUIT_LETTERS,
    SUIT_MASKS,
    SUIT_SYMBOLS,
    SUITS,
    card_name,
    cards_of,
    cards_text,
    count,
    is_red,
    iter_cards,
    make_card,
    mask_of,
    parse_card,
    parse_cards,
    parse_suit,
    rank_of,
    same_colour_suit,
    standard_deck,
    suit_of,
)
from tricktable.errors import CardError, TricktableError

RANK_TEXT = {1: "1", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
             10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}  # fmt: skip
ALL_CARDS = [make_card(suit, rank) for suit in SUITS for rank in range(1, 15)] + [JOKER]


def _expected_name(card: int) -> str:
    if card == JOKER:
        return "JO"
    return RANK_TEXT[card & 15] + "SHDC"[card >> 4]


# -- round trips -------------------------------------------------------------------------------


@pytest.mark.parametrize("card", ALL_CARDS, ids=_expected_name)
def test_every_card_round_trips(card: int) -> None:
    name = card_name(card)
    assert name == _expected_name(card)
    assert parse_card(name) == card
    assert parse_card(name.lower()) == card


def test_there_are_57_distinct_cards() -> None:
    names = {card_name(card) for card in ALL_CARDS}
    assert len(names) == len(ALL_CARDS) == 57


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("10H", "TH"),
        ("10h", "TH"),
        ("th", "TH"),
        ("T♥", "TH"),
        ("10♥", "TH"),
        ("10♥\ufe0f", "TH"),
        ("J♠", "JS"),
        ("J♠️", "JS"),
        ("j♤", "JS"),
        ("q♡", "QH"),
        ("K♢", "KD"),
        ("9♧", "9C"),
        ("a♦", "AD"),
        ("A♣", "AC"),
        ("jo", "JO"),
        ("Jo", "JO"),
        ("JOKER", "JO"),
        ("joker", "JO"),
        ("1s", "1S"),
        ("1H", "1H"),
        ("1♦", "1D"),
        ("1c", "1C"),
        ("  as ", "AS"),
        ("2s", "2S"),
    ],
)
def test_accepted_spellings(text: str, name: str) -> None:
    assert card_name(parse_card(text)) == name


_RANK_SPELLINGS = {rank: [letter, letter.lower()] for rank, letter in RANK_TEXT.items()}
_RANK_SPELLINGS[10] = ["T", "t", "10"]
_SUIT_SPELLINGS = [["S", "s", "♠", "♤"], ["H", "h", "♥", "♡"], ["D", "d", "♦", "♢"],
                   ["C", "c", "♣", "♧"]]  # fmt: skip


@st.composite
def spelled_card(draw: st.DrawFn) -> tuple[int, str]:
    """A natural card and one of its accepted spellings."""
    suit = draw(st.sampled_from(SUITS))
    rank = draw(st.integers(1, 14))
    rank_text = draw(st.sampled_from(_RANK_SPELLINGS[rank]))
    suit_text = draw(st.sampled_from(_SUIT_SPELLINGS[suit]))
    pad = draw(st.sampled_from(["", " ", "\t"]))
    return make_card(suit, rank), f"{pad}{rank_text}{suit_text}{pad}"


@given(spelled_card())
def test_any_spelling_parses_to_its_card(item: tuple[int, str]) -> None:
    card, text = item
    assert parse_card(text) == card
    assert parse_card(card_name(card)) == card


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=12), st.sampled_from([" ", ", ", ","]))
def test_parse_cards_round_trips_cards_text(cards: list[int], separator: str) -> None:
    text = separator.join(card_name(card) for card in cards)
    assert parse_cards(text) == cards
    assert parse_cards([card_name(card) for card in cards]) == cards
    assert parse_cards(cards_text(cards)) == cards


# -- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["", " ", "A", "S", "10", "XS", "AX", "1J", "11S", "0S", "AS♠", "♠A", "JOK", "J O", "AS KS",
     "1O", "TEN", "?", "15S", "ZZ"],
)  # fmt: skip
def test_bad_card_text_raises_card_error_with_help(text: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(text)
    message = str(info.value)
    assert repr(text) in message
    assert "rank then suit" in message and "JO" in message
    assert isinstance(info.value, TricktableError) and isinstance(info.value, ValueError)


def test_parse_cards_reports_the_bad_item() -> None:
    with pytest.raises(CardError, match="'QX'"):
        parse_cards("AS KS QX")


@pytest.mark.parametrize("text", ["", "X", "SS", "1", "♠♠", "spades"])
def test_bad_suit_text_raises_card_error(text: str) -> None:
    with pytest.raises(CardError, match="not a suit; suits are S H D C"):
        parse_suit(text)


@pytest.mark.parametrize("value", [64, 100, -100, None, "AS", 1.5])
def test_card_name_of_a_non_card_raises(value: object) -> None:
    with pytest.raises(CardError, match="is not a card"):
        card_name(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [0, 16, 31, 47, 63, -1])
def test_card_name_of_an_unused_id_raises(value: int) -> None:
    with pytest.raises(CardError):
        card_name(value)


# -- suits -------------------------------------------------------------------------------------


def test_suit_parsing_letters_and_symbols() -> None:
    for suit in SUITS:
        assert parse_suit(SUIT_LETTERS[suit]) == suit
        assert parse_suit(SUIT_LETTERS[suit].lower()) == suit
        assert parse_suit(SUIT_SYMBOLS[suit]) == suit
        assert parse_suit(f" {SUIT_SYMBOLS[suit]}\ufe0f ") == suit


def test_colours_and_colour_mates() -> None:
    assert [is_red(suit) for suit in SUITS] == [False, True, True, False]
    assert same_colour_suit(SPADES) == CLUBS and same_colour_suit(CLUBS) == SPADES
    assert same_colour_suit(HEARTS) == DIAMONDS and same_colour_suit(DIAMONDS) == HEARTS
    for suit in SUITS:
        assert same_colour_suit(same_colour_suit(suit)) == suit
        assert is_red(same_colour_suit(suit)) == is_red(suit)


def test_suit_and_rank_of() -> None:
    card = parse_card("JS")
    assert (suit_of(card), rank_of(card)) == (SPADES, 11)
    assert (suit_of(parse_card("AC")), rank_of(parse_card("AC"))) == (CLUBS, ACE)
    assert suit_of(JOKER) == -1 and rank_of(JOKER) == 15


# -- masks -------------------------------------------------------------------------------------


@given(st.sets(st.sampled_from(ALL_CARDS)))
def test_mask_round_trip(cards: set[int]) -> None:
    mask = mask_of(cards)
    assert count(mask) == len(cards)
    assert cards_of(mask) == sorted(cards)
    assert list(iter_cards(mask)) == sorted(cards)
    assert mask_of(cards_of(mask)) == mask


def test_cards_of_returns_a_fresh_list() -> None:
    mask = mask_of(parse_cards("AS KH"))
    first = cards_of(mask)
    first.append(JOKER)
    assert cards_of(mask) == parse_cards("AS KH")
    assert JOKER not in cards_of(mask)


def test_suit_masks_hold_each_natural_card_once_and_never_the_joker() -> None:
    union = 0
    for suit, mask in zip(SUITS, SUIT_MASKS, strict=True):
        assert {suit_of(card) for card in cards_of(mask)} == {suit}
        assert count(mask) == 14
        assert not union & mask
        union |= mask
    assert not union >> JOKER & 1
    assert union | (1 << JOKER) == mask_of(ALL_CARDS)


@pytest.mark.parametrize(
    ("low", "joker", "size"), [(9, False, 24), (9, True, 25), (8, False, 28), (7, False, 32),
                               (7, True, 33), (2, False, 52), (1, False, 56)]
)  # fmt: skip
def test_standard_decks(low: int, joker: bool, size: int) -> None:
    deck = standard_deck(range(low, ACE + 1), joker=joker)
    assert len(deck) == len(set(deck)) == size
    assert (JOKER in deck) == joker
    assert all(card == JOKER or low <= rank_of(card) <= ACE for card in deck)
    # suit order, then rank order inside each suit
    natural = [card for card in deck if card != JOKER]
    assert natural == sorted(natural)
