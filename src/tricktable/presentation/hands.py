"""People-facing layouts shared by the terminal (``tricktable play``) and the web table.

How a hand is shown: grouped by the suit it plays as (trump first, with the bowers and
Benny in the euchre family), the other suits in alternating colours, high to low. Before
trump is made, the up-card's suit stands for it (here clubs, so the jack of spades is the
left bower):

>>> import random
>>> from tricktable.cards import card_name
>>> from tricktable.games import load_game
>>> game = load_game("euchre(preset=north_american)")
>>> state = game.new_state(first_dealer=0)
>>> state.deal_random(random.Random(3))
>>> view = state.view(2)
>>> card_name(view.public.upcard), [card_name(card) for card in view.hand]
('KC', ['JS', 'QS', 'KS', 'TH', 'KD'])
>>> [[card_name(card) for card in group] for group in hand_groups(game, view)]
[['JS'], ['KD'], ['KS', 'QS'], ['TH']]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from tricktable.cards import (
    JACK,
    JOKER,
    SUIT_LETTERS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    TEN,
    Card,
    card_name,
    make_card,
    parse_card,
    rank_of,
    same_colour_suit,
    suit_of,
)
from tricktable.core import Game, SeatView
from tricktable.games import spec_of
from tricktable.tricks import euchre_rules, plain_rules

SUIT_CYCLE = (0, 1, 3, 2)
"""Spades, hearts, clubs, diamonds: a suit order whose colours alternate."""


def suit_order(trump: int | None) -> list[int]:
    """The display order of suits: trump first, then alternating colours.

    >>> suit_order(None), suit_order(3)
    ([0, 1, 3, 2], [3, 2, 0, 1])
    """
    if trump is None or trump < 0:
        return list(SUIT_CYCLE)
    start = SUIT_CYCLE.index(trump)
    return [SUIT_CYCLE[(start + k) % 4] for k in range(4)]


def sort_hand(
    cards: Sequence[Card], trump: int | None, benny: Card | None, bowers: bool = True
) -> list[list[Card]]:
    """The hand grouped by effective suit (trump first; in euchre, with ``bowers``, the
    bowers and Benny with it), high to low within each group.

    >>> from tricktable.cards import card_name, parse_cards
    >>> groups = sort_hand(parse_cards("9S JD AS JH"), trump=1, benny=None)  # hearts
    >>> [[card_name(card) for card in group] for group in groups]
    [['JH', 'JD'], ['AS', '9S']]
    """
    order = suit_order(trump)
    if trump is not None and trump >= 0:
        table = euchre_rules(trump, benny) if bowers else plain_rules(trump)
        groups: dict[int, list[Card]] = {}
        for card in cards:
            groups.setdefault(table.eff_suit[card], []).append(card)
        return [
            sorted(groups[suit], key=lambda c: -table.power[c]) for suit in order if suit in groups
        ]
    jokers = [card for card in cards if card == JOKER]
    out = [jokers] if jokers else []
    for suit in order:
        group = sorted(
            (c for c in cards if c != JOKER and suit_of(c) == suit), key=lambda c: -rank_of(c)
        )
        if group:
            out.append(group)
    return out


def trump_suit(view: SeatView) -> int | None:
    """Trump if made; before that the up-card's suit (to show the hand as it would be)."""
    return view.public.trump_to_show()


def hand_groups(game: Game[Any], view: SeatView) -> list[list[Card]]:
    """The hand of ``view`` as shown to its seat: ``sort_hand`` with the game's trump,
    Benny and bowers."""
    benny = getattr(game.rules, "benny_card", None)
    return sort_hand(
        view.hand,
        trump_suit(view),
        benny if isinstance(benny, int) else None,
        bowers=spec_of(game).bowers,
    )


def dealt_groups(game: Game[Any], cards: Sequence[Card], trump: object) -> list[list[Card]]:
    """A hand as dealt, grouped as people read it once the deal is over: ``sort_hand`` with
    the deal's trump (``trump``: a suit letter, as the score sheet writes it; anything else,
    no trump) and the game's bowers and Benny.

    >>> from tricktable.cards import parse_cards
    >>> from tricktable.games import load_game
    >>> game = load_game("euchre(preset=north_american)")
    >>> groups = dealt_groups(game, parse_cards("9C TS AC TH JD"), "H")
    >>> [[card_name(card) for card in group] for group in groups]
    [['JD', 'TH'], ['AC', '9C'], ['TS']]
    """
    suit = SUIT_LETTERS.index(trump) if isinstance(trump, str) and trump in SUIT_LETTERS else None
    benny = getattr(game.rules, "benny_card", None)
    return sort_hand(
        cards, suit, benny if isinstance(benny, int) else None, bowers=spec_of(game).bowers
    )


def card_label(card: Card, symbols: bool = False) -> str:
    """A card as people read it: ``10`` for a ten (the records keep ``T``), with the suit's
    symbol or its letter.

    >>> from tricktable.cards import parse_card
    >>> card_label(parse_card("TH")), card_label(parse_card("TH"), symbols=True)
    ('10H', '10♥')
    >>> card_label(parse_card("JS"), symbols=True), card_label(JOKER, symbols=True)
    ('J♠', 'JO')
    """
    name = card_name(card)
    if card == JOKER:
        return name
    rank = "10" if rank_of(card) == TEN else name[:-1]
    return rank + (SUIT_SYMBOLS if symbols else SUIT_LETTERS)[suit_of(card)]


CARD_WORD = re.compile(r"(?<![\w])(?:[2-9TJQKA][SHDC]|JO)(?![\w])")
"""A card as the records write it, standing alone in a text (``play TH``)."""


def cards_for_people(text: str, card: Callable[[Card], str]) -> str:
    """``text`` in the records' words (an action, ``play TH``) with each card written by
    ``card`` (``card_label``).

    >>> cards_for_people("play TH", lambda c: card_label(c, symbols=True))
    'play 10♥'
    >>> cards_for_people("call H alone", card_label), cards_for_people("bid 2", card_label)
    ('call H alone', 'bid 2')
    """
    return CARD_WORD.sub(lambda found: card(parse_card(found.group())), text)


def trump_words(letter: object) -> str:
    """A deal's trump as the score sheet writes it (a suit letter), in words.

    >>> trump_words("H"), trump_words("high")
    ('hearts', 'high')
    """
    if isinstance(letter, str) and len(letter) == 1 and letter in SUIT_LETTERS:
        return SUIT_NAMES[SUIT_LETTERS.index(letter)]
    return str(letter)


def card_marks(game: Game[Any], view: SeatView) -> dict[Card, str]:
    """The cards of the hand that rank apart from their printed suit, named: the right and
    left bowers of the euchre family and Benny (the Joker), by the suit the hand is shown
    with (``trump_suit``).

    >>> import random
    >>> from tricktable.games import load_game
    >>> game = load_game("euchre(preset=north_american)")
    >>> state = game.new_state(first_dealer=0)
    >>> state.deal_random(random.Random(3))
    >>> {card_name(card): mark for card, mark in card_marks(game, state.view(2)).items()}
    {'JS': 'left bower'}
    """
    trump = trump_suit(view)
    marks: dict[Card, str] = {}
    if trump is None or trump < 0:
        return marks
    if spec_of(game).bowers:
        for card, mark in (
            (make_card(trump, JACK), "right bower"),
            (make_card(same_colour_suit(trump), JACK), "left bower"),
        ):
            if card in view.hand:
                marks[card] = mark
    benny = getattr(game.rules, "benny_card", None)
    if isinstance(benny, int) and benny in view.hand:
        marks[benny] = "Benny"
    return marks
