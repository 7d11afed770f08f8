"""Euchre's search adapter: partners play together, the Benny ranks in the trick table,
reneges may be allowed (then a failure to follow proves nothing), the bids of the two making
rounds are read, and a deal in play is valued by its points at the match's score. A
maker's ``concede`` (``maker_may_concede``) is worth what taking no more tricks is worth:
``make_points``, the makers already holding three."""

from __future__ import annotations

from typing import Any

from tricktable.core import Game, SeatView
from tricktable.games.euchre.facts import EuchreFacts
from tricktable.games.euchre_family.search import EuchreFamilySearch
from tricktable.search.adapter import PLAIN_VALUE, PlayValue
from tricktable.tricks import TrickRules, euchre_rules

CONCEDE = "concede"


class DealPoints(PlayValue):
    """A deal in play valued by its points for the seat's side, weighed by the match's
    score (``bidding.play_points``): entry ``k`` for ``k`` more tricks."""

    def __init__(self, points: list[float]) -> None:
        self.points = points

    def worth(self, value: int) -> float:
        return self.points[min(value, len(self.points) - 1)]


class EuchreSearch(EuchreFamilySearch):
    read_phases = frozenset({"BID1", "BID2"})

    def trick_table(self, game: Game[Any], view: SeatView) -> TrickRules | None:
        rules: Any = game.rules
        trump = view.facts(EuchreFacts).trump
        return None if trump is None else euchre_rules(trump, rules.benny_card)

    def infer_voids(self, game: Game[Any]) -> bool:
        rules: Any = game.rules
        return bool(rules.renege != "callable")

    def camp(self, game: Game[Any], view: SeatView) -> int:
        me = view.seat
        return (1 << me) | (1 << ((me + 2) % 4))

    def play_value(self, game: Game[Any], view: SeatView) -> PlayValue:
        from tricktable.games.euchre.bidding import play_points

        points = play_points(game, view)
        return PLAIN_VALUE if points is None else DealPoints(points)

    def stop_values(self, game: Game[Any], view: SeatView, value: PlayValue) -> dict[str, float]:
        """``concede``: the makers stop with the tricks they hold, as if they took no more
        (the solver's value 0 for their camp)."""
        return {CONCEDE: value.worth(0)} if CONCEDE in view.legal else {}


SEARCH = EuchreSearch()
