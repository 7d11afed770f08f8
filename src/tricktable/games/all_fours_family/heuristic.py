"""What the heuristic bots of All Fours and Pitch share: their card play for the four
points and their judgement of a trump suit.

It sees only the seat's view and the public rules. Every card has a *capture value* in
match points (``Reading.capture_value``): its Game count times a per-unit weight, 1 for
the trump jack, and (``low_point=captured``) the chance that it is the lowest trump in
play. Cards others may hold are tracked from the view (played cards, cards shown, own
discards, shown-out suits) and the chance that a seat holds some card is hypergeometric
over the unseen cards.

- ``PointsPlayer.prospect``: the expected net points of a hand in a trump suit (High and
  Low from where the higher and lower trumps may lie, Jack and Game from rates measured in
  All Fours self-play).
- **Play** scores each legal card by ``(2p - 1) * stake - keep``: ``p`` is the chance
  that the seat's side takes the trick, ``stake`` the capture values in it, ``keep``
  what holding the card is still worth (its own value at risk, the tricks it may win,
  the cover it gives the jack or ten). So it trumps in to bank its jack or ten when
  they hold, captures tens, gives counting cards to a partner whose card holds, throws
  low non-counting cards when losing, keeps the jack back when trumps are led, guards
  the low trump when Low is captured and spends it as a cheap trump when Low is dealt.
  A trump lead also earns what it forces out: an opponent's lone jack or ten. The
  Game unit follows the count: worth most while Game is close, nothing once decided.
- Options: partnerships and each-for-themselves through the seat sides, ``direction``
  through the order of play, ``void_rule=must_trump`` in reading shown-out suits,
  ``game_tie`` in the Game count; legality only ever through ``view.legal``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from tricktable.actions import Action, CoreKind, argument_of, kind_of, make_action
from tricktable.bots.base import DecisionTableBot, Heuristic
from tricktable.cards import (
    ACE,
    JACK,
    KING,
    QUEEN,
    SUIT_MASKS,
    SUITS,
    TEN,
    Card,
    CardMask,
    Suit,
    cards_of,
    count,
    make_card,
    mask_of,
    rank_of,
    standard_deck,
    suit_of,
)
from tricktable.core import Game, SeatView
from tricktable.games.all_fours_family.facts import PointsFacts
from tricktable.games.all_fours_family.points import PointRules, PointsGame, game_value
from tricktable.tricks import TrickRules, plain_rules, winning_play

DECK: CardMask = mask_of(standard_deck(range(2, ACE + 1)))
"""The 52 cards of All Fours and Pitch."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayTuning:
    """The card play's judgement, in match points unless said otherwise."""

    trump_power: float = 0.15
    """What a trump that should win a trick later is worth beyond its own capture value."""
    side_power: float = 0.06
    """The same for a plain card."""
    pull: float = 2.0
    """Weight of what a winning trump lead draws from the opponents (a swing: twice)."""
    guard: float = 0.3
    """Share of the risk to the other trumps' values that a trump held beside them saves
    (a trump lead then takes a guard, not the jack or ten)."""
    wait: float = 0.35
    """Share of its losing chances a held card escapes by waiting for a safe moment."""


PointRulesT = TypeVar("PointRulesT", bound=PointRules)
"""A points game's rules (All Fours' or Pitch's)."""
PlayTuningT = TypeVar("PlayTuningT", bound=PlayTuning)
"""A points game bot's tuning: the play's, and the game's own."""

GAME_SPREAD = 3.6
"""Spread of the Game count still to be won, per square root of its expected size
(measured in self-play: about 16 with two hands, 28 with four, at the first lead)."""

TRUMP_GAME_WEIGHTS = {ACE: 0.4, KING: 0.3, QUEEN: 0.22, JACK: 0.03, TEN: 0.4}
"""What a trump honour adds to the expected net Game point (beyond trump length)."""
PLAIN_GAME_WEIGHTS = {ACE: 0.15, KING: 0.1, QUEEN: 0.07, JACK: 0.05}
"""The same for plain honours."""


def cards_above(card: Card) -> CardMask:
    """The cards of ``card``'s suit that rank above it.

    >>> from tricktable.cards import card_name, parse_card
    >>> [card_name(c) for c in cards_of(cards_above(parse_card("QH")))]
    ['KH', 'AH']
    """
    return SUIT_MASKS[suit_of(card)] & ~((1 << (card + 1)) - 1)


def none_drawn(wanted: int, drawn: int, pool: int) -> float:
    """Chance that ``drawn`` cards taken from ``pool`` miss all ``wanted`` cards in it."""
    if wanted <= 0 or drawn <= 0:
        return 1.0
    if pool - wanted < drawn:
        return 0.0
    chance = 1.0
    for i in range(drawn):
        chance *= (pool - wanted - i) / (pool - i)
    return chance


def _normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


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
    """Cards that another seat may still hold (or that lie in the stock or a discard)."""
    played: CardMask
    """Cards played to tricks in this deal, the current trick included."""
    voids: list[int]
    """For each seat, bit ``s`` set when it cannot hold suit ``s``."""
    side_of: tuple[int, ...]
    sizes: list[int]
    """Cards in each seat's hand now."""
    unit: float
    """A Game unit in match points."""
    low_captured: bool

    def ours(self, seat: int) -> bool:
        return self.side_of[seat] == self.side_of[self.seat]

    def others(self) -> list[int]:
        return [s for s in range(len(self.sizes)) if s != self.seat]

    def trump_mask(self) -> CardMask:
        return SUIT_MASKS[self.trump]

    def is_trump(self, card: Card) -> bool:
        return suit_of(card) == self.trump

    def holds_any(self, seat: int, cards: CardMask) -> float:
        """Chance that ``seat`` holds at least one of ``cards``."""
        barred = 0
        for suit in SUITS:
            if self.voids[seat] >> suit & 1:
                barred |= SUIT_MASKS[suit]
        possible = self.unseen & ~barred
        wanted = cards & possible
        if not wanted:
            return 0.0
        return 1.0 - none_drawn(count(wanted), self.sizes[seat], count(possible))

    def beaters(self, card: Card, led: Suit) -> CardMask:
        """Cards that would beat ``card`` in a trick led in ``led``."""
        power = self.table.power
        higher = sum(1 << c for c in cards_of(SUIT_MASKS[suit_of(card)]) if power[c] > power[card])
        if self.is_trump(card):
            return higher
        if suit_of(card) != led:
            return SUIT_MASKS[led] | self.trump_mask()
        return higher | self.trump_mask()

    def beat_chance(self, seat: int, card: Card, led: Suit) -> float:
        """Chance that ``seat`` can beat ``card`` (follow-or-trump lets it trump at will)."""
        return self.holds_any(seat, self.beaters(card, led) & self.unseen)

    def holds_up(self, card: Card, led: Suit, later: Iterable[int]) -> float:
        """Chance that no later opponent beats ``card``."""
        chance = 1.0
        for seat in later:
            if not self.ours(seat):
                chance *= 1.0 - self.beat_chance(seat, card, led)
        return chance

    def low_chance(self, card: Card) -> float:
        """Chance that trump ``card`` is the lowest trump in play."""
        if not self.is_trump(card):
            return 0.0
        lower = SUIT_MASKS[self.trump] & ((1 << card) - 1)
        if lower & (self.played | self.hand):
            return 0.0
        drawn = sum(self.sizes[s] for s in self.others())
        return none_drawn(count(lower & self.unseen), drawn, count(self.unseen))

    def capture_value(self, card: Card) -> float:
        """What taking ``card`` in a trick is worth, in match points."""
        value = game_value(card) * self.unit
        if self.is_trump(card):
            if rank_of(card) == JACK:
                value += 1.0
            if self.low_captured:
                value += self.low_chance(card)
        return value

    def later_seats(self, next_seat: tuple[int, ...]) -> list[int]:
        """Seats still to play to the current trick after this one."""
        left = len(self.sizes) - len(self.view.trick) - 1
        seats, seat = [], self.seat
        for _ in range(left):
            seat = next_seat[seat]
            seats.append(seat)
        return seats


def read_view(
    view: SeatView, rules: PointRules, side_of: tuple[int, ...], trump: Suit | None = None
) -> Reading:
    """The play-time knowledge of ``view``'s seat (``trump``: the suit to read it with
    before trump is made, as Pitch's pitcher choosing its first lead)."""
    facts = view.facts(PointsFacts)
    if trump is None:
        trump = facts.trump_made()
    table = plain_rules(trump)
    hand = mask_of(view.hand)
    played = mask_of(card for trick in view.tricks for _, card in trick)
    played |= mask_of(card for _, card in view.trick)
    gone = hand | played | facts.known_out()
    voids = [0] * view.players
    must_trump = rules.void_rule == "must_trump"
    for trick in (*view.tricks, view.trick):
        if not trick:
            continue
        led = suit_of(trick[0][1])
        for seat, card in trick[1:]:
            suit = suit_of(card)
            if suit != led and suit != trump:
                voids[seat] |= 1 << led
                if must_trump or led == trump:
                    voids[seat] |= 1 << trump
    sizes = list(facts.hand_sizes)
    unseen = DECK & ~gone
    return Reading(
        view=view,
        seat=view.seat,
        hand=hand,
        trump=trump,
        table=table,
        unseen=unseen,
        played=played,
        voids=voids,
        side_of=side_of,
        sizes=sizes,
        unit=game_unit(view, rules, side_of, unseen),
        low_captured=rules.low_point == "captured",
    )


def game_unit(
    view: SeatView, rules: PointRules, side_of: tuple[int, ...], unseen: CardMask
) -> float:
    """What one Game unit is worth now, in match points: the slope of the chance of
    taking Game, from the count so far and the count still to be won."""
    facts = view.facts(PointsFacts)
    counts = facts.game_points
    mine = side_of[view.seat]
    diff = float(counts[mine] - max(n for side, n in enumerate(counts) if side != mine))
    if rules.game_tie == "non_dealer" and len(counts) == 2:
        diff += 0.5 if side_of[view.dealer] != mine else -0.5
    others = sum(n for seat, n in enumerate(facts.hand_sizes) if seat != view.seat)
    remaining = float(sum(game_value(c) for c in (*view.hand, *(c for _, c in view.trick))))
    if unseen:
        remaining += sum(game_value(c) for c in cards_of(unseen)) * others / count(unseen)
    spread = GAME_SPREAD * math.sqrt(remaining)
    if spread < 1.0:
        return 0.0
    step = 5.0
    return (_normal_cdf((diff + step) / spread) - _normal_cdf((diff - step) / spread)) / step


# -- the bot's play -----------------------------------------------------------------------------
class PointsPlayer(DecisionTableBot, Heuristic[PointRulesT, PlayTuningT]):
    """The card play of both games' heuristic bots (each adds its decisions before the
    play: ``decisions``)."""

    game: PointsGame[Any]
    """The game (its ``game_class``, a points game)."""
    game_class: ClassVar[type[PointsGame[Any]]]

    def __init__(
        self, game: Game[Any], seat: int | None = None, tuning: PlayTuningT | None = None
    ) -> None:
        super().__init__(game, seat, tuning)
        self.side_of: tuple[int, ...] = self.game.side_of
        self.next_seat: tuple[int, ...] = self.game.next_seat

    # -- judging a trump suit --------------------------------------------------------------
    def prospect(self, hand: CardMask, suit: Suit, out: CardMask, seat: int) -> float:
        """Expected net points of ``seat``'s side in a deal with ``suit`` trump.

        ``out`` are cards known to be out of play (turn-ups); other seats hold six cards
        each, drawn from the cards not in ``hand`` or ``out``.
        """
        players = len(self.side_of)
        unseen = DECK & ~hand & ~out
        pool = count(unseen)
        partners = sum(
            1 for s in range(players) if s != seat and self.side_of[s] == self.side_of[seat]
        )
        mate = 6 * partners / pool
        foe = 6 * (players - 1 - partners) / pool
        trumps = hand & SUIT_MASKS[suit]

        def walk(ranks: Iterable[int]) -> tuple[float, float]:
            """Chances that the first trump in play along ``ranks`` is ours, or theirs."""
            rest, ours, theirs = 1.0, 0.0, 0.0
            for rank in ranks:
                card = make_card(suit, rank)
                if trumps >> card & 1:
                    return ours + rest, theirs
                if unseen >> card & 1:
                    ours += rest * mate
                    theirs += rest * foe
                    rest *= 1.0 - mate - foe
            return ours, theirs

        high_ours, high_theirs = walk(range(ACE, 1, -1))
        low_ours, low_theirs = walk(range(2, ACE + 1))
        if self.rules.low_point == "captured":
            low = 0.7 * low_ours - 0.8 * low_theirs  # the holder's side usually takes it
        else:
            low = low_ours - low_theirs
        jack_card = make_card(suit, JACK)
        above_jack = count(trumps & cards_above(jack_card))
        if trumps >> jack_card & 1:
            below = count(trumps) - 1 - above_jack
            jack = 0.74 + 0.1 * min(above_jack, 2) + 0.05 * min(below, 2)
        elif unseen >> jack_card & 1:
            jack = 0.8 * mate - foe * (0.9 - 0.2 * min(above_jack, 2))
        else:
            jack = 0.0
        return high_ours - high_theirs + low + jack + self._game_outlook(hand, suit)

    def _game_outlook(self, hand: CardMask, suit: Suit) -> float:
        """Expected net Game point from the hand's trumps, honours and tens (fitted on
        self-play deals)."""
        trumps = hand & SUIT_MASKS[suit]
        outlook = -0.6 + 0.2 * count(trumps)
        for card in cards_of(hand):
            rank = rank_of(card)
            if suit_of(card) == suit:
                outlook += TRUMP_GAME_WEIGHTS.get(rank, 0.0)
            elif rank == TEN and len(self.side_of) == 2:
                outlook += 0.3  # two hands only: a plain ten usually falls to its holder
            else:
                outlook += PLAIN_GAME_WEIGHTS.get(rank, 0.0)
        return max(-0.9, min(0.9, outlook))

    # -- play ----------------------------------------------------------------------------------
    def _play(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        reading = read_view(view, self.rules, self.side_of)
        cards = [argument_of(a) for a in actions if kind_of(a) == CoreKind.PLAY]
        if not view.trick:
            return make_action(CoreKind.PLAY, self._lead(reading, cards))
        return make_action(CoreKind.PLAY, self._follow(reading, cards))

    def keep_worth(self, reading: Reading, card: Card) -> float:
        """What holding ``card`` for later is still worth: its chance of being captured by
        our side later and the tricks it may win."""
        led = suit_of(card)
        opponents = [s for s in reading.others() if not reading.ours(s)]
        wins = reading.holds_up(card, led, opponents)
        later = wins + (1.0 - wins) * self.tuning.wait
        value = reading.capture_value(card)
        power = self.tuning.trump_power if reading.is_trump(card) else self.tuning.side_power
        worth = (2.0 * later - 1.0) * value + power * wins
        if reading.is_trump(card) and self.tuning.guard:
            guarded = cards_of(reading.hand & reading.trump_mask() & ~(1 << card))
            exposed = sum(
                reading.capture_value(other) * (1.0 - reading.holds_up(other, led, opponents))
                for other in guarded
            )
            if exposed:
                worth += self.tuning.guard * exposed / len(guarded)
        return worth

    def _follow(self, reading: Reading, cards: list[Card]) -> Card:
        view = reading.view
        plays = [card for _, card in view.trick]
        led = suit_of(plays[0])
        best_seat, best = winning_play(view.trick, reading.table)
        later = reading.later_seats(self.next_seat)
        stake = sum(reading.capture_value(card) for card in plays)
        power = reading.table.power

        def score(card: Card) -> tuple[float, int]:
            if reading.table.power[card] > power[best] and suit_of(card) in (led, reading.trump):
                top, top_seat = card, reading.seat
            else:
                top, top_seat = best, best_seat
            chance = self._side_takes(reading, top, top_seat, led, later)
            value = stake + reading.capture_value(card)
            return ((2.0 * chance - 1.0) * value - self.keep_worth(reading, card), -power[card])

        return max(cards, key=score)

    def _side_takes(
        self, reading: Reading, top: Card, top_seat: int, led: Suit, later: list[int]
    ) -> float:
        """Chance that this seat's side takes the trick now headed by ``top``."""
        if reading.ours(top_seat):
            return reading.holds_up(top, led, later)
        chance_none = 1.0
        for seat in later:
            if reading.ours(seat):
                chance_none *= 1.0 - 0.6 * reading.beat_chance(seat, top, led)
        return 1.0 - chance_none

    def _lead(self, reading: Reading, cards: list[Card]) -> Card:
        later = reading.later_seats(self.next_seat)

        def score(card: Card) -> tuple[float, int]:
            chance = self._side_takes(reading, card, reading.seat, suit_of(card), later)
            value = reading.capture_value(card)
            result = (2.0 * chance - 1.0) * value - self.keep_worth(reading, card)
            if reading.is_trump(card):
                result += self.tuning.pull * chance * self._drawn(reading, card, later)
            return (result, -reading.table.power[card])

        return max(cards, key=score)

    def _drawn(self, reading: Reading, lead: Card, later: list[int]) -> float:
        """Expected capture value of the lone lower trumps that a trump lead forces out of
        the opponents' hands (a jack or ten with no other trump must fall)."""
        trumps = reading.unseen & reading.trump_mask()
        lower = [c for c in cards_of(trumps) if c < lead]
        pool = count(reading.unseen)
        drawn = 0.0
        for seat in later:
            size = reading.sizes[seat]
            if reading.ours(seat) or reading.voids[seat] >> reading.trump & 1 or not size:
                continue
            for card in lower:
                alone = none_drawn(count(trumps) - 1, size - 1, pool - 1)
                drawn += reading.capture_value(card) * size / pool * alone
        return drawn


__all__ = [
    "DECK",
    "PlayTuning",
    "PointsPlayer",
    "Reading",
    "cards_above",
    "game_unit",
    "game_value",
    "none_drawn",
    "read_view",
]
