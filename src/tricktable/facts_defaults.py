"""What ``core.PublicFacts`` answers where a game has no such thing, and the facts' JSON form
written from their table of fields, for the games' facts classes to inherit.

Kept apart from ``core``, which is compiled: a compiled class's methods check that ``self``
is of that class, and the games' facts classes are plain Python subclasses.
"""

from __future__ import annotations

import inspect
from dataclasses import field
from typing import Any, ClassVar, Self

from tricktable.cards import Card
from tricktable.json_fields import Wire, read_fields, write_fields


class FactsDefaults:
    """What ``PublicFacts`` answers where a game has no such thing: no lone hand, no
    up-card, no games of a match. A game's facts class inherits these and declares as
    fields (or properties) the facts it has, and as ``wire`` the fields of its JSON form,
    in order: ``to_json`` writes them and ``from_json`` reads them back. A field named like
    one of these answers is required like any other (see ``__init_subclass__``).

    >>> FactsDefaults().alone, FactsDefaults().upcard, FactsDefaults().games_won
    (False, None, ())
    """

    __slots__ = ()

    wire: ClassVar[Wire] = ()
    """The fields of the facts' JSON form, in the order the wire carries them."""

    @property
    def alone(self) -> bool:
        return False

    @property
    def upcard(self) -> Card | None:
        return None

    @property
    def upcard_suit(self) -> int | None:
        return None

    @property
    def games_won(self) -> tuple[int, ...]:
        return ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A field the subclass declares without a default (``alone: bool``) is required,
        even where a class above answers that name by a property: ``dataclasses`` takes
        the class attribute of a field's name, inherited too, as its default, and would
        fill a field left out with the property."""
        super().__init_subclass__(**kwargs)
        for name in inspect.get_annotations(cls):
            if name not in vars(cls) and isinstance(getattr(cls, name, None), property):
                setattr(cls, name, field())

    def to_json(self) -> dict[str, Any]:
        """The facts by the names of ``wire``, as the wire carries them."""
        return write_fields(self, self.wire)

    @classmethod
    def from_json(cls, data: object, where: str = "public") -> Self:
        """The facts ``to_json`` wrote (``JsonFieldError`` naming a field that is wrong)."""
        return cls(**cls.wire_values(data, where))

    @classmethod
    def wire_values(cls, data: object, where: str) -> dict[str, Any]:
        """The values of ``wire`` read from ``data``, by attribute (for a ``from_json``
        that builds what the wire does not carry from them)."""
        return read_fields(data, where, cls.wire)
