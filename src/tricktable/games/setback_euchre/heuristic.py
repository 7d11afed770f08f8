"""A heuristic set-back euchre bot: every player for itself, lower scores are better.

It sees only the seat's view and the public rules. Making trump means playing alone
against three, so bids are judged by the euchre bot's ``lone_losers`` (cards expected to
lose in a lone hand) against a threshold; a declared march is tried only when it can win
more than a plain march would (score above 5) and the hand should take all five. A
defender stays in with a trick in sight (``defence_tricks``: high trumps, aces) and
throws in otherwise, so it is not set back. In play it tracks unseen cards and shown-out
suits: the maker draws trump with the top trump, anyone cashes sure winners, a seat
wins as cheaply as holds against the seats still to play, and otherwise throws its
cheapest card, keeping trumps.

>>> import random
>>> from tricktable.games import load_game
>>> game = load_game("setback_euchre")
>>> state = game.new_state(first_dealer=3)
>>> state.deal_random(random.Random(4))
>>> bot = SetbackEuchreHeuristic(game)
>>> bot.choose(state.view(0), random.Random(0)) in state.legal_texts()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tricktable import actions as A
from tricktable.actions import Action, action_text, argument_of, kind_of, make_action, parse_action
from tricktable.bots.base import Bot, require_legal
from tricktable.cards import (
    SUIT_LETTERS,
    Card,
    CardMask,
    Suit,
    cards_of,
    count,
    mask_of,
    parse_card,
)
from tricktable.core import Game, SeatView
from tricktable.games.euchre.engine import EuchreRules
from tricktable.games.euchre_family.heuristic import (
    after_pickup,
    best_discard,
    by_power,
    defence_tricks,
    lone_losers,
)
from tricktable.tricks import TrickRules, beats, euchre_rules, follow_mask, trick_winner

SEATS = 4
HAND_SIZE = 5

_EUCHRE = EuchreRules()
"""The 24-card deck without a Benny, for the euchre bot's hand judgement."""
_DECK: CardMask = mask_of(_EUCHRE.deck_cards())


@dataclass(frozen=True, slots=True, kw_only=True)
class Tuning:
    """The bot's judgement, in expected losing cards or expected tricks."""

    order_losers: float = 2.7
    """Make trump (order or call) with at most this many expected losers."""
    stuck_any: bool = True
    """A stuck dealer calls the suit with the fewest losers (it must call one)."""
    declare_losers: float = 0.35
    """Declare a march with at most this many expected losers (and a score above 5)."""
    stay_tricks: float = 0.4
    """A defender stays in with at least this many expected tricks (else throws in)."""


DEFAULT_TUNING = Tuning()


@dataclass(slots=True)
class Reading:
    """What one seat knows during play, read from its view."""

    seat: int
    hand: CardMask
    trump: Suit
    table: TrickRules
    unseen: CardMask
    """Cards some other active seat may still hold."""
    voids: list[int]
    """For each seat, bit ``s`` set when it has shown out of effective suit ``s``."""
    active: list[int]
    """The seats that play this deal (the maker and the defenders who stayed)."""
    maker: int
    trick: list[tuple[int, Card]]

    def later_seats(self) -> list[int]:
        """Active seats still to play to the current trick."""
        played = {seat for seat, _ in self.trick}
        return [s for s in self.active if s not in played and s != self.seat]

    def may_hold(self, seat: int, card: Card, led: Suit) -> bool:
        """Whether ``seat`` may hold ``card`` and play it to a trick led in ``led``."""
        suit = self.table.eff_suit[card]
        if self.voids[seat] >> suit & 1:
            return False
        if suit == led:
            return True
        return not self.voids[seat] >> led & 1 or led == self.trump

    def threatened(self, card: Card, led: Suit, seats: Sequence[int]) -> bool:
        """Whether a seat of ``seats`` may hold a card that beats ``card``."""
        over = [c for c in cards_of(self.unseen) if beats(c, card, led, self.table)]
        return any(self.may_hold(seat, c, led) for seat in seats for c in over)

    def is_boss(self, card: Card) -> bool:
        """No unseen card of its effective suit (or trump) can beat it when it leads."""
        led = self.table.eff_suit[card]
        return not any(beats(c, card, led, self.table) for c in cards_of(self.unseen))


def read_view(view: SeatView) -> Reading:
    """The bot's reading of a play-phase view."""
    public = view.public
    trump = SUIT_LETTERS.index(public["trump"])
    table = euchre_rules(trump, None)
    hand = mask_of(view.hand)
    seen = hand | mask_of(parse_card(c) for c in public.get("own_discards", []))
    voids = [0] * SEATS
    tricks = [*view.tricks, view.trick] if view.trick else list(view.tricks)
    for trick in tricks:
        led = table.eff_suit[trick[0][1]]
        for seat, card in trick:
            seen |= 1 << card
            if table.eff_suit[card] != led:
                voids[seat] |= 1 << led
    out = set(public.get("threw_in", []))
    # Cards of seats that threw in, the kitty and the dealer's discard are out of play,
    # but where is unknown: they stay "unseen" (a cautious reading).
    unseen = _DECK & ~seen
    return Reading(
        seat=view.seat,
        hand=hand,
        trump=trump,
        table=table,
        unseen=unseen,
        voids=voids,
        active=[s for s in range(SEATS) if s not in out],
        maker=int(public["maker"]),
        trick=list(view.trick),
    )


class SetbackEuchreHeuristic(Bot):
    """Sound set-back euchre: bid lone hands that should take 3, stay in with a trick in
    sight, win tricks cheaply, keep trumps."""

    name = "heuristic"

    def __init__(
        self, game: Game[Any], seat: int | None = None, tuning: Tuning | None = None
    ) -> None:
        super().__init__(game, seat)
        self.tuning = tuning or DEFAULT_TUNING

    def choose(self, view: SeatView, rng: random.Random) -> str:
        legal = require_legal(view)
        actions = [parse_action(text) for text in legal]
        kinds = {kind_of(action) for action in actions}
        if A.PLAY in kinds:
            action = self._play(view, actions)
        elif A.DISCARD in kinds:
            action = self._discard(view, actions)
        elif A.ORDER in kinds:
            action = self._order(view, actions)
        elif A.CALL in kinds:
            action = self._call(view, actions)
        elif A.DECLARE in kinds:
            action = self._declare(view, actions)
        elif A.THROW_IN in kinds:
            action = self._throw_in(view, actions)
        else:
            action = _pass_or_first(actions)
        text = action_text(action)
        return text if text in legal else legal[0]

    # -- making trump ---------------------------------------------------------------------
    def _order(self, view: SeatView, actions: list[Action]) -> Action:
        upcard = parse_card(view.public["upcard"])
        trump = SUIT_LETTERS.index(view.public["upcard_suit"])
        table = euchre_rules(trump, None)
        hand = mask_of(view.hand)
        if view.seat == view.dealer:
            hand = after_pickup(hand, upcard, table)
            unseen = _DECK & ~hand & ~(1 << upcard)
        else:
            unseen = _DECK & ~hand  # the up-card goes to the dealer, an opponent
        losers = lone_losers(hand, unseen, euchre_rules(trump, None))
        if losers <= self.tuning.order_losers:
            return make_action(A.ORDER)
        return _pass_or_first(actions)

    def _call(self, view: SeatView, actions: list[Action]) -> Action:
        hand = mask_of(view.hand)
        upcard = parse_card(view.public["upcard"])
        unseen = _DECK & ~hand & ~(1 << upcard)  # the turned-down card is out of play
        calls = [a for a in actions if kind_of(a) == A.CALL]
        best = min(
            calls, key=lambda a: (lone_losers(hand, unseen, euchre_rules(argument_of(a), None)), a)
        )
        losers = lone_losers(hand, unseen, euchre_rules(argument_of(best), None))
        stuck = make_action(A.PASS) not in actions
        if losers <= self.tuning.order_losers or stuck:
            return best
        return make_action(A.PASS)

    def _discard(self, view: SeatView, actions: list[Action]) -> Action:
        trump = SUIT_LETTERS.index(view.public["trump"])
        hand = mask_of(view.hand)
        allowed = mask_of(argument_of(a) for a in actions)
        return make_action(A.DISCARD, best_discard(hand, allowed, euchre_rules(trump, None)))

    # -- before the lead ------------------------------------------------------------------
    def _declare(self, view: SeatView, actions: list[Action]) -> Action:
        """A plain march already wins from 5 or less, so declare only above 5."""
        trump = SUIT_LETTERS.index(view.public["trump"])
        hand = mask_of(view.hand)
        seen = hand | mask_of(parse_card(c) for c in view.public.get("own_discards", []))
        losers = lone_losers(hand, _DECK & ~seen, euchre_rules(trump, None))
        if view.scores[view.seat] > HAND_SIZE and losers <= self.tuning.declare_losers:
            return make_action(A.DECLARE)
        return make_action(A.PASS)

    def _throw_in(self, view: SeatView, actions: list[Action]) -> Action:
        if make_action(A.THROW_IN) not in actions:
            return make_action(A.PASS)
        trump = SUIT_LETTERS.index(view.public["trump"])
        hand = mask_of(view.hand)
        seen = hand | mask_of(parse_card(c) for c in view.public.get("own_discards", []))
        tricks = defence_tricks(hand, _DECK & ~seen, euchre_rules(trump, None))
        if tricks >= self.tuning.stay_tricks:
            return make_action(A.PASS)
        return make_action(A.THROW_IN)

    # -- play -----------------------------------------------------------------------------
    def _play(self, view: SeatView, actions: list[Action]) -> Action:
        reading = read_view(view)
        playable = [argument_of(a) for a in actions if kind_of(a) == A.PLAY]
        if not view.trick:
            return make_action(A.PLAY, _lead(reading, playable))
        led = reading.table.eff_suit[view.trick[0][1]]
        honest = follow_mask(reading.hand, led, reading.table) & mask_of(playable)
        cards = cards_of(honest) or playable
        return make_action(A.PLAY, _follow(reading, cards, led))


def _lead(reading: Reading, cards: list[Card]) -> Card:
    """The maker draws trump from the top; anyone cashes sure winners; else lead short."""
    table = reading.table
    trumps = by_power((c for c in cards if table.eff_suit[c] == reading.trump), table, True)
    side = [c for c in cards if table.eff_suit[c] != reading.trump]
    others = [s for s in reading.active if s != reading.seat]
    trumps_out = bool(reading.unseen & table.suit_masks[reading.trump]) and any(
        not reading.voids[s] >> reading.trump & 1 for s in others
    )
    maker_draws = trumps and reading.seat == reading.maker and trumps_out
    if maker_draws and (reading.is_boss(trumps[0]) or len(trumps) >= 3):
        return trumps[0]
    bosses = [c for c in side if reading.is_boss(c) and not _may_ruff(reading, c, others)]
    if bosses:
        return by_power(bosses, table, True)[0]
    if trumps and reading.is_boss(trumps[0]):
        return trumps[0]
    if not side:
        return trumps[-1]

    def key(card: Card) -> tuple[int, int, int]:
        suit = table.eff_suit[card]
        return (count(reading.hand & table.suit_masks[suit]), table.power[card], card)

    return min(side, key=key)


def _may_ruff(reading: Reading, card: Card, seats: Sequence[int]) -> bool:
    """Whether a seat of ``seats`` has shown out of ``card``'s suit and may hold trump."""
    suit = reading.table.eff_suit[card]
    return any(
        reading.voids[s] >> suit & 1 and not reading.voids[s] >> reading.trump & 1 for s in seats
    )


def _follow(reading: Reading, cards: list[Card], led: Suit) -> Card:
    """Win as cheaply as holds against the seats still to play; else play the cheapest."""
    table = reading.table
    plays = [card for _, card in reading.trick]
    best = plays[trick_winner(plays, table)]
    winners = by_power((c for c in cards if beats(c, best, led, table)), table)
    later = reading.later_seats()
    safe = [c for c in winners if not reading.threatened(c, led, later)]
    if safe:
        return safe[0]
    if winners:
        ruffs = [c for c in winners if table.eff_suit[c] == reading.trump != led]
        return ruffs[0] if ruffs else winners[-1]
    return _cheapest(reading, cards, led)


def _cheapest(reading: Reading, cards: list[Card], led: Suit) -> Card:
    """The card to lose: lowest of the led suit, else the cheapest non-trump throw-off."""
    table = reading.table
    following = [c for c in cards if table.eff_suit[c] == led]
    if following:
        return by_power(following, table)[0]

    def key(card: Card) -> tuple[bool, int, int]:
        return (table.eff_suit[card] == reading.trump, table.power[card], card)

    return min(cards, key=key)


def _pass_or_first(actions: list[Action]) -> Action:
    pass_action = make_action(A.PASS)
    return pass_action if pass_action in actions else actions[0]


__all__ = ["DEFAULT_TUNING", "SetbackEuchreHeuristic", "Tuning", "read_view"]
