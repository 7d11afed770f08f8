"""Partnership Bid Euchre (Auction, Pepper) exactly as RULES.md section 1.10.

Four players in two sides, seats 0 and 2 against 1 and 3, share the whole 24-card deck (6
cards each in packets of 3, no kitty). One round of bidding from eldest to the dealer: each
seat passes or bids above the high bid, ``bid N`` (``min_bid`` to 6), ``bid shoot`` (alone
with one card from the partner) or ``bid alone`` (alone, no card passed), as ``lone_bids``
allows. The high bidder, the maker, names trump (``name X``, euchre ranking with the bowers)
or, with ``no_trump``, ``high`` / ``low``; after ``bid shoot`` the partner passes one card
face down (``give XX``) and the maker discards one (``discard XX``). The maker leads. Sides
score (higher is better) and the first side at ``target`` wins.

>>> import random
>>> from tricktable.games import load_game
>>> game = load_game("bid_euchre", {"preset": "partnership"})
>>> game.sides, game.hand_size
([[0, 2], [1, 3]], 6)
>>> state = game.new_state(first_dealer=3)
>>> state.deal_random(random.Random(1))
>>> state.current_player, state.legal_texts()
(0, ['bid 3', 'bid 4', 'bid 5', 'bid 6', 'bid alone', 'bid shoot', 'pass'])
>>> for text in ("bid 4", "pass", "bid shoot", "pass"):
...     state.apply_text(text)
>>> state.current_player, state.legal_texts()[:2]   # seat 2 won the bid: it names trump
(2, ['high', 'low'])
>>> state.apply_text("name S"); state.current_player   # its partner passes a card
0

Choices where RULES.md is silent are documented in ``docs/rules/bid_euchre.md`` and at the
places in this module that implement them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from tricktable.actions import (
    Action,
    CoreKind,
    action_text,
    argument_of,
    kind_of,
    make_action,
)
from tricktable.cards import Card, CardMask, cards_of
from tricktable.errors import RuleError
from tricktable.events import Event, EventKind
from tricktable.games.bid_euchre.engine import (
    CONTRACTS,
    DECK_SIZE,
    NAME_ACTIONS,
    PASS,
    BidEuchre,
    BidEuchreRules,
    contract_of,
    play_refusal,
    trick_table,
)
from tricktable.games.bid_euchre.events import PartnershipEvent
from tricktable.games.bid_euchre.facts import ALONE, SHOOT, Bid, PartnershipFacts, contract_trump
from tricktable.games.bid_euchre.verbs import BidEuchreKind
from tricktable.games.euchre_family.events import FamilyEvent
from tricktable.games.euchre_family.state import FamilyState, declare_phases, does_not_hold

PLAYERS = 4
PACKETS = (3, 3)
"""Dealing pattern (RULES.md: "6 each (packets of 3)"), from eldest, clockwise."""
TRICKS = DECK_SIZE // PLAYERS

SHOOT_RANK = TRICKS + 1
"""``bid shoot`` ranks above ``bid 6``."""
ALONE_RANK = TRICKS + 2
"""``bid alone`` ranks above ``bid shoot``."""
LONE_RANKS: dict[str, tuple[int, ...]] = {
    "both": (SHOOT_RANK, ALONE_RANK),
    "shoot": (SHOOT_RANK,),
    "alone": (ALONE_RANK,),
    "none": (),
}
"""The lone bids each value of ``lone_bids`` allows, by rank."""

BID_BASE = make_action(CoreKind.BID)
BID_SHOOT = make_action(BidEuchreKind.BID_SHOOT)
BID_ALONE = make_action(BidEuchreKind.BID_ALONE)
HIGH_AND_LOW = CONTRACTS[len(NAME_ACTIONS) :]


class Phase(IntEnum):
    """Where a partnership bid-euchre deal stands; each phase has its own legal actions."""

    DEAL = 0
    BID = 1
    NAME = 2
    GIVE = 3
    DISCARD = 4
    PLAY = 5
    OVER = 6


def rank_of(action: Action) -> int:
    """A bid's rank: its number of tricks, or ``SHOOT_RANK`` / ``ALONE_RANK``.

    >>> from tricktable.actions import parse_action
    >>> rank_of(parse_action("bid 4")), rank_of(parse_action("bid alone"))
    (4, 8)
    """
    if action == BID_SHOOT:
        return SHOOT_RANK
    if action == BID_ALONE:
        return ALONE_RANK
    return argument_of(action)


def bid_value(rank: int) -> Bid:
    """A rank as the records' ``bids`` and the facts write it: the number, ``"shoot"`` or
    ``"alone"``.

    >>> bid_value(3), bid_value(SHOOT_RANK)
    (3, 'shoot')
    """
    if rank == SHOOT_RANK:
        return SHOOT
    if rank == ALONE_RANK:
        return ALONE
    return rank


def side_of(seat: int) -> int:
    """The side of ``seat``: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


def deal_points(rules: BidEuchreRules, high: int, lone: str | None, makers: int) -> list[int]:
    """``[makers' points, defenders' points]`` of a deal whose makers take ``makers`` tricks
    after the high bid ``high`` (a number of tricks; not read for a lone bid ``lone``), by
    RULES.md 1.10's scoring.

    >>> from tricktable.games import load_game
    >>> rules = load_game("bid_euchre(preset=partnership)").rules
    >>> [deal_points(rules, 4, None, 5), deal_points(rules, 4, None, 3)]
    [[5, 1], [-4, 3]]
    >>> deal_points(rules, SHOOT_RANK, SHOOT, 5)
    [-12, 1]
    """
    defenders = TRICKS - makers if rules.defenders_score else 0
    if lone is not None:
        value = rules.shoot_points if lone == SHOOT else rules.alone_points
        return [value if makers == TRICKS else -value, defenders]
    if makers >= high:
        return [makers if rules.makers_score == "tricks" else high, defenders]
    return [-high, defenders]


@dataclass(frozen=True, slots=True)
class PartnershipSheet:
    """Partnership bid euchre's own entries of a deal's score-sheet line: the records'
    ``bids`` (per seat: the number, ``"shoot"``, ``"alone"``, ``None`` for a pass or a seat
    not asked) and the lone hand once the bidding is over. Kept among the variant's own
    entries: the score sheet's own ``bids`` pairs each bid with a side's total.

    >>> PartnershipSheet([4, None, "shoot", None], "shoot").to_json()
    {'bids': [4, None, 'shoot', None], 'lone': 'shoot'}
    """

    bids: list[Bid | None]
    lone: str | None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"bids": list(self.bids)}
        if self.lone is not None:
            out["lone"] = self.lone
        return out


class PartnershipState(FamilyState[BidEuchreRules]):
    """A match of partnership bid euchre in progress."""

    __slots__ = ("bidder", "contract", "discards", "high", "lone", "partner", "passed", "ranks")

    def _reset_deal(self) -> None:
        super()._reset_deal()
        self.ranks: list[int | None] = [None] * self.seats
        """Each seat's bid by rank; 0 for a pass, ``None`` before it is asked."""
        self.high = 0
        self.bidder = -1
        self.lone: str | None = None
        self.partner = -1
        self.contract: str | None = None
        self.passed = -1
        self.discards: list[Card] = []
        """The maker's discard after ``bid shoot``."""

    def _open_bidding(self) -> None:
        self.phase, self.to_act = Phase.BID, self.eldest

    # -- legal actions, by phase (legal_table) --------------------------------------------
    def _top_rank(self) -> int:
        """The highest bid that exists under ``lone_bids``."""
        lone = LONE_RANKS[self.rules.lone_bids]
        return lone[-1] if lone else TRICKS

    def _dealer_stuck(self) -> bool:
        """``all_pass`` stick: the first three passed, so the dealer must bid."""
        return self.rules.all_pass == "stick" and self.to_act == self.dealer and self.bidder < 0

    def _bid_actions(self) -> list[Action]:
        high = self.high
        if high >= self._top_rank():
            return [PASS]  # the highest bid that exists is made: the rest may only pass
        out = [BID_BASE + n for n in range(max(self.rules.min_bid, high + 1), TRICKS + 1)]
        for rank in LONE_RANKS[self.rules.lone_bids]:
            if rank > high:
                out.append(BID_SHOOT if rank == SHOOT_RANK else BID_ALONE)
        if not self._dealer_stuck():
            out.append(PASS)
        return out

    def _name_actions(self) -> list[Action]:
        if self.rules.no_trump:
            return list(CONTRACTS)
        return list(NAME_ACTIONS)

    def _give_actions(self) -> list[Action]:
        return [make_action(BidEuchreKind.GIVE_CARD, c) for c in cards_of(self.hands[self.to_act])]

    def _discard_actions(self) -> list[Action]:
        return [make_action(CoreKind.DISCARD, c) for c in cards_of(self.hands[self.to_act])]

    # -- refusals ------------------------------------------------------------------------------
    def why_illegal(self, action: Action) -> str:
        phase, seat = self.phase, self.to_act
        kind, argument = kind_of(action), argument_of(action)
        if phase in (Phase.DEAL, Phase.OVER):
            return super().why_illegal(action)
        if phase == Phase.BID:
            return self._why_bid_illegal(action)
        if phase == Phase.NAME:
            if action in HIGH_AND_LOW:
                return "option no_trump is off: trump must be a suit (name S/H/D/C)"
            allowed = "name S/H/D/C, high or low" if self.rules.no_trump else "name S/H/D/C"
            return f"seat {seat} won the bid and must name trump: {allowed}"
        if phase == Phase.GIVE:
            if kind == BidEuchreKind.GIVE_CARD:
                return does_not_hold(seat, argument)
            return f"seat {seat}'s partner bid shoot: seat {seat} must give it a card (give XX)"
        if phase == Phase.DISCARD:
            if kind == CoreKind.DISCARD:
                return does_not_hold(seat, argument)
            return f"seat {seat} bid shoot and must discard a card (discard XX)"
        return play_refusal(self, action)

    def _why_bid_illegal(self, action: Action) -> str:
        kind, seat, rules = kind_of(action), self.to_act, self.rules
        if action == PASS:
            return "the first three passed: the dealer must bid (all_pass stick)"
        if kind == CoreKind.BID and not rules.min_bid <= argument_of(action) <= TRICKS:
            return f"a bid is a number of tricks from {rules.min_bid} to {TRICKS}"
        lone = kind in (BidEuchreKind.BID_SHOOT, BidEuchreKind.BID_ALONE)
        if lone and rank_of(action) not in LONE_RANKS[rules.lone_bids]:
            return f"{action_text(action)} does not exist here (lone_bids {rules.lone_bids})"
        if kind in (CoreKind.BID, BidEuchreKind.BID_SHOOT, BidEuchreKind.BID_ALONE):
            if self.high >= self._top_rank():
                return f"seat {self.bidder} made the highest bid: only pass is left"
            return f"a bid must be above the high bid ({action_text(self._high_action())})"
        return f"bidding: seat {seat} may bid or pass"

    def _high_action(self) -> Action:
        if self.high == SHOOT_RANK:
            return BID_SHOOT
        if self.high == ALONE_RANK:
            return BID_ALONE
        return BID_BASE + self.high

    # -- transitions, by phase (step_table) ----------------------------------------------------
    def _bid(self, action: Action) -> None:
        seat = self.to_act
        rank = 0 if action == PASS else rank_of(action)
        self.ranks[seat] = rank
        if rank:
            self.high, self.bidder = rank, seat
        if seat != self.dealer:
            self.to_act = (seat + 1) % self.seats
            return
        # One round only: the dealer speaks last.
        if self.bidder < 0:  # all_pass redeal: every seat passed
            self._throw_in(Event(FamilyEvent.ALL_PASSED), same_dealer=False)
            return
        if self.high > TRICKS:
            self.lone = SHOOT if self.high == SHOOT_RANK else ALONE
            self.partner = (self.bidder + 2) % self.seats
            if self.lone == ALONE:
                self.out_mask |= 1 << self.partner  # sits out at once
        self.phase, self.to_act = Phase.NAME, self.bidder

    def _name(self, action: Action) -> None:
        self.contract = contract_of(action)
        self.table = trick_table(self.contract)
        if self.lone == SHOOT:
            self.phase, self.to_act = Phase.GIVE, self.partner
        else:
            self._start_play()

    def _give(self, action: Action) -> None:
        card = argument_of(action)
        self.hands[self.partner] &= ~(1 << card)
        self.hands[self.bidder] |= 1 << card
        self.passed = card
        self.out_mask |= 1 << self.partner
        self.phase, self.to_act = Phase.DISCARD, self.bidder

    def _discard(self, action: Action) -> None:
        card = argument_of(action)
        self.hands[self.bidder] &= ~(1 << card)
        self.discards.append(card)
        self._start_play()

    def _first_leader(self) -> int:
        return self.bidder  # the maker leads

    # -- scoring -------------------------------------------------------------------------------
    def _hand_played(self) -> None:
        """RULES.md 1.10's scoring per deal, then the game's end."""
        rules = self.rules
        makers = side_of(self.bidder)
        defenders = 1 - makers
        tricks = self._side_tricks()
        taken = tricks[makers]
        points = [0, 0]
        points[makers], points[defenders] = deal_points(rules, self.high, self.lone, taken)
        events: list[Event] = []
        if self.lone is not None:
            made = taken == TRICKS
            kind = {
                (SHOOT, True): PartnershipEvent.SHOOT_MADE,
                (SHOOT, False): PartnershipEvent.SHOOT_FAILED,
                (ALONE, True): PartnershipEvent.ALONE_MADE,
                (ALONE, False): PartnershipEvent.ALONE_FAILED,
            }[(self.lone, made)]
            events.append(
                Event(kind, seat=self.bidder, side=makers, points=points[makers], tricks=taken)
            )
        else:
            bid = self.high
            kind = PartnershipEvent.MAKERS_MAKE_BID if taken >= bid else PartnershipEvent.MAKERS_SET
            events.append(
                Event(kind, side=makers, points=points[makers], tricks=taken, counts=(bid,))
            )
        if rules.defenders_score:
            events.append(
                Event(
                    PartnershipEvent.DEFENDERS_TAKE,
                    side=defenders,
                    points=points[defenders],
                    tricks=tricks[defenders],
                )
            )
        for side in (0, 1):
            self.match_scores[side] += points[side]
        summary = self._summary(points, events, complete=True)
        decided = self._decide(points, makers)
        if rules.target is not None and decided is not None:
            assert isinstance(decided, int)
            reached = all(score >= rules.target for score in self.match_scores)
            if reached:
                summary.events.append(
                    Event(PartnershipEvent.BOTH_REACH_TARGET, side=decided, counts=(rules.target,))
                )
            else:
                summary.events.append(Event(EventKind.SIDE_WINS_GAME, side=decided))
        self.sheet.append(summary)
        self._next_deal(decided)

    def _side_tricks(self) -> list[int]:
        tricks = [0, 0]
        for seat, won in enumerate(self.tricks_won):
            tricks[side_of(seat)] += won
        return tricks

    def _decide(self, points: list[int], makers: int) -> int | list[int] | None:
        """The first side at ``target`` wins, the makers when both reach it in one deal;
        with ``target`` null the single deal decides: the side that scored more (a tie when
        both scored the same)."""
        target = self.rules.target
        if target is None:
            if points[0] == points[1]:
                return [0, 1]
            return 0 if points[0] > points[1] else 1
        reached = [side for side in (0, 1) if self.match_scores[side] >= target]
        if not reached:
            return None
        return makers if len(reached) == 2 else reached[0]

    # -- the score sheet and what people and bots see ----------------------------------------
    def _trump_text(self) -> str | None:
        return self.contract

    def _makers(self) -> int | None:
        if self.phase == Phase.BID or self.bidder < 0:
            return None
        return side_of(self.bidder)

    def _bid_values(self) -> list[Bid | None]:
        return [None if not rank else bid_value(rank) for rank in self.ranks]

    def _sheet_details(self) -> PartnershipSheet:
        lone = self.lone if self.phase != Phase.BID else None
        return PartnershipSheet(self._bid_values(), lone)

    def public_facts(self, seat: int) -> PartnershipFacts:
        """The facts ``seat`` may know: the passed card only for the maker and the giver, the
        maker's discard only for the maker."""
        in_bidding = self.phase == Phase.BID
        sees_pass = self.passed >= 0 and seat in (self.bidder, self.partner)
        return PartnershipFacts(
            bids=tuple(self._bid_values()),
            high_bid=bid_value(self.high) if self.high else None,
            bidder=self.bidder if self.bidder >= 0 else None,
            lone=self.lone,
            maker=None if in_bidding or self.bidder < 0 else self.bidder,
            trump=contract_trump(self.contract),
            contract=self.contract,
            passed=self.passed if sees_pass else None,
            sitting_out=self._seats_out_facts(),
            tricks_won=tuple(self.tricks_won),
            own_discards=tuple(self.discards) if seat == self.bidder else (),
            min_bid=self.rules.min_bid,
            lone_bids=self.rules.lone_bids,
            no_trump=self.rules.no_trump,
            target=self.rules.target,
        )

    def hidden_from(self, seat: int) -> CardMask:
        """Every other seat's unplayed cards and the maker's discard; the giver knows where
        its passed card went (it names it), so it is not hidden from the giver."""
        hidden = super().hidden_from(seat)
        if seat != self.bidder:
            for card in self.discards:
                hidden |= 1 << card
        if seat == self.partner and self.passed >= 0:
            hidden &= ~(1 << self.passed)
        return hidden

    def face_down(self, seat: int, actor: int, action: Action) -> bool:
        """The passed card only the maker and the giver see (``give`` for the others), the
        maker's discard only the maker (``discard``)."""
        kind = kind_of(action)
        if kind == BidEuchreKind.GIVE_CARD:
            return seat not in (actor, self.bidder)
        return kind == CoreKind.DISCARD and actor != seat

    def card_places(self) -> list[tuple[str, CardMask]]:
        """The places only this form has: the maker's discard."""
        return [(f"discard of seat {self.bidder}", 1 << card) for card in self.discards]


declare_phases(
    PartnershipState,
    Phase,
    names={
        Phase.BID: "bidding",
        Phase.NAME: "name trump",
        Phase.GIVE: "partner passes a card",
        Phase.DISCARD: "maker discards",
    },
    legal={
        Phase.BID: PartnershipState._bid_actions,
        Phase.NAME: PartnershipState._name_actions,
        Phase.GIVE: PartnershipState._give_actions,
        Phase.DISCARD: PartnershipState._discard_actions,
    },
    steps={
        Phase.BID: PartnershipState._bid,
        Phase.NAME: PartnershipState._name,
        Phase.GIVE: PartnershipState._give,
        Phase.DISCARD: PartnershipState._discard,
    },
)


class PartnershipBidEuchre(BidEuchre):
    """Partnership bid euchre: 4 players in two sides, sides score, higher is better."""

    partners = True
    facts_type = PartnershipFacts
    state_class = PartnershipState
    scores_count_down = False

    def __init__(self, rules: BidEuchreRules | None = None, players: int = PLAYERS) -> None:
        if players != PLAYERS:
            raise RuleError(f"bid_euchre(preset=partnership) is played by 4 players, not {players}")
        super().__init__(rules, players)

    def deal_points(self) -> tuple[int, int] | None:
        """A lone bid's points that exist (``lone_bids``), won or lost, else a number bid of
        every trick: made (its tricks or the bid), lost, or the defenders' tricks.

        >>> from tricktable.games import load_game
        >>> load_game("bid_euchre(preset=partnership)").deal_points()
        (-24, 24)
        >>> load_game("bid_euchre(preset=partnership, lone_bids=none)").deal_points()
        (-6, 6)
        """
        rules = self.rules
        lone = {SHOOT_RANK: rules.shoot_points, ALONE_RANK: rules.alone_points}
        most = max([TRICKS, *(lone[rank] for rank in LONE_RANKS[rules.lone_bids])])
        return (-most, most)

    def packet_sizes(self) -> tuple[int, ...]:
        return PACKETS
