"""A heuristic All Fours / Seven Up bot that plays for the four points.

It reads the seat's view as the family's heuristic does (``all_fours_family.heuristic``:
capture values, where the unseen cards may lie), the turn-ups and set-aside cards among
the cards out of play.

- **Stand / beg** (eldest) and **give / run** (dealer) compare ``prospect``, the
  expected net points of the hand in the turn-up suit (High and Low from where the
  higher and lower trumps may lie, Jack and Game from rates measured in self-play),
  with what a run is worth (the other suits, diluted, less the dealer's kick). The
  score decides first: one point short with a sure High, eldest stands and the dealer
  gives; a gift that would win the match is never given (the dealer runs), and eldest
  begs for it when ``gift_may_win`` lets the dealer give it, but stands when the gift
  would win the match for the third player (``three_player_gift=both``); a gift that
  leaves eldest one point short costs the dealer more.
- **Discards** after a run keep trumps (the lowest too when Low is dealt), then aces,
  tens and court cards.
- **Play** as the family's heuristic (``PointsPlayer``).

>>> from tricktable.cards import parse_cards, mask_of, HEARTS
>>> from tricktable.games import load_game
>>> bot = AllFoursHeuristic(load_game("all_fours", players=2))
>>> strong = mask_of(parse_cards("AH JH TH 4H AS 2C"))
>>> weak = mask_of(parse_cards("3H 9S 8S 5D 4D 6C"))
>>> bot.prospect(strong, HEARTS, 0, seat=0) > 1.5 > 0 > bot.prospect(weak, HEARTS, 0, seat=0)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tricktable.actions import Action, CoreKind, argument_of, kind_of, make_action
from tricktable.bots.base import Decision
from tricktable.cards import (
    ACE,
    JACK,
    SUIT_MASKS,
    SUITS,
    TEN,
    Card,
    CardMask,
    Suit,
    cards_of,
    mask_of,
    rank_of,
    suit_of,
)
from tricktable.core import SeatView
from tricktable.games.all_fours.engine import AllFours, AllFoursRules
from tricktable.games.all_fours.facts import AllFoursFacts
from tricktable.games.all_fours.verbs import AllFoursKind
from tricktable.games.all_fours_family.heuristic import (
    PlayTuning,
    PointsPlayer,
    cards_above,
    game_value,
    none_drawn,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Tuning(PlayTuning):
    """The bot's judgement, in match points: begging and giving, and the play's
    (``PlayTuning``)."""

    beg_margin: float = 0.25
    """Eldest begs when the turn-up suit is worth less than a run plus this."""
    give_margin: float = 0.0
    """The dealer gives when the turn-up suit, less the gift, is worth a run plus this."""
    beg_signal: float = 0.7
    """What eldest's beg tells the dealer: the turn-up suit is that much better for it."""


DEFAULT_TUNING = Tuning()


# -- the bot -----------------------------------------------------------------------------------
class AllFoursHeuristic(PointsPlayer[AllFoursRules, Tuning]):
    """Rule-of-thumb All Fours: sound begging and giving, point-driven card play
    (``PointsPlayer``)."""

    game_class = AllFours
    default_tuning = DEFAULT_TUNING

    def decisions(self) -> list[tuple[int, Decision]]:
        return [
            (CoreKind.PLAY, self._play),
            (CoreKind.DISCARD, self._discard),
            (AllFoursKind.STAND, self._stand_or_beg),
            (AllFoursKind.GIVE, self._give_or_run),
        ]

    def run_value(self, view: SeatView, hand: CardMask, turned: Card, out: CardMask) -> float:
        """What a run is worth to the seat's side: the other suits, diluted by the new
        cards, less the dealer's chance of kicking a jack (worse when it wins the match)."""
        others = [s for s in SUITS if s != suit_of(turned)]
        mean = sum(self.prospect(hand, s, out, view.seat) for s in others) / len(others)
        dealer_side = self.side_of[view.dealer]
        wins = view.scores[dealer_side] + 1 >= view.facts(AllFoursFacts).target
        kick = (4.0 if wins else 1.0) / 13.0
        return 0.5 * mean + (kick if self.side_of[view.seat] == dealer_side else -kick)

    def _gift_sides(self, view: SeatView) -> list[int]:
        """The sides a gift would score for, in scoring order."""
        players = view.players
        eldest = view.facts(AllFoursFacts).eldest
        if players == 3 and self.rules.three_player_gift == "both":
            order, seat = [], eldest
            for _ in range(players):
                if seat != view.dealer:
                    order.append(self.side_of[seat])
                seat = self.next_seat[seat]
            return order
        return [self.side_of[eldest]]

    def gift_winner(self, view: SeatView) -> int | None:
        """The side a gift would make reach the target first, if any."""
        target = view.facts(AllFoursFacts).target
        for side in self._gift_sides(view):
            if view.scores[side] + 1 >= target:
                return side
        return None

    def _stand_or_beg(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Eldest: stand with a good hand in the turn-up suit, beg with a poor one."""
        stand, beg = make_action(AllFoursKind.STAND), make_action(AllFoursKind.BEG)
        hand = mask_of(view.hand)
        turned = view.facts(AllFoursFacts).turned_card()
        out = view.facts(AllFoursFacts).known_out()
        suit = suit_of(turned)
        mine = self.side_of[view.seat]
        value = self.prospect(hand, suit, out, view.seat)
        run = self.run_value(view, hand, turned, out)
        target = view.facts(AllFoursFacts).target
        if view.scores[mine] + 1 >= target and self.sure_high(hand, suit, out):
            return stand  # High wins the match
        winner = self.gift_winner(view)
        if winner is not None:
            if not (self.rules.gift_may_win):
                return beg if value < run else stand  # the dealer must run
            if winner != mine:
                return stand  # a gift would hand the match to the other opponent
            return beg if value < run + 1.0 else stand  # the dealer may give us the match
        margin = self.tuning.beg_margin
        if len(self._gift_sides(view)) > 1:
            margin -= 0.3  # the gift also scores for the third player
        return beg if value < run + margin else stand

    def sure_high(self, hand: CardMask, suit: Suit, out: CardMask) -> bool:
        """Whether ``hand`` holds the highest trump that can be in play."""
        trumps = hand & SUIT_MASKS[suit]
        if not trumps:
            return False
        return not cards_above(max(cards_of(trumps))) & ~out

    def _give_or_run(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Dealer: give when the turn-up suit suits it and the gift cannot lose the match."""
        give, run = make_action(AllFoursKind.GIVE), make_action(AllFoursKind.RUN)
        if self.gift_winner(view) is not None:
            return run
        hand = mask_of(view.hand)
        turned = view.facts(AllFoursFacts).turned_card()
        out = view.facts(AllFoursFacts).known_out()
        suit = suit_of(turned)
        mine = self.side_of[view.seat]
        target = view.facts(AllFoursFacts).target
        value = self.prospect(hand, suit, out, view.seat) + self.tuning.beg_signal
        running = self.run_value(view, hand, turned, out)
        cost = 1.0 if len(self._gift_sides(view)) == 1 else 1.3
        if any(view.scores[side] + 1 >= target - 1 for side in self._gift_sides(view)):
            cost += 0.5  # the gift leaves them one point short
        if view.scores[mine] + 1 >= target and self.sure_high(hand, suit, out):
            return give  # High wins the match before they can score again
        return give if value - cost > running + self.tuning.give_margin else run

    # -- discards ------------------------------------------------------------------------------
    def keep_value(self, card: Card, hand: CardMask, trump: Suit) -> float:
        """How much ``hand`` wants to keep ``card`` after a run."""
        rank = rank_of(card)
        if suit_of(card) == trump:
            value = 100.0 + rank
            if rank == JACK:
                value += 6.0
            elif rank == TEN:
                value += 4.0
            trumps = hand & SUIT_MASKS[trump]
            if self.rules.low_point == "dealt" and card == min(cards_of(trumps)):
                value += 10.0
            return value
        if rank == ACE:
            return 50.0
        if rank == TEN:
            guarded = hand & cards_above(card)
            return 42.0 if guarded else 38.0
        if rank > TEN:
            return 20.0 + rank
        return float(rank)

    def _discard(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """Throw the card the hand misses least: never a trump while other cards remain."""
        allowed = [argument_of(a) for a in actions if kind_of(a) == CoreKind.DISCARD]
        hand = mask_of(view.hand)
        trump = view.facts(AllFoursFacts).trump_made()
        card = min(allowed, key=lambda c: (self.keep_value(c, hand, trump), c))
        return make_action(CoreKind.DISCARD, card)


__all__ = [
    "DEFAULT_TUNING",
    "AllFoursHeuristic",
    "Tuning",
    "game_value",
    "none_drawn",
]


HEURISTIC_BOT = AllFoursHeuristic
"""This game's heuristic bot (the spec finds it by this name)."""
