"""A heuristic Romanian Whist (and Oh Hell) bot that aims to take exactly its bid.

It sees only the seat's view and the public rules. To bid it deals the unseen cards to
the other seats a few dozen times, plays each deal out with every seat greedily trying
to win (``playout``) and bids the legal number with the best expected score over the
tricks it took (``best_bid``), so the hook simply removes one choice. One-card deals
are judged exactly (``one_card_chance``), forehead deals from the cards on the others'
foreheads (``forehead_chance``) and the blind tie-break from the share of tricks a seat
can expect. In play it tracks unseen cards and shown-out suits and judges each card's
chance of a trick (``card_chances``): short of its bid it wins with the cheapest card
that holds and trumps in; once made (or when its sure trumps cover the bid) it plays the
highest card that still loses and throws off its dangerous winners.

>>> import random
>>> from tricktable.cards import parse_cards, mask_of, HEARTS
>>> from tricktable.tricks import plain_rules
>>> from tricktable.games import load_game
>>> deck = mask_of(load_game("romanian_whist", players=4).deck)
>>> hand = mask_of(parse_cards("AH KH AS 7C"))
>>> chances = card_chances(hand, plain_rules(HEARTS), deck & ~hand, [(4, 0)] * 3)
>>> round(sum(chances.values()), 1)
2.6
>>> round(one_card_chance(parse_cards("AH")[0], HEARTS, deck, eldest=True, players=4), 2)
1.0
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from tricktable.actions import Action, CoreKind, argument_of, make_action
from tricktable.bots.base import Decision, DecisionTableBot, Heuristic
from tricktable.cards import (
    SUITS,
    Card,
    CardMask,
    Suit,
    cards_of,
    count,
    mask_of,
)
from tricktable.core import SeatView
from tricktable.games.romanian_whist.engine import RomanianWhist, WhistRules
from tricktable.games.romanian_whist.facts import WhistFacts
from tricktable.tricks import NO_TRUMP, TrickRules, plain_rules, trick_winner


@dataclass(frozen=True, slots=True, kw_only=True)
class Tuning:
    """The bot's judgement, in chances of winning a trick."""

    next_up: float = 0.3
    """Extra chance of a card when the opponents hold exactly one more card above it
    than this seat holds above it (they may spend it elsewhere)."""
    void_ruff: float = 0.6
    """Expected ruffs of a void side suit (given spare trumps)."""
    singleton_ruff: float = 0.3
    """Expected ruffs of a singleton side suit."""
    ruff_weight: float = 0.9
    """How surely a seat that is short in a suit and holds a trump ruffs it."""
    made_seat_factor: float = 0.6
    """How eagerly a seat that already has its tricks overtakes (its ducks are not sure)."""
    sure: float = 0.8
    """A trick this likely counts as won."""
    try_win: float = 0.35
    """The least chance worth spending a winner on while short of the bid."""
    surplus: float = 0.7
    """Expected tricks above the bid that make the seat throw its winners away."""
    samples: int = 40
    """Deals sampled to judge a hand for bidding."""
    spread: float = 0.15
    """Share of each sampled outcome spread to its neighbours (play is not greedy)."""
    keep_weight: float = 0.6
    """How much a winner kept in hand counts once the bid is made (it may still be
    thrown off on a suit the seat is void in)."""


DEFAULT_TUNING = Tuning()


# -- counting ----------------------------------------------------------------------------------
def none_of(pool: int, bad: int, drawn: int) -> float:
    """The chance that ``drawn`` cards from ``pool`` hold none of ``bad`` of them."""
    if bad <= 0 or drawn <= 0:
        return 1.0
    if drawn > pool - bad:
        return 0.0
    return math.comb(pool - bad, drawn) / math.comb(pool, drawn)


def binom_at_most(trials: int, chance: float, most: int) -> float:
    """``P(X <= most)`` for ``X ~ Binomial(trials, chance)``."""
    if most < 0:
        return 0.0
    if most >= trials:
        return 1.0
    return sum(
        math.comb(trials, k) * chance**k * (1.0 - chance) ** (trials - k) for k in range(most + 1)
    )


def binom_at(trials: int, chance: float, exactly: int) -> float:
    """``P(X == exactly)`` for ``X ~ Binomial(trials, chance)``."""
    if exactly < 0 or exactly > trials:
        return 0.0
    return math.comb(trials, exactly) * chance**exactly * (1.0 - chance) ** (trials - exactly)


def above(card: Card, among: CardMask, table: TrickRules) -> CardMask:
    """Cards of ``among`` in ``card``'s suit that outrank it."""
    power = table.power[card]
    suit_cards = among & table.suit_masks[table.eff_suit[card]]
    return mask_of(c for c in cards_of(suit_cards) if table.power[c] > power)


def by_power(cards: Iterable[Card], table: TrickRules, high_first: bool = False) -> list[Card]:
    """Cards ordered by trick-taking power (lowest first unless ``high_first``)."""
    return sorted(cards, key=lambda card: (table.power[card], card), reverse=high_first)


def deal_score(bid: int, tricks: int, rules: WhistRules) -> int:
    """What a deal scores for ``bid`` when the seat takes ``tricks``."""
    if bid == tricks:
        return rules.exact_bonus + bid
    if rules.miss_scoring == "tricks":
        return tricks
    return -abs(bid - tricks)


def best_bid(dist: Sequence[float], bids: Sequence[int], rules: WhistRules) -> int:
    """The bid of ``bids`` with the best expected score under ``dist`` (lower on ties)."""

    def value(bid: int) -> float:
        return sum(q * deal_score(bid, tricks, rules) for tricks, q in enumerate(dist))

    return max(sorted(bids), key=lambda bid: value(bid) - 1e-9 * bid)


# -- judging a hand ----------------------------------------------------------------------------
def ruff_risk(
    suit: Suit,
    rounds: int,
    unseen: CardMask,
    table: TrickRules,
    opponents: Sequence[tuple[int, int]],
    weight: float = 1.0,
) -> float:
    """The chance that some opponent ruffs the ``rounds``-th round of side ``suit``.

    ``opponents`` lists each other seat's cards in hand and the suits it has shown out
    of (a bit per suit).
    """
    trump = table.trump
    if trump == NO_TRUMP or suit == trump:
        return 0.0
    trump_mask = table.suit_masks[trump]
    survive = 1.0
    for held, void in opponents:
        if held <= 0 or void >> trump & 1:
            continue
        pool_mask = unseen
        for s in SUITS:
            if void >> s & 1:
                pool_mask &= ~table.suit_masks[s]
        pool = count(pool_mask)
        if pool <= 0:
            continue
        in_suit = count(pool_mask & table.suit_masks[suit])
        if void >> suit & 1:
            short = 1.0
        else:
            short = binom_at_most(held, in_suit / pool, rounds - 1)
        has_trump = 1.0 - none_of(pool, count(pool_mask & trump_mask), held)
        survive *= 1.0 - weight * short * has_trump
    return 1.0 - survive


def card_chances(
    hand: CardMask,
    table: TrickRules,
    unseen: CardMask,
    opponents: Sequence[tuple[int, int]],
    tuning: Tuning = DEFAULT_TUNING,
) -> dict[Card, float]:
    """The chance that each card of ``hand`` wins a trick over the rest of the deal.

    A card wins when the opponents hold no more cards above it than this seat holds
    above it in the suit (those fall first); a side card also needs its round to go
    unruffed. Spare trumps win ruffs of void and singleton side suits. ``unseen`` are
    the cards the others may hold (with the undealt ones); ``opponents`` as in
    ``ruff_risk``.
    """
    trump = table.trump
    hidden = count(unseen)
    held = sum(n for n, _ in opponents)
    share = min(1.0, held / hidden) if hidden else 0.0
    chances: dict[Card, float] = {}
    for suit in SUITS:
        mine = by_power(cards_of(hand & table.suit_masks[suit]), table, high_first=True)
        for index, card in enumerate(mine):
            higher = count(above(card, unseen, table))
            chance = binom_at_most(higher, share, index)
            chance += tuning.next_up * binom_at(higher, share, index + 1)
            if suit != trump:
                chance *= 1.0 - ruff_risk(
                    suit, index + 1, unseen, table, opponents, tuning.ruff_weight
                )
            chances[card] = min(1.0, chance)
    if trump != NO_TRUMP and hand & table.suit_masks[trump] and held:
        credits = 0.0
        for suit in SUITS:
            if suit == trump or not unseen & table.suit_masks[suit]:
                continue
            length = count(hand & table.suit_masks[suit])
            if length == 0:
                credits += tuning.void_ruff
            elif length == 1:
                credits += tuning.singleton_ruff
        credits *= min(1.0, count(hand) / 4)
        for card in by_power(cards_of(hand & table.suit_masks[trump]), table):
            if credits <= 0:
                break
            extra = min(1.0 - chances[card], credits)
            chances[card] += extra
            credits -= extra
    return chances


def _lowest(mask: CardMask, table: TrickRules) -> Card:
    """The card of a non-empty ``mask`` with the least power."""
    best, best_power = -1, 1 << 30
    for suit in SUITS:
        part = mask & table.suit_masks[suit]
        if part:
            card = (part & -part).bit_length() - 1
            if table.power[card] < best_power:
                best, best_power = card, table.power[card]
    return best


def _holds_off(
    card: Card, led: Suit, hands: Sequence[CardMask], seats: Iterable[int], table: TrickRules
) -> bool:
    """Whether none of ``seats`` can beat ``card`` (as the best card of a trick led in ``led``)."""
    masks, trump = table.suit_masks, table.trump
    trumps = masks[trump] if trump != NO_TRUMP else 0
    suit = table.eff_suit[card]
    higher = masks[suit] & ~((2 << card) - 1)
    for seat in seats:
        hand = hands[seat]
        if hand & masks[led]:
            if suit == led and hand & higher:
                return False
        elif hand & trumps and (suit != trump or hand & higher):
            return False
    return True


def playout(hands: Sequence[CardMask], table: TrickRules, must_trump: bool) -> list[int]:
    """The tricks each hand takes when every seat greedily plays to win, seeing all cards.

    ``hands`` are in play order from the first leader. A leader cashes a card nobody can
    beat (side suits first, then trumps), else leads its lowest card; a follower wins with
    its lowest card that nobody after it can beat, else plays its lowest card.

    >>> from tricktable.cards import parse_cards, HEARTS
    >>> playout([mask_of(parse_cards(h)) for h in ("AS 7S", "KS 7H", "8S 9H")],
    ...         plain_rules(HEARTS), True)
    [1, 0, 1]
    """
    seats = len(hands)
    held = list(hands)
    masks, trump, power, eff = table.suit_masks, table.trump, table.power, table.eff_suit
    trumps = masks[trump] if trump != NO_TRUMP else 0
    won = [0] * seats
    leader = 0
    while held[leader]:
        hand = held[leader]
        others = 0
        for seat in range(seats):
            if seat != leader:
                others |= held[seat]
        card, top_trump = -1, -1
        for suit in SUITS:
            part = hand & masks[suit]
            if not part:
                continue
            top = part.bit_length() - 1
            if others & masks[suit] & ~((2 << top) - 1):
                continue
            if suit == trump:
                top_trump = top
            elif not any(
                s != leader and not held[s] & masks[suit] and held[s] & trumps for s in range(seats)
            ):
                card = top
                break
        if card < 0:
            card = top_trump if top_trump >= 0 else _lowest(hand, table)
        led = eff[card]
        best, best_seat = card, leader
        held[leader] = hand & ~(1 << card)
        for step in range(1, seats):
            seat = (leader + step) % seats
            hand = held[seat]
            following = hand & masks[led]
            if following:
                chances = [following & ~((2 << best) - 1)] if eff[best] == led else []
            elif hand & trumps:
                ruffs = hand & trumps
                chances = [ruffs & ~((2 << best) - 1) if eff[best] == trump else ruffs]
            else:
                chances = []
            choice = -1
            later = [(leader + k) % seats for k in range(step + 1, seats)]
            for winners in chances:
                while winners:
                    low = winners & -winners
                    candidate = low.bit_length() - 1
                    if _holds_off(candidate, led, held, later, table):
                        choice = candidate
                        break
                    winners ^= low
            if choice < 0:
                if following:
                    choice = (following & -following).bit_length() - 1
                elif must_trump and hand & trumps:
                    choice = ((hand & trumps) & -(hand & trumps)).bit_length() - 1
                else:
                    choice = _lowest(hand, table)
            held[seat] = hand & ~(1 << choice)
            if (eff[choice] == led or eff[choice] == trump) and power[choice] > power[best]:
                best, best_seat = choice, seat
        won[best_seat] += 1
        leader = best_seat
    return won


def sampled_distribution(
    hand: CardMask,
    position: int,
    players: int,
    unseen: CardMask,
    table: TrickRules,
    must_trump: bool,
    rng: random.Random,
    samples: int,
) -> list[float]:
    """The chance of each number of tricks for ``hand``, from greedy playouts of deals of
    the ``unseen`` cards to the other ``players - 1`` seats (``position`` from eldest)."""
    size = count(hand)
    pool = cards_of(unseen)
    dist = [0.0] * (size + 1)
    wanted = min(len(pool), size * (players - 1))
    for _ in range(samples):
        dealt_cards = rng.sample(pool, wanted)
        hands: list[CardMask] = []
        dealt = 0
        for seat in range(players):
            if seat == position:
                hands.append(hand)
            else:
                hands.append(mask_of(dealt_cards[dealt : dealt + size]))
                dealt += size
        dist[playout(hands, table, must_trump)[position]] += 1.0 / samples
    return dist


def one_card_chance(card: Card, trump: Suit, deck: CardMask, eldest: bool, players: int) -> float:
    """The chance that ``card`` wins a one-card deal among ``players`` active seats.

    ``deck`` holds every card the others may hold (the deck less this card and the
    turned one). Eldest wins when nobody holds a higher card of its suit or a trump;
    a later seat also needs the lead to be a lower card of its suit.
    """
    table = plain_rules(trump)
    others = players - 1
    pool = count(deck)
    bad = above(card, deck, table)
    suit = table.eff_suit[card]
    if trump != NO_TRUMP and suit != trump:
        bad |= deck & table.suit_masks[trump]
    if eldest or suit == trump:
        return none_of(pool, count(bad), others)
    lower = count(deck & table.suit_masks[suit] & ~bad)
    if pool <= 0:
        return 1.0
    return lower / pool * none_of(pool - 1, count(bad), others - 1)


def forehead_chance(
    seat: int, order: Sequence[int], shown: dict[int, Card], trump: Suit, pool: CardMask
) -> float:
    """The chance that this seat's unseen card wins a one-card deal played on the forehead.

    ``order`` is the active seats from eldest, ``shown`` the others' cards and ``pool``
    the cards this seat may hold.
    """
    cards = cards_of(pool)
    if not cards:
        return 0.0
    table = plain_rules(trump)
    wins = 0
    for own in cards:
        plays = [own if s == seat else shown[s] for s in order]
        wins += order[trick_winner(plays, table)] == seat
    return wins / len(cards)


def _spread(dist: Sequence[float], share: float) -> list[float]:
    """``dist`` with ``share`` of each entry moved half to each neighbour (kept in range)."""
    out = [0.0] * len(dist)
    for tricks, q in enumerate(dist):
        low, high = max(0, tricks - 1), min(len(dist) - 1, tricks + 1)
        out[tricks] += q * (1.0 - share)
        out[low] += q * share / 2
        out[high] += q * share / 2
    return out


# -- what the view tells ---------------------------------------------------------------------
@dataclass(slots=True)
class Reading:
    """What one seat knows during play, read from its view."""

    seat: int
    hand: CardMask
    table: TrickRules
    unseen: CardMask
    """Cards that some other seat (or the undealt stock) may hold."""
    active: list[int]
    held: dict[int, int]
    """Cards each other active seat still holds (not counting one it played to this trick)."""
    voids: dict[int, int]
    """Suits each other active seat has shown out of, a bit per suit."""
    bids: list[int | None]
    won: list[int]

    @property
    def trump(self) -> Suit:
        return self.table.trump

    def opponents(self) -> list[tuple[int, int]]:
        """Each other seat's cards still in hand and shown-out suits (see ``ruff_risk``)."""
        return [(self.held[s], self.voids[s]) for s in self.active if s != self.seat]

    def need(self, seat: int) -> int:
        """Tricks ``seat`` still needs for its bid (negative: over)."""
        bid = self.bids[seat]
        return (0 if bid is None else bid) - self.won[seat]

    def pool_of(self, seat: int) -> CardMask:
        """The unseen cards ``seat`` may hold (its shown-out suits removed)."""
        pool = self.unseen
        for suit in SUITS:
            if self.voids[seat] >> suit & 1:
                pool &= ~self.table.suit_masks[suit]
        return pool


def read_view(view: SeatView, deck: CardMask, must_trump: bool) -> Reading:
    """The play-time knowledge of ``view``'s seat, for a game of ``deck`` whose void
    seats must trump when able (``must_trump``)."""
    facts = view.facts(WhistFacts)
    table = plain_rules(NO_TRUMP if facts.trump is None else facts.trump)
    hand = mask_of(view.hand)
    played = mask_of(card for trick in view.tricks for _, card in trick)
    played |= mask_of(card for _, card in view.trick)
    gone = hand | played | mask_of(facts.cards())
    active = list(facts.active)
    size = facts.hand_size
    in_trick = {seat for seat, _ in view.trick}
    held = {s: size - len(view.tricks) - (s in in_trick) for s in active if s != view.seat}
    voids = dict.fromkeys(active, 0)
    for trick in (*view.tricks, view.trick):
        if not trick:
            continue
        led = table.eff_suit[trick[0][1]]
        for seat, card in trick[1:]:
            suit = table.eff_suit[card]
            if suit != led:
                voids[seat] |= 1 << led
                if must_trump and table.trump != NO_TRUMP and suit != table.trump:
                    voids[seat] |= 1 << table.trump
    return Reading(
        seat=view.seat,
        hand=hand,
        table=table,
        unseen=deck & ~gone,
        active=active,
        held=held,
        voids=voids,
        bids=list(facts.bids),
        won=list(facts.tricks_won),
    )


def later_seats(reading: Reading, trick: Sequence[tuple[int, Card]]) -> list[int]:
    """The seats still to play to this trick after this one."""
    active = reading.active
    start = active.index(reading.seat)
    left = len(active) - len(trick) - 1
    return [active[(start + step) % len(active)] for step in range(1, left + 1)]


# -- the bot -----------------------------------------------------------------------------------
class WhistHeuristic(DecisionTableBot, Heuristic[WhistRules, Tuning]):
    """Rule-of-thumb Romanian Whist: bid the likely tricks, then steer to take exactly them."""

    game: RomanianWhist
    game_class = RomanianWhist
    default_tuning = DEFAULT_TUNING

    @cached_property
    def deck(self) -> CardMask:
        """The cards the game deals from."""
        return mask_of(self.game.deck)

    @cached_property
    def must_trump(self) -> bool:
        """Whether a seat void in the led suit must trump (``void_rule``)."""
        return self.rules.void_rule == "must_trump"

    def decisions(self) -> list[tuple[int, Decision]]:
        return [(CoreKind.BID, self._bid_action), (CoreKind.PLAY, self._play_action)]

    def _bid_action(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        return make_action(CoreKind.BID, self._bid(view, [argument_of(a) for a in actions], rng))

    def _play_action(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        return make_action(CoreKind.PLAY, self._play(view, [argument_of(a) for a in actions]))

    # -- bidding -------------------------------------------------------------------------------
    def _bid(self, view: SeatView, bids: list[int], rng: random.Random) -> int:
        """The legal bid with the best expected score for this hand's trick distribution."""
        return best_bid(self.trick_distribution(view, rng), bids, self.rules)

    def trick_distribution(self, view: SeatView, rng: random.Random) -> list[float]:
        """The chance of taking each number of tricks, as far as the view tells (the bid is
        the legal number with the best expected score under it; sampled bidding asks for it
        too, ``tricktable.games.romanian_whist.bidding``)."""
        facts = view.facts(WhistFacts)
        size = facts.hand_size
        active = list(facts.active)
        trump = NO_TRUMP if facts.trump is None else facts.trump
        out = 0 if facts.turned is None else 1 << facts.turned
        if facts.own_hand_hidden or not view.hand:
            shown = dict(facts.forehead)
            if size == 1 and all(s in shown for s in active if s != view.seat):
                pool = self.deck & ~out & ~mask_of(shown.values())
                p = forehead_chance(view.seat, active, shown, trump, pool)
                return [1.0 - p, p]
            share = 1.0 / max(1, len(active))
            return [binom_at(size, share, k) for k in range(size + 1)]
        hand = mask_of(view.hand)
        unseen = self.deck & ~hand & ~out
        if size == 1:
            eldest = active[0] == view.seat
            p = one_card_chance(view.hand[0], trump, unseen, eldest, len(active))
            return [1.0 - p, p]
        dist = sampled_distribution(
            hand,
            active.index(view.seat),
            len(active),
            unseen,
            plain_rules(trump),
            self.must_trump,
            rng,
            self.tuning.samples,
        )
        return _spread(dist, self.tuning.spread)

    # -- play ----------------------------------------------------------------------------------
    def _play(self, view: SeatView, cards: list[Card]) -> Card:
        """Lead or follow, winning while short of the bid and ducking once it is made."""
        reading = read_view(view, self.deck, self.must_trump)
        need = reading.need(reading.seat)
        left = count(reading.hand)
        chances = card_chances(
            reading.hand, reading.table, reading.unseen, reading.opponents(), self.tuning
        )
        for card in cards:  # a hand hidden from its seat (forehead) still has legal cards
            chances.setdefault(card, 0.0)
        chasing = need > 0 or (need < 0 and self.rules.miss_scoring == "tricks")
        if not chasing:
            return self._duck(reading, view, cards, chances)
        sure = self._sure_winners(reading)
        if 0 < need <= len(sure) and need < left:
            # The bid is in hand: keep the top `need` sure winners and lose the rest.
            for card in by_power(sure, reading.table, high_first=True)[:need]:
                chances[card] = -1.0
            return self._duck(reading, view, cards, chances)
        surplus = sum(chances.values()) - need
        urgent = need >= left or need < 0  # every trick counts: a lost bid, or Oh Hell's tricks
        return self._chase(reading, view, cards, chances, surplus, urgent)

    def _sure_winners(self, reading: Reading) -> list[Card]:
        """Trumps that no unseen card outranks: each takes a trick whenever it is played."""
        table = reading.table
        if table.trump == NO_TRUMP:
            return []
        trumps = cards_of(reading.hand & table.suit_masks[table.trump])
        return [card for card in trumps if not above(card, reading.unseen, table)]

    def _hold(self, reading: Reading, view: SeatView, card: Card) -> float:
        """The chance that ``card`` wins this trick if played now (0 if it does not beat it)."""
        table = reading.table
        trick = view.trick
        if trick:
            led = table.eff_suit[trick[0][1]]
            plays = [c for _, c in trick]
            best = plays[trick_winner(plays, table)]
            suit = table.eff_suit[card]
            if (suit != led and suit != table.trump) or table.power[card] <= table.power[best]:
                return 0.0
        else:
            led = table.eff_suit[card]
        hold = 1.0
        for seat in later_seats(reading, trick):
            hold *= 1.0 - self._beat_chance(reading, seat, card, led)
        return hold

    def _beat_chance(self, reading: Reading, seat: int, card: Card, led: Suit) -> float:
        """The chance that ``seat`` (yet to play) beats ``card`` in a trick led in ``led``."""
        table = reading.table
        trump = table.trump
        held = reading.held.get(seat, 0)
        if held <= 0:
            return 0.0
        pool_mask = reading.pool_of(seat)
        pool = count(pool_mask)
        led_cards = count(pool_mask & table.suit_masks[led])
        void = none_of(pool, led_cards, held)
        suit = table.eff_suit[card]
        rest = pool - led_cards
        chance = 0.0
        if suit == led:
            higher = count(above(card, pool_mask, table))
            chance = 1.0 - none_of(pool, higher, held)
            if trump != NO_TRUMP and suit != trump:
                trumps = count(pool_mask & table.suit_masks[trump])
                chance += void * (1.0 - none_of(rest, trumps, held))
        elif trump != NO_TRUMP and suit == trump:
            higher = count(above(card, pool_mask, table))
            chance = void * (1.0 - none_of(rest, higher, held))
        chance = min(1.0, chance)
        if reading.need(seat) <= 0 and self.rules.miss_scoring == "difference":
            chance *= self.tuning.made_seat_factor
        return chance

    def _duck(
        self, reading: Reading, view: SeatView, cards: list[Card], chances: dict[Card, float]
    ) -> Card:
        """Bid made (or over it): take as few more tricks as possible.

        Minimises this trick's chance less what the card would take later, so it plays
        the highest card that still loses and throws off dangerous winners.
        """
        weight = self.tuning.keep_weight
        table = reading.table

        def key(card: Card) -> tuple[float, int, Card]:
            return (
                self._hold(reading, view, card) - weight * chances[card],
                -table.power[card],
                card,
            )

        return min(cards, key=key)

    def _chase(
        self,
        reading: Reading,
        view: SeatView,
        cards: list[Card],
        chances: dict[Card, float],
        surplus: float,
        urgent: bool,
    ) -> Card:
        """Short of the bid: win with the cheapest card likely to hold."""
        tuning = self.tuning
        table = reading.table
        holds = {card: self._hold(reading, view, card) for card in cards}
        best = max(holds.values())
        if urgent and best > 0:
            return min(cards, key=lambda c: (-holds[c], chances[c], table.power[c], c))
        sure = [c for c in cards if holds[c] >= max(tuning.sure, best - 0.05)]
        if sure:
            return min(sure, key=lambda c: (chances[c], table.power[c], c))
        if best >= tuning.try_win and surplus < tuning.surplus / 2:
            return min(cards, key=lambda c: (-holds[c], chances[c], table.power[c], c))
        if not view.trick:
            return self._quiet_lead(reading, cards, chances)
        losers = [c for c in cards if holds[c] == 0.0] or cards
        if surplus >= tuning.surplus:
            return max(losers, key=lambda c: (chances[c], table.power[c], -c))
        return self._cheapest(reading, losers, chances)

    def _quiet_lead(self, reading: Reading, cards: list[Card], chances: dict[Card, float]) -> Card:
        """A lead that keeps the winners: low from a short side suit when holding trumps
        (to ruff it later), else low from the longest suit."""
        table = reading.table
        trump = table.trump
        has_trump = trump != NO_TRUMP and bool(reading.hand & table.suit_masks[trump])
        side = [c for c in cards if table.eff_suit[c] != trump] or cards

        def length(card: Card) -> int:
            return count(reading.hand & table.suit_masks[table.eff_suit[card]])

        if has_trump:
            return min(side, key=lambda c: (round(chances[c], 1), length(c), table.power[c], c))
        return min(side, key=lambda c: (round(chances[c], 1), -length(c), table.power[c], c))

    def _cheapest(self, reading: Reading, cards: list[Card], chances: dict[Card, float]) -> Card:
        """The card this seat misses least: no winner, no trump, from a short suit."""
        table = reading.table
        trump = table.trump

        def key(card: Card) -> tuple[float, bool, int, int, Card]:
            suit = table.eff_suit[card]
            return (
                round(chances[card], 1),
                suit == trump,
                count(reading.hand & table.suit_masks[suit]),
                table.power[card],
                card,
            )

        return min(cards, key=key)


__all__ = [
    "DEFAULT_TUNING",
    "Reading",
    "Tuning",
    "WhistHeuristic",
    "best_bid",
    "card_chances",
    "deal_score",
    "forehead_chance",
    "one_card_chance",
    "playout",
    "read_view",
    "sampled_distribution",
]


HEURISTIC_BOT = WhistHeuristic
"""This game's heuristic bot (the spec finds it by this name)."""
