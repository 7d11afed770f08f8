"""Learned bidding for Romanian whist and Oh Hell: the chance of each trick count for a bid.

The model (``learn.model.OutcomeModel``, weights in ``bidding_model.json``) was trained on
self-play deals (``tricktable train bidding romanian_whist``): for each bid it saw the
bidder's view features (``bid_features``), the bid, and the tricks the bidder then took in
real, hidden-card play. A bid's value is its expected deal score under the model's trick
chances (``heuristic.deal_score``: the exact bonus, or the miss scoring), and ``hard`` and
``expert`` bid the best (``pimc`` asks the spec's ``learned`` part first).

Every feature comes from the seat's ``SeatView``: its hand, the trump, the turned card, the
seats' order and the bids made before it. Blind and forehead bids (the seat cannot see its
own cards) are left to the sampled valuation.

>>> import random
>>> from tricktable.testing import dealt_later
>>> state = dealt_later("romanian_whist", 3, 5, players=4)   # the first deal of 2 cards
>>> game = state.game
>>> view = state.view(state.current_player)
>>> LEARNED.applies(game, view), len(bid_features(game, view)) == FEATURES
(True, True)
>>> values = LEARNED.values(game, view)
>>> values is not None and sorted(values) == sorted(view.legal)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from tricktable.actions import argument_of, parse_action
from tricktable.cards import SUITS, cards_of, count, mask_of
from tricktable.core import Game, SeatView
from tricktable.games.romanian_whist.engine import RomanianWhist
from tricktable.games.romanian_whist.facts import WhistFacts
from tricktable.games.romanian_whist.heuristic import above, card_chances, deal_score
from tricktable.learn.part import Example, ShippedModel, Table, game_as
from tricktable.search.adapter import played_by_seat
from tricktable.search.resample import World
from tricktable.tricks import NO_TRUMP, plain_rules

SIZES = 13
"""Hand sizes told apart by a feature each (Oh Hell deals up to 12 cards to 4 seats)."""
SEATS = (3, 4, 5, 6)
"""Active seat counts told apart by a feature each (7 seats count as 6)."""
FEATURES = 49
"""How many features ``bid_features`` gives."""
EXPECTED = 35
"""Where ``bid_features`` puts the heuristic's expected tricks."""
WEIGHTS = Path(__file__).with_name("bidding_model.json")
TEMPERATURE = 1.0
"""The spread of the others' bids around their best by the model, in points of a deal's
score (``LearnedDecisions.temperature``): about the value under which ``medium``'s own bids
are likeliest, where the likelihood is flat (``bench/bid_policy.py`` fits it; docs/bots.md)."""


def _whist(game: Game[Any]) -> RomanianWhist:
    return game_as(game, RomanianWhist, "learned whist bidding")


def bid_features(game: Game[Any], view: SeatView) -> list[float]:
    """What the bidder knows, as numbers (``FEATURES`` of them), from its view alone.

    The hand's cards by how many unseen cards of their suit outrank them (trumps and side
    suits apart), the side suits' lengths, the heuristic's expected tricks and sure cards
    (``heuristic.card_chances``), the hand size, the seats, the bidder's place, the bids
    before it, and the scoring rules.
    """
    whist = _whist(game)
    facts = view.facts(WhistFacts)
    size = facts.hand_size
    active = list(facts.active)
    seats = len(active)
    place = active.index(view.seat)
    trump = NO_TRUMP if facts.trump is None else facts.trump
    table = plain_rules(trump)
    hand = mask_of(view.hand)
    turned = 0 if facts.turned is None else 1 << facts.turned
    unseen = mask_of(whist.deck) & ~hand & ~turned
    chances = card_chances(hand, table, unseen, [(size, 0)] * (seats - 1))
    trump_tops = [0.0] * 4  # trumps with 0, 1, 2, 3+ unseen trumps above
    side_tops = [0.0] * 4
    for card in view.hand:
        higher = min(3, count(above(card, unseen, table)))
        if trump != NO_TRUMP and table.eff_suit[card] == trump:
            trump_tops[higher] += 1
        else:
            side_tops[higher] += 1
    lengths = [count(hand & table.suit_masks[suit]) for suit in SUITS if suit != trump]
    earlier = [facts.bids[seat] for seat in active[:place]]
    bid_so_far = sum(bid for bid in earlier if bid is not None)
    expected = sum(chances.values())
    rules = whist.rules
    return [
        *(float(size == n) for n in range(1, SIZES + 1)),
        size / 8,
        *(float(min(seats, SEATS[-1]) == n) for n in SEATS),
        place / max(1, seats - 1),
        float(place == 0),
        float(place == seats - 1),
        float(trump == NO_TRUMP),
        *trump_tops,
        sum(trump_tops),
        *side_tops,
        float(sum(1 for length in lengths if length == 0)),
        float(sum(1 for length in lengths if length == 1)),
        float(sum(1 for length in lengths if length == 2)),
        float(max(lengths, default=0)),
        expected,
        expected / max(1, size),
        float(sum(1 for chance in chances.values() if chance >= 0.5)),
        float(sum(1 for chance in chances.values() if chance >= 0.8)),
        float(len(earlier)),
        float(bid_so_far),
        bid_so_far / max(1, size),
        (size - bid_so_far) / max(1, size),
        bid_so_far - len(earlier) * size / seats,
        size - bid_so_far - (seats - 1 - len(earlier)) * size / seats,
        float(rules.miss_scoring == "tricks"),
        rules.exact_bonus / 10,
        float(rules.void_rule == "must_trump"),
        float(bid_so_far <= size and place == seats - 1),
    ]


class WhistBidding(ShippedModel):
    """Romanian whist's learned part: the chance of each trick count for each bid."""

    name = "bidding"
    tables = (
        Table("romanian_whist", 4, 6),
        Table("romanian_whist", 3, 2),
        Table("romanian_whist", 5, 2),
        Table("romanian_whist", 6, 2),
        Table("romanian_whist(preset=oh_hell,hand_size=4)", 4, 4),
        Table("romanian_whist(preset=oh_hell,hand_size=7)", 4, 12),
        Table("romanian_whist(preset=oh_hell,hand_size=10)", 4, 4),
        Table("romanian_whist(preset=oh_hell,hand_size=12)", 4, 4),
    )
    matches = 4000
    weights = WEIGHTS
    temperature = TEMPERATURE
    sampled_share = 0.0

    def applies(self, game: Game[Any], view: SeatView) -> bool:
        facts = view.facts(WhistFacts)
        return (
            view.phase == "bid"
            and not facts.own_hand_hidden
            and len(view.hand) == facts.hand_size > 0
            and len(view.legal) > 1
        )

    def features(self, game: Game[Any], view: SeatView) -> list[float]:
        return bid_features(game, view)

    def aim(self, action: str) -> int:
        return argument_of(parse_action(action))

    def most(self, game: Game[Any], view: SeatView) -> int:
        return view.facts(WhistFacts).hand_size

    def outcome(self, example: Example) -> int:
        return example.tricks

    def inputs(self, features: Sequence[float], action: str) -> list[float]:
        aim = self.aim(action)
        cards = features[SIZES] * 8  # the feature after the sizes' is the hand size / 8
        expected = features[EXPECTED]
        return [
            *features,
            float(aim),
            aim / max(1.0, cards),
            aim - expected,
            abs(aim - expected),
            float(aim == 0),
        ]

    def values(self, game: Game[Any], view: SeatView) -> dict[str, float] | None:
        if not self.applies(game, view):
            return None
        model = self.model
        most = self.most(game, view)
        if most >= model.outcomes:
            return None
        rules = _whist(game).rules
        features = self.features(game, view)
        bids = [self.aim(text) for text in view.legal]
        rows = [self.inputs(features, text) for text in view.legal]
        return {
            text: sum(p * deal_score(bid, tricks, rules) for tricks, p in enumerate(chances))
            for text, bid, chances in zip(
                view.legal, bids, model.chances_each(rows, bids, most), strict=True
            )
        }

    def earlier_choices(
        self, game: Game[Any], view: SeatView, world: World
    ) -> list[tuple[SeatView, str]]:
        """The other seats' bids of this deal, each with the view its seat bid from, had
        the cards been dealt as ``world`` says (its hand now and the cards it has played).
        A bidder's view holds its hand, the trump and turned card, and the bids before it:
        all that ``bid_features`` reads. Blind and forehead deals (their bids are made
        without seeing one's own cards) and rows of 0 (one legal bid) read nothing."""
        facts = view.facts(WhistFacts)
        if facts.blind or facts.forehead or facts.own_hand_hidden or facts.row == "0":
            return []
        played = played_by_seat(game, view)
        size = facts.hand_size
        bids: list[int | None] = [None] * len(facts.bids)
        out: list[tuple[SeatView, str]] = []
        for place, seat in enumerate(facts.active):
            bid = facts.bids[seat]
            if bid is None:
                break
            if seat != view.seat:
                made = sum(earlier for earlier in bids if earlier is not None)
                barred = size - made if place == len(facts.active) - 1 else -1
                then = replace(
                    view,
                    seat=seat,
                    to_act=seat,
                    phase="bid",
                    hand=tuple(cards_of(world.hands[seat] | played[seat])),
                    history=(),
                    trick=(),
                    tricks=(),
                    trick_winners=(),
                    legal=tuple(f"bid {n}" for n in range(size + 1) if n != barred),
                    public=replace(facts, bids=tuple(bids), tricks_won=(0,) * len(bids)),
                )
                out.append((then, f"bid {bid}"))
            bids[seat] = bid
        return out


LEARNED = WhistBidding()
