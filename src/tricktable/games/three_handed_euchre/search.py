"""Three-handed Euchre's search adapter: the maker alone against the other two; the hand
size is a rule."""

from __future__ import annotations

from typing import Any

from tricktable.core import Game, SeatView
from tricktable.games.euchre_family.search import EuchreFamilySearch


class ThreeHandedEuchreSearch(EuchreFamilySearch):
    def dealt_size(self, game: Game[Any], view: SeatView) -> int:
        size = view.public.get("hand_size")
        rules: Any = game.rules
        return size if isinstance(size, int) else int(rules.hand_size)


SEARCH = ThreeHandedEuchreSearch()
