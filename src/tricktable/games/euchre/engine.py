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
from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, ClassVar

from tricktable.actions import Action, CoreKind, argument_of, kind_of, make_action
from tricktable.cards import (
    _CARDS_OF_CACHE,
    ACE,
    JOKER,
    SUIT_MASKS,
    TEN,
    Card,
    CardMask,
    Suit,
    cards_of,
    make_card,
    rank_of,
    standard_deck,
)
from tricktable.core import SeatView
from tricktable.errors import RuleError
from tricktable.events import Event, EventKind
from tricktable.games.euchre.events import EuchreEvent
from tricktable.games.euchre.facts import EuchreFacts
from tricktable.games.euchre.verbs import EuchreKind
from tricktable.games.euchre_family.dealing import (
    draw_first_dealer,
    first_dealer_option,
    packets_option,
    stdlib_shuffled,
)
from tricktable.games.euchre_family.events import FamilyEvent
from tricktable.games.euchre_family.state import (
    FamilyGame,
    Legal,
    Step,
    does_not_hold,
    phase_names,
    phase_tables,
)
from tricktable.games.euchre_family.upcard import (
    CALL_KINDS,
    MAY_NOT_DISCARD_UPCARD,
    ORDER,
    ORDER_KINDS,
    PASS,
    UpCardState,
)
from tricktable.games.euchre_family.verbs import FamilyKind
from tricktable.rules import option, parse_rule_string
from tricktable.tricks import TrickRules, euchre_rules

SEATS = 4
HAND_SIZE = 5
BLIND_MARCH_POINTS = 5
"""What a Robson blind alone scores for all five tricks."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EuchreRules:
    """Every option of RULES.md section 1 with its North American default."""

    preset: str = "north_american"
    deck: int = option(
        24,
        "cards: 24 (A-9), 25 (+Joker), 28 (+8s), 32 (+8s, 7s), 33 (32+Joker), 36 (32+2s)",
        ("24", "25", "28", "32", "33", "36"),
    )
    benny: str = option(
        "joker", "the Benny: the Joker, or 2S standing in for it (deck holds 2S)", ("joker", "2S")
    )
    first_dealer: str = first_dealer_option()
    packets: str = packets_option()
    stick_the_dealer: bool = option(False, "if all pass twice the dealer must call a suit")
    dealer_opens: bool = option(
        False, "the dealer speaks first in both making rounds (a Benny up-card is a blind call)"
    )
    alone_timing: str = option(
        "with_bid",
        "going alone: part of the bid, or after the discard",
        ("with_bid", "after_discard"),
        label="When to go alone",
    )
    dealer_picks_up_when_partner_alone: bool = option(
        True,
        "the dealer picks up and discards even when the partner goes alone",
        label="Dealer picks up when the partner goes alone",
    )
    dealer_partner_must_go_alone: bool = option(
        False,
        "Canadian loner: in round 1 the dealer's partner may only pass or order alone",
        label="Dealer's partner must go alone",
    )
    dealer_may_discard_upcard: bool = option(
        True, "the dealer may discard the card picked up", label="Dealer may discard the up-card"
    )
    minimum_trump: str = option(
        "off",
        "a maker must hold a trump, and not a single jack as its only trump",
        ("off", "all", "dealer"),
    )
    minimum_trump_jack: str = option(
        "any",
        "with a minimum trump rule, the single jack that does not count as a trump: either"
        " bower, or only the left bower",
        ("any", "left"),
        label="Minimum trump: the lone jack",
    )
    partner_may_take_over: bool = option(
        False, "the lone maker's partner may take over and play alone instead"
    )
    defend_alone: bool = option(False, "one defender may defend alone against a lone maker")
    defend_alone_any: bool = option(
        False,
        "where a defender may defend alone, also against two makers (not only a lone maker)",
        label="Defend alone against two makers",
    )
    lone_lead: str = option(
        "eldest_skip",
        "who leads first when someone plays alone",
        ("eldest_skip", "left_of_loner"),
        label="First lead when someone plays alone",
    )
    renege: str = option(
        "forbidden",
        "cards failing to follow are refused, or callable after play",
        ("forbidden", "callable"),
    )
    renege_points: int = option(2, "points for calling a renege", minimum=0)
    renege_penalty: str = option(
        "award",
        "a called renege: the renege points go to the callers, or are taken from the reneging"
        " side's score",
        ("award", "deduct"),
    )
    maker_may_concede: bool = option(
        False,
        "once the makers have 3 tricks the maker may concede the rest of the deal, scoring the"
        " points for making",
    )
    make_points: int = option(1, "makers (or lone maker) take 3 or 4 tricks", minimum=0)
    march_points: int = option(2, "makers take all 5 tricks", minimum=0)
    lone_march_points: int = option(4, "lone maker takes all 5 tricks", minimum=0)
    euchre_points: int = option(2, "to defenders when makers take fewer than 3", minimum=0)
    lone_euchre_points: int = option(2, "to defenders when a lone maker is euchred", minimum=0)
    lone_defender_points: int = option(4, "to defenders when a lone defender euchres", minimum=0)
    super_euchre_points: int = option(
        0,
        "to the defenders when the makers take no trick, where it is more than a euchre's"
        " points (0: no super euchre)",
        minimum=0,
    )
    target: int | None = option(
        10, "points to win a game (none: a single hand)", minimum=1, nullable=True
    )
    match: str = option("single", "one game, or first side to win 2 games", ("single", "best_of_3"))
    farmers_hand: bool = option(
        False, "a hand of only 9s and 10s may exchange three cards", label="Farmer's hand"
    )
    ace_no_face: str = option(
        "off",
        "a hand of one ace and 9s/10s: exchange three, or redeal",
        ("off", "exchange", "redeal"),
    )
    point_on_partner: bool = option(False, "an assist that makes scores 1 extra point")
    robson: bool = option(
        False,
        "Robson's rules: the makers of a march choose to score it or to set the opponents back;"
        " a jack turned up may be played blind alone",
        label="Robson's rules",
    )
    joker_upcard: str = option(
        "name_suit",
        "a Joker turned up: the dealer names its suit, or calls blind",
        ("name_suit", "blind_call"),
        label="Joker turned up",
    )

    def __post_init__(self) -> None:
        if self.deck not in (24, 25, 28, 32, 33, 36):
            raise RuleError(f"option 'deck' cannot be {self.deck}; allowed: 24, 25, 28, 32, 33, 36")
        if self.benny == "2S" and self.deck == 36:
            raise RuleError("option 'benny' 2S cannot be used with deck 36 (it holds the 2s)")
        if self.benny == "2S" and self.deck not in (25, 33):
            raise RuleError("option 'benny' 2S needs a deck with a Joker (25 or 33)")
        if self.dealer_opens and self.stick_the_dealer:
            raise RuleError(
                "options 'dealer_opens' and 'stick_the_dealer' cannot be combined"
                " (RULES.md 1.3); turn one of them off"
            )
        if self.defend_alone_any and not self.defend_alone:
            raise RuleError("option 'defend_alone_any' needs 'defend_alone' on")

    @property
    def benny_card(self) -> Card | None:
        """The card that is the Benny, or ``None`` without one."""
        if self.deck not in (25, 33):
            return None
        return make_card(0, 2) if self.benny == "2S" else JOKER

    def deck_cards(self) -> list[Card]:
        """The cards of the deck in a fixed order."""
        low = {24: 9, 25: 9, 28: 8, 32: 7, 33: 7, 36: 7}[self.deck]
        cards = standard_deck(range(low, ACE + 1))
        if self.deck == 36:
            cards.extend(make_card(suit, 2) for suit in range(4))  # the 2s, below the 7s
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
        "defend_alone_any": True,
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
ORDER_ALONE = make_action(FamilyKind.ORDER_ALONE)
ALONE = make_action(FamilyKind.ALONE)
TAKE_OVER = make_action(FamilyKind.TAKE_OVER)
DEFEND_ALONE = make_action(FamilyKind.DEFEND_ALONE)
BLIND_ALONE = make_action(EuchreKind.BLIND_ALONE)
FARMERS_HAND = make_action(EuchreKind.FARMERS_HAND)
ACE_NO_FACE = make_action(FamilyKind.ACE_NO_FACE)
CALL_RENEGE = make_action(EuchreKind.CALL_RENEGE)
SCORE = make_action(EuchreKind.SCORE)
SET_BACK = make_action(EuchreKind.SET_BACK)
CONCEDE = make_action(EuchreKind.CONCEDE)
ACES: CardMask = sum(1 << make_card(s, ACE) for s in range(4))
SMALL_CARDS: CardMask = sum(SUIT_MASKS[s] & ((1 << (16 * s + TEN + 1)) - 1) for s in range(4))
"""Every card ranked ten or lower (9s and 10s, and the 8s and 7s of larger decks)."""
_YES: dict[Phase, Action] = {
    Phase.BLIND_ALONE: BLIND_ALONE,
    Phase.FARMERS: FARMERS_HAND,
    Phase.TAKE_OVER: TAKE_OVER,
    Phase.DEFEND: DEFEND_ALONE,
    Phase.ACE_NO_FACE: ACE_NO_FACE,
    Phase.RENEGE: CALL_RENEGE,
}
"""The phases that ask a yes-or-pass question, with their yes."""


class PostTrump(IntEnum):
    """The questions asked after trump is made and the dealer has discarded, before the
    first lead, in order; ``EuchreState._enter_post_trump`` asks from one on, skipping
    those that do not apply."""

    ALONE = 0
    """Alone? (``alone_timing=after_discard``, or after a blind call)."""
    TAKE_OVER = 1
    """Does the lone maker's partner take over?"""
    DEFEND = 2
    """Does a defender defend alone?"""
    ACE_NO_FACE = 3
    """Ace no face?"""
    LEAD = 4
    """None left: the first lead."""


@dataclass(frozen=True, slots=True)
class GamesSheet:
    """Euchre's own entry of a deal's score-sheet line in a best-of-3 match: the games each
    side has won.

    >>> GamesSheet([1, 0]).to_json()
    {'games': [1, 0]}
    """

    games: list[int]

    def to_json(self) -> dict[str, Any]:
        return {"games": list(self.games)}


class EuchreState(UpCardState[EuchreRules]):
    """A match of four-handed Euchre in progress."""

    phases = Phase
    play_phase = Phase.PLAY
    ALL_PASSED = FamilyEvent.ALL_PASSED

    DISPLAY_PHASES: ClassVar[dict[Phase, str]] = phase_names(
        Phase,
        {
            Phase.NAME_SUIT: "name the Joker's suit",
            Phase.BLIND_ALONE: "blind alone?",
            Phase.FARMERS: "farmer's hand?",
            Phase.EXCHANGE_DISCARD: "discard for the exchange",
            Phase.ALONE: "alone?",
            Phase.TAKE_OVER: "take over?",
            Phase.DEFEND: "defend alone?",
            Phase.ACE_NO_FACE: "ace no face?",
            Phase.RENEGE: "call a renege?",
            Phase.ROBSON: "score or set back?",
        },
    )

    __slots__ = (
        "alone",
        "announced_alone",
        "assist",
        "blind",
        "callable_renege",
        "concede_open",
        "conceded",
        "discards_left",
        "exchanger",
        "forced_alone",
        "games_won",
        "lone_defender",
        "pending",
        "reneged_mask",
        "trump_maker",
    )

    def _open_scores(self) -> None:
        self.match_scores = [0, 0]
        self.games_won = [0, 0]
        self.callable_renege = self.rules.renege == "callable"
        self.concede_open = self.rules.maker_may_concede

    def _reset_deal(self) -> None:
        super()._reset_deal()
        self.trump_maker = -1
        self.alone = False
        self.announced_alone = False
        self.forced_alone = False
        self.blind = False
        self.assist = False
        self.lone_defender = -1
        self.exchanger = -1
        self.discards_left = 0
        self.reneged_mask = 0
        self.conceded = False
        self.pending: tuple[list[int], list[Event], int] | None = None

    def _tally(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return (tuple(self.match_scores), tuple(self.games_won))

    def _restore_tally(self, tally: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
        scores, games = tally
        self.match_scores, self.games_won = list(scores), list(games)

    # -- before the bidding ------------------------------------------------------------------
    def _open_bidding(self) -> None:
        if self.upcard == self.rules.benny_card:
            self.upsuit = -1  # its suit is named by the dealer (RULES.md 1.8)
            self.phase, self.to_act = Phase.NAME_SUIT, self.dealer
            return
        self._enter_pre_bidding()

    def _enter_pre_bidding(self) -> None:
        if self.rules.robson and rank_of(self.upcard) == 11 and self.upcard != JOKER:
            self.phase, self.to_act = Phase.BLIND_ALONE, self.dealer
            return
        self._enter_farmers()

    def _enter_farmers(self) -> None:
        if self.rules.farmers_hand:
            self.queue = self._from_eldest()
            if self._next_farmer():
                return
        self._enter_round_one()

    def _next_farmer(self) -> bool:
        """Ask the next seat of the queue holding only 9s and 10s (ten or lower in
        the larger decks); the exchange needs three face-down cards in the stock."""
        while self.queue and len(self.stock) >= 3:
            seat = self.queue[0]
            hand = self.hands[seat]
            benny = self.rules.benny_card
            holds_benny = benny is not None and bool(hand >> benny & 1)
            if hand and not holds_benny and hand & ~SMALL_CARDS == 0:
                self.phase, self.to_act = Phase.FARMERS, seat
                return True
            self.queue.pop(0)
        self.queue = []
        return False

    def _trick_rules(self, suit: Suit) -> TrickRules:
        return euchre_rules(suit, self.rules.benny_card)

    # -- legal actions -----------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.phase is _PLAY:  # the hot path, inlined: ``_playable`` of the seat to act
            hand = self.hands[self.to_act]
            if self.trick and not self.callable_renege:
                following = hand & self.led_mask
                if following:
                    hand = following
            listed = _CARDS_OF_CACHE.get(hand)
            if self.concede_open and self._may_concede():
                return [*(listed if listed is not None else cards_of(hand)), CONCEDE]
            return listed[:] if listed is not None else cards_of(hand)
        legal: Legal[EuchreState] = _LEGAL[self.phase]  # a phase (an IntEnum) is an index
        return legal(self)

    def _name_suit_actions(self) -> list[Action]:
        return [make_action(FamilyKind.NAME, suit) for suit in range(4)]

    def _yes_or_pass_actions(self) -> list[Action]:
        return [_YES[self.phase], PASS]

    def _alone_actions(self) -> list[Action]:
        return [ALONE] if self.forced_alone else [ALONE, PASS]

    def _robson_actions(self) -> list[Action]:
        return [SCORE, SET_BACK]

    def _playable(self, seat: int) -> CardMask:
        hand = self.hands[seat]
        if not self.trick or self.callable_renege:
            return hand
        following = hand & self.led_mask
        return following if following else hand

    def _round_one_actions(self) -> list[Action]:
        seat = self.to_act
        if not self._may_make(seat, self.upsuit):
            return [PASS]
        with_bid = self.rules.alone_timing == "with_bid"
        if self.rules.dealer_partner_must_go_alone and seat == (self.dealer + 2) % SEATS:
            return [ORDER_ALONE, PASS] if with_bid else [ORDER, PASS]
        return [ORDER, ORDER_ALONE, PASS] if with_bid else [ORDER, PASS]

    def _calls_alone(self) -> bool:
        return self.rules.alone_timing == "with_bid"

    def why_illegal(self, action: Action) -> str:
        seat, phase = self.to_act, self.phase
        kind, argument = kind_of(action), argument_of(action)
        if phase in (Phase.DEAL, Phase.OVER):
            return super().why_illegal(action)
        if action == CONCEDE:
            return self._concede_refusal()
        if action == TAKE_OVER and self.announced_alone and self.maker == self.dealer:
            return "the lone maker is the dealer who has exchanged the up-card: no take over"
        if phase == Phase.PLAY and kind == CoreKind.PLAY:
            if not self.hands[seat] >> argument & 1:
                return does_not_hold(seat, argument)
            return f"seat {seat} must follow suit"
        if kind == CoreKind.DISCARD and not self.hands[seat] >> argument & 1:
            return does_not_hold(seat, argument)
        if phase == Phase.DEALER_DISCARD and kind == CoreKind.DISCARD:
            return MAY_NOT_DISCARD_UPCARD
        refusal = self._making_refusal(action)
        if refusal is not None:
            return refusal
        if (
            phase == Phase.BID1
            and action == ORDER
            and self.rules.dealer_partner_must_go_alone
            and seat == (self.dealer + 2) % SEATS
            and self._may_make(seat, self.upsuit)
        ):
            return "Canadian loner: the dealer's partner may only pass or order alone"
        if phase in (Phase.BID1, Phase.BID2) and (kind in ORDER_KINDS or kind in CALL_KINDS):
            return self._minimum_trump_refusal()
        return f"not allowed in phase '{self._phase_name()}' for seat {seat}"

    def _blind_call(self) -> bool:
        """Whether a Benny up-card is a blind call: ``joker_upcard=blind_call``, or always
        with ``dealer_opens`` (RULES.md 1.3)."""
        return self.rules.joker_upcard == "blind_call" or self.rules.dealer_opens

    def _concede_refusal(self) -> str:
        """Why ``concede`` is not open now."""
        if not self.rules.maker_may_concede:
            return "conceding is not allowed (maker_may_concede is off)"
        if self.phase != Phase.PLAY:
            return "the maker concedes only at its turn to play"
        if self.to_act != self.maker:
            return f"only the maker (seat {self.maker}) may concede"
        if self.blind:
            return "a blind alone dealer may not concede"
        return "the makers may concede only once they have taken 3 tricks"

    def _alone_refusal(self, action: Action) -> str | None:
        if (
            self.phase in (Phase.BID1, Phase.BID2)
            and kind_of(action) in (FamilyKind.ORDER_ALONE, FamilyKind.CALL_ALONE)
            and not self._calls_alone()
        ):
            return "going alone is decided after the discard (alone_timing=after_discard)"
        return None

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
                if self.callable_renege:
                    self._note_renege(seat, action)
                self._play(seat, action)
                return
        super().apply(action)

    # -- transitions -------------------------------------------------------------------------
    def _step(self, action: Action) -> None:
        if self.phase is _PLAY:  # the hot path first
            self._play_step(action)
            return
        step: Step[EuchreState] = _STEPS[self.phase]  # a phase (an IntEnum) is an index
        step(self, action)

    def _name_suit(self, action: Action) -> None:
        suit = argument_of(action)
        self.upsuit = suit
        if self._blind_call():
            self._take_trump(self.dealer, suit, alone=False, round_one=True)
        else:
            self._enter_pre_bidding()

    def _blind_alone(self, action: Action) -> None:
        if action == BLIND_ALONE:
            self.blind = True
            self._take_trump(self.dealer, self.upsuit, alone=True, round_one=True)
        else:
            self._enter_farmers()

    def _farmers_hand(self, action: Action) -> None:
        seat = self.to_act
        if action == FARMERS_HAND:
            self.shown[seat] = cards_of(self.hands[seat])
            self.exchanger, self.discards_left = seat, 3
            self.phase = Phase.EXCHANGE_DISCARD
        else:
            self.queue.pop(0)
            if not self._next_farmer():
                self._enter_round_one()

    def _exchange_discard(self, action: Action) -> None:
        seat, card = self.to_act, argument_of(action)
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
                self._enter_round_one()
        elif not self._next_ace_no_face():
            self._start_play()

    def _order_up(self, seat: int, action: Action) -> None:
        self._take_trump(seat, self.upsuit, alone=action == ORDER_ALONE, round_one=True)

    def _call_trump(self, seat: int, action: Action) -> None:
        self._take_trump(
            seat,
            argument_of(action),
            alone=kind_of(action) == FamilyKind.CALL_ALONE,
            round_one=False,
        )

    def _take_trump(self, seat: int, suit: Suit, alone: bool, round_one: bool) -> None:
        """``seat`` makes ``suit`` trump, ``alone`` or not, in round 1 (the up-card's suit,
        which the dealer picks up) or round 2."""
        self._make_trump(seat, suit)
        self.trump_maker = seat
        partner = (seat + 2) % SEATS
        if round_one and partner == self.dealer and not alone and not self.blind:
            self.assist = self.phase == Phase.BID1
        if alone:
            self._go_alone(seat)
            self.announced_alone = True
        elif (
            round_one
            and self.rules.dealer_partner_must_go_alone
            and self.phase == Phase.BID1
            and partner == self.dealer
        ):
            self.forced_alone = True
        if round_one:
            # A forced Canadian loner (after_discard timing) already means the dealer sits out.
            dealer_out = bool(self.out_mask >> self.dealer & 1) or self.forced_alone
            if not dealer_out or self.rules.dealer_picks_up_when_partner_alone:
                self._pick_up()
                return
        self._enter_post_trump(PostTrump.ALONE)

    def _go_alone(self, seat: int) -> None:
        self.alone = True
        self.out_mask = 1 << ((seat + 2) % SEATS)

    def _trump_made(self) -> None:
        self._enter_post_trump(PostTrump.ALONE)

    def _enter_post_trump(self, step: PostTrump) -> None:
        """Ask the first question from ``step`` on that applies (see ``PostTrump``), or
        start the play."""
        rules = self.rules
        if step <= PostTrump.ALONE:
            needs_alone = rules.alone_timing == "after_discard" or (
                self.upcard == rules.benny_card and self._blind_call()
            )
            if needs_alone and not self.alone:
                self.phase, self.to_act = Phase.ALONE, self.maker
                return
        # Take over: not when the lone maker is the dealer who has exchanged the up-card.
        dealer_exchanged = self.maker == self.dealer and self.dealer_took_up
        if (
            step <= PostTrump.TAKE_OVER
            and rules.partner_may_take_over
            and self.announced_alone
            and not dealer_exchanged
        ):
            self.phase, self.to_act = Phase.TAKE_OVER, (self.maker + 2) % SEATS
            return
        if (
            step <= PostTrump.DEFEND
            and rules.defend_alone
            and (self.alone or rules.defend_alone_any)
        ):
            eligible = []
            for offset in (1, 3):
                defender = (self.maker + offset) % SEATS
                if not ((defender + 2) % SEATS == self.dealer and self.dealer_took_up):
                    eligible.append(defender)
            if eligible:
                self.queue = eligible
                self.phase, self.to_act = Phase.DEFEND, eligible[0]
                return
        if step <= PostTrump.ACE_NO_FACE and rules.ace_no_face != "off":
            self.queue = [s for s in self._from_eldest() if not self.out_mask >> s & 1]
            if self._next_ace_no_face():
                return
        self._start_play()

    def _alone_decision(self, action: Action) -> None:
        if action == ALONE:
            self._go_alone(self.maker)
            self.announced_alone = True
            self.assist = False  # the assist is an order "not alone" (RULES.md 1.7)
        self._enter_post_trump(PostTrump.TAKE_OVER)

    def _take_over(self, action: Action) -> None:
        if action == TAKE_OVER:
            old = self.maker
            self.maker = self.to_act
            self.out_mask = 1 << old
        self._enter_post_trump(PostTrump.DEFEND)

    def _defend(self, action: Action) -> None:
        seat = self.to_act
        if action == DEFEND_ALONE:
            self.lone_defender = seat
            self.out_mask |= 1 << ((seat + 2) % SEATS)
            self._enter_post_trump(PostTrump.ACE_NO_FACE)
            return
        if not self._ask_next_in_queue():
            self._enter_post_trump(PostTrump.ACE_NO_FACE)

    def _next_ace_no_face(self) -> bool:
        """Ask the next active seat holding exactly one ace and otherwise cards of ten or
        lower; an exchange needs three face-down cards in the stock."""
        while self.queue:
            seat = self.queue[0]
            hand = self.hands[seat]
            benny = self.rules.benny_card
            if benny is not None:
                hand_has_benny = hand >> benny & 1
            else:
                hand_has_benny = 0
            aces = hand & ACES
            if (
                aces.bit_count() == 1
                and not hand_has_benny
                and (hand & ~aces & ~SMALL_CARDS) == 0
                and (self.rules.ace_no_face == "redeal" or len(self.stock) >= 3)
            ):
                self.phase, self.to_act = Phase.ACE_NO_FACE, seat
                return True
            self.queue.pop(0)
        return False

    def _ace_no_face(self, action: Action) -> None:
        if action == ACE_NO_FACE:
            if self.rules.ace_no_face == "redeal":
                self._throw_in(Event(EuchreEvent.ACE_NO_FACE_REDEAL), same_dealer=True)
                return
            self.exchanger, self.discards_left = self.to_act, 3
            self.phase = Phase.EXCHANGE_DISCARD
            return
        self.queue.pop(0)
        if not self._next_ace_no_face():
            self._enter_post_trump(PostTrump.LEAD)

    # -- the play and the score --------------------------------------------------------------
    def _first_leader(self) -> int:
        if self.rules.lone_lead == "left_of_loner" and (self.alone or self.lone_defender >= 0):
            # A lone defender leads, with or without a lone maker (RULES.md 1.5).
            return self.lone_defender if self.lone_defender >= 0 else (self.maker + 1) % SEATS
        return self.eldest

    def _play_step(self, action: Action) -> None:
        seat = self.to_act
        if action == CONCEDE:
            self._concede()
            return
        if self.callable_renege:
            self._note_renege(seat, action)
        self._play(seat, action)

    def _note_renege(self, seat: int, card: Card) -> None:
        """Mark ``seat`` if ``card`` fails to follow when it could (RULES.md 1.5, callable
        mode; the card is played all the same)."""
        table = self.table
        assert table is not None
        following = table.eff_suit[card] == self.led_suit
        if self.trick and not following and self.hands[seat] & self.led_mask:
            self.reneged_mask |= 1 << seat

    def _may_concede(self) -> bool:
        """Whether the seat to play may ``concede`` (``maker_may_concede``, RULES.md 1.5):
        it is the maker, its side has taken 3 tricks, and the deal is no Robson blind alone
        (whose 3 or 4 tricks score for the defenders)."""
        maker = self.maker
        if self.to_act != maker or self.blind:
            return False
        return self.tricks_won[maker % 2] + self.tricks_won[maker % 2 + 2] >= 3

    def _concede(self) -> None:
        """The maker concedes: the remaining tricks are not played; a renege may still be
        called, then the makers score ``make_points``."""
        self.conceded = True
        self._hand_played()

    def _hand_played(self) -> None:
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

    def _renege(self, action: Action) -> None:
        seat = self.to_act
        if action == CALL_RENEGE and self.rules.renege_penalty == "deduct":
            self._deduct_renege(seat)
            return
        if action == CALL_RENEGE:
            points = [0, 0]
            points[seat % 2] = self.rules.renege_points
            renege = Event(
                EuchreEvent.RENEGE_CALLED,
                seat=seat,
                side=seat % 2,
                points=self.rules.renege_points,
            )
            self._finish_deal(points, [renege])
            return
        if not self._ask_next_in_queue():
            self._score_play()

    def _deduct_renege(self, seat: int) -> None:
        """``seat`` calls a renege with ``renege_penalty=deduct``: the reneging side loses
        ``renege_points``, not below 0 (as Robson's set back), and nothing else is scored."""
        value = self.rules.renege_points
        self._finish_deal(
            [0, 0],
            [Event(EuchreEvent.RENEGE_DEDUCTED, seat=seat, side=seat % 2, counts=(value,))],
            set_back=(1 - seat % 2, value),
        )

    def _score_play(self) -> None:
        if self.conceded:
            self._score_concession()
            return
        r = self.rules
        maker_side = self.maker % 2
        taken = self.tricks_won[maker_side] + self.tricks_won[maker_side + 2]
        points = [0, 0]
        events: list[Event] = []
        if taken >= 3:
            if self.blind and taken == 5:
                kind, value = EuchreEvent.BLIND_ALONE_MARCH, BLIND_MARCH_POINTS
            elif self.blind:
                kind, value = EuchreEvent.BLIND_ALONE_EUCHRED, 1
            elif taken == 5 and self.alone:
                kind, value = EuchreEvent.LONE_MARCH, r.lone_march_points
            elif taken == 5:
                kind, value = EuchreEvent.MARCH, r.march_points
            elif self.alone:
                kind, value = EuchreEvent.LONE_MAKER_TAKES, r.make_points
            else:
                kind, value = EuchreEvent.MAKERS_TAKE, r.make_points
            scorer = 1 - maker_side if kind == EuchreEvent.BLIND_ALONE_EUCHRED else maker_side
            points[scorer] = value
            events.append(Event(kind, side=scorer, points=value, tricks=taken))
            if self.assist and r.point_on_partner and points[maker_side]:
                points[maker_side] += 1
                events.append(Event(EuchreEvent.POINT_ON_PARTNER, side=maker_side, points=1))
        else:
            if self.lone_defender >= 0:
                value, kind = r.lone_defender_points, EuchreEvent.LONE_DEFENDER_EUCHRE
            elif self.alone:
                value, kind = r.lone_euchre_points, EuchreEvent.LONE_MAKER_EUCHRED
            else:
                value, kind = r.euchre_points, EuchreEvent.MAKERS_EUCHRED
            if taken == 0 and r.super_euchre_points > value:
                value, kind = r.super_euchre_points, EuchreEvent.SUPER_EUCHRE
            points[1 - maker_side] = value
            events.append(Event(kind, side=1 - maker_side, points=value, tricks=taken))
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

    def _score_concession(self) -> None:
        """The maker conceded the rest (``maker_may_concede``): the makers score
        ``make_points`` (never a march), with the point on partner where it applies."""
        r = self.rules
        maker_side = self.maker % 2
        taken = self.tricks_won[maker_side] + self.tricks_won[maker_side + 2]
        points = [0, 0]
        points[maker_side] = r.make_points
        events = [
            Event(
                EuchreEvent.CONCEDED,
                seat=self.maker,
                side=maker_side,
                points=r.make_points,
                tricks=taken,
            )
        ]
        if self.assist and r.point_on_partner and points[maker_side]:
            points[maker_side] += 1
            events.append(Event(EuchreEvent.POINT_ON_PARTNER, side=maker_side, points=1))
        self._finish_deal(points, events)

    def _robson(self, action: Action) -> None:
        assert self.pending is not None
        points, events, side = self.pending
        self.pending = None
        seat = self.to_act
        if action == SET_BACK:
            self._finish_deal(
                [0, 0],
                [*events, Event(EuchreEvent.ROBSON_SET_BACK, seat=seat, side=seat % 2)],
                set_back=(1 - side, points[side]),
            )
        else:
            march = Event(EuchreEvent.ROBSON_MARCH, seat=seat, side=seat % 2)
            self._finish_deal(points, [*events, march])

    def _finish_deal(
        self, points: list[int], events: list[Event], set_back: tuple[int, int] | None = None
    ) -> None:
        for side in (0, 1):
            self.match_scores[side] += points[side]
        if set_back is not None:
            side, value = set_back
            before = self.match_scores[side]
            self.match_scores[side] = max(0, before - value)
            lost = before - self.match_scores[side]
            events = [*events, Event(EuchreEvent.SET_BACK, side=side, points=-lost, counts=(lost,))]
        target = self.rules.target
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
                if self.match_scores[side] >= target:
                    decided = side
        summary = self._summary(points, events, complete=True)
        if target is not None and isinstance(decided, int):
            summary.events.append(Event(EventKind.SIDE_WINS_GAME, side=decided))
            if self.rules.match == "best_of_3":
                self.games_won[decided] += 1
                summary.details = GamesSheet(list(self.games_won))
                if self.games_won[decided] < 2:
                    self.match_scores = [0, 0]
                    decided = None
        self.sheet.append(summary)
        self._next_deal(decided)

    def _sheet_details(self) -> GamesSheet | None:
        return GamesSheet(list(self.games_won)) if self.rules.match == "best_of_3" else None

    # -- what people and bots see -----------------------------------------------------------
    def public_facts(self, seat: int) -> EuchreFacts:
        """The facts ``seat`` may know: every seat's, its own discards, and whether it may
        look at its own hand now."""
        return self._upcard_facts(
            EuchreFacts,
            seat,
            alone=self.alone,
            lone_defender=self.lone_defender if self.lone_defender >= 0 else None,
            sitting_out=self._seats_out_facts(),
            shown=self._shown_facts(),
            games_won=tuple(self.games_won),
            target=self.rules.target,
            own_hand_hidden=self._hand_hidden(seat),
        )

    def _hand_hidden(self, seat: int) -> bool:
        # RULES.md 1.8: the dealer names the Joker's suit before looking at the hand.
        return self.phase == Phase.NAME_SUIT and seat == self.dealer

    def view(self, seat: int) -> SeatView:
        public = self.public_facts(seat)
        return self._seat_view(seat, public, hand_hidden=public.own_hand_hidden)


_LEGAL, _STEPS = phase_tables(
    EuchreState,
    Phase,
    {
        Phase.NAME_SUIT: EuchreState._name_suit_actions,
        Phase.BLIND_ALONE: EuchreState._yes_or_pass_actions,
        Phase.FARMERS: EuchreState._yes_or_pass_actions,
        Phase.EXCHANGE_DISCARD: EuchreState._discard_actions,
        Phase.ALONE: EuchreState._alone_actions,
        Phase.TAKE_OVER: EuchreState._yes_or_pass_actions,
        Phase.DEFEND: EuchreState._yes_or_pass_actions,
        Phase.ACE_NO_FACE: EuchreState._yes_or_pass_actions,
        Phase.RENEGE: EuchreState._yes_or_pass_actions,
        Phase.ROBSON: EuchreState._robson_actions,
    },
    {
        Phase.NAME_SUIT: EuchreState._name_suit,
        Phase.BLIND_ALONE: EuchreState._blind_alone,
        Phase.FARMERS: EuchreState._farmers_hand,
        Phase.EXCHANGE_DISCARD: EuchreState._exchange_discard,
        Phase.ALONE: EuchreState._alone_decision,
        Phase.TAKE_OVER: EuchreState._take_over,
        Phase.DEFEND: EuchreState._defend,
        Phase.ACE_NO_FACE: EuchreState._ace_no_face,
        Phase.RENEGE: EuchreState._renege,
        Phase.ROBSON: EuchreState._robson,
    },
)


class Euchre(FamilyGame[EuchreRules]):
    """Four-handed partnership Euchre."""

    name = "euchre"
    presets = PRESETS
    draws_with_random_shuffle = True
    rules_class = EuchreRules
    seats = SEATS
    partners = True
    facts_type = EuchreFacts
    state_class = EuchreState

    def deal_points(self) -> tuple[int, int] | None:
        """Every award of the rules at most (a lone march, a lone defender's euchre, a
        called renege; Robson's blind alone: 5) plus the point on partner; a fall only by
        a Robson set back or a renege deducted, of an award at most. ``None`` with
        ``match=best_of_3``: the scores return to 0 when a game is won.

        >>> from tricktable.games import load_game
        >>> load_game("euchre").deal_points()
        (0, 4)
        >>> load_game("euchre(robson=true, point_on_partner=true)").deal_points()
        (-6, 6)
        """
        r = self.rules
        if r.match == "best_of_3":
            return None
        awards = [
            r.make_points,
            r.march_points,
            r.lone_march_points,
            r.euchre_points,
            r.lone_euchre_points,
            r.lone_defender_points,
            r.super_euchre_points,
        ]
        awards += [r.renege_points] if r.renege == "callable" else []
        awards += [BLIND_MARCH_POINTS, 1] if r.robson else []
        most = max(awards) + int(r.point_on_partner)
        deducted = r.renege_points if r.renege == "callable" and r.renege_penalty == "deduct" else 0
        return (-max(most if r.robson else 0, deducted), most)

    def new_state(self, first_dealer: int) -> EuchreState:
        # A direct call of the compiled constructor (the benchmark's single hands make a
        # match each), rather than the family's call through ``state_class``.
        return EuchreState(self, self.checked_first_dealer(first_dealer))

    @classmethod
    def read_spec(cls, spec: object) -> object:
        """The options' older names (``ALIASES``) are read too, in a rule string as well."""
        if isinstance(spec, str):
            named_game, spec = parse_rule_string(spec)
            if named_game != cls.name:
                raise RuleError(f"rule string is for game {named_game!r}, expected {cls.name!r}")
        if isinstance(spec, Mapping):
            spec = {ALIASES.get(name, name): value for name, value in spec.items()}
        return spec

    def choose_first_dealer(self, rng: random.Random) -> int:
        """By ``first_dealer``: random, a draw (low or high deals) or the first jack.

        In draws, the Joker counts above the ace; ties draw again among the tied seats.
        For ``draw_low`` aces are low and jacks rank between ten and queen. The 2s of the
        36-card deck draw below the 7s.
        """
        return draw_first_dealer(
            self.rules.first_dealer,
            self.deck,
            SEATS,
            rng,
            stdlib_shuffled,
            low_twos=self.rules.deck == 36,
        )


GAME_CLASS = Euchre
"""This game's ``Game`` class (the spec finds it by this name)."""
