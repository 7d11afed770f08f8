"""The solver's position: a play-phase position with every hand open, the follow rules,
and the card helpers every part of the solver shares (``legal_cards``, ``popcount``).

``search.solver`` re-exports all of it; the solver's parts import it from here.

>>> from tricktable.tricks import euchre_rules
>>> from tricktable.cards import parse_cards, mask_of
>>> table = euchre_rules(1, None)          # hearts trump
>>> hand = mask_of(parse_cards("JD AS 9S"))
>>> spades = table.eff_suit[parse_cards("KS")[0]]
>>> legal = legal_cards(hand, spades, FOLLOW, table.suit_masks, table.trump)
>>> legal == mask_of(parse_cards("AS 9S"))
True
>>> Position.make([hand], table, FOLLOW, [0], leader=0, team=1).cards_in_play()
3
"""

from __future__ import annotations

from typing import Final

from tricktable.search.valuation import Valuation
from tricktable.tricks import NO_TRUMP, TrickRules

TRICKS: Final = Valuation()
"""The shared default valuation: the tricks the team takes from here on."""

FOLLOW: Final = 0
"""Follow the led suit if able, else any card (the euchre family, Oh Hell)."""
FOLLOW_OR_TRUMP: Final = 1
"""Follow or trump at will; void: any card (All Fours)."""
FOLLOW_OR_TRUMP_MUST: Final = 2
"""Follow or trump at will; void: trump if able (All Fours, ``void_rule=must_trump``)."""
FOLLOW_ELSE_TRUMP: Final = 3
"""Follow; void: trump if able (Romanian whist, ``void_rule=must_trump``)."""


class Position:
    """A play-phase position with every hand open, and what its value counts."""

    hands: list[int]
    next_seat: list[int]
    eff: list[int]
    power: list[int]
    suit_masks: list[int]
    trump: int
    follow: int
    trick_cards: list[int]
    trick_seats: list[int]
    to_move: int
    team: int
    """Mask of the seats that maximize."""
    valuation: Valuation
    """What the value counts (the game's search adapter sets it; ``TRICKS`` by default)."""
    taken: int
    """``by_final_tricks``: tricks the team seat has taken so far."""
    each_for_itself: bool
    """``by_final_tricks``: every seat plays for its own score (``takens``) instead of all
    against the team seat (``search.solver_each`` says how ties are broken)."""
    takens: list[int]
    """``by_final_tricks`` with ``each_for_itself``: tricks every seat has taken so far."""

    def __init__(self) -> None:
        self.hands = []
        self.next_seat = []
        self.eff = []
        self.power = []
        self.suit_masks = []
        self.trump = NO_TRUMP
        self.follow = FOLLOW
        self.trick_cards = []
        self.trick_seats = []
        self.to_move = 0
        self.team = 0
        self.valuation = TRICKS
        self.taken = 0
        self.each_for_itself = False
        self.takens = []

    @staticmethod
    def make(
        hands: list[int],
        table: TrickRules,
        follow: int,
        next_seat: list[int],
        leader: int,
        team: int,
        trick: list[tuple[int, int]] | None = None,
    ) -> Position:
        """A position valued by the team's tricks (``TRICKS``); ``trick`` lists ``(seat,
        card)`` already played to the trick in progress (``leader`` is then ignored)."""
        pos = Position()
        pos.hands = list(hands)
        pos.next_seat = list(next_seat)
        pos.eff = list(table.eff_suit)
        pos.power = list(table.power)
        pos.suit_masks = list(table.suit_masks)
        pos.trump = table.trump
        pos.follow = follow
        pos.team = team
        pos.to_move = leader
        if trick:
            pos.trick_seats = [seat for seat, _ in trick]
            pos.trick_cards = [card for _, card in trick]
            pos.to_move = next_seat[trick[-1][0]]
        return pos

    def active_count(self) -> int:
        """How many seats play to each trick."""
        return sum(1 for seat in self.next_seat if seat >= 0)

    def cards_in_play(self) -> int:
        """The cards in hands and in the trick in progress."""
        return sum(hand.bit_count() for hand in self.hands) + len(self.trick_cards)

    def copy(self) -> Position:
        """An independent copy (lists copied)."""
        other = Position()
        other.hands = list(self.hands)
        other.next_seat = list(self.next_seat)
        other.eff = self.eff
        other.power = self.power
        other.suit_masks = self.suit_masks
        other.trump = self.trump
        other.follow = self.follow
        other.trick_cards = list(self.trick_cards)
        other.trick_seats = list(self.trick_seats)
        other.to_move = self.to_move
        other.team = self.team
        other.valuation = self.valuation.copied()
        other.taken = self.taken
        other.each_for_itself = self.each_for_itself
        other.takens = list(self.takens)
        return other


def legal_cards(hand: int, led: int, follow: int, suit_masks: list[int], trump: int) -> int:
    """The cards of ``hand`` playable to a trick led in effective suit ``led`` (-1: lead)."""
    if led < 0:
        return hand
    following = hand & suit_masks[led]
    if follow == FOLLOW:
        return following if following else hand
    trumps = hand & suit_masks[trump] if trump != NO_TRUMP else 0
    if follow == FOLLOW_ELSE_TRUMP:
        if following:
            return following
        return trumps if trumps else hand
    if following:
        return following | trumps
    if follow == FOLLOW_OR_TRUMP_MUST and trumps:
        return trumps
    return hand


def popcount(mask: int) -> int:
    """The number of cards in ``mask`` (a mask of the solver's renumbered cards, below
    bit 62: plain machine-word arithmetic in the compiled build).

    >>> popcount(0b1011), popcount((1 << 61) | 1)
    (3, 2)
    """
    mask -= (mask >> 1) & 0x1555555555555555
    mask = (mask & 0x3333333333333333) + ((mask >> 2) & 0x3333333333333333)
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F0F
    mask += mask >> 8
    mask += mask >> 16
    mask += mask >> 32
    return mask & 127
