"""The double-dummy solver: exact value of a trick-play position with every hand open.

The play phase of every game is one model here: seats hold card masks, a trick table
gives effective suits and powers, a follow rule says what may be played, and the
``team`` (a mask of seats) maximizes a value that the other seats minimize (the paranoid
model: for a lone seat, every other seat plays against it). What the value counts is the
game's, given by its search adapter as the position's ``valuation`` (``search.valuation``):
the tricks the team takes from here on (the default), a seat's score from the tricks it
ends the deal with (``by_final_tricks``; with ``each_for_itself`` every seat plays for its
own score: max^n), or points the cards carry (the valuation's hooks).

Alpha-beta with a transposition table of bounds at trick starts (keyed on relative
ranks: per suit, who holds its remaining cards in order, so positions that differ only
in which low cards are gone share entries; where cards carry value, keyed on the hands
and what the valuation adds; ``by_final_tricks`` keeps bounds on the fewest and the most
tricks the seat can force, shared by its yes/no searches), move ordering (the table's best lead
first, cheapest winning card first when following) and equivalent-card pruning (cards
of one hand adjacent in power within a suit, no unplayed card between them, count as
one). Written as plain annotated Python with ints and int masks so that mypyc can
compile it; the interpreted module gives identical results.

>>> from tricktable.cards import parse_cards, mask_of
>>> from tricktable.tricks import euchre_rules
>>> from tricktable.search.play_facts import FOLLOW
>>> table = euchre_rules(1, None)          # hearts trump
>>> hands = [mask_of(parse_cards(t)) for t in ("JH AS", "AH KS", "JD 9S", "QH TS")]
>>> pos = Position.make(hands, table, FOLLOW, [1, 2, 3, 0], leader=0, team=0b0101)
>>> Solver(pos).solve()    # JH draws AH, JD and QH; then AS wins the spades
2
"""

from __future__ import annotations

from typing import Final

from tricktable.search.valuation import Valuation
from tricktable.tricks import NO_TRUMP, TrickRules

TRICKS: Final = Valuation()
"""The shared default valuation: the tricks the team takes from here on."""

FOLLOW: Final = 0
"""Follow the led suit if able, else any card (the euchre family, Oh Hell)."""
FOLLOW_OR_TRUMP: Final = 1
"""Follow or trump at will; void: any card (All Fours)."""
FOLLOW_OR_TRUMP_MUST: Final = 2
"""Follow or trump at will; void: trump if able (All Fours, ``void_rule=must_trump``)."""
FOLLOW_ELSE_TRUMP: Final = 3
"""Follow; void: trump if able (Romanian whist, ``void_rule=must_trump``)."""

BIG: Final = 1000
"""Beyond any value (values stay within a few dozen points)."""
OFFSET: Final = 1024
"""Bounds are stored packed as ``(lo + OFFSET) << 12 | (hi + OFFSET)``."""


class Position:
    """A play-phase position with every hand open, and what its value counts."""

    hands: list[int]
    next_seat: list[int]
    eff: list[int]
    power: list[int]
    suit_masks: list[int]
    trump: int
    follow: int
    trick_cards: list[int]
    trick_seats: list[int]
    to_move: int
    team: int
    """Mask of the seats that maximize."""
    valuation: Valuation
    """What the value counts (the game's search adapter sets it; ``TRICKS`` by default)."""
    taken: int
    """``by_final_tricks``: tricks the team seat has taken so far."""
    each_for_itself: bool
    """``by_final_tricks``: every seat plays for its own score (``takens``) instead of all
    against the team seat (``Solver._each`` says how ties are broken)."""
    takens: list[int]
    """``by_final_tricks`` with ``each_for_itself``: tricks every seat has taken so far."""

    def __init__(self) -> None:
        self.hands = []
        self.next_seat = []
        self.eff = []
        self.power = []
        self.suit_masks = []
        self.trump = NO_TRUMP
        self.follow = FOLLOW
        self.trick_cards = []
        self.trick_seats = []
        self.to_move = 0
        self.team = 0
        self.valuation = TRICKS
        self.taken = 0
        self.each_for_itself = False
        self.takens = []

    @staticmethod
    def make(
        hands: list[int],
        table: TrickRules,
        follow: int,
        next_seat: list[int],
        leader: int,
        team: int,
        trick: list[tuple[int, int]] | None = None,
    ) -> Position:
        """A position valued by the team's tricks (``TRICKS``); ``trick`` lists ``(seat,
        card)`` already played to the trick in progress (``leader`` is then ignored)."""
        pos = Position()
        pos.hands = list(hands)
        pos.next_seat = list(next_seat)
        pos.eff = list(table.eff_suit)
        pos.power = list(table.power)
        pos.suit_masks = list(table.suit_masks)
        pos.trump = table.trump
        pos.follow = follow
        pos.team = team
        pos.to_move = leader
        if trick:
            pos.trick_seats = [seat for seat, _ in trick]
            pos.trick_cards = [card for _, card in trick]
            pos.to_move = next_seat[trick[-1][0]]
        return pos

    def active_count(self) -> int:
        """How many seats play to each trick."""
        return sum(1 for seat in self.next_seat if seat >= 0)

    def cards_in_play(self) -> int:
        """The cards in hands and in the trick in progress."""
        return sum(hand.bit_count() for hand in self.hands) + len(self.trick_cards)

    def copy(self) -> Position:
        """An independent copy (lists copied)."""
        other = Position()
        other.hands = list(self.hands)
        other.next_seat = list(self.next_seat)
        other.eff = self.eff
        other.power = self.power
        other.suit_masks = self.suit_masks
        other.trump = self.trump
        other.follow = self.follow
        other.trick_cards = list(self.trick_cards)
        other.trick_seats = list(self.trick_seats)
        other.to_move = self.to_move
        other.team = self.team
        other.valuation = self.valuation.copied()
        other.taken = self.taken
        other.each_for_itself = self.each_for_itself
        other.takens = list(self.takens)
        return other


def legal_cards(hand: int, led: int, follow: int, suit_masks: list[int], trump: int) -> int:
    """The cards of ``hand`` playable to a trick led in effective suit ``led`` (-1: lead)."""
    if led < 0:
        return hand
    following = hand & suit_masks[led]
    if follow == FOLLOW:
        return following if following else hand
    trumps = hand & suit_masks[trump] if trump != NO_TRUMP else 0
    if follow == FOLLOW_ELSE_TRUMP:
        if following:
            return following
        return trumps if trumps else hand
    if following:
        return following | trumps
    if follow == FOLLOW_OR_TRUMP_MUST and trumps:
        return trumps
    return hand


def popcount(mask: int) -> int:
    """The number of cards in ``mask`` (a mask of the solver's renumbered cards, below
    bit 62: plain machine-word arithmetic in the compiled build).

    >>> popcount(0b1011), popcount((1 << 61) | 1)
    (3, 2)
    """
    mask -= (mask >> 1) & 0x1555555555555555
    mask = (mask & 0x3333333333333333) + ((mask >> 2) & 0x3333333333333333)
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F0F
    mask += mask >> 8
    mask += mask >> 16
    mask += mask >> 32
    return mask & 127


class Solver:
    """Alpha-beta over one ``Position`` (which it copies); reusable for many queries.

    ``solve()`` is the exact value with best play by both camps; ``move_values()`` the
    exact value after each legal card of the seat to move.
    """

    def __init__(self, pos: Position) -> None:
        # Cards are renumbered: each effective suit's cards in this deal get consecutive
        # numbers, weakest first (masks stay small ints, and the top bit of a suit's
        # mask is its strongest card); ``card_of`` maps them back.
        deal = 0
        for hand in pos.hands:
            deal |= hand
        for card in pos.trick_cards:
            deal |= 1 << card
        self.card_of: list[int] = []
        local = [-1] * 64
        self.eff: list[int] = [-1] * 64
        self.power: list[int] = [0] * 64
        self.suit_masks: list[int] = [0] * len(pos.suit_masks)
        suited = 0
        for suit in range(len(pos.suit_masks) + 1):
            if suit < len(pos.suit_masks):
                mask = deal & pos.suit_masks[suit]
                suited |= mask
            else:
                mask = deal & ~suited  # cards of no suit (a Joker without trump)
            keyed: list[int] = []
            while mask:
                low = mask & -mask
                card = low.bit_length() - 1
                keyed.append((pos.power[card] << 6) | card)
                mask ^= low
            keyed.sort()
            for code in keyed:
                card = code & 63
                index = len(self.card_of)
                local[card] = index
                self.card_of.append(card)
                self.eff[index] = pos.eff[card]
                self.power[index] = pos.power[card]
                if suit < len(pos.suit_masks):
                    self.suit_masks[suit] |= 1 << index
        self.hands: list[int] = [self._localize(hand, local) for hand in pos.hands]
        self.n: int = len(pos.hands)
        self.next_seat: list[int] = list(pos.next_seat)
        self.trump: int = pos.trump
        self.follow: int = pos.follow
        self.team: int = pos.team
        valuation = pos.valuation
        self.per_trick: bool = valuation.per_trick
        """The value is the team's tricks from here on (``Valuation.per_trick``)."""
        self.by_final: bool = valuation.by_final_tricks
        """The value is the team seat's score from its final trick count."""
        self.valuation: Valuation = valuation.for_solver(local, self.card_of)
        self.active: int = pos.active_count()
        self.trick: list[int] = [0] * 72
        """Cards played, trick after trick (the trick in progress from ``base``)."""
        self.base: int = 0
        self.tlen: int = 0
        """Cards in the trick in progress."""
        self.in_trick: int = 0
        """Mask of the cards in the trick in progress."""
        self.led: int = -1
        self.best_power: int = -1
        self.best_seat: int = -1
        self.to_move: int = pos.to_move
        self.taken: int = pos.taken
        self.each_for_itself: bool = pos.each_for_itself and self.by_final
        self.takens: list[int] = list(pos.takens) if pos.takens else [0] * self.n
        self.me: int = self.team.bit_length() - 1
        """The team's first seat (``each_for_itself``: the seat whose score is the value)."""
        self.scores_table: dict[int, list[int]] = {}
        """``each_for_itself``: the tricks every seat takes from a trick start on."""
        self.target: int = 0
        """``by_final_tricks``: the final trick counts that score 1 in the current yes/no search."""
        self.local: list[int] = local
        """The solver's number of each card id (-1: not in this deal)."""
        self.played: list[int] = []
        """``advance``'s undo stack: per card laid, its seat, card, the trick's led suit,
        best power and best seat before it, and the trick's winner if it closed (else -1)."""
        self.tt: dict[int, int] = {}
        self.best_lead: dict[int, int] = {}
        self.bounds: dict[int, int] = {}
        """``by_final_tricks``: packed bounds on the fewest and most tricks the seat can force."""
        self.nodes: int = 0
        # Cards of each effective suit, strongest first (for equivalence and ordering).
        deal_cards = self._localize(deal, local)
        trick_cards = [local[card] for card in pos.trick_cards]
        self.remaining: int = deal_cards
        """Cards in hands or in the trick in progress."""
        self.by_power: list[list[int]] = []
        for suit in range(len(self.suit_masks)):
            cards = []
            mask = deal_cards & self.suit_masks[suit]
            while mask:
                low = mask & -mask
                cards.append(low.bit_length() - 1)
                mask ^= low
            cards.sort(key=self._power_of, reverse=True)
            self.by_power.append(cards)
        self.owner: list[int] = [0] * 64
        """The seat holding (or that played, for the trick in progress) each card."""
        for seat in range(self.n):
            mask = self.hands[seat]
            while mask:
                low = mask & -mask
                self.owner[low.bit_length() - 1] = seat
                mask ^= low
        for seat, card in zip(pos.trick_seats, trick_cards, strict=True):
            self.owner[card] = seat
        self.team_cards: int = 0
        """The cards the team's seats held at the start (in hand or played to the trick)."""
        for card in range(len(self.card_of)):
            if self.team >> self.owner[card] & 1:
                self.team_cards |= 1 << card
        self.plain_cards: bool = valuation.relative
        """Whether cards of one suit differ only by their order (else ``eq_class``)."""
        self.relative: bool = self.plain_cards and deal & ~suited == 0
        """Whether the table is keyed on relative ranks (cards of equal suit and order
        are interchangeable: not where cards carry value)."""
        self.owner_bits: int = 2 if self.n <= 4 else 3
        self.quick: bool = (
            self.by_final
            and self.relative
            and self.follow
            in (
                FOLLOW,
                FOLLOW_ELSE_TRUMP,
            )
        )
        """Whether ``_count_quick`` applies (suits must be followed)."""
        self.suit_base: list[int] = []
        """Per effective suit, its weakest card's number (its cards are numbered in a row)."""
        self.suit_codes: list[dict[int, int]] = []
        """Per effective suit, its cards left (bits from its base) -> their holders in order."""
        for cards in self.by_power:
            self.suit_base.append(cards[-1] if cards else 0)
            self.suit_codes.append({})
        self.eq_class: list[int] = [0] * 64
        if not self.plain_cards:
            for card in range(64):
                self.eq_class[card] = self.valuation.card_class(card)
        for seat, card in zip(pos.trick_seats, trick_cards, strict=True):
            self._lay(seat, card)
        self.to_move = pos.to_move

    @staticmethod
    def _localize(mask: int, local: list[int]) -> int:
        """``mask`` in the solver's card numbers."""
        out = 0
        while mask:
            low = mask & -mask
            out |= 1 << local[low.bit_length() - 1]
            mask ^= low
        return out

    def _power_of(self, card: int) -> int:
        return self.power[card]

    def _lay(self, seat: int, card: int) -> None:
        """Add a card to the trick in progress (no search: the initial trick, ``advance``)."""
        power = self.power[card]
        if self.tlen == 0:
            self.led = self.eff[card]
            self.best_power = power
            self.best_seat = seat
        else:
            suit = self.eff[card]
            if (suit == self.led or suit == self.trump) and power > self.best_power:
                self.best_power = power
                self.best_seat = seat
        self.trick[self.base + self.tlen] = card
        self.tlen += 1
        self.in_trick |= 1 << card

    # -- values ---------------------------------------------------------------------------
    def _leaf(self) -> int:
        """The value still due when every card is played."""
        if self.by_final:
            return (self.target >> self.taken) & 1
        if self.per_trick:
            return 0
        return self.valuation.leaf()

    def _key(self) -> int:
        if self.relative:
            return self._relative_key()
        key = self.to_move
        shift = 4
        for hand in self.hands:
            key |= hand << shift
            shift += 64
        if not self.per_trick:
            key = self.valuation.extend_key(key, shift)
        return key

    def _relative_key(self) -> int:
        """The table key at a trick start on relative ranks: per suit, the holders of its
        remaining cards strongest first, then the leader."""
        bits = self.owner_bits
        key = 1
        remaining = self.remaining
        for suit in range(len(self.by_power)):
            cards = self.by_power[suit]
            base = self.suit_base[suit]
            left = (remaining >> base) & ((1 << len(cards)) - 1)
            codes = self.suit_codes[suit]
            code = codes.get(left, -1)
            if code < 0:
                code = 1
                for card in cards:
                    if left >> (card - base) & 1:
                        code = (code << bits) | self.owner[card]
                codes[left] = code
            key = (key << (bits * len(cards) + 1)) | code
        return (key << 3) | self.to_move

    # -- search ---------------------------------------------------------------------------
    def solve(self) -> int:
        """The exact value of the position."""
        if self.each_for_itself:
            return self._each_score(self.me, self._each()[self.me])
        if self.by_final:
            return self._count_value(-1)
        return self._search(-BIG, BIG)

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

    def move_values(self) -> list[tuple[int, int]]:
        """``(card, value)`` for every legal card of the seat to move (equivalent cards
        share their value)."""
        seat = self.to_move
        legal = legal_cards(self.hands[seat], self.led, self.follow, self.suit_masks, self.trump)
        reps = self._representatives(seat, legal)
        values: dict[int, int] = {}
        for card in reps:
            if self.each_for_itself:
                values[card] = self._each_score(self.me, self._each_play(card)[self.me])
            elif self.by_final:
                values[card] = self._count_value(card)
            else:
                values[card] = self._play(seat, card, -BIG, BIG)
        out: list[tuple[int, int]] = []
        mask = legal
        while mask:
            low = mask & -mask
            card = low.bit_length() - 1
            mask ^= low
            out.append((self.card_of[card], values[self._rep_of(seat, card, reps)]))
        out.sort()
        return out

    def advance(self, card_id: int) -> int:
        """Lay card ``card_id`` (a card id, legal for the seat to move) for good, closing
        the trick when it is full; the value gained now by the team (``per_trick``: the
        trick; else what the valuation's ``trick_closed`` says). ``retreat`` undoes
        it. The table stays valid: it holds values from a position on."""
        return self._advance(self.local[card_id])

    def _advance(self, card: int) -> int:
        """``advance`` for the solver's card number ``card``."""
        seat = self.to_move
        self.hands[seat] ^= 1 << card
        self.played.extend((seat, card, self.led, self.best_power, self.best_seat))
        self._lay(seat, card)
        if self.tlen < self.active:
            self.to_move = self.next_seat[seat]
            self.played.append(-1)
            return 0
        winner = self.best_seat
        gain = self._close(winner)
        self.remaining ^= self.in_trick
        self.base += self.tlen
        self.tlen = 0
        self.in_trick = 0
        self.led = -1
        self.to_move = winner
        self.played.append(winner)
        return gain

    def retreat(self) -> None:
        """Take back the last card ``advance`` laid."""
        winner = self.played.pop()
        best_seat = self.played.pop()
        best_power = self.played.pop()
        led = self.played.pop()
        card = self.played.pop()
        seat = self.played.pop()
        bit = 1 << card
        if winner >= 0:
            self.tlen = self.active
            self.base -= self.tlen
            gone = 0
            for index in range(self.base, self.base + self.tlen):
                gone |= 1 << self.trick[index]
            self.remaining ^= gone
            self.in_trick = gone ^ bit
            self._reopen(winner)
        else:
            self.in_trick ^= bit
        self.tlen -= 1
        self.led = led
        self.best_power = best_power
        self.best_seat = best_seat
        self.hands[seat] ^= bit
        self.to_move = seat

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

    def _remaining(self) -> int:
        """Cards not yet gone in a completed trick (hands and the trick in progress)."""
        return self.remaining

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

    def _beats(self, card: int) -> bool:
        suit = self.eff[card]
        if suit != self.led and suit != self.trump:
            return False
        return self.power[card] > self.best_power

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

    def _lay_last_trick(self) -> int:
        """Lay every playing seat's one card in the trick (the hands untouched; the caller
        sets ``tlen`` back to 0); the trick's winner."""
        seat = self.to_move
        led = -1
        best_power = -1
        winner = seat
        for _ in range(self.active):
            hand = self.hands[seat]
            card = hand.bit_length() - 1
            self.trick[self.base + self.tlen] = card
            self.tlen += 1
            suit = self.eff[card]
            power = self.power[card]
            if led < 0:
                led = suit
                best_power = power
                winner = seat
            elif (suit == led or suit == self.trump) and power > best_power:
                best_power = power
                winner = seat
            seat = self.next_seat[seat]
        return winner

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
        power = self.power[card]
        if self.tlen == 0:
            self.led = self.eff[card]
            self.best_power = power
            self.best_seat = seat
        else:
            suit = self.eff[card]
            if (suit == self.led or suit == self.trump) and power > self.best_power:
                self.best_power = power
                self.best_seat = seat
        base = self.base
        tlen = self.tlen
        self.trick[base + tlen] = card
        tlen += 1
        self.tlen = tlen
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
        self.tlen -= 1
        self.led = saved_led
        self.best_power = saved_power
        self.best_seat = saved_seat
        self.hands[seat] ^= bit
        self.to_move = seat
        return value

    def _close(self, winner: int) -> int:
        """Score the full trick for ``winner``; the value gained now by the team."""
        ours = bool(self.team >> winner & 1)
        if self.per_trick:
            return 1 if ours else 0
        if self.by_final:
            if ours:
                self.taken += 1
            if self.each_for_itself:
                self.takens[winner] += 1
            return 0
        return self.valuation.trick_closed(winner, self.trick, self.base, self.base + self.tlen)

    def _reopen(self, winner: int) -> None:
        """Undo ``_close`` (the trick's cards are still in place)."""
        if self.by_final:
            if self.team >> winner & 1:
                self.taken -= 1
            if self.each_for_itself:
                self.takens[winner] -= 1
        elif not self.per_trick:
            self.valuation.trick_reopened(winner, self.trick, self.base, self.base + self.tlen)

    # -- each seat for itself (max^n) --------------------------------------------------------
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


def solve(pos: Position) -> int:
    """The exact value of ``pos`` (a convenience for ``Solver(pos).solve()``)."""
    return Solver(pos).solve()
