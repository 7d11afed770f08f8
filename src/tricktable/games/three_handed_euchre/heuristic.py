"""A heuristic bot for three-handed Euchre: the maker plays alone against both others.

It sees only the seat's view and the public rules. Bidding counts the tricks a hand
should take alone (``expected_tricks``: trumps by place and length, side aces, guarded
kings, voids to ruff in) against what the maker needs (4 of 7, 3 of 5); the up-card
counts for the dealer and against anyone who would hand it to the dealer. An
``ace no face`` hand (aces, no K, Q or J: weak by definition) always asks for the redeal.
In play it tracks the cards not yet seen and who has shown out of which suit: the maker
draws trump from the top and cashes sure winners; everyone wins a trick as cheaply as
holds, and otherwise throws its cheapest card, making voids. A defender does not spend
a trump to take a trick the other defender already wins from the maker.

>>> from tricktable.cards import parse_cards, mask_of, HEARTS
>>> round(expected_tricks(mask_of(parse_cards("JH JD AH KH AS 9C TC")), HEARTS, 7), 2)
5.25
>>> round(expected_tricks(mask_of(parse_cards("9H TS QS 9D TD QC 9C")), HEARTS, 7), 2)
0.4
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tricktable import actions as A
from tricktable.actions import Action, action_text, argument_of, kind_of, make_action, parse_action
from tricktable.bots.base import Bot, require_legal
from tricktable.cards import (
    ACE,
    KING,
    SUIT_LETTERS,
    SUITS,
    Card,
    CardMask,
    Suit,
    cards_of,
    count,
    make_card,
    mask_of,
    parse_card,
)
from tricktable.core import Game, SeatView
from tricktable.errors import RuleError
from tricktable.games.euchre_family.heuristic import (
    after_pickup,
    best_discard,
    by_power,
    higher_in_suit,
)
from tricktable.games.three_handed_euchre.engine import DECK, ThreeHandedEuchreRules
from tricktable.tricks import TrickRules, beats, euchre_rules, follow_mask, trick_winner

SEATS = 3
DECK_MASK: CardMask = mask_of(DECK)

Decision = Callable[[SeatView, list[Action], random.Random], Action]
"""One kind of decision: the view, the legal actions and the RNG in, an action out."""

TRUMP_VALUES = (1.0, 0.95, 0.85, 0.7, 0.55, 0.45, 0.4)
"""Expected tricks of the trumps by place (right bower first) for a lone maker."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Tuning:
    """The bot's judgement, in tricks short of (or beyond) what the maker needs."""

    order_margin: float = -0.25
    """Order (or take up) when ``expected_tricks`` reaches the tricks needed plus this."""
    call_margin: float = -0.15
    """Call a suit in round two with this margin."""
    upcard_weight: float = 0.6
    """Share of the up-card's trump value that goes to the dealer who takes it."""
    length_bonus: float = 0.35
    """Each trump beyond the second is worth this much more (long trumps win late)."""


DEFAULT_TUNING = Tuning()


def table_for(trump: Suit) -> TrickRules:
    """The trick table for ``trump`` (bowers are trumps; no Benny in a 24-card deck)."""
    return euchre_rules(trump, None)


def trump_place_value(card: Card, trump: Suit) -> float:
    """What ``card`` is worth as a trump, by its place in the trump order (0 if none)."""
    table = table_for(trump)
    trumps = by_power(cards_of(table.suit_masks[trump] & DECK_MASK), table, high_first=True)
    return TRUMP_VALUES[trumps.index(card)] if card in trumps else 0.0


def expected_tricks(
    hand: CardMask, trump: Suit, hand_size: int, length_bonus: float = 0.35
) -> float:
    """Tricks ``hand`` should take alone against two others with ``trump``."""
    table = table_for(trump)
    trump_mask = table.suit_masks[trump]
    trumps = by_power(cards_of(trump_mask & DECK_MASK), table, high_first=True)
    value = 0.0
    for place, card in enumerate(trumps):
        if hand >> card & 1:
            value += TRUMP_VALUES[place]
    held = count(hand & trump_mask)
    value += length_bonus * max(0, held - 2)
    for suit in SUITS:
        if suit == trump:
            continue
        cards = hand & table.suit_masks[suit]
        if not cards:
            value += 0.25 if held >= 2 else 0.0
            continue
        length = count(cards)
        has_ace = bool(cards >> make_card(suit, ACE) & 1)
        has_king = bool(cards >> make_card(suit, KING) & 1)
        if has_ace:
            value += 0.8 if length <= 2 else 0.55
        if has_king:
            value += 0.3 if has_ace else (0.15 if length >= 2 else 0.05)
    # Five-card hands leave more cards out, so each card counts a little less.
    return value * (0.95 if hand_size == 5 else 1.0)


# -- what the view tells ---------------------------------------------------------------------
@dataclass(slots=True)
class Reading:
    """What one seat knows during play, read from its view."""

    view: SeatView
    seat: int
    hand: CardMask
    trump: Suit
    table: TrickRules
    unseen: CardMask
    """Cards some other seat may still hold."""
    voids: list[int]
    """For each seat, bit ``s`` set when it has shown out of effective suit ``s``."""
    maker: int

    def later_seats(self) -> list[int]:
        """Seats still to play to the current trick after this one."""
        left = SEATS - len(self.view.trick) - 1
        return [(self.seat + offset) % SEATS for offset in range(1, left + 1)]

    def is_trump(self, card: Card) -> bool:
        return self.table.eff_suit[card] == self.trump

    def is_boss(self, card: Card) -> bool:
        return not higher_in_suit(card, self.unseen, self.table)

    def unseen_trumps(self) -> CardMask:
        return self.unseen & self.table.suit_masks[self.trump]

    def may_hold_trump(self, seat: int) -> bool:
        return not self.voids[seat] >> self.trump & 1 and bool(self.unseen_trumps())

    def may_be_void(self, seat: int, suit: Suit) -> bool:
        if self.voids[seat] >> suit & 1:
            return True
        return suit != self.trump and count(self.unseen & self.table.suit_masks[suit]) <= 1

    def threatened(self, card: Card, led: Suit, seats: Sequence[int]) -> bool:
        """Whether a seat among ``seats`` may still beat ``card`` in this trick."""
        table = self.table
        for seat in seats:
            follows = not self.voids[seat] >> led & 1
            if follows and table.eff_suit[card] == led and higher_in_suit(card, self.unseen, table):
                return True
            ruffs = led != self.trump and self.may_be_void(seat, led) and self.may_hold_trump(seat)
            if ruffs and (
                not self.is_trump(card) or higher_in_suit(card, self.unseen_trumps(), table)
            ):
                return True
        return False

    def may_ruff(self, seat: int, suit: Suit) -> bool:
        return bool(self.voids[seat] >> suit & 1) and self.may_hold_trump(seat)


def read_view(view: SeatView) -> Reading:
    """The play-time knowledge of ``view``'s seat."""
    public = view.public
    trump = SUIT_LETTERS.index(public["trump"])
    table = table_for(trump)
    hand = mask_of(view.hand)
    played = mask_of(card for trick in view.tricks for _, card in trick)
    played |= mask_of(card for _, card in view.trick)
    gone = hand | played | mask_of(parse_card(text) for text in public.get("own_discards", ()))
    upcard = public.get("upcard")
    if upcard is not None and public.get("turned_down"):
        gone |= 1 << parse_card(upcard)
    voids = [0] * SEATS
    for trick in (*view.tricks, view.trick):
        if trick:
            led = table.eff_suit[trick[0][1]]
            for seat, card in trick[1:]:
                if table.eff_suit[card] != led:
                    voids[seat] |= 1 << led
    maker = public.get("maker")
    return Reading(
        view=view,
        seat=view.seat,
        hand=hand,
        trump=trump,
        table=table,
        unseen=DECK_MASK & ~gone,
        voids=voids,
        maker=view.seat if maker is None else int(maker),
    )


# -- the bot -----------------------------------------------------------------------------------
class ThreeHandedEuchreHeuristic(Bot):
    """Rule-of-thumb three-handed Euchre: bid what a lone hand can make, play it cheaply."""

    name = "heuristic"

    def __init__(
        self, game: Game[Any], seat: int | None = None, tuning: Tuning = DEFAULT_TUNING
    ) -> None:
        super().__init__(game, seat)
        if not isinstance(game.rules, ThreeHandedEuchreRules):
            raise RuleError(f"this heuristic plays three_handed_euchre, not {game.name!r}")
        self.rules: ThreeHandedEuchreRules = game.rules
        self.tuning = tuning

    def choose(self, view: SeatView, rng: random.Random) -> str:
        legal = require_legal(view)
        if len(legal) == 1:
            return legal[0]
        actions = [parse_action(text) for text in legal]
        kinds = {kind_of(action) for action in actions}
        if A.PLAY in kinds:
            decide: Decision = self._play
        elif A.DISCARD in kinds:
            decide = self._discard
        elif A.ORDER in kinds:
            decide = self._order
        elif A.CALL in kinds:
            decide = self._call
        elif A.ACE_NO_FACE in kinds:
            decide = _show_ace_no_face
        else:
            decide = _first
        choice = action_text(decide(view, actions, rng))
        return choice if choice in legal else legal[0]

    def _strength(self, hand: CardMask, trump: Suit) -> float:
        return expected_tricks(hand, trump, self.rules.hand_size, self.tuning.length_bonus)

    # -- bidding -------------------------------------------------------------------------------
    def _order(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Round one: order the up-card's suit (the dealer: take it up) with a hand that
        should take the tricks needed alone."""
        upcard = parse_card(view.public["upcard"])
        trump = SUIT_LETTERS.index(view.public["upcard_suit"])
        dealt = mask_of(view.hand)
        if view.seat == view.dealer:
            strength = self._strength(after_pickup(dealt, upcard, table_for(trump)), trump)
        else:
            gift = self.tuning.upcard_weight * trump_place_value(upcard, trump)
            strength = self._strength(dealt, trump) - gift
        if strength >= self.rules.need + self.tuning.order_margin:
            return make_action(A.ORDER)
        return make_action(A.PASS)

    def _call(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Round two: call the best suit if strong enough (a stuck dealer always calls)."""
        suits = [argument_of(a) for a in actions if kind_of(a) == A.CALL]
        hand = mask_of(view.hand)
        best = max(suits, key=lambda suit: (self._strength(hand, suit), -suit))
        pass_action = make_action(A.PASS)
        strong = self._strength(hand, best) >= self.rules.need + self.tuning.call_margin
        if strong or pass_action not in actions:
            return make_action(A.CALL, best)
        return pass_action

    # -- the dealer's discard --------------------------------------------------------------------
    def _discard(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Keep trumps and aces, make a void."""
        allowed = mask_of(argument_of(a) for a in actions if kind_of(a) == A.DISCARD)
        table = table_for(SUIT_LETTERS.index(view.public["trump"]))
        return make_action(A.DISCARD, best_discard(mask_of(view.hand), allowed, table))

    # -- play ----------------------------------------------------------------------------------
    def _play(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        reading = read_view(view)
        playable = [argument_of(a) for a in actions if kind_of(a) == A.PLAY]
        if not view.trick:
            return make_action(A.PLAY, _lead(reading, playable))
        led = reading.table.eff_suit[view.trick[0][1]]
        honest = follow_mask(reading.hand, led, reading.table) & mask_of(playable)
        return make_action(A.PLAY, _follow(reading, cards_of(honest) or playable, led))


def _follow(reading: Reading, cards: list[Card], led: Suit) -> Card:
    """Win as cheaply as holds; a defender lets the other defender's card beat the maker
    rather than spend a trump on it; otherwise play low."""
    table = reading.table
    plays = [card for _, card in reading.view.trick]
    winning_seat, best = reading.view.trick[trick_winner(plays, table)]
    later = reading.later_seats()
    winners = [c for c in cards if beats(c, best, led, table)]
    if not winners:
        return _low(reading, cards, led)
    defender = reading.seat != reading.maker
    if defender and winning_seat != reading.maker:
        maker_to_play = reading.maker in later
        cheap = [c for c in winners if not reading.is_trump(c)]
        if maker_to_play:
            # The maker still plays: take over only with a card that holds against it.
            safe = [c for c in winners if not reading.threatened(c, led, later)]
            if not reading.threatened(best, led, later):
                return _low(reading, cards, led)
            return by_power(safe, table)[0] if safe else _low(reading, cards, led)
        return by_power(cheap, table)[0] if cheap else _low(reading, cards, led)
    safe = by_power((c for c in winners if not reading.threatened(c, led, later)), table)
    return safe[0] if safe else by_power(winners, table)[0]


def _lead(reading: Reading, cards: list[Card]) -> Card:
    """The maker draws trump from the top; anyone cashes sure winners; else lead short."""
    table = reading.table
    trumps = by_power((c for c in cards if reading.is_trump(c)), table, high_first=True)
    side = [c for c in cards if not reading.is_trump(c)]
    others = [s for s in range(SEATS) if s != reading.seat]
    others_have_trump = any(reading.may_hold_trump(s) for s in others)
    maker = reading.seat == reading.maker
    sure = [
        c
        for c in side
        if reading.is_boss(c) and not any(reading.may_ruff(s, table.eff_suit[c]) for s in others)
    ]
    if maker and trumps and others_have_trump and (reading.is_boss(trumps[0]) or len(trumps) >= 3):
        return trumps[0]
    if sure:
        return by_power(sure, table, high_first=True)[0]
    if not side:
        return trumps[0] if reading.is_boss(trumps[0]) else trumps[-1]
    if trumps and not others_have_trump:
        return trumps[0]

    def key(card: Card) -> tuple[int, float, int]:
        suit = table.eff_suit[card]
        return (count(reading.hand & table.suit_masks[suit]), table.power[card], card)

    return min(side, key=key)


def _low(reading: Reading, cards: list[Card], led: Suit) -> Card:
    """The card to lose: lowest of the led suit, else the cheapest throw-off."""
    table = reading.table
    following = [c for c in cards if table.eff_suit[c] == led]
    if following:
        return by_power(following, table)[0]
    holds_trump = bool(reading.hand & table.suit_masks[reading.trump])

    def key(card: Card) -> tuple[bool, bool, float, int]:
        suit = table.eff_suit[card]
        singleton = count(reading.hand & table.suit_masks[suit]) == 1
        voiding = 3.0 if singleton and holds_trump and suit != reading.trump else 0.0
        return (reading.is_trump(card), reading.is_boss(card), table.power[card] - voiding, card)

    return min(cards, key=key)


def _show_ace_no_face(view: SeatView, actions: list[Action], rng: random.Random) -> Action:
    """A hand of aces, tens and nines is weak: always ask for the redeal."""
    return make_action(A.ACE_NO_FACE)


def _first(view: SeatView, actions: list[Action], rng: random.Random) -> Action:
    pass_action = make_action(A.PASS)
    return pass_action if pass_action in actions else actions[0]


__all__ = [
    "DEFAULT_TUNING",
    "Reading",
    "ThreeHandedEuchreHeuristic",
    "Tuning",
    "expected_tricks",
    "read_view",
]
