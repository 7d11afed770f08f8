"""What the euchre family's heuristic bots share: reading a seat's view, card power and
boss tests, discards, lone-hand judgement, and the play choices they make alike.

Euchre, two-handed, three-handed, bid and set-back euchre each keep their own bidding
and their own way of leading and following; they read the view (``read_view``), rank
cards (``by_power``, ``higher_in_suit``), judge a lone hand (``lone_losers``) and pick
the card to lose (``card_to_lose``) through this layer.

>>> from tricktable.cards import HEARTS, card_name, mask_of, parse_cards
>>> from tricktable.tricks import euchre_rules
>>> table = euchre_rules(HEARTS, None)
>>> [card_name(c) for c in by_power(parse_cards("AH JD 9H JH"), table, high_first=True)]
['JH', 'JD', 'AH', '9H']
>>> hand = mask_of(parse_cards("JH JD AH AS 9C"))
>>> round(lone_losers(hand, EUCHRE_DECK & ~hand, table), 2)
1.15
>>> card_name(best_discard(hand, hand, table))
'9C'
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from tricktable.actions import (
    Action,
    CoreKind,
    argument_of,
    kind_of,
    make_action,
)
from tricktable.bots.base import Decision, DecisionTableBot, Heuristic, RulesT, TuningT
from tricktable.cards import (
    ACE,
    KING,
    SUITS,
    Card,
    CardMask,
    Suit,
    cards_of,
    count,
    make_card,
    mask_of,
    rank_of,
    same_colour_suit,
    standard_deck,
)
from tricktable.core import SeatView
from tricktable.games.euchre_family.facts import FamilyFacts, UpCardFacts
from tricktable.games.euchre_family.verbs import FamilyKind
from tricktable.tricks import TrickRules, beats, follow_mask, winning_play

EUCHRE_DECK: CardMask = mask_of(standard_deck(range(9, ACE + 1)))
"""The 24 cards A K Q J T 9 of each suit."""


# -- cards and their power ---------------------------------------------------------------------
def by_power(cards: Iterable[Card], table: TrickRules, high_first: bool = False) -> list[Card]:
    """Cards ordered by trick-taking power (lowest first unless ``high_first``); cards of
    equal power keep their order."""
    return sorted(cards, key=lambda card: table.power[card], reverse=high_first)


def higher_in_suit(card: Card, among: CardMask, table: TrickRules) -> CardMask:
    """Cards of ``among`` in ``card``'s effective suit that outrank it.

    >>> from tricktable.cards import HEARTS, card_name, mask_of, parse_card, parse_cards
    >>> from tricktable.tricks import euchre_rules
    >>> table = euchre_rules(HEARTS, None)
    >>> above = higher_in_suit(parse_card("AH"), mask_of(parse_cards("JD KH AS")), table)
    >>> [card_name(c) for c in cards_of(above)]
    ['JD']
    """
    suit = table.eff_suit[card]
    power = table.power[card]
    return sum(1 << c for c in cards_of(among & table.suit_masks[suit]) if table.power[c] > power)


def ace_and_king(cards: CardMask, suit: Suit) -> tuple[bool, bool]:
    """Whether ``cards`` hold the ace and whether they hold the king of ``suit``.

    >>> from tricktable.cards import HEARTS, mask_of, parse_cards
    >>> ace_and_king(mask_of(parse_cards("KH 9H AS")), HEARTS)
    (False, True)
    """
    return bool(cards >> make_card(suit, ACE) & 1), bool(cards >> make_card(suit, KING) & 1)


def trump_order(table: TrickRules, deck: CardMask) -> list[Card]:
    """The trumps of ``deck`` under ``table``, highest first."""
    return by_power(cards_of(table.suit_masks[table.trump] & deck), table, high_first=True)


def held_trumps_value(
    hand: CardMask, table: TrickRules, deck: CardMask, values: Sequence[float]
) -> float:
    """What the trumps of ``hand`` are worth by their places in the trump order: ``values``
    from the top trump down, places past its end taking its last value."""
    value = 0.0
    for place, card in enumerate(trump_order(table, deck)):
        if hand >> card & 1:
            value += values[min(place, len(values) - 1)]
    return value


def trump_value(card: Card, table: TrickRules, deck: CardMask, values: Sequence[float]) -> float:
    """What ``card`` is worth as a trump by its place (``held_trumps_value``); 0 if none."""
    order = trump_order(table, deck)
    if card not in order:
        return 0.0
    return values[min(order.index(card), len(values) - 1)]


# -- hand judgement ----------------------------------------------------------------------------
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


def lone_losers(hand: CardMask, unseen: CardMask, table: TrickRules) -> float:
    """Cards of ``hand`` expected to lose when it plays alone under ``table``'s trump.

    ``unseen`` are the cards that others may hold. Trumps above every unseen trump
    never lose; other trumps lose about 0.6 a trick per unseen trump above them;
    off-suit cards that top their suit risk a ruff, the rest lose.
    """
    trump = table.trump
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


def defence_tricks(hand: CardMask, unseen: CardMask, table: TrickRules) -> float:
    """Tricks a lone defender could count on against a lone maker under ``table``'s trump."""
    trump = table.trump
    trump_mask = table.suit_masks[trump]
    tricks = 0.0
    for card in cards_of(hand & trump_mask):
        above = count(higher_in_suit(card, unseen & trump_mask, table))
        tricks += 1.0 if above == 0 else (0.4 if above == 1 else 0.0)
    for suit in SUITS:
        if suit != trump and hand >> make_card(suit, ACE) & 1:
            tricks += 0.6
    return tricks


# -- the public facts of a view ----------------------------------------------------------------
def trump_of(view: SeatView) -> Suit:
    """The trump suit of the deal (``ValueError`` before it is made)."""
    trump = view.facts(FamilyFacts).trump
    if trump is None:
        raise ValueError(f"no trump in this {view.game} view yet")
    return trump


def upcard_of(view: SeatView) -> tuple[Card, Suit]:
    """The up-card and the suit it proposes for trump (``ValueError`` when there is none)."""
    facts = view.facts(UpCardFacts)
    if facts.upcard is None or facts.upcard_suit is None:
        raise ValueError(f"no up-card in this {view.game} view")
    return facts.upcard, facts.upcard_suit


def upcard_mask(view: SeatView) -> CardMask:
    """The up-card as a mask (0 when the view shows none)."""
    upcard = view.facts(UpCardFacts).upcard
    return 0 if upcard is None else 1 << upcard


def turned_down_upcard(view: SeatView) -> CardMask:
    """The up-card as a mask once it has been turned down (out of play), else 0."""
    return upcard_mask(view) if view.facts(UpCardFacts).turned_down else 0


def next_suit(view: SeatView) -> Suit:
    """'Next': the same-colour suit of the up-card's suit (-1 when the view shows none)."""
    turned = view.facts(UpCardFacts).upcard_suit
    return -1 if turned is None else same_colour_suit(turned)


def own_discards(view: SeatView) -> CardMask:
    """The cards this seat has discarded this deal."""
    return mask_of(view.facts(FamilyFacts).own_discards)


def played_cards(view: SeatView) -> CardMask:
    """Every card played to a trick this deal, the current trick included."""
    played = mask_of(card for trick in view.tricks for _, card in trick)
    return played | mask_of(card for _, card in view.trick)


def seats_out(view: SeatView) -> frozenset[int]:
    """The seats that sit this deal out (a lone maker's partner, seats that dropped or
    threw in)."""
    return frozenset(view.facts(FamilyFacts).sitting_out)


def shown_out(view: SeatView, table: TrickRules) -> list[int]:
    """For each seat, bit ``s`` set when it has failed to follow effective suit ``s``."""
    voids = [0] * view.players
    for trick in (*view.tricks, view.trick):
        if trick:
            led = table.eff_suit[trick[0][1]]
            for seat, card in trick[1:]:
                if table.eff_suit[card] != led:
                    voids[seat] |= 1 << led
    return voids


def seats_to_play(view: SeatView, out: frozenset[int]) -> list[int]:
    """The seats still to play to the current trick after this one, in turn (seats in
    ``out`` sit this deal out)."""
    left = view.players - len(out) - len(view.trick) - 1
    seats: list[int] = []
    seat = view.seat
    while len(seats) < left:
        seat = (seat + 1) % view.players
        if seat not in out:
            seats.append(seat)
    return seats


# -- what the view tells during play -----------------------------------------------------------
@dataclass(slots=True)
class Reading:
    """What one seat knows during play, read from its view (see ``read_view``)."""

    view: SeatView
    hand: CardMask
    table: TrickRules
    unseen: CardMask
    """Cards that some other seat may still hold."""
    voids: list[int]
    """For each seat, bit ``s`` set when it has shown out of effective suit ``s``."""
    maker: int
    """The seat that made trump (this seat when the view names none)."""
    out: frozenset[int]
    """Seats sitting this deal out."""
    side: frozenset[int]
    """This seat and its partners."""
    later: list[int]
    """Seats still to play to the current trick after this one, in turn."""

    @property
    def seat(self) -> int:
        return self.view.seat

    @property
    def trump(self) -> Suit:
        return self.table.trump

    def is_partner(self, seat: int) -> bool:
        return seat in self.side

    def opponents(self) -> list[int]:
        """The seats of the other sides that play this deal."""
        return [s for s in range(self.view.players) if s not in self.side and s not in self.out]

    def is_trump(self, card: Card) -> bool:
        return self.table.eff_suit[card] == self.trump

    def is_boss(self, card: Card) -> bool:
        """No unseen card of its effective suit outranks it."""
        return not higher_in_suit(card, self.unseen, self.table)

    def unseen_trumps(self) -> CardMask:
        return self.unseen & self.table.suit_masks[self.trump]

    def may_hold_trump(self, seat: int) -> bool:
        """Whether ``seat`` may hold a trump (never in a contract without trumps)."""
        if self.trump < 0:
            return False
        return not self.voids[seat] >> self.trump & 1 and bool(self.unseen_trumps())

    def may_be_void(self, seat: int, suit: Suit) -> bool:
        """Whether ``seat`` has shown out of ``suit``, or the suit is nearly gone."""
        if self.voids[seat] >> suit & 1:
            return True
        return suit != self.trump and count(self.unseen & self.table.suit_masks[suit]) <= 1

    def may_ruff(self, seat: int, suit: Suit) -> bool:
        """Whether ``seat`` has shown out of ``suit`` and may still hold a trump."""
        return bool(self.voids[seat] >> suit & 1) and self.may_hold_trump(seat)

    def opponents_may_ruff(self, suit: Suit) -> bool:
        """Whether an opponent has shown out of ``suit`` and may still hold a trump."""
        return any(self.may_ruff(s, suit) for s in self.opponents())

    def winning(self) -> tuple[int, Card]:
        """The seat winning the trick so far and its card (a trick has begun)."""
        return winning_play(self.view.trick, self.table)

    def opponents_may_trump(self) -> bool:
        """Whether an opponent may still hold a trump."""
        return any(self.may_hold_trump(s) for s in self.opponents())

    def threatened(self, card: Card, led: Suit) -> bool:
        """Whether an opponent still to play may beat ``card`` in this trick."""
        table = self.table
        for seat in self.later:
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


def read_view(
    view: SeatView,
    table: TrickRules,
    deck: CardMask,
    *,
    out_of_play: CardMask = 0,
    out: frozenset[int] = frozenset(),
    side: frozenset[int] | None = None,
) -> Reading:
    """The play-time knowledge of ``view``'s seat under ``table``, dealt from ``deck``.

    Unseen are the cards of ``deck`` that are not in the hand, not played, not among the
    seat's discards and not ``out_of_play``; ``out`` sit the deal out; ``side`` is the
    seat's side (the seat alone unless given).
    """
    hand = mask_of(view.hand)
    gone = hand | played_cards(view) | own_discards(view) | out_of_play
    maker = view.facts(FamilyFacts).maker
    return Reading(
        view=view,
        hand=hand,
        table=table,
        unseen=deck & ~gone,
        voids=shown_out(view, table),
        maker=view.seat if maker is None else maker,
        out=out,
        side=frozenset((view.seat,)) if side is None else side,
        later=seats_to_play(view, out),
    )


# -- play choices the variants share -----------------------------------------------------------
def cashable(reading: Reading, side: list[Card]) -> list[Card]:
    """Side cards that top their suit where no opponent may ruff, highest first."""
    table = reading.table
    sure = [c for c in side if reading.is_boss(c)]
    return by_power(
        (c for c in sure if not reading.opponents_may_ruff(table.eff_suit[c])), table, True
    )


def trumps_and_side(reading: Reading, cards: list[Card]) -> tuple[list[Card], list[Card]]:
    """``cards`` split into their trumps, highest first, and their side cards, in order."""
    trumps = by_power((c for c in cards if reading.is_trump(c)), reading.table, high_first=True)
    return trumps, [c for c in cards if not reading.is_trump(c)]


def plain_lead(
    reading: Reading, trumps: list[Card], side: list[Card], *, avoid_ruffs: bool = True
) -> Card:
    """The lead when no trump draw and no sure side winner calls for one: holding only
    trumps, the top one if it is boss, else the lowest; the top trump once no opponent
    may hold one; else ``short_suit_lead`` (``trumps`` and ``side`` as ``trumps_and_side``
    gives them)."""
    if not side:
        return trumps[0] if reading.is_boss(trumps[0]) else trumps[-1]
    if trumps and not reading.opponents_may_trump():
        return trumps[0]
    return short_suit_lead(reading, side, avoid_ruffs=avoid_ruffs)


def short_suit_lead(reading: Reading, side: list[Card], *, avoid_ruffs: bool = True) -> Card:
    """A low card from the shortest side suit (one the opponents cannot ruff, first,
    with ``avoid_ruffs``)."""
    table = reading.table

    def key(card: Card) -> tuple[bool, int, int, int]:
        suit = table.eff_suit[card]
        return (
            avoid_ruffs and reading.opponents_may_ruff(suit),
            count(reading.hand & table.suit_masks[suit]),
            table.power[card],
            card,
        )

    return min(side, key=key)


def card_to_lose(
    reading: Reading, cards: list[Card], led: Suit, *, void_without_trump: bool = False
) -> Card:
    """The card to lose: the lowest of the led suit, else the cheapest throw-off (never a
    trump or a boss while another card will do; singletons first, to make voids, which
    only a hand holding trump does unless ``void_without_trump``)."""
    table = reading.table
    following = [c for c in cards if table.eff_suit[c] == led]
    if following:
        return by_power(following, table)[0]
    makes_voids = void_without_trump or bool(reading.hand & table.suit_masks[reading.trump])

    def key(card: Card) -> tuple[bool, bool, float, int]:
        suit = table.eff_suit[card]
        singleton = count(reading.hand & table.suit_masks[suit]) == 1
        voiding = 3.0 if singleton and makes_voids and suit != reading.trump else 0.0
        return (reading.is_trump(card), reading.is_boss(card), table.power[card] - voiding, card)

    return min(cards, key=key)


def follow_as_side(
    reading: Reading,
    cards: list[Card],
    led: Suit,
    *,
    trick_matters: bool = True,
    void_without_trump: bool = False,
) -> Card:
    """Follow in a partnership: let a partner's sure card hold (overtake it only with a card
    that holds); else win as cheaply as holds, or with the best card when none holds; else
    (or when the trick cannot change the score) lose the cheapest card (``card_to_lose``)."""
    table = reading.table
    winning_seat, best = reading.winning()
    winners = [c for c in cards if beats(c, best, led, table)]
    safe = by_power((c for c in winners if not reading.threatened(c, led)), table)

    def lose() -> Card:
        return card_to_lose(reading, cards, led, void_without_trump=void_without_trump)

    if reading.is_partner(winning_seat):
        if not reading.threatened(best, led) or not safe:
            return lose()
        return safe[0]  # partner's card may fall: take over with one that holds
    if not winners or not trick_matters:
        return lose()
    return safe[0] if safe else by_power(winners, table)[0]


Lead = Callable[[Reading, list[Card]], Card]
"""A bot's choice of a lead among the playable cards."""
Follow = Callable[[Reading, list[Card], Suit], Card]
"""A bot's choice of a card to follow the led suit with."""


def lead_or_follow(
    view: SeatView, actions: list[Action], reading: Reading, lead: Lead, follow: Follow
) -> Action:
    """The card to play: ``lead`` with the playable cards, else ``follow`` with those that
    follow the led suit (only honest cards: never a renege where one would be allowed)."""
    playable = mask_of(argument_of(a) for a in actions if kind_of(a) == CoreKind.PLAY)
    if not view.trick:
        return make_action(CoreKind.PLAY, lead(reading, cards_of(playable)))
    led = reading.table.eff_suit[view.trick[0][1]]
    honest = follow_mask(reading.hand, led, reading.table) & playable
    return make_action(CoreKind.PLAY, follow(reading, cards_of(honest or playable), led))


def discard_keeping_best(view: SeatView, actions: list[Action], table: TrickRules) -> Action:
    """The discard among ``actions`` that the hand misses least (``best_discard``)."""
    allowed = mask_of(argument_of(a) for a in actions if kind_of(a) == CoreKind.DISCARD)
    return make_action(CoreKind.DISCARD, best_discard(mask_of(view.hand), allowed, table))


# -- the bots ----------------------------------------------------------------------------------
def pass_or_first(actions: list[Action]) -> Action:
    """Pass when that is allowed, else the first action."""
    pass_action = make_action(CoreKind.PASS)
    return pass_action if pass_action in actions else actions[0]


class FamilyHeuristic(DecisionTableBot, Heuristic[RulesT, TuningT]):
    """A heuristic bot that answers each kind of question with its own decision; a question
    none of them answers is passed where it may be (``pass_or_first``)."""

    def fallback(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        return pass_or_first(actions)


class UpCardHeuristic(FamilyHeuristic[RulesT, TuningT]):
    """The heuristic of an up-card variant: it answers the questions every such variant
    asks (the card to play, the dealer's discard, ordering up in round one, calling a
    suit in round two) and then the variant's own (``own_decisions``)."""

    def decisions(self) -> list[tuple[int, Decision]]:
        return [
            (CoreKind.PLAY, self._play),
            (CoreKind.DISCARD, self._discard),
            (FamilyKind.ORDER, self._order),
            (FamilyKind.CALL, self._call),
            *self.own_decisions(),
        ]

    def own_decisions(self) -> list[tuple[int, Decision]]:
        """The questions only this variant asks, each with its decision."""
        return []

    @abstractmethod
    def _play(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """The card to lead or to follow with."""

    @abstractmethod
    def _discard(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """The card to discard (the dealer, after taking the up-card)."""

    @abstractmethod
    def _order(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Round one: order the up-card's suit (the dealer: take it up), or pass."""

    @abstractmethod
    def _call(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Round two: call a suit, or pass."""


__all__ = [
    "EUCHRE_DECK",
    "Decision",
    "FamilyHeuristic",
    "Reading",
    "UpCardHeuristic",
    "ace_and_king",
    "after_pickup",
    "best_discard",
    "by_power",
    "card_to_lose",
    "cashable",
    "defence_tricks",
    "discard_keeping_best",
    "follow_as_side",
    "held_trumps_value",
    "higher_in_suit",
    "keep_value",
    "lead_or_follow",
    "lone_losers",
    "next_suit",
    "own_discards",
    "pass_or_first",
    "plain_lead",
    "played_cards",
    "read_view",
    "seats_out",
    "seats_to_play",
    "short_suit_lead",
    "shown_out",
    "trump_of",
    "trump_order",
    "trump_value",
    "trumps_and_side",
    "turned_down_upcard",
    "upcard_mask",
    "upcard_of",
]
