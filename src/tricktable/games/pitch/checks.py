"""Where every card of a deal lies now: the card-conservation check of
``tricktable.testing`` (the spec's ``card_places``)."""

from __future__ import annotations

from typing import cast

from tricktable.cards import CardMask
from tricktable.core import State
from tricktable.games.pitch.engine import PitchState
from tricktable.testing import trick_places


def card_places(state: State) -> list[tuple[str, CardMask]]:
    """Where every card of the current Pitch deal is: hands, trick in progress, completed
    tricks and the undealt stock."""
    s = cast(PitchState, state)
    places = trick_places(s)
    places.extend(("stock", 1 << card) for card in s.stock)
    return places
