"""All Fours' and Pitch's valuation of a deal for the solver (``search.valuation``): the
points the team's side still wins among Jack, Low (when it scores to its capturer) and Game
(the side counting most; ties as the rules say), or with ``utilities`` a value for each way
those three can fall.

>>> points = [0] * 64
>>> points[3] = 10
>>> cards = PointCards([0, 1], 0, [0, 0], points, jack=3, low=-1, dealer_side=1)
>>> cards.final(0b01, 0, [(0, [3, 5])])        # the team's side wins Jack, and Game 10-0
2
"""

from __future__ import annotations

from typing import Final

from tricktable.search.valuation import Valuation, Won

UTILITY_SCALE: Final = 900
"""``utilities`` run from 0 to this (a chance of 1)."""


class PointCards(Valuation):
    """Jack, Low and Game for the team's side (``team_side``)."""

    side_of: list[int]
    """The side of each seat."""
    team_side: int
    game_counts: list[int]
    """Each side's Game count so far."""
    card_points: list[int]
    """Game points of each card (a card id; in a solver, its number)."""
    jack: int
    """The jack of trump if still unplayed, else -1."""
    low: int
    """The Low card if it scores to its capturer and is unplayed, else -1."""
    dealer_side: int
    tie_to_non_dealer: bool
    utilities: list[int]
    """Empty (the value is the points won), or the value of each way the open points fall,
    at ``jack * 6 + low * 3 + game``: ``jack`` and ``low`` 1 when the team's side wins that
    card in a trick, ``game`` 0 when the team's side scores Game, 1 another side, 2 nobody;
    each within 0..``UTILITY_SCALE``."""
    use_utilities: bool
    jack_bit: int
    """In a solver, with ``utilities``: 1 once the team's side has won the Jack in a trick."""
    low_bit: int
    """In a solver, with ``utilities``: 1 once the team's side has won the Low in a trick."""

    def __init__(
        self,
        side_of: list[int],
        team_side: int,
        game_counts: list[int],
        card_points: list[int],
        jack: int = -1,
        low: int = -1,
        dealer_side: int = 0,
        tie_to_non_dealer: bool = False,
        utilities: list[int] | None = None,
    ) -> None:
        super().__init__()
        self.per_trick = False
        self.relative = False
        self.side_of = list(side_of)
        self.team_side = team_side
        self.game_counts = list(game_counts) if game_counts else [0, 0]
        self.card_points = list(card_points)
        self.jack = jack
        self.low = low
        self.dealer_side = dealer_side
        self.tie_to_non_dealer = tie_to_non_dealer
        self.utilities = list(utilities) if utilities else []
        self.use_utilities = len(self.utilities) > 0
        self.jack_bit = 0
        self.low_bit = 0

    def copied(self) -> PointCards:
        return PointCards(
            self.side_of,
            self.team_side,
            self.game_counts,
            self.card_points,
            self.jack,
            self.low,
            self.dealer_side,
            self.tie_to_non_dealer,
            self.utilities,
        )

    def for_solver(self, local: list[int], card_of: list[int]) -> PointCards:
        points = [0] * 64
        for index in range(len(card_of)):
            points[index] = self.card_points[card_of[index]]
        return PointCards(
            self.side_of,
            self.team_side,
            self.game_counts,
            points,
            local[self.jack] if self.jack >= 0 else -1,
            local[self.low] if self.low >= 0 else -1,
            self.dealer_side,
            self.tie_to_non_dealer,
            self.utilities,
        )

    def value_range(self, seat: int, tricks_left: int) -> float:
        return 3.0

    def trick_closed(self, winner: int, cards: list[int], start: int, end: int) -> int:
        gain = 0
        side = self.side_of[winner]
        points = 0
        for index in range(start, end):
            card = cards[index]
            points += self.card_points[card]
            if side == self.team_side:
                # One card can be both Jack and Low (a lone trump jack): two points.
                if card == self.jack:
                    gain += 1
                    self.jack_bit = 1
                if card == self.low:
                    gain += 1
                    self.low_bit = 1
        self.game_counts[side] += points
        return 0 if self.use_utilities else gain

    def trick_reopened(self, winner: int, cards: list[int], start: int, end: int) -> None:
        points = 0
        for index in range(start, end):
            card = cards[index]
            points += self.card_points[card]
            if card == self.jack:
                self.jack_bit = 0
            if card == self.low:
                self.low_bit = 0
        self.game_counts[self.side_of[winner]] -= points

    def leaf(self) -> int:
        game = self._game_result(self.game_counts)
        if self.use_utilities:
            return self.utilities[self.jack_bit * 6 + self.low_bit * 3 + game]
        return 1 if game == 0 else 0

    def _game_result(self, counts: list[int]) -> int:
        """Who scores Game from the counts: 0 the team's side, 1 another side, 2 nobody."""
        best = max(counts)
        leaders = 0
        leader = -1
        for side in range(len(counts)):
            if counts[side] == best:
                leaders += 1
                leader = side
        if leaders != 1 and self.tie_to_non_dealer:
            leaders = 0
            for side in range(len(counts)):
                if counts[side] == best and side != self.dealer_side:
                    leaders += 1
                    leader = side
        if leaders != 1:
            return 2
        return 0 if leader == self.team_side else 1

    def extend_key(self, key: int, shift: int) -> int:
        for count in self.game_counts:
            key |= count << shift
            shift += 8
        if self.use_utilities:  # who won Jack and Low matters only to utilities
            key |= (self.jack_bit << shift) | (self.low_bit << (shift + 1))
        return key

    def card_class(self, card: int) -> int:
        if card == self.jack:
            return 100
        if card == self.low:
            return 101
        return self.card_points[card]

    def won_in(self, won: Won) -> tuple[list[int], int, int]:
        """Each side's Game count once the tricks ``won`` (``(winner, cards)``) are added,
        and whether the team's side won Jack and captured Low in them (1 or 0 each)."""
        counts = list(self.game_counts)
        jack = 0
        low = 0
        for winner, cards in won:
            side = self.side_of[winner]
            counts[side] += sum(self.card_points[c] for c in cards)
            if side == self.team_side:
                jack += sum(1 for c in cards if c >= 0 and c == self.jack)
                low += sum(1 for c in cards if c >= 0 and c == self.low)
        return counts, jack, low

    def settled(self, won: Won, open_cards: int) -> tuple[Valuation, int]:
        counts, jack, low = self.won_in(won)
        rest = self.copied()
        rest.game_counts = counts
        # Jack and Low stay open while in a hand or the trick in progress.
        if rest.jack >= 0 and not open_cards >> rest.jack & 1:
            rest.jack = -1
        if rest.low >= 0 and not open_cards >> rest.low & 1:
            rest.low = -1
        if not self.utilities:
            return rest, jack + low
        # The solver indexes what is still open; fold in what the tricks settled.
        folded: list[int] = []
        for jack_open in range(2):
            for low_open in range(2):
                for game in range(3):
                    folded.append(
                        self.utilities[(jack_open | jack) * 6 + (low_open | low) * 3 + game]
                    )
        rest.utilities = folded
        rest.use_utilities = True
        return rest, 0

    def final(self, team: int, taken: int, won: Won) -> int:
        counts, jack, low = self.won_in(won)
        best = max(counts)
        leaders = [side for side, count in enumerate(counts) if count == best]
        if len(leaders) != 1 and self.tie_to_non_dealer:
            leaders = [side for side in leaders if side != self.dealer_side]
        game = 2 if len(leaders) != 1 else 0 if leaders[0] == self.team_side else 1
        if self.utilities:
            return self.utilities[jack * 6 + low * 3 + game]
        return jack + low + (1 if game == 0 else 0)


def point_cards(valuation: Valuation) -> PointCards:
    """``valuation`` as the ``PointCards`` of an All Fours or Pitch position."""
    if not isinstance(valuation, PointCards):
        raise TypeError(f"not an All Fours position's valuation: {type(valuation).__name__}")
    return valuation
