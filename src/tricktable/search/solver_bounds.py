"""The solver's values and bounds found without search: the last trick, where no choice
is left (``_last_trick``), and for ``by_final_tricks`` the quick bounds on the fewest and
the most tricks the counted seat can force (``_count_quick``).
"""

from __future__ import annotations

from tricktable.search.solver_ordering import SolverOrdering
from tricktable.search.solver_position import FOLLOW, popcount
from tricktable.tricks import NO_TRUMP


class SolverBounds(SolverOrdering):
    """``SolverOrdering`` with the values and bounds seen without search."""

    def _count_quick(self, tricks_left: int) -> int:
        """Packed bounds (as in ``bounds``) on the fewest and most tricks from here the
        counted seat can force, from facts seen without search.

        * Trumps above every trump of the others win whenever played: the seat's are
          sure tricks, and one opponent's are sure tricks against it.
        * Losing: say an opponent holds n cards of a suit (not trump), all above the
          seat's a lowest of that suit. The seat loses a trick whenever it plays one of
          those while that opponent must follow above; it does when that suit is led,
          and when it is on lead it leads one. So it loses at least once every two
          tricks (on lead: the first at once), while such suits last (each for
          min(a, n // 2) tricks, on lead (n + 1) // 2, counted from the first trick:
          the opponent may throw one of its cards away in each); with trumps, on
          lead, a trump below all of one opponent's trumps loses once.
        * Winning: on lead, the seat cashes its cards above all others of their suit
          (without trumps, or only its top trumps while others hold trumps); an
          opponent on lead cashes the same way against it.
        * On lead with only such winners, it wins this trick whatever is played; with an
          opponent on lead who holds a suit in which the seat holds only winners that
          it must play, the others can make it win this one.
        * The others can make it lose this trick if the leader holds a card above the
          seat's cards of a suit that the seat cannot trump, or if it is on lead and
          some opponent can follow above each of its cards.
        * Not on lead, it can lose this trick whatever is led if, in each suit the leader
          holds, it has a card below all of some opponent's cards of that suit (the
          leader's, or another's that must follow), or none and a discard that cannot
          win (no trump it must play).
        """
        me = self.team.bit_length() - 1
        mine = self.hands[me]
        leader = self.to_move
        on_lead = leader == me
        trump = self.trump
        trumps = self.suit_masks[trump] if trump != NO_TRUMP else 0
        others = 0
        for seat in range(self.n):
            if seat != me:
                others |= self.hands[seat]
        low_lo = 0
        low_hi = tricks_left
        high_lo = 0
        high_hi = tricks_left
        their_trumps = others & trumps
        if trumps:
            my_trumps = mine & trumps
            sure = popcount(my_trumps >> their_trumps.bit_length())
            low_lo = sure
            high_lo = sure
            my_top = my_trumps.bit_length()
            for seat in range(self.n):
                if seat != me:
                    lost = popcount((self.hands[seat] & trumps) >> my_top)
                    if tricks_left - lost < high_hi:
                        high_hi = tricks_left - lost
                        low_hi = min(low_hi, high_hi)
        can_lose = 0
        covers: list[int] = []
        """Per side suit: (opponent's cards << 8) | the seat's cards below them all."""
        cashed = 0
        must_win = on_lead
        must_lose = on_lead
        forced_win = False
        for suit in range(len(self.suit_masks)):
            suit_mask = self.suit_masks[suit]
            my_cards = mine & suit_mask
            if not my_cards:
                continue
            their_cards = others & suit_mask
            lowest = my_cards & -my_cards
            tops = popcount(my_cards >> their_cards.bit_length())
            all_tops = lowest.bit_length() > their_cards.bit_length()
            safe = suit == trump or not trumps or self._all_follow(me, suit)
            if on_lead:
                if suit == trump or not their_trumps:
                    cashed += tops
                if not (all_tops and safe):
                    must_win = False
                if tops:
                    must_lose = False
            elif all_tops and safe and self.hands[leader] & suit_mask:
                forced_win = True
            best_covered = 0
            best_count = 0
            for seat in range(self.n):
                theirs = self.hands[seat] & suit_mask
                if seat == me or not theirs:
                    continue
                covered = popcount(my_cards & ((theirs & -theirs) - 1))
                count = popcount(theirs)
                if min(covered, count) > min(best_covered, best_count):
                    best_covered = covered
                    best_count = count
                if suit != trump:
                    alone = (count + 1) // 2 if on_lead else count // 2
                    can_lose = max(can_lose, min(covered, alone))
            if suit == trump:
                if on_lead and best_covered:
                    can_lose = max(can_lose, 1)
            elif best_covered:
                covers.append((best_count << 8) | best_covered)
        # Losing in the covered suits, those whose opponent holds fewest cards first:
        # the seat loses at least once every two tricks, so the c-th loss comes by trick
        # 2c (on lead: 2c - 1) and that opponent must still hold one of its cards then.
        covers.sort()
        losses = 0
        for cover in covers:
            count = cover >> 8
            more = min(cover & 255, (count + (1 if on_lead else 0)) // 2 - losses)
            if more > 0:
                losses += more
        can_lose = max(can_lose, losses)
        if not on_lead:
            cashed = 0
            can_duck = True
            # Discarding can win only by a trump it must play (it holds only trumps, or
            # must trump when void).
            discards_lose = (
                trump == NO_TRUMP
                or not mine & trumps
                or (self.follow == FOLLOW and mine & ~trumps != 0)
            )
            for suit in range(len(self.suit_masks)):
                suit_mask = self.suit_masks[suit]
                led = self.hands[leader] & suit_mask
                if led and (suit == trump or not (trumps & ~self.hands[leader] & self.remaining)):
                    rest = self.remaining & suit_mask & ~self.hands[leader]
                    cashed += popcount(led >> rest.bit_length())
                my_cards = mine & suit_mask
                cannot_trump = suit == trump or my_cards or not mine & trumps
                if led.bit_length() > my_cards.bit_length() and cannot_trump:
                    must_lose = True
                if led and can_duck:
                    if my_cards:
                        can_duck = self._ducks(me, suit, my_cards & -my_cards)
                    elif suit != trump:
                        can_duck = discards_lose
            if can_duck:
                can_lose = max(can_lose, 1)
            high_hi = min(high_hi, tricks_left - max(cashed, 1 if must_lose else 0))
        else:
            high_lo = max(high_lo, cashed)
            if must_lose:
                high_hi = min(high_hi, tricks_left - 1)
        low_hi = min(low_hi, tricks_left - can_lose)
        if must_win or forced_win:
            low_lo = max(low_lo, 1)
        if must_win:
            high_lo = max(high_lo, 1)
        return (low_lo << 18) | (low_hi << 12) | (high_lo << 6) | high_hi

    def _ducks(self, me: int, suit: int, low: int) -> bool:
        """Whether the counted seat's card ``low`` (a bit) of ``suit`` loses whenever that
        suit is led now: the leader holds only higher cards of it, or another seat must
        follow with a higher one."""
        suit_mask = self.suit_masks[suit]
        for seat in range(self.n):
            theirs = self.hands[seat] & suit_mask
            if seat != me and theirs and (theirs & -theirs) > low:
                return True
        return False

    def _all_follow(self, me: int, suit: int) -> bool:
        """Whether every opponent holding trumps also holds ``suit`` (so must follow)."""
        trumps = self.suit_masks[self.trump]
        for seat in range(self.n):
            hand = self.hands[seat]
            if seat != me and hand & trumps and not hand & self.suit_masks[suit]:
                return False
        return True

    def _last_trick(self) -> int:
        """The value when every playing seat holds one card (no choice is left)."""
        winner = self._lay_last_trick()
        # Neither the score of the trick nor the value at the end reads the hands.
        gain = self._close(winner)
        value = gain + self._leaf()
        self._reopen(winner)
        self.tlen = 0
        return value
