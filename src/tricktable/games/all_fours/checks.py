"""Where every card of a deal lies now: the card-conservation check of
``tricktable.testing`` (the spec's ``card_places``)."""

from __future__ import annotations

from typing import cast

from tricktable.cards import CardMask
from tricktable.core import State
from tricktable.games.all_fours.engine import AllFoursState
from tricktable.testing import trick_places


def card_places(state: State) -> list[tuple[str, CardMask]]:
    """Where every card of the current All Fours deal is: hands, trick in progress,
    completed tricks, stock, set-aside turn-ups, the turn-up (unless set aside), discards."""
    s = cast(AllFoursState, state)
    places = trick_places(s)
    places.extend(("stock", 1 << card) for card in s.stock)
    places.extend(("set aside", 1 << card) for card in s.set_aside)
    if s.turned >= 0 and s.turned not in s.set_aside:
        places.append(("turn-up", 1 << s.turned))
    places.extend(
        (f"discards of seat {seat}", 1 << card)
        for seat, cards in enumerate(s.discards)
        for card in cards
    )
    return places
