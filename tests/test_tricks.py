"""Trick mechanics against a slow, obviously correct reference written from RULES.md.

The reference works on card *names* and plain comparisons, never on the engine's
tables, so the fast table-driven code is checked against an independent reading of
the rules (1.1: Benny, right bower, left bower, A K Q T 9 8 7 in trump; the left bower
and the Benny belong to trump for every purpose).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tricktable.cards import (
    JOKER,
    SUITS,
    Card,
    card_name,
    cards_of,
    make_card,
    mask_of,
    parse_card,
    parse_cards,
)
from tricktable.tricks import (
    NO_TRUMP,
    TRUMP_POWER,
    TrickRules,
    beats,
    effective_suit_of,
    euchre_rules,
    follow_else_trump_mask,
    follow_mask,
    follow_or_trump_mask,
    plain_rules,
    trick_winner,
    winning_play,
)

LETTERS = "SHDC"
MATE = {"S": "C", "C": "S", "H": "D", "D": "H"}
ORDER = "123456789TJQKA"  # low to high
TWO_OF_SPADES = parse_card("2S")


# -- the reference ------------------------------------------------------------------------------


class Ref:
    """Euchre or plain ranking from names: trump is a letter or None, benny a card or None."""

    def __init__(self, trump: str | None, benny: Card | None = None, low: bool = False,
                 euchre: bool = True) -> None:  # fmt: skip
        self.trump, self.benny, self.low, self.euchre = trump, benny, low, euchre

    def suit(self, card: Card) -> str:
        name = card_name(card)
        if self.euchre and card == self.benny:
            assert self.trump is not None
            return self.trump
        if self.euchre and self.trump and name == "J" + MATE[self.trump]:
            return self.trump  # the left bower
        return name[1]

    def key(self, card: Card, led: str) -> tuple[int, int]:
        """(2, strength) for a trump, (1, strength) for the led suit, (0, 0) otherwise."""
        name = card_name(card)
        suit = self.suit(card)
        if suit == self.trump:
            if self.euchre and card == self.benny:
                return (2, 100)
            if self.euchre and name == "J" + self.trump:
                return (2, 99)
            if self.euchre and name == "J" + MATE[self.trump]:
                return (2, 98)
            index = ORDER.index(name[0])
            return (2, -index if self.low else index)
        if suit == led:
            index = ORDER.index(name[0])
            return (1, -index if self.low else index)
        return (0, 0)

    def winner(self, plays: Sequence[Card]) -> int:
        led = self.suit(plays[0])
        keys = [self.key(card, led) for card in plays]
        return max(range(len(plays)), key=lambda index: keys[index])

    def follow(self, hand: Sequence[Card], led: str) -> set[Card]:
        following = {card for card in hand if self.suit(card) == led}
        return following or set(hand)

    def trumps(self, hand: Sequence[Card]) -> set[Card]:
        return {card for card in hand if self.trump and self.suit(card) == self.trump}


def _benny(setting: str) -> Card | None:
    return {"none": None, "joker": JOKER, "2S": TWO_OF_SPADES}[setting]


def _deck(low_rank: int, benny: Card | None) -> list[Card]:
    cards = [make_card(suit, rank) for suit in SUITS for rank in range(low_rank, 15)]
    if benny is not None and benny not in cards:
        cards.append(benny)
    return cards


# -- hypothesis: trick winner and following ------------------------------------------------------


@st.composite
def euchre_tricks(draw: st.DrawFn) -> tuple[int, str, list[Card]]:
    trump = draw(st.sampled_from(SUITS))
    setting = draw(st.sampled_from(["none", "joker", "2S"]))
    low_rank = draw(st.sampled_from([9, 8, 7]))
    deck = _deck(low_rank, _benny(setting))
    plays = draw(st.lists(st.sampled_from(deck), min_size=1, max_size=4, unique=True))
    return trump, setting, plays


@given(euchre_tricks())
def test_euchre_trick_winner_matches_reference(item: tuple[int, str, list[Card]]) -> None:
    trump, setting, plays = item
    benny = _benny(setting)
    rules = euchre_rules(trump, benny)
    ref = Ref(LETTERS[trump], benny)
    assert trick_winner(plays, rules) == ref.winner(plays)
    # beats(), applied card by card, finds the same winner
    best = plays[0]
    led = effective_suit_of(plays[0], rules)
    for card in plays[1:]:
        if beats(card, best, led, rules):
            best = card
    assert plays.index(best) == ref.winner(plays)


@given(
    st.sampled_from(SUITS),
    st.sampled_from(["none", "joker", "2S"]),
    st.lists(st.sampled_from([*_deck(7, None), JOKER]), max_size=8, unique=True),
    st.sampled_from(SUITS),
)
def test_euchre_following_matches_reference(
    trump: int, setting: str, hand: list[Card], led: int
) -> None:
    benny = _benny(setting)
    if setting == "none" and JOKER in hand:
        hand.remove(JOKER)
    if setting == "2S" and JOKER in hand:
        hand.remove(JOKER)
    rules = euchre_rules(trump, benny)
    ref = Ref(LETTERS[trump], benny)
    mask = mask_of(hand)
    assert set(cards_of(follow_mask(mask, led, rules))) == (ref.follow(hand, LETTERS[led])
                                                           if hand else set())  # fmt: skip
    for card in hand:
        assert effective_suit_of(card, rules) == LETTERS.index(ref.suit(card))
    assert set(cards_of(rules.trump_mask() & mask)) == ref.trumps(hand)


@given(
    st.sampled_from([NO_TRUMP, *SUITS]),
    st.booleans(),
    st.lists(st.sampled_from(_deck(1, None)), min_size=1, max_size=7, unique=True),
)
def test_plain_trick_winner_matches_reference(trump: int, low: bool, plays: list[Card]) -> None:
    rules = plain_rules(trump, low)
    ref = Ref(None if trump == NO_TRUMP else LETTERS[trump], low=low, euchre=False)
    assert trick_winner(plays, rules) == ref.winner(plays)


@given(
    st.sampled_from([NO_TRUMP, *SUITS]),
    st.lists(st.sampled_from(_deck(2, None)), max_size=13, unique=True),
    st.sampled_from(SUITS),
)
def test_plain_follow_variants_match_reference(trump: int, hand: list[Card], led: int) -> None:
    rules = plain_rules(trump)
    ref = Ref(None if trump == NO_TRUMP else LETTERS[trump], euchre=False)
    mask = mask_of(hand)
    letter = LETTERS[led]
    following = {card for card in hand if ref.suit(card) == letter}
    trumps = ref.trumps(hand)
    assert set(cards_of(follow_mask(mask, led, rules))) == (following or set(hand))
    # All Fours: follow or trump; only a void seat may play anything
    expected_or = (following | trumps) if following else set(hand)
    assert set(cards_of(follow_or_trump_mask(mask, led, rules))) == expected_or
    # Romanian whist: follow; if void, trump if able; otherwise anything
    expected_else = following or trumps or set(hand)
    assert set(cards_of(follow_else_trump_mask(mask, led, rules))) == expected_else


@given(
    st.sampled_from([NO_TRUMP, *SUITS]),
    st.lists(st.sampled_from(_deck(2, None)), min_size=1, max_size=7, unique=True),
    st.integers(0, 6),
)
def test_winning_play_names_the_seat_and_card_the_reference_finds(
    trump: int, plays: list[Card], first_seat: int
) -> None:
    # the trick as a view shows it: (seat, card) in play order, the seats clockwise from any
    trick = [((first_seat + index) % 7, card) for index, card in enumerate(plays)]
    ref = Ref(None if trump == NO_TRUMP else LETTERS[trump], euchre=False)
    assert winning_play(trick, plain_rules(trump)) == trick[ref.winner(plays)]


# -- fixed cases from RULES.md 1.1 -----------------------------------------------------------------

HEARTS = LETTERS.index("H")
CLUBS = LETTERS.index("C")
DIAMONDS = LETTERS.index("D")
SPADES = LETTERS.index("S")


@pytest.mark.parametrize(
    ("trump", "benny", "plays", "winner"),
    [
        ("H", None, "AH JD TH 9S", "JD"),  # left bower beats the ace of trump
        ("H", None, "JD JH", "JH"),  # right bower beats the left
        ("H", JOKER, "JH JO", "JO"),  # Benny above the right bower
        ("H", None, "AD JD", "JD"),  # diamond led, the left bower is a trump
        ("H", None, "KD AD", "AD"),  # plain suit: no jack, ace high
        ("D", None, "QH JH", "JH"),  # left bower of diamonds
        ("S", None, "AC JC 9S", "JC"),  # left bower trumps the club lead
        ("S", None, "AH KH QH 9S", "9S"),  # any trump beats the led suit
        ("S", None, "9H AC AD AS", "AS"),
        ("C", TWO_OF_SPADES, "JC 2S", "2S"),  # 2S as the Benny is the top trump
        ("C", None, "3S 2S", "3S"),  # without a Benny 2S is a plain spade
        ("H", None, "9S AH", "AH"),
        ("H", None, "9S AD", "9S"),  # off-suit, non-trump cards never win
        ("S", JOKER, "JO AS", "JO"),
        ("S", JOKER, "AC JO KC", "JO"),  # the Benny trumps a plain lead
    ],
)
def test_euchre_ranking_examples(trump: str, benny: Card | None, plays: str, winner: str) -> None:
    cards = parse_cards(plays)
    rules = euchre_rules(LETTERS.index(trump), benny)
    assert card_name(cards[trick_winner(cards, rules)]) == winner


def test_left_bower_does_not_belong_to_its_printed_suit() -> None:
    rules = euchre_rules(HEARTS, None)
    # diamonds led, a hand whose only "diamond" is the left bower is void in diamonds
    hand = mask_of(parse_cards("JD 9C AS"))
    assert set(cards_of(follow_mask(hand, DIAMONDS, rules))) == set(parse_cards("JD 9C AS"))
    # hearts led, the left bower must follow
    hand = mask_of(parse_cards("JD AD 9C"))
    assert cards_of(follow_mask(hand, HEARTS, rules)) == parse_cards("JD")
    # leading the left bower is a heart lead
    assert effective_suit_of(parse_card("JD"), rules) == HEARTS


def test_benny_follows_and_leads_as_trump() -> None:
    rules = euchre_rules(CLUBS, JOKER)
    hand = mask_of(parse_cards("JO AH"))
    assert cards_of(follow_mask(hand, CLUBS, rules)) == [JOKER]
    assert set(cards_of(follow_mask(hand, SPADES, rules))) == {JOKER, parse_card("AH")}
    two = euchre_rules(HEARTS, TWO_OF_SPADES)
    spade_hand = mask_of(parse_cards("2S 9S"))
    assert cards_of(follow_mask(spade_hand, SPADES, two)) == parse_cards("9S")
    assert cards_of(follow_mask(spade_hand, HEARTS, two)) == parse_cards("2S")


def test_trump_masks() -> None:
    rules = euchre_rules(HEARTS, JOKER)
    trumps = set(cards_of(rules.trump_mask()))
    for name in ("JO", "JH", "JD", "AH", "9H", "7H"):
        assert parse_card(name) in trumps
    for name in ("AD", "JS", "JC", "2S"):
        assert parse_card(name) not in trumps
    assert plain_rules().trump_mask() == 0
    assert euchre_rules(NO_TRUMP, None).trump_mask() == 0


def test_power_puts_every_trump_above_every_plain_card() -> None:
    for trump in SUITS:
        for benny in (None, JOKER, TWO_OF_SPADES):
            rules: TrickRules = euchre_rules(trump, benny)
            deck = _deck(7, benny)
            for card in deck:
                is_trump = rules.eff_suit[card] == trump
                assert (rules.power[card] > TRUMP_POWER) == is_trump


def test_tables_are_cached() -> None:
    assert euchre_rules(HEARTS, None) is euchre_rules(HEARTS, None)
    assert plain_rules(SPADES, False) is plain_rules(SPADES, False)
