"""Where every card of a deal lies now: the card-conservation check of
``tricktable.testing`` (the spec's ``card_places``)."""

from __future__ import annotations

from tricktable.cards import CardMask
from tricktable.core import State
from tricktable.testing import trick_places


def card_places(state: State) -> list[tuple[str, CardMask]]:
    """Each hand, the trick in progress and the completed tricks: the whole pack is dealt
    and played, and between deals the last deal's tricks stay until the next is dealt (a
    game with a stock, a kitty or discards adds those places)."""
    return trick_places(state)
