"""Where every card of a deal lies now: the card-conservation check of
``tricktable.testing`` (the spec's ``card_places``)."""

from __future__ import annotations

from typing import Any

from tricktable.cards import CardMask, mask_of
from tricktable.core import State


def card_places(state: State) -> list[tuple[str, CardMask]]:
    """Euchre: hands, trick in progress, completed tricks, stock, discards and the kitty
    (the up-card while the dealer has not taken it up)."""
    s: Any = state
    places: list[tuple[str, CardMask]] = [
        (f"hand of seat {seat}", int(s.hands[seat])) for seat in range(state.game.players)
    ]
    places.append(("trick in progress", mask_of(s.trick)))
    places.append(("completed tricks", mask_of(card for trick in s.completed for _, card in trick)))
    places.append(("stock", mask_of(s.stock)))
    places.extend(
        (f"discards of seat {seat}", mask_of(cards)) for seat, cards in enumerate(s.discards)
    )
    upcard = int(s.upcard)
    if upcard >= 0 and not state.view(0).public.get("dealer_took_up"):
        places.append(("kitty (up-card)", 1 << upcard))
    return places
