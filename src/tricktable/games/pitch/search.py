"""Pitch's search adapter: the play's (``all_fours_family.search.PointsSearch``: follow or
trump, the points still to win among Jack, captured Low and Game) and the bids read
(``bid_reading``: worlds in which the heuristic would have bid as the seats did come
first). Before the pitcher's first lead trump is not made, so there is no play to search
(``play_facts`` is ``None``: the heuristic leads)."""

from __future__ import annotations

from tricktable.games.all_fours_family.search import PointsSearch


class PitchSearch(PointsSearch):
    read_phases = frozenset({"BID"})
    rebuilt_at_score = True


SEARCH = PitchSearch()
