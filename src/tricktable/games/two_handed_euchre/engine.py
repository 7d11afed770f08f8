"""Two-handed Euchre exactly as RULES.md section 1.10 (1844 / Keller).

Two players, each for themself. The euchre deck (24 cards, or the 32-card 1844 deck)
is ranked as in four-handed Euchre (right and left bower on top of trump). Five cards
each, the up-card turned; the non-dealer then the dealer `order`s (the dealer's "take it
up") or `pass`es; after an order the dealer picks up the up-card and `discard`s one. In
round two (up-card turned down) the non-dealer then the dealer may `call X` or `pass`;
if both pass the deal is thrown in and the deal passes. No lone hands. The non-dealer
leads; suit must be followed (the left bower is a trump). Makers taking 3 or 4 tricks
score 1, all 5 (a march) 2; euchred makers give the defender 2. Game is 5.

>>> import random
>>> from tricktable.games.two_handed_euchre.engine import TwoHandedEuchre
>>> game = TwoHandedEuchre.from_spec("two_handed_euchre(preset=mathews_1844)")
>>> game.rules.deck, game.rules.target, game.sides
(32, 5, [[0], [1]])
>>> state = game.new_state(first_dealer=1)
>>> state.deal_random(random.Random(1))
>>> state.current_player, state.legal_texts()   # the non-dealer bids first
(0, ['order', 'pass'])
>>> from tricktable.errors import IllegalActionError
>>> try:
...     state.apply_text("order alone")
... except IllegalActionError as error:
...     print(error.reason)
two-handed euchre has no lone hands

Choices where RULES.md is silent are documented in ``docs/rules/two_handed_euchre.md``
and at the places in this module that implement them.
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
    JACK,
    SUIT_LETTERS,
    SUIT_NAMES,
    Card,
    CardMask,
    Suit,
    card_name,
    cards_of,
    make_card,
    mask_of,
    rank_of,
    same_colour_suit,
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
from tricktable.games.euchre.engine import round_two_calls
from tricktable.rules import build_rules, option, rules_to_dict
from tricktable.tricks import TrickRules, euchre_rules

SEATS = 2
HAND_SIZE = 5
TRICKS_TO_MAKE = 3
"""The makers need 3 of the 5 tricks."""

LOWEST_RANK = {24: 9, 28: 8, 32: 7}
"""The lowest rank of each deck size."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TwoHandedEuchreRules:
    """Every option of two-handed Euchre with the Keller (24-card) default."""

    preset: str = "keller"
    deck: int = option(
        24, "cards: 24 (A-9), 28 (+8s), 32 (+8s, 7s: the 1844 deck)", ("24", "28", "32")
    )
    first_dealer: str = option(
        "random",
        "how the first dealer is chosen",
        ("random", "draw_low", "draw_high", "first_jack"),
    )
    packets: str = option("3-2", "dealing pattern, fixed for the match", ("3-2", "2-3"))
    stick_the_dealer: bool = option(False, "if both pass twice the dealer must call a suit")
    dealer_may_discard_upcard: bool = option(True, "the dealer may discard the card picked up")
    minimum_trump: str = option(
        "off", "a maker must hold a trump other than the left bower", ("off", "all", "dealer")
    )
    make_points: int = option(1, "makers take 3 or 4 tricks", minimum=0)
    march_points: int = option(2, "makers take all 5 tricks (a march)", minimum=0)
    euchre_points: int = option(2, "to the defender when the makers take fewer than 3", minimum=0)
    super_euchre_points: int = option(
        0, "makers take no trick: this many to the defender if more (0 = off)", minimum=0
    )
    target: int | None = option(5, "points to win the game; null = a single hand", minimum=1)

    def __post_init__(self) -> None:
        if self.deck not in LOWEST_RANK:
            raise RuleError(f"option 'deck' cannot be {self.deck}; allowed: 24, 28, 32")

    def deck_cards(self) -> list[Card]:
        """The cards of the deck in a fixed order (no Joker: RULES.md 1.10 uses no Benny)."""
        return standard_deck(range(LOWEST_RANK[self.deck], ACE + 1))


PRESETS: dict[str, dict[str, Any]] = {
    "keller": {},
    # RULES.md 1.9 gives the 1844 (Mathews) form a 32-card deck, game 5 and the first
    # dealer by the highest card drawn; the same here.
    "mathews_1844": {"deck": 32, "first_dealer": "draw_high"},
}


class Phase(IntEnum):
    """Where a two-handed deal stands; each phase has its own legal actions."""

    DEAL = 0
    BID1 = 1
    DEALER_DISCARD = 2
    BID2 = 3
    PLAY = 4
    OVER = 5


_PLAY = Phase.PLAY
PASS = make_action(A.PASS)
ORDER = make_action(A.ORDER)
DISCARD_BASE = make_action(A.DISCARD)
_ALONE_KINDS = (A.ORDER_ALONE, A.CALL_ALONE, A.ALONE, A.TAKE_OVER, A.DEFEND_ALONE)


class TwoHandedEuchre(Game[TwoHandedEuchreRules]):
    """Two-handed Euchre: two players, each for themself."""

    name = "two_handed_euchre"
    presets = PRESETS

    def __init__(self, rules: TwoHandedEuchreRules | None = None) -> None:
        super().__init__(rules or TwoHandedEuchreRules(), SEATS)
        self.deck = tuple(self.rules.deck_cards())

    @classmethod
    def from_spec(cls, spec: object = None, players: int | None = None) -> TwoHandedEuchre:
        """Rules from a record's ``rules`` object or a rule string (2 players)."""
        if players not in (None, SEATS):
            raise RuleError(f"two_handed_euchre is played by 2 players, not {players}")
        return cls(build_rules(TwoHandedEuchreRules, PRESETS, spec, cls.name))

    @property
    def sides(self) -> list[list[int]]:
        return [[0], [1]]

    def rules_dict(self) -> dict[str, Any]:
        return rules_to_dict(self.rules, PRESETS)

    def new_state(self, first_dealer: int) -> TwoHandedEuchreState:
        if first_dealer not in range(SEATS):
            raise RecordError(f"first_dealer must be a seat 0..1, not {first_dealer!r}")
        return TwoHandedEuchreState(self, first_dealer)

    def choose_first_dealer(self, rng: random.Random) -> int:
        """By ``first_dealer``: random, a draw (low or high card deals) or the first jack.

        As in four-handed Euchre (RULES.md 1.2): ties draw again; for ``draw_low`` aces
        are low and jacks rank between ten and queen; ``first_jack`` deals face up one
        card at a time from seat 0 and the seat that gets the first jack deals.
        """
        method = self.rules.first_dealer
        if method == "random":
            return rng.randrange(SEATS)
        deck = shuffled(self.deck, rng)
        if method == "first_jack":
            for index, card in enumerate(deck):
                if rank_of(card) == JACK:
                    return index % SEATS
            raise AssertionError("every euchre deck holds jacks")  # pragma: no cover
        low = method == "draw_low"

        def value(card: Card) -> float:
            rank = rank_of(card)
            if low and rank == ACE:
                return 1.0
            if low and rank == JACK:
                return 10.5
            return float(rank)

        while True:
            if len(deck) < SEATS:
                deck = shuffled(self.deck, rng)
            draws = [value(deck.pop()) for _ in range(SEATS)]
            if draws[0] != draws[1]:
                best = min(draws) if low else max(draws)
                return draws.index(best)


class TwoHandedEuchreState(State):
    """A match of two-handed Euchre in progress."""

    play_phase = Phase.PLAY

    DISPLAY_PHASES: ClassVar[dict[Phase, str]] = {
        Phase.DEAL: "deal",
        Phase.BID1: "bidding, round 1",
        Phase.DEALER_DISCARD: "dealer discards",
        Phase.BID2: "bidding, round 2",
        Phase.PLAY: "play",
        Phase.OVER: "over",
    }

    __slots__ = (
        "dealer_took_up",
        "discards",
        "maker",
        "match_winner",
        "r",
        "sheet",
        "side_scores",
        "stock",
        "table",
        "tricks_won",
        "trump",
        "turned_down",
        "upcard",
        "upsuit",
    )

    def __init__(self, game: TwoHandedEuchre, first_dealer: int) -> None:
        self.game: TwoHandedEuchre = game
        self.r = game.rules
        self._start_match(first_dealer)
        self.side_scores = [0, 0]
        self.sheet: list[DealSummary] = []
        self.match_winner: int | list[int] | None = None
        self._reset_deal()
        self.phase = Phase.DEAL
        self.to_act = CHANCE

    # -- deal-level state ------------------------------------------------------------------
    def _reset_deal(self) -> None:
        self.hands = [0, 0]
        self.upcard: Card = -1
        self.upsuit: Suit = -1
        self.stock: list[Card] = []
        self.turned_down = False
        self.dealer_took_up = False
        self.trump: Suit = -1
        self.table: TrickRules | None = None
        self.maker = -1
        self.discards: list[list[Card]] = [[], []]
        self.trick: list[Card] = []
        self.trick_seats: list[int] = []
        self.completed: list[tuple[tuple[int, Card], ...]] = []
        self.trick_winners: list[int] = []
        self.tricks_won = [0, 0]
        self.led_suit: Suit = -1
        self.led_mask: CardMask = 0
        self.best_power = -1
        self.best_seat = -1

    # -- the step API ------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return list(self.side_scores)

    def winner(self) -> int | list[int] | None:
        return self.match_winner

    @property
    def eldest(self) -> int:
        """The non-dealer: bids first in both rounds and leads to the first trick."""
        return 1 - self.dealer

    def random_deal(self, rng: random.Random) -> Deal:
        """Five cards each in two packets from the non-dealer, the up-card, the stock."""
        deck = shuffled(self.game.deck, rng)
        hands: list[list[Card]] = [[], []]
        position = 0
        first, second = (3, 2) if self.r.packets == "3-2" else (2, 3)
        for packet in (first, second):
            for seat in (self.eldest, self.dealer):
                hands[seat].extend(deck[position : position + packet])
                position += packet
        return Deal(
            tuple(tuple(hand) for hand in hands), deck[position], tuple(deck[position + 1 :])
        )

    def deal(self, deal: Deal) -> None:
        if self.phase != Phase.DEAL:
            raise RecordError("no deal is due now: " + self._phase_name())
        # The stock is never dealt from, so a record may give it partly or not at all.
        check_deal_cards(deal, self.game.deck, [HAND_SIZE] * SEATS, require_full=False)
        self._begin_deal(deal)

    def deal_random(self, rng: random.Random) -> None:
        if self.phase != Phase.DEAL:
            raise RecordError("no deal is due now: " + self._phase_name())
        self._begin_deal(self.random_deal(rng))

    def _start_deal(self, deal: Deal) -> None:
        self._reset_deal()
        self.hands = [mask_of(hand) for hand in deal.hands]
        assert deal.turned is not None
        self.upcard = deal.turned
        self.upsuit = suit_of(self.upcard)
        self.stock = list(deal.stock)
        self.phase, self.to_act = Phase.BID1, self.eldest

    def _save_mark(self) -> tuple[tuple[int, ...], int, int]:
        return (tuple(self.side_scores), self.dealer, len(self.sheet))

    def _restore_mark(self, mark: tuple[tuple[int, ...], int, int]) -> None:
        scores, self.dealer, sheet_length = mark
        self.side_scores = list(scores)
        del self.sheet[sheet_length:]
        self.match_winner = None

    # -- legal actions -------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is _PLAY:
            return cards_of(self._playable(self.to_act))
        if phase == Phase.BID1:
            if self._may_make(self.to_act, self.upsuit):
                return [ORDER, PASS]
            return [PASS]
        if phase == Phase.BID2:
            return self._bid2_actions()
        if phase == Phase.DEALER_DISCARD:
            return [DISCARD_BASE + card for card in cards_of(self._discardable())]
        return []

    def _discardable(self) -> CardMask:
        hand = self.hands[self.dealer]
        without_upcard = hand & ~(1 << self.upcard)
        if not self.r.dealer_may_discard_upcard and without_upcard:
            return without_upcard
        return hand

    def _may_make(self, seat: int, suit: Suit) -> bool:
        """The ``minimum_trump`` rule: the maker must hold a trump other than the left
        bower (the dealer ordering in round 1 counts the up-card it picks up)."""
        mode = self.r.minimum_trump
        if mode == "off" or (mode == "dealer" and seat != self.dealer):
            return True
        hand = self.hands[seat]
        if self.phase == Phase.BID1 and seat == self.dealer:
            hand |= 1 << self.upcard
        left = 1 << make_card(same_colour_suit(suit), JACK)
        return bool(hand & euchre_rules(suit, None).suit_masks[suit] & ~left)

    def _bid2_actions(self) -> list[Action]:
        seat = self.to_act
        stuck = self.r.stick_the_dealer and seat == self.dealer
        return round_two_calls(self.upsuit, stuck, lambda suit: self._may_make(seat, suit))

    def why_illegal(self, action: Action) -> str:
        phase, seat = self.phase, self.to_act
        kind, argument = action >> 7, action & 127
        if phase in (Phase.DEAL, Phase.OVER):
            return super().why_illegal(action)
        if kind in _ALONE_KINDS:
            return "two-handed euchre has no lone hands"
        if phase == Phase.PLAY and kind == A.PLAY:
            if not 0 <= argument < 64 or not self.hands[seat] >> argument & 1:
                return f"seat {seat} does not hold {_card_text(argument)}"
            return (
                f"seat {seat} must follow suit: {SUIT_NAMES[self.led_suit]} were led"
                " (the left bower counts as a trump)"
            )
        if kind == A.PLAY:
            return f"no card is played now: {self._phase_name()}"
        if kind == A.DISCARD:
            if phase != Phase.DEALER_DISCARD:
                return (
                    f"only the dealer discards, after taking up the up-card: {self._phase_name()}"
                )
            if not self.hands[seat] >> argument & 1:
                return f"seat {seat} does not hold {_card_text(argument)}"
            return "the dealer may not discard the card just picked up (dealer_may_discard_upcard)"
        if phase == Phase.BID1 and kind == A.CALL:
            return "round 1 orders the up-card's suit; suits are called in round 2"
        if phase == Phase.BID2 and kind == A.ORDER:
            return "the up-card is turned down; round 2 calls a suit"
        if phase == Phase.BID2 and kind == A.CALL and argument == self.upsuit:
            return f"the turned-down suit {SUIT_LETTERS[argument]} cannot be called"
        if phase == Phase.BID2 and action == PASS:
            return "stick the dealer: the dealer must call a suit"
        if phase in (Phase.BID1, Phase.BID2) and kind in (A.ORDER, A.CALL):
            return "minimum_trump: a maker must hold a trump other than the left bower"
        return f"not allowed in phase '{self._phase_name()}' for seat {seat}"

    def _phase_name(self) -> str:
        return self.DISPLAY_PHASES[self.phase]

    # -- transitions ---------------------------------------------------------------------------
    def _step(self, action: Action) -> None:
        phase, seat = self.phase, self.to_act
        if phase is _PLAY:
            self._play(seat, action)
        elif phase == Phase.BID1:
            if action == PASS:
                if seat != self.dealer:
                    self.to_act = self.dealer
                else:
                    self.turned_down = True
                    self.phase, self.to_act = Phase.BID2, self.eldest
            else:
                self._make_trump(seat, self.upsuit)
                # After an order (by either player) the dealer takes the up-card.
                self.hands[self.dealer] |= 1 << self.upcard
                self.dealer_took_up = True
                self.phase, self.to_act = Phase.DEALER_DISCARD, self.dealer
        elif phase == Phase.DEALER_DISCARD:
            card = action & 127
            self.hands[seat] &= ~(1 << card)
            self.discards[seat].append(card)
            self._start_play()
        elif phase == Phase.BID2:
            if action == PASS:
                if seat != self.dealer:
                    self.to_act = self.dealer
                else:
                    self._throw_in()
            else:
                self._make_trump(seat, action & 127)
                self._start_play()
        else:  # pragma: no cover - guarded by legal_actions
            raise AssertionError(f"no action expected in phase {phase}")

    def _make_trump(self, seat: int, suit: Suit) -> None:
        self.trump = suit
        self.table = euchre_rules(suit, None)
        self.maker = seat

    def _start_play(self) -> None:
        # RULES.md 1.10: the non-dealer leads, whoever made trump.
        self.phase, self.to_act = Phase.PLAY, self.eldest

    def _play(self, seat: int, card: Card) -> None:
        table = self.table
        assert table is not None
        self._lay_card(seat, card, table)
        if len(self.trick) < SEATS:
            self.to_act = 1 - seat
            return
        winner = self._close_trick()
        self.tricks_won[winner] += 1
        if len(self.completed) < HAND_SIZE:
            self.to_act = winner
            return
        self._score_play()

    def _score_play(self) -> None:
        r = self.r
        maker = self.maker
        taken = self.tricks_won[maker]
        points = [0, 0]
        if taken == HAND_SIZE:
            points[maker] = r.march_points
            event = f"march: {_points(r.march_points)} to the maker"
        elif taken >= TRICKS_TO_MAKE:
            points[maker] = r.make_points
            event = f"maker takes {_tricks(taken)}: {_points(r.make_points)}"
        else:
            value, what = r.euchre_points, "maker euchred"
            # Super euchre (RULES.md 1.6): instead of the euchre points, if more.
            if taken == 0 and r.super_euchre_points > value:
                value, what = r.super_euchre_points, "super euchre"
            points[1 - maker] = value
            event = f"{what} ({_tricks(taken)}): {_points(value)} to the defender"
        self._finish_deal(points, [event])

    def _summary(
        self, points: list[int], events: list[str], complete: bool, thrown_in: bool = False
    ) -> DealSummary:
        return DealSummary(
            points=points,
            scores=list(self.side_scores),
            tricks=list(self.tricks_won),
            trump=SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            makers=self.maker if self.maker >= 0 else None,
            events=events,
            complete=complete,
            thrown_in=thrown_in,
            extra={"dealer": self.dealer},
        )

    def _finish_deal(self, points: list[int], events: list[str]) -> None:
        for side in (0, 1):
            self.side_scores[side] += points[side]
        target = self.r.target
        decided: int | list[int] | None = None
        if target is None:
            # A single hand: whoever scored wins it (a tie if nobody scored).
            if points[0] == points[1]:
                decided = [0, 1]
            else:
                decided = 0 if points[0] > points[1] else 1
        else:
            # Only one player scores in a deal, so at most one reaches the target.
            for side in (0, 1):
                if self.side_scores[side] >= target:
                    decided = side
                    events = [*events, f"seat {side} wins the game"]
        self.sheet.append(self._summary(points, events, complete=True))
        self._next_deal(decided)

    def _throw_in(self) -> None:
        why = "both passed twice: the deal is thrown in"
        self.sheet.append(self._summary([0, 0], [why], complete=True, thrown_in=True))
        # A single hand (target null) thrown in ends in a tie, as in four-handed Euchre.
        self._next_deal([0, 1] if self.r.target is None else None)

    def _next_deal(self, decided: int | list[int] | None) -> None:
        if decided is not None:
            self.match_winner = decided
            self.phase, self.to_act = Phase.OVER, TERMINAL
            return
        self.dealer = 1 - self.dealer  # the deal passes (also after a thrown-in deal)
        self.phase, self.to_act = Phase.DEAL, CHANCE

    # -- what people and bots see -----------------------------------------------------------
    def summaries(self) -> list[DealSummary]:
        out = list(self.sheet)
        if self.deals and len(self.sheet) < len(self.deals):
            out.append(self._summary([0, 0], [], complete=False))
        return out

    def public_facts(self) -> dict[str, Any]:
        """Facts both players may know, by name (views, the CLI and the server)."""
        return {
            "upcard": card_name(self.upcard) if self.upcard >= 0 else None,
            "upcard_suit": SUIT_LETTERS[self.upsuit] if self.upsuit >= 0 else None,
            "turned_down": self.turned_down,
            "dealer_took_up": self.dealer_took_up,
            "trump": SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            "maker": self.maker if self.maker >= 0 else None,
            "tricks_won": list(self.tricks_won),
            "stock_size": len(self.stock),
            "target": self.r.target,
        }

    def view(self, seat: int) -> SeatView:
        public = self.public_facts()
        public["own_discards"] = [card_name(card) for card in self.discards[seat]]
        return self._seat_view(seat, public)

    def hidden_from(self, seat: int) -> CardMask:
        other = 1 - seat
        hidden = mask_of(self.stock) | self.hands[other] | mask_of(self.discards[other])
        if self.upcard >= 0:  # the up-card was shown to both
            hidden &= ~(1 << self.upcard)
        return hidden

    def actor_history(self) -> list[tuple[int, Action]]:
        """This deal's decisions with the seat that took each."""
        if not self.actions:
            return []
        return list(zip(self.actors[-1], self.actions[-1], strict=True))


def _card_text(card: int) -> str:
    try:
        return card_name(card)
    except ValueError:
        return repr(card)


def _tricks(count: int) -> str:
    return f"{count} trick" + ("" if count == 1 else "s")


def _points(count: int) -> str:
    return f"{count} point" + ("" if count == 1 else "s")


__all__ = [
    "PRESETS",
    "Phase",
    "TwoHandedEuchre",
    "TwoHandedEuchreRules",
    "TwoHandedEuchreState",
]
