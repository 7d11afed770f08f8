"""Bid Euchre's search adapter: no up-card, a contract of a suit, high (no trump) or low,
and each seat's own tricks against every other seat (paranoid)."""

from __future__ import annotations

from typing import Any

from tricktable.core import Game, SeatView
from tricktable.games.bid_euchre.engine import trick_table
from tricktable.games.bid_euchre.facts import BidEuchreFacts
from tricktable.games.euchre_family.search import EuchreFamilySearch
from tricktable.tricks import TrickRules


class BidEuchreSearch(EuchreFamilySearch):
    up_card = False

    def trick_table(self, game: Game[Any], view: SeatView) -> TrickRules | None:
        contract = view.facts(BidEuchreFacts).contract
        return None if contract is None else trick_table(contract)

    def dealt_size(self, game: Game[Any], view: SeatView) -> int:
        return view.facts(BidEuchreFacts).hand_size

    def camp(self, game: Game[Any], view: SeatView) -> int:
        return 1 << view.seat


SEARCH = BidEuchreSearch()
