"""Set-back Euchre (RULES.md 1.10; 1864 American Hoyle; seed 001): four players each for
themselves, counting down from ``start_score`` to 0.

Trump is made as in four-handed euchre (RULES.md 1.3): round 1 ``order`` / ``pass`` from
eldest (the dealer then picks up the up-card and ``discard``\\ s), round 2 ``call X`` /
``pass``; if all pass twice the deal is thrown in (or, with ``stick_the_dealer``, the
dealer must call). The maker plays alone against the three others. Before the first lead
the maker may ``declare`` a march (option ``declare_march``), then each defender from
eldest may ``throw in`` (takes no part, is not set back) or ``pass`` (stays).

Scoring, per player (lower is better): each trick taken subtracts 1; a player who
played and took no trick adds 1; a euchred maker (fewer than 3 tricks) adds 2 and pays
one stake into the pool. The first player at 0 or below wins the game and the pool.

>>> import random
>>> from tricktable.games.setback_euchre.engine import SetbackEuchre
>>> game = SetbackEuchre.from_spec("setback_euchre(declare_march=true)")
>>> game.sides, game.rules.start_score
([[0], [1], [2], [3]], 5)
>>> state = game.new_state(first_dealer=3)
>>> state.deal_random(random.Random(1))
>>> state.current_player, state.legal_texts()   # eldest orders or passes
(0, ['order', 'pass'])
>>> state.scores(), state.view(0).public["pool"]   # everyone at 5; four antes in the pool
([5, 5, 5, 5], 4)

Choices where RULES.md is silent are listed in ``docs/rules/setback_euchre.md`` and noted
at the places in this module that implement them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, ClassVar

from tricktable import actions as A
from tricktable.actions import Action, make_action
from tricktable.cards import (
    ACE,
    SUIT_LETTERS,
    Card,
    CardMask,
    Suit,
    card_name,
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
)
from tricktable.errors import RecordError, RuleError
from tricktable.games.euchre.engine import Euchre, EuchreRules, round_two_calls
from tricktable.rules import build_rules, option, rules_to_dict
from tricktable.tricks import TrickRules, euchre_rules

SEATS = 4
HAND_SIZE = 5
MAKE = 3
"""Tricks the maker needs (fewer is a euchre)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SetbackEuchreRules:
    """Every option of set-back euchre with its 1864 American Hoyle default."""

    preset: str = "american_hoyle"
    start_score: int = option(
        5, "every player starts at this score and counts down to 0", minimum=1
    )
    ante: int = option(
        1, "stakes each player puts into the pool at the start of the match", minimum=0
    )
    first_dealer: str = option(
        "random",
        "how the first dealer is chosen (as in euchre)",
        ("random", "draw_low", "draw_high", "first_jack"),
    )
    packets: str = option("3-2", "dealing pattern, fixed for the match", ("3-2", "2-3"))
    stick_the_dealer: bool = option(False, "if all pass twice the dealer must call a suit")
    declare_march: bool = option(
        False,
        "the maker may declare before the lead: all 5 tricks win the game and the pool,"
        " failing doubles the maker's score and pays a stake",
    )
    euchre_relief: bool = option(
        False, "when the maker is euchred, each defender who played subtracts 2"
    )

    def deck_cards(self) -> list[Card]:
        """The 24-card euchre deck (A K Q J T 9 of each suit)."""
        return standard_deck(range(9, ACE + 1))


PRESETS: dict[str, dict[str, Any]] = {"american_hoyle": {}}


class Phase(IntEnum):
    """Where a set-back deal stands; each phase has its own legal actions."""

    DEAL = 0
    BID1 = 1
    DEALER_DISCARD = 2
    BID2 = 3
    DECLARE = 4
    THROW_IN = 5
    PLAY = 6
    OVER = 7


_PLAY = Phase.PLAY
PASS = make_action(A.PASS)
ORDER = make_action(A.ORDER)
DECLARE = make_action(A.DECLARE)
THROW_IN = make_action(A.THROW_IN)
DISCARD_BASE = make_action(A.DISCARD)


class SetbackEuchre(Game[SetbackEuchreRules]):
    """Set-back Euchre: four individuals, the maker alone against three."""

    name = "setback_euchre"
    presets = PRESETS
    scores_count_down = True

    def __init__(self, rules: SetbackEuchreRules | None = None) -> None:
        super().__init__(rules or SetbackEuchreRules(), SEATS)
        self.deck = tuple(self.rules.deck_cards())

    @classmethod
    def from_spec(cls, spec: object = None, players: int | None = None) -> SetbackEuchre:
        """Rules from a record's ``rules`` object or a rule string (4 players)."""
        if players not in (None, SEATS):
            raise RuleError(f"setback_euchre is played by 4 players, not {players}")
        return cls(build_rules(SetbackEuchreRules, PRESETS, spec, cls.name))

    @property
    def sides(self) -> list[list[int]]:
        return [[seat] for seat in range(SEATS)]

    def rules_dict(self) -> dict[str, Any]:
        return rules_to_dict(self.rules, PRESETS)

    def new_state(self, first_dealer: int) -> SetbackEuchreState:
        if first_dealer not in range(SEATS):
            raise RecordError(f"first_dealer must be a seat 0..3, not {first_dealer!r}")
        return SetbackEuchreState(self, first_dealer)

    def choose_first_dealer(self, rng: random.Random) -> int:
        """By ``first_dealer``, exactly as euchre draws (RULES.md 1.2)."""
        drawing = Euchre(EuchreRules(first_dealer=self.rules.first_dealer))
        return drawing.choose_first_dealer(rng)


class SetbackEuchreState(State):
    """A match of set-back euchre in progress."""

    play_phase = Phase.PLAY

    DISPLAY_PHASES: ClassVar[dict[Phase, str]] = {
        Phase.DEAL: "deal",
        Phase.BID1: "bidding, round 1",
        Phase.DEALER_DISCARD: "dealer discards",
        Phase.BID2: "bidding, round 2",
        Phase.DECLARE: "declare a march?",
        Phase.THROW_IN: "throw in?",
        Phase.PLAY: "play",
        Phase.OVER: "over",
    }

    __slots__ = (
        "active_count",
        "dealer_took_up",
        "declared",
        "discards",
        "maker",
        "match_winner",
        "next_active",
        "out_mask",
        "pool",
        "queue",
        "r",
        "seat_scores",
        "sheet",
        "stakes_paid",
        "stock",
        "table",
        "tricks_won",
        "trump",
        "turned_down",
        "upcard",
        "upsuit",
    )

    def __init__(self, game: SetbackEuchre, first_dealer: int) -> None:
        self.game: SetbackEuchre = game
        self.r = game.rules
        self._start_match(first_dealer)
        self.seat_scores = [self.r.start_score] * SEATS
        self.pool = self.r.ante * SEATS
        self.stakes_paid = [0] * SEATS
        self.sheet: list[DealSummary] = []
        self.match_winner: int | list[int] | None = None
        self._reset_deal()
        self.phase = Phase.DEAL
        self.to_act = CHANCE

    # -- deal-level state ------------------------------------------------------------------
    def _reset_deal(self) -> None:
        self.hands = [0, 0, 0, 0]
        self.upcard: Card = -1
        self.upsuit: Suit = -1
        self.stock: list[Card] = []
        self.turned_down = False
        self.dealer_took_up = False
        self.trump: Suit = -1
        self.table: TrickRules | None = None
        self.maker = -1
        self.declared = False
        self.out_mask = 0
        self.queue: list[int] = []
        self.discards: list[list[Card]] = [[], [], [], []]
        self.trick: list[Card] = []
        self.trick_seats: list[int] = []
        self.completed: list[tuple[tuple[int, Card], ...]] = []
        self.trick_winners: list[int] = []
        self.tricks_won = [0, 0, 0, 0]
        self.led_suit = -1
        self.led_mask: CardMask = 0
        self.best_power = -1
        self.best_seat = -1
        self.active_count = SEATS
        self.next_active: tuple[int, ...] = (1, 2, 3, 0)

    # -- the step API ------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return list(self.seat_scores)

    def winner(self) -> int | list[int] | None:
        return self.match_winner

    def random_deal(self, rng: random.Random) -> Deal:
        deck = shuffled(self.game.deck, rng)
        hands: list[list[Card]] = [[] for _ in range(SEATS)]
        position = 0
        first, second = (3, 2) if self.r.packets == "3-2" else (2, 3)
        for packet in (first, second):
            for offset in range(1, SEATS + 1):
                seat = (self.dealer + offset) % SEATS
                hands[seat].extend(deck[position : position + packet])
                position += packet
        return Deal(
            tuple(tuple(hand) for hand in hands), deck[position], tuple(deck[position + 1 :])
        )

    def deal(self, deal: Deal) -> None:
        if self.phase != Phase.DEAL:
            raise RecordError("no deal is due now: " + self.DISPLAY_PHASES[self.phase])
        check_deal_cards(deal, self.game.deck, [HAND_SIZE] * SEATS, require_full=False)
        self._begin_deal(deal)

    def _start_deal(self, deal: Deal) -> None:
        self._reset_deal()
        self.hands = [mask_of(hand) for hand in deal.hands]
        assert deal.turned is not None
        self.upcard = deal.turned
        self.upsuit = suit_of(deal.turned)
        self.stock = list(deal.stock)
        self.phase, self.to_act = Phase.BID1, (self.dealer + 1) % SEATS

    def _save_mark(self) -> tuple[tuple[int, ...], int, tuple[int, ...], int, int]:
        return (
            tuple(self.seat_scores),
            self.pool,
            tuple(self.stakes_paid),
            self.dealer,
            len(self.sheet),
        )

    def _restore_mark(self, mark: tuple[tuple[int, ...], int, tuple[int, ...], int, int]) -> None:
        scores, self.pool, stakes, self.dealer, sheet_length = mark
        self.seat_scores, self.stakes_paid = list(scores), list(stakes)
        del self.sheet[sheet_length:]
        self.match_winner = None

    # -- legality ----------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is _PLAY:
            return self._playable_actions()
        if phase == Phase.BID1:
            return [ORDER, PASS]
        if phase == Phase.BID2:
            stuck = self.r.stick_the_dealer and self.to_act == self.dealer
            return round_two_calls(self.upsuit, stuck)
        if phase == Phase.DEALER_DISCARD:
            return [DISCARD_BASE + card for card in cards_of(self.hands[self.to_act])]
        if phase == Phase.DECLARE:
            return [DECLARE, PASS]
        if phase == Phase.THROW_IN:
            return [PASS] if self._must_stay() else [THROW_IN, PASS]
        return []

    def _must_stay(self) -> bool:
        """Not in RULES.md: at least one defender must play against the maker, so the last
        defender asked may not throw in when both others have."""
        return len(self.queue) == 1 and self.out_mask.bit_count() == 2

    def why_illegal(self, action: Action) -> str:
        seat, phase = self.to_act, self.phase
        kind, argument = action >> 7, action & 127
        if phase in (Phase.DEAL, Phase.OVER):
            return super().why_illegal(action)
        if kind in (A.ORDER_ALONE, A.CALL_ALONE, A.ALONE):
            return "in set-back euchre the maker always plays alone: say 'order' or 'call X'"
        if phase == Phase.PLAY and kind == A.PLAY:
            if not self.hands[seat] >> argument & 1:
                return f"seat {seat} does not hold {card_name(argument)}"
            return f"seat {seat} must follow suit"
        if kind == A.DISCARD and phase == Phase.DEALER_DISCARD:
            return f"seat {seat} does not hold {card_name(argument)}"
        if phase == Phase.BID1 and kind == A.CALL:
            return "round 1 orders the up-card's suit; suits are called in round 2"
        if phase == Phase.BID2 and kind == A.CALL and argument == self.upsuit:
            return f"the turned-down suit {SUIT_LETTERS[argument]} cannot be called"
        if phase == Phase.BID2 and kind == A.ORDER:
            return "the up-card is turned down; round 2 calls a suit"
        if phase == Phase.BID2 and action == PASS:
            return "stick the dealer: the dealer must call a suit"
        if action == THROW_IN:
            if phase == Phase.THROW_IN:
                return (
                    "at least one defender must play against the maker: seats "
                    + " and ".join(str(s) for s in range(SEATS) if self.out_mask >> s & 1)
                    + " have thrown in"
                )
            return "only a defender may throw in, after trump is made and before the first lead"
        if action == DECLARE:
            if not self.r.declare_march:
                return "declaring a march needs the option declare_march"
            return "only the maker may declare, after trump is made and before the first lead"
        return f"not allowed in phase '{self.DISPLAY_PHASES[phase]}' for seat {seat}"

    # -- transitions -------------------------------------------------------------------------
    def _step(self, action: Action) -> None:
        phase = self.phase
        seat = self.to_act
        if phase is _PLAY:
            self._play(seat, action)
        elif phase == Phase.BID1:
            if action == PASS:
                self._next_bidder()
            else:
                self._make_trump(seat, self.upsuit, round_one=True)
        elif phase == Phase.BID2:
            if action == PASS:
                self._next_bidder()
            else:
                self._make_trump(seat, action & 127, round_one=False)
        elif phase == Phase.DEALER_DISCARD:
            card = action & 127
            self.hands[seat] &= ~(1 << card)
            self.discards[seat].append(card)
            self._enter_declare()
        elif phase == Phase.DECLARE:
            self.declared = action == DECLARE
            self._enter_throw_in()
        elif phase == Phase.THROW_IN:
            if action == THROW_IN:
                self.out_mask |= 1 << seat
            self.queue.pop(0)
            if self.queue:
                self.to_act = self.queue[0]
            else:
                self._start_play()
        else:  # pragma: no cover - guarded by legal_actions
            raise AssertionError(f"no action expected in phase {phase}")

    def _next_bidder(self) -> None:
        seat = self.to_act
        if seat != self.dealer:
            self.to_act = (seat + 1) % SEATS
            return
        if self.phase == Phase.BID1:
            self.turned_down = True
            self.phase, self.to_act = Phase.BID2, (self.dealer + 1) % SEATS
            return
        summary = self._summary([0] * SEATS, ["all passed: the deal is thrown in"], True, True)
        self.sheet.append(summary)
        self._next_deal(None)

    def _make_trump(self, seat: int, suit: Suit, round_one: bool) -> None:
        self.trump = suit
        self.table = euchre_rules(suit, None)
        self.maker = seat
        if round_one:
            # RULES.md 1.3: the dealer picks up the up-card and discards, maker or not.
            self.hands[self.dealer] |= 1 << self.upcard
            self.dealer_took_up = True
            self.phase, self.to_act = Phase.DEALER_DISCARD, self.dealer
            return
        self._enter_declare()

    def _enter_declare(self) -> None:
        if self.r.declare_march:
            self.phase, self.to_act = Phase.DECLARE, self.maker
            return
        self._enter_throw_in()

    def _enter_throw_in(self) -> None:
        """Each defender, from eldest, decides ``throw in`` or ``pass`` (stays in)."""
        self.queue = [s for s in self._from_eldest() if s != self.maker]
        self.phase, self.to_act = Phase.THROW_IN, self.queue[0]

    def _from_eldest(self) -> list[int]:
        return [(self.dealer + offset) % SEATS for offset in range(1, SEATS + 1)]

    def _start_play(self) -> None:
        out = self.out_mask
        if self.declared:
            leader = self.maker  # seed 001: the declarer of a march leads the first trick
        else:
            leader = (self.dealer + 1) % SEATS
            while out >> leader & 1:  # eldest leads; if eldest threw in, the next active seat
                leader = (leader + 1) % SEATS
        self.active_count = SEATS - out.bit_count()
        self.next_active = tuple(self._next_active_seat(seat) for seat in range(SEATS))
        self.phase, self.to_act = Phase.PLAY, leader

    def _next_active_seat(self, seat: int) -> int:
        nxt = (seat + 1) % SEATS
        while self.out_mask >> nxt & 1:
            nxt = (nxt + 1) % SEATS
        return nxt

    def _play(self, seat: int, card: Card) -> None:
        table = self.table
        assert table is not None
        self._lay_card(seat, card, table)
        if len(self.trick) < self.active_count:
            self.to_act = self.next_active[seat]
            return
        winner = self._close_trick()
        self.tricks_won[winner] += 1
        if len(self.completed) < HAND_SIZE:
            self.to_act = winner
            return
        self._score_play()

    # -- scoring -----------------------------------------------------------------------------
    def _score_play(self) -> None:
        r = self.r
        maker = self.maker
        taken = self.tricks_won
        before = list(self.seat_scores)
        change = [0] * SEATS
        stakes = [0] * SEATS
        events: list[str] = []
        made = taken[maker] >= MAKE
        march_won = self.declared and taken[maker] == HAND_SIZE
        if self.declared and not march_won:
            # Not in RULES.md: failing a declared march replaces the maker's other scoring:
            # the score before the deal doubles, and one stake is paid (one in all, also
            # when the maker is euchred as well).
            change[maker] = before[maker]
            stakes[maker] = 1
            events.append(
                f"seat {maker} fails the declared march ({_tricks(taken[maker])}):"
                f" score doubled {before[maker]} -> {2 * before[maker]}, pays a stake"
            )
        elif not made:
            # Not in RULES.md: a euchred maker's tricks do not subtract (as a set bidder in
            # bid euchre, RULES.md 1.10), and the euchre's 2 replaces the no-trick 1.
            change[maker] = 2
            stakes[maker] = 1
            events.append(
                f"seat {maker} (maker) euchred with {_tricks(taken[maker])}:"
                " set back 2, pays a stake"
            )
        else:
            change[maker] = -taken[maker]
            what = "declared march" if march_won else ("march" if taken[maker] == 5 else "makes")
            events.append(f"seat {maker} (maker) {what}, {_tricks(taken[maker])}: -{taken[maker]}")
        for seat in self._from_eldest():
            if seat == maker:
                continue
            if self.out_mask >> seat & 1:
                events.append(f"seat {seat} threw in: no change")
                continue
            if taken[seat]:
                change[seat] -= taken[seat]
                events.append(f"seat {seat} takes {_tricks(taken[seat])}: -{taken[seat]}")
            else:
                change[seat] += 1
                events.append(f"seat {seat} takes no trick: set back 1")
            if not made and r.euchre_relief:
                # Not in RULES.md: the relief is for defenders who played, on top of
                # their own tricks (or the no-trick set-back).
                change[seat] -= 2
                events.append(f"seat {seat} euchre relief: -2")
        for seat in range(SEATS):
            self.seat_scores[seat] += change[seat]
            self.stakes_paid[seat] += stakes[seat]
        self.pool += sum(stakes)
        if sum(stakes):
            events.append(f"pool now {self.pool} stakes")
        decided: int | list[int] | None = None
        reached = [s for s in range(SEATS) if self.seat_scores[s] <= 0]
        if march_won:
            decided = maker
            events.append(f"seat {maker} made the declared march: wins the game and the pool")
        elif reached:
            # RULES.md: the lower score wins; not in RULES.md: equal lowest scores share.
            low = min(self.seat_scores[s] for s in reached)
            tied = [s for s in reached if self.seat_scores[s] == low]
            if len(tied) == 1:
                decided = tied[0]
                events.append(f"seat {decided} wins the game and the pool ({self.pool} stakes)")
            else:
                decided = tied
                seats = " and ".join(str(s) for s in tied)
                events.append(
                    f"seats {seats} tie at {low}: they share the pool ({self.pool} stakes)"
                )
        summary = self._summary(change, events, True, stakes=stakes)
        self.sheet.append(summary)
        self._next_deal(decided)

    def _summary(
        self,
        points: list[int],
        events: list[str],
        complete: bool,
        thrown_in: bool = False,
        stakes: list[int] | None = None,
    ) -> DealSummary:
        return DealSummary(
            points=points,
            scores=list(self.seat_scores),
            tricks=list(self.tricks_won),
            trump=SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            makers=self.maker if self.maker >= 0 else None,
            events=events,
            complete=complete,
            thrown_in=thrown_in,
            extra={
                "dealer": self.dealer,
                "pool": self.pool,
                "stakes": list(stakes) if stakes is not None else [0] * SEATS,
                "threw_in": [s for s in range(SEATS) if self.out_mask >> s & 1],
                "declared": self.declared,
            },
        )

    def _next_deal(self, decided: int | list[int] | None) -> None:
        if decided is not None:
            self.match_winner = decided
            self.phase, self.to_act = Phase.OVER, TERMINAL
            return
        self.dealer = (self.dealer + 1) % SEATS
        self.phase, self.to_act = Phase.DEAL, CHANCE

    # -- what people and bots see -----------------------------------------------------------
    def summaries(self) -> list[DealSummary]:
        out = list(self.sheet)
        if self.deals and len(self.sheet) < len(self.deals):
            out.append(self._summary([0] * SEATS, [], complete=False))
        return out

    def public_facts(self) -> dict[str, Any]:
        """Facts every seat may know, by name (used by views, the CLI and the server)."""
        return {
            "upcard": card_name(self.upcard) if self.upcard >= 0 else None,
            "upcard_suit": SUIT_LETTERS[self.upsuit] if self.upsuit >= 0 else None,
            "turned_down": self.turned_down,
            "dealer_took_up": self.dealer_took_up,
            "trump": SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            "maker": self.maker if self.maker >= 0 else None,
            "declared": self.declared,
            "threw_in": [s for s in range(SEATS) if self.out_mask >> s & 1],
            "sitting_out": [s for s in range(SEATS) if self.out_mask >> s & 1],
            "tricks_won": list(self.tricks_won),
            "pool": self.pool,
            "stakes_paid": list(self.stakes_paid),
            "start_score": self.r.start_score,
        }

    def view(self, seat: int) -> SeatView:
        public = self.public_facts()
        public["own_discards"] = [card_name(c) for c in self.discards[seat]]
        return self._seat_view(seat, public)

    def hidden_from(self, seat: int) -> CardMask:
        hidden = mask_of(self.stock)
        for other in range(SEATS):
            if other != seat:
                hidden |= self.hands[other] | mask_of(self.discards[other])
        if self.upcard >= 0:  # the up-card was shown to everyone
            hidden &= ~(1 << self.upcard)
        return hidden

    def actor_history(self) -> list[tuple[int, Action]]:
        """This deal's decisions with the seat that took each."""
        if not self.actions:
            return []
        return list(zip(self.actors[-1], self.actions[-1], strict=True))


def _tricks(count: int) -> str:
    return f"{count} trick" + ("" if count == 1 else "s")


__all__ = [
    "PRESETS",
    "Phase",
    "SetbackEuchre",
    "SetbackEuchreRules",
    "SetbackEuchreState",
]
