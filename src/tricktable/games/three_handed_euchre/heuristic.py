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
from dataclasses import dataclass

from tricktable.actions import Action, CoreKind, argument_of, kind_of, make_action
from tricktable.cards import SUITS, Card, CardMask, Suit, cards_of, count, mask_of
from tricktable.core import SeatView
from tricktable.games.euchre_family.heuristic import (
    EUCHRE_DECK,
    Decision,
    Reading,
    UpCardHeuristic,
    ace_and_king,
    after_pickup,
    by_power,
    card_to_lose,
    cashable,
    discard_keeping_best,
    held_trumps_value,
    plain_lead,
    read_view,
    trump_of,
    trump_value,
    trumps_and_side,
    turned_down_upcard,
    upcard_of,
)
from tricktable.games.euchre_family.verbs import FamilyKind
from tricktable.games.three_handed_euchre.engine import ThreeHandedEuchre, ThreeHandedEuchreRules
from tricktable.tricks import TrickRules, beats, euchre_rules, follow_mask

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


def expected_tricks(
    hand: CardMask, trump: Suit, hand_size: int, length_bonus: float = 0.35
) -> float:
    """Tricks ``hand`` should take alone against two others with ``trump``."""
    table = table_for(trump)
    value = held_trumps_value(hand, table, EUCHRE_DECK, TRUMP_VALUES)
    held = count(hand & table.suit_masks[trump])
    value += length_bonus * max(0, held - 2)
    for suit in SUITS:
        if suit == trump:
            continue
        cards = hand & table.suit_masks[suit]
        if not cards:
            value += 0.25 if held >= 2 else 0.0
            continue
        length = count(cards)
        has_ace, has_king = ace_and_king(cards, suit)
        if has_ace:
            value += 0.8 if length <= 2 else 0.55
        if has_king:
            value += 0.3 if has_ace else (0.15 if length >= 2 else 0.05)
    # Five-card hands leave more cards out, so each card counts a little less.
    return value * (0.95 if hand_size == 5 else 1.0)


# -- the bot -----------------------------------------------------------------------------------
class ThreeHandedEuchreHeuristic(UpCardHeuristic[ThreeHandedEuchreRules, Tuning]):
    """Rule-of-thumb three-handed Euchre: bid what a lone hand can make, play it cheaply."""

    game_class = ThreeHandedEuchre
    default_tuning = DEFAULT_TUNING

    def own_decisions(self) -> list[tuple[int, Decision]]:
        return [(FamilyKind.ACE_NO_FACE, _show_ace_no_face)]

    def _strength(self, hand: CardMask, trump: Suit) -> float:
        return expected_tricks(hand, trump, self.rules.hand_size, self.tuning.length_bonus)

    # -- bidding -------------------------------------------------------------------------------
    def _order(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Round one: order the up-card's suit (the dealer: take it up) with a hand that
        should take the tricks needed alone."""
        upcard, trump = upcard_of(view)
        table = table_for(trump)
        dealt = mask_of(view.hand)
        if view.seat == view.dealer:
            strength = self._strength(after_pickup(dealt, upcard, table), trump)
        else:
            gift = self.tuning.upcard_weight * trump_value(upcard, table, EUCHRE_DECK, TRUMP_VALUES)
            strength = self._strength(dealt, trump) - gift
        if strength >= self.rules.need + self.tuning.order_margin:
            return make_action(FamilyKind.ORDER)
        return make_action(CoreKind.PASS)

    def _call(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Round two: call the best suit if strong enough (a stuck dealer always calls)."""
        suits = [argument_of(a) for a in actions if kind_of(a) == FamilyKind.CALL]
        hand = mask_of(view.hand)
        best = max(suits, key=lambda suit: (self._strength(hand, suit), -suit))
        pass_action = make_action(CoreKind.PASS)
        strong = self._strength(hand, best) >= self.rules.need + self.tuning.call_margin
        if strong or pass_action not in actions:
            return make_action(FamilyKind.CALL, best)
        return pass_action

    # -- the dealer's discard --------------------------------------------------------------------
    def _discard(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Keep trumps and aces, make a void."""
        return discard_keeping_best(view, actions, table_for(trump_of(view)))

    # -- play ----------------------------------------------------------------------------------
    def _play(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        table = table_for(trump_of(view))
        reading = read_view(view, table, EUCHRE_DECK, out_of_play=turned_down_upcard(view))
        playable = [argument_of(a) for a in actions if kind_of(a) == CoreKind.PLAY]
        if not view.trick:
            return make_action(CoreKind.PLAY, _lead(reading, playable))
        led = reading.table.eff_suit[view.trick[0][1]]
        honest = follow_mask(reading.hand, led, reading.table) & mask_of(playable)
        return make_action(CoreKind.PLAY, _follow(reading, cards_of(honest) or playable, led))


def _follow(reading: Reading, cards: list[Card], led: Suit) -> Card:
    """Win as cheaply as holds; a defender lets the other defender's card beat the maker
    rather than spend a trump on it; otherwise play low."""
    table = reading.table
    winning_seat, best = reading.winning()
    winners = [c for c in cards if beats(c, best, led, table)]
    if not winners:
        return card_to_lose(reading, cards, led)
    defender = reading.seat != reading.maker
    if defender and winning_seat != reading.maker:
        maker_to_play = reading.maker in reading.later
        cheap = [c for c in winners if not reading.is_trump(c)]
        if maker_to_play:
            # The maker still plays: take over only with a card that holds against it.
            safe = [c for c in winners if not reading.threatened(c, led)]
            if not reading.threatened(best, led):
                return card_to_lose(reading, cards, led)
            return by_power(safe, table)[0] if safe else card_to_lose(reading, cards, led)
        return by_power(cheap, table)[0] if cheap else card_to_lose(reading, cards, led)
    safe = by_power((c for c in winners if not reading.threatened(c, led)), table)
    return safe[0] if safe else by_power(winners, table)[0]


def _lead(reading: Reading, cards: list[Card]) -> Card:
    """The maker draws trump from the top; anyone cashes sure winners; else lead short."""
    trumps, side = trumps_and_side(reading, cards)
    maker = reading.seat == reading.maker
    sure = cashable(reading, side)
    draws = maker and trumps and reading.opponents_may_trump()
    if draws and (reading.is_boss(trumps[0]) or len(trumps) >= 3):
        return trumps[0]
    if sure:
        return sure[0]
    return plain_lead(reading, trumps, side, avoid_ruffs=False)


def _show_ace_no_face(view: SeatView, actions: list[Action], rng: random.Random) -> Action:
    """A hand of aces, tens and nines is weak: always ask for the redeal."""
    return make_action(FamilyKind.ACE_NO_FACE)


__all__ = [
    "DEFAULT_TUNING",
    "ThreeHandedEuchreHeuristic",
    "Tuning",
    "expected_tricks",
]


HEURISTIC_BOT = ThreeHandedEuchreHeuristic
"""This game's heuristic bot (the spec finds it by this name)."""
