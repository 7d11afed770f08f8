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

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any, ClassVar

from tricktable.actions import Action, CoreKind, argument_of, kind_of, make_action
from tricktable.cards import ACE, SUIT_LETTERS, SUIT_NAMES, Card, standard_deck
from tricktable.core import Game, WireFacts
from tricktable.errors import RuleError
from tricktable.events import Event, EventKind
from tricktable.games.bid_euchre.events import BidEuchreEvent
from tricktable.games.bid_euchre.facts import HIGH, LOW, BidEuchreFacts, contract_trump
from tricktable.games.bid_euchre.verbs import BidEuchreKind
from tricktable.games.euchre_family.events import FamilyEvent
from tricktable.games.euchre_family.state import (
    FamilyGame,
    FamilyState,
    declare_phases,
    does_not_hold,
)
from tricktable.games.euchre_family.verbs import FamilyKind
from tricktable.rules import build_rules, option, parse_rule_string
from tricktable.tricks import TrickRules, euchre_rules, plain_rules

DECK_SIZE = 24
PLAYER_COUNTS = (3, 4)
DEFAULT_PLAYERS = 4
PACKETS: dict[int, tuple[int, ...]] = {4: (3, 3), 3: (3, 3, 2)}
"""Dealing pattern (RULES.md is silent): packets of 3 from eldest, clockwise; with three
players a last round of 2 completes the 8 cards."""


LONE_BIDS = ("both", "shoot", "alone", "none")
"""The values of ``lone_bids``: which lone bids exist (partnership form)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BidEuchreRules:
    """Every option of RULES.md 1.10's two bid euchre bullets: the individual form's
    (preset ``indiana``) and the partnership form's (preset ``partnership``), each with its
    default. A form takes only its own options (``FORM_OPTIONS``)."""

    preset: str = "indiana"
    start_score: int = option(
        21, "individual: each player's starting score; the first to 0 wins", minimum=1
    )
    set_points: int = option(
        5,
        "individual: added to a bidder short of the bid, or a staying player without a trick",
        minimum=0,
    )
    min_bid: int = option(
        3, "partnership: the lowest number of tricks a bid may name", ("1", "2", "3", "4", "5", "6")
    )
    lone_bids: str = option(
        "both",
        "partnership: the lone bids that exist: bid shoot (one card from the partner) and"
        " bid alone",
        LONE_BIDS,
    )
    all_pass: str = option(
        "stick",
        "partnership: when the first three pass, the dealer must bid (stick), or if all four"
        " pass the hand is thrown in (redeal)",
        ("stick", "redeal"),
    )
    no_trump: bool = option(True, "partnership: the maker may name high or low (no trump)")
    makers_score: str = option(
        "tricks",
        "partnership: makers who make a number bid score the tricks they took, or the bid",
        ("tricks", "bid"),
    )
    defenders_score: bool = option(
        True, "partnership: the defenders score one point per trick they take"
    )
    shoot_points: int = option(12, "partnership: won or lost by a maker who bid shoot", minimum=1)
    alone_points: int = option(24, "partnership: won or lost by a maker who bid alone", minimum=1)
    target: int | None = option(
        32, "partnership: points to win the game (none: a single deal)", minimum=1, nullable=True
    )


INDIANA = "indiana"
PARTNERSHIP = "partnership"
PRESETS: dict[str, dict[str, Any]] = {INDIANA: {}, PARTNERSHIP: {}}

FORM_OPTIONS: dict[str, tuple[str, ...]] = {
    INDIANA: ("start_score", "set_points"),
    PARTNERSHIP: (
        "min_bid",
        "lone_bids",
        "all_pass",
        "no_trump",
        "makers_score",
        "defenders_score",
        "shoot_points",
        "alone_points",
        "target",
    ),
}
"""The options each form takes, by its preset (RULES.md 1.10: "no other option applies; an
unknown option is an error")."""


def given_options(spec: object, game: str) -> dict[str, Any]:
    """The options ``spec`` gives by name (a rules object or a rule string), ``preset``
    included; ``{}`` for anything else (``build_rules`` refuses it, saying why)."""
    if isinstance(spec, str):
        named, options = parse_rule_string(spec)
        return options if named == game else {}
    return dict(spec) if isinstance(spec, Mapping) else {}


def check_form(options: Mapping[str, Any]) -> None:
    """Refuse an option the chosen form does not take, naming those it takes.

    >>> check_form({"preset": "partnership", "start_score": 30})
    Traceback (most recent call last):
    ...
    tricktable.errors.RuleError: option 'start_score' belongs only to bid_euchre's individual \
form (preset indiana), not to preset partnership; its options: min_bid, lone_bids, all_pass, \
no_trump, makers_score, defenders_score, shoot_points, alone_points, target
    >>> check_form({"bids": 3})
    Traceback (most recent call last):
    ...
    tricktable.errors.RuleError: unknown option 'bids' for bid_euchre (preset indiana); its \
options: start_score, set_points
    """
    preset = options.get("preset", INDIANA)
    if preset not in FORM_OPTIONS:
        return  # build_rules names the presets
    own = FORM_OPTIONS[preset]
    allowed = ", ".join(own)
    for name in options:
        if name == "preset" or name in own:
            continue
        other = next((form for form, names in FORM_OPTIONS.items() if name in names), None)
        if other is not None:
            form = "individual" if other == INDIANA else "partnership"
            raise RuleError(
                f"option {name!r} belongs only to bid_euchre's {form} form (preset {other}),"
                f" not to preset {preset}; its options: {allowed}"
            )
        raise RuleError(
            f"unknown option {name!r} for bid_euchre (preset {preset}); its options: {allowed}"
        )


class Phase(IntEnum):
    """Where a bid-euchre deal stands; each phase has its own legal actions."""

    DEAL = 0
    BID = 1
    NAME = 2
    STAY = 3
    PLAY = 4
    OVER = 5


PASS = make_action(CoreKind.PASS)
STAY = make_action(BidEuchreKind.STAY)
DROP = make_action(BidEuchreKind.DROP)
HIGH_ACTION = make_action(BidEuchreKind.HIGH)
LOW_ACTION = make_action(BidEuchreKind.LOW)
BID_BASE = make_action(CoreKind.BID)
NAME_ACTIONS = tuple(make_action(FamilyKind.NAME, suit) for suit in range(4))
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
    return SUIT_LETTERS[argument_of(action)]


def trick_table(contract: str) -> TrickRules:
    """The trick rules of a contract: euchre ranking with bowers for a suit, natural
    ranks for ``high``, reversed ranks (nine highest, ace lowest) for ``low``."""
    if contract == HIGH:
        return plain_rules()
    if contract == LOW:
        return plain_rules(low=True)
    return euchre_rules(SUIT_LETTERS.index(contract), None)


def led_suit_name(suit: int, table: TrickRules) -> str:
    """The led suit as a refusal names it (the left bower noted when trump is led).

    >>> led_suit_name(1, trick_table("H"))
    'hearts, trump: the left bower counts as a trump'
    """
    name = SUIT_NAMES[suit]
    if suit == table.trump:
        return f"{name}, trump: the left bower counts as a trump"
    return name


def play_refusal(state: FamilyState[Any], action: Action) -> str:
    """Why ``action`` is refused in the play of a bid euchre deal (either form): a card the
    seat does not hold, a card that does not follow, or no card at all."""
    seat = state.to_act
    if kind_of(action) == CoreKind.PLAY:
        card = argument_of(action)
        if not state.hands[seat] >> card & 1:
            return does_not_hold(seat, card)
        assert state.table is not None
        return (
            f"seat {seat} must follow the led suit ({led_suit_name(state.led_suit, state.table)})"
        )
    phase = state.DISPLAY_PHASES[state.phase]
    return f"not allowed in phase '{phase}' for seat {seat}: play a card"


@dataclass(frozen=True, slots=True)
class BidEuchreSheet:
    """Bid euchre's own entries of a deal's score-sheet line: the seats that dropped out and
    each seat's sets so far.

    >>> BidEuchreSheet([2], [0, 1, 0, 0]).to_json()
    {'dropped': [2], 'sets': [0, 1, 0, 0]}
    """

    dropped: list[int]
    sets: list[int]

    def to_json(self) -> dict[str, Any]:
        return {"dropped": list(self.dropped), "sets": list(self.sets)}


class BidEuchreState(FamilyState[BidEuchreRules]):
    """A match of individual bid euchre in progress."""

    __slots__ = ("bidder", "bids", "contract", "decisions", "high_bid", "sets")

    def _open_scores(self) -> None:
        """Everyone at ``start_score``, set in no hand yet."""
        self.match_scores = [self.rules.start_score] * self.seats
        self.sets = [0] * self.seats
        """Per seat, how many hands it has been set in this match (the second tie-break)."""

    def _reset_deal(self) -> None:
        super()._reset_deal()
        seats = self.seats
        self.bids: list[int | None] = [None] * seats
        self.high_bid = 0
        self.bidder = -1
        self.contract: str | None = None
        self.table = plain_rules()
        self.decisions: list[str | None] = [None] * seats

    def _open_bidding(self) -> None:
        self.phase, self.to_act = Phase.BID, self.eldest

    def _tally(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return (tuple(self.match_scores), tuple(self.sets))

    def _restore_tally(self, tally: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
        totals, sets = tally
        self.match_scores, self.sets = list(totals), list(sets)

    # -- legal actions and transitions, by phase (legal_table, step_table) ---------------------

    def _bid_actions(self) -> list[Action]:
        if self._dealer_stuck():
            return [BID_BASE + 1]  # RULES.md 1.10: if all pass the dealer must bid 1
        out = [BID_BASE + n for n in range(self.high_bid + 1, self.hand_size + 1)]
        out.append(PASS)
        return out

    def _name_actions(self) -> list[Action]:
        return list(CONTRACTS)

    def _stay_actions(self) -> list[Action]:
        return [STAY, DROP]

    def _dealer_stuck(self) -> bool:
        """The dealer, with every other player passed, must bid 1 (RULES.md 1.10)."""
        return self.to_act == self.dealer and self.bidder < 0

    def why_illegal(self, action: Action) -> str:
        phase, seat = self.phase, self.to_act
        kind, argument = kind_of(action), argument_of(action)
        if phase in (Phase.DEAL, Phase.OVER):
            return super().why_illegal(action)
        size = self.hand_size
        if phase == Phase.BID:
            if kind == CoreKind.BID:
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
        return play_refusal(self, action)

    def _bid(self, action: Action) -> None:
        seat = self.to_act
        if action != PASS:
            self.bids[seat] = argument_of(action)
            self.high_bid, self.bidder = argument_of(action), seat
        if seat == self.dealer:
            # One round only: the dealer bids last; the last bid is the high bid.
            self.phase, self.to_act = Phase.NAME, self.bidder
        else:
            self.to_act = (seat + 1) % self.seats

    def _name(self, action: Action) -> None:
        self.contract = contract_of(action)
        self.table = trick_table(self.contract)
        self.queue = [(self.bidder + offset) % self.seats for offset in range(1, self.seats)]
        self.phase, self.to_act = Phase.STAY, self.queue[0]

    def _stay_or_drop(self, action: Action) -> None:
        seat = self.to_act
        self.decisions[seat] = "stay" if action == STAY else "drop"
        if action == DROP:
            self.out_mask |= 1 << seat
        self.queue.pop(0)
        if self.queue:
            self.to_act = self.queue[0]
        elif self.out_mask.bit_count() == self.seats - 1:
            # Everyone else dropped: the hand is not played, the bidder takes every trick.
            self.tricks_won[self.bidder] = self.hand_size
            self._score_deal(unopposed=True)
        else:
            self._start_play()

    def _first_leader(self) -> int:
        return self.bidder  # the high bidder leads

    def _hand_played(self) -> None:
        self._score_deal(unopposed=False)

    def _score_deal(self, unopposed: bool) -> None:
        """RULES.md 1.10: a trick subtracts 1; a set adds ``set_points`` instead."""
        set_points = self.rules.set_points
        points = [0] * self.seats
        events: list[Event] = []
        bidder, bid = self.bidder, self.high_bid
        if unopposed:
            events.append(
                Event(BidEuchreEvent.EVERYONE_ELSE_DROPS, seat=bidder, tricks=self.hand_size)
            )
        kind: StrEnum
        for seat in self._from_left_of(bidder):
            taken = self.tricks_won[seat]
            if self.out_mask >> seat & 1:
                kind = BidEuchreEvent.DROPPED
            elif seat == bidder:
                if taken >= bid:
                    kind, points[seat] = BidEuchreEvent.MAKES_BID, -taken
                else:
                    # A set bidder takes the penalty only; its tricks are not subtracted.
                    kind, points[seat] = BidEuchreEvent.FAILS_BID, set_points
                    self.sets[seat] += 1
            elif taken == 0:
                kind, points[seat] = BidEuchreEvent.SET_AFTER_STAYING, set_points
                self.sets[seat] += 1
            else:
                kind, points[seat] = FamilyEvent.TAKES_TRICKS, -taken
            counts = (bid,) if seat == bidder else ()
            events.append(Event(kind, seat=seat, points=points[seat], tricks=taken, counts=counts))
        for seat in range(self.seats):
            self.match_scores[seat] += points[seat]
        summary = self._summary(points, events, complete=True)
        decided = self._decide()
        if decided is not None:
            summary.events.append(self._result_event(decided))
        self.sheet.append(summary)
        self._next_deal(decided)

    def _decide(self) -> int | list[int] | None:
        """Once a score is 0 or below: the lowest score wins, then the fewest hands set;
        players still tied share the win."""
        totals = self.match_scores
        if min(totals) > 0:
            return None
        best = min(totals)
        leaders = [seat for seat in range(self.seats) if totals[seat] == best]
        fewest = min(self.sets[seat] for seat in leaders)
        leaders = [seat for seat in leaders if self.sets[seat] == fewest]
        return leaders[0] if len(leaders) == 1 else leaders

    def _result_event(self, decided: int | list[int]) -> Event:
        if isinstance(decided, list):
            return Event(BidEuchreEvent.SHARED_WIN, seats=tuple(decided))
        score = self.match_scores[decided]
        tied = sum(1 for total in self.match_scores if total == score) > 1
        kind = BidEuchreEvent.WINS_WITH_FEWEST_SETS if tied else EventKind.WINS_WITH
        return Event(kind, seat=decided, counts=(score,))

    def _bidding_over(self) -> bool:
        """Whether the high bidder is the bidder of this deal (also after the deal)."""
        return self.phase not in (Phase.DEAL, Phase.BID) or self.contract is not None

    def _from_left_of(self, seat: int) -> list[int]:
        return [(seat + offset) % self.seats for offset in range(self.seats)]

    # -- the score sheet and what people and bots see ----------------------------------------
    def _trump_text(self) -> str | None:
        return self.contract

    def _makers(self) -> int | None:
        return self.bidder if self._bidding_over() and self.bidder >= 0 else None

    def _bids(self) -> list[int | None] | None:
        return list(self.bids)

    def _sheet_details(self) -> BidEuchreSheet:
        return BidEuchreSheet(self._seats_out(), list(self.sets))

    def public_facts(self, seat: int) -> BidEuchreFacts:
        """The facts every seat may know (the same for each seat)."""
        return BidEuchreFacts(
            hand_size=self.hand_size,
            bids=tuple(self.bids),
            high_bid=self.high_bid if self.high_bid else None,
            bidder=self.bidder if self.bidder >= 0 else None,
            maker=self._makers(),
            trump=contract_trump(self.contract),
            contract=self.contract,
            decisions=tuple(self.decisions),
            sitting_out=self._seats_out_facts(),
            tricks_won=tuple(self.tricks_won),
            sets=tuple(self.sets),
            start_score=self.rules.start_score,
            set_points=self.rules.set_points,
        )


declare_phases(
    BidEuchreState,
    Phase,
    names={Phase.BID: "bidding", Phase.NAME: "name trump", Phase.STAY: "stay or drop"},
    legal={
        Phase.BID: BidEuchreState._bid_actions,
        Phase.NAME: BidEuchreState._name_actions,
        Phase.STAY: BidEuchreState._stay_actions,
    },
    steps={
        Phase.BID: BidEuchreState._bid,
        Phase.NAME: BidEuchreState._name,
        Phase.STAY: BidEuchreState._stay_or_drop,
    },
)


class BidEuchre(FamilyGame[BidEuchreRules]):
    """Individual bid euchre for 3 or 4 players, each for themself."""

    name = "bid_euchre"
    presets = PRESETS
    rules_class = BidEuchreRules
    seats = DEFAULT_PLAYERS
    player_counts = PLAYER_COUNTS
    facts_type: ClassVar[type[WireFacts]] = BidEuchreFacts
    state_class: ClassVar[type[FamilyState[Any]]] = BidEuchreState
    scores_count_down = True

    def __init__(self, rules: BidEuchreRules | None = None, players: int = DEFAULT_PLAYERS) -> None:
        super().__init__(rules, players)
        self.hand_size = DECK_SIZE // players

    def deal_points(self) -> tuple[int, int] | None:
        """Counted up (scores count down here): every trick of the hand taken, at most; a set
        (``set_points``) at least. A seat that drops changes nothing.

        >>> from tricktable.games import load_game
        >>> load_game("bid_euchre", players=3).deal_points(), load_game("bid_euchre").deal_points()
        ((-5, 8), (-5, 6))
        """
        return (-self.rules.set_points, self.hand_size)

    def deck_cards(self) -> tuple[Card, ...]:
        """The 24-card euchre deck, the whole of it dealt."""
        return tuple(standard_deck(range(9, ACE + 1)))

    def packet_sizes(self) -> tuple[int, ...]:
        return PACKETS[self.players]

    def first_dealer_method(self) -> str:
        """The first dealer is chosen at random (RULES.md 1.2's default)."""
        return "random"

    @classmethod
    def from_spec(cls, spec: object = None, players: int | None = None) -> Game[Any]:
        """Rules from a record's ``rules`` object or a rule string: the individual form (3 or
        4 players), or with preset ``partnership`` the partnership form (4 players,
        ``partnership.PartnershipBidEuchre``)."""
        check_form(given_options(spec, cls.name))
        rules = build_rules(BidEuchreRules, PRESETS, spec, cls.name)
        if rules.preset == PARTNERSHIP:
            # Imported here: the partnership engine builds on this module.
            from tricktable.games.bid_euchre.partnership import PartnershipBidEuchre

            return PartnershipBidEuchre(rules, DEFAULT_PLAYERS if players is None else players)
        return cls(rules, DEFAULT_PLAYERS if players is None else players)


GAME_CLASS = BidEuchre
"""This game's ``Game`` class (the spec finds it by this name)."""
