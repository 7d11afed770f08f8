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

Each job has its module, and ``Solver`` is the last class of a chain of single bases
(mypyc's native classes take one): ``solver_position`` (the position, follow rules,
``legal_cards``), ``solver_state`` (renumbered cards, the step and undo of a card, the
table key), ``solver_ordering`` (move ordering, equivalent cards), ``solver_bounds`` (the
last trick, quick bounds), ``solver_alphabeta`` (the alpha-beta and yes/no searches),
``solver_each`` (max^n) and here the public queries. This module re-exports the names
callers use (``Position``, ``Solver``, ``solve``, ``legal_cards``, ``popcount``, the
``FOLLOW`` rules, ``TRICKS``).

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

from tricktable.search.solver_alphabeta import BIG, OFFSET
from tricktable.search.solver_each import SolverEach
from tricktable.search.solver_position import (
    FOLLOW,
    FOLLOW_ELSE_TRUMP,
    FOLLOW_OR_TRUMP,
    FOLLOW_OR_TRUMP_MUST,
    TRICKS,
    Position,
    legal_cards,
    popcount,
)

__all__ = [
    "BIG",
    "FOLLOW",
    "FOLLOW_ELSE_TRUMP",
    "FOLLOW_OR_TRUMP",
    "FOLLOW_OR_TRUMP_MUST",
    "OFFSET",
    "TRICKS",
    "Position",
    "Solver",
    "legal_cards",
    "popcount",
    "solve",
]


class Solver(SolverEach):
    """Alpha-beta over one ``Position`` (which it copies); reusable for many queries.

    ``solve()`` is the exact value with best play by both camps; ``move_values()`` the
    exact value after each legal card of the seat to move.
    """

    def solve(self) -> int:
        """The exact value of the position."""
        if self.each_for_itself:
            return self._each_score(self.me, self._each()[self.me])
        if self.by_final:
            return self._count_value(-1)
        return self._search(-BIG, BIG)

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


def solve(pos: Position) -> int:
    """The exact value of ``pos`` (a convenience for ``Solver(pos).solve()``)."""
    return Solver(pos).solve()
