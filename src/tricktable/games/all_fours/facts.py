"""All Fours' public facts in a seat's view: the turned cards, trump, the eldest hand, the
points counted for game, the deal's points and every hand's size.

>>> from tricktable.testing import dealt_match
>>> state = dealt_match("all_fours(preset=seven_up)", 3)
>>> facts = state.view(0).public
>>> facts.hand_sizes, facts.to_json()["hand_sizes"]
((6, 6), [6, 6])
>>> AllFoursFacts.from_json(facts.to_json()) == facts
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tricktable.cards import Card
from tricktable.games.all_fours_family.facts import HAND_SIZES, SHARED_FIELDS, PointsFacts
from tricktable.games.wire_fields import OWN_DISCARDS, TURNED
from tricktable.json_fields import CARD, INTEGERS, WireField


@dataclass(frozen=True, slots=True, kw_only=True)
class AllFoursFacts(PointsFacts):
    """What a seat of All Fours may know besides its hand and the tricks (``PointsFacts``,
    and the turned cards, the deal's points so far and its own discards)."""

    turned: Card | None
    """The card turned for trump (the latest, after a run)."""
    set_aside: tuple[Card, ...]
    """Cards turned up and set aside while running the cards."""
    deal_points: tuple[int, ...]
    """Points each side has scored this deal so far (the kick, the gift)."""
    own_discards: tuple[Card, ...] = ()
    """The cards this seat discarded this deal (only it knows them)."""

    wire = (
        TURNED,
        WireField("set_aside", CARD.listed()),
        *SHARED_FIELDS,
        WireField("deal_points", INTEGERS),
        HAND_SIZES,
        OWN_DISCARDS,
    )

    def cards(self) -> Iterable[Card]:
        named = [] if self.turned is None else [self.turned]
        return [*named, *self.set_aside, *self.own_discards]

    def turned_card(self) -> Card:
        """The turned card (``ValueError`` before the deal)."""
        if self.turned is None:
            raise ValueError("no turned card in this all_fours view")
        return self.turned
