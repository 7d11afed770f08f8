"""Where every card of a deal lies now: the card-conservation check of
``tricktable.testing`` (the spec's ``card_places``)."""

from __future__ import annotations

from tricktable.cards import CardMask
from tricktable.core import State
from tricktable.testing import trick_places


def card_places(state: State) -> list[tuple[str, CardMask]]:
    """Bid euchre: each hand (a dropped seat keeps its cards), the trick in progress and
    the completed tricks. No kitty, no stock; the finished deal stays until the next."""
    return trick_places(state)
