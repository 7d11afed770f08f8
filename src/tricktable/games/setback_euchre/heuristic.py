"""A heuristic set-back euchre bot: every player for itself, lower scores are better.

It sees only the seat's view and the public rules. Making trump means playing alone
against three, so bids are judged by the family's ``lone_losers`` (cards expected to
lose in a lone hand) against a threshold; a declared march (the maker's, or a defender's
when asked) is tried only when it can win more than a plain march would (score above 5)
and the hand should take all five. A defender stays in with a trick in sight
(``defence_tricks``: high trumps, aces) and throws in otherwise, so it is not set back.
In play it tracks unseen cards and shown-out suits: the maker (or a declarer) draws
trump with the top trump, anyone cashes sure winners, a seat wins as cheaply as holds
against the seats still to play, and otherwise throws its cheapest card, keeping trumps.
Nothing here counts the seats: it plays 2, 3 or 4.

>>> import random
>>> from tricktable.testing import dealt_match
>>> state = dealt_match("setback_euchre", 4)
>>> bot = SetbackEuchreHeuristic(state.game)
>>> bot.choose(state.view(state.current_player), random.Random(0)) in state.legal_texts()
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tricktable.actions import Action, CoreKind, argument_of, kind_of, make_action
from tricktable.cards import Card, Suit, cards_of, mask_of
from tricktable.core import SeatView
from tricktable.games.euchre_family.heuristic import (
    EUCHRE_DECK,
    Decision,
    Reading,
    UpCardHeuristic,
    after_pickup,
    by_power,
    defence_tricks,
    discard_keeping_best,
    lone_losers,
    own_discards,
    pass_or_first,
    read_view,
    seats_out,
    short_suit_lead,
    trump_of,
    trumps_and_side,
    upcard_mask,
    upcard_of,
)
from tricktable.games.euchre_family.verbs import FamilyKind
from tricktable.games.setback_euchre.engine import SetbackEuchre, SetbackEuchreRules
from tricktable.games.setback_euchre.facts import SetbackEuchreFacts
from tricktable.games.setback_euchre.verbs import SetbackKind
from tricktable.tricks import beats, euchre_rules, follow_mask, trick_winner

HAND_SIZE = 5


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


# -- what the view tells -------------------------------------------------------------------
def reading_of(view: SeatView) -> Reading:
    """The bot's reading of a play-phase view: the seats that threw in are out. Their
    cards, the kitty and the dealer's discard are out of play, but where is unknown: they
    stay unseen (a cautious reading)."""
    table = euchre_rules(trump_of(view), None)
    return read_view(view, table, EUCHRE_DECK, out=seats_out(view))


def may_hold(reading: Reading, seat: int, card: Card, led: Suit) -> bool:
    """Whether ``seat`` may hold ``card`` and play it to a trick led in ``led``."""
    suit = reading.table.eff_suit[card]
    if reading.voids[seat] >> suit & 1:
        return False
    if suit == led:
        return True
    return not reading.voids[seat] >> led & 1 or led == reading.trump


def threatened(reading: Reading, card: Card, led: Suit) -> bool:
    """Whether a seat still to play may hold a card that beats ``card``."""
    over = [c for c in cards_of(reading.unseen) if beats(c, card, led, reading.table)]
    return any(may_hold(reading, seat, c, led) for seat in reading.later for c in over)


def wins_when_led(reading: Reading, card: Card) -> bool:
    """No unseen card of its effective suit (or trump) can beat it when it leads."""
    led = reading.table.eff_suit[card]
    return not any(beats(c, card, led, reading.table) for c in cards_of(reading.unseen))


class SetbackEuchreHeuristic(UpCardHeuristic[SetbackEuchreRules, Tuning]):
    """Sound set-back euchre: bid lone hands that should take 3, stay in with a trick in
    sight, win tricks cheaply, keep trumps."""

    game_class = SetbackEuchre
    default_tuning = DEFAULT_TUNING

    def own_decisions(self) -> list[tuple[int, Decision]]:
        return [(SetbackKind.DECLARE, self._declare), (SetbackKind.THROW_IN, self._throw_in)]

    # -- making trump ---------------------------------------------------------------------
    def _order(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        upcard, trump = upcard_of(view)
        table = euchre_rules(trump, None)
        hand = mask_of(view.hand)
        if view.seat == view.dealer:
            hand = after_pickup(hand, upcard, table)
            unseen = EUCHRE_DECK & ~hand & ~(1 << upcard)
        else:
            unseen = EUCHRE_DECK & ~hand  # the up-card goes to the dealer, an opponent
        if lone_losers(hand, unseen, table) <= self.tuning.order_losers:
            return make_action(FamilyKind.ORDER)
        return pass_or_first(actions)

    def _call(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        hand = mask_of(view.hand)
        unseen = EUCHRE_DECK & ~(hand | upcard_mask(view))  # the turned-down card is out of play

        def losers(call: Action) -> float:
            return lone_losers(hand, unseen, euchre_rules(argument_of(call), None))

        calls = [a for a in actions if kind_of(a) == FamilyKind.CALL]
        best = min(calls, key=lambda a: (losers(a), a))
        stuck = make_action(CoreKind.PASS) not in actions
        if losers(best) <= self.tuning.order_losers or stuck:
            return best
        return make_action(CoreKind.PASS)

    def _discard(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        return discard_keeping_best(view, actions, euchre_rules(trump_of(view), None))

    # -- before the lead ------------------------------------------------------------------
    def _declare(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """A plain march already wins from 5 or less, so declare only above 5; a defender
        asked who does not declare decides whether to throw in."""
        hand = mask_of(view.hand)
        unseen = EUCHRE_DECK & ~(hand | own_discards(view))
        losers = lone_losers(hand, unseen, euchre_rules(trump_of(view), None))
        if view.scores[view.seat] > HAND_SIZE and losers <= self.tuning.declare_losers:
            return make_action(SetbackKind.DECLARE)
        return self._throw_in(view, actions, rng)

    def _throw_in(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        if make_action(SetbackKind.THROW_IN) not in actions:
            return make_action(CoreKind.PASS)
        hand = mask_of(view.hand)
        unseen = EUCHRE_DECK & ~(hand | own_discards(view))
        tricks = defence_tricks(hand, unseen, euchre_rules(trump_of(view), None))
        if tricks >= self.tuning.stay_tricks:
            return make_action(CoreKind.PASS)
        return make_action(SetbackKind.THROW_IN)

    # -- play -----------------------------------------------------------------------------
    def _play(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        reading = reading_of(view)
        playable = [argument_of(a) for a in actions if kind_of(a) == CoreKind.PLAY]
        if not view.trick:
            return make_action(CoreKind.PLAY, _lead(reading, playable))
        led = reading.table.eff_suit[view.trick[0][1]]
        honest = follow_mask(reading.hand, led, reading.table) & mask_of(playable)
        cards = cards_of(honest) or playable
        return make_action(CoreKind.PLAY, _follow(reading, cards, led))


def _lead(reading: Reading, cards: list[Card]) -> Card:
    """The maker draws trump from the top; anyone cashes sure winners; else lead short."""
    table = reading.table
    trumps, side = trumps_and_side(reading, cards)
    drawer = reading.seat in (reading.maker, reading.view.facts(SetbackEuchreFacts).declarer)
    maker_draws = trumps and drawer and reading.opponents_may_trump()
    if maker_draws and (wins_when_led(reading, trumps[0]) or len(trumps) >= 3):
        return trumps[0]
    bosses = [c for c in side if wins_when_led(reading, c) and not _may_ruff(reading, c)]
    if bosses:
        return by_power(bosses, table, True)[0]
    if trumps and wins_when_led(reading, trumps[0]):
        return trumps[0]
    if not side:
        return trumps[-1]
    return short_suit_lead(reading, side, avoid_ruffs=False)


def _may_ruff(reading: Reading, card: Card) -> bool:
    """Whether an opponent has shown out of ``card``'s suit and not of trump."""
    suit = reading.table.eff_suit[card]
    return any(
        reading.voids[s] >> suit & 1 and not reading.voids[s] >> reading.trump & 1
        for s in reading.opponents()
    )


def _follow(reading: Reading, cards: list[Card], led: Suit) -> Card:
    """Win as cheaply as holds against the seats still to play; else play the cheapest."""
    table = reading.table
    plays = [card for _, card in reading.view.trick]
    best = plays[trick_winner(plays, table)]
    winners = by_power((c for c in cards if beats(c, best, led, table)), table)
    safe = [c for c in winners if not threatened(reading, c, led)]
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


__all__ = ["DEFAULT_TUNING", "SetbackEuchreHeuristic", "Tuning", "reading_of"]


HEURISTIC_BOT = SetbackEuchreHeuristic
"""This game's heuristic bot (the spec finds it by this name)."""
