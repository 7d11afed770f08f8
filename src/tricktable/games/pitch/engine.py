"""Pitch (Auction Pitch) exactly as RULES.md section 2.6 (seed 002: "現在はビッドの要素を
加えた「ピッチ」というゲームが行われている", the game played today).

All Fours with an auction instead of the turn-up: six cards each, one round of bids from
eldest to the dealer, the high bidder (the pitcher) leads and the suit of its first card is
trump; the play and the points (High, Low, Jack, Game) are All Fours'
(``all_fours_family.points``). The pitcher's side is counted first: it keeps its points
only if they reach its bid, else it is set back by the bid; the others' points follow in
the order High, Low, Jack, Game, the first side to reach the target winning at once.

>>> import random
>>> game = Pitch.from_spec("pitch(preset=auction)")
>>> game.players, game.sides
(4, [[0], [1], [2], [3]])
>>> state = game.new_state(first_dealer=3)
>>> state.deal_random(random.Random(4))
>>> state.current_player, state.legal_texts()
(0, ['bid 2', 'bid 3', 'bid 4', 'pass'])

Choices where RULES.md is silent are documented in ``docs/rules/pitch.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from tricktable.actions import Action, CoreKind, argument_of, kind_of, make_action
from tricktable.cards import cards_of, suit_of
from tricktable.core import Deal
from tricktable.errors import RuleError
from tricktable.events import Event
from tricktable.games.all_fours_family.points import (
    HAND_SIZE,
    PointsGame,
    PointsState,
    game_tie_option,
    low_point_option,
    target_option,
    void_rule_option,
)
from tricktable.games.pitch.events import PitchEvent
from tricktable.games.pitch.facts import SMUDGE, PitchFacts
from tricktable.games.pitch.verbs import PitchKind
from tricktable.rules import build_rules, option
from tricktable.tricks import plain_rules

__all__ = ["HAND_SIZE", "SMUDGE", "Pitch", "PitchRules", "PitchState"]

HIGHEST_NUMBER = 4
"""The highest number bid: all four points."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PitchRules:
    """Every option of RULES.md section 2.6 with its Auction Pitch default."""

    preset: str = "auction"
    partnerships: bool = option(False, "with 4 players: opposite seats are partners")
    min_bid: int = option(2, "the lowest bid (1 to 4)", minimum=1)
    smudge: bool = option(False, "a seat may bid smudge, a promise of all four points")
    dealer_may_steal: bool = option(
        False, "the dealer may take the contract by bidding the high number bid"
    )
    all_pass: str = option(
        "stick",
        "when all others pass the dealer must bid, or the deal is thrown in and passes left",
        ("stick", "redeal"),
    )
    void_rule: str = void_rule_option()
    low_point: str = low_point_option("dealt")
    game_tie: str = game_tie_option()
    smudge_wins: bool = option(True, "a smudge made wins the match (else it scores 4)")
    target: int = target_option()


PRESETS: dict[str, dict[str, Any]] = {"auction": {}}


class Phase(IntEnum):
    """Where a Pitch deal stands."""

    DEAL = 0
    BID = 1
    PLAY = 2
    OVER = 3


PASS = make_action(CoreKind.PASS)
BID_SMUDGE = make_action(PitchKind.BID_SMUDGE)
_PLAY = Phase.PLAY


def bid_action(number: int) -> Action:
    """The action of a bid: ``bid N``, or ``bid smudge`` for ``SMUDGE``."""
    return BID_SMUDGE if number == SMUDGE else make_action(CoreKind.BID, number)


def bid_number(action: Action) -> int:
    """The number of a bid action (``SMUDGE`` for a smudge)."""
    return SMUDGE if kind_of(action) == PitchKind.BID_SMUDGE else argument_of(action)


@dataclass(frozen=True, slots=True)
class PitcherSheet:
    """Pitch's own entry of a deal's score-sheet line: the pitcher (``None`` before one).

    >>> PitcherSheet(2).to_json()
    {'pitcher': 2}
    """

    pitcher: int | None

    def to_json(self) -> dict[str, Any]:
        return {"pitcher": self.pitcher}


class PitchState(PointsState):
    """A match of Pitch in progress."""

    game: Pitch
    rules: PitchRules
    play_phase = Phase.PLAY
    deal_phase = Phase.DEAL
    over_phase = Phase.OVER

    __slots__ = ("bids", "high_bid", "pitcher", "spoken")

    def _reset_deal(self) -> None:
        self.bids: list[int | None] = [None] * self.game.players
        self.spoken = 0
        self.high_bid = 0
        self.pitcher = -1
        super()._reset_deal()

    # -- the step API ------------------------------------------------------------------------

    def _open_deal(self, deal: Deal) -> None:
        self.phase, self.to_act = Phase.BID, self.eldest

    # -- the bidding --------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.phase is _PLAY:
            return cards_of(self._playable(self.to_act))
        if self.phase == Phase.BID:
            return self._legal_bids()
        return []

    def _stuck(self) -> bool:
        """Whether the seat to bid is a dealer who may not pass (all others passed,
        ``all_pass=stick``)."""
        return self.to_act == self.dealer and not self.high_bid and self.rules.all_pass == "stick"

    def _lowest_bid(self) -> int:
        """The lowest number the seat to bid may bid (above ``HIGHEST_NUMBER``: none)."""
        high = self.high_bid
        if self.to_act == self.dealer and self.rules.dealer_may_steal and 0 < high < SMUDGE:
            return high
        return max(self.rules.min_bid, high + 1)

    def _legal_bids(self) -> list[Action]:
        actions = [] if self._stuck() else [PASS]
        actions.extend(
            make_action(CoreKind.BID, number)
            for number in range(self._lowest_bid(), HIGHEST_NUMBER + 1)
        )
        if self.rules.smudge and self.high_bid < SMUDGE:
            actions.append(BID_SMUDGE)
        return actions

    def why_illegal(self, action: Action) -> str:
        if self.phase in (Phase.DEAL, Phase.OVER):
            return super().why_illegal(action)
        seat = self.to_act
        kind = kind_of(action)
        refusal = self._play_refusal(action)
        if refusal is not None:
            return refusal
        if self.phase is _PLAY:
            return f"seat {seat} plays a card now (the bidding is over)"
        if kind == CoreKind.PASS:
            return "the dealer may not pass when all others have passed (all_pass=stick): bid"
        if kind == PitchKind.BID_SMUDGE:
            if not self.rules.smudge:
                return "smudge is not bid in these rules (smudge=false)"
            return "a smudge has been bid already: nothing ranks above it"
        if kind == CoreKind.BID:
            number = argument_of(action)
            if number > HIGHEST_NUMBER:
                return f"the highest bid is {HIGHEST_NUMBER}"
            if number < self.rules.min_bid:
                return f"the lowest bid is {self.rules.min_bid} (min_bid)"
            if number == self.high_bid and seat == self.dealer:
                return "the dealer may not steal a bid of its number (dealer_may_steal=false)"
            high = "smudge" if self.high_bid == SMUDGE else str(self.high_bid)
            return f"a bid must be above the high bid ({high})"
        return f"seat {seat} bids or passes now"

    def _step(self, action: Action) -> None:
        if self.phase is _PLAY:
            seat = self.to_act
            if self.trump < 0:  # the pitcher's first lead makes trump
                self.trump = suit_of(action)
                self.table = plain_rules(self.trump)
            self._play(seat, action)
        elif self.phase == Phase.BID:
            self._bid(action)
        else:  # pragma: no cover - guarded by legal_actions
            raise AssertionError(f"no action expected in phase {self.phase}")

    def _bid(self, action: Action) -> None:
        seat = self.to_act
        if action != PASS:
            number = bid_number(action)
            self.bids[seat] = number
            self.high_bid = number
            self.pitcher = seat
        self.spoken += 1
        if self.spoken < self.game.players:
            self.to_act = self.game.next_seat[seat]
            return
        if not self.high_bid:  # all passed, all_pass=redeal
            self.deal_events.append(Event(PitchEvent.ALL_PASSED))
            self._end_deal(winner=None, thrown_in=True)
            return
        self._begin_play(self.pitcher)

    # -- the count ----------------------------------------------------------------------------
    def _count_points(self) -> None:
        """The pitcher's side first (made: its points, and the match if they reach the
        target or make a smudge; else set back by its bid), then the other sides' points
        in the order High, Low, Jack, Game until one reaches the target."""
        events = self.point_events()
        pitcher, bid = self.pitcher, self.high_bid
        makers = self.game.side_of[pitcher]
        won = sum(event.points for event in events if event.side == makers)
        smudge = bid == SMUDGE
        counts = (bid, won)
        if won >= (HIGHEST_NUMBER if smudge else bid):
            if smudge and self.rules.smudge_wins:
                made = Event(PitchEvent.SMUDGE_MADE, seat=pitcher, side=makers, points=won)
                self._add(made)
                self._end_deal(winner=makers)
                return
            kind = PitchEvent.SMUDGE_SCORES if smudge else PitchEvent.PITCHER_MAKES
            made = Event(kind, seat=pitcher, side=makers, points=won, counts=counts)
            if self._score(made):
                return
        else:
            cost = HIGHEST_NUMBER if smudge else bid
            kind = PitchEvent.SMUDGE_FAILED if smudge else PitchEvent.PITCHER_SET_BACK
            set_back = Event(kind, seat=pitcher, side=makers, points=-cost, counts=counts)
            self._add(set_back)
        for event in events:
            if event.side == makers or not event.points:
                self.deal_events.append(event._replace(points=0))
            elif self._score(event):
                return
        self._end_deal(winner=None)

    def _makers(self) -> int | None:
        return self.game.side_of[self.pitcher] if self.pitcher >= 0 else None

    def _sheet_bids(self) -> list[int | None]:
        return list(self.bids)

    def _sheet_details(self) -> PitcherSheet:
        return PitcherSheet(self.pitcher if self.pitcher >= 0 else None)

    # -- what people and bots see -----------------------------------------------------------
    def public_facts(self, seat: int) -> PitchFacts:
        """The facts every seat may know: the bids, the pitcher, trump once led, the count
        for game and the hand sizes."""
        return PitchFacts(
            trump=self.trump if self.trump >= 0 else None,
            eldest=self.eldest,
            target=self.rules.target,
            sides=tuple(tuple(side) for side in self.game.sides),
            game_points=tuple(self.game_counts()),
            hand_sizes=tuple(hand.bit_count() for hand in self.hands),
            bids=tuple(self.bids),
            high_bid=self.high_bid if self.high_bid else None,
            bidder=self.pitcher if self.pitcher >= 0 else None,
        )


class Pitch(PointsGame[PitchRules]):
    """Auction Pitch for 2 to 7 players."""

    name = "pitch"
    presets = PRESETS
    facts_type = PitchFacts
    state_class = PitchState

    def deal_points(self) -> tuple[int, int] | None:
        """The four points (High, Low, Jack, Game) at most; a pitcher set back by its bid,
        four at most (a smudge).

        >>> Pitch().deal_points()
        (-4, 4)
        """
        return (-HIGHEST_NUMBER, HIGHEST_NUMBER)

    def __init__(self, rules: PitchRules | None = None, players: int = 4) -> None:
        rules = rules or PitchRules()
        if not 2 <= players <= 7:
            raise RuleError(f"pitch is played by 2 to 7 players, not {players}")
        if rules.partnerships and players != 4:
            raise RuleError(f"partnerships need 4 players, not {players}")
        if not 1 <= rules.min_bid <= HIGHEST_NUMBER:
            raise RuleError(f"min_bid must be 1 to {HIGHEST_NUMBER}, not {rules.min_bid}")
        super().__init__(rules, players)
        self._seat_sides(rules.partnerships)

    @classmethod
    def from_spec(cls, spec: object = None, players: int | None = None) -> Pitch:
        """Rules from a record's ``rules`` object or a rule string (4 players unless given)."""
        return cls(
            build_rules(PitchRules, PRESETS, spec, cls.name), 4 if players is None else players
        )


GAME_CLASS = Pitch
"""This game's ``Game`` class (the spec finds it by this name)."""
