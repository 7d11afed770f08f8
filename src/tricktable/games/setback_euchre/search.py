"""Set-back Euchre's search adapter: the maker alone against the others; rebuilt deals
start at the match's score (a failed march costs what the score is)."""

from __future__ import annotations

from tricktable.games.euchre_family.search import EuchreFamilySearch


class SetbackEuchreSearch(EuchreFamilySearch):
    rebuilt_at_score = True


SEARCH = SetbackEuchreSearch()
