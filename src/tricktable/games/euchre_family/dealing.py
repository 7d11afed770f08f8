"""The first-dealer draw and dealing in packets, as the euchre family deals (RULES.md 1.2).

>>> import random
>>> from tricktable.cards import card_name, cards_text, standard_deck
>>> deck = standard_deck(range(9, 15))
>>> deal = deal_in_packets(deck, seats=4, dealer=3, packets=(3, 2))
>>> cards_text(deal.hands[0]), card_name(deal.turned), len(deal.stock)
('9S TS JS 9D TD', 'JC', 3)
>>> draw_first_dealer("draw_high", deck, 4, random.Random(2))
3
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from tricktable.cards import JACK, Card, rank_of, shuffled
from tricktable.core import Deal, deal_in_rounds
from tricktable.rules import option

FIRST_DEALER_METHODS = ("random", "draw_low", "draw_high", "first_jack")
"""The ways ``draw_first_dealer`` chooses the first dealer: the ``first_dealer`` option's
values."""

Shuffle = Callable[[Sequence[Card], random.Random], list[Card]]
"""How a variant shuffles the deck for the draw (a shuffled copy from ``rng``)."""

_DRAW_VALUE: dict[int, int] = {
    7: 14,
    8: 16,
    9: 18,
    10: 20,
    11: 22,
    12: 24,
    13: 26,
    14: 28,
    2: 30,  # the 2S standing in for the Benny
    15: 32,  # the Joker, above the ace
}
"""Each rank's drawing value, doubled so that ``draw_low``'s jack fits between ten and
queen; the Benny counts above the ace."""
_DRAW_LOW_VALUE: dict[int, int] = {**_DRAW_VALUE, 14: 2, 11: 21}
"""For ``draw_low``: aces low, jacks between ten and queen."""
_LOW_TWO = 12
"""A plain 2's drawing value (the 36-card deck's 2s): below the 7s, above a low ace."""


def stdlib_shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """A copy of ``cards`` shuffled by ``random.shuffle`` (the draw of four-handed and
    set-back euchre; the other variants draw from ``cards.shuffled``).

    >>> sorted(stdlib_shuffled([3, 1, 2], random.Random(1)))
    [1, 2, 3]
    """
    deck = list(cards)
    rng.shuffle(deck)
    return deck


def draw_first_dealer(
    method: str,
    deck: Sequence[Card],
    seats: int,
    rng: random.Random,
    shuffle: Shuffle = shuffled,
    low_twos: bool = False,
) -> int:
    """The first dealer by ``method``: ``random``; ``draw_low`` or ``draw_high``, a card
    each from seat 0 where the lowest (aces low) or highest card deals and tied seats draw
    again (from a fresh deck when too few cards are left); or ``first_jack``, cards dealt
    face up from seat 0 until the first jack, whose seat deals. With ``low_twos`` (the
    36-card euchre deck) a 2 is a plain card below the 7s, not the 2S standing in for the
    Benny.

    >>> from tricktable.cards import standard_deck
    >>> draw_first_dealer("first_jack", standard_deck(range(9, 15)), 3, random.Random(5))
    1
    """
    if method == "random":
        return rng.randrange(seats)
    cards = shuffle(deck, rng)
    if method == "first_jack":
        for index, card in enumerate(cards):
            if rank_of(card) == JACK:
                return index % seats
        raise AssertionError("every euchre deck holds jacks")  # pragma: no cover
    low = method == "draw_low"
    value = _DRAW_LOW_VALUE if low else _DRAW_VALUE
    if low_twos:
        value = {**value, 2: _LOW_TWO}
    contenders = list(range(seats))
    while True:
        if len(cards) < len(contenders):
            cards = shuffle(deck, rng)
        values = {seat: value[rank_of(cards.pop())] for seat in contenders}
        best = min(values.values()) if low else max(values.values())
        contenders = [seat for seat, drawn in values.items() if drawn == best]
        if len(contenders) == 1:
            return contenders[0]


def first_dealer_option(help: str = "how the first dealer is chosen") -> Any:
    """The ``first_dealer`` rule option: one of ``FIRST_DEALER_METHODS``, ``random`` by
    default."""
    return option("random", help, FIRST_DEALER_METHODS)


def packets_option() -> Any:
    """The ``packets`` rule option of a five-card hand: ``3-2`` (the default) or ``2-3``,
    fixed for the match (``packets_of`` reads it)."""
    return option("3-2", "dealing pattern, fixed for the match", ("3-2", "2-3"))


def packets_of(pattern: str) -> tuple[int, ...]:
    """The packet sizes of a ``packets`` option such as ``"3-2"``.

    >>> packets_of("3-2"), packets_of("2-3")
    ((3, 2), (2, 3))
    """
    return tuple(int(size) for size in pattern.split("-"))


def deal_in_packets(deck: list[Card], seats: int, dealer: int, packets: Sequence[int]) -> Deal:
    """Deal ``deck`` (already shuffled) in ``packets``: each round of packets goes from
    eldest (left of ``dealer``) clockwise. The next card is turned up and the rest lie
    below it; a deal that takes the whole deck turns no card.

    >>> deal = deal_in_packets(list(range(8)), seats=2, dealer=0, packets=(2, 1))
    >>> deal.hands, deal.turned, deal.stock
    (((2, 3, 5), (0, 1, 4)), 6, (7,))
    """
    eldest_first = [(dealer + offset) % seats for offset in range(1, seats + 1)]
    return deal_in_rounds(deck, seats, eldest_first, packets)
