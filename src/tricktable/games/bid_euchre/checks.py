"""Where every card of a deal lies now: the card-conservation check of
``tricktable.testing`` (the spec's ``card_places``)."""

from __future__ import annotations

from tricktable.cards import CardMask
from tricktable.core import State
from tricktable.games.bid_euchre.partnership import PartnershipState
from tricktable.testing import trick_places


def card_places(state: State) -> list[tuple[str, CardMask]]:
    """Bid euchre: each hand (a dropped seat or a lone maker's partner keeps its cards), the
    trick in progress and the completed tricks, and in the partnership form the discard of a
    maker who bid shoot. No kitty, no stock; the finished deal stays until the next."""
    places = trick_places(state)
    if isinstance(state, PartnershipState):
        places.extend(state.card_places())
    return places
