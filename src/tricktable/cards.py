"""Cards, suits and card sets in the notation of RULES.md.

A card is a small int laid out by suit: ``suit * 16 + rank``. Ranks are
``1`` (Romanian-whist "one", the lowest) and ``2``..``14`` (``14`` is the ace).
The Joker sits in the spare slot ``15`` of the first block; it belongs to no
natural suit (``SUIT_MASKS`` never contain it). A set of cards is one int mask
with bit ``card`` set for each card, so "can follow" is ``hand & SUIT_MASKS[s]``.

>>> card = parse_card("JS")
>>> card_name(card), suit_of(card), rank_of(card)
('JS', 0, 11)
>>> card_name(parse_card("10♥")), card_name(parse_card("jo"))
('TH', 'JO')
>>> cards_text(parse_cards("AS KS 9D"))
'AS KS 9D'
>>> mask = mask_of(parse_cards("AS 9D"))
>>> [card_name(c) for c in cards_of(mask)]
['AS', '9D']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from random import Random
from typing import Final

from tricktable.errors import CardError

Card = int
"""A card: ``suit * 16 + rank`` (the Joker is ``JOKER``)."""
Suit = int
"""A suit: 0 spades, 1 hearts, 2 diamonds, 3 clubs."""
Rank = int
"""A rank: 1 (the whist "one") .. 14 (ace); 15 only for the Joker."""
CardMask = int
"""A set of cards: bit ``card`` is set for each card in the set."""

SPADES: Final = 0
HEARTS: Final = 1
DIAMONDS: Final = 2
CLUBS: Final = 3
SUITS: Final = (SPADES, HEARTS, DIAMONDS, CLUBS)
SUIT_LETTERS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")

ONE: Final = 1
TEN: Final = 10
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
ACE: Final = 14
RANK_LETTERS: Final = {
    1: "1",
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "T",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}

JOKER: Final[Card] = 15
"""The Joker (``JO``), the Benny of British euchre."""

SUIT_MASKS: Final = tuple(0x7FFE << (16 * s) for s in SUITS)
"""Every natural card of each suit (ranks 1..14; never the Joker)."""


def make_card(suit: Suit, rank: Rank) -> Card:
    """The card of ``suit`` and ``rank``.

    >>> card_name(make_card(HEARTS, ACE))
    'AH'
    """
    return suit * 16 + rank


def suit_of(card: Card) -> Suit:
    """The printed suit of a natural card (the Joker has none: -1)."""
    return -1 if card == JOKER else card >> 4


def rank_of(card: Card) -> Rank:
    """The printed rank of a card (15 for the Joker)."""
    return card & 15


def is_red(suit: Suit) -> bool:
    """Hearts and diamonds are red."""
    return suit in (HEARTS, DIAMONDS)


def same_colour_suit(suit: Suit) -> Suit:
    """The other suit of the same colour (spades <-> clubs, hearts <-> diamonds).

    >>> SUIT_LETTERS[same_colour_suit(SPADES)]
    'C'
    """
    return {SPADES: CLUBS, CLUBS: SPADES, HEARTS: DIAMONDS, DIAMONDS: HEARTS}[suit]


def card_name(card: object) -> str:
    """The canonical text of a card: rank letter then suit letter, ``JO`` for the Joker."""
    name = _NAMES[card] if isinstance(card, int) and 0 <= card < len(_NAMES) else "?"
    if name == "?":
        raise CardError(f"{card!r} is not a card")
    return name


def card_text(card: int) -> str:
    """A card's name, or its number where it names no card (in refusals of bad input).

    >>> card_text(14), card_text(99)
    ('AS', '99')
    """
    name = _NAMES[card] if 0 <= card < len(_NAMES) else "?"
    return repr(card) if name == "?" else name


def _build_names() -> list[str]:
    names = ["?"] * 64
    for suit in SUITS:
        for rank, letter in RANK_LETTERS.items():
            names[make_card(suit, rank)] = letter + SUIT_LETTERS[suit]
    names[JOKER] = "JO"
    return names


_NAMES: Final = _build_names()
_BY_NAME: Final = {name: card for card, name in enumerate(_NAMES) if name != "?"}


def parse_suit(text: str) -> Suit:
    """A suit from its letter or symbol (case-insensitive).

    >>> parse_suit("h"), parse_suit("♣")
    (1, 3)
    """
    cleaned = text.strip().upper().replace("\ufe0f", "")
    if len(cleaned) == 1:
        if cleaned in SUIT_LETTERS:
            return SUIT_LETTERS.index(cleaned)
        if cleaned in SUIT_SYMBOLS:
            return SUIT_SYMBOLS.index(cleaned)
        if cleaned in "♤♡♢♧":
            return "♤♡♢♧".index(cleaned)
    raise CardError(f"{text!r} is not a suit; suits are S H D C (or ♠ ♥ ♦ ♣)")


def parse_card(text: str) -> Card:
    """A card from its text: ``JS``, ``10H``, ``T♥``, ``jo``, ``1C`` (case-insensitive)."""
    cleaned = text.strip().upper().replace("\ufe0f", "")
    if cleaned in ("JO", "JOKER"):
        return JOKER
    if len(cleaned) >= 2:
        rank_text, suit_text = cleaned[:-1], cleaned[-1]
        if rank_text == "10":
            rank_text = "T"
        try:
            suit = parse_suit(suit_text)
        except CardError:
            suit = -1
        if suit >= 0:
            name = rank_text + SUIT_LETTERS[suit]
            if name in _BY_NAME:
                return _BY_NAME[name]
    raise CardError(
        f"{text!r} is not a card; write rank then suit (A K Q J T 9 .. 2, 1 for the whist ones;"
        " suits S H D C or ♠ ♥ ♦ ♣), e.g. JS, 10H, or JO for the Joker"
    )


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Cards from a space- or comma-separated string, or from a list of card texts."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(item) for item in items]


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as space-separated canonical text."""
    return " ".join(card_name(card) for card in cards)


def mask_of(cards: Iterable[Card]) -> CardMask:
    """The mask holding ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: CardMask) -> list[Card]:
    """The cards of a mask, in increasing card order (suit by suit, low rank first).

    >>> cards_of(0b1100)
    [2, 3]
    """
    cached = _CARDS_OF_CACHE.get(mask)
    if cached is None:
        cached = list(iter_cards(mask))
        if len(_CARDS_OF_CACHE) > 200_000:
            _CARDS_OF_CACHE.clear()
        _CARDS_OF_CACHE[mask] = cached
    return cached[:]


_CARDS_OF_CACHE: dict[int, list[Card]] = {}
"""Card lists of masks seen before (hands repeat often in play)."""


def iter_cards(mask: CardMask) -> Iterator[Card]:
    """Yield the cards of a mask, lowest bit first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def shuffled(cards: Iterable[Card], rng: Random) -> list[Card]:
    """A uniformly shuffled copy of ``cards`` drawn from ``rng`` (Fisher-Yates).

    Uses one ``rng.random()`` per card, several times faster than ``rng.shuffle``
    and reproducible for a seed.

    >>> import random
    >>> sorted(shuffled([1, 2, 3], random.Random(1)))
    [1, 2, 3]
    """
    deck = list(cards)
    draw = rng.random
    for i in range(len(deck) - 1, 0, -1):
        j = int(draw() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def count(mask: CardMask) -> int:
    """Number of cards in a mask."""
    return mask.bit_count()


def standard_deck(ranks: Iterable[Rank], joker: bool = False) -> list[Card]:
    """Every card of the given ranks in each suit (plus the Joker), in suit order.

    >>> len(standard_deck(range(9, 15))), len(standard_deck(range(9, 15), joker=True))
    (24, 25)
    """
    rank_list = sorted(ranks)
    deck = [make_card(suit, rank) for suit in SUITS for rank in rank_list]
    if joker:
        deck.append(JOKER)
    return deck
