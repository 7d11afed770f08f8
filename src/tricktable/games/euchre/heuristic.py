"""A heuristic Euchre bot that plays like a sound club player.

It sees only the seat's view and the public rules. Bidding counts expected tricks
(``hand_strength``: bowers, Benny, trump length, off-aces, voids) against a
threshold that depends on the seat's position to the dealer; lone hands are judged
by how many cards could lose (``lone_losers``). In play it tracks unseen cards and
shown-out suits: the maker leads trump, a seat never overtakes a partner whose card
will hold, wins with the cheapest card that holds, trumps in when void and the
trick matters, and otherwise throws off its lowest card, making voids. It never
reneges, even where ``renege=callable`` would let it.

>>> import random
>>> from tricktable.cards import parse_cards, mask_of, HEARTS
>>> from tricktable.games import load_game
>>> rules = load_game("euchre").rules
>>> hand = mask_of(parse_cards("JH JD AH AS 9C"))
>>> round(hand_strength(hand, HEARTS, rules), 2)
4.1
>>> round(lone_losers(hand, HEARTS, mask_of(rules.deck_cards()) & ~hand, rules), 2)
1.15
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tricktable import actions as A
from tricktable.actions import Action, action_text, argument_of, kind_of, make_action, parse_action
from tricktable.bots.base import Bot, require_legal
from tricktable.cards import (
    ACE,
    KING,
    SUIT_LETTERS,
    SUIT_MASKS,
    SUITS,
    Card,
    CardMask,
    Suit,
    cards_of,
    count,
    make_card,
    mask_of,
    parse_card,
    rank_of,
    same_colour_suit,
    suit_of,
)
from tricktable.core import Game, SeatView
from tricktable.errors import RuleError
from tricktable.games.euchre.engine import EuchreRules
from tricktable.tricks import TrickRules, beats, euchre_rules, follow_mask, trick_winner

SEATS = 4

Decision = Callable[[SeatView, list[Action], random.Random], Action]
"""One kind of decision: the view, the legal actions and the RNG in, an action out."""

TRUMP_VALUES = (1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.45, 0.4, 0.4, 0.4)
"""Expected tricks of the trumps by place in the trump order (top trump first)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Tuning:
    """The bot's judgement, in expected tricks (``hand_strength``) or losers."""

    order_dealer: float = 2.3
    """The dealer takes the up-card with this much (counting the up-card)."""
    order_assist: float = 2.6
    """The dealer's partner orders the dealer up with this much (plus the up-card's help)."""
    order_opponent: float = 3.0
    """An opponent of the dealer orders with this much (less what the up-card gives the dealer)."""
    upcard_weight: float = 0.6
    """Share of the up-card's trump value that counts for (or against) the orderer."""
    call: float = 2.4
    """Calling a suit in round two."""
    next_bonus: float = 0.2
    """Eldest's liking for 'next' (the same-colour suit of the turned-down card)."""
    alone_losers: float = 1.2
    """Going alone when at most this many cards are expected to lose."""
    blind_alone_losers: float = 0.3
    """Robson's blind alone: only a hand that should march."""
    take_over_losers: float = 0.3
    """Taking over from a lone partner: only a hand that should march."""
    defend_alone_tricks: float = 3.2
    """Defending alone needs this many sure-ish tricks against the lone maker."""
    look_before_naming: bool = True
    """With the Joker up, name the suit the hand holds best. RULES.md 1.8 has the dealer
    name it before looking; set ``False`` to name a suit at random, as the rule intends."""


DEFAULT_TUNING = Tuning()


# -- hand judgement ----------------------------------------------------------------------------
def trick_rules(trump: Suit, rules: EuchreRules) -> TrickRules:
    """The trick table for ``trump`` in this deck (bowers and Benny are trumps)."""
    return euchre_rules(trump, rules.benny_card)


def deck_mask(rules: EuchreRules) -> CardMask:
    """Every card of the deck the rules use."""
    return mask_of(rules.deck_cards())


def by_power(cards: Iterable[Card], table: TrickRules, high_first: bool = False) -> list[Card]:
    """Cards ordered by trick-taking power (lowest first unless ``high_first``)."""
    return sorted(cards, key=lambda card: table.power[card], reverse=high_first)


def higher_in_suit(card: Card, among: CardMask, table: TrickRules) -> CardMask:
    """Cards of ``among`` in ``card``'s effective suit that outrank it."""
    suit = table.eff_suit[card]
    power = table.power[card]
    return sum(1 << c for c in cards_of(among & table.suit_masks[suit]) if table.power[c] > power)


def hand_strength(hand: CardMask, trump: Suit, rules: EuchreRules) -> float:
    """Expected tricks of ``hand`` with ``trump``: trumps by place, length, aces, voids."""
    table = trick_rules(trump, rules)
    trump_cards = by_power(cards_of(table.suit_masks[trump] & deck_mask(rules)), table, True)
    strength = 0.0
    for place, card in enumerate(trump_cards):
        if hand >> card & 1:
            strength += TRUMP_VALUES[min(place, len(TRUMP_VALUES) - 1)]
    trumps = count(hand & table.suit_masks[trump])
    strength += 0.25 * max(0, trumps - 2)
    for suit in SUITS:
        if suit != trump:
            strength += _side_suit_value(hand & table.suit_masks[suit], suit, trumps)
    return strength


def _side_suit_value(cards: CardMask, suit: Suit, trumps: int) -> float:
    """Expected tricks from one side suit: aces, guarded kings, or a void to trump in."""
    if not cards:
        return 0.0 if trumps < 2 else (0.4 if trumps >= 3 else 0.3)
    length = count(cards)
    has_ace = bool(cards >> make_card(suit, ACE) & 1)
    has_king = bool(cards >> make_card(suit, KING) & 1)
    value = 0.0
    if has_ace:
        value += 0.75 if length <= 2 else 0.5
    if has_king:
        value += 0.35 if has_ace else (0.2 if length >= 2 else 0.1)
    return value


def lone_losers(hand: CardMask, trump: Suit, unseen: CardMask, rules: EuchreRules) -> float:
    """Cards of ``hand`` expected to lose when it plays alone with ``trump``.

    ``unseen`` are the cards that others may hold. Trumps above every unseen trump
    never lose; other trumps lose about 0.6 a trick per unseen trump above them;
    off-suit cards that top their suit risk a ruff, the rest lose.
    """
    table = trick_rules(trump, rules)
    trump_mask = table.suit_masks[trump]
    trumps = by_power(cards_of(hand & trump_mask), table, high_first=True)
    unseen_trumps = unseen & trump_mask
    losers = 0.0
    exposed = [c for c in trumps if higher_in_suit(c, unseen_trumps, table)]
    if exposed:
        above = count(higher_in_suit(exposed[0], unseen_trumps, table))
        losers += min(len(exposed), 0.6 * above)
    ruff_risk = 0.15 if len(trumps) >= 3 else 0.3
    for suit in SUITS:
        if suit == trump:
            continue
        for place, card in enumerate(
            by_power(cards_of(hand & table.suit_masks[suit]), table, high_first=True)
        ):
            if higher_in_suit(card, unseen, table):
                losers += 1.0
            else:
                losers += ruff_risk * (place + 1)
    return losers


def defence_tricks(hand: CardMask, trump: Suit, unseen: CardMask, rules: EuchreRules) -> float:
    """Tricks a lone defender could count on against a lone maker."""
    table = trick_rules(trump, rules)
    trump_mask = table.suit_masks[trump]
    tricks = 0.0
    for card in cards_of(hand & trump_mask):
        above = count(higher_in_suit(card, unseen & trump_mask, table))
        tricks += 1.0 if above == 0 else (0.4 if above == 1 else 0.0)
    for suit in SUITS:
        if suit != trump and hand >> make_card(suit, ACE) & 1:
            tricks += 0.6
    return tricks


def keep_value(card: Card, hand: CardMask, table: TrickRules) -> float:
    """How much ``hand`` wants to keep ``card``: trumps, then aces, then guarded kings;
    a lone low card is cheapest, since throwing it makes a void."""
    if table.eff_suit[card] == table.trump:
        return 100.0 + table.power[card]
    rank = rank_of(card)
    if rank == ACE:
        return 50.0
    suit_cards = hand & table.suit_masks[table.eff_suit[card]]
    value = float(rank)
    if count(suit_cards) == 1:
        value -= 6.0
    if rank == KING and suit_cards >> make_card(table.eff_suit[card], ACE) & 1:
        value += 5.0
    return value


def best_discard(hand: CardMask, allowed: CardMask, table: TrickRules) -> Card:
    """The card of ``allowed`` that ``hand`` misses least (see ``keep_value``)."""
    return min(cards_of(allowed), key=lambda card: (keep_value(card, hand, table), card))


def after_pickup(hand: CardMask, upcard: Card, table: TrickRules) -> CardMask:
    """The dealer's hand once it takes ``upcard`` and makes its best discard."""
    full = hand | 1 << upcard
    return full & ~(1 << best_discard(full, full, table))


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
    """Cards that some other seat may still hold."""
    voids: list[int]
    """For each seat, bit ``s`` set when it has shown out of effective suit ``s``."""
    out: frozenset[int]
    """Seats sitting out."""
    maker: int

    def is_partner(self, seat: int) -> bool:
        return seat % 2 == self.seat % 2

    def active_opponents(self) -> list[int]:
        return [s for s in range(SEATS) if not self.is_partner(s) and s not in self.out]

    def later_seats(self) -> list[int]:
        """Seats still to play to the current trick after this one."""
        active = SEATS - len(self.out)
        left = active - len(self.view.trick) - 1
        seats: list[int] = []
        seat = self.seat
        while len(seats) < left:
            seat = (seat + 1) % SEATS
            if seat not in self.out:
                seats.append(seat)
        return seats

    def is_trump(self, card: Card) -> bool:
        return self.table.eff_suit[card] == self.trump

    def is_boss(self, card: Card) -> bool:
        """No unseen card of its effective suit outranks it."""
        return not higher_in_suit(card, self.unseen, self.table)

    def may_be_void(self, seat: int, suit: Suit) -> bool:
        """Whether ``seat`` has shown out of ``suit``, or the suit is nearly gone."""
        if self.voids[seat] >> suit & 1:
            return True
        return suit != self.trump and count(self.unseen & self.table.suit_masks[suit]) <= 1

    def may_hold_trump(self, seat: int) -> bool:
        return not self.voids[seat] >> self.trump & 1 and bool(self.unseen_trumps())

    def unseen_trumps(self) -> CardMask:
        return self.unseen & self.table.suit_masks[self.trump]

    def threatened(self, card: Card, led: Suit, seats: Sequence[int]) -> bool:
        """Whether an opponent among ``seats`` may still beat ``card`` in this trick."""
        table = self.table
        for seat in seats:
            if self.is_partner(seat):
                continue
            follows = not self.voids[seat] >> led & 1
            if follows and table.eff_suit[card] == led and higher_in_suit(card, self.unseen, table):
                return True
            ruffs = led != self.trump and self.may_be_void(seat, led) and self.may_hold_trump(seat)
            if ruffs and (
                not self.is_trump(card) or higher_in_suit(card, self.unseen_trumps(), table)
            ):
                return True
        return False

    def opponents_may_ruff(self, suit: Suit) -> bool:
        """Whether an opponent has shown out of ``suit`` and may still hold a trump."""
        return any(
            self.voids[s] >> suit & 1 and self.may_hold_trump(s) for s in self.active_opponents()
        )

    def tricks_taken(self) -> tuple[int, int]:
        """Tricks of this seat's side and of the other side so far."""
        won = [int(n) for n in self.view.public.get("tricks_won", (0, 0, 0, 0))]
        ours = won[self.seat % 2] + won[self.seat % 2 + 2]
        return ours, sum(won) - ours

    def trick_matters(self) -> bool:
        """Whether taking this trick can still change the score."""
        ours, theirs = self.tricks_taken()
        we_make = self.maker % 2 == self.seat % 2
        makers, defenders = (ours, theirs) if we_make else (theirs, ours)
        if makers >= 3 and defenders >= 1:
            return False  # made, and no march possible
        return not (defenders >= 3 and makers >= 1)


def read_view(view: SeatView, rules: EuchreRules) -> Reading:
    """The play-time knowledge of ``view``'s seat."""
    public = view.public
    trump = SUIT_LETTERS.index(public["trump"])
    table = trick_rules(trump, rules)
    hand = mask_of(view.hand)
    played = mask_of(card for trick in view.tricks for _, card in trick)
    played |= mask_of(card for _, card in view.trick)
    gone = hand | played | mask_of(parse_card(text) for text in public.get("own_discards", ()))
    out = frozenset(int(seat) for seat in public.get("sitting_out", ()))
    upcard = public.get("upcard")
    if upcard is not None and (
        public.get("turned_down") or view.dealer in out or not public.get("dealer_took_up")
    ):
        gone |= 1 << parse_card(upcard)  # in the kitty, or with a dealer who sits out
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
        unseen=deck_mask(rules) & ~gone,
        voids=voids,
        out=out,
        maker=view.seat if maker is None else int(maker),
    )


# -- the bot -----------------------------------------------------------------------------------
class EuchreHeuristic(Bot):
    """Rule-of-thumb Euchre: sound bidding, trump leads, cheap wins, careful throw-offs."""

    name = "heuristic"

    def __init__(
        self, game: Game[Any], seat: int | None = None, tuning: Tuning = DEFAULT_TUNING
    ) -> None:
        super().__init__(game, seat)
        if not isinstance(game.rules, EuchreRules):
            raise RuleError(f"the euchre heuristic plays euchre, not {game.name!r}")
        self.rules: EuchreRules = game.rules
        self.tuning = tuning

    def choose(self, view: SeatView, rng: random.Random) -> str:
        legal = require_legal(view)
        if len(legal) == 1:
            return legal[0]
        actions = [parse_action(text) for text in legal]
        kinds = {kind_of(action) for action in actions}
        decide = self._decider(kinds)
        choice = action_text(decide(view, actions, rng))
        if choice not in legal:  # pragma: no cover - every decision picks from `actions`
            raise AssertionError(f"heuristic chose {choice!r}, not one of {legal}")
        return choice

    def _decider(self, kinds: set[int]) -> Decision:
        """The decision for the kind of question the legal actions ask."""
        table: list[tuple[int, Decision]] = [
            (A.PLAY, self._play),
            (A.DISCARD, self._discard),
            (A.ORDER, self._order),
            (A.ORDER_ALONE, self._order),
            (A.CALL, self._call),
            (A.CALL_ALONE, self._call),
            (A.NAME, self._name_suit),
            (A.BLIND_ALONE, self._blind_alone),
            (A.FARMERS_HAND, _accept(A.FARMERS_HAND)),
            (A.ACE_NO_FACE, self._ace_no_face),
            (A.ALONE, self._alone),
            (A.TAKE_OVER, self._take_over),
            (A.DEFEND_ALONE, self._defend_alone),
            (A.CALL_RENEGE, _accept(A.CALL_RENEGE)),
            (A.SCORE, self._robson),
        ]
        for kind, decide in table:
            if kind in kinds:
                return decide
        return _first

    # -- bidding -------------------------------------------------------------------------------
    def _unseen_for_bid(self, known: CardMask) -> CardMask:
        """Cards others may hold, given the ``known`` ones (own cards, cards out of play)."""
        return deck_mask(self.rules) & ~known

    def _order(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Round one: order (or take up) the up-card's suit, alone with a lay-down hand."""
        upcard = parse_card(view.public["upcard"])
        trump = SUIT_LETTERS.index(view.public["upcard_suit"])
        table = trick_rules(trump, self.rules)
        relation = (view.seat - view.dealer) % SEATS  # 0 dealer, 2 partner, 1 and 3 opponents
        dealt = mask_of(view.hand)
        hand = after_pickup(dealt, upcard, table) if relation == 0 else dealt
        upcard_value = self.tuning.upcard_weight * _trump_value(upcard, trump, self.rules)
        strength = hand_strength(hand, trump, self.rules)
        threshold = self.tuning.order_dealer
        if relation == 2:
            strength += upcard_value
            threshold = self.tuning.order_assist
        elif relation != 0:
            strength -= upcard_value
            threshold = self.tuning.order_opponent
        # A lone dealer's partner puts the up-card out of play; against the dealer it is live.
        known = dealt | 1 << upcard if relation in (0, 2) else dealt
        unseen = self._unseen_for_bid(known)
        lone = lone_losers(hand, trump, unseen, self.rules) <= self.tuning.alone_losers
        forced_alone = self.rules.dealer_partner_must_go_alone and relation == 2
        order = make_action(A.ORDER)
        order_alone = make_action(A.ORDER_ALONE)
        if lone and order_alone in actions:
            return order_alone
        if (lone or (strength >= threshold and not forced_alone)) and order in actions:
            return order
        return _pass_or_first(actions)

    def _call(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Round two: call the best suit if strong enough (a stuck dealer always calls)."""
        suits = sorted({argument_of(a) for a in actions if kind_of(a) in (A.CALL, A.CALL_ALONE)})
        hand = mask_of(view.hand)
        turned = view.public.get("upcard_suit")
        eldest = (view.seat - view.dealer) % SEATS == 1
        next_suit = -1 if turned is None else same_colour_suit(SUIT_LETTERS.index(turned))

        def value(suit: Suit) -> float:
            bonus = self.tuning.next_bonus if eldest and suit == next_suit else 0.0
            return hand_strength(hand, suit, self.rules) + bonus

        best = max(suits, key=lambda suit: (value(suit), -suit))
        upcard = view.public.get("upcard")
        unseen = self._unseen_for_bid(hand if upcard is None else hand | 1 << parse_card(upcard))
        call_alone = make_action(A.CALL_ALONE, best)
        if call_alone in actions and (
            lone_losers(hand, best, unseen, self.rules) <= self.tuning.alone_losers
        ):
            return call_alone
        pass_action = make_action(A.PASS)
        if value(best) >= self.tuning.call or pass_action not in actions:
            call = make_action(A.CALL, best)
            return call if call in actions else call_alone
        return pass_action

    def _alone(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """After the discard (``alone_timing=after_discard`` or a blind call): alone or not."""
        reading = read_view(view, self.rules)
        losers = lone_losers(reading.hand, reading.trump, reading.unseen, self.rules)
        if losers <= self.tuning.alone_losers:
            return make_action(A.ALONE)
        return _pass_or_first(actions)

    def _name_suit(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """The Joker is up: name the suit that the Joker would best complete."""
        named = [a for a in actions if kind_of(a) == A.NAME]
        if not self.tuning.look_before_naming or not view.hand:
            # The engine hides the dealer's hand while naming (RULES.md 1.8): a blind choice.
            return rng.choice(named)
        hand = mask_of(view.hand)
        benny = self.rules.benny_card
        with_benny = hand if benny is None else hand | 1 << benny
        return max(
            named,
            key=lambda a: (hand_strength(with_benny, argument_of(a), self.rules), -argument_of(a)),
        )

    def _blind_alone(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Robson: a jack is up; go blind alone only with a hand that should march."""
        upcard = parse_card(view.public["upcard"])
        trump = SUIT_LETTERS.index(view.public["upcard_suit"])
        dealt = mask_of(view.hand)
        hand = after_pickup(dealt, upcard, trick_rules(trump, self.rules))
        unseen = self._unseen_for_bid(dealt | 1 << upcard)
        losers = lone_losers(hand, trump, unseen, self.rules)
        if losers <= self.tuning.blind_alone_losers:
            return make_action(A.BLIND_ALONE)
        return _pass_or_first(actions)

    def _take_over(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """The lone maker's partner takes over only with a hand that should march."""
        reading = read_view(view, self.rules)
        if (
            lone_losers(reading.hand, reading.trump, reading.unseen, self.rules)
            <= self.tuning.take_over_losers
        ):
            return make_action(A.TAKE_OVER)
        return _pass_or_first(actions)

    def _defend_alone(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Defend alone only when three tricks look sure against the lone maker."""
        reading = read_view(view, self.rules)
        tricks = defence_tricks(reading.hand, reading.trump, reading.unseen, self.rules)
        if tricks >= self.tuning.defend_alone_tricks:
            return make_action(A.DEFEND_ALONE)
        return _pass_or_first(actions)

    def _ace_no_face(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Take the exchange; a redeal only helps when the other side made trump."""
        maker = view.public.get("maker")
        if self.rules.ace_no_face == "redeal" and maker is not None and maker % 2 == view.seat % 2:
            return _pass_or_first(actions)
        return make_action(A.ACE_NO_FACE)

    def _robson(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """After a march: set the opponents back when that stops them, else score."""
        target = view.public.get("target")
        if target is None:
            return make_action(A.SCORE)
        ours, theirs = view.scores[view.seat % 2], view.scores[1 - view.seat % 2]
        points = self._march_points(view)
        if ours + points >= target:
            return make_action(A.SCORE)
        if theirs > 0 and theirs >= target - max(2, points):
            return make_action(A.SET_BACK)
        return make_action(A.SCORE)

    def _march_points(self, view: SeatView) -> int:
        """What the march is worth to this seat's side (the figure scored or set back)."""
        maker = view.public.get("maker")
        if maker is not None and maker % 2 != view.seat % 2:
            if view.public.get("lone_defender") is not None:
                return self.rules.lone_defender_points
            return max(self.rules.euchre_points, self.rules.super_euchre_points)
        if view.public.get("alone"):
            return self.rules.lone_march_points
        return self.rules.march_points

    # -- discards ------------------------------------------------------------------------------
    def _discard(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Dealer or exchange discard: keep trumps and aces, make a void."""
        allowed = mask_of(argument_of(a) for a in actions if kind_of(a) == A.DISCARD)
        hand = mask_of(view.hand)
        trump_text = view.public.get("trump")
        if trump_text is None:  # a farmer's exchange, before trump is made
            card = self._farmer_discard(view, allowed)
        else:
            table = trick_rules(SUIT_LETTERS.index(trump_text), self.rules)
            card = best_discard(hand, allowed, table)
        return make_action(A.DISCARD, card)

    def _farmer_discard(self, view: SeatView, allowed: CardMask) -> Card:
        """Keep the up-card's suit and the longest suits; throw low cards of short suits."""
        upsuit_text = view.public.get("upcard_suit")
        upsuit = -1 if upsuit_text is None else SUIT_LETTERS.index(upsuit_text)
        hand = mask_of(view.hand)

        def key(card: Card) -> tuple[bool, int, int, int]:
            suit = suit_of(card)
            return (suit == upsuit, count(hand & SUIT_MASKS[suit]), rank_of(card), card)

        return min(cards_of(allowed), key=key)

    # -- play ----------------------------------------------------------------------------------
    def _play(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Lead or follow; only cards that follow suit when able (never a renege)."""
        reading = read_view(view, self.rules)
        playable = mask_of(argument_of(a) for a in actions if kind_of(a) == A.PLAY)
        if not view.trick:
            return make_action(A.PLAY, self._lead(reading, cards_of(playable)))
        led = reading.table.eff_suit[view.trick[0][1]]
        honest = follow_mask(reading.hand, led, reading.table) & playable
        return make_action(A.PLAY, self._follow(reading, cards_of(honest or playable), led))

    def _follow(self, reading: Reading, cards: list[Card], led: Suit) -> Card:
        """Let a partner's sure card hold; else win as cheaply as holds; else play low."""
        table = reading.table
        plays = [card for _, card in reading.view.trick]
        winning_seat, best = reading.view.trick[trick_winner(plays, table)]
        later = reading.later_seats()
        winners = [c for c in cards if beats(c, best, led, table)]
        safe = by_power((c for c in winners if not reading.threatened(c, led, later)), table)
        if reading.is_partner(winning_seat):
            if not reading.threatened(best, led, later) or not safe:
                return _low(reading, cards, led)
            return safe[0]  # partner's card may fall: take over with one that holds
        if not winners or not reading.trick_matters():
            return _low(reading, cards, led)
        return safe[0] if safe else by_power(winners, table)[0]

    def _lead(self, reading: Reading, cards: list[Card]) -> Card:
        """The maker's side draws trump; anyone cashes sure winners; else lead short."""
        trumps = by_power((c for c in cards if reading.is_trump(c)), reading.table, True)
        side = [c for c in cards if not reading.is_trump(c)]
        opponents_have_trump = any(reading.may_hold_trump(s) for s in reading.active_opponents())
        we_make = reading.maker % 2 == reading.seat % 2
        bosses = _cashable(reading, side)
        if trumps and opponents_have_trump and we_make:
            if reading.is_boss(trumps[0]):
                return trumps[0]  # the maker's side draws trump from the top
            if reading.seat == reading.maker and len(trumps) >= 3:
                return trumps[0]
            if reading.seat != reading.maker and not bosses:
                return trumps[-1]  # trump to the maker
        if bosses:
            return bosses[0]
        if not side:
            return trumps[0] if reading.is_boss(trumps[0]) else trumps[-1]
        if trumps and not opponents_have_trump:
            return trumps[0]
        return _short_suit_lead(reading, side)


def _cashable(reading: Reading, side: list[Card]) -> list[Card]:
    """Side cards that top their suit where no opponent has shown out, highest first."""
    table = reading.table
    sure = [c for c in side if reading.is_boss(c)]
    return by_power(
        (c for c in sure if not reading.opponents_may_ruff(table.eff_suit[c])), table, True
    )


def _short_suit_lead(reading: Reading, side: list[Card]) -> Card:
    """A low card from the shortest side suit the opponents cannot ruff."""
    table = reading.table

    def key(card: Card) -> tuple[bool, int, int, int]:
        suit = table.eff_suit[card]
        return (
            reading.opponents_may_ruff(suit),
            count(reading.hand & table.suit_masks[suit]),
            table.power[card],
            card,
        )

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


def _trump_value(card: Card, trump: Suit, rules: EuchreRules) -> float:
    """The expected tricks one card is worth as a trump (``TRUMP_VALUES``)."""
    table = trick_rules(trump, rules)
    trump_cards = by_power(cards_of(table.suit_masks[trump] & deck_mask(rules)), table, True)
    if card not in trump_cards:
        return 0.0
    return TRUMP_VALUES[min(trump_cards.index(card), len(TRUMP_VALUES) - 1)]


def _accept(kind: int) -> Decision:
    """A decision that always takes the offer (farmer's hand, calling a renege)."""

    def decide(view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        return make_action(kind)

    return decide


def _pass_or_first(actions: list[Action]) -> Action:
    pass_action = make_action(A.PASS)
    return pass_action if pass_action in actions else actions[0]


def _first(view: SeatView, actions: list[Action], rng: random.Random) -> Action:
    return _pass_or_first(actions)


__all__ = [
    "DEFAULT_TUNING",
    "EuchreHeuristic",
    "Reading",
    "Tuning",
    "best_discard",
    "defence_tricks",
    "hand_strength",
    "keep_value",
    "lone_losers",
    "read_view",
]
