"""A heuristic Euchre bot that plays like a sound club player.

It sees only the seat's view and the public rules. Bidding counts expected tricks
(``hand_strength``: bowers, Benny, trump length, off-aces, voids) against a
threshold that depends on the seat's position to the dealer; lone hands are judged
by how many cards could lose (``lone_losers``). In play it tracks unseen cards and
shown-out suits: the maker leads trump, a seat never overtakes a partner whose card
will hold, wins with the cheapest card that holds, trumps in when void and the
trick matters, and otherwise throws off its lowest card, making voids. It never
reneges, even where ``renege=callable`` would let it. Where the maker may concede
(``maker_may_concede``), it concedes as soon as the defenders hold a trick: the makers
then score ``make_points`` however the rest falls; while a march is still possible it
plays on.

>>> from tricktable.cards import parse_cards, mask_of, HEARTS
>>> from tricktable.games import load_game
>>> rules = load_game("euchre").rules
>>> hand = mask_of(parse_cards("JH JD AH AS 9C"))
>>> round(hand_strength(hand, HEARTS, rules), 2)
4.1
>>> round(lone_losers(hand, deck_mask(rules) & ~hand, trick_rules(HEARTS, rules)), 2)
1.15
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tricktable.actions import Action, ActionKind, CoreKind, argument_of, kind_of, make_action
from tricktable.cards import (
    SUIT_MASKS,
    SUITS,
    Card,
    CardMask,
    Suit,
    cards_of,
    count,
    mask_of,
    rank_of,
    suit_of,
)
from tricktable.core import SeatView
from tricktable.games.euchre.engine import Euchre, EuchreRules
from tricktable.games.euchre.facts import EuchreFacts
from tricktable.games.euchre.verbs import EuchreKind
from tricktable.games.euchre_family.heuristic import (
    Decision,
    Reading,
    UpCardHeuristic,
    ace_and_king,
    after_pickup,
    best_discard,
    cashable,
    defence_tricks,
    follow_as_side,
    held_trumps_value,
    lead_or_follow,
    lone_losers,
    next_suit,
    pass_or_first,
    plain_lead,
    read_view,
    seats_out,
    trump_of,
    trump_value,
    trumps_and_side,
    upcard_mask,
    upcard_of,
)
from tricktable.games.euchre_family.verbs import FamilyKind
from tricktable.tricks import TrickRules, euchre_rules

SEATS = 4

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
    defend_alone_pair_tricks: float = 3.5
    """Defending alone against two makers (``defend_alone_any``) needs this many: two
    hands hold more trumps than one."""
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


def hand_strength(hand: CardMask, trump: Suit, rules: EuchreRules) -> float:
    """Expected tricks of ``hand`` with ``trump``: trumps by place, length, aces, voids."""
    table = trick_rules(trump, rules)
    strength = held_trumps_value(hand, table, deck_mask(rules), TRUMP_VALUES)
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
    has_ace, has_king = ace_and_king(cards, suit)
    value = 0.0
    if has_ace:
        value += 0.75 if length <= 2 else 0.5
    if has_king:
        value += 0.35 if has_ace else (0.2 if length >= 2 else 0.1)
    return value


def reading_of(view: SeatView, rules: EuchreRules) -> Reading:
    """The play-time knowledge of ``view``'s seat: its partner is on its side; the up-card
    is out of play in the kitty, or with a dealer who sits out."""
    out = seats_out(view)
    facts = view.facts(EuchreFacts)
    kitty = facts.turned_down or view.dealer in out or not facts.dealer_took_up
    return read_view(
        view,
        trick_rules(trump_of(view), rules),
        deck_mask(rules),
        out_of_play=upcard_mask(view) if kitty else 0,
        out=out,
        side=frozenset((view.seat, (view.seat + 2) % SEATS)),
    )


def tricks_taken(reading: Reading) -> tuple[int, int]:
    """Tricks of the reading seat's side and of the other side so far."""
    won = reading.view.facts(EuchreFacts).tricks_won
    ours = won[reading.seat % 2] + won[reading.seat % 2 + 2]
    return ours, sum(won) - ours


def trick_matters(reading: Reading) -> bool:
    """Whether taking this trick can still change the score."""
    ours, theirs = tricks_taken(reading)
    we_make = reading.maker % 2 == reading.seat % 2
    makers, defenders = (ours, theirs) if we_make else (theirs, ours)
    if makers >= 3 and defenders >= 1:
        return False  # made, and no march possible
    return not (defenders >= 3 and makers >= 1)


# -- the bot -----------------------------------------------------------------------------------
class EuchreHeuristic(UpCardHeuristic[EuchreRules, Tuning]):
    """Rule-of-thumb Euchre: sound bidding, trump leads, cheap wins, careful throw-offs."""

    game_class = Euchre
    default_tuning = DEFAULT_TUNING

    def decisions(self) -> list[tuple[int, Decision]]:
        """Euchre's own table: the concession comes first (it is offered beside the cards
        of the play), each lone option goes to the decision of its plain bid."""
        return [
            (EuchreKind.CONCEDE, self._concede),
            (CoreKind.PLAY, self._play),
            (CoreKind.DISCARD, self._discard),
            (FamilyKind.ORDER, self._order),
            (FamilyKind.ORDER_ALONE, self._order),
            (FamilyKind.CALL, self._call),
            (FamilyKind.CALL_ALONE, self._call),
            (FamilyKind.NAME, self._name_suit),
            (EuchreKind.BLIND_ALONE, self._blind_alone),
            (EuchreKind.FARMERS_HAND, _accept(EuchreKind.FARMERS_HAND)),
            (FamilyKind.ACE_NO_FACE, self._ace_no_face),
            (FamilyKind.ALONE, self._alone),
            (FamilyKind.TAKE_OVER, self._take_over),
            (FamilyKind.DEFEND_ALONE, self._defend_alone),
            (EuchreKind.CALL_RENEGE, _accept(EuchreKind.CALL_RENEGE)),
            (EuchreKind.SCORE, self._robson),
        ]

    # -- bidding -------------------------------------------------------------------------------
    def _unseen_for_bid(self, known: CardMask) -> CardMask:
        """Cards others may hold, given the ``known`` ones (own cards, cards out of play)."""
        return deck_mask(self.rules) & ~known

    def _order(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Round one: order (or take up) the up-card's suit, alone with a lay-down hand."""
        upcard, trump = upcard_of(view)
        table = trick_rules(trump, self.rules)
        relation = (view.seat - view.dealer) % SEATS  # 0 dealer, 2 partner, 1 and 3 opponents
        dealt = mask_of(view.hand)
        hand = after_pickup(dealt, upcard, table) if relation == 0 else dealt
        deck = deck_mask(self.rules)
        upcard_value = self.tuning.upcard_weight * trump_value(upcard, table, deck, TRUMP_VALUES)
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
        lone = lone_losers(hand, unseen, table) <= self.tuning.alone_losers
        forced_alone = self.rules.dealer_partner_must_go_alone and relation == 2
        order = make_action(FamilyKind.ORDER)
        order_alone = make_action(FamilyKind.ORDER_ALONE)
        if lone and order_alone in actions:
            return order_alone
        if (lone or (strength >= threshold and not forced_alone)) and order in actions:
            return order
        return pass_or_first(actions)

    def _call(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Round two: call the best suit if strong enough (a stuck dealer always calls)."""
        suits = sorted(
            {
                argument_of(a)
                for a in actions
                if kind_of(a) in (FamilyKind.CALL, FamilyKind.CALL_ALONE)
            }
        )
        hand = mask_of(view.hand)
        eldest = (view.seat - view.dealer) % SEATS == 1
        next_ = next_suit(view)

        def value(suit: Suit) -> float:
            bonus = self.tuning.next_bonus if eldest and suit == next_ else 0.0
            return hand_strength(hand, suit, self.rules) + bonus

        best = max(suits, key=lambda suit: (value(suit), -suit))
        unseen = self._unseen_for_bid(hand | upcard_mask(view))
        call_alone = make_action(FamilyKind.CALL_ALONE, best)
        if call_alone in actions and (
            lone_losers(hand, unseen, trick_rules(best, self.rules)) <= self.tuning.alone_losers
        ):
            return call_alone
        pass_action = make_action(CoreKind.PASS)
        if value(best) >= self.tuning.call or pass_action not in actions:
            call = make_action(FamilyKind.CALL, best)
            return call if call in actions else call_alone
        return pass_action

    def _alone(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """After the discard (``alone_timing=after_discard`` or a blind call): alone or not."""
        reading = reading_of(view, self.rules)
        if lone_losers(reading.hand, reading.unseen, reading.table) <= self.tuning.alone_losers:
            return make_action(FamilyKind.ALONE)
        return pass_or_first(actions)

    def _name_suit(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """The Joker is up: name the suit that the Joker would best complete."""
        named = [a for a in actions if kind_of(a) == FamilyKind.NAME]
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
        upcard, trump = upcard_of(view)
        table = trick_rules(trump, self.rules)
        dealt = mask_of(view.hand)
        hand = after_pickup(dealt, upcard, table)
        losers = lone_losers(hand, self._unseen_for_bid(dealt | 1 << upcard), table)
        if losers <= self.tuning.blind_alone_losers:
            return make_action(EuchreKind.BLIND_ALONE)
        return pass_or_first(actions)

    def _take_over(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """The lone maker's partner takes over only with a hand that should march."""
        reading = reading_of(view, self.rules)
        losers = lone_losers(reading.hand, reading.unseen, reading.table)
        if losers <= self.tuning.take_over_losers:
            return make_action(FamilyKind.TAKE_OVER)
        return pass_or_first(actions)

    def _defend_alone(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Defend alone only when three tricks look sure against the lone maker (surer
        still against two makers)."""
        reading = reading_of(view, self.rules)
        tricks = defence_tricks(reading.hand, reading.unseen, reading.table)
        against_one = view.facts(EuchreFacts).alone
        needed = self.tuning.defend_alone_tricks
        if not against_one:
            needed = self.tuning.defend_alone_pair_tricks
        if tricks >= needed:
            return make_action(FamilyKind.DEFEND_ALONE)
        return pass_or_first(actions)

    def _ace_no_face(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Take the exchange; a redeal only helps when the other side made trump."""
        maker = view.facts(EuchreFacts).maker
        if self.rules.ace_no_face == "redeal" and maker is not None and maker % 2 == view.seat % 2:
            return pass_or_first(actions)
        return make_action(FamilyKind.ACE_NO_FACE)

    def _robson(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """After a march: set the opponents back when that stops them, else score."""
        target = view.facts(EuchreFacts).target
        if target is None:
            return make_action(EuchreKind.SCORE)
        ours, theirs = view.scores[view.seat % 2], view.scores[1 - view.seat % 2]
        points = self._march_points(view)
        if ours + points >= target:
            return make_action(EuchreKind.SCORE)
        if theirs > 0 and theirs >= target - max(2, points):
            return make_action(EuchreKind.SET_BACK)
        return make_action(EuchreKind.SCORE)

    def _march_points(self, view: SeatView) -> int:
        """What the march is worth to this seat's side (the figure scored or set back)."""
        facts = view.facts(EuchreFacts)
        if facts.maker is not None and facts.maker % 2 != view.seat % 2:
            if facts.lone_defender is not None:
                return self.rules.lone_defender_points
            return max(self.rules.euchre_points, self.rules.super_euchre_points)
        if facts.alone:
            return self.rules.lone_march_points
        return self.rules.march_points

    # -- discards ------------------------------------------------------------------------------
    def _discard(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Dealer or exchange discard: keep trumps and aces, make a void."""
        allowed = mask_of(argument_of(a) for a in actions if kind_of(a) == CoreKind.DISCARD)
        hand = mask_of(view.hand)
        trump = view.facts(EuchreFacts).trump
        if trump is None:  # a farmer's exchange, before trump is made
            card = self._farmer_discard(view, allowed)
        else:
            card = best_discard(hand, allowed, trick_rules(trump, self.rules))
        return make_action(CoreKind.DISCARD, card)

    def _farmer_discard(self, view: SeatView, allowed: CardMask) -> Card:
        """Keep the up-card's suit and the longest suits; throw low cards of short suits."""
        upsuit = view.facts(EuchreFacts).upcard_suit
        hand = mask_of(view.hand)

        def key(card: Card) -> tuple[bool, int, int, int]:
            suit = suit_of(card)
            return (suit == upsuit, count(hand & SUIT_MASKS[suit]), rank_of(card), card)

        return min(cards_of(allowed), key=key)

    # -- play ----------------------------------------------------------------------------------
    def _concede(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """The maker may concede (its side holds 3 tricks): it does once the defenders hold
        a trick, when the rest cannot change the score; while a march is possible it plays
        on."""
        won = view.facts(EuchreFacts).tricks_won
        theirs = sum(n for seat, n in enumerate(won) if seat % 2 != view.seat % 2)
        if theirs >= 1:
            return make_action(EuchreKind.CONCEDE)
        return self._play(view, actions, rng)

    def _play(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Lead or follow; only cards that follow suit when able (never a renege)."""
        reading = reading_of(view, self.rules)
        return lead_or_follow(view, actions, reading, self._lead, self._follow)

    def _follow(self, reading: Reading, cards: list[Card], led: Suit) -> Card:
        """Let a partner's sure card hold; else win as cheaply as holds; else play low."""
        return follow_as_side(reading, cards, led, trick_matters=trick_matters(reading))

    def _lead(self, reading: Reading, cards: list[Card]) -> Card:
        """The maker's side draws trump; anyone cashes sure winners; else lead short."""
        trumps, side = trumps_and_side(reading, cards)
        we_make = reading.maker % 2 == reading.seat % 2
        bosses = cashable(reading, side)
        if trumps and reading.opponents_may_trump() and we_make:
            if reading.is_boss(trumps[0]):
                return trumps[0]  # the maker's side draws trump from the top
            if reading.seat == reading.maker and len(trumps) >= 3:
                return trumps[0]
            if reading.seat != reading.maker and not bosses:
                return trumps[-1]  # trump to the maker
        if bosses:
            return bosses[0]
        return plain_lead(reading, trumps, side)


def _accept(kind: ActionKind) -> Decision:
    """A decision that always takes the offer (farmer's hand, calling a renege)."""

    def decide(view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        return make_action(kind)

    return decide


__all__ = [
    "DEFAULT_TUNING",
    "EuchreHeuristic",
    "Tuning",
    "deck_mask",
    "hand_strength",
    "reading_of",
    "trick_matters",
    "trick_rules",
]


HEURISTIC_BOT = EuchreHeuristic
"""This game's heuristic bot (the spec finds it by this name)."""
