"""Romanian Whist exactly as RULES.md section 3 (seed 003), with Oh Hell as a preset.

>>> import random
>>> from tricktable.games.romanian_whist.engine import RomanianWhist, schedule_sizes
>>> schedule_sizes("1-8-1", 4)
[1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1]
>>> game = RomanianWhist.from_spec("romanian_whist", players=4)
>>> len(game.deck), game.schedule[:5]
(32, [1, 1, 1, 1, 2])
>>> state = game.new_state(first_dealer=0)
>>> state.deal_random(random.Random(1))
>>> state.current_player, state.legal_texts()
(1, ['bid 0', 'bid 1'])

Choices where RULES.md is silent are documented in ``docs/rules/romanian_whist.md``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from tricktable.actions import Action, CoreKind, argument_of, kind_of, make_action
from tricktable.cards import (
    ACE,
    SUIT_LETTERS,
    Card,
    CardMask,
    cards_of,
    mask_of,
    shuffled,
    standard_deck,
    suit_of,
)
from tricktable.core import (
    CHANCE,
    TERMINAL,
    Deal,
    DealSummary,
    Game,
    SeatView,
    State,
    check_deal_cards,
    deal_in_rounds,
    dealt_sizes,
    does_not_hold,
)
from tricktable.errors import RecordError, RuleError
from tricktable.events import Event, EventKind
from tricktable.games.romanian_whist.events import WhistEvent
from tricktable.games.romanian_whist.facts import WhistFacts
from tricktable.rules import build_rules, option
from tricktable.tricks import NO_TRUMP, TrickRules, plain_rules

MAX_HAND = 8


@dataclass(frozen=True, slots=True, kw_only=True)
class WhistRules:
    """Every option of RULES.md section 3 with its Romanian default."""

    preset: str = "romanian_whist"
    schedule: str = option(
        "1-8-1",
        "hand sizes deal by deal (single: one deal of the hand size below)",
        ("1-8-1", "parlett", "8-1-8", "single"),
    )
    hand_size: int | None = option(
        None, "cards per hand for schedule 'single' (Oh Hell)", minimum=1, kind=int
    )
    deck: str = option(
        "top", "the top 8 x players cards, or the full 52 (Oh Hell)", ("top", "full")
    )
    seven_players: str = option(
        "dead_hand",
        "7 players: the dealer sits out each deal, or 56 cards with four jokers ranked '1'",
        ("dead_hand", "jokers"),
    )
    void_rule: str = option(
        "must_trump", "void in the led suit: must trump if able, or any card", ("must_trump", "any")
    )
    exact_bonus: int = option(5, "bonus for an exact bid (plus 1 per trick bid)", minimum=0)
    miss_scoring: str = option(
        "difference", "a miss loses the difference, or scores the tricks", ("difference", "tricks")
    )
    streak_bonus: bool = option(
        False, "a bonus for a streak of bids made in a row, a penalty for a streak failed"
    )
    streak_length: int | None = option(
        None, "deals in a streak (none: the number of players plus 1)", minimum=1, kind=int
    )
    streak_points: int = option(10, "points won or lost for a streak", minimum=0)
    zero_bid_voids_bonus: bool = option(False, "a winning streak with a bid of 0 earns nothing")
    long_streak: bool = option(
        False, "also +30 / -30 for 10 deals made / failed in a row, counted on its own"
    )
    forehead: str = option(
        "off", "one-card deals played 'on the forehead'", ("off", "last", "first_and_last")
    )
    zero_finish: bool = option(False, "a total of exactly 0 after the last deal wins")
    tie_break: str = option(
        "none",
        "after a tie: n deals of 8 bid at 0, or one blind deal of 8",
        ("none", "zero", "blind"),
    )


PRESETS: dict[str, dict[str, Any]] = {
    "romanian_whist": {},
    "parlett": {"schedule": "parlett"},
    "eight_one_eight": {"schedule": "8-1-8"},
    "doizece": {"streak_bonus": True, "streak_length": 5},
    "oh_hell": {
        "deck": "full",
        "schedule": "single",
        "void_rule": "any",
        "exact_bonus": 10,
        "miss_scoring": "tricks",
    },
}


def schedule_sizes(schedule: str, players: int, hand_size: int | None = None) -> list[int]:
    """The hand size of every deal of a schedule.

    >>> len(schedule_sizes("1-8-1", 5)), len(schedule_sizes("parlett", 5))
    (27, 23)
    >>> schedule_sizes("8-1-8", 3)[:5]
    [8, 8, 8, 7, 6]
    """
    ones, eights = [1] * players, [MAX_HAND] * players
    up, down = list(range(2, MAX_HAND)), list(range(MAX_HAND - 1, 1, -1))
    if schedule == "1-8-1":
        return ones + up + eights + down + ones
    if schedule == "parlett":
        return ones + up + [MAX_HAND] + down + ones
    if schedule == "8-1-8":
        return eights + down + ones + up + eights
    if hand_size is None:
        raise RuleError("schedule 'single' needs option 'hand_size'")
    return [hand_size]


class Phase(IntEnum):
    """Where a whist deal stands."""

    DEAL = 0
    BID = 1
    PLAY = 2
    OVER = 3


_PLAY = Phase.PLAY
BID_BASE = make_action(CoreKind.BID)


@dataclass(frozen=True, slots=True)
class WhistSheet:
    """A whist deal's own entries of the score sheet: its hand size and its row (the hand
    size, or a tie-break deal's ``0`` / ``NV``).

    >>> WhistSheet(8, "NV").to_json()
    {'hand_size': 8, 'row': 'NV'}
    """

    hand_size: int
    row: str

    def to_json(self) -> dict[str, Any]:
        return {"hand_size": self.hand_size, "row": self.row}


class RomanianWhist(Game[WhistRules]):
    """Romanian Whist for 3 to 7 players, each for themself."""

    name = "romanian_whist"
    presets = PRESETS
    facts_type = WhistFacts

    def deal_points(self) -> tuple[int, int] | None:
        """A bid of every card of the largest hand made (the exact bonus plus the bid), or
        missed by that many (``miss_scoring=difference``; a miss scoring the tricks takes
        nothing away), with a streak's and a long streak's award or penalty on top.

        >>> from tricktable.games import load_game
        >>> load_game("romanian_whist").deal_points()
        (-8, 13)
        >>> load_game("romanian_whist(preset=oh_hell, hand_size=5)").deal_points()
        (0, 15)
        """
        r = self.rules
        streaks = r.streak_points * r.streak_bonus + LONG_STREAK_POINTS * r.long_streak
        fall = self.largest_hand if r.miss_scoring == "difference" else 0
        return (-fall - streaks, r.exact_bonus + self.largest_hand + streaks)

    def __init__(self, rules: WhistRules | None = None, players: int = 4) -> None:
        rules = rules or WhistRules()
        full = rules.deck == "full"
        allowed = range(3, 8)
        if players not in allowed:
            raise RuleError(f"romanian_whist is played by 3 to 7 players, not {players}")
        super().__init__(rules, players)
        self.dead_hand = players == 7 and not full and rules.seven_players == "dead_hand"
        if full:
            self.deck = tuple(standard_deck(range(2, ACE + 1)))
        elif players == 7 and rules.seven_players == "jokers":
            self.deck = tuple(standard_deck(range(1, ACE + 1)))
        else:
            per_suit = 2 * min(players, 6)
            self.deck = tuple(standard_deck(range(ACE + 1 - per_suit, ACE + 1)))
        active = players - 1 if self.dead_hand else players
        if rules.schedule == "single":
            if rules.hand_size is None:
                raise RuleError("schedule 'single' (preset oh_hell) needs option 'hand_size'")
            most = (len(self.deck) - 1) // active
            if rules.hand_size > most:
                raise RuleError(
                    f"option 'hand_size' cannot be {rules.hand_size} with {players}"
                    f" players; allowed: 1..{most}"
                )
        self.schedule = schedule_sizes(rules.schedule, players, rules.hand_size)
        self.streak_length = rules.streak_length or players + 1  # seed 003: players + 1
        largest = max(self.schedule + ([MAX_HAND] if rules.tie_break != "none" else []))
        self.largest_hand = largest
        """The most cards a hand holds in a deal of the match (a tie-break's too)."""
        if largest * active > len(self.deck):
            why = "a tie-break deal" if largest > max(self.schedule) else "the schedule"
            raise RuleError(
                f"{why} needs {largest} cards for each of {active} players, but the deck holds"
                f" {len(self.deck)}; with deck=full use fewer players, a smaller hand_size or"
                " tie_break=none"
            )

    @classmethod
    def from_spec(cls, spec: object = None, players: int | None = None) -> RomanianWhist:
        """Rules from a record's ``rules`` object or a rule string."""
        rules = build_rules(WhistRules, PRESETS, spec, cls.name)
        return cls(rules, 4 if players is None else players)

    @property
    def sides(self) -> list[list[int]]:
        return [[seat] for seat in range(self.players)]

    def new_state(self, first_dealer: int) -> WhistState:
        return WhistState(self, self.checked_first_dealer(first_dealer))

    def choose_first_dealer(self, rng: random.Random) -> int:
        """First dealer chosen at random (RULES.md 3.2)."""
        return rng.randrange(self.players)

    def forehead_deals(self) -> set[int]:
        """Indices of the schedule's deals played 'on the forehead'."""
        mode = self.rules.forehead
        if mode == "off":
            return set()
        blocks: list[list[int]] = []
        for index, size in enumerate(self.schedule):
            if size == 1:
                if blocks and blocks[-1][-1] == index - 1:
                    blocks[-1].append(index)
                else:
                    blocks.append([index])
        if not blocks:
            return set()
        chosen = set(blocks[-1][-self.players :])
        if mode == "first_and_last":
            chosen |= set(blocks[0][: self.players])
        return chosen


Streaks = tuple[int, bool, int, bool]
"""A seat's streak counts: the ``streak_length`` run and whether it holds a bid of 0, then the
same for the ``long_streak`` run. A run counts deals made in a row (above 0) or failed (below)."""
NO_STREAKS: Streaks = (0, False, 0, False)
LONG_STREAK = 10
"""RULES.md 3.7 ``long_streak``: the deals made (or failed) in a row of the long award."""
LONG_STREAK_POINTS = 30


def extend_streak(run: int, has_zero: bool, made: bool, bid: int) -> tuple[int, bool]:
    """A streak run after one more deal, and whether its made deals hold a bid of 0.

    >>> extend_streak(2, False, True, 0)
    (3, True)
    >>> extend_streak(3, True, False, 2)
    (-1, False)
    """
    if made:
        run = run + 1 if run > 0 else 1
        return run, (has_zero if run > 1 else False) or bid == 0
    return (run - 1 if run < 0 else -1), False


def streak_award(
    run: int, has_zero: bool, length: int, points: int, zero_voids: bool
) -> int | None:
    """What a run earns once it is ``length`` long (``None`` before): ``points``, ``-points``
    for a failed run, 0 for a made run with a bid of 0 under ``zero_bid_voids_bonus``.

    >>> streak_award(4, False, 5, 10, False) is None
    True
    >>> streak_award(-5, False, 5, 10, False), streak_award(5, True, 5, 10, True)
    (-10, 0)
    """
    if abs(run) < length:
        return None
    if run < 0:
        return -points
    return 0 if has_zero and zero_voids else points


class WhistState(State):
    """A match of Romanian Whist in progress."""

    play_phase = Phase.PLAY

    __slots__ = (
        "active",
        "bids",
        "deal_index",
        "hand_size",
        "match_winner",
        "next_active",
        "rows",
        "rules",
        "stock",
        "streaks",
        "table",
        "tie_deals",
        "tricks_won",
        "trump",
        "turned",
        "whist",
    )

    def __init__(self, game: RomanianWhist | None = None, first_dealer: int = 0) -> None:
        if game is None:
            return  # a blank state for clone() to fill (compiled classes need one)
        self.game = game
        self.whist: RomanianWhist = game
        self.rules = game.rules
        self._start_match(first_dealer)
        self.match_scores = [0] * game.players
        self.streaks: list[Streaks] = [NO_STREAKS] * game.players
        """Per seat: +k made / -k failed in a row, and whether a bid of 0 is in it."""
        self.match_winner: int | list[int] | None = None
        self.deal_index = 0
        self.tie_deals: list[tuple[int, str]] = []
        """Extra tie-break deals still due: (hand size, row label)."""
        self._reset_deal()
        self.phase = Phase.DEAL
        self.to_act = CHANCE

    def _reset_deal(self) -> None:
        n = self.whist.players
        self.hands = [0] * n
        self._plan_deal()
        self.turned: Card = -1
        self.stock: list[Card] = []
        self.trump = NO_TRUMP
        self.table: TrickRules = plain_rules()
        self.bids: list[int | None] = [None] * n
        self._reset_trick()
        self.tricks_won = [0] * n

    def _plan_deal(self) -> None:
        """Who plays the next deal and with how many cards (the finished deal stays
        visible until the next one is dealt)."""
        self.active = [
            seat
            for seat in self._order_from_eldest()
            if not (self.whist.dead_hand and seat == self.dealer)
        ]
        active, following = self.active, [-1] * self.whist.players
        for index, seat in enumerate(active):
            following[seat] = active[(index + 1) % len(active)]
        self.next_active: tuple[int, ...] = tuple(following)
        """The seat after each active seat in the play (-1 for a seat not dealt in)."""
        self.hand_size = self._planned_size()

    def _order_from_eldest(self) -> list[int]:
        n = self.whist.players
        return [(self.dealer + offset) % n for offset in range(1, n + 1)]

    def _planned_size(self) -> int:
        schedule = self.whist.schedule
        if self.deal_index < len(schedule):
            return schedule[self.deal_index]
        if self.tie_deals:
            return self.tie_deals[0][0]
        return 0

    def row_label(self) -> str:
        """The score-sheet row of the current deal: its hand size, '0' or 'NV'."""
        if self.deal_index < len(self.whist.schedule):
            return str(self.hand_size)
        return self.tie_deals[0][1] if self.tie_deals else str(self.hand_size)

    def is_forehead(self) -> bool:
        """Whether the current deal is played on the forehead (own card hidden)."""
        return self.deal_index in self.whist.forehead_deals()

    def is_blind(self) -> bool:
        """Whether the current deal is the blind tie-break (bids before seeing the cards)."""
        return self.deal_index >= len(self.whist.schedule) and self.row_label() == "NV"

    # -- the step API ------------------------------------------------------------------------

    def winner(self) -> int | list[int] | None:
        return self.match_winner

    def random_deal(self, rng: random.Random) -> Deal:
        deck = shuffled(self.whist.deck, rng)
        return deal_in_rounds(deck, self.whist.players, self.active, [1] * self.hand_size)

    def deal(self, deal: Deal) -> None:
        if self.phase != Phase.DEAL:
            raise RecordError("no deal is due now")
        sizes = dealt_sizes(self.whist.players, self.active, self.hand_size)
        remaining = len(self.whist.deck) - self.hand_size * len(self.active)
        check_deal_cards(
            deal, self.whist.deck, sizes, require_full=False, turned_required=remaining > 0
        )
        self._begin_deal(deal)

    def deal_random(self, rng: random.Random) -> None:
        if self.phase != Phase.DEAL:
            raise RecordError("no deal is due now")
        self._begin_deal(self.random_deal(rng))

    def _save_mark(self) -> Any:
        return (
            tuple(self.match_scores),
            tuple(self.streaks),
            self.dealer,
            len(self.sheet),
            self.deal_index,
            tuple(self.tie_deals),
        )

    def _restore_mark(self, mark: Any) -> None:
        totals, streaks, self.dealer, length, self.deal_index, tie_deals = mark
        self.match_scores, self.streaks = list(totals), list(streaks)
        self.tie_deals = list(tie_deals)
        del self.sheet[length:]
        self.match_winner = None

    def _start_deal(self, deal: Deal) -> None:
        self._reset_deal()
        self.hands = [mask_of(hand) for hand in deal.hands]
        self.stock = list(deal.stock)
        if deal.turned is not None:
            self.turned = deal.turned
            self.trump = suit_of(deal.turned) if deal.turned >= 0 else NO_TRUMP
        self.table = plain_rules(self.trump)
        self.phase, self.to_act = Phase.BID, self.active[0]

    def legal_actions(self) -> list[Action]:
        if self.phase is _PLAY:
            return cards_of(self._playable(self.to_act))
        if self.phase == Phase.BID:
            if self.row_label() == "0":
                return [BID_BASE]
            barred = self._barred_bid()
            return [BID_BASE + bid for bid in range(self.hand_size + 1) if bid != barred]
        return []

    def _barred_bid(self) -> int:
        """The hook: the last bidder may not make the bids total the hand size."""
        if self.to_act != self.active[-1]:
            return -1
        others = sum(bid for bid in self.bids if bid is not None)
        return self.hand_size - others

    def _playable(self, seat: int) -> CardMask:
        hand = self.hands[seat]
        if not self.trick:
            return hand
        following = hand & self.led_mask
        if following:
            return following
        if self.rules.void_rule == "must_trump" and self.trump != NO_TRUMP:
            trumps = hand & self.table.suit_masks[self.trump]
            if trumps:
                return trumps
        return hand

    def why_illegal(self, action: Action) -> str:
        kind, argument = kind_of(action), argument_of(action)
        seat = self.to_act
        if self.phase in (Phase.DEAL, Phase.OVER):
            return super().why_illegal(action)
        if self.phase == Phase.BID and kind == CoreKind.BID:
            if self.row_label() == "0":
                return "tie-break deal: every bid is 0"
            if argument > self.hand_size:
                return f"a bid is 0..{self.hand_size} in a deal of {self.hand_size}"
            if argument == self._barred_bid():
                return f"the hook: the last bidder may not make the bids total {self.hand_size}"
        if self.phase is _PLAY and kind == CoreKind.PLAY:
            if not self.hands[seat] >> argument & 1:
                return does_not_hold(seat, argument)
            if self.hands[seat] & self.led_mask:
                return "must follow the led suit"
            return "void in the led suit: must play a trump (void_rule=must_trump)"
        return f"not allowed in phase '{self.phase.name.lower()}' for seat {seat}"

    # -- transitions -------------------------------------------------------------------------
    def _step(self, action: Action) -> None:
        if self.phase is _PLAY:
            self._play(self.to_act, argument_of(action))
            return
        seat = self.to_act
        self.bids[seat] = argument_of(action)
        position = self.active.index(seat)
        if position + 1 < len(self.active):
            self.to_act = self.active[position + 1]
        else:
            self.phase, self.to_act = Phase.PLAY, self.active[0]

    def _play(self, seat: int, card: Card) -> None:
        winner = self._play_to_trick(seat, card, self.table, len(self.active), self.next_active)
        if winner < 0:
            return
        self.tricks_won[winner] += 1
        if len(self.completed) == self.hand_size:
            self._score_deal()

    def _score_deal(self) -> None:
        r = self.rules
        points = [0] * self.whist.players
        events: list[Event] = []
        one_card = self.hand_size == 1
        for seat in self.active:
            bid, taken = self.bids[seat], self.tricks_won[seat]
            assert bid is not None
            made = bid == taken
            if made:
                points[seat] = r.exact_bonus + bid
            elif r.miss_scoring == "tricks":
                points[seat] = taken
            else:
                points[seat] = -abs(bid - taken)
            if (r.streak_bonus or r.long_streak) and self.deal_index < len(self.whist.schedule):
                for length, bonus in self._streak_awards(seat, made, bid, one_card):
                    points[seat] += bonus
                    kind = WhistEvent.STREAK_MADE if bonus > 0 else WhistEvent.STREAK_FAILED
                    events.append(Event(kind, seat=seat, points=bonus, counts=(length,)))
        for seat in range(self.whist.players):
            self.match_scores[seat] += points[seat]
        self._finish_deal(points, events)

    def _streak_awards(
        self, seat: int, made: bool, bid: int, one_card: bool
    ) -> list[tuple[int, int]]:
        """Count the deal in the seat's streaks (RULES.md 3.7); return each award it earns
        now as ``(deals in a row, points)``, points below 0 for a failed streak."""
        if one_card:
            if self.rules.schedule == "8-1-8":
                self.streaks[seat] = NO_STREAKS
            return []
        r = self.rules
        run, has_zero, long_run, long_has_zero = self.streaks[seat]
        awards: list[tuple[int, int]] = []
        if r.streak_bonus:
            run, has_zero = extend_streak(run, has_zero, made, bid)
            bonus = streak_award(
                run, has_zero, self.whist.streak_length, r.streak_points, r.zero_bid_voids_bonus
            )
            if bonus is not None:
                run, has_zero = 0, False
                if bonus:
                    awards.append((self.whist.streak_length, bonus))
        if r.long_streak:
            long_run, long_has_zero = extend_streak(long_run, long_has_zero, made, bid)
            bonus = streak_award(
                long_run, long_has_zero, LONG_STREAK, LONG_STREAK_POINTS, r.zero_bid_voids_bonus
            )
            if bonus is not None:
                long_run, long_has_zero = 0, False
                if bonus:
                    awards.append((LONG_STREAK, bonus))
        self.streaks[seat] = (run, has_zero, long_run, long_has_zero)
        return awards

    def _finish_deal(self, points: list[int], events: list[Event]) -> None:
        summary = self._deal_summary(points, events, complete=True)
        self.sheet.append(summary)
        if self.deal_index >= len(self.whist.schedule) and self.tie_deals:
            self.tie_deals.pop(0)
        self.deal_index += 1
        self.dealer = (self.dealer + 1) % self.whist.players
        if self.deal_index >= len(self.whist.schedule) and not self.tie_deals:
            decided = self._decide()
            if decided is not None:
                summary.events.append(self._result_event(decided))
                self.match_winner = decided
                self.phase, self.to_act = Phase.OVER, TERMINAL
                return
        self.phase, self.to_act = Phase.DEAL, CHANCE
        self._plan_deal()

    def _decide(self) -> int | list[int] | None:
        """The winner after the schedule; ``None`` when a tie-break deal is due."""
        totals = self.match_scores
        if self.rules.zero_finish and self.rules.schedule != "8-1-8" and not self._in_tie_break():
            zeros = [seat for seat, total in enumerate(totals) if total == 0]
            if zeros:
                return zeros[0] if len(zeros) == 1 else zeros
        best = max(totals)
        leaders = [seat for seat, total in enumerate(totals) if total == best]
        if len(leaders) == 1:
            return leaders[0]
        if self.rules.tie_break != "none" and not self._in_tie_break():
            if self.rules.tie_break == "zero":
                self.tie_deals = [(MAX_HAND, "0")] * self.whist.players
            else:
                self.tie_deals = [(MAX_HAND, "NV")]
            return None
        return leaders

    def _in_tie_break(self) -> bool:
        return self.deal_index > len(self.whist.schedule)

    def _result_event(self, decided: int | list[int]) -> Event:
        if isinstance(decided, list):
            return Event(WhistEvent.TIE_FOR_FIRST, seats=tuple(decided))
        return Event(EventKind.WINS_WITH, seat=decided, counts=(self.match_scores[decided],))

    # -- what people and bots see -----------------------------------------------------------
    def _summary_so_far(self) -> DealSummary:
        return self._deal_summary([0] * self.whist.players, [], complete=False)

    def _deal_summary(
        self, points: list[int], events: list[Event], *, complete: bool
    ) -> DealSummary:
        """The deal's line of the score sheet: finished (``complete``), or so far."""
        return DealSummary(
            points=points,
            scores=list(self.match_scores),
            tricks=list(self.tricks_won),
            trump=SUIT_LETTERS[self.trump] if self.trump != NO_TRUMP else None,
            makers=None,
            events=events,
            complete=complete,
            bids=list(self.bids),
            dealer=self.dealer,
            hand=self.row_label(),
            details=WhistSheet(self.hand_size, self.row_label()),
        )

    def _own_hand_hidden(self, seat: int) -> bool:
        if self.phase == Phase.BID and self.is_blind():
            return True
        return self.is_forehead() and self.phase in (Phase.BID, Phase.PLAY)

    def view(self, seat: int) -> SeatView:
        public = self.public_facts(seat)
        return self._seat_view(seat, public, hand_hidden=public.own_hand_hidden)

    def public_facts(self, seat: int) -> WhistFacts:
        """The facts ``seat`` may know: the others' forehead cards, and whether it may look
        at its own hand now."""
        hidden_own = self._own_hand_hidden(seat)
        foreheads: tuple[tuple[int, Card], ...] = ()
        if self.is_forehead() and self.phase in (Phase.BID, Phase.PLAY):
            foreheads = tuple(
                (other, cards_of(self.hands[other])[0])
                for other in self.active
                if other != seat and self.hands[other]
            )
        return WhistFacts(
            turned=self.turned if self.turned >= 0 else None,
            trump=self.trump if self.trump != NO_TRUMP else None,
            hand_size=self.hand_size,
            row=self.row_label(),
            bids=tuple(self.bids),
            tricks_won=tuple(self.tricks_won),
            active=tuple(self.active),
            deal_index=self.deal_index,
            deals_in_schedule=len(self.whist.schedule),
            forehead=foreheads,
            blind=self.is_blind(),
            own_hand_hidden=hidden_own,
            hand_count=self.hands[seat].bit_count(),
        )

    def hidden_from(self, seat: int) -> CardMask:
        hidden = mask_of(self.stock)
        for other in range(self.whist.players):
            if other != seat:
                hidden |= self.hands[other]
        if self.is_forehead() and self.phase in (Phase.BID, Phase.PLAY):
            hidden = (hidden & ~self._all_hands()) | self.hands[seat]
        elif self._own_hand_hidden(seat):
            hidden |= self.hands[seat]
        return hidden

    def _all_hands(self) -> CardMask:
        total = 0
        for hand in self.hands:
            total |= hand
        return total


GAME_CLASS = RomanianWhist
"""This game's ``Game`` class (the spec finds it by this name)."""
