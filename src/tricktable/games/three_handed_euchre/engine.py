"""Three-handed Euchre (RULES.md 1.10, seed 001): three individuals, the maker alone
against both others.

A 24-card euchre deck; seven cards each (option ``hand_size`` 5: cutthroat), the top
card of what is left turned as the up-card. Bidding is that of RULES.md 1.3 without
partners and without lone hands: round 1 ``order`` / ``pass`` from eldest (the dealer's
own take-up is ``order``), the dealer picks the up-card up and ``discard`` s one;
round 2 ``call X`` / ``pass`` (never the turned-down suit). Eldest leads; bowers rank
as in euchre. The maker scores 1 for 4 or 5 tricks, 2 for 6, 4 for all 7; a euchred
maker gives 2 to the defender with more tricks, or 1 to each when they tie. Target 10.

>>> import random
>>> from tricktable.games import load_game
>>> game = load_game("three_handed_euchre")
>>> game.sides, game.rules.hand_size, game.rules.target
([[0], [1], [2]], 7, 10)
>>> state = game.new_state(first_dealer=2)
>>> state.deal_random(random.Random(4))
>>> state.current_player, [len(state.view(s).hand) for s in range(3)]
(0, [7, 7, 7])
>>> state.legal_texts()
['order', 'pass']
>>> load_game("three_handed_euchre(preset=cutthroat)").rules.hand_size
5

Choices where RULES.md is silent are listed in ``docs/rules/three_handed_euchre.md`` and
noted at the places below that implement them.
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
    KING,
    QUEEN,
    SUIT_LETTERS,
    Card,
    CardMask,
    Suit,
    card_name,
    cards_of,
    make_card,
    mask_of,
    rank_of,
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

SEATS = 3
DECK: tuple[Card, ...] = tuple(standard_deck(range(9, ACE + 1)))
"""The 24-card euchre deck (A K Q J T 9 of each suit)."""
FACES: CardMask = mask_of(make_card(s, r) for s in range(4) for r in (JACK, QUEEN, KING))
"""Every face card (K, Q, J): a hand with none of these and an ace is 'ace no face'."""
ACES: CardMask = mask_of(make_card(s, ACE) for s in range(4))
PACKETS: dict[str, tuple[int, int]] = {"3-4": (3, 4), "4-3": (4, 3), "3-2": (3, 2), "2-3": (2, 3)}


@dataclass(frozen=True, slots=True, kw_only=True)
class ThreeHandedEuchreRules:
    """Every option of three-handed Euchre (RULES.md 1.10) with its seed-001 default."""

    preset: str = "three_handed"
    hand_size: int = option(7, "cards each: 7 (three-handed) or 5 (cutthroat)", ("5", "7"))
    packets: str = option(
        "auto",
        "dealing pattern from eldest, fixed for the match; auto = 3 then the rest",
        ("auto", "3-4", "4-3", "3-2", "2-3"),
    )
    first_dealer: str = option(
        "random",
        "how the first dealer is chosen",
        ("random", "draw_low", "draw_high", "first_jack"),
    )
    stick_the_dealer: bool = option(False, "if all pass twice the dealer must call a suit")
    ace_no_face: str = option(
        "off",
        "before bidding, a hand with an ace and no K, Q or J may be shown: redeal",
        ("off", "redeal"),
    )
    target: int | None = option(10, "points to win; null = a single hand", minimum=1)

    def __post_init__(self) -> None:
        if self.hand_size not in (5, 7):
            raise RuleError(f"option 'hand_size' cannot be {self.hand_size}; allowed: 5, 7")
        if self.packets != "auto" and sum(PACKETS[self.packets]) != self.hand_size:
            fitting = [name for name, sizes in PACKETS.items() if sum(sizes) == self.hand_size]
            raise RuleError(
                f"option 'packets' {self.packets} deals {sum(PACKETS[self.packets])} cards, but"
                f" hand_size is {self.hand_size}; allowed: auto, {', '.join(fitting)}"
            )

    @property
    def packet_sizes(self) -> tuple[int, int]:
        """The two packets each seat receives, first round first."""
        if self.packets == "auto":
            return (3, self.hand_size - 3)
        return PACKETS[self.packets]

    @property
    def need(self) -> int:
        """Tricks the maker must take: 4 of 7, 3 of 5."""
        return self.hand_size // 2 + 1

    def maker_points(self, taken: int) -> int:
        """What the maker scores for ``taken`` tricks (0 when euchred).

        Seven cards (seed 001): 4 or 5 -> 1, 6 -> 2, all 7 -> 4. Five cards (a choice,
        as four-handed euchre scores a hand of five): 3 or 4 -> 1, all 5 -> 2.
        """
        if taken < self.need:
            return 0
        if self.hand_size == 7:
            return {7: 4, 6: 2}.get(taken, 1)
        return 2 if taken == 5 else 1


PRESETS: dict[str, dict[str, Any]] = {
    "three_handed": {},
    "cutthroat": {"hand_size": 5},
}


class Phase(IntEnum):
    """Where a deal stands; each phase has its own legal actions."""

    DEAL = 0
    ACE_NO_FACE = 1
    BID1 = 2
    DEALER_DISCARD = 3
    BID2 = 4
    PLAY = 5
    OVER = 6


_PLAY = Phase.PLAY
PASS = make_action(A.PASS)
ORDER = make_action(A.ORDER)
ACE_NO_FACE = make_action(A.ACE_NO_FACE)
DISCARD_BASE = make_action(A.DISCARD)
PHASE_NAMES: dict[Phase, str] = {
    Phase.DEAL: "deal",
    Phase.ACE_NO_FACE: "ace no face?",
    Phase.BID1: "bidding, round 1",
    Phase.DEALER_DISCARD: "dealer discards",
    Phase.BID2: "bidding, round 2",
    Phase.PLAY: "play",
    Phase.OVER: "over",
}


def is_ace_no_face(hand: CardMask) -> bool:
    """A hand holding at least one ace and no face card (K, Q, J; the jacks count even
    though they may become bowers).

    >>> from tricktable.cards import parse_cards
    >>> is_ace_no_face(mask_of(parse_cards("AS 9S TH 9D TC AC 9C")))
    True
    >>> is_ace_no_face(mask_of(parse_cards("9S TS TH 9D TC 9H 9C")))
    False
    """
    return bool(hand & ACES) and not hand & FACES


class ThreeHandedEuchre(Game[ThreeHandedEuchreRules]):
    """Three-handed (cutthroat) Euchre: every player for themselves."""

    name = "three_handed_euchre"
    presets = PRESETS

    def __init__(self, rules: ThreeHandedEuchreRules | None = None) -> None:
        super().__init__(rules or ThreeHandedEuchreRules(), SEATS)
        self.deck = DECK

    @classmethod
    def from_spec(cls, spec: object = None, players: int | None = None) -> ThreeHandedEuchre:
        """Rules from a record's ``rules`` object or a rule string (3 players)."""
        if players not in (None, SEATS):
            raise RuleError(f"three_handed_euchre is played by 3 players, not {players}")
        return cls(build_rules(ThreeHandedEuchreRules, PRESETS, spec, cls.name))

    @property
    def sides(self) -> list[list[int]]:
        return [[0], [1], [2]]

    def rules_dict(self) -> dict[str, Any]:
        return rules_to_dict(self.rules, PRESETS)

    def new_state(self, first_dealer: int) -> ThreeHandedEuchreState:
        if first_dealer not in range(SEATS) or isinstance(first_dealer, bool):
            raise RecordError(f"first_dealer must be a seat 0..2, not {first_dealer!r}")
        return ThreeHandedEuchreState(self, first_dealer)

    def choose_first_dealer(self, rng: random.Random) -> int:
        """By ``first_dealer`` as in euchre (RULES.md 1.2): random; a draw where the lowest
        (aces low, jacks between ten and queen) or highest card deals, ties drawing again
        among the tied seats; or cards dealt face up from seat 0 until the first jack."""
        method = self.rules.first_dealer
        if method == "random":
            return rng.randrange(SEATS)
        deck = shuffled(DECK, rng)
        if method == "first_jack":
            for index, card in enumerate(deck):
                if rank_of(card) == JACK:
                    return index % SEATS
            raise AssertionError("the deck holds jacks")  # pragma: no cover
        low = method == "draw_low"
        order = {9: 9.0, 10: 10.0, 11: 11.0, 12: 12.0, 13: 13.0, 14: 14.0}
        if low:
            order.update({14: 1.0, 11: 10.5})
        contenders = list(range(SEATS))
        while True:
            if len(deck) < len(contenders):
                deck = shuffled(DECK, rng)
            values = {seat: order[rank_of(deck.pop())] for seat in contenders}
            best = (min if low else max)(values.values())
            contenders = [seat for seat, value in values.items() if value == best]
            if len(contenders) == 1:
                return contenders[0]


Mark = tuple[tuple[int, ...], int, int]


class ThreeHandedEuchreState(State):
    """A match of three-handed Euchre in progress."""

    play_phase = Phase.PLAY

    DISPLAY_PHASES: ClassVar[dict[Phase, str]] = PHASE_NAMES

    __slots__ = (
        "dealer_took_up",
        "discards",
        "maker",
        "match_winner",
        "player_scores",
        "queue",
        "r",
        "sheet",
        "shown",
        "stock",
        "table",
        "tricks_won",
        "trump",
        "turned_down",
        "upcard",
        "upsuit",
    )

    def __init__(self, game: ThreeHandedEuchre, first_dealer: int) -> None:
        self.game: ThreeHandedEuchre = game
        self.r = game.rules
        self._start_match(first_dealer)
        self.player_scores = [0, 0, 0]
        self.sheet: list[DealSummary] = []
        self.match_winner: int | list[int] | None = None
        self._reset_deal()
        self.phase = Phase.DEAL
        self.to_act = CHANCE

    def _reset_deal(self) -> None:
        self.hands = [0, 0, 0]
        self.upcard: Card = -1
        self.upsuit: Suit = -1
        self.stock: list[Card] = []
        self.turned_down = False
        self.dealer_took_up = False
        self.trump: Suit = -1
        self.table: TrickRules | None = None
        self.maker = -1
        self.queue: list[int] = []
        self.discards: list[list[Card]] = [[], [], []]
        self.shown: dict[int, list[Card]] = {}
        self.trick: list[Card] = []
        self.trick_seats: list[int] = []
        self.completed: list[tuple[tuple[int, Card], ...]] = []
        self.trick_winners: list[int] = []
        self.tricks_won = [0, 0, 0]
        self.led_suit: Suit = -1
        self.led_mask: CardMask = 0
        self.best_power = -1
        self.best_seat = -1

    # -- the step API ------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return list(self.player_scores)

    def winner(self) -> int | list[int] | None:
        return self.match_winner

    def random_deal(self, rng: random.Random) -> Deal:
        """Packets from eldest clockwise, first round then second (``packets``); the next
        card is turned, the rest lie below it."""
        deck = shuffled(DECK, rng)
        hands: list[list[Card]] = [[] for _ in range(SEATS)]
        position = 0
        for packet in self.r.packet_sizes:
            for offset in range(1, SEATS + 1):
                seat = (self.dealer + offset) % SEATS
                hands[seat].extend(deck[position : position + packet])
                position += packet
        return Deal(
            tuple(tuple(hand) for hand in hands), deck[position], tuple(deck[position + 1 :])
        )

    def deal(self, deal: Deal) -> None:
        if self.phase != Phase.DEAL:
            raise RecordError("no deal is due now: " + PHASE_NAMES[self.phase])
        check_deal_cards(deal, DECK, [self.r.hand_size] * SEATS, require_full=False)
        self._begin_deal(deal)

    def deal_random(self, rng: random.Random) -> None:
        if self.phase != Phase.DEAL:
            raise RecordError("no deal is due now: " + PHASE_NAMES[self.phase])
        self._begin_deal(self.random_deal(rng))

    def _start_deal(self, deal: Deal) -> None:
        self._reset_deal()
        self.hands = [mask_of(hand) for hand in deal.hands]
        assert deal.turned is not None
        self.upcard = deal.turned
        self.upsuit = suit_of(deal.turned)
        self.stock = list(deal.stock)
        if self.r.ace_no_face == "redeal":
            # Asked from eldest, before the bidding, of each hand that qualifies.
            self.queue = [s for s in self._from_eldest() if is_ace_no_face(self.hands[s])]
            if self.queue:
                self.phase, self.to_act = Phase.ACE_NO_FACE, self.queue[0]
                return
        self.phase, self.to_act = Phase.BID1, (self.dealer + 1) % SEATS

    def _from_eldest(self) -> list[int]:
        return [(self.dealer + offset) % SEATS for offset in range(1, SEATS + 1)]

    def _save_mark(self) -> Mark:
        return (tuple(self.player_scores), self.dealer, len(self.sheet))

    def _restore_mark(self, mark: Mark) -> None:
        scores, self.dealer, sheet_length = mark
        self.player_scores = list(scores)
        del self.sheet[sheet_length:]
        self.match_winner = None

    # -- legality ------------------------------------------------------------------------------
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
        if phase == Phase.ACE_NO_FACE:
            return [ACE_NO_FACE, PASS]
        return []

    def why_illegal(self, action: Action) -> str:
        seat, phase = self.to_act, self.phase
        kind, argument = action >> 7, action & 127
        if phase in (Phase.DEAL, Phase.OVER):
            return super().why_illegal(action)
        holds = 0 <= argument < 64 and bool(self.hands[seat] >> argument & 1)
        if kind in (A.ORDER_ALONE, A.CALL_ALONE, A.ALONE, A.DEFEND_ALONE, A.TAKE_OVER):
            return "three-handed euchre has no lone hands: the maker always plays alone"
        if phase == Phase.PLAY and kind == A.PLAY:
            if not holds:
                return f"seat {seat} does not hold {card_name(argument)}"
            return f"seat {seat} must follow the led suit {SUIT_LETTERS[self.led_suit]}"
        if phase == Phase.DEALER_DISCARD and kind == A.DISCARD and not holds:
            return f"the dealer (seat {seat}) does not hold {card_name(argument)}"
        if phase == Phase.BID1 and kind == A.CALL:
            return "round 1 orders the up-card's suit; suits are called in round 2"
        if phase == Phase.BID2 and kind == A.CALL and argument == self.upsuit:
            return f"the turned-down suit {SUIT_LETTERS[argument]} cannot be called"
        if phase == Phase.BID2 and kind == A.ORDER:
            return "the up-card is turned down; round 2 calls a suit"
        if phase == Phase.BID2 and action == PASS:
            return "stick the dealer: the dealer must call a suit"
        if kind == A.ACE_NO_FACE:
            if self.r.ace_no_face == "off":
                return "ace no face is not played (ace_no_face=off)"
            return "only a hand with an ace and no K, Q or J may be shown, before the bidding"
        return f"not allowed in phase '{PHASE_NAMES[phase]}' for seat {seat}"

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
                self._make_trump(seat, self.upsuit)
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
                self._next_bidder()
            else:
                self._make_trump(seat, action & 127)
                self._start_play()
        elif phase == Phase.ACE_NO_FACE:
            if action == ACE_NO_FACE:
                self.shown[seat] = cards_of(self.hands[seat])
                self._throw_in(
                    f"seat {seat} shows ace no face: misdeal, the same dealer deals again",
                    same_dealer=True,
                )
                return
            self.queue.pop(0)
            if self.queue:
                self.to_act = self.queue[0]
            else:
                self.phase, self.to_act = Phase.BID1, (self.dealer + 1) % SEATS
        else:  # pragma: no cover - guarded by legal_actions
            raise AssertionError(f"no action expected in phase {phase}")

    def _next_bidder(self) -> None:
        seat = self.to_act
        if seat != self.dealer:
            self.to_act = (seat + 1) % SEATS
        elif self.phase == Phase.BID1:
            self.turned_down = True
            self.phase, self.to_act = Phase.BID2, (self.dealer + 1) % SEATS
        else:
            self._throw_in("all passed twice: the deal is thrown in", same_dealer=False)

    def _make_trump(self, seat: int, suit: Suit) -> None:
        self.trump = suit
        self.table = euchre_rules(suit, None)
        self.maker = seat

    def _start_play(self) -> None:
        # Eldest leads (seed 001 says nothing else; as in four-handed euchre).
        self.phase, self.to_act = Phase.PLAY, (self.dealer + 1) % SEATS

    def _play(self, seat: int, card: Card) -> None:
        table = self.table
        assert table is not None
        self._lay_card(seat, card, table)
        if len(self.trick) < SEATS:
            self.to_act = (seat + 1) % SEATS
            return
        winner = self._close_trick()
        self.tricks_won[winner] += 1
        if len(self.completed) < self.r.hand_size:
            self.to_act = winner
            return
        self._score()

    def _score(self) -> None:
        maker = self.maker
        taken = self.tricks_won[maker]
        points = [0, 0, 0]
        value = self.r.maker_points(taken)
        if value:
            points[maker] = value
            events = [f"maker (seat {maker}) takes {_tricks(taken)}: {_points(value)}"]
        else:
            first, second = [s for s in range(SEATS) if s != maker]
            a, b = self.tricks_won[first], self.tricks_won[second]
            if a == b:
                points[first] = points[second] = 1
                events = [
                    f"maker (seat {maker}) euchred with {_tricks(taken)}; defenders tie"
                    f" with {_tricks(a)} each: 1 point each"
                ]
            else:
                best = first if a > b else second
                points[best] = 2
                events = [
                    f"maker (seat {maker}) euchred with {_tricks(taken)}; seat {best} takes"
                    f" the most defending tricks ({max(a, b)}): 2 points"
                ]
        for seat in range(SEATS):
            self.player_scores[seat] += points[seat]
        target = self.r.target
        decided: int | list[int] | None = None
        if target is None:
            decided = _best(points)
        elif max(self.player_scores) >= target:
            # Two defenders may reach the target together (a tie of 1 point each): the
            # higher score wins; equal scores share the win.
            decided = _best(self.player_scores)
        summary = self._summary(points, events, complete=True)
        if decided is not None:
            if isinstance(decided, int):
                summary.events.append(f"seat {decided} wins")
            else:
                summary.events.append("a tie between seats " + ", ".join(map(str, decided)))
        self.sheet.append(summary)
        self._next_deal(decided, same_dealer=False)

    def _throw_in(self, why: str, same_dealer: bool) -> None:
        self.sheet.append(self._summary([0, 0, 0], [why], complete=True, thrown_in=True))
        decided: int | list[int] | None = None
        if self.r.target is None and not same_dealer:
            decided = list(range(SEATS))  # a single hand thrown in: nobody scores
        self._next_deal(decided, same_dealer)

    def _next_deal(self, decided: int | list[int] | None, same_dealer: bool) -> None:
        if decided is not None:
            self.match_winner = decided
            self.phase, self.to_act = Phase.OVER, TERMINAL
            return
        if not same_dealer:
            self.dealer = (self.dealer + 1) % SEATS
        self.phase, self.to_act = Phase.DEAL, CHANCE

    def _summary(
        self, points: list[int], events: list[str], complete: bool, thrown_in: bool = False
    ) -> DealSummary:
        return DealSummary(
            points=list(points),
            scores=list(self.player_scores),
            tricks=list(self.tricks_won),
            trump=SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            makers=self.maker if self.maker >= 0 else None,
            events=events,
            complete=complete,
            thrown_in=thrown_in,
            extra={"dealer": self.dealer},
        )

    # -- what people and bots see -----------------------------------------------------------
    def summaries(self) -> list[DealSummary]:
        out = list(self.sheet)
        if self.deals and len(self.sheet) < len(self.deals):
            out.append(self._summary([0, 0, 0], [], complete=False))
        return out

    def public_facts(self) -> dict[str, Any]:
        """Facts every seat may know, by name."""
        return {
            "upcard": card_name(self.upcard) if self.upcard >= 0 else None,
            "upcard_suit": SUIT_LETTERS[self.upsuit] if self.upsuit >= 0 else None,
            "turned_down": self.turned_down,
            "dealer_took_up": self.dealer_took_up,
            "trump": SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            "maker": self.maker if self.maker >= 0 else None,
            "tricks_won": list(self.tricks_won),
            "shown": {seat: [card_name(c) for c in cards] for seat, cards in self.shown.items()},
            "hand_size": self.r.hand_size,
            "target": self.r.target,
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
        for cards in self.shown.values():
            hidden &= ~mask_of(cards)
        if self.upcard >= 0:  # the up-card was shown to everyone
            hidden &= ~(1 << self.upcard)
        return hidden


def _best(values: list[int]) -> int | list[int]:
    top = max(values)
    seats = [seat for seat, value in enumerate(values) if value == top]
    return seats[0] if len(seats) == 1 else seats


def _tricks(count: int) -> str:
    return f"{count} trick" + ("" if count == 1 else "s")


def _points(count: int) -> str:
    return f"{count} point" + ("" if count == 1 else "s")


__all__ = [
    "DECK",
    "PRESETS",
    "Phase",
    "ThreeHandedEuchre",
    "ThreeHandedEuchreRules",
    "ThreeHandedEuchreState",
    "is_ace_no_face",
]
