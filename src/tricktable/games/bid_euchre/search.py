"""Bid Euchre's search adapter: no up-card, a contract of a suit, high (no trump) or low,
and each seat's own tricks against every other seat (paranoid)."""

from __future__ import annotations

from typing import Any

from tricktable.cards import SUIT_LETTERS
from tricktable.core import Game, SeatView
from tricktable.games.euchre_family.search import EuchreFamilySearch
from tricktable.tricks import TrickRules, euchre_rules, plain_rules


class BidEuchreSearch(EuchreFamilySearch):
    up_card = False

    def trick_table(self, game: Game[Any], trump: str) -> TrickRules:
        if trump == "high":
            return plain_rules()
        if trump == "low":
            return plain_rules(low=True)
        return euchre_rules(SUIT_LETTERS.index(trump), None)

    def camp(self, game: Game[Any], view: SeatView) -> int:
        return 1 << view.seat


SEARCH = BidEuchreSearch()
