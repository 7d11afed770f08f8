"""Where every card of an up-card variant's deal lies now (euchre, two-handed, three-handed
and set-back euchre): the card-conservation check of ``tricktable.testing``, the spec's
``card_places``."""

from __future__ import annotations

from typing import Any, cast

from tricktable.cards import CardMask
from tricktable.core import State
from tricktable.games.euchre_family.upcard import UpCardState
from tricktable.testing import trick_places


def card_places(state: State) -> list[tuple[str, CardMask]]:
    """Hands, the trick in progress, completed tricks, the stock, each seat's discards, and
    the up-card while the dealer has not taken it up."""
    s = cast(UpCardState[Any], state)
    places = trick_places(s)
    places.extend(("stock", 1 << card) for card in s.stock)
    places.extend(
        (f"discards of seat {seat}", 1 << card)
        for seat, cards in enumerate(s.discards)
        for card in cards
    )
    if s.upcard >= 0 and not s.dealer_took_up:
        places.append(("kitty (up-card)", 1 << s.upcard))
    return places
