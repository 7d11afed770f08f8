"""How the double-dummy solver values a deal: the scoring hook a game's search adapter gives it.

The solver (``search.solver``) knows no game's scoring. Each position carries a
``Valuation`` (``Position.valuation``, set by the game's ``SearchAdapter.value_position``)
that says what the team (``Position.team``, the seats that maximize) plays for. The base
class is the shared default, the tricks the team takes from here on; a game that scores
otherwise subclasses it in its own package and says which of three shapes its value has,
so that the solver searches it the way that suits it:

* ``per_trick``: one point a trick the team wins (this class): alpha-beta, cut off when
  the window lies outside what the tricks left can bring;
* ``by_final_tricks``: ``seat_score(seat, tricks)`` of the team's one seat, a function of
  the tricks it ends the deal with (Romanian whist's exact bid): yes/no searches for each
  score, with bounds on the fewest and most tricks the seat can force; with
  ``Position.each_for_itself``, every seat plays for its own ``seat_score``;
* neither: the cards carry value (All Fours' Jack, Low and Game points): the solver calls
  ``trick_closed``, ``trick_reopened``, ``leaf``, ``extend_key`` and ``card_class``.

A game's subclass must be compiled with the solver (``setup.py``'s ``COMPILED_MODULES``)
so that the hooks stay native calls in the compiled build.

>>> valuation = Valuation()
>>> valuation.per_trick, valuation.by_final_tricks, valuation.final(0b0101, 0, [(0, [1]), (1, [2])])
(True, False, 1)
"""

from __future__ import annotations

Won = list[tuple[int, list[int]]]
"""Tricks taken as ``(winner, cards)``, in order."""


class Valuation:
    """The shared default: the tricks the team takes from here on (the euchre family,
    plain whist)."""

    per_trick: bool
    """The value is one point a trick the team takes from here on."""
    by_final_tricks: bool
    """The value is ``seat_score`` of the team's seat (the team is one seat) for the tricks
    it ends the deal with (``Position.taken`` so far, and those it takes from here)."""
    relative: bool
    """Cards of one suit differ only by their order (the solver's table may key on
    relative ranks, and a hand's cards with none left between them count as one); else
    cards are told apart by ``card_class``."""

    def __init__(self) -> None:
        self.per_trick = True
        self.by_final_tricks = False
        self.relative = True

    # -- by_final_tricks --------------------------------------------------------------------
    def seat_score(self, seat: int, tricks: int) -> int:
        """``seat``'s score for the deal if it ends with ``tricks`` tricks."""
        return tricks

    def score_key(self, seat: int, taken: int, left: int) -> int:
        """A code below 16 for how ``seat``'s score, having ``taken`` tricks, ranks each
        count of more tricks up to ``left``: equal codes rank them alike (the solver's
        table key in ``each_for_itself``)."""
        return 0

    def short_of(self, seat: int, tricks: int) -> bool:
        """Whether ``seat``, with ``tricks`` taken, still wants more (a playout's heuristic)."""
        return True

    def most_score(self, tricks: int) -> int:
        """The most a seat can score in a deal of ``tricks`` tricks."""
        return tricks

    def value_range(self, seat: int, tricks_left: int) -> float:
        """A bound on the value with ``tricks_left`` tricks left, ``seat`` the team's first
        seat (to scale values to about 0..1)."""
        return float(max(1, tricks_left))

    # -- cards that carry value (neither per_trick nor by_final_tricks) ----------------------
    def for_solver(self, local: list[int], card_of: list[int]) -> Valuation:
        """The valuation one solver works with (its own where it keeps state), in the
        solver's card numbers: ``local`` maps a card id to its number, ``card_of`` back."""
        return self

    def copied(self) -> Valuation:
        """An independent copy (``Position.copy``); the same object where nothing changes."""
        return self

    def trick_closed(self, winner: int, cards: list[int], start: int, end: int) -> int:
        """The trick ``cards[start:end]`` was won by ``winner``: the value gained now."""
        return 0

    def trick_reopened(self, winner: int, cards: list[int], start: int, end: int) -> None:
        """Undo ``trick_closed`` of the same trick."""

    def leaf(self) -> int:
        """The value still due when every card is played."""
        return 0

    def extend_key(self, key: int, shift: int) -> int:
        """The solver's table key ``key`` (of the hands, ``shift`` bits) with what else the
        value from here depends on."""
        return key

    def card_class(self, card: int) -> int:
        """Cards of a hand adjacent in order count as one only when of one class."""
        return 0

    def settled(self, won: Won, open_cards: int) -> tuple[Valuation, int]:
        """After the tricks ``won`` (``(winner, cards)``) from a position valued by this, with
        ``open_cards`` still in hands or the trick: the valuation of the rest, and the value
        those tricks brought."""
        return self, 0

    # -- every shape ------------------------------------------------------------------------
    def final(self, team: int, taken: int, won: Won) -> int:
        """The value once the tricks ``won`` (``(winner, cards)``) are played out, ``taken``
        the tricks the team's seat had before them (an independent count, for the
        reference search ``search.minimax`` and playouts)."""
        return sum(1 for winner, _ in won if team >> winner & 1)
