"""Where every card of a deal lies now: the card-conservation check of
``tricktable.testing`` (the spec's ``card_places``)."""

from __future__ import annotations

from tricktable.cards import CardMask, mask_of
from tricktable.core import State
from tricktable.games.romanian_whist.engine import WhistState
from tricktable.testing import trick_places


def card_places(state: State) -> list[tuple[str, CardMask]]:
    """Romanian whist: each hand, the trick in progress, the completed tricks, the turned
    (trump) card and the undealt stock. Between deals the last deal's cards are all back
    in the pack."""
    assert isinstance(state, WhistState)
    if state.is_chance():
        deal = state.deals[-1]
        cards = [card for hand in deal.hands for card in hand] + list(deal.stock)
        if deal.turned is not None:
            cards.append(deal.turned)
        return [("the pack (between deals)", mask_of(cards))]
    places = trick_places(state)
    if state.turned >= 0:
        places.append(("turned card", 1 << state.turned))
    places.append(("stock", mask_of(state.stock)))
    return places
