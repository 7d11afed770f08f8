"""Two-handed Euchre's search adapter: each seat for itself; rebuilt deals start at the
match's score (its heuristic bids more boldly or carefully near the target)."""

from __future__ import annotations

from typing import Any

from tricktable.core import Game, SeatView
from tricktable.games.euchre_family.search import EuchreFamilySearch


class TwoHandedEuchreSearch(EuchreFamilySearch):
    rebuilt_at_score = True

    def camp(self, game: Game[Any], view: SeatView) -> int:
        return 1 << view.seat


SEARCH = TwoHandedEuchreSearch()
