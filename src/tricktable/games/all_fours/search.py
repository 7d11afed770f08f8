"""All Fours' search adapter: the play's (``all_fours_family.search.PointsSearch``), the
turned card, the kick and gift already scored, and with two sides the chance of winning
the match from its score (``odds``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tricktable.cards import Card
from tricktable.core import Game, SeatView
from tricktable.games.all_fours.facts import AllFoursFacts
from tricktable.games.all_fours_family.search import PointsSearch
from tricktable.games.all_fours_family.valuation import UTILITY_SCALE, point_cards
from tricktable.search.adapter import PLAIN_VALUE, PlayValue
from tricktable.search.solver import Position

if TYPE_CHECKING:
    from tricktable.games.all_fours.odds import PointScale

SWING = 8.0
"""Points worth a deal of two-sided All Fours can swing (High, Low, Jack and Game each
way): ``ismcts``'s values are scaled by it to about 0..1."""


class MatchChance(PlayValue):
    """A deal in play valued by the side's chance of winning the match, in points worth at
    the match's score (``odds.PointScale``); the solver maximizes that chance."""

    def __init__(self, scale: PointScale, game: Game[Any], view: SeatView) -> None:
        self.scale = scale
        self.game = game
        self.view = view

    def worth(self, value: int) -> float:
        return self.scale.points(value / UTILITY_SCALE)

    def share(self, value: int, pos: Position) -> float:
        return 0.5 + self.scale.points(value / UTILITY_SCALE) / SWING

    def prepare(self, pos: Position) -> None:
        from tricktable.games.all_fours.odds import play_utilities

        point_cards(pos.valuation).utilities = play_utilities(self.game, self.view, pos)


class AllFoursSearch(PointsSearch):
    read_phases = frozenset({"STAND_BEG", "GIVE_RUN"})
    rebuilt_at_score = True

    def turned_card(self, view: SeatView) -> Card | None:
        return view.facts(AllFoursFacts).turned

    def points_this_deal(self, view: SeatView) -> tuple[int, ...]:
        return view.facts(AllFoursFacts).deal_points

    def play_value(self, game: Game[Any], view: SeatView) -> PlayValue:
        from tricktable.games.all_fours.odds import play_scale

        scale = play_scale(game, view)
        return PLAIN_VALUE if scale is None else MatchChance(scale, game, view)


SEARCH = AllFoursSearch()
