"""Plain minimax over a solver ``Position``: no pruning, no table, no equivalences.

The reference the solver's search is tested against; written independently of it (its
own trick winner and values; only the follow rule, ``play_facts.legal_mask``, is the
solver's ``legal_cards``). Exponential: use it on small positions only.

>>> from tricktable.cards import parse_cards, mask_of
>>> from tricktable.tricks import euchre_rules
>>> from tricktable.search.solver import Position, FOLLOW
>>> table = euchre_rules(1, None)
>>> hands = [mask_of(parse_cards(t)) for t in ("JH AS", "AH KS", "JD 9S", "QH TS")]
>>> minimax(Position.make(hands, table, FOLLOW, [1, 2, 3, 0], leader=0, team=0b0101))
2
"""

from __future__ import annotations

from dataclasses import dataclass

from tricktable.search.play_facts import legal_mask
from tricktable.search.solver import Position
from tricktable.tricks import TrickRules

Plays = list[tuple[int, int]]
"""Cards on the table as ``(seat, card)``, the lead first."""
Won = list[tuple[int, list[int]]]
"""Tricks taken as ``(winner, cards)``, in order."""


def minimax(pos: Position) -> int:
    """The exact value of ``pos`` by exhaustive search."""
    values = minimax_moves(pos)
    return max(values.values()) if pos.team >> pos.to_move & 1 else min(values.values())


def minimax_moves(pos: Position) -> dict[int, int]:
    """The exact value after each legal card of the seat to move."""
    table = TrickRules(pos.trump, tuple(pos.eff), tuple(pos.suit_masks), tuple(pos.power))
    trick = list(zip(pos.trick_seats, pos.trick_cards, strict=True))
    return _Search(pos, table, list(pos.hands)).values(trick, pos.to_move, [])


def _winner(trick: Plays, table: TrickRules) -> int:
    led = table.eff_suit[trick[0][1]]
    best_seat, best_power = trick[0][0], table.power[trick[0][1]]
    for seat, card in trick[1:]:
        suit = table.eff_suit[card]
        if (suit == led or suit == table.trump) and table.power[card] > best_power:
            best_seat, best_power = seat, table.power[card]
    return best_seat


@dataclass(slots=True)
class _Search:
    """One exhaustive search of ``pos``: its trick table, and the hands, from which each
    card tried is taken and then given back."""

    pos: Position
    table: TrickRules
    hands: list[int]

    def value(self, trick: Plays, seat: int, won: Won) -> int:
        """The exact value with ``trick`` on the table, ``seat`` to play and the tricks
        ``won`` so far."""
        if not any(self.hands) and not trick:
            return final_value(self.pos, won)
        values = list(self.values(trick, seat, won).values())
        return max(values) if self.pos.team >> seat & 1 else min(values)

    def values(self, trick: Plays, seat: int, won: Won) -> dict[int, int]:
        """The exact value after each legal card of ``seat``."""
        pos, table, hands = self.pos, self.table, self.hands
        led = table.eff_suit[trick[0][1]] if trick else -1
        legal = legal_mask(hands[seat], led, pos.follow, table)
        values: dict[int, int] = {}
        active = pos.active_count()
        for card in range(64):
            if not legal >> card & 1:
                continue
            hands[seat] &= ~(1 << card)
            played = [*trick, (seat, card)]
            if len(played) == active:
                winner = _winner(played, table)
                value = self.value([], winner, [*won, (winner, [c for _, c in played])])
            else:
                value = self.value(played, pos.next_seat[seat], won)
            hands[seat] |= 1 << card
            values[card] = value
        return values


def final_value(pos: Position, won: Won) -> int:
    """The value of ``pos`` once the tricks ``won`` (``(winner, cards)``, in order) are
    played out (its valuation's ``final``)."""
    return pos.valuation.final(pos.team, pos.taken, won)


def each_for_itself_moves(pos: Position) -> dict[int, list[int]]:
    """``by_final_tricks`` with ``each_for_itself``: every seat's trick count at the end of the
    deal after each legal card of the seat to move, every seat then playing the card best
    for its own score, by exhaustive search. Each seat tries its cards suit by suit,
    weakest first, keeps of equal ones the worst for the team seat, and stops at a card
    that brings it the best it could still score (as the solver does)."""
    table = TrickRules(pos.trump, tuple(pos.eff), tuple(pos.suit_masks), tuple(pos.power))
    trick = list(zip(pos.trick_seats, pos.trick_cards, strict=True))
    return _EachSearch(pos, table, list(pos.hands)).moves(trick, pos.to_move, list(pos.takens))


@dataclass(slots=True)
class _EachSearch:
    pos: Position
    table: TrickRules
    hands: list[int]

    def score(self, seat: int, tricks: int) -> int:
        return self.pos.valuation.seat_score(seat, tricks)

    def ends(self, trick: Plays, seat: int, takens: list[int]) -> list[int]:
        if not any(self.hands) and not trick:
            return takens
        me = self.pos.team.bit_length() - 1
        left = self.hands[seat].bit_count()
        most = max(self.score(seat, takens[seat] + more) for more in range(left + 1))
        best: list[int] = []
        for ends in self.moves(trick, seat, takens, most).values():
            own, mine = self.score(seat, ends[seat]), self.score(me, ends[me])
            if (
                not best
                or own > self.score(seat, best[seat])
                or (own == self.score(seat, best[seat]) and mine < self.score(me, best[me]))
            ):
                best = ends
        return best

    def moves(
        self, trick: Plays, seat: int, takens: list[int], most: int | None = None
    ) -> dict[int, list[int]]:
        """The ends after each legal card of ``seat``, suit by suit and weakest first,
        up to the first that scores ``most`` for the seat."""
        pos, table, hands = self.pos, self.table, self.hands
        led = table.eff_suit[trick[0][1]] if trick else -1
        legal = legal_mask(hands[seat], led, pos.follow, table)
        out: dict[int, list[int]] = {}
        cards = [card for card in range(64) if legal >> card & 1]
        for card in sorted(cards, key=lambda card: (table.eff_suit[card], table.power[card])):
            hands[seat] &= ~(1 << card)
            played = [*trick, (seat, card)]
            if len(played) == pos.active_count():
                winner = _winner(played, table)
                after = [t + (s == winner) for s, t in enumerate(takens)]
                out[card] = self.ends([], winner, after)
            else:
                out[card] = self.ends(played, pos.next_seat[seat], takens)
            hands[seat] |= 1 << card
            if most is not None and self.score(seat, out[card][seat]) >= most:
                break
        return out
