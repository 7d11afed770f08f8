"""Romanian whist's valuation of a deal for the solver (``search.valuation``): a seat's
deal score from its bid and the tricks it ends with (streak bonuses not counted).

>>> score = ExactBidScore([2, 0], 5, False)
>>> score.seat_score(0, 2), score.seat_score(0, 4), score.seat_score(1, 1)
(7, -2, -1)
"""

from __future__ import annotations

from tricktable.search.valuation import Valuation, Won


def deal_score(bid: int, taken: int, exact_bonus: int, miss_tricks: bool) -> int:
    """A Romanian-whist deal score: exact bid earns the bonus plus the bid, a miss the
    tricks taken (``miss_tricks``) or minus the difference.

    >>> deal_score(2, 2, 5, False), deal_score(2, 4, 5, False), deal_score(2, 4, 10, True)
    (7, -2, 4)
    """
    if bid == taken:
        return exact_bonus + bid
    if miss_tricks:
        return taken
    return -abs(bid - taken)


class ExactBidScore(Valuation):
    """Every seat's deal score given its bid (``bids``, one a seat, 0 for none yet)."""

    bids: list[int]
    exact_bonus: int
    miss_tricks: bool
    """A miss scores the tricks taken (else loses the difference)."""

    def __init__(self, bids: list[int], exact_bonus: int, miss_tricks: bool) -> None:
        super().__init__()
        self.per_trick = False
        self.by_final_tricks = True
        self.bids = list(bids)
        self.exact_bonus = exact_bonus
        self.miss_tricks = miss_tricks

    def seat_score(self, seat: int, tricks: int) -> int:
        return deal_score(self.bids[seat], tricks, self.exact_bonus, self.miss_tricks)

    def score_key(self, seat: int, taken: int, left: int) -> int:
        # The tricks still needed, clipped to what is left to win (beyond it, more or
        # fewer rank the same).
        need = self.bids[seat] - taken
        if need < -1:
            need = -1
        elif need > left + 1:
            need = left + 1
        return need + 1

    def short_of(self, seat: int, tricks: int) -> bool:
        return self.bids[seat] > tricks

    def most_score(self, tricks: int) -> int:
        return self.exact_bonus + tricks

    def value_range(self, seat: int, tricks_left: int) -> float:
        return float(self.exact_bonus + self.bids[seat] + tricks_left + 1)

    def final(self, team: int, taken: int, won: Won) -> int:
        ours = sum(1 for winner, _ in won if team >> winner & 1)
        return self.seat_score(team.bit_length() - 1, taken + ours)
