"""Pitch's search adapter: the play's (``all_fours_family.search.PointsSearch``: follow or
trump, the points still to win among Jack, captured Low and Game), the bids read
(``bid_reading``: worlds in which the heuristic would have bid as the seats did come
first), and the deal valued as the engine scores it (``BidValue``): the pitcher's side
keeps its points only if they reach its bid, else it is set back. Before the pitcher's
first lead trump is not made, so there is no play to search (``play_facts`` is ``None``;
the first lead is valued by playouts, ``bidding``)."""

from __future__ import annotations

from itertools import product
from typing import Any

from tricktable.core import Game, SeatView
from tricktable.games.all_fours_family.search import PointsSearch, trumps_in_play
from tricktable.games.all_fours_family.valuation import UTILITY_SCALE, point_cards
from tricktable.games.pitch.facts import SMUDGE, PitchFacts
from tricktable.search.adapter import PLAIN_VALUE, PlayValue
from tricktable.search.solver import Position

HIGHEST = 4
"""All four points (what a smudge needs)."""
SCALE = 40
"""Utility units per point of value."""
ZERO = 10
"""The value whose utility is 0 (values run from about -8 to +8 points)."""


def deal_value(points: list[int], makers: int, bid: int, mine: int) -> float:
    """What a deal whose four points fell to ``points`` (per side) is worth to side
    ``mine``: its score change less the mean change of the other sides, the makers'
    change being their points if they reach the bid (4 for a smudge), else minus the bid.

    >>> deal_value([3, 1], makers=0, bid=3, mine=0), deal_value([2, 2], makers=0, bid=3, mine=1)
    (2.0, 5.0)
    """
    need = HIGHEST if bid == SMUDGE else bid
    changes = list(points)
    changes[makers] = points[makers] if points[makers] >= need else -need
    others = [change for side, change in enumerate(changes) if side != mine]
    return changes[mine] - sum(others) / len(others)


class BidValue(PlayValue):
    """A deal in play valued as ``deal_value`` counts it, for the solver as ``utilities``
    (``Position``: each way Jack, captured Low and Game can still fall). A point the
    seat's side does not win is taken to go to the pitcher's side when the seat defends,
    to the first other side when it pitches (exact with two sides)."""

    def __init__(self, game: Game[Any], view: SeatView) -> None:
        self.game = game
        self.view = view

    def worth(self, value: int) -> float:
        return value / SCALE - ZERO

    def share(self, value: int, pos: Position) -> float:
        return value / UTILITY_SCALE

    def prepare(self, pos: Position) -> None:
        point_cards(pos.valuation).utilities = bid_utilities(self.game, self.view, pos)


def bid_utilities(game: Game[Any], view: SeatView, pos: Position) -> list[int]:
    """The solver's ``utilities`` for ``pos`` (``search.solver``: at ``jack * 6 + low * 3 +
    game``), each ``deal_value`` in ``SCALE`` units above ``-ZERO``."""
    rules: Any = game.rules
    side_of: tuple[int, ...] = tuple(getattr(game, "side_of"))  # noqa: B009
    sides = len(game.sides)
    facts = view.facts(PitchFacts)
    mine = side_of[view.seat]
    if facts.bidder is None or facts.high_bid is None:
        raise ValueError("no pitcher in this pitch view to value a deal with")
    makers, bid = side_of[facts.bidder], facts.high_bid
    other = makers if makers != mine else next(side for side in range(sides) if side != mine)
    trumps = trumps_in_play(view, pos, facts.trump_made())
    high, low, jack = trumps.high, trumps.low, trumps.jack

    def holder(card: int) -> int:
        return side_of[trumps.holder(card)]

    fixed: list[int] = [] if high < 0 else [holder(high)]
    low_open = point_cards(pos.valuation).low >= 0
    if low >= 0 and not low_open:
        fixed.append(holder(low) if rules.low_point == "dealt" else side_of[trumps.taker[low]])
    jack_open = point_cards(pos.valuation).jack >= 0
    if jack in trumps.trumps and not jack_open:
        fixed.append(side_of[trumps.taker[jack]])
    utilities: list[int] = []
    for jack_bit, low_bit, game_to in product(range(2), range(2), range(3)):
        points = [0] * sides
        for side in fixed:
            points[side] += 1
        if low_open:
            points[mine if low_bit else other] += 1
        if jack_open:
            points[mine if jack_bit else other] += 1
        if game_to < 2:
            points[mine if game_to == 0 else other] += 1
        value = deal_value(points, makers, bid, mine)
        utilities.append(max(0, min(UTILITY_SCALE, round((value + ZERO) * SCALE))))
    return utilities


class PitchSearch(PointsSearch):
    read_phases = frozenset({"BID"})
    rebuilt_at_score = True

    def play_value(self, game: Game[Any], view: SeatView) -> PlayValue:
        facts = view.facts(PitchFacts)
        if facts.bidder is None or facts.trump is None:
            return PLAIN_VALUE
        return BidValue(game, view)


SEARCH = PitchSearch()
