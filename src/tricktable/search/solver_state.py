"""The solver's state and its step and undo: the deal's cards renumbered, the hands, the
trick in progress, laying a card (``_join``, ``_lay``), advancing and retreating a card for good
(``advance``, ``retreat``), closing and reopening a trick (``_close``, ``_reopen``: what the
valuation counts), and the transposition table's key (``_key``, on relative ranks where it
may).

``SolverState`` is the first class of the solver's chain (mypyc's native classes take one
base each): ``SolverOrdering`` (``search.solver_ordering``), ``SolverBounds``
(``search.solver_bounds``), ``SolverAlphaBeta`` (``search.solver_alphabeta``), ``SolverEach``
(``search.solver_each``) and ``Solver`` (``search.solver``), each adding one job.

>>> from tricktable.cards import parse_cards, mask_of
>>> from tricktable.tricks import euchre_rules
>>> from tricktable.search.solver_position import FOLLOW, Position
>>> hands = [mask_of(parse_cards(t)) for t in ("JH AS", "AH KS", "JD 9S", "QH TS")]
>>> pos = Position.make(hands, euchre_rules(1, None), FOLLOW, [1, 2, 3, 0], 0, 0b0101)
>>> state = SolverState(pos)
>>> [state.advance(card) for card in parse_cards("JH AH JD QH")], state.to_move
([0, 0, 0, 1], 0)
>>> state.retreat(); state.to_move, state.tlen
(3, 3)
"""

from __future__ import annotations

from tricktable.search.solver_position import (
    FOLLOW,
    FOLLOW_ELSE_TRUMP,
    Position,
)
from tricktable.search.valuation import Valuation


class SolverState:
    """The solver's cards, hands and trick over one ``Position`` (which it copies), the
    step and undo of a card, and the table key."""

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
        self._join(seat, card)
        self.in_trick |= 1 << card

    def _join(self, seat: int, card: int) -> None:
        """Put ``card`` of ``seat`` on the trick in progress: the led suit and the best card
        so far follow it, ``trick`` and ``tlen`` take it. The caller keeps ``in_trick`` and
        what it needs to undo (``_lay``, ``SolverAlphaBeta._play``)."""
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
        self._unjoin(seat, bit, led, best_power, best_seat)

    def _unjoin(self, seat: int, bit: int, led: int, best_power: int, best_seat: int) -> None:
        """Take the last card (``bit``) off the trick in progress back into ``seat``'s hand,
        ``seat`` to move again, the led suit and best card as they were before it (what
        ``_join`` changed; the caller has put back ``in_trick``, ``base`` and the closed trick)."""
        self.tlen -= 1
        self.led = led
        self.best_power = best_power
        self.best_seat = best_seat
        self.hands[seat] ^= bit
        self.to_move = seat

    def _remaining(self) -> int:
        """Cards not yet gone in a completed trick (hands and the trick in progress)."""
        return self.remaining

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
