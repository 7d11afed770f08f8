"""Three-handed Euchre's search adapter: the maker alone against the other two; the hand
size is a rule."""

from __future__ import annotations

from typing import Any

from tricktable.core import Game, SeatView
from tricktable.games.euchre_family.search import EuchreFamilySearch
from tricktable.games.three_handed_euchre.facts import ThreeHandedEuchreFacts


class ThreeHandedEuchreSearch(EuchreFamilySearch):
    def dealt_size(self, game: Game[Any], view: SeatView) -> int:
        return view.facts(ThreeHandedEuchreFacts).hand_size


SEARCH = ThreeHandedEuchreSearch()
