"""The public facts All Fours and Pitch both show a seat: trump, the eldest hand, the
target, the sides, the Game counts and every hand's size. Each game's facts class
subclasses ``PointsFacts`` with its own fields (and declares its JSON form, ``wire``, from
the fields here and its own)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from tricktable.cards import Card, CardMask, Suit, mask_of
from tricktable.games.wire_fields import TRUMP
from tricktable.json_fields import INTEGER, INTEGERS, Wire, WireField
from tricktable.public_facts import FactsBase

SHARED_FIELDS = (
    TRUMP,
    WireField("eldest", INTEGER),
    WireField("target", INTEGER),
    WireField("sides", INTEGERS.listed()),
    WireField("game_points", INTEGERS),
)
"""The fields both games write first, in this order."""
HAND_SIZES = WireField("hand_sizes", INTEGERS)


@dataclass(frozen=True, slots=True, kw_only=True)
class PointsFacts(FactsBase):
    """What a seat of All Fours or Pitch may know besides its hand and the tricks."""

    trump: Suit | None
    eldest: int
    """The seat on the dealer's left."""
    target: int
    """Points to win."""
    sides: tuple[tuple[int, ...], ...]
    """The seats of each side."""
    game_points: tuple[int, ...]
    """Each side's count towards the point for game, this deal."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""

    wire: ClassVar[Wire] = (*SHARED_FIELDS, HAND_SIZES)
    """These facts by name (each game declares its own names and order instead)."""

    @property
    def own_hand_hidden(self) -> bool:
        """A seat always sees its own hand here."""
        return False

    def cards(self) -> Iterable[Card]:
        """The cards shown face up (none unless the game turns some)."""
        return ()

    def trump_made(self) -> Suit:
        """The trump suit (``ValueError`` before it is made)."""
        if self.trump is None:
            raise ValueError(f"no trump in this {type(self).__name__} view yet")
        return self.trump

    def known_out(self) -> CardMask:
        """Cards this seat knows are out of play (those of ``cards()``)."""
        return mask_of(self.cards())

    def trump_to_show(self) -> Suit | None:
        return self.trump
