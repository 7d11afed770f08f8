"""A heuristic Pitch bot: it bids by its hand's strength and its place in the bidding, and
plays as the All Fours family does (``all_fours_family.heuristic.PointsPlayer``).

- **Bidding.** For each suit the hand is valued as the pitcher's (``pitch_points``): the
  chances that its side holds High and Low (``low_point``) from where the higher and lower
  trumps may lie, takes the Jack, and counts most for Game. Its best suit's points, less a
  margin that shrinks as fewer seats are still to speak (the dealer bids last and knows
  what it must beat; ``Tuning.margin``), give the highest number it bids; it bids that
  number when it beats the high bid (a partner's too), passes otherwise. A stuck dealer
  (``all_pass=stick``) bids the lowest number; a dealer that may steal takes the contract
  at the high number when its hand is worth it. A smudge is bid only with High, Low and
  the Jack sure and trumps enough to take Game. Near the end it stretches: a seat that a
  made bid would carry to the target bids one more point's risk, and it bids to stop a
  seat that would win by the points of a plain deal.
- **The pitcher's first lead** makes trump: the suit it valued best, led by the family's
  lead choice among that suit's cards.
- **Play** otherwise as the family's heuristic.

>>> from tricktable.cards import parse_cards, mask_of, HEARTS
>>> from tricktable.games import load_game
>>> bot = PitchHeuristic(load_game("pitch"))
>>> strong = mask_of(parse_cards("AH JH TH 2H AS 2C"))
>>> weak = mask_of(parse_cards("3H 9S 8S 5D 4D 6C"))
>>> bot.pitch_points(strong, HEARTS, 0) > 3 > 1 > bot.pitch_points(weak, HEARTS, 0)
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from tricktable.actions import Action, CoreKind, argument_of, kind_of, make_action
from tricktable.bots.base import Decision
from tricktable.cards import (
    ACE,
    JACK,
    SUIT_MASKS,
    SUITS,
    TEN,
    CardMask,
    Suit,
    cards_of,
    count,
    make_card,
    mask_of,
    rank_of,
    suit_of,
)
from tricktable.core import SeatView
from tricktable.games.all_fours_family.heuristic import (
    DECK,
    PlayTuning,
    PointsPlayer,
    cards_above,
    read_view,
)
from tricktable.games.all_fours_family.points import HAND_SIZE
from tricktable.games.pitch.engine import Pitch, PitchRules, bid_action
from tricktable.games.pitch.facts import SMUDGE, PitchFacts
from tricktable.games.pitch.verbs import PitchKind


@dataclass(frozen=True, slots=True, kw_only=True)
class Tuning(PlayTuning):
    """The bot's judgement: the bidding's, and the play's (``PlayTuning``)."""

    margin: float = 0.0
    """Points a hand must be worth above a bid, first to speak."""
    last_margin: float = -0.3
    """The same for the last to speak (the dealer): it knows what it must beat, and its
    points, counted without the pitcher's lead, are worth a little more."""
    steal_margin: float = 0.3
    """Points above the high bid a dealer's hand must be worth to steal it."""


DEFAULT_TUNING = Tuning()


class PitchHeuristic(PointsPlayer[PitchRules, Tuning]):
    """Rule-of-thumb Pitch: bids by hand strength and position, point-driven card play."""

    game_class = Pitch
    default_tuning = DEFAULT_TUNING

    def decisions(self) -> list[tuple[int, Decision]]:
        return [
            (CoreKind.PLAY, self._pitch_or_play),
            (CoreKind.BID, self._bid),
            (PitchKind.BID_SMUDGE, self._bid),
        ]

    # -- judging a hand ---------------------------------------------------------------------
    def pitch_points(self, hand: CardMask, suit: Suit, seat: int) -> float:
        """The points ``seat``'s side may expect with ``suit`` trump and ``seat`` pitching
        (leading the first trick): High, Low, Jack and Game."""
        players = len(self.side_of)
        unseen = DECK & ~hand
        pool = count(unseen)
        partners = sum(
            1 for s in range(players) if s != seat and self.side_of[s] == self.side_of[seat]
        )
        mate = HAND_SIZE * partners / pool
        held = HAND_SIZE * (players - 1) / pool
        trumps = hand & SUIT_MASKS[suit]
        if not trumps:
            return 0.0

        def ours_first(ranks: Iterable[int]) -> float:
            """Chance that the first trump in play along ``ranks`` is our side's."""
            rest, ours = 1.0, 0.0
            for rank in ranks:
                card = make_card(suit, rank)
                if trumps >> card & 1:
                    return ours + rest
                ours += rest * mate
                rest *= 1.0 - held
            return ours

        high = ours_first(range(ACE, 1, -1))
        low = ours_first(range(2, ACE + 1))
        if self.rules.low_point == "captured":
            low *= 0.75
        jack_card = make_card(suit, JACK)
        length = count(trumps)
        above_jack = count(trumps & cards_above(jack_card))
        if trumps >> jack_card & 1:
            jack = 0.6 + 0.12 * min(above_jack, 2) + 0.05 * min(length - 1, 3)
        else:  # a partner's (mostly kept), or an opponent's taken by our higher trumps
            jack = 0.8 * mate + 0.12 * above_jack * (held - mate)
        return high + low + min(jack, 0.95) + self.game_chance(hand, suit)

    def game_chance(self, hand: CardMask, suit: Suit) -> float:
        """The chance of counting most for Game: trump length and honours take tricks,
        tens and court cards are the count (the more sides, the smaller the chance)."""
        sides = len(set(self.side_of))
        trumps = hand & SUIT_MASKS[suit]
        score = 0.12 * count(trumps)
        for card in cards_of(hand):
            rank = rank_of(card)
            if suit_of(card) == suit:
                score += {ACE: 0.12, TEN: 0.2}.get(rank, 0.06 if rank > TEN else 0.0)
            elif rank == TEN:
                score += 0.06
            elif rank == ACE:
                score += 0.08
        even = 1.0 / sides
        return max(0.05, min(0.9, even + score - 0.3))

    def best_suit(self, hand: CardMask, seat: int) -> tuple[float, Suit]:
        """The hand's best trump suit for ``seat`` as pitcher, with its points."""
        return max((self.pitch_points(hand, suit, seat), suit) for suit in SUITS)

    def sure_smudge(self, hand: CardMask, suit: Suit) -> bool:
        """High, Low and the Jack held for certain, and four trumps or more for Game."""
        trumps = hand & SUIT_MASKS[suit]
        cards = cards_of(trumps)
        return (
            len(cards) >= 4
            and rank_of(cards[-1]) == ACE
            and rank_of(cards[0]) == 2
            and self.rules.low_point == "dealt"
            and bool(trumps >> make_card(suit, JACK) & 1)
        )

    # -- the bidding -------------------------------------------------------------------------
    def _bid(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        facts = view.facts(PitchFacts)
        hand = mask_of(view.hand)
        points, suit = self.best_suit(hand, view.seat)
        numbers = sorted(argument_of(a) for a in actions if kind_of(a) == CoreKind.BID)
        may_pass = make_action(CoreKind.PASS) in actions
        smudge = bid_action(SMUDGE)
        if smudge in actions and self.sure_smudge(hand, suit) and points >= 3.6:
            return smudge
        if not numbers:
            return actions[0]
        if not may_pass:  # a stuck dealer
            return make_action(CoreKind.BID, numbers[0])
        high = facts.high_bid or 0
        left = self._still_to_speak(view)
        share = left / max(1, view.players - 1)
        margin = self.tuning.last_margin + (self.tuning.margin - self.tuning.last_margin) * share
        mine = self.side_of[view.seat]
        if view.scores[mine] + numbers[0] >= facts.target:
            margin -= 0.25  # a made bid wins the match
        if self._threatened(view):
            margin -= 0.35  # another seat may win on a plain deal's points
        partner_holds = facts.bidder is not None and self.side_of[facts.bidder] == mine
        if partner_holds:
            margin += 0.4  # outbid a partner only with much more
        if view.seat == view.dealer and high and numbers[0] == high:
            margin += self.tuning.steal_margin
        affordable = [n for n in numbers if points >= n + margin]
        if affordable:
            return make_action(CoreKind.BID, affordable[-1])
        return make_action(CoreKind.PASS)

    def _still_to_speak(self, view: SeatView) -> int:
        """Seats that bid after this one in this deal."""
        seat, left = view.seat, 0
        while seat != view.dealer:
            seat = self.next_seat[seat]
            left += 1
        return left

    def _threatened(self, view: SeatView) -> bool:
        """Whether another side is two points or fewer from the target."""
        target = view.facts(PitchFacts).target
        mine = self.side_of[view.seat]
        return any(side != mine and score + 2 >= target for side, score in enumerate(view.scores))

    # -- the play ----------------------------------------------------------------------------
    def _pitch_or_play(self, view: SeatView, actions: list[Action], rng: random.Random) -> Action:
        """The pitcher's first lead makes trump: a card of its best suit; else the family's
        play."""
        if view.facts(PitchFacts).trump is not None:
            return self._play(view, actions, rng)
        hand = mask_of(view.hand)
        _, suit = self.best_suit(hand, view.seat)
        reading = read_view(view, self.rules, self.side_of, trump=suit)
        cards = [argument_of(a) for a in actions if suit_of(argument_of(a)) == suit]
        return make_action(CoreKind.PLAY, self._lead(reading, cards))


__all__ = ["DEFAULT_TUNING", "PitchHeuristic", "Tuning"]


HEURISTIC_BOT = PitchHeuristic
"""This game's heuristic bot (the spec finds it by this name)."""
