"""Euchre exactly as RULES.md section 1 (North American, British, 1844 and house rules).

>>> import random
>>> from tricktable.games.euchre.engine import Euchre
>>> game = Euchre.from_spec("euchre(preset=british)")
>>> game.rules.deck, game.rules.target, game.rules.lone_lead
(25, 5, 'left_of_loner')
>>> state = game.new_state(first_dealer=3)
>>> state.deal_random(random.Random(1))
>>> state.current_player   # eldest, left of the dealer
0

Choices where RULES.md is silent are documented in ``docs/rules/euchre.md`` and at
the places in this module that implement them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, ClassVar

from tricktable import actions as A
from tricktable.actions import Action, make_action
from tricktable.cards import (
    _CARDS_OF_CACHE,
    ACE,
    JOKER,
    SUIT_LETTERS,
    SUIT_MASKS,
    TEN,
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
from tricktable.rules import build_rules, option, parse_rule_string, rules_to_dict
from tricktable.tricks import TrickRules, euchre_rules

SEATS = 4
HAND_SIZE = 5


@dataclass(frozen=True, slots=True, kw_only=True)
class EuchreRules:
    """Every option of RULES.md section 1 with its North American default."""

    preset: str = "north_american"
    deck: int = option(
        24,
        "cards: 24 (A-9), 25 (+Joker), 28 (+8s), 32 (+8s, 7s), 33 (32+Joker)",
        ("24", "25", "28", "32", "33"),
    )
    benny: str = option(
        "joker", "the Benny: the Joker, or 2S standing in for it (deck holds 2S)", ("joker", "2S")
    )
    first_dealer: str = option(
        "random",
        "how the first dealer is chosen",
        ("random", "draw_low", "draw_high", "first_jack"),
    )
    packets: str = option("3-2", "dealing pattern, fixed for the match", ("3-2", "2-3"))
    stick_the_dealer: bool = option(False, "if all pass twice the dealer must call a suit")
    alone_timing: str = option(
        "with_bid",
        "going alone: part of the bid, or after the discard",
        ("with_bid", "after_discard"),
    )
    dealer_picks_up_when_partner_alone: bool = option(
        True, "the dealer picks up and discards even when the partner goes alone"
    )
    dealer_partner_must_go_alone: bool = option(
        False, "Canadian loner: in round 1 the dealer's partner may only pass or order alone"
    )
    dealer_may_discard_upcard: bool = option(True, "the dealer may discard the card picked up")
    minimum_trump: str = option(
        "off", "a maker must hold a trump other than the left bower", ("off", "all", "dealer")
    )
    partner_may_take_over: bool = option(
        False, "the lone maker's partner may take over and play alone instead"
    )
    defend_alone: bool = option(False, "one defender may defend alone against a lone maker")
    lone_lead: str = option(
        "eldest_skip", "who leads first when someone plays alone", ("eldest_skip", "left_of_loner")
    )
    renege: str = option(
        "forbidden",
        "cards failing to follow are refused, or callable after play",
        ("forbidden", "callable"),
    )
    renege_points: int = option(2, "points for calling a renege", minimum=0)
    make_points: int = option(1, "makers (or lone maker) take 3 or 4 tricks", minimum=0)
    march_points: int = option(2, "makers take all 5 tricks", minimum=0)
    lone_march_points: int = option(4, "lone maker takes all 5 tricks", minimum=0)
    euchre_points: int = option(2, "to defenders when makers take fewer than 3", minimum=0)
    lone_euchre_points: int = option(2, "to defenders when a lone maker is euchred", minimum=0)
    lone_defender_points: int = option(4, "to defenders when a lone defender euchres", minimum=0)
    super_euchre_points: int = option(
        0, "makers take no trick: this many if more (0 = off)", minimum=0
    )
    target: int | None = option(
        10, "points to win a game; null = a single hand", minimum=1, nullable=True
    )
    match: str = option("single", "one game, or first side to win 2 games", ("single", "best_of_3"))
    farmers_hand: bool = option(False, "a hand of only 9s and 10s may exchange three cards")
    ace_no_face: str = option(
        "off",
        "a hand of one ace and 9s/10s: exchange three, or redeal",
        ("off", "exchange", "redeal"),
    )
    point_on_partner: bool = option(False, "an assist that makes scores 1 extra point")
    robson: bool = option(False, "march choice score / set back; blind alone on a jack up-card")
    joker_upcard: str = option(
        "name_suit",
        "Joker up-card: dealer names its suit, or calls blind",
        ("name_suit", "blind_call"),
    )

    def __post_init__(self) -> None:
        if self.deck not in (24, 25, 28, 32, 33):
            raise RuleError(f"option 'deck' cannot be {self.deck}; allowed: 24, 25, 28, 32, 33")
        if self.benny == "2S" and self.deck not in (25, 33):
            raise RuleError("option 'benny' 2S needs a deck with a Joker (25 or 33)")

    @property
    def benny_card(self) -> Card | None:
        """The card that is the Benny, or ``None`` without one."""
        if self.deck not in (25, 33):
            return None
        return make_card(0, 2) if self.benny == "2S" else JOKER

    def deck_cards(self) -> list[Card]:
        """The cards of the deck in a fixed order."""
        low = {24: 9, 25: 9, 28: 8, 32: 7, 33: 7}[self.deck]
        cards = standard_deck(range(low, ACE + 1))
        benny = self.benny_card
        if benny is not None:
            cards.append(benny)
        return cards


_BRITISH: dict[str, Any] = {
    "deck": 25,
    "target": 5,
    "partner_may_take_over": True,
    "defend_alone": True,
    "lone_lead": "left_of_loner",
    "joker_upcard": "name_suit",
}
PRESETS: dict[str, dict[str, Any]] = {
    "north_american": {},
    "tournament": {"stick_the_dealer": True},
    "canadian": {"dealer_partner_must_go_alone": True},
    "british": _BRITISH,
    "british_tournament": {**_BRITISH, "target": 21, "match": "best_of_3"},
    "cornish": {
        "deck": 25,
        "target": 11,
        "dealer_partner_must_go_alone": True,
        "defend_alone": True,
        "lone_lead": "left_of_loner",
        "joker_upcard": "blind_call",
    },
    "mathews_1844": {"deck": 32, "target": 5, "first_dealer": "draw_high"},
    "openspiel": {
        "target": None,
        "stick_the_dealer": True,
        "alone_timing": "after_discard",
        "dealer_may_discard_upcard": False,
    },
}
ALIASES = {"canadian_loner": "dealer_partner_must_go_alone"}


class Phase(IntEnum):
    """Where a euchre deal stands; each phase has its own legal actions."""

    DEAL = 0
    NAME_SUIT = 1
    BLIND_ALONE = 2
    FARMERS = 3
    EXCHANGE_DISCARD = 4
    BID1 = 5
    DEALER_DISCARD = 6
    BID2 = 7
    ALONE = 8
    TAKE_OVER = 9
    DEFEND = 10
    ACE_NO_FACE = 11
    PLAY = 12
    RENEGE = 13
    ROBSON = 14
    OVER = 15


_PLAY = Phase.PLAY
PASS = make_action(A.PASS)
ORDER = make_action(A.ORDER)
ORDER_ALONE = make_action(A.ORDER_ALONE)
ALONE = make_action(A.ALONE)
TAKE_OVER = make_action(A.TAKE_OVER)
DEFEND_ALONE = make_action(A.DEFEND_ALONE)
BLIND_ALONE = make_action(A.BLIND_ALONE)
FARMERS_HAND = make_action(A.FARMERS_HAND)
ACE_NO_FACE = make_action(A.ACE_NO_FACE)
CALL_RENEGE = make_action(A.CALL_RENEGE)
SCORE = make_action(A.SCORE)
SET_BACK = make_action(A.SET_BACK)
DISCARD_BASE = make_action(A.DISCARD)
LOW_CARDS: CardMask = sum(SUIT_MASKS[s] & (0b11 << (16 * s + 9)) for s in range(4))
"""Every 9 and ten."""
ACES: CardMask = sum(1 << make_card(s, ACE) for s in range(4))
SMALL_CARDS: CardMask = sum(SUIT_MASKS[s] & ((1 << (16 * s + TEN + 1)) - 1) for s in range(4))
"""Every card ranked ten or lower (9s and 10s, and the 8s and 7s of larger decks)."""


def round_two_calls(
    turned_down: Suit,
    stuck: bool,
    may_make: Callable[[Suit], bool] | None = None,
    with_alone: bool = False,
) -> list[Action]:
    """The second making round's choices, shared by the euchre family: a call of each suit but
    the turned-down one that ``may_make`` admits (every one when it admits none and the dealer
    is stuck), each also alone ``with_alone``; and a pass unless the dealer is stuck.

    >>> from tricktable.actions import action_text
    >>> [action_text(a) for a in round_two_calls(0, stuck=False)]
    ['call H', 'call D', 'call C', 'pass']
    """
    suits = [suit for suit in range(4) if suit != turned_down]
    allowed = suits if may_make is None else [suit for suit in suits if may_make(suit)]
    if stuck and not allowed:
        allowed = suits  # minimum_trump cannot be met: the stuck dealer may call any suit
    out: list[Action] = []
    for suit in allowed:
        out.append(make_action(A.CALL, suit))
        if with_alone:
            out.append(make_action(A.CALL_ALONE, suit))
    if not stuck:
        out.append(PASS)
    return out


class Euchre(Game[EuchreRules]):
    """Four-handed partnership Euchre."""

    name = "euchre"
    presets = PRESETS

    def __init__(self, rules: EuchreRules | None = None) -> None:
        super().__init__(rules or EuchreRules(), SEATS)
        self.deck = tuple(self.rules.deck_cards())

    @classmethod
    def from_spec(cls, spec: object = None, players: int | None = None) -> Euchre:
        """Rules from a record's ``rules`` object or a rule string (4 players)."""
        if players not in (None, SEATS):
            raise RuleError(f"euchre is played by 4 players, not {players}")
        if isinstance(spec, str):
            named_game, spec = parse_rule_string(spec)
            if named_game != cls.name:
                raise RuleError(f"rule string is for game {named_game!r}, expected {cls.name!r}")
        if isinstance(spec, Mapping):
            spec = {ALIASES.get(name, name): value for name, value in spec.items()}
        rules = build_rules(EuchreRules, PRESETS, spec, cls.name)
        return cls(rules)

    @property
    def sides(self) -> list[list[int]]:
        return [[0, 2], [1, 3]]

    def rules_dict(self) -> dict[str, Any]:
        return rules_to_dict(self.rules, PRESETS)

    def new_state(self, first_dealer: int) -> EuchreState:
        if first_dealer not in range(SEATS):
            raise RecordError(f"first_dealer must be a seat 0..3, not {first_dealer!r}")
        return EuchreState(self, first_dealer)

    def choose_first_dealer(self, rng: random.Random) -> int:
        """By ``first_dealer``: random, a draw (low or high deals) or the first jack.

        In draws, the Joker counts above the ace; ties draw again among the tied seats.
        For ``draw_low`` aces are low and jacks rank between ten and queen.
        """
        method = self.rules.first_dealer
        if method == "random":
            return rng.randrange(SEATS)
        deck = list(self.deck)
        rng.shuffle(deck)
        if method == "first_jack":
            for index, card in enumerate(deck):
                if card != JOKER and rank_of(card) == 11:
                    return index % SEATS
            raise AssertionError("every euchre deck holds jacks")
        # rank -> drawing value, doubled so that draw_low's jack fits between ten and queen
        order = {9: 18, 8: 16, 7: 14, 10: 20, 11: 22, 12: 24, 13: 26, 14: 28, 15: 32, 2: 30}
        if method == "draw_low":
            order = {**order, 14: 2, 11: 21}
        contenders = list(range(SEATS))
        while True:
            draws = {seat: deck.pop() for seat in contenders}
            values = {seat: order[rank_of(card)] for seat, card in draws.items()}
            best = (min if method == "draw_low" else max)(values.values())
            contenders = [seat for seat, value in values.items() if value == best]
            if len(contenders) == 1:
                return contenders[0]
            if len(deck) < len(contenders):
                deck = list(self.deck)
                rng.shuffle(deck)


class EuchreState(State):
    """A match of four-handed Euchre in progress."""

    play_phase = Phase.PLAY

    DISPLAY_PHASES: ClassVar[dict[Phase, str]] = {
        Phase.DEAL: "deal",
        Phase.NAME_SUIT: "name the Joker's suit",
        Phase.BLIND_ALONE: "blind alone?",
        Phase.FARMERS: "farmer's hand?",
        Phase.EXCHANGE_DISCARD: "discard for the exchange",
        Phase.BID1: "bidding, round 1",
        Phase.DEALER_DISCARD: "dealer discards",
        Phase.BID2: "bidding, round 2",
        Phase.ALONE: "alone?",
        Phase.TAKE_OVER: "take over?",
        Phase.DEFEND: "defend alone?",
        Phase.ACE_NO_FACE: "ace no face?",
        Phase.PLAY: "play",
        Phase.RENEGE: "call a renege?",
        Phase.ROBSON: "score or set back?",
        Phase.OVER: "over",
    }

    __slots__ = (
        "active_count",
        "alone",
        "announced_alone",
        "assist",
        "blind",
        "callable_renege",
        "dealer_took_up",
        "deck",
        "discards",
        "discards_left",
        "exchanger",
        "forced_alone",
        "games_won",
        "leader",
        "lone_defender",
        "maker",
        "match_winner",
        "next_active",
        "out_mask",
        "pending",
        "queue",
        "r",
        "reneged_mask",
        "sheet",
        "shown",
        "stock",
        "table",
        "team_scores",
        "tricks_won",
        "trump",
        "trump_maker",
        "turned_down",
        "upcard",
        "upsuit",
    )

    def __init__(self, game: Euchre | None = None, first_dealer: int = 0) -> None:
        if game is None:
            return  # a blank state for clone() to fill (compiled classes need one)
        self.game = game
        self.deck: tuple[Card, ...] = game.deck
        self.r = game.rules
        self.callable_renege = self.r.renege == "callable"
        self._start_match(first_dealer)
        self.team_scores = [0, 0]
        self.games_won = [0, 0]
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
        self.trump: Suit = -1
        self.table: TrickRules | None = None
        self.maker = -1
        self.trump_maker = -1
        self.alone = False
        self.announced_alone = False
        self.forced_alone = False
        self.blind = False
        self.assist = False
        self.lone_defender = -1
        self.out_mask = 0
        self.dealer_took_up = False
        self.queue: list[int] = []
        self.exchanger = -1
        self.discards_left = 0
        self.discards: list[list[Card]] = [[], [], [], []]
        self.shown: dict[int, list[Card]] = {}
        self.leader = -1
        self.trick: list[Card] = []
        self.trick_seats: list[int] = []
        self.completed: list[tuple[tuple[int, Card], ...]] = []
        self.trick_winners: list[int] = []
        self.tricks_won = [0, 0, 0, 0]
        self.reneged_mask = 0
        self.led_suit = -1
        self.led_mask: CardMask = 0
        self.best_power = -1
        self.best_seat = -1
        self.active_count = SEATS
        self.next_active: tuple[int, ...] = (1, 2, 3, 0)
        self.pending: tuple[list[int], list[str], int] | None = None

    # -- the step API ------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return list(self.team_scores)

    def winner(self) -> int | list[int] | None:
        return self.match_winner

    def random_deal(self, rng: random.Random) -> Deal:
        deck = shuffled(self.deck, rng)
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
            raise RecordError("no deal is due now: " + self._phase_name())
        check_deal_cards(deal, self.deck, [HAND_SIZE] * SEATS, require_full=False)
        self._begin_deal(deal)

    def _start_deal(self, deal: Deal) -> None:
        self._reset_deal()
        self.hands = [mask_of(hand) for hand in deal.hands]
        assert deal.turned is not None
        self.upcard = deal.turned
        self.stock = list(deal.stock)
        benny = self.r.benny_card
        if self.upcard == benny:
            self.phase, self.to_act = Phase.NAME_SUIT, self.dealer
            return
        self.upsuit = suit_of(self.upcard)
        self._enter_pre_bidding()

    def _enter_pre_bidding(self) -> None:
        if self.r.robson and rank_of(self.upcard) == 11 and self.upcard != JOKER:
            self.phase, self.to_act = Phase.BLIND_ALONE, self.dealer
            return
        self._enter_farmers()

    def _enter_farmers(self) -> None:
        if self.r.farmers_hand:
            self.queue = [seat for seat in self._from_eldest()]
            if self._next_farmer():
                return
        self._enter_bidding()

    def _next_farmer(self) -> bool:
        """Ask the next seat of the queue holding only 9s and 10s (ten or lower in
        the larger decks); the exchange needs three face-down cards in the stock."""
        while self.queue and len(self.stock) >= 3:
            seat = self.queue[0]
            hand = self.hands[seat]
            benny = self.r.benny_card
            holds_benny = benny is not None and bool(hand >> benny & 1)
            if hand and not holds_benny and hand & ~SMALL_CARDS == 0:
                self.phase, self.to_act = Phase.FARMERS, seat
                return True
            self.queue.pop(0)
        self.queue = []
        return False

    def _enter_bidding(self) -> None:
        self.phase, self.to_act = Phase.BID1, (self.dealer + 1) % SEATS

    def _from_eldest(self) -> list[int]:
        return [(self.dealer + offset) % SEATS for offset in range(1, SEATS + 1)]

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is _PLAY:
            hand = self.hands[self.to_act]
            if self.trick and not self.callable_renege:
                following = hand & self.led_mask
                if following:
                    hand = following
            listed = _CARDS_OF_CACHE.get(hand)
            return listed[:] if listed is not None else cards_of(hand)
        if phase == Phase.BID1:
            return self._bid1_actions()
        if phase == Phase.BID2:
            return self._bid2_actions()
        if phase == Phase.DEALER_DISCARD or phase == Phase.EXCHANGE_DISCARD:
            return [DISCARD_BASE + card for card in cards_of(self._discardable())]
        if phase == Phase.NAME_SUIT:
            return [make_action(A.NAME, suit) for suit in range(4)]
        if phase == Phase.ALONE:
            return [ALONE] if self.forced_alone else [ALONE, PASS]
        yes = {
            Phase.BLIND_ALONE: BLIND_ALONE,
            Phase.FARMERS: FARMERS_HAND,
            Phase.TAKE_OVER: TAKE_OVER,
            Phase.DEFEND: DEFEND_ALONE,
            Phase.ACE_NO_FACE: ACE_NO_FACE,
            Phase.RENEGE: CALL_RENEGE,
        }.get(phase)
        if yes is not None:
            return [yes, PASS]
        if phase == Phase.ROBSON:
            return [SCORE, SET_BACK]
        return []

    def _playable(self, seat: int) -> CardMask:
        hand = self.hands[seat]
        if not self.trick or self.callable_renege:
            return hand
        following = hand & self.led_mask
        return following if following else hand

    def _discardable(self) -> CardMask:
        hand = self.hands[self.to_act]
        if (
            self.phase == Phase.DEALER_DISCARD
            and not self.r.dealer_may_discard_upcard
            and hand & ~(1 << self.upcard)
        ):
            return hand & ~(1 << self.upcard)
        return hand

    def _may_make(self, seat: int, suit: Suit, after_pickup: bool) -> bool:
        """The ``minimum_trump`` rule: a trump other than the left bower is needed."""
        mode = self.r.minimum_trump
        if mode == "off" or (mode == "dealer" and seat != self.dealer):
            return True
        hand = self.hands[seat]
        if after_pickup and seat == self.dealer:
            hand |= 1 << self.upcard
        table = euchre_rules(suit, self.r.benny_card)
        left = 1 << make_card(same_colour_suit(suit), 11)
        return bool(hand & table.suit_masks[suit] & ~left)

    def _bid1_actions(self) -> list[Action]:
        seat = self.to_act
        if not self._may_make(seat, self.upsuit, after_pickup=True):
            return [PASS]
        with_bid = self.r.alone_timing == "with_bid"
        if self.r.dealer_partner_must_go_alone and seat == (self.dealer + 2) % SEATS:
            return [ORDER_ALONE, PASS] if with_bid else [ORDER, PASS]
        return [ORDER, ORDER_ALONE, PASS] if with_bid else [ORDER, PASS]

    def _bid2_actions(self) -> list[Action]:
        seat = self.to_act
        return round_two_calls(
            self.upsuit,
            self.r.stick_the_dealer and seat == self.dealer,
            lambda suit: self._may_make(seat, suit, after_pickup=False),
            self.r.alone_timing == "with_bid",
        )

    def why_illegal(self, action: Action) -> str:
        seat, phase = self.to_act, self.phase
        kind, argument = action >> 7, action & 127
        if phase in (Phase.DEAL, Phase.OVER):
            return super().why_illegal(action)
        if action == TAKE_OVER and self.announced_alone and self.maker == self.dealer:
            return "the lone maker is the dealer who has exchanged the up-card: no take over"
        if phase == Phase.PLAY and kind == A.PLAY:
            if not self.hands[seat] >> argument & 1:
                return f"seat {seat} does not hold {card_name(argument)}"
            return f"seat {seat} must follow suit"
        if kind == A.DISCARD and not self.hands[seat] >> argument & 1:
            return f"seat {seat} does not hold {card_name(argument)}"
        if phase == Phase.DEALER_DISCARD and kind == A.DISCARD:
            return "the dealer may not discard the card just picked up (dealer_may_discard_upcard)"
        if phase == Phase.BID2 and kind in (A.CALL, A.CALL_ALONE) and argument == self.upsuit:
            return f"the turned-down suit {SUIT_LETTERS[argument]} cannot be called"
        if phase == Phase.BID2 and action == PASS:
            return "stick the dealer: the dealer must call a suit"
        bidding = phase in (Phase.BID1, Phase.BID2)
        if bidding and kind in (A.ORDER_ALONE, A.CALL_ALONE) and self.r.alone_timing != "with_bid":
            return "going alone is decided after the discard (alone_timing=after_discard)"
        if phase == Phase.BID1 and kind in (A.CALL, A.CALL_ALONE):
            return "round 1 orders the up-card's suit; suits are called in round 2"
        if phase == Phase.BID2 and kind in (A.ORDER, A.ORDER_ALONE):
            return "the up-card is turned down; round 2 calls a suit"
        dealer_partner = seat == (self.dealer + 2) % SEATS
        if (
            phase == Phase.BID1
            and action == ORDER
            and self.r.dealer_partner_must_go_alone
            and dealer_partner
            and self._may_make(seat, self.upsuit, after_pickup=True)
        ):
            return "Canadian loner: the dealer's partner may only pass or order alone"
        if bidding and kind in (A.ORDER, A.ORDER_ALONE, A.CALL, A.CALL_ALONE):
            return "minimum_trump: a maker must hold a trump other than the left bower"
        return f"not allowed in phase '{self._phase_name()}' for seat {seat}"

    def _phase_name(self) -> str:
        return self.DISPLAY_PHASES[self.phase]

    def apply(self, action: Action) -> None:
        if self.phase is _PLAY and 0 <= action < 64:
            # The hot path of card play, inlined: one mask test, no legal list.
            seat = self.to_act
            hand = self.hands[seat]
            if self.trick and not self.callable_renege and hand & self.led_mask:
                hand &= self.led_mask
            if hand >> action & 1:
                self.actions[-1].append(action)
                self.actors[-1].append(seat)
                self._play(seat, action)
                return
        super().apply(action)

    def deal_random(self, rng: random.Random) -> None:
        if self.phase != Phase.DEAL:
            raise RecordError("no deal is due now: " + self._phase_name())
        self._begin_deal(self.random_deal(rng))

    def _save_mark(self) -> tuple[tuple[int, ...], tuple[int, ...], int, int]:
        return (tuple(self.team_scores), tuple(self.games_won), self.dealer, len(self.sheet))

    def _restore_mark(self, mark: tuple[tuple[int, ...], tuple[int, ...], int, int]) -> None:
        scores, games, self.dealer, sheet_length = mark
        self.team_scores, self.games_won = list(scores), list(games)
        del self.sheet[sheet_length:]
        self.match_winner = None

    # -- transitions -------------------------------------------------------------------------
    def _step(self, action: Action) -> None:
        phase = self.phase
        seat = self.to_act
        if phase == Phase.PLAY:
            self._play(seat, action)
        elif phase == Phase.BID1:
            if action == PASS:
                self._next_bidder(Phase.BID1)
            else:
                self._make_trump(seat, self.upsuit, alone=action == ORDER_ALONE, round_one=True)
        elif phase == Phase.BID2:
            if action == PASS:
                self._next_bidder(Phase.BID2)
            else:
                self._make_trump(
                    seat, action & 127, alone=action >> 7 == A.CALL_ALONE, round_one=False
                )
        elif phase == Phase.DEALER_DISCARD:
            card = action & 127
            self.hands[seat] &= ~(1 << card)
            self.discards[seat].append(card)
            self._enter_post_trump(0)
        elif phase == Phase.EXCHANGE_DISCARD:
            self._exchange_discard(seat, action & 127)
        elif phase == Phase.NAME_SUIT:
            self._name_suit(action & 127)
        elif phase == Phase.BLIND_ALONE:
            if action == BLIND_ALONE:
                self.blind = True
                self._make_trump(self.dealer, self.upsuit, alone=True, round_one=True)
            else:
                self._enter_farmers()
        elif phase == Phase.FARMERS:
            if action == FARMERS_HAND:
                self.shown[seat] = cards_of(self.hands[seat])
                self.exchanger, self.discards_left = seat, 3
                self.phase = Phase.EXCHANGE_DISCARD
            else:
                self.queue.pop(0)
                if not self._next_farmer():
                    self._enter_bidding()
        elif phase == Phase.ALONE:
            if action == ALONE:
                self._go_alone(self.maker)
                self.announced_alone = True
                self.assist = False  # the assist is an order "not alone" (RULES.md 1.7)
            self._enter_post_trump(1)
        elif phase == Phase.TAKE_OVER:
            if action == TAKE_OVER:
                old = self.maker
                self.maker = seat
                self.out_mask = 1 << old
            self._enter_post_trump(2)
        elif phase == Phase.DEFEND:
            if action == DEFEND_ALONE:
                self.lone_defender = seat
                self.out_mask |= 1 << ((seat + 2) % SEATS)
                self._enter_post_trump(3)
            else:
                self.queue.pop(0)
                if self.queue:
                    self.to_act = self.queue[0]
                else:
                    self._enter_post_trump(3)
        elif phase == Phase.ACE_NO_FACE:
            if action == ACE_NO_FACE:
                if self.r.ace_no_face == "redeal":
                    self._throw_in(
                        "ace no face: the deal is thrown in and redealt", same_dealer=True
                    )
                    return
                self.exchanger, self.discards_left = seat, 3
                self.phase = Phase.EXCHANGE_DISCARD
            else:
                self.queue.pop(0)
                if not self._next_ace_no_face():
                    self._enter_post_trump(4)
        elif phase == Phase.RENEGE:
            if action == CALL_RENEGE:
                side = seat % 2
                points = [0, 0]
                points[side] = self.r.renege_points
                self._finish_deal(
                    points, [f"seat {seat} calls a renege: {self.r.renege_points} points"]
                )
            else:
                self.queue.pop(0)
                if self.queue:
                    self.to_act = self.queue[0]
                else:
                    self._score_play()
        elif phase == Phase.ROBSON:
            assert self.pending is not None
            points, events, side = self.pending
            self.pending = None
            if action == SET_BACK:
                self._finish_deal(
                    [0, 0],
                    [*events, f"seat {seat} sets back the opponents"],
                    set_back=(1 - side, points[side]),
                )
            else:
                self._finish_deal(points, [*events, f"seat {seat} scores the march"])
        else:  # pragma: no cover - guarded by legal_actions
            raise AssertionError(f"no action expected in phase {phase}")

    def _next_bidder(self, phase: Phase) -> None:
        seat = self.to_act
        if seat != self.dealer:
            self.to_act = (seat + 1) % SEATS
            return
        if phase == Phase.BID1:
            self.turned_down = True
            self.phase, self.to_act = Phase.BID2, (self.dealer + 1) % SEATS
            return
        self._throw_in("all passed: the deal is thrown in", same_dealer=False)

    def _name_suit(self, suit: Suit) -> None:
        self.upsuit = suit
        if self.r.joker_upcard == "blind_call":
            self._make_trump(self.dealer, suit, alone=False, round_one=True)
        else:
            self._enter_pre_bidding()

    def _make_trump(self, seat: int, suit: Suit, alone: bool, round_one: bool) -> None:
        self.trump = suit
        self.table = euchre_rules(suit, self.r.benny_card)
        self.maker = seat
        self.trump_maker = seat
        partner = (seat + 2) % SEATS
        if round_one and partner == self.dealer and not alone and not self.blind:
            self.assist = self.phase == Phase.BID1
        if alone:
            self._go_alone(seat)
            self.announced_alone = True
        elif (
            round_one
            and self.r.dealer_partner_must_go_alone
            and self.phase == Phase.BID1
            and partner == self.dealer
        ):
            self.forced_alone = True
        if round_one:
            # A forced Canadian loner (after_discard timing) already means the dealer sits out.
            dealer_out = bool(self.out_mask >> self.dealer & 1) or self.forced_alone
            if not dealer_out or self.r.dealer_picks_up_when_partner_alone:
                self.hands[self.dealer] |= 1 << self.upcard
                self.dealer_took_up = True
                self.phase, self.to_act = Phase.DEALER_DISCARD, self.dealer
                return
        self._enter_post_trump(0)

    def _go_alone(self, seat: int) -> None:
        self.alone = True
        self.out_mask = 1 << ((seat + 2) % SEATS)

    def _enter_post_trump(self, step: int) -> None:
        """Steps after trump is made and the dealer has discarded, before the first lead:
        0 alone decision (after_discard timing, or after a blind call), 1 take over,
        2 defend alone, 3 ace no face, 4 the first lead."""
        r = self.r
        if step <= 0:
            needs_alone = r.alone_timing == "after_discard" or (
                self.upcard == r.benny_card and r.joker_upcard == "blind_call"
            )
            if needs_alone and not self.alone:
                self.phase, self.to_act = Phase.ALONE, self.maker
                return
        # Take over: not when the lone maker is the dealer who has exchanged the up-card.
        dealer_exchanged = self.maker == self.dealer and self.dealer_took_up
        if step <= 1 and r.partner_may_take_over and self.announced_alone and not dealer_exchanged:
            self.phase, self.to_act = Phase.TAKE_OVER, (self.maker + 2) % SEATS
            return
        if step <= 2 and r.defend_alone and self.alone:
            eligible = []
            for offset in (1, 3):
                defender = (self.maker + offset) % SEATS
                if not ((defender + 2) % SEATS == self.dealer and self.dealer_took_up):
                    eligible.append(defender)
            if eligible:
                self.queue = eligible
                self.phase, self.to_act = Phase.DEFEND, eligible[0]
                return
        if step <= 3 and r.ace_no_face != "off":
            self.queue = [s for s in self._from_eldest() if not self.out_mask >> s & 1]
            if self._next_ace_no_face():
                return
        self._start_play()

    def _next_ace_no_face(self) -> bool:
        """Ask the next active seat holding exactly one ace and otherwise cards of ten or
        lower; an exchange needs three face-down cards in the stock."""
        while self.queue:
            seat = self.queue[0]
            hand = self.hands[seat]
            benny = self.r.benny_card
            if benny is not None:
                hand_has_benny = hand >> benny & 1
            else:
                hand_has_benny = 0
            aces = hand & ACES
            if (
                aces.bit_count() == 1
                and not hand_has_benny
                and (hand & ~aces & ~SMALL_CARDS) == 0
                and (self.r.ace_no_face == "redeal" or len(self.stock) >= 3)
            ):
                self.phase, self.to_act = Phase.ACE_NO_FACE, seat
                return True
            self.queue.pop(0)
        return False

    def _exchange_discard(self, seat: int, card: Card) -> None:
        self.hands[seat] &= ~(1 << card)
        self.discards[seat].append(card)
        self.discards_left -= 1
        if self.discards_left:
            return
        for _ in range(3):
            self.hands[seat] |= 1 << self.stock.pop(0)
        self.queue.pop(0)
        if self.trump < 0:  # a farmer's hand, before the bidding
            if not self._next_farmer():
                self._enter_bidding()
        elif not self._next_ace_no_face():
            self._start_play()

    def _start_play(self) -> None:
        out = self.out_mask
        leader = (self.dealer + 1) % SEATS
        if self.r.lone_lead == "left_of_loner" and self.alone:
            # With a lone maker and a lone defender, the lone defender leads.
            leader = self.lone_defender if self.lone_defender >= 0 else (self.maker + 1) % SEATS
        while out >> leader & 1:
            leader = (leader + 1) % SEATS
        self.leader = leader
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
        # A card that fails to follow when able is a renege (RULES.md 1.5, callable mode).
        following = table.eff_suit[card] == self.led_suit
        if (
            self.trick
            and self.callable_renege
            and not following
            and self.hands[seat] & self.led_mask
        ):
            self.reneged_mask |= 1 << seat
        self._lay_card(seat, card, table)
        if len(self.trick) < self.active_count:
            self.to_act = self.next_active[seat]
            return
        winner = self._close_trick()
        self.tricks_won[winner] += 1
        if len(self.completed) < HAND_SIZE:
            self.leader = winner
            self.to_act = winner
            return
        if self.reneged_mask:
            callers = []
            for candidate in self._from_eldest():
                if self.out_mask >> candidate & 1:
                    continue
                for offender in range(SEATS):
                    if self.reneged_mask >> offender & 1 and offender % 2 != candidate % 2:
                        callers.append(candidate)
                        break
            if callers:
                self.queue = callers
                self.phase, self.to_act = Phase.RENEGE, callers[0]
                return
        self._score_play()

    def _score_play(self) -> None:
        r = self.r
        maker_side = self.maker % 2
        taken = self.tricks_won[maker_side] + self.tricks_won[maker_side + 2]
        points = [0, 0]
        events: list[str] = []
        if taken >= 3:
            if self.blind:
                if taken == 5:
                    points[maker_side] = 5
                    events.append("blind alone march: 5 points")
                else:
                    points[1 - maker_side] = 1
                    events.append(f"blind alone takes {_tricks(taken)}: 1 point to the defenders")
            elif taken == 5:
                value = r.lone_march_points if self.alone else r.march_points
                points[maker_side] = value
                events.append(("lone march" if self.alone else "march") + f": {value} points")
            else:
                points[maker_side] = r.make_points
                who = "lone maker takes" if self.alone else "makers take"
                events.append(f"{who} {_tricks(taken)}: {_points(r.make_points)}")
            if self.assist and r.point_on_partner and points[maker_side]:
                points[maker_side] += 1
                events.append("point on partner: 1 extra point")
        else:
            if self.lone_defender >= 0:
                value, what = r.lone_defender_points, "lone defender euchres the makers"
            elif self.alone:
                value, what = r.lone_euchre_points, "lone maker euchred"
            else:
                value, what = r.euchre_points, "makers euchred"
            if taken == 0 and r.super_euchre_points > value:
                value, what = r.super_euchre_points, "super euchre"
            points[1 - maker_side] = value
            events.append(f"{what} ({_tricks(taken)}): {value} points to the defenders")
        if r.robson and taken in (0, 5):
            side = maker_side if taken == 5 else 1 - maker_side
            if taken == 5:
                chooser = self.trump_maker  # the seat that made trump, even after a take over
            else:
                chooser = next(
                    s for s in self._from_eldest() if s % 2 == side and not self.out_mask >> s & 1
                )
            self.pending = (points, events, side)
            self.phase, self.to_act = Phase.ROBSON, chooser
            return
        self._finish_deal(points, events)

    def _summary(
        self, points: list[int], events: list[str], complete: bool, thrown_in: bool = False
    ) -> DealSummary:
        tricks = [self.tricks_won[0] + self.tricks_won[2], self.tricks_won[1] + self.tricks_won[3]]
        return DealSummary(
            points=points,
            scores=list(self.team_scores),
            tricks=tricks,
            trump=SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            makers=self.maker % 2 if self.maker >= 0 else None,
            events=events,
            complete=complete,
            thrown_in=thrown_in,
            extra={"dealer": self.dealer, "games": list(self.games_won)}
            if self.r.match == "best_of_3"
            else {"dealer": self.dealer},
        )

    def _finish_deal(
        self, points: list[int], events: list[str], set_back: tuple[int, int] | None = None
    ) -> None:
        for side in (0, 1):
            self.team_scores[side] += points[side]
        if set_back is not None:
            side, value = set_back
            before = self.team_scores[side]
            self.team_scores[side] = max(0, before - value)
            events = [*events, f"side {side} set back {before - self.team_scores[side]} points"]
        target = self.r.target
        decided: int | list[int] | None = None
        if target is None:
            if points[0] != points[1]:
                decided = 0 if points[0] > points[1] else 1
            elif set_back is not None:
                decided = 1 - set_back[0]
            else:
                decided = [0, 1]
        else:
            for side in (0, 1):
                if self.team_scores[side] >= target:
                    decided = side
        summary = self._summary(points, events, complete=True)
        if target is not None and isinstance(decided, int):
            summary.events.append(f"side {decided} wins the game")
            if self.r.match == "best_of_3":
                self.games_won[decided] += 1
                summary.extra["games"] = list(self.games_won)
                if self.games_won[decided] < 2:
                    self.team_scores = [0, 0]
                    decided = None
        self.sheet.append(summary)
        self._next_deal(decided, same_dealer=False)

    def _throw_in(self, why: str, same_dealer: bool) -> None:
        summary = self._summary([0, 0], [why], complete=True, thrown_in=True)
        self.sheet.append(summary)
        decided: int | list[int] | None = None
        if self.r.target is None and not same_dealer:
            decided = [0, 1]
        self._next_deal(decided, same_dealer)

    def _next_deal(self, decided: int | list[int] | None, same_dealer: bool) -> None:
        if decided is not None:
            self.match_winner = decided
            self.phase, self.to_act = Phase.OVER, TERMINAL
            return
        if not same_dealer:
            self.dealer = (self.dealer + 1) % SEATS
        self.phase, self.to_act = Phase.DEAL, CHANCE

    # -- what people and bots see -----------------------------------------------------------
    def summaries(self) -> list[DealSummary]:
        out = list(self.sheet)
        if self.deals and len(self.sheet) < len(self.deals):
            out.append(self._summary([0, 0], [], complete=False))
        return out

    def public_facts(self) -> dict[str, Any]:
        """Facts every seat may know, by name (used by views, the CLI and the server)."""
        upcard_known = self.upcard >= 0
        return {
            "upcard": card_name(self.upcard) if upcard_known else None,
            "upcard_suit": SUIT_LETTERS[self.upsuit] if self.upsuit >= 0 else None,
            "turned_down": self.turned_down,
            "dealer_took_up": self.dealer_took_up,
            "trump": SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            "maker": self.maker if self.maker >= 0 else None,
            "alone": self.alone,
            "lone_defender": self.lone_defender if self.lone_defender >= 0 else None,
            "sitting_out": [s for s in range(SEATS) if self.out_mask >> s & 1],
            "tricks_won": list(self.tricks_won),
            "shown": {seat: [card_name(c) for c in cards] for seat, cards in self.shown.items()},
            "games": list(self.games_won),
            "target": self.r.target,
        }

    def view(self, seat: int) -> SeatView:
        public = self.public_facts()
        public["own_discards"] = [card_name(c) for c in self.discards[seat]]
        # RULES.md 1.8: the dealer names the Joker's suit before looking at the hand.
        hand_hidden = self.phase == Phase.NAME_SUIT and seat == self.dealer
        public["own_hand_hidden"] = hand_hidden
        return self._seat_view(seat, public, hand_hidden=hand_hidden)

    def hidden_from(self, seat: int) -> CardMask:
        hidden = mask_of(self.stock)
        for other in range(SEATS):
            if other != seat:
                hidden |= self.hands[other] | mask_of(self.discards[other])
        for cards in self.shown.values():
            hidden &= ~mask_of(cards)
        if self.upcard >= 0:  # the up-card was shown to everyone
            hidden &= ~(1 << self.upcard)
        if self.phase == Phase.NAME_SUIT and seat == self.dealer:
            hidden |= self.hands[seat]  # named before looking (RULES.md 1.8)
        return hidden

    def actor_history(self) -> list[tuple[int, Action]]:
        """This deal's decisions with the seat that took each."""
        if not self.actions:
            return []
        return list(zip(self.actors[-1], self.actions[-1], strict=True))


def _action_text(action: Action) -> str:
    return A.action_text(action)


def _tricks(count: int) -> str:
    return f"{count} trick" + ("" if count == 1 else "s")


def _points(count: int) -> str:
    return f"{count} point" + ("" if count == 1 else "s")
