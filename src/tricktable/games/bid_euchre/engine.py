"""Individual Bid Euchre (Indiana) exactly as RULES.md section 1.10 (seed 001).

Three or four players, each for themself, share the whole 24-card deck (8 or 6
cards each, no kitty). Everyone starts at ``start_score`` (21) and counts down:
each trick taken subtracts 1, a *set* adds ``set_points`` (5); the first to 0 or
below wins, so **lower scores are better**. One round of bidding from eldest
(``bid N`` above the current bid, or ``pass``; the dealer must bid when everyone
else passed); the high bidder names trump (``name X``, euchre ranking with the
bowers), ``high`` (no trump, A K Q J T 9) or ``low`` (no trump, 9 T J Q K A) and
leads; first every other player, from the bidder's left, says ``stay`` or ``drop``.

>>> import random
>>> from tricktable.games.bid_euchre.engine import BidEuchre
>>> game = BidEuchre.from_spec("bid_euchre", players=3)
>>> len(game.deck), game.hand_size, game.sides
(24, 8, [[0], [1], [2]])
>>> state = game.new_state(first_dealer=2)
>>> state.deal_random(random.Random(1))
>>> state.current_player, state.legal_texts()[:3]   # eldest bids first
(0, ['bid 1', 'bid 2', 'bid 3'])
>>> state.apply_text("pass"); state.apply_text("bid 3")
>>> state.legal_texts()                             # the dealer may overbid or pass
['bid 4', 'bid 5', 'bid 6', 'bid 7', 'bid 8', 'pass']
>>> state.apply_text("pass"); state.current_player  # seat 1 names trump
1
>>> state.apply_text("low"); state.legal_texts()     # seat 2 (left of seat 1) decides
['drop', 'stay']

Choices where RULES.md is silent are documented in ``docs/rules/bid_euchre.md`` and at
the places in this module that implement them.
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
    SUIT_NAMES,
    Card,
    CardMask,
    card_name,
    mask_of,
    shuffled,
    standard_deck,
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
from tricktable.rules import build_rules, option, rules_to_dict
from tricktable.tricks import TrickRules, euchre_rules, plain_rules

DECK_SIZE = 24
PLAYER_COUNTS = (3, 4)
DEFAULT_PLAYERS = 4
PACKETS: dict[int, tuple[int, ...]] = {4: (3, 3), 3: (3, 3, 2)}
"""Dealing pattern (RULES.md is silent): packets of 3 from eldest, clockwise; with three
players a last round of 2 completes the 8 cards."""

HIGH = "high"
"""The ``trump`` of a no-trump hand with natural ranks (A K Q J T 9)."""
LOW = "low"
"""The ``trump`` of a no-trump hand with reversed ranks (9 T J Q K A)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BidEuchreRules:
    """Every option of RULES.md 1.10 (individual bid euchre) with its Indiana default."""

    preset: str = "indiana"
    start_score: int = option(21, "each player's starting score; the first to 0 wins", minimum=1)
    set_points: int = option(
        5, "added to a bidder short of the bid, or a staying player without a trick", minimum=0
    )


PRESETS: dict[str, dict[str, Any]] = {"indiana": {}}


class Phase(IntEnum):
    """Where a bid-euchre deal stands; each phase has its own legal actions."""

    DEAL = 0
    BID = 1
    NAME = 2
    STAY = 3
    PLAY = 4
    OVER = 5


_PLAY = Phase.PLAY
PASS = make_action(A.PASS)
STAY = make_action(A.STAY)
DROP = make_action(A.DROP)
HIGH_ACTION = make_action(A.HIGH)
LOW_ACTION = make_action(A.LOW)
BID_BASE = make_action(A.BID)
NAME_ACTIONS = tuple(make_action(A.NAME, suit) for suit in range(4))
CONTRACTS = (*NAME_ACTIONS, HIGH_ACTION, LOW_ACTION)
"""Every way to name trump, in the order ``legal_actions`` lists them."""


def contract_of(action: Action) -> str:
    """The replay-JSON ``trump`` of a naming action: a suit letter, ``high`` or ``low``.

    >>> from tricktable.actions import parse_action
    >>> contract_of(parse_action("name H")), contract_of(parse_action("low"))
    ('H', 'low')
    """
    if action == HIGH_ACTION:
        return HIGH
    if action == LOW_ACTION:
        return LOW
    return SUIT_LETTERS[action & 127]


def trick_table(contract: str) -> TrickRules:
    """The trick rules of a contract: euchre ranking with bowers for a suit, natural
    ranks for ``high``, reversed ranks (nine highest, ace lowest) for ``low``."""
    if contract == HIGH:
        return plain_rules()
    if contract == LOW:
        return plain_rules(low=True)
    return euchre_rules(SUIT_LETTERS.index(contract), None)


class BidEuchre(Game[BidEuchreRules]):
    """Individual bid euchre for 3 or 4 players, each for themself."""

    name = "bid_euchre"
    presets = PRESETS
    scores_count_down = True

    def __init__(self, rules: BidEuchreRules | None = None, players: int = DEFAULT_PLAYERS) -> None:
        if players not in PLAYER_COUNTS:
            raise RuleError(f"bid_euchre is played by 3 or 4 players, not {players}")
        super().__init__(rules or BidEuchreRules(), players)
        self.deck: tuple[Card, ...] = tuple(standard_deck(range(9, ACE + 1)))
        self.hand_size = DECK_SIZE // players

    @classmethod
    def from_spec(cls, spec: object = None, players: int | None = None) -> BidEuchre:
        """Rules from a record's ``rules`` object or a rule string (3 or 4 players)."""
        rules = build_rules(BidEuchreRules, PRESETS, spec, cls.name)
        return cls(rules, DEFAULT_PLAYERS if players is None else players)

    @property
    def sides(self) -> list[list[int]]:
        return [[seat] for seat in range(self.players)]

    def rules_dict(self) -> dict[str, Any]:
        return rules_to_dict(self.rules, PRESETS)

    def new_state(self, first_dealer: int) -> BidEuchreState:
        if first_dealer not in range(self.players):
            raise RecordError(
                f"first_dealer must be a seat 0..{self.players - 1}, not {first_dealer!r}"
            )
        return BidEuchreState(self, first_dealer)

    def choose_first_dealer(self, rng: random.Random) -> int:
        """The first dealer is chosen at random (RULES.md 1.2's default)."""
        return rng.randrange(self.players)


class BidEuchreState(State):
    """A match of individual bid euchre in progress."""

    play_phase = Phase.PLAY

    DISPLAY_PHASES: ClassVar[dict[Phase, str]] = {
        Phase.DEAL: "deal",
        Phase.BID: "bidding",
        Phase.NAME: "name trump",
        Phase.STAY: "stay or drop",
        Phase.PLAY: "play",
        Phase.OVER: "over",
    }

    __slots__ = (
        "active_count",
        "bidder",
        "bids",
        "contract",
        "decisions",
        "high_bid",
        "match_winner",
        "n",
        "next_active",
        "out_mask",
        "queue",
        "r",
        "sets",
        "sheet",
        "table",
        "totals",
        "tricks_won",
    )

    def __init__(self, game: BidEuchre, first_dealer: int) -> None:
        self.game: BidEuchre = game
        self.r = game.rules
        self.n = game.players
        self._start_match(first_dealer)
        self.totals = [self.r.start_score] * self.n
        self.sets = [0] * self.n
        """Per seat, how many hands it has been set in this match (the second tie-break)."""
        self.sheet: list[DealSummary] = []
        self.match_winner: int | list[int] | None = None
        self._reset_deal()
        self.phase = Phase.DEAL
        self.to_act = CHANCE

    def _reset_deal(self) -> None:
        n = self.n
        self.hands = [0] * n
        self.bids: list[int | None] = [None] * n
        self.high_bid = 0
        self.bidder = -1
        self.contract: str | None = None
        self.table: TrickRules = plain_rules()
        self.decisions: list[str | None] = [None] * n
        self.out_mask = 0
        self.queue: list[int] = []
        self.trick: list[Card] = []
        self.trick_seats: list[int] = []
        self.completed: list[tuple[tuple[int, Card], ...]] = []
        self.trick_winners: list[int] = []
        self.tricks_won = [0] * n
        self.led_suit = -1
        self.led_mask: CardMask = 0
        self.best_power = -1
        self.best_seat = -1
        self.active_count = n
        self.next_active: tuple[int, ...] = tuple((seat + 1) % n for seat in range(n))

    # -- the step API ------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return list(self.totals)

    def winner(self) -> int | list[int] | None:
        return self.match_winner

    def random_deal(self, rng: random.Random) -> Deal:
        """The whole deck dealt in packets of 3 from eldest (see ``PACKETS``)."""
        deck = shuffled(self.game.deck, rng)
        hands: list[list[Card]] = [[] for _ in range(self.n)]
        position = 0
        for packet in PACKETS[self.n]:
            for offset in range(1, self.n + 1):
                seat = (self.dealer + offset) % self.n
                hands[seat].extend(deck[position : position + packet])
                position += packet
        return Deal(tuple(tuple(hand) for hand in hands), None, ())

    def deal(self, deal: Deal) -> None:
        if self.phase != Phase.DEAL:
            raise RecordError("no deal is due now: " + self._phase_name())
        check_deal_cards(
            deal,
            self.game.deck,
            [self.game.hand_size] * self.n,
            require_full=True,
            turned_required=False,
        )
        self._begin_deal(deal)

    def deal_random(self, rng: random.Random) -> None:
        if self.phase != Phase.DEAL:
            raise RecordError("no deal is due now: " + self._phase_name())
        self._begin_deal(self.random_deal(rng))

    def _start_deal(self, deal: Deal) -> None:
        self._reset_deal()
        self.hands = [mask_of(hand) for hand in deal.hands]
        self.phase, self.to_act = Phase.BID, (self.dealer + 1) % self.n

    def _save_mark(self) -> tuple[tuple[int, ...], tuple[int, ...], int, int]:
        return (tuple(self.totals), tuple(self.sets), self.dealer, len(self.sheet))

    def _restore_mark(self, mark: tuple[tuple[int, ...], tuple[int, ...], int, int]) -> None:
        totals, sets, self.dealer, length = mark
        self.totals, self.sets = list(totals), list(sets)
        del self.sheet[length:]
        self.match_winner = None

    # -- legal actions -----------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is _PLAY:
            return self._playable_actions()
        if phase == Phase.BID:
            if self._dealer_stuck():
                return [BID_BASE + 1]  # RULES.md 1.10: if all pass the dealer must bid 1
            out = [BID_BASE + n for n in range(self.high_bid + 1, self.game.hand_size + 1)]
            out.append(PASS)
            return out
        if phase == Phase.NAME:
            return list(CONTRACTS)
        if phase == Phase.STAY:
            return [STAY, DROP]
        return []

    def _dealer_stuck(self) -> bool:
        """The dealer, with every other player passed, must bid 1 (RULES.md 1.10)."""
        return self.to_act == self.dealer and self.bidder < 0

    def why_illegal(self, action: Action) -> str:
        phase, seat = self.phase, self.to_act
        kind, argument = action >> 7, action & 127
        if phase in (Phase.DEAL, Phase.OVER):
            return super().why_illegal(action)
        size = self.game.hand_size
        if phase == Phase.BID:
            if kind == A.BID:
                if self._dealer_stuck() and 1 <= argument <= size:
                    return "everyone else passed: the dealer must bid 1"
                if argument < 1 or argument > size:
                    return f"a bid is a number of tricks from 1 to {size}"
                if self.high_bid >= size:
                    return f"seat {self.bidder} has bid all {size} tricks: only pass is left"
                return f"a bid must be higher than the current bid of {self.high_bid}"
            if action == PASS:
                return "everyone else passed: the dealer must bid 1"
            return f"bidding: seat {seat} may bid a number of tricks or pass"
        if phase == Phase.NAME:
            return f"seat {seat} won the bid and must name trump: name S/H/D/C, high or low"
        if phase == Phase.STAY:
            return f"seat {seat} must decide to stay in the hand or drop out of it"
        if kind == A.PLAY:
            if not self.hands[seat] >> argument & 1:
                return f"seat {seat} does not hold {card_name(argument)}"
            return f"seat {seat} must follow the led suit ({self._led_name()})"
        return f"not allowed in phase '{self._phase_name()}' for seat {seat}: play a card"

    def _led_name(self) -> str:
        name = SUIT_NAMES[self.led_suit]
        if self.led_suit == self.table.trump:
            return f"{name}, trump: the left bower counts as a trump"
        return name

    def _phase_name(self) -> str:
        return self.DISPLAY_PHASES[self.phase]

    # -- transitions -------------------------------------------------------------------------
    def _step(self, action: Action) -> None:
        phase, seat = self.phase, self.to_act
        if phase is _PLAY:
            self._play(seat, action)
        elif phase == Phase.BID:
            if action != PASS:
                self.bids[seat] = action & 127
                self.high_bid, self.bidder = action & 127, seat
            if seat == self.dealer:
                # One round only: the dealer bids last; the last bid is the high bid.
                self.phase, self.to_act = Phase.NAME, self.bidder
            else:
                self.to_act = (seat + 1) % self.n
        elif phase == Phase.NAME:
            self.contract = contract_of(action)
            self.table = trick_table(self.contract)
            self.queue = [(self.bidder + offset) % self.n for offset in range(1, self.n)]
            self.phase, self.to_act = Phase.STAY, self.queue[0]
        elif phase == Phase.STAY:
            self.decisions[seat] = "stay" if action == STAY else "drop"
            if action == DROP:
                self.out_mask |= 1 << seat
            self.queue.pop(0)
            if self.queue:
                self.to_act = self.queue[0]
            elif self.out_mask.bit_count() == self.n - 1:
                # Everyone else dropped: the hand is not played, the bidder takes every trick.
                self.tricks_won[self.bidder] = self.game.hand_size
                self._score_deal(unopposed=True)
            else:
                self._start_play()
        else:  # pragma: no cover - guarded by legal_actions
            raise AssertionError(f"no action expected in phase {phase}")

    def _start_play(self) -> None:
        self.active_count = self.n - self.out_mask.bit_count()
        self.next_active = tuple(self._next_active_seat(seat) for seat in range(self.n))
        self.phase, self.to_act = Phase.PLAY, self.bidder

    def _next_active_seat(self, seat: int) -> int:
        nxt = (seat + 1) % self.n
        while self.out_mask >> nxt & 1:
            nxt = (nxt + 1) % self.n
        return nxt

    def _play(self, seat: int, card: Card) -> None:
        table = self.table
        self._lay_card(seat, card, table)
        if len(self.trick) < self.active_count:
            self.to_act = self.next_active[seat]
            return
        winner = self._close_trick()
        self.tricks_won[winner] += 1
        if len(self.completed) < self.game.hand_size:
            self.to_act = winner
            return
        self._score_deal(unopposed=False)

    def _score_deal(self, unopposed: bool) -> None:
        """RULES.md 1.10: a trick subtracts 1; a set adds ``set_points`` instead."""
        set_points = self.r.set_points
        points = [0] * self.n
        events: list[str] = []
        bidder, bid = self.bidder, self.high_bid
        if unopposed:
            size = self.game.hand_size
            events.append(f"everyone else drops: seat {bidder} takes all {size} tricks unplayed")
        for seat in self._from_left_of(bidder):
            taken = self.tricks_won[seat]
            if self.out_mask >> seat & 1:
                events.append(f"seat {seat} dropped: no change")
            elif seat == bidder:
                if taken >= bid:
                    points[seat] = -taken
                    events.append(
                        f"seat {seat} makes the bid of {bid} with {_tricks(taken)}: -{taken}"
                    )
                else:
                    # A set bidder takes the penalty only; its tricks are not subtracted.
                    points[seat] = set_points
                    self.sets[seat] += 1
                    events.append(
                        f"seat {seat} fails the bid of {bid} with {_tricks(taken)},"
                        f" set: +{set_points}"
                    )
            elif taken == 0:
                points[seat] = set_points
                self.sets[seat] += 1
                events.append(f"seat {seat} takes no trick after staying, set: +{set_points}")
            else:
                points[seat] = -taken
                events.append(f"seat {seat} takes {_tricks(taken)}: -{taken}")
        for seat in range(self.n):
            self.totals[seat] += points[seat]
        summary = self._summary(points, events, complete=True)
        decided = self._decide()
        if decided is not None:
            summary.events.append(self._result_text(decided))
        self.sheet.append(summary)
        if decided is not None:
            self.match_winner = decided
            self.phase, self.to_act = Phase.OVER, TERMINAL
            return
        self.dealer = (self.dealer + 1) % self.n
        self.phase, self.to_act = Phase.DEAL, CHANCE

    def _decide(self) -> int | list[int] | None:
        """Once a score is 0 or below: the lowest score wins, then the fewest hands set;
        players still tied share the win."""
        totals = self.totals
        if min(totals) > 0:
            return None
        best = min(totals)
        leaders = [seat for seat in range(self.n) if totals[seat] == best]
        fewest = min(self.sets[seat] for seat in leaders)
        leaders = [seat for seat in leaders if self.sets[seat] == fewest]
        return leaders[0] if len(leaders) == 1 else leaders

    def _result_text(self, decided: int | list[int]) -> str:
        if isinstance(decided, list):
            return "shared win: seats " + ", ".join(str(seat) for seat in decided)
        score = self.totals[decided]
        tied = sum(1 for total in self.totals if total == score) > 1
        return f"seat {decided} wins with {score}" + (" (fewest hands set)" if tied else "")

    def _bidding_over(self) -> bool:
        """Whether the high bidder is the bidder of this deal (also after the deal)."""
        return self.phase not in (Phase.DEAL, Phase.BID) or self.contract is not None

    def _from_left_of(self, seat: int) -> list[int]:
        return [(seat + offset) % self.n for offset in range(self.n)]

    def _summary(self, points: list[int], events: list[str], complete: bool) -> DealSummary:
        bidding_over = self._bidding_over()
        return DealSummary(
            points=points,
            scores=list(self.totals),
            tricks=list(self.tricks_won),
            trump=self.contract,
            makers=self.bidder if bidding_over and self.bidder >= 0 else None,
            events=events,
            complete=complete,
            bids=list(self.bids),
            extra={
                "dealer": self.dealer,
                "dropped": [seat for seat in range(self.n) if self.out_mask >> seat & 1],
                "sets": list(self.sets),
            },
        )

    # -- what people and bots see -----------------------------------------------------------
    def summaries(self) -> list[DealSummary]:
        out = list(self.sheet)
        if self.deals and len(self.sheet) < len(self.deals):
            out.append(self._summary([0] * self.n, [], complete=False))
        return out

    def public_facts(self) -> dict[str, Any]:
        """Facts every seat may know, by name (used by views, the CLI and the server)."""
        bidding_over = self._bidding_over()
        dropped = [seat for seat in range(self.n) if self.out_mask >> seat & 1]
        return {
            "hand_size": self.game.hand_size,
            "bids": list(self.bids),
            "high_bid": self.high_bid if self.high_bid else None,
            "bidder": self.bidder if self.bidder >= 0 else None,
            "maker": self.bidder if bidding_over and self.bidder >= 0 else None,
            "trump": self.contract,
            "decisions": list(self.decisions),
            "dropped": dropped,
            "sitting_out": dropped,
            "tricks_won": list(self.tricks_won),
            "sets": list(self.sets),
            "start_score": self.r.start_score,
            "set_points": self.r.set_points,
        }

    def view(self, seat: int) -> SeatView:
        return self._seat_view(seat, self.public_facts())

    def hidden_from(self, seat: int) -> CardMask:
        """Every other seat's unplayed cards, a dropped seat's included (they are never
        shown, even after the deal)."""
        hidden = 0
        for other in range(self.n):
            if other != seat:
                hidden |= self.hands[other]
        return hidden


def _tricks(count: int) -> str:
    return f"{count} trick" + ("" if count == 1 else "s")
