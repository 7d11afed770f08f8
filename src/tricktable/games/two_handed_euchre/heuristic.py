"""A heuristic two-handed Euchre bot.

It sees only its seat's view and the public rules. Bidding estimates the tricks a hand
takes alone against one opponent who holds five of the cards it cannot see
(``expected_tricks``): a trump wins unless the opponent holds more of the trumps above it
than this hand holds above it; a side ace wins unless the opponent ruffs; a king needs the
ace to be away. The estimate is cautious (it counts no help from leading), so the
thresholds, tuned in self-play, sit near 2 rather than the 3 tricks a maker needs; they
are lowered a little when a euchre costs less than usual (``euchre_points`` against
``make_points``), raised when it costs more, and shifted by the score near the end.

In play it tracks the cards still unseen and the suits the opponent has shown out of: the
maker draws trump with a boss trump, anyone cashes sure winners, and otherwise leads low
from a short suit; second to play it wins as cheaply as it can (following before
trumping) or throws its least useful card. It only ever returns one of ``view.legal``
(``dealer_may_discard_upcard``, ``minimum_trump`` and ``stick_the_dealer`` shape that
list; the scoring options shape its bidding).

>>> from tricktable.cards import parse_cards, mask_of, HEARTS
>>> from tricktable.games import load_game
>>> rules = load_game("two_handed_euchre").rules
>>> deck = mask_of(rules.deck_cards())
>>> hand = mask_of(parse_cards("JH JD AH AS 9C"))
>>> round(expected_tricks(hand, HEARTS, deck & ~hand), 2)
4.16
>>> weak = mask_of(parse_cards("9H TS 9D TC QC"))
>>> expected_tricks(weak, HEARTS, deck & ~weak) < 1
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property
from math import comb

from tricktable.actions import Action, CoreKind, argument_of, kind_of, make_action
from tricktable.cards import SUITS, Card, CardMask, Suit, cards_of, count, mask_of
from tricktable.core import SeatView
from tricktable.games.euchre_family.heuristic import (
    Reading,
    UpCardHeuristic,
    ace_and_king,
    best_discard,
    card_to_lose,
    cashable,
    discard_keeping_best,
    next_suit,
    pass_or_first,
    plain_lead,
    read_view,
    trump_of,
    trumps_and_side,
    turned_down_upcard,
    upcard_mask,
    upcard_of,
)
from tricktable.games.euchre_family.verbs import FamilyKind
from tricktable.games.two_handed_euchre.engine import (
    HAND_SIZE,
    TwoHandedEuchre,
    TwoHandedEuchreRules,
)
from tricktable.tricks import TrickRules, beats, euchre_rules, follow_mask


@dataclass(frozen=True, slots=True, kw_only=True)
class Tuning:
    """The bot's judgement, in expected tricks of ``expected_tricks`` (out of 5)."""

    order: float = 2.0
    """The non-dealer orders the up-card's suit (which goes to the dealer) with this much."""
    take_up: float = 1.8
    """The dealer takes the up-card with this much (after picking it up and discarding)."""
    call: float = 1.9
    """Calling a suit in round 2."""
    next_bonus: float = 0.1
    """The non-dealer's liking for 'next' (the same-colour suit of the turned-down card)."""
    risk_weight: float = 0.15
    """Threshold change per point of euchre cost beyond twice the make points."""


DEFAULT_TUNING = Tuning()


def trick_table(trump: Suit) -> TrickRules:
    """The euchre trick table of ``trump`` (no Benny in two-handed Euchre)."""
    return euchre_rules(trump, None)


def _none_of(picks: int, among: int, wanted: int) -> float:
    """Probability that ``picks`` cards drawn from ``among`` miss ``wanted`` given ones."""
    if picks > among:
        return 0.0
    return comb(among - wanted, picks) / comb(among, picks) if among - wanted >= picks else 0.0


def _at_most(limit: int, picks: int, among: int, wanted: int) -> float:
    """Probability that ``picks`` cards drawn from ``among`` hold at most ``limit`` of
    ``wanted`` particular cards (hypergeometric)."""
    total = comb(among, picks)
    if total == 0:
        return 1.0
    good = sum(
        comb(wanted, k) * comb(among - wanted, picks - k)
        for k in range(0, min(limit, wanted, picks) + 1)
    )
    return good / total


def expected_tricks(
    hand: CardMask, trump: Suit, unseen: CardMask, opponent_cards: int = HAND_SIZE
) -> float:
    """Tricks ``hand`` should take with ``trump`` against one opponent holding
    ``opponent_cards`` of the ``unseen`` cards (uniformly, as far as this hand knows)."""
    table = trick_table(trump)
    trump_mask = table.suit_masks[trump]
    among = count(unseen)
    picks = min(opponent_cards, among)
    unseen_trumps = unseen & trump_mask
    mine = sorted(cards_of(hand & trump_mask), key=lambda c: -table.power[c])
    tricks = 0.0
    for place, card in enumerate(mine):
        higher = sum(1 for c in cards_of(unseen_trumps) if table.power[c] > table.power[card])
        # it wins unless the opponent holds more of the trumps above it than this hand
        # holds above it (each of ours draws one of theirs)
        tricks += _at_most(place, picks, among, higher)
    # long trumps win once the opponent's are gone
    expected_theirs = count(unseen_trumps) * picks / max(1, among)
    tricks += 0.3 * max(0.0, len(mine) - expected_theirs - 1.5)
    trumps_held = len(mine)
    for suit in SUITS:
        if suit == trump:
            continue
        cards = hand & table.suit_masks[suit]
        if not cards:
            continue
        suit_unseen = count(unseen & table.suit_masks[suit])
        # the opponent ruffs when void in the suit and holding a trump
        void = _none_of(picks, among, suit_unseen)
        ruff = void * (1 - _none_of(picks, among, count(unseen_trumps)))
        has_ace, has_king = ace_and_king(cards, suit)
        if has_ace:
            tricks += 1 - ruff
        if has_king:
            ace_away = 1.0 if has_ace else _none_of(picks, among, 1)
            tricks += 0.8 * ace_away * (1 - ruff) * (0.7 if count(cards) >= 2 else 0.6)
    # a void side suit lets spare trumps ruff
    voids = sum(1 for s in SUITS if s != trump and not hand & table.suit_masks[s])
    if trumps_held >= 2:
        tricks += 0.15 * voids
    return tricks


# -- the bot -----------------------------------------------------------------------------------
class TwoHandedEuchreHeuristic(UpCardHeuristic[TwoHandedEuchreRules, Tuning]):
    """Rule-of-thumb two-handed Euchre: counted bids, trump draws, cheap wins."""

    game_class = TwoHandedEuchre
    default_tuning = DEFAULT_TUNING

    @cached_property
    def deck(self) -> CardMask:
        """The cards of the deck the rules use."""
        return mask_of(self.rules.deck_cards())

    @cached_property
    def risk(self) -> float:
        """What the bidding thresholds rise by: a euchre that costs more than twice a make
        asks for a stronger hand."""
        rules = self.rules
        return self.tuning.risk_weight * (rules.euchre_points - 2 * rules.make_points)

    # -- bidding -------------------------------------------------------------------------------
    def _order(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Round 1: the non-dealer orders, or the dealer takes up, with enough tricks."""
        upcard, trump = upcard_of(view)
        dealt = mask_of(view.hand)
        if view.seat == view.dealer:
            full = dealt | 1 << upcard
            hand = full & ~(
                1 << best_discard(full, self._discardable(full, upcard), trick_table(trump))
            )
            strength = expected_tricks(hand, trump, self.deck & ~full)
            threshold = self.tuning.take_up
        else:
            # the up-card will be the dealer's: a trump the opponent is sure to hold
            strength = expected_tricks(dealt, trump, self.deck & ~dealt & ~(1 << upcard), 4)
            strength -= self._upcard_threat(dealt, upcard, trump)
            threshold = self.tuning.order
        if strength >= threshold + self.risk + self._score_pressure(view):
            return make_action(FamilyKind.ORDER)
        return pass_or_first(actions)

    def _upcard_threat(self, hand: CardMask, upcard: Card, trump: Suit) -> float:
        """How much the up-card in the dealer's hand costs this hand: it beats every
        trump of ours below it."""
        table = trick_table(trump)
        below = [
            c
            for c in cards_of(hand & table.suit_masks[trump])
            if table.power[c] < table.power[upcard]
        ]
        return 0.5 if below else 0.2

    def _discardable(self, full: CardMask, upcard: Card) -> CardMask:
        if not self.rules.dealer_may_discard_upcard and full & ~(1 << upcard):
            return full & ~(1 << upcard)
        return full

    def _call(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Round 2: the best suit if strong enough; a stuck dealer calls its best."""
        suits = sorted({argument_of(a) for a in actions if kind_of(a) == FamilyKind.CALL})
        hand = mask_of(view.hand)
        unseen = self.deck & ~(hand | upcard_mask(view))  # the turned-down card is out of play
        next_ = next_suit(view)
        bonus = self.tuning.next_bonus if view.seat != view.dealer else 0.0

        def value(suit: Suit) -> float:
            return expected_tricks(hand, suit, unseen) + (bonus if suit == next_ else 0.0)

        best = max(suits, key=lambda suit: (value(suit), -suit))
        pass_action = make_action(CoreKind.PASS)
        if pass_action not in actions or value(best) >= (
            self.tuning.call + self.risk + self._score_pressure(view)
        ):
            return make_action(FamilyKind.CALL, best)
        return pass_action

    def _score_pressure(self, view: SeatView) -> float:
        """Near the end: bid more boldly when the opponent is about to win anyway, more
        carefully when a euchre would hand the opponent the game."""
        target = self.rules.target
        if target is None:
            return 0.0
        ours, theirs = view.scores[view.seat], view.scores[1 - view.seat]
        if theirs + self.rules.make_points >= target and ours < theirs:
            return -0.3
        if theirs + self.rules.euchre_points >= target and ours + 1 < target:
            return 0.2
        return 0.0

    # -- discards ------------------------------------------------------------------------------
    def _discard(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Keep trumps and aces, make a void (only among the cards the rules allow)."""
        return discard_keeping_best(view, actions, trick_table(trump_of(view)))

    # -- play ----------------------------------------------------------------------------------
    def _play(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        table = trick_table(trump_of(view))
        reading = read_view(view, table, self.deck, out_of_play=turned_down_upcard(view))
        playable = [argument_of(a) for a in actions if kind_of(a) == CoreKind.PLAY]
        if not view.trick:
            return make_action(CoreKind.PLAY, self._lead(reading, playable))
        led_card = view.trick[0][1]
        led = reading.table.eff_suit[led_card]
        honest = follow_mask(reading.hand, led, reading.table)
        cards = [c for c in playable if honest >> c & 1] or playable
        return make_action(CoreKind.PLAY, self._follow(reading, cards, led_card, led))

    def _follow(self, reading: Reading, cards: list[Card], led_card: Card, led: Suit) -> Card:
        """Second to play: win as cheaply as possible (following before trumping), else
        throw the least useful card."""
        table = reading.table
        winners = [c for c in cards if beats(c, led_card, led, table)]
        if winners:
            return min(
                winners,
                key=lambda c: (reading.is_trump(c) and led != reading.trump, table.power[c], c),
            )
        return card_to_lose(reading, cards, led, void_without_trump=True)

    def _lead(self, reading: Reading, cards: list[Card]) -> Card:
        table = reading.table
        trumps, side = trumps_and_side(reading, cards)
        we_make = reading.maker == reading.seat
        if trumps and reading.opponents_may_trump():
            if reading.is_boss(trumps[0]) and (we_make or len(trumps) >= 2):
                return trumps[0]  # draw the opponent's trumps from the top
            if we_make and len(trumps) >= 3:
                return trumps[0]
        bosses = cashable(reading, side)
        if bosses:
            return max(bosses, key=lambda c: (table.power[c], c))
        return plain_lead(reading, trumps, side)


__all__ = ["DEFAULT_TUNING", "Tuning", "TwoHandedEuchreHeuristic", "expected_tricks"]


HEURISTIC_BOT = TwoHandedEuchreHeuristic
"""This game's heuristic bot (the spec finds it by this name)."""
