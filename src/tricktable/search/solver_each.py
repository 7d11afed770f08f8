"""The solver's search with each seat for itself (max^n, ``each_for_itself``): every seat
plays the card best for its own ``seat_score``, with a table of the tricks each seat takes
from a trick start on.
"""

from __future__ import annotations

from tricktable.search.solver_alphabeta import SolverAlphaBeta
from tricktable.search.solver_position import legal_cards, popcount


class SolverEach(SolverAlphaBeta):
    """``SolverAlphaBeta`` with the max^n search of ``each_for_itself`` positions."""

    def _each_score(self, seat: int, tricks: int) -> int:
        return self.valuation.seat_score(seat, tricks)

    def _each(self) -> list[int]:
        """``each_for_itself``: every seat's trick count at the end of the deal when each
        seat, from here, plays the card best for its own score (max^n). Cards are tried
        suit by suit, weakest first; of cards equal for the seat, the worst for the team
        seat is kept, and the seat stops at a card that brings it the best it could
        still score (so the search rarely tries every card).

        The table is keyed on the cards' relative ranks and each seat's ``score_key`` (how
        its score ranks the tricks it may still take), and keeps the tricks each seat
        takes from the trick start on."""
        self.nodes += 1
        key = -1
        seat = self.to_move
        if self.tlen == 0:
            if not self.remaining:
                return list(self.takens)
            hand = self.hands[seat]
            if hand & (hand - 1) == 0:
                return self._each_last_trick()
            left = popcount(hand)
            key = self._relative_key()
            valuation = self.valuation
            for other in range(self.n):
                key = (key << 4) | valuation.score_key(other, self.takens[other], left)
            found = self.scores_table.get(key)
            if found is not None:
                return [taken + more for taken, more in zip(self.takens, found, strict=True)]
        legal = legal_cards(self.hands[seat], self.led, self.follow, self.suit_masks, self.trump)
        best: list[int] = []
        if legal & (legal - 1) == 0:
            best = self._each_play(legal.bit_length() - 1)
        else:
            most = self._each_most(seat)
            best_own = 0
            best_mine = 0
            me = self.me
            reps = self._representatives(seat, legal)
            reps.sort()
            for card in reps:
                ends = self._each_play(card)
                own = self._each_score(seat, ends[seat])
                mine = self._each_score(me, ends[me])
                if not best or own > best_own or (own == best_own and mine < best_mine):
                    best = ends
                    best_own = own
                    best_mine = mine
                if own >= most:
                    break
        if key >= 0:
            self.scores_table[key] = [
                end - taken for end, taken in zip(best, self.takens, strict=True)
            ]
        return best

    def each_for_itself_tricks(self) -> list[int]:
        """``each_for_itself``: every seat's trick count at the end of the deal when each
        seat plays the card best for its own score from here (the max^n line ``solve``
        values; ``ismcts``'s hybrid leaves read every seat's score from it)."""
        if not self.each_for_itself:
            raise ValueError(
                "each_for_itself_tricks needs an each_for_itself position valued by_final_tricks"
            )
        return self._each()

    def _each_most(self, seat: int) -> int:
        """The best score ``seat`` could still reach with the tricks it has still to play."""
        taken = self.takens[seat]
        most = self._each_score(seat, taken)
        for more in range(1, popcount(self.hands[seat]) + 1):
            most = max(most, self._each_score(seat, taken + more))
        return most

    def _each_last_trick(self) -> list[int]:
        """``each_for_itself`` when every playing seat holds one card."""
        winner = self._lay_last_trick()
        self.tlen = 0
        ends = list(self.takens)
        ends[winner] += 1
        return ends

    def _each_play(self, card: int) -> list[int]:
        """``each_for_itself``: play ``card`` for the seat to move, search on, take it
        back; every seat's trick count at the end of the deal after it."""
        self._advance(card)
        ends = self._each()
        self.retreat()
        return ends
