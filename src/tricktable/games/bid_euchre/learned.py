"""Learned bidding for both forms of bid euchre: the chance of each net score of the deal
after each choice before the play (the bids, naming trump, and the individual form's stay or
drop).

The model (``learn.model.OutcomeModel``, weights in ``bidding_model.json``) is trained on
self-play deals (``tricktable train bidding bid_euchre``): for each of those decisions it saw
the seat's view features (``view_features``), the choice, and what the deal then scored
under real, hidden-card play, in the units the sampled valuation (``bidding``) counts:

- the partnership form: the seat's side's points minus the other side's (a lone bid's 12 or
  24 included; a thrown-in deal is 0);
- the individual form, where scores count down: the mean of the other seats' score changes
  less the seat's own (``bidding.individual_value``'s measure, from the real tricks), to the
  nearest point.

The net, from ``-NET_SPAN`` to ``+NET_SPAN`` points, is the outcome ``net + NET_SPAN``, and
a choice's value is its expected net in points. A pass has no trick count of its own: its
outcome is the deal's net too, whoever then wins the bidding. Naming trump and staying or
dropping are the same kind of choice (each changes the deal's net score and needs no earlier
choice of the others read), so one model learns them all beside the bids; the partnership
form's passed card and discard after ``bid shoot`` are card choices, left to the heuristic.

Every feature comes from the seat's ``SeatView``: its hand, the bids and contract so far,
its place from the dealer, the score and the table's rules (both forms' options; the form
itself is a feature, so one model covers both). Each contract the hand could be played in
gets a block of the same features (``contract_block``: the heuristic's expected tricks,
trumps and top cards), the blocks ordered from the best by that estimate; an action's inputs
are the view's features, the block of the contract it names or plays in, and what kind of
choice it is (``BidEuchreBidding.inputs``).

>>> from tricktable.testing import dealt_match
>>> state = dealt_match("bid_euchre(preset=partnership)", 3)
>>> game = state.game
>>> view = state.view(state.current_player)
>>> LEARNED.applies(game, view), len(view_features(game, view)) == FEATURES
(True, True)
>>> values = LEARNED.values(game, view)
>>> values is not None and sorted(values) == sorted(view.legal)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tricktable.actions import CoreKind, argument_of, kind_of, parse_action
from tricktable.cards import SUITS, CardMask, cards_of, count, mask_of
from tricktable.core import Game, SeatView
from tricktable.games.bid_euchre.engine import BidEuchre, contract_of, trick_table
from tricktable.games.bid_euchre.facts import (
    ALONE,
    HIGH,
    LOW,
    SHOOT,
    BidEuchreFacts,
    PartnershipFacts,
)
from tricktable.games.bid_euchre.heuristic import CONTRACTS, estimate
from tricktable.games.bid_euchre.partnership import PartnershipBidEuchre
from tricktable.games.bid_euchre.verbs import BidEuchreKind
from tricktable.games.euchre_family.verbs import FamilyKind
from tricktable.learn.part import Example, NetScoreDecisions, Table, a_choice_among, game_as

NET_SPAN = 24
"""The largest net score of a deal told apart, in points: a lone bid's ``alone_points``."""
MOST = 2 * NET_SPAN
"""The largest outcome: net scores -``NET_SPAN`` .. +``NET_SPAN`` as ``0 .. MOST``."""
PHASES = ("bid", "name", "stay")
"""The decisions learned: both forms' bids and naming of trump, the individual form's stay
or drop."""
FORM = 0
"""Where ``view_features`` says the form (1 partnership, 0 individual)."""
CONTEXT = 30
"""Features of the view before the contracts' blocks."""
BLOCK = 7
"""Features per contract (``contract_block``)."""
PLAYED = CONTEXT + len(CONTRACTS) * BLOCK
"""Where ``view_features`` puts the block of the contract already named (zeros before)."""
FEATURES = PLAYED + BLOCK + len(CONTRACTS)
"""How many features ``view_features`` gives: the context, a block per contract from the
best, the named contract's block, and the contracts of the ranked blocks (read by ``inputs``
to find a named contract's block, not given to the model)."""
KINDS = (
    CoreKind.PASS,
    CoreKind.BID,
    BidEuchreKind.BID_SHOOT,
    BidEuchreKind.BID_ALONE,
    FamilyKind.NAME,
    BidEuchreKind.HIGH,
    BidEuchreKind.LOW,
    BidEuchreKind.STAY,
    BidEuchreKind.DROP,
)
"""The kinds of action learned (each an input of its own)."""
NAMING = (FamilyKind.NAME, BidEuchreKind.HIGH, BidEuchreKind.LOW)
LONE = (BidEuchreKind.BID_SHOOT, BidEuchreKind.BID_ALONE)
WEIGHTS = Path(__file__).with_name("bidding_model.json")
INDIVIDUAL_SHARE = 0.0
"""The individual form's share of the sampled worlds' values (``bidding.evaluate``) in a
choice's value beside the model's: the model alone, which valued its choices better than the
sampled worlds by a third of a point to nearly a point a decision (docs/bots.md gives the
measurements)."""
PARTNERSHIP_SHARE = 0.75
"""The partnership form's share of the sampled worlds' values: mostly the worlds (the model
alone did worse, and no mix was told apart from the worlds alone)."""


def _bid_euchre(game: Game[Any]) -> BidEuchre:
    return game_as(game, BidEuchre, "learned bid euchre bidding")


def _bid_number(bid: object) -> int:
    """A bid's tricks (a lone bid: every trick; none: 0)."""
    if isinstance(bid, int):
        return bid
    return 6 if bid in (SHOOT, ALONE) else 0


def contract_block(hand: CardMask, contract: str, deck: CardMask, allowed: bool) -> list[float]:
    """What ``hand`` is worth in ``contract``: the heuristic's expected tricks when it leads
    (``heuristic.estimate``), its trumps, whether it holds the best and second-best trump,
    the suits whose best card of ``deck`` it holds, its voids, and whether the contract may
    be named at this table.

    >>> from tricktable.cards import parse_cards
    >>> deck = mask_of(parse_cards("9S TS JS QS KS AS JC AC 9H AH AD"))
    >>> hand = mask_of(parse_cards("JS JC AS 9H AD"))
    >>> [round(value, 2) for value in contract_block(hand, "S", deck, True)]
    [4.15, 3.0, 1.0, 1.0, 2.0, 1.0, 1.0]
    """
    table = trick_table(contract)
    trumps: list[int] = []
    if table.trump >= 0:
        trumps = sorted(
            cards_of(deck & table.suit_masks[table.trump]), key=lambda c: -table.power[c]
        )
    tops = 0
    for suit in SUITS:
        in_suit = cards_of(deck & table.suit_masks[suit])
        if in_suit and hand >> max(in_suit, key=lambda c: table.power[c]) & 1:
            tops += 1
    return [
        estimate(hand, contract),
        float(count(hand & table.suit_masks[table.trump])) if table.trump >= 0 else 0.0,
        *(float(len(trumps) > place and bool(hand >> trumps[place] & 1)) for place in range(2)),
        float(tops),
        float(sum(1 for suit in SUITS if not hand & table.suit_masks[suit])),
        float(allowed),
    ]


def view_features(game: Game[Any], view: SeatView) -> list[float]:
    """What the seat knows as it bids, names trump, or stays or drops, as numbers
    (``FEATURES`` of them), from its view."""
    bid_euchre = _bid_euchre(game)
    rules = bid_euchre.rules
    players = view.players
    hand = mask_of(view.hand)
    deck = mask_of(bid_euchre.deck)
    public = view.public
    partnership = isinstance(public, PartnershipFacts)
    scores = [int(score) for score in view.scores]
    facts: PartnershipFacts | BidEuchreFacts
    if partnership:
        facts = view.facts(PartnershipFacts)
        hand_size = 6
        side = view.seat % 2
        standing = [0.0, 0.0]  # the net points alone: the score is not read
        lone = facts.lone_bids
        # The options, each form's in the same places (the other form's are 0); the first
        # place is always 0: every training deal is a single one, so no target is read.
        options = [
            0.0,
            facts.min_bid / 6,
            float(lone in ("both", "shoot")),
            float(lone in ("both", "alone")),
            float(facts.no_trump),
            float(rules.makers_score == "bid"),
            float(rules.defenders_score),
            float(rules.all_pass == "redeal"),
            0.0,
        ]
        high_lone = facts.lone is not None or facts.high_bid in (SHOOT, ALONE)
        partner_high = (
            facts.bidder is not None and facts.bidder % 2 == side and facts.bidder != view.seat
        )
        stayed = dropped = 0
        allowed = CONTRACTS if facts.no_trump else CONTRACTS[:4]
    else:
        facts = view.facts(BidEuchreFacts)
        hand_size = facts.hand_size
        start = facts.start_score
        others = [score for seat, score in enumerate(scores) if seat != view.seat]
        standing = [scores[view.seat] / start, min(others) / start]
        options = [0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, facts.set_points / 5]
        high_lone = partner_high = False
        stayed = sum(1 for decision in facts.decisions if decision == "stay")
        dropped = len(facts.sitting_out)
        allowed = CONTRACTS
    relation = (view.seat - view.dealer) % players  # 0 the dealer, 1 eldest ...
    bidder = facts.bidder
    from_bidder = 0.0 if bidder is None else ((view.seat - bidder) % players) / players
    context = [
        float(partnership),
        float(players == 3),
        hand_size / 8,
        *(float(view.phase == phase) for phase in PHASES),
        *(float(relation == place) for place in range(4)),
        _bid_number(facts.high_bid) / hand_size,
        float(high_lone),
        float(partner_high),
        float(facts.high_bid is not None),
        float("pass" not in view.legal and view.phase == "bid"),
        from_bidder,
        *standing,
        *options,
        stayed / players,
        dropped / players,
        float(facts.contract in (HIGH, LOW)),
    ]
    ranked = sorted(
        range(len(CONTRACTS)),
        key=lambda index: (
            -(CONTRACTS[index] in allowed),
            -estimate(hand, CONTRACTS[index]),
            index,
        ),
    )
    blocks: list[float] = []
    for index in ranked:
        contract = CONTRACTS[index]
        blocks += contract_block(hand, contract, deck, contract in allowed)
    played = [0.0] * BLOCK
    if facts.contract is not None:
        played = contract_block(hand, facts.contract, deck, True)
    return [*context, *blocks, *played, *(float(index) for index in ranked)]


class BidEuchreBidding(NetScoreDecisions):
    """Both bid euchre forms' learned part: the chance of each net score of the deal for each
    choice before the play."""

    tables = (
        Table("bid_euchre(preset=indiana)", 3, 1),
        Table("bid_euchre(preset=indiana)", 4, 1),
        Table("bid_euchre(preset=partnership,target=null)", 4, 12),
        Table("bid_euchre(preset=partnership,target=null,makers_score=bid)", 4, 2),
        Table("bid_euchre(preset=partnership,target=null,all_pass=redeal,min_bid=4)", 4, 2),
    )
    """The individual form's whole matches (3 and 4 players); the partnership form's single
    deals (``target=null``: with a quarter of the choices random, lone bids lost often
    enough keep both sides from any target)."""
    matches = 12000
    weights = WEIGHTS
    sampled_share = PARTNERSHIP_SHARE
    """The partnership form's (the individual form's is ``INDIVIDUAL_SHARE``: ``share_in``)."""
    net_span = NET_SPAN

    def share_in(self, game: Game[Any]) -> float:
        """The share of the sampled worlds by the form (``INDIVIDUAL_SHARE``,
        ``PARTNERSHIP_SHARE``)."""
        return PARTNERSHIP_SHARE if isinstance(game, PartnershipBidEuchre) else INDIVIDUAL_SHARE

    def net(self, example: Example) -> int:
        """The partnership form's side points less the other side's; the individual form's
        mean of the others' score changes less the seat's own (scores count down), to the
        nearest point."""
        if example.features[FORM]:  # the partnership form
            return example.points - example.others
        others = example.others / (example.players - 1)
        return math.floor(others - example.points + 0.5)

    def worth(self, game: Game[Any], view: SeatView) -> list[float]:
        """An outcome is worth its net points (as the sampled valuation counts them)."""
        return [float(k - NET_SPAN) for k in range(MOST + 1)]

    def applies(self, game: Game[Any], view: SeatView) -> bool:
        if not isinstance(game, BidEuchre) or view.phase not in PHASES:
            return False
        return a_choice_among(view, KINDS)

    def features(self, game: Game[Any], view: SeatView) -> list[float]:
        return view_features(game, view)

    def aim(self, action: str) -> int:
        """A pass or a drop aims at an even deal, a number bid at its tricks, a lone bid at
        its points (``shoot_points``, ``alone_points`` by default), naming trump and staying
        at a point."""
        parsed = parse_action(action)
        kind = kind_of(parsed)
        if kind == CoreKind.BID:
            return NET_SPAN + argument_of(parsed)
        if kind == BidEuchreKind.BID_SHOOT:
            return NET_SPAN + 12
        if kind == BidEuchreKind.BID_ALONE:
            return MOST
        if kind in (CoreKind.PASS, BidEuchreKind.DROP):
            return NET_SPAN
        return NET_SPAN + 1

    def inputs(self, features: Sequence[float], action: str) -> list[float]:
        parsed = parse_action(action)
        kind = kind_of(parsed)
        ranked = [int(index) for index in features[-len(CONTRACTS) :]]
        hand_size = features[2] * 8
        place = -1
        named = [0.0] * BLOCK
        if kind in NAMING:
            place = ranked.index(CONTRACTS.index(contract_of(parsed)))
            start = CONTEXT + place * BLOCK
            named = list(features[start : start + BLOCK])
        elif kind in (BidEuchreKind.STAY, BidEuchreKind.DROP):
            named = list(features[PLAYED : PLAYED + BLOCK])
        number = float(argument_of(parsed)) if kind == CoreKind.BID else 0.0
        best = features[CONTEXT]
        lone = float(kind in LONE)
        return [
            *features[: -len(CONTRACTS)],
            *named,
            *(float(kind == each) for each in KINDS),
            number / hand_size,
            (best - number) / hand_size if kind == CoreKind.BID else 0.0,
            lone * (hand_size - best),
            *(lone * value for value in features[CONTEXT + 1 : CONTEXT + 4]),
            *(float(place == index) for index in range(3)),
        ]


LEARNED = BidEuchreBidding()
