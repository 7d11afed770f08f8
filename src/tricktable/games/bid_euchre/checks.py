"""Where every card of a deal lies now: the card-conservation check of
``tricktable.testing`` (the spec's ``card_places``)."""

from __future__ import annotations

from tricktable.cards import CardMask, mask_of
from tricktable.core import State
from tricktable.games.bid_euchre.engine import BidEuchreState


def card_places(state: State) -> list[tuple[str, CardMask]]:
    """Bid euchre: each hand (a dropped seat keeps its cards), the trick in progress and
    the completed tricks. No kitty, no stock; the finished deal stays until the next."""
    assert isinstance(state, BidEuchreState)
    places: list[tuple[str, CardMask]] = [
        (f"hand of seat {seat}", int(state.hands[seat])) for seat in range(state.game.players)
    ]
    places.append(("trick in progress", mask_of(state.trick)))
    places.append(
        ("completed tricks", mask_of(card for trick in state.completed for _, card in trick))
    )
    return places
