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
from typing import Any, Self

from tricktable.cards import Card
from tricktable.games.all_fours_family.facts import PointsFacts
from tricktable.json_fields import (
    JsonObject,
    card_names,
    card_text,
    integer,
    named_card,
    optional,
    suit_letter,
    suit_text,
    tuple_of,
)

_INTEGERS = tuple_of(integer)


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

    @property
    def maker(self) -> int | None:
        return None

    def cards(self) -> Iterable[Card]:
        named = [] if self.turned is None else [self.turned]
        return [*named, *self.set_aside, *self.own_discards]

    def turned_card(self) -> Card:
        """The turned card (``ValueError`` before the deal)."""
        if self.turned is None:
            raise ValueError("no turned card in this all_fours view")
        return self.turned

    def to_json(self) -> dict[str, Any]:
        return {
            "turned": card_text(self.turned),
            "set_aside": card_names(self.set_aside),
            "trump": suit_text(self.trump),
            "eldest": self.eldest,
            "target": self.target,
            "sides": [list(side) for side in self.sides],
            "game_points": list(self.game_points),
            "deal_points": list(self.deal_points),
            "hand_sizes": list(self.hand_sizes),
            "own_discards": card_names(self.own_discards),
        }

    @classmethod
    def from_json(cls, data: object, where: str = "public") -> Self:
        """The facts ``to_json`` wrote (``JsonFieldError`` naming a field that is wrong)."""
        fields = JsonObject(data, where)
        return cls(
            turned=fields.read("turned", optional(named_card)),
            set_aside=fields.read("set_aside", tuple_of(named_card)),
            trump=fields.read("trump", optional(suit_letter)),
            eldest=fields.read("eldest", integer),
            target=fields.read("target", integer),
            sides=fields.read("sides", tuple_of(_INTEGERS)),
            game_points=fields.read("game_points", _INTEGERS),
            deal_points=fields.read("deal_points", _INTEGERS),
            hand_sizes=fields.read("hand_sizes", _INTEGERS),
            own_discards=fields.read("own_discards", tuple_of(named_card)),
        )
