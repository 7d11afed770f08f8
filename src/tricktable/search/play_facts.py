"""What a seat's view says about the play phase of each game: the trick table, the
follow rule, which seats play and in what order.

Everything here is public knowledge (the rules and ``SeatView.public``), so bots and the
resampler may use it freely.

>>> import random
>>> from tricktable.games import load_game
>>> game = load_game("romanian_whist(preset=romanian_whist)")
>>> facts = play_facts(game, game.new_state(0).view(1))
>>> facts is None   # nothing dealt yet: no trump known
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktable.core import Game, SeatView
from tricktable.search.adapter import search_adapter
from tricktable.search.solver import (
    FOLLOW,
    FOLLOW_ELSE_TRUMP,
    FOLLOW_OR_TRUMP,
    FOLLOW_OR_TRUMP_MUST,
    legal_cards,
)
from tricktable.tricks import NO_TRUMP, TrickRules


@dataclass(frozen=True, slots=True)
class PlayFacts:
    """The public facts of one deal's play phase (a game's search adapter makes them)."""

    table: TrickRules
    """Effective suits and powers of the cards under this deal's trump."""
    follow: int
    """The follow rule: ``FOLLOW``, ``FOLLOW_OR_TRUMP``, ..."""
    next_seat: tuple[int, ...]
    """Per seat, the next seat that plays after it (-1 for a seat that sits out)."""
    infer_voids: bool
    """Whether failing to follow proves a void (not where reneges are allowed)."""


def legal_mask(hand: int, led_suit: int, facts_follow: int, table: TrickRules) -> int:
    """The cards of ``hand`` that may be played to a trick led in ``led_suit`` (-1: lead):
    the solver's ``legal_cards`` under ``table``.

    >>> from tricktable.cards import mask_of, parse_cards, cards_text, cards_of
    >>> from tricktable.tricks import plain_rules
    >>> table = plain_rules(0)
    >>> hand = mask_of(parse_cards("AH 2S KD"))
    >>> cards_text(cards_of(legal_mask(hand, 3, FOLLOW_ELSE_TRUMP, table)))
    '2S'
    """
    return legal_cards(hand, led_suit, facts_follow, list(table.suit_masks), table.trump)


def voids_shown(led_suit: int, card: int, follow: int, table: TrickRules) -> int:
    """The cards a seat is proved not to hold after playing ``card`` to a trick led in
    ``led_suit`` (a mask; 0 when the play proves nothing).

    >>> from tricktable.cards import parse_card, SUIT_MASKS
    >>> from tricktable.tricks import plain_rules
    >>> table = plain_rules(0)
    >>> voids_shown(1, parse_card("9D"), FOLLOW_ELSE_TRUMP, table) == SUIT_MASKS[1] | SUIT_MASKS[0]
    True
    """
    suit = table.eff_suit[card]
    if suit == led_suit:
        return 0
    trump = table.trump
    if follow == FOLLOW:
        return table.suit_masks[led_suit]
    if follow == FOLLOW_ELSE_TRUMP:
        shown = table.suit_masks[led_suit]
        if suit != trump and trump != NO_TRUMP:
            shown |= table.suit_masks[trump]  # void in the led suit, and no trump to play
        return shown
    if suit == trump:
        return 0  # trumping is allowed while holding the led suit, or forced when void
    shown = table.suit_masks[led_suit]
    if follow == FOLLOW_OR_TRUMP_MUST and trump != NO_TRUMP:
        shown |= table.suit_masks[trump]
    return shown


def play_facts(game: Game[Any], view: SeatView) -> PlayFacts | None:
    """The play facts of the deal ``view`` shows, or ``None`` before trump is known (or
    before anything is dealt): the game's search adapter tells them."""
    return search_adapter(game).play_facts(game, view)


def cyclic(seats: list[int], n: int) -> tuple[int, ...]:
    """Next seat clockwise among ``seats``, -1 for the others.

    >>> cyclic([2, 0], 4)
    (2, -1, 0, -1)
    """
    return cyclic_in_order(sorted(seats), n)


def cyclic_in_order(order: list[int], n: int) -> tuple[int, ...]:
    """Next seat after each of ``order`` (in that order, round), -1 for the others.

    >>> cyclic_in_order([2, 0, 1], 3)
    (1, 2, 0)
    """
    out = [-1] * n
    for index, seat in enumerate(order):
        out[seat] = order[(index + 1) % len(order)]
    return tuple(out)


__all__ = [
    "FOLLOW",
    "FOLLOW_ELSE_TRUMP",
    "FOLLOW_OR_TRUMP",
    "FOLLOW_OR_TRUMP_MUST",
    "PlayFacts",
    "cyclic",
    "cyclic_in_order",
    "legal_mask",
    "play_facts",
    "voids_shown",
]
