"""Shared trick mechanics: effective suits, following, and the trick winner.

Each trump situation is one ``TrickRules`` table built once and cached: the
effective suit of every card (euchre's bowers and Benny belong to trump), a mask
of every effective suit, and the power of every card (trumps above 100). The hot
path is then table look-ups and mask arithmetic, never rule branches.

>>> from tricktable.cards import parse_card, parse_cards, HEARTS, mask_of, cards_text, cards_of
>>> table = euchre_rules(HEARTS, benny=None)
>>> table.eff_suit[parse_card("JD")] == HEARTS      # the left bower is a heart
True
>>> hand = mask_of(parse_cards("JD AS 9C"))
>>> cards_text(cards_of(follow_mask(hand, HEARTS, table)))   # must follow hearts
'JD'
>>> plays = parse_cards("AH JD TH 9S")
>>> trick_winner(plays, table)             # the left bower wins
1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from tricktable.cards import (
    ACE,
    JACK,
    JOKER,
    SUITS,
    Card,
    CardMask,
    Suit,
    make_card,
    same_colour_suit,
    suit_of,
)

NO_TRUMP = -1
"""The trump value of a hand played without trump."""

TRUMP_POWER = 100
"""Every trump has a power above this; plain cards have their rank order below it."""


@dataclass(frozen=True, slots=True)
class TrickRules:
    """How cards behave in tricks for one trump situation."""

    trump: Suit
    """The trump suit, or ``NO_TRUMP``."""
    eff_suit: tuple[int, ...]
    """Effective suit of each card id (64 entries; -1 for no card)."""
    suit_masks: tuple[CardMask, ...]
    """Every card whose effective suit is each suit."""
    power: tuple[int, ...]
    """Trick-winning power of each card: trumps above ``TRUMP_POWER``."""

    def trump_mask(self) -> CardMask:
        """Every card that is a trump (0 without trump)."""
        return 0 if self.trump == NO_TRUMP else self.suit_masks[self.trump]


def follow_mask(hand: CardMask, led_suit: Suit, rules: TrickRules) -> CardMask:
    """Cards of ``hand`` that may be played: follow the led suit if able, else any."""
    following = hand & rules.suit_masks[led_suit]
    return following if following else hand


def follow_or_trump_mask(hand: CardMask, led_suit: Suit, rules: TrickRules) -> CardMask:
    """All Fours: follow suit or trump (trumping allowed even when able to follow)."""
    following = hand & rules.suit_masks[led_suit]
    if following:
        return following | (hand & rules.trump_mask())
    return hand


def follow_else_trump_mask(hand: CardMask, led_suit: Suit, rules: TrickRules) -> CardMask:
    """Follow suit; if void, trump if able; otherwise any card."""
    following = hand & rules.suit_masks[led_suit]
    if following:
        return following
    trumps = hand & rules.trump_mask()
    return trumps if trumps else hand


def trick_winner(plays: Sequence[Card], rules: TrickRules) -> int:
    """Index in ``plays`` of the card that wins the trick (the first card is the lead)."""
    eff, power = rules.eff_suit, rules.power
    led = eff[plays[0]]
    trump = rules.trump
    best, best_power = 0, power[plays[0]]
    for index in range(1, len(plays)):
        card = plays[index]
        suit = eff[card]
        if suit == led or suit == trump:
            card_power = power[card]
            if card_power > best_power:
                best, best_power = index, card_power
    return best


def winning_play(trick: Sequence[tuple[int, Card]], rules: TrickRules) -> tuple[int, Card]:
    """Who is winning a trick so far: its ``(seat, card)`` pair that wins, the trick given
    as ``(seat, card)`` pairs in play order (a ``SeatView``'s ``trick``), the lead first.

    >>> from tricktable.cards import SPADES, parse_card, card_name
    >>> trick = [(2, parse_card("KH")), (3, parse_card("2S"))]
    >>> seat, card = winning_play(trick, plain_rules(SPADES))   # spades are trump
    >>> seat, card_name(card)
    (3, '2S')
    """
    return trick[trick_winner([card for _, card in trick], rules)]


def beats(card: Card, best: Card, led_suit: Suit, rules: TrickRules) -> bool:
    """Whether ``card`` beats the currently winning ``best`` in a trick led in ``led_suit``."""
    suit = rules.eff_suit[card]
    if suit != led_suit and suit != rules.trump:
        return False
    return rules.power[card] > rules.power[best]


def _table(trump: Suit, eff: list[int], power: list[int]) -> TrickRules:
    masks = [0, 0, 0, 0]
    for card, suit in enumerate(eff):
        if suit >= 0:
            masks[suit] |= 1 << card
    return TrickRules(trump, tuple(eff), tuple(masks), tuple(power))


def _natural_order(trump: Suit, lowest: int, low: bool = False) -> tuple[list[int], list[int]]:
    """The effective suits and powers of the ranks ``lowest`` to ace of every suit in their
    natural order (with ``low``, reversed: 2 highest), a trump above every other card."""
    eff = [-1] * 64
    power = [0] * 64
    for suit in SUITS:
        for rank in range(lowest, ACE + 1):
            card = make_card(suit, rank)
            eff[card] = suit
            base = (16 - rank) if low else rank
            power[card] = base + (TRUMP_POWER if suit == trump else 0)
    return eff, power


@cache
def plain_rules(trump: Suit = NO_TRUMP, low: bool = False) -> TrickRules:
    """Natural ranks (ace high; with ``low``, ace lowest and 2 highest) with an optional trump.

    >>> from tricktable.cards import parse_cards
    >>> trick_winner(parse_cards("AS 2S KS"), plain_rules(low=True))
    1
    """
    eff, power = _natural_order(trump, 1, low)
    return _table(trump, eff, power)


@cache
def euchre_rules(trump: Suit, benny: Card | None) -> TrickRules:
    """Euchre ranking: Benny, right bower, left bower, A K Q (J) T 9 8 7 in trump.

    ``benny`` is ``JOKER``, the two of spades standing in for it, or ``None``.
    ``trump`` may be ``NO_TRUMP`` (then the Benny still counts as a card of no suit
    that cannot win; it only arises in bid-euchre no-trump hands, which use no Benny).
    """
    eff, power = _natural_order(trump, 2)
    if trump != NO_TRUMP:
        right = make_card(trump, JACK)
        left = make_card(same_colour_suit(trump), JACK)
        power[right] = TRUMP_POWER + 20
        power[left] = TRUMP_POWER + 19
        eff[left] = trump
    if benny is not None:
        eff[benny] = trump if trump != NO_TRUMP else suit_of(benny)
        power[benny] = TRUMP_POWER + 21 if trump != NO_TRUMP else 0
    return _table(trump, eff, power)


def effective_suit_of(card: Card, rules: TrickRules) -> Suit:
    """The suit a card belongs to for following and leading under ``rules``."""
    return rules.eff_suit[card]


__all__ = [
    "JOKER",
    "NO_TRUMP",
    "TRUMP_POWER",
    "TrickRules",
    "beats",
    "effective_suit_of",
    "euchre_rules",
    "follow_else_trump_mask",
    "follow_mask",
    "follow_or_trump_mask",
    "plain_rules",
    "trick_winner",
    "winning_play",
]
