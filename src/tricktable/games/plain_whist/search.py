"""Plain whist's search adapter: follow suit, seats in turn, and a deal valued by the
tricks the seat's side takes from here on (the solver's plain count)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tricktable.cards import Card
from tricktable.core import Game, SeatView
from tricktable.games.plain_whist.facts import PlainWhistFacts
from tricktable.search.adapter import SearchAdapter
from tricktable.search.play_facts import FOLLOW, PlayFacts, cyclic_in_order
from tricktable.search.solver import Position
from tricktable.tricks import plain_rules

if TYPE_CHECKING:
    from tricktable.search.resample import World


class PlainWhistSearch(SearchAdapter):
    decision_unit = "tricks"

    def play_facts(self, game: Game[Any], view: SeatView) -> PlayFacts | None:
        trump = view.facts(PlainWhistFacts).trump
        if trump is None:
            return None
        next_seat = cyclic_in_order([0, 1, 2, 3], 4)
        return PlayFacts(plain_rules(trump), FOLLOW, next_seat, infer_voids=True)

    def value_position(self, game: Game[Any], view: SeatView, world: World, pos: Position) -> None:
        pos.team = 0b0101 << view.seat % 2  # the seat and its partner

    def dealt_size(self, game: Game[Any], view: SeatView) -> int:
        return 13

    def seen_in_hands(self, view: SeatView) -> tuple[tuple[int, Card], ...]:
        """The turned card, in the dealer's hand until the dealer plays it."""
        turned = view.facts(PlainWhistFacts).turned
        played = {card for trick in (*view.tricks, view.trick) for _, card in trick}
        if turned is None or turned in played or view.seat == view.dealer:
            return ()
        return ((view.dealer, turned),)


SEARCH = PlainWhistSearch()
