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
from collections.abc import Iterable
from dataclasses import dataclass
from math import comb
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
    same_colour_suit,
)
from tricktable.core import Game, SeatView
from tricktable.errors import RuleError
from tricktable.games.euchre_family.heuristic import best_discard
from tricktable.games.two_handed_euchre.engine import HAND_SIZE, TwoHandedEuchreRules
from tricktable.tricks import TrickRules, beats, euchre_rules, follow_mask

SEATS = 2


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
        ace = make_card(suit, ACE)
        king = make_card(suit, KING)
        if cards >> ace & 1:
            tricks += 1 - ruff
        if cards >> king & 1:
            ace_away = 1.0 if cards >> ace & 1 else _none_of(picks, among, 1)
            tricks += 0.8 * ace_away * (1 - ruff) * (0.7 if count(cards) >= 2 else 0.6)
    # a void side suit lets spare trumps ruff
    voids = sum(1 for s in SUITS if s != trump and not hand & table.suit_masks[s])
    if trumps_held >= 2:
        tricks += 0.15 * voids
    return tricks


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
    """Cards the opponent (or the stock) may hold."""
    opponent_voids: int
    """Bit ``s`` set when the opponent has shown out of effective suit ``s``."""
    maker: int

    @property
    def opponent(self) -> int:
        return 1 - self.seat

    def is_trump(self, card: Card) -> bool:
        return self.table.eff_suit[card] == self.trump

    def is_boss(self, card: Card) -> bool:
        """No unseen card of its effective suit outranks it."""
        table = self.table
        suit, power = table.eff_suit[card], table.power[card]
        return not any(
            table.power[c] > power for c in cards_of(self.unseen & table.suit_masks[suit])
        )

    def opponent_may_trump(self) -> bool:
        return not self.opponent_voids >> self.trump & 1 and bool(
            self.unseen & self.table.suit_masks[self.trump]
        )

    def opponent_may_ruff(self, suit: Suit) -> bool:
        return bool(self.opponent_voids >> suit & 1) and self.opponent_may_trump()


def read_view(view: SeatView, deck: CardMask) -> Reading:
    """The play-time knowledge of ``view``'s seat."""
    public = view.public
    trump = SUIT_LETTERS.index(public["trump"])
    table = trick_table(trump)
    hand = mask_of(view.hand)
    played = mask_of(card for trick in view.tricks for _, card in trick)
    played |= mask_of(card for _, card in view.trick)
    gone = hand | played | mask_of(parse_card(text) for text in public.get("own_discards", ()))
    upcard = public.get("upcard")
    if upcard is not None and public.get("turned_down"):
        gone |= 1 << parse_card(upcard)  # out of play under the stock
    voids = 0
    for trick in (*view.tricks, view.trick):
        if len(trick) >= 2:
            led = table.eff_suit[trick[0][1]]
            for seat, card in trick[1:]:
                if seat != view.seat and table.eff_suit[card] != led:
                    voids |= 1 << led
    maker = public.get("maker")
    return Reading(
        view=view,
        seat=view.seat,
        hand=hand,
        trump=trump,
        table=table,
        unseen=deck & ~gone,
        opponent_voids=voids,
        maker=view.seat if maker is None else int(maker),
    )


def by_power(cards: Iterable[Card], table: TrickRules, high_first: bool = False) -> list[Card]:
    """Cards ordered by trick-taking power (lowest first unless ``high_first``)."""
    return sorted(cards, key=lambda card: (table.power[card], card), reverse=high_first)


# -- the bot -----------------------------------------------------------------------------------
class TwoHandedEuchreHeuristic(Bot):
    """Rule-of-thumb two-handed Euchre: counted bids, trump draws, cheap wins."""

    name = "heuristic"

    def __init__(
        self, game: Game[Any], seat: int | None = None, tuning: Tuning = DEFAULT_TUNING
    ) -> None:
        super().__init__(game, seat)
        if not isinstance(game.rules, TwoHandedEuchreRules):
            raise RuleError(
                f"the two-handed euchre heuristic plays two_handed_euchre, not {game.name!r}"
            )
        self.rules: TwoHandedEuchreRules = game.rules
        self.tuning = tuning
        self.deck: CardMask = mask_of(self.rules.deck_cards())
        rules = self.rules
        # A euchre that costs more than twice a make asks for a stronger hand.
        self.risk = tuning.risk_weight * (rules.euchre_points - 2 * rules.make_points)

    def choose(self, view: SeatView, rng: random.Random) -> str:
        legal = require_legal(view)
        if len(legal) == 1:
            return legal[0]
        actions = [parse_action(text) for text in legal]
        kinds = {kind_of(action) for action in actions}
        if A.PLAY in kinds:
            action = self._play(view, actions)
        elif A.DISCARD in kinds:
            action = self._discard(view, actions)
        elif A.CALL in kinds:
            action = self._call(view, actions)
        elif A.ORDER in kinds:
            action = self._order(view, actions)
        else:
            action = _pass_or_first(actions)
        choice = action_text(action)
        return choice if choice in legal else legal[0]

    # -- bidding -------------------------------------------------------------------------------
    def _order(self, view: SeatView, actions: list[Action]) -> Action:
        """Round 1: the non-dealer orders, or the dealer takes up, with enough tricks."""
        upcard = parse_card(view.public["upcard"])
        trump = SUIT_LETTERS.index(view.public["upcard_suit"])
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
            return ORDER
        return _pass_or_first(actions)

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

    def _call(self, view: SeatView, actions: list[Action]) -> Action:
        """Round 2: the best suit if strong enough; a stuck dealer calls its best."""
        suits = sorted({argument_of(a) for a in actions if kind_of(a) == A.CALL})
        hand = mask_of(view.hand)
        turned = view.public.get("upcard_suit")
        known = hand
        upcard = view.public.get("upcard")
        if upcard is not None:
            known |= 1 << parse_card(upcard)  # turned down: out of play
        unseen = self.deck & ~known
        next_suit = -1 if turned is None else same_colour_suit(SUIT_LETTERS.index(turned))
        bonus = self.tuning.next_bonus if view.seat != view.dealer else 0.0

        def value(suit: Suit) -> float:
            return expected_tricks(hand, suit, unseen) + (bonus if suit == next_suit else 0.0)

        best = max(suits, key=lambda suit: (value(suit), -suit))
        if PASS not in actions or value(best) >= (
            self.tuning.call + self.risk + self._score_pressure(view)
        ):
            return make_action(A.CALL, best)
        return PASS

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
    def _discard(self, view: SeatView, actions: list[Action]) -> Action:
        """Keep trumps and aces, make a void (only among the cards the rules allow)."""
        allowed = mask_of(argument_of(a) for a in actions if kind_of(a) == A.DISCARD)
        table = trick_table(SUIT_LETTERS.index(view.public["trump"]))
        return make_action(A.DISCARD, best_discard(mask_of(view.hand), allowed, table))

    # -- play ----------------------------------------------------------------------------------
    def _play(self, view: SeatView, actions: list[Action]) -> Action:
        reading = read_view(view, self.deck)
        playable = [argument_of(a) for a in actions if kind_of(a) == A.PLAY]
        if not view.trick:
            return make_action(A.PLAY, self._lead(reading, playable))
        led_card = view.trick[0][1]
        led = reading.table.eff_suit[led_card]
        honest = follow_mask(reading.hand, led, reading.table)
        cards = [c for c in playable if honest >> c & 1] or playable
        return make_action(A.PLAY, self._follow(reading, cards, led_card, led))

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
        return _throw(reading, cards, led)

    def _lead(self, reading: Reading, cards: list[Card]) -> Card:
        table = reading.table
        trumps = by_power((c for c in cards if reading.is_trump(c)), table, high_first=True)
        side = [c for c in cards if not reading.is_trump(c)]
        we_make = reading.maker == reading.seat
        if trumps and reading.opponent_may_trump():
            if reading.is_boss(trumps[0]) and (we_make or len(trumps) >= 2):
                return trumps[0]  # draw the opponent's trumps from the top
            if we_make and len(trumps) >= 3:
                return trumps[0]
        bosses = by_power(
            (
                c
                for c in side
                if reading.is_boss(c) and not reading.opponent_may_ruff(table.eff_suit[c])
            ),
            table,
            high_first=True,
        )
        if bosses:
            return bosses[0]
        if not side:
            return trumps[0] if reading.is_boss(trumps[0]) else trumps[-1]
        if trumps and not reading.opponent_may_trump():
            return trumps[0]

        def key(card: Card) -> tuple[bool, int, int, int]:
            suit = table.eff_suit[card]
            return (
                reading.opponent_may_ruff(suit),
                count(reading.hand & table.suit_masks[suit]),
                table.power[card],
                card,
            )

        return min(side, key=key)


def _throw(reading: Reading, cards: list[Card], led: Suit) -> Card:
    """The card to lose: the lowest of the led suit, else the cheapest throw-off (never
    a trump or a boss while another card will do; singletons first, to make voids)."""
    table = reading.table
    following = [c for c in cards if table.eff_suit[c] == led]
    if following:
        return by_power(following, table)[0]

    def key(card: Card) -> tuple[bool, bool, float, int]:
        suit = table.eff_suit[card]
        singleton = count(reading.hand & table.suit_masks[suit]) == 1
        return (
            reading.is_trump(card),
            reading.is_boss(card),
            table.power[card] - (3.0 if singleton else 0.0),
            card,
        )

    return min(cards, key=key)


PASS = make_action(A.PASS)
ORDER = make_action(A.ORDER)


def _pass_or_first(actions: list[Action]) -> Action:
    return PASS if PASS in actions else actions[0]


__all__ = [
    "DEFAULT_TUNING",
    "Reading",
    "Tuning",
    "TwoHandedEuchreHeuristic",
    "expected_tricks",
    "read_view",
]
