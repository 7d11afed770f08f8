"""The solver's alpha-beta search: with a transposition table of bounds at trick starts
(``_search``, ``_expand``, ``_play``), and for ``by_final_tricks`` the yes/no searches for
each score (``_count_value``, ``_forces``) that share bounds on the fewest and the most
tricks the seat can force (``_count_trick_start``).
"""

from __future__ import annotations

from typing import Final

from tricktable.search.solver_bounds import SolverBounds
from tricktable.search.solver_position import legal_cards, popcount

BIG: Final = 1000
"""Beyond any value (values stay within a few dozen points)."""
OFFSET: Final = 1024
"""Bounds are stored packed as ``(lo + OFFSET) << 12 | (hi + OFFSET)``."""


class SolverAlphaBeta(SolverBounds):
    """``SolverBounds`` with the alpha-beta search (the team against the other seats)."""

    def _count_value(self, card: int) -> int:
        """``by_final_tricks``: the best score the seat can force (after ``card`` is played by
        the seat to move, unless -1), found by yes/no searches: "can it force a final
        trick count scoring at least v?" for each possible score v, best first."""
        seat = self.to_move
        tricks_left = popcount(self.hands[seat])  # the trick in progress included
        scores: list[int] = []
        for taken in range(self.taken, self.taken + tricks_left + 1):
            score = self.valuation.seat_score(self.me, taken)
            if score not in scores:
                scores.append(score)
        scores.sort(reverse=True)
        # Best score first (the worst is always forced): the narrow targets of the good
        # scores fail fast, and what each search learns (bounds on the fewest and most
        # tricks it can force) answers much of the next.
        for index in range(len(scores) - 1):
            if self._forces(seat, card, scores[index], tricks_left):
                return scores[index]
        return scores[-1]

    def _forces(self, seat: int, card: int, score: int, tricks_left: int) -> bool:
        """Whether the counted seat can force a deal score of at least ``score``."""
        target = 0
        for taken in range(self.taken, self.taken + tricks_left + 1):
            if self.valuation.seat_score(self.me, taken) >= score:
                target |= 1 << taken
        self.target = target
        if card >= 0:
            return self._play(seat, card, 0, 1) >= 1
        return self._search(0, 1) >= 1

    def _search(self, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.per_trick:
            # The value lies in 0..tricks left: decided when the window excludes that.
            if beta <= 0:
                return 0
            tricks_left = popcount(self.hands[self.to_move])
            if alpha >= tricks_left:
                return tricks_left
        if self.tlen == 0:
            if not self.remaining:
                return self._leaf()
            if self.hands[self.to_move] & (self.hands[self.to_move] - 1) == 0:
                return self._last_trick()
            if self.by_final:
                return self._count_trick_start()
            key = self._key()
            lo = -BIG
            hi = BIG
            entry = self.tt.get(key, -1)
            if entry >= 0:
                lo = (entry >> 12) - OFFSET
                hi = (entry & 4095) - OFFSET
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            value = self._expand(alpha, beta, key)
            if value <= alpha:
                if value < hi:
                    hi = value
            elif value >= beta:
                if value > lo:
                    lo = value
            else:
                lo = value
                hi = value
            self.tt[key] = ((lo + OFFSET) << 12) | (hi + OFFSET)
            return value
        return self._expand(alpha, beta, -1)

    def _count_trick_start(self) -> int:
        """``by_final_tricks`` at a trick start with two tricks or more left: 1 if the seat
        can force a final trick count in ``target``, else 0.

        The table keeps, per position, bounds on the fewest (``low``) and the most
        (``high``) tricks from here the seat can force; they answer every one-sided
        question ("at most b more", "at least a more") whatever was taken before, so
        the yes/no searches for different scores share them. Other targets are kept
        exactly, keyed with the target counted from now.
        """
        tricks_left = popcount(self.hands[self.to_move])
        span = (1 << (tricks_left + 1)) - 1
        wanted = (self.target >> self.taken) & span
        if wanted == 0:
            return 0
        if wanted == span:
            return 1
        fewest = (wanted & -wanted).bit_length() - 1
        most = wanted.bit_length() - 1
        prefix = ((wanted + 1) & ~wanted).bit_length() - 1  # wanted holds 0..prefix-1
        suffix_from = (span ^ wanted).bit_length()  # and suffix_from..tricks_left
        key = self._key()
        entry = self.bounds.get(key, -1)
        if entry < 0 and self.quick:
            entry = self._count_quick(tricks_left)
            self.bounds[key] = entry
        low_lo = 0
        low_hi = tricks_left
        high_lo = 0
        high_hi = tricks_left
        if entry >= 0:
            low_lo = entry >> 18
            low_hi = (entry >> 12) & 63
            high_lo = (entry >> 6) & 63
            high_hi = entry & 63
            if prefix > low_hi or suffix_from <= high_lo:
                return 1
            if fewest > high_hi or most < low_lo:
                return 0
        one_sided = prefix > 0 or suffix_from <= tricks_left
        exact_key = -1
        if not one_sided:
            exact_key = (key << 16) | wanted
            known = self.tt.get(exact_key, -1)
            if known >= 0:
                return known
        value = self._expand(0, 1, key)
        if value >= 1:
            high_lo = max(high_lo, fewest)
            low_hi = min(low_hi, most)
        else:
            low_lo = max(low_lo, prefix)
            high_hi = min(high_hi, suffix_from - 1)
        self.bounds[key] = (low_lo << 18) | (low_hi << 12) | (high_lo << 6) | high_hi
        if exact_key >= 0:
            self.tt[exact_key] = value
        return value

    def _expand(self, alpha: int, beta: int, key: int) -> int:
        seat = self.to_move
        legal = legal_cards(self.hands[seat], self.led, self.follow, self.suit_masks, self.trump)
        if legal & (legal - 1) == 0:  # a forced card
            return self._play(seat, legal.bit_length() - 1, alpha, beta)
        moves = self._representatives(seat, legal)
        if key >= 0:
            first = self.best_lead.get(key, -1)
            if first >= 0 and first in moves:
                moves.remove(first)
                moves.insert(0, first)
        maximizing = bool(self.team >> seat & 1)
        best = -BIG if maximizing else BIG
        best_card = -1
        for card in moves:
            value = self._play(seat, card, alpha, beta)
            if maximizing:
                if value > best:
                    best = value
                    best_card = card
                    if best > alpha:
                        alpha = best
            elif value < best:
                best = value
                best_card = card
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if key >= 0 and best_card >= 0:
            self.best_lead[key] = best_card
        return best

    def _play(self, seat: int, card: int, alpha: int, beta: int) -> int:
        """Play ``card`` for ``seat``, search on, take it back; the value after it."""
        bit = 1 << card
        self.hands[seat] ^= bit
        saved_led = self.led
        saved_power = self.best_power
        saved_seat = self.best_seat
        self._join(seat, card)
        base = self.base
        tlen = self.tlen
        value = 0
        if tlen == self.active:
            # The trick's cards stay where they are; the next trick goes on after them.
            winner = self.best_seat
            ours = self.team >> winner & 1
            gain = 0
            if self.by_final:
                self.taken += ours
            else:
                gain = self._close(winner)
            gone = self.in_trick | bit
            self.remaining ^= gone
            self.base = base + tlen
            self.tlen = 0
            self.in_trick = 0
            self.led = -1
            self.to_move = winner
            value = gain + self._search(alpha - gain, beta - gain)
            self.base = base
            self.tlen = tlen
            self.in_trick = gone ^ bit
            self.remaining ^= gone
            if self.by_final:
                self.taken -= ours
            else:
                self._reopen(winner)
        else:
            self.in_trick |= bit
            self.to_move = self.next_seat[seat]
            value = self._search(alpha, beta)
            self.in_trick ^= bit
        self._unjoin(seat, bit, saved_led, saved_power, saved_seat)
        return value
