"""The solver's move ordering and equivalent cards: one card of each run of equivalent
legal cards (``_representatives``, in search order: the cheapest winner first when
following, low cards first where the counted seat wants no more tricks) and the run a card
belongs to (``_rep_of``).
"""

from __future__ import annotations

from tricktable.search.solver_position import popcount
from tricktable.search.solver_state import SolverState


class SolverOrdering(SolverState):
    """``SolverState`` with the order the searches try cards in."""

    def _rep_of(self, seat: int, card: int, reps: list[int]) -> int:
        """The card of ``reps`` in the same run of equivalent cards as ``card``."""
        remaining = self._remaining()
        mine = self.hands[seat]
        run_rep = -1
        previous_mine = False
        klass = -1
        for other in self.by_power[self.eff[card]]:
            if not remaining >> other & 1:
                continue
            if mine >> other & 1:
                if not (previous_mine and self.eq_class[other] == klass):
                    run_rep = other
                previous_mine = True
                klass = self.eq_class[other]
                if other == card:
                    return run_rep
            else:
                previous_mine = False
        return card

    def _representatives(self, seat: int, legal: int) -> list[int]:
        """One card of each run of equivalent legal cards, in search order."""
        if legal & (legal - 1) == 0:
            return [legal.bit_length() - 1]
        remaining = self.remaining
        mine = self.hands[seat]
        eq_class = self.eq_class
        winning: list[int] = []
        losing: list[int] = []
        leading = self.tlen == 0
        partner_wins = False
        led = self.led
        trump = self.trump
        best_power = self.best_power
        if not leading:
            partner_wins = bool(self.team >> self.best_seat & 1) == bool(self.team >> seat & 1)
        power = self.power
        for suit in range(len(self.by_power)):
            suit_mask = self.suit_masks[suit]
            if not legal & suit_mask:
                continue
            can_win = not leading and not partner_wins and (suit == led or suit == trump)
            if self.plain_cards:
                # Runs of the hand's cards with no other card left between them, from the
                # top (a suit's cards are numbered weakest first).
                rest = remaining & suit_mask & ~mine
                mask = mine & suit_mask
                while mask:
                    card = mask.bit_length() - 1
                    mask &= (1 << (rest & ((1 << card) - 1)).bit_length()) - 1
                    if leading or (can_win and power[card] > best_power):
                        winning.append(card)
                    else:
                        losing.append(card)
                continue
            previous_mine = False
            klass = -1
            for card in self.by_power[suit]:
                if not remaining >> card & 1:
                    continue
                if mine >> card & 1:
                    same = previous_mine and eq_class[card] == klass
                    previous_mine = True
                    klass = eq_class[card]
                    if same:
                        continue
                    if leading or (can_win and self.power[card] > best_power):
                        winning.append(card)
                    else:
                        losing.append(card)
                else:
                    previous_mine = False
        if self.by_final and not self.each_for_itself and self._count_prefers_low():
            # The counted seat wants no more tricks, and its opponents want it to take
            # them: everyone leads low; the seat sheds its highest card that loses, the
            # others play low.
            if leading:
                # Sorts on ints (key, then place, then card), stable as a keyed sort.
                if self.quick and self.team >> seat & 1:
                    for index in range(len(winning)):
                        card = winning[index]
                        winning[index] = (self._covers(card) << 12) | ((63 - index) << 6) | card
                    winning.sort(reverse=True)
                else:
                    self._sort_by_power(winning, False)
                    if self.quick:
                        for index in range(len(winning)):
                            card = winning[index]
                            winning[index] = (self._seat_below(card) << 12) | (index << 6) | card
                        winning.sort()
                    else:
                        return winning
                for index in range(len(winning)):
                    winning[index] &= 63
                return winning
            winning.reverse()
            if len(losing) > 1:
                self._sort_by_power(losing, self._seat_has_played(seat))
            return losing + winning
        if leading:
            if len(winning) > 1:
                self._sort_by_power(winning, True)
            return winning
        # Cheapest winner first (winners were gathered strongest first), then low cards.
        winning.reverse()
        if len(losing) > 1:
            self._sort_by_power(losing, False)
        return winning + losing

    def _sort_by_power(self, cards: list[int], strongest_first: bool) -> None:
        """Sort ``cards`` in place by power, equal powers in card order (a stable sort)."""
        power = self.power
        if strongest_first:
            for index in range(len(cards)):
                cards[index] = (power[cards[index]] << 6) | (63 - cards[index])
            cards.sort(reverse=True)
            for index in range(len(cards)):
                cards[index] = 63 - (cards[index] & 63)
        else:
            for index in range(len(cards)):
                cards[index] = (power[cards[index]] << 6) | cards[index]
            cards.sort()
            for index in range(len(cards)):
                cards[index] &= 63

    def _seat_below(self, card: int) -> int:
        """How many cards of its suit the counted seat holds below ``card`` (with none, it
        cannot duck that lead)."""
        seat_cards = self.hands[self.team.bit_length() - 1] & self.suit_masks[self.eff[card]]
        if not seat_cards:
            return 64
        return popcount(seat_cards & ((1 << card) - 1))

    def _covers(self, card: int) -> int:
        """How many cards of its suit that others hold rank above ``card``."""
        others = self.remaining & ~self.hands[self.to_move] & self.suit_masks[self.eff[card]]
        return popcount(others >> card)

    def _seat_has_played(self, seat: int) -> bool:
        """Whether ``seat`` is the counted seat or follows it in the trick in progress."""
        return bool(self.team >> seat & 1) or self.in_trick & self.team_cards != 0

    def _count_prefers_low(self) -> bool:
        """Whether the counted seat already has enough tricks for the target (then it, and
        its opponents pushing it over, try low cards first)."""
        below = self.target & ((1 << self.taken) - 1)
        needed = self.target & ~below
        if needed == 0:
            return True
        lowest = (needed & -needed).bit_length() - 1
        return self.taken >= lowest
